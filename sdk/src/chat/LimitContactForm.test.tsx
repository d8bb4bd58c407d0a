import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY } from '../lib/storage';
import { FakeApi, json, sse } from '../test/fakeApi';
import { ChatView } from './ChatView';
import { CONTACT_FAILED, CONTACT_NETWORK_ERROR, CONTACT_SUCCESS, CONTACT_SUCCESS_MS, LimitContactForm } from './LimitContactForm';
import { useChat } from './useChat';
import { validateLimitContactForm as validateContactForm, type VisitorIdentity } from '@parley/contracts';

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

describe('LimitContactForm with a verified identity', () => {
  const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

  it('prefills name and email, which the visitor may still change', async () => {
    const onSubmit = vi.fn(async () => 'sent' as const);
    render(<LimitContactForm onSubmit={onSubmit} prefill={{ name: 'Ada Lovelace', email: 'ada@example.com' }} />);
    expect([value('Name'), value('Email'), value('Message')]).toEqual(['Ada Lovelace', 'ada@example.com', '']);
    const submit = screen.getByRole('button', { name: 'Send Message' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), 'Ada King');
    await userEvent.type(screen.getByLabelText('Message'), 'Please contact me about a plan.');
    await userEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Ada King', email: 'ada@example.com', message: 'Please contact me about a plan.' });
  });

  it('fills an identity that arrives later into the fields the visitor has not typed in', async () => {
    const onSubmit = vi.fn();
    const { rerender } = render(<LimitContactForm onSubmit={onSubmit} prefill={null} />);
    await userEvent.type(screen.getByLabelText('Email'), 'me@work.example');
    rerender(<LimitContactForm onSubmit={onSubmit} prefill={{ name: 'Ada Lovelace', email: 'ada@example.com' }} />);
    expect([value('Name'), value('Email')]).toEqual(['Ada Lovelace', 'me@work.example']);
  });

  it('leaves out what the form cannot take, and comes back prefilled after a send', async () => {
    const onSubmit = vi.fn(async () => 'sent' as const);
    render(<LimitContactForm onSubmit={onSubmit} prefill={{ name: 'N'.repeat(80), email: `${'a'.repeat(120)}@example.com` }} />);
    expect(value('Name')).toBe('N'.repeat(50));
    expect(value('Email')).toBe('');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Message'), 'Please contact me about a plan.');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await act(async () => {});
    expect(screen.getByRole('status').textContent).toBe(CONTACT_SUCCESS);
    act(() => void vi.advanceTimersByTime(CONTACT_SUCCESS_MS));
    expect([value('Name'), value('Email'), value('Message')]).toEqual(['N'.repeat(50), '', '']);
  });
});

/** The chat tab over the real chat state, as the widget wires it, with the page's identity. */
function Chat({ identity }: { identity?: VisitorIdentity }) {
  const chat = useChat({ apiUrl: 'http://api.test', chatbotRef: 'bot-guid', storageKey: SESSION_STORAGE_KEY, active: true, identity });
  return <ChatView chat={chat} />;
}

describe('the chat tab with a verified identity', () => {
  const ada: VisitorIdentity = { userId: 'user-1', name: 'Ada Lovelace', email: 'ada@example.com', userHash: 'a'.repeat(64) };

  it('identifies the session, prefills the limit form, and sends a new identity given as a prop', async () => {
    const api = new FakeApi()
      .on('POST', '/api/chat/session', (c: { body: { sessionId: string } }) => json({ sessionId: c.body.sessionId }, 201))
      .on('POST', /\/identify$/, (c: { body: { userId: string } }) => json({ identified: true, userId: c.body.userId }))
      .on('POST', /\/messages\/stream$/, () =>
        sse([{ type: 'limit_exceeded', message: 'This chatbot has reached its message limit', showContactForm: true, chatbotConfig: null }, { type: 'end' }]),
      )
      .install();
    const { rerender } = render(<Chat identity={ada} />);
    await waitFor(() => expect(api.callsTo('POST', /\/identify$/)).toHaveLength(1));
    // A new object saying the same thing sends nothing.
    rerender(<Chat identity={{ ...ada }} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Your message' }), 'Hello{Enter}');
    const form = await screen.findByRole('form', { name: 'Contact us' });
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('Ada Lovelace');
    expect((within(form).getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');

    rerender(<Chat identity={{ ...ada, email: 'ada@work.example' }} />);
    await waitFor(() => expect(api.callsTo('POST', /\/identify$/)).toHaveLength(2));
    expect(api.callsTo('POST', /\/identify$/)[1]!.body).toMatchObject({ userId: 'user-1', email: 'ada@work.example' });
    expect((within(form).getByLabelText('Email') as HTMLInputElement).value).toBe('ada@work.example');
  });
});
