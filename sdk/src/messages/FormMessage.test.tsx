import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithChat } from '../test/renderWithChat';
import { DEFAULT_FORM_CONFIRMATION, FormMessage } from './FormMessage';

const metadata = {
  title: 'Book a demo',
  formFields: [
    { id: 'name', label: 'Your name', type: 'text', required: true },
    { id: 'email', label: 'Work email', type: 'email', placeholder: 'you@company.com', required: true },
    { id: 'notes', label: 'Notes', type: 'textarea' },
  ],
  submitButton: { text: 'Request demo' },
};

describe('FormMessage', () => {
  it('keeps submit disabled until every required field is non-blank', async () => {
    renderWithChat(<FormMessage content="" metadata={metadata} messageKey="f" />);
    const submit = screen.getByRole('button', { name: 'Request demo' }) as HTMLButtonElement;
    expect(screen.getByRole('form', { name: 'Book a demo' })).toBeTruthy();
    expect(submit.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText(/Your name/), 'Ada');
    await userEvent.type(screen.getByLabelText(/Work email/), '  ');
    expect(submit.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText(/Work email/), 'ada@example.com');
    expect(submit.disabled).toBe(false);
    expect((screen.getByLabelText(/Work email/) as HTMLInputElement).type).toBe('email');
    expect(screen.getByLabelText('Notes').tagName).toBe('TEXTAREA');
  });

  it('submits every field with its label and shows the confirmation', async () => {
    const { actions } = renderWithChat(<FormMessage content="" metadata={metadata} messageKey="f" />);
    await userEvent.type(screen.getByLabelText(/Your name/), 'Ada');
    await userEvent.type(screen.getByLabelText(/Work email/), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Request demo' }));
    expect(actions.submitForm).toHaveBeenCalledWith('f', 'Book a demo', [
      { id: 'name', label: 'Your name', type: 'text', value: 'Ada' },
      { id: 'email', label: 'Work email', type: 'email', value: 'ada@example.com' },
      { id: 'notes', label: 'Notes', type: 'textarea', value: '' },
    ]);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(DEFAULT_FORM_CONFIRMATION));
  });

  it("uses the bot's formConfirmationMessage", async () => {
    renderWithChat(<FormMessage content="" metadata={metadata} messageKey="f" />, { answers: { f: 'submitted' }, formConfirmationMessage: 'We will call you.' });
    expect(screen.getByRole('status').textContent).toBe('We will call you.');
  });

  it('stays on the form when sending fails', async () => {
    const submitForm = vi.fn(async () => false);
    renderWithChat(<FormMessage content="" metadata={metadata} messageKey="f" />, { submitForm });
    await userEvent.type(screen.getByLabelText(/Your name/), 'Ada');
    await userEvent.type(screen.getByLabelText(/Work email/), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Request demo' }));
    await waitFor(() => expect(submitForm).toHaveBeenCalled());
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('button', { name: 'Request demo' })).toHaveProperty('disabled', false);
  });

  it('draws icon names as symbols and never prints an unknown name as text', () => {
    const view = renderWithChat(<FormMessage content="" metadata={{ ...metadata, submitButton: { text: 'Send', icon: 'send' } }} messageKey="f" />);
    expect(screen.getByRole('button', { name: 'Send' }).textContent).toBe('➤ Send');
    view.unmount();
    renderWithChat(<FormMessage content="" metadata={{ ...metadata, submitButton: { text: 'Send', icon: 'paper-plane-x' } }} messageKey="f" />);
    expect(screen.getByRole('button', { name: 'Send' }).textContent).toBe('Send');
  });
});
