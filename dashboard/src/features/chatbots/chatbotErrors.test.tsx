import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { renderWithProviders, usePageTestEnv } from '../../test/renderWithProviders';
import { toastChatbotError } from './chatbotErrors';

const toastTexts = () => [...document.querySelectorAll('[data-variant]')].map((t) => [t.getAttribute('data-variant'), t.textContent]);

describe('toastChatbotError', () => {
  usePageTestEnv();

  it("tells an owner switching on a bot an administrator deactivated why, in the server's words", () => {
    renderWithProviders(<div />);
    const message = 'This chatbot was deactivated by an administrator. Contact support to have it reviewed.';
    act(() => toastChatbotError(new ApiError(403, JSON.stringify({ message, details: { disabledByAdmin: true } })), 'Failed to update chatbot configuration. Please try again.'));
    expect(toastTexts()).toEqual([['destructive', `Deactivated by an administrator${message}`]]);
  });
});
