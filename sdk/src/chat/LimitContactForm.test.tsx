import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CONTACT_FAILED, CONTACT_NETWORK_ERROR, CONTACT_SUCCESS, CONTACT_SUCCESS_MS, LimitContactForm } from './LimitContactForm';
import { validateLimitContactForm as validateContactForm } from '@parley/contracts';

describe('validateContactForm', () => {
  it('uses the exact texts of the spec', () => {
    expect(validateContactForm({ name: '', email: '', message: '' })).toEqual({ name: 'Name is required', email: 'Email is required', message: 'Message is required' });
    expect(validateContactForm({ name: 'A', email: 'nope', message: 'short' })).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      message: 'Message must be at least 10 characters',
    });
    expect(validateContactForm({ name: 'Ada', email: `${'a'.repeat(95)}@x.com`, message: 'x'.repeat(1001) })).toEqual({
      email: 'Please enter a valid email address',
      message: 'Message must be less than 1000 characters',
    });
    expect(validateContactForm({ name: 'Ada', email: 'ada@example.com', message: 'x'.repeat(1000) })).toEqual({});
  });
});

async function fill(name = 'Ada Lovelace', email = 'ada@example.com', message = 'Please contact me about a plan.') {
  await userEvent.type(screen.getByLabelText('Name'), name);
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Message'), message);
}

describe('LimitContactForm', () => {
  it('disables submit until valid and shows errors for used fields', async () => {
    render(<LimitContactForm onSubmit={vi.fn()} />);
    const submit = screen.getByRole('button', { name: 'Send Message' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(screen.queryByText('Name is required')).toBeNull();
    fireEvent.blur(screen.getByLabelText('Name'));
    expect(screen.getByText('Name is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Email'), 'bad');
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText('Email') as HTMLInputElement).type).toBe('email');
    await userEvent.clear(screen.getByLabelText('Email'));
    await fill();
    expect(submit.disabled).toBe(false);
  });

  it('sends, shows the success text for 10 seconds, then returns to an empty form', async () => {
    const onSubmit = vi.fn(async () => 'sent' as const);
    render(<LimitContactForm onSubmit={onSubmit} />);
    await fill();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await act(async () => {});
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Ada Lovelace', email: 'ada@example.com', message: 'Please contact me about a plan.' });
    expect(screen.getByRole('status').textContent).toBe(CONTACT_SUCCESS);
    act(() => void vi.advanceTimersByTime(CONTACT_SUCCESS_MS - 1));
    expect(screen.getByRole('status')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it('shows the failure and network texts', async () => {
    const onSubmit = vi.fn().mockResolvedValueOnce('failed').mockResolvedValueOnce('network');
    render(<LimitContactForm onSubmit={onSubmit} />);
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(CONTACT_FAILED));
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(CONTACT_NETWORK_ERROR));
  });
});
