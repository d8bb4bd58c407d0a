import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser';
import { json, mockFetch, renderWithProviders, usePageTestEnv } from '../../test/renderWithProviders';
import { SettingsPage } from './SettingsPage';

const ada = { id: 'u1', email: 'Ada@Example.com', firstName: 'Ada', lastName: null, profileImageUrl: null, createdAt: '2026-01-01T00:00:00.000Z' };

function server({ isAdmin = false, password, remove, resetLink }: { isAdmin?: boolean; password?: () => Response; remove?: () => Response; resetLink?: () => Response } = {}) {
  return mockFetch((url, init) => {
    if (url.endsWith('/api/auth/user')) return json(ada);
    if (url.endsWith('/api/auth/admin-status')) return json({ isAdmin });
    if (url.endsWith('/api/account/password') && init?.method === 'POST') return password?.() ?? json({ success: true });
    if (url.endsWith('/api/account') && init?.method === 'DELETE') return remove?.() ?? json({ success: true });
    if (url.endsWith('/api/admin/users/reset-link') && init?.method === 'POST')
      return resetLink?.() ?? json({ resetUrl: 'http://localhost:3000/reset-password?token=abc', expiresAt: '2026-11-25T12:00:00.000Z' });
    return undefined;
  });
}

const bodies = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith(path) && init?.method !== 'GET' && init?.method).map(([, init]) => JSON.parse(String(init!.body)));

function render() {
  return renderWithProviders(
    <Routes>
      <Route path="/settings" element={<SettingsPage />} />
    </Routes>,
    { path: '/settings' },
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('SettingsPage: appearance', () => {
  usePageTestEnv();

  it('switches the theme between light, dark and system', async () => {
    server();
    render();
    await screen.findByText('Appearance');
    expect(screen.getByText("System follows your device's light or dark setting.")).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(screen.getByRole('radio', { name: 'Dark' }).getAttribute('aria-checked')).toBe('true');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'System' }));
    expect(localStorage.getItem('theme')).toBe('system');
    expect(document.documentElement.classList.contains('light')).toBe(true);
  });
});

describe('SettingsPage: change password', () => {
  usePageTestEnv();

  it('checks the confirmation before sending, then sends the current and new password', async () => {
    const fetchMock = server();
    render();
    await screen.findByText('Every other device signed in to your account is signed out.');
    expect(screen.getByText('At least 8 characters, and not a common password.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByText('Current password is required');
    type('Current password', 'old secret 1');
    type('New password', 'new secret 22');
    type('Confirm new password', 'new secret 23');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByText('Passwords do not match');
    expect(bodies(fetchMock, '/api/account/password')).toEqual([]);

    type('Confirm new password', 'new secret 22');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByText('Password changed');
    expect(screen.getByText('You were signed out everywhere else.')).toBeTruthy();
    expect(bodies(fetchMock, '/api/account/password')).toEqual([{ currentPassword: 'old secret 1', newPassword: 'new secret 22' }]);
    await waitFor(() => expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe(''));
  });

  it("shows the server's field errors under the fields", async () => {
    server({
      password: () =>
        json({ message: 'Current password is incorrect', details: { fieldErrors: { currentPassword: ['Current password is incorrect'] }, formErrors: [] } }, 400),
    });
    render();
    await screen.findByText('Change password', { selector: 'h2' });
    type('Current password', 'wrong one');
    type('New password', 'new secret 22');
    type('Confirm new password', 'new secret 22');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByText('Password not changed');
    expect(screen.getAllByText('Current password is incorrect')).toHaveLength(2);
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('SettingsPage: admin reset link', () => {
  usePageTestEnv();

  it('is not shown to an owner who is not an admin', async () => {
    server();
    render();
    await screen.findByText('Appearance');
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText("Reset a user's password")).toBeNull();
  });

  it('lets an admin create a link for a user and shows it to copy', async () => {
    const fetchMock = server({ isAdmin: true });
    render();
    await screen.findByText("Reset a user's password");
    expect(screen.getByText('Creates a link that lets the user choose a new password. It works once, for one hour; give it to them yourself.')).toBeTruthy();
    const create = screen.getByRole('button', { name: 'Create reset link' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    type("User's email", 'bob@example.com');
    fireEvent.click(create);
    const link = (await screen.findByLabelText('Reset link')) as HTMLInputElement;
    expect(link.value).toBe('http://localhost:3000/reset-password?token=abc');
    expect(bodies(fetchMock, '/api/admin/users/reset-link')).toEqual([{ email: 'bob@example.com' }]);
  });

  it("shows the server's answer for an unknown address", async () => {
    server({ isAdmin: true, resetLink: () => json({ message: 'No account uses this email address.' }, 404) });
    render();
    await screen.findByText("Reset a user's password");
    type("User's email", 'nobody@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Create reset link' }));
    await screen.findByText('No account uses this email address.');
    expect(screen.queryByLabelText('Reset link')).toBeNull();
  });
});

describe('SettingsPage: delete account', () => {
  usePageTestEnv();

  it('explains what goes, and enables Delete account only once the email is typed', async () => {
    const fetchMock = server();
    render();
    await screen.findByText('Delete account', { selector: 'h2' });
    expect(
      screen.getByText(
        'This permanently deletes your account and everything in it: all your chatbots with their sources and training data, conversations, leads and surveys, your uploaded images, your subscription and usage. It cannot be undone.',
      ),
    ).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Delete account' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    type('Type your email address to confirm', 'ada@example.co');
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    type('Type your email address to confirm', ' ada@EXAMPLE.com ');
    expect(button.disabled).toBe(false);
    expect(bodies(fetchMock, '/api/account')).toEqual([]);
  });

  it('deletes the account and loads the home page afresh, signed out', async () => {
    const fetchMock = server();
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    render();
    await screen.findByText('Delete account', { selector: 'h2' });
    type('Type your email address to confirm', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/'));
    expect(bodies(fetchMock, '/api/account')).toEqual([{ confirmEmail: 'ada@example.com' }]);
    expect(screen.queryByText('Unauthorized')).toBeNull();
  });

  it("stays on the page with the server's message when deleting fails", async () => {
    server({ remove: () => json({ message: 'Type your email address to confirm.' }, 400) });
    render();
    await screen.findByText('Delete account', { selector: 'h2' });
    type('Type your email address to confirm', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    await screen.findByText('Account not deleted');
    expect(screen.getByText('Type your email address to confirm.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete account' })).toBeTruthy();
  });
});
