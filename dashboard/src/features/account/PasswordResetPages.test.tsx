import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithProviders, signedOut, usePageTestEnv } from '../../test/renderWithProviders';
import { LoginPage } from '../auth/LoginPage';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { ResetPasswordPage } from './ResetPasswordPage';

const UNAVAILABLE = 'Password reset by email is not available on this server. Ask your administrator to reset your password.';
const GENERIC = 'If an account exists for this email address, we have sent it a link to reset the password. The link works for one hour.';

const bodies = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith(path) && init?.method === 'POST').map(([, init]) => JSON.parse(String(init!.body)));

/** Where the router is, as the address bar would show it. */
function Address() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{pathname + search}</output>;
}

function render(path: string) {
  return renderWithProviders(
    <>
      <Address />
      <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      </Routes>
    </>,
    { path },
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the sign-in page', () => {
  usePageTestEnv();

  it('links to /forgot-password from the sign-in form', async () => {
    mockFetch(signedOut, (url) => (url.endsWith('/api/auth/options') ? json({ passwordResetByEmail: true }) : undefined));
    render('/login');
    fireEvent.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await screen.findByRole('heading', { name: 'Forgot password?' });
  });
});

describe('ForgotPasswordPage', () => {
  usePageTestEnv();

  it('says whom to ask when this server cannot send mail', async () => {
    const fetchMock = mockFetch((url) => (url.endsWith('/api/auth/options') ? json({ passwordResetByEmail: false }) : undefined));
    render('/forgot-password');
    await screen.findByText(UNAVAILABLE);
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to log in' }).getAttribute('href')).toBe('/login');
    expect(bodies(fetchMock, '/api/auth/forgot-password')).toEqual([]);
  });

  it("sends the address and shows the server's answer, the same whether or not the account exists", async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url.endsWith('/api/auth/options')) return json({ passwordResetByEmail: true });
      if (url.endsWith('/api/auth/forgot-password') && init?.method === 'POST') return json({ message: GENERIC });
      return undefined;
    });
    render('/forgot-password');
    await screen.findByText('Enter the email address of your account and we will send you a link to choose a new password.');
    const send = screen.getByRole('button', { name: 'Send reset link' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    type('Email', 'ada@example.com');
    fireEvent.click(send);
    await screen.findByText(GENERIC);
    expect(bodies(fetchMock, '/api/auth/forgot-password')).toEqual([{ email: 'ada@example.com' }]);
  });

  it('shows the unavailable message when the server answers 503, and field errors under the email', async () => {
    let status = 400;
    mockFetch((url, init) => {
      if (url.endsWith('/api/auth/options')) return json({ passwordResetByEmail: true });
      if (url.endsWith('/api/auth/forgot-password') && init?.method === 'POST')
        return status === 400
          ? json({ message: 'Please enter a valid email address', details: { fieldErrors: { email: ['Please enter a valid email address'] }, formErrors: [] } }, 400)
          : json({ message: UNAVAILABLE }, 503);
      return undefined;
    });
    render('/forgot-password');
    await screen.findByLabelText('Email');
    type('Email', 'not-an-address');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await screen.findByText('Please enter a valid email address');
    status = 503;
    type('Email', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await screen.findByText(UNAVAILABLE);
  });
});

describe('ResetPasswordPage', () => {
  usePageTestEnv();

  it('without a token, says the link is invalid and offers a new one', async () => {
    mockFetch();
    render('/reset-password');
    await screen.findByText('This reset link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('checks the confirmation, sends the token with the new password and goes to the sign-in page', async () => {
    const fetchMock = mockFetch(signedOut, (url, init) =>
      url.endsWith('/api/auth/reset-password') && init?.method === 'POST' ? json({ success: true }) : undefined,
    );
    render('/reset-password?token=tok_123');
    await screen.findByRole('heading', { name: 'Choose a new password' });
    // The token leaves the address bar at once but is still what the form sends.
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/reset-password'));
    expect(screen.getByText('You will be signed out everywhere and can then log in with it.')).toBeTruthy();
    expect(screen.getByText('At least 8 characters, and not a common password.')).toBeTruthy();
    type('New password', 'brand new pass 1');
    type('Confirm new password', 'brand new pass 2');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await screen.findByText('Passwords do not match');
    expect(bodies(fetchMock, '/api/auth/reset-password')).toEqual([]);

    type('Confirm new password', 'brand new pass 1');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await screen.findByText('Password changed');
    expect(screen.getByText('Log in with your new password.')).toBeTruthy();
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(bodies(fetchMock, '/api/auth/reset-password')).toEqual([{ token: 'tok_123', newPassword: 'brand new pass 1' }]);
  });

  it("shows the server's words: an expired link, or a password it refuses", async () => {
    let answer = json({ message: 'This reset link is invalid or has expired.' }, 400);
    mockFetch((url, init) => (url.endsWith('/api/auth/reset-password') && init?.method === 'POST' ? answer : undefined));
    render('/reset-password?token=old');
    await screen.findByLabelText('New password');
    type('New password', 'brand new pass 1');
    type('Confirm new password', 'brand new pass 1');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await screen.findByText('This reset link is invalid or has expired.');

    answer = json(
      { message: 'This password is too common. Choose one that is harder to guess.', details: { fieldErrors: { newPassword: ['This password is too common. Choose one that is harder to guess.'] }, formErrors: [] } },
      400,
    );
    type('New password', 'password123');
    type('Confirm new password', 'password123');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await screen.findByText('This password is too common. Choose one that is harder to guess.');
    await waitFor(() => expect(screen.queryByText('This reset link is invalid or has expired.')).toBeNull());
  });
});
