import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { ChatActionsContext, type ChatActions } from '../chat/ChatActions';

/** Renders a message component with spy chat actions; answers are kept like the real chat does. */
export function renderWithChat(ui: ReactElement, overrides: Partial<ChatActions> = {}) {
  const answers: Record<string, unknown> = { ...overrides.answers };
  const actions: ChatActions = {
    send: vi.fn(),
    selectOption: vi.fn(),
    submitForm: vi.fn(async () => true),
    answers,
    setAnswer: vi.fn((key: string, value: unknown) => {
      answers[key] = value;
      view.rerender(wrap());
    }),
    disabled: false,
    apiUrl: 'http://api.test',
    ...overrides,
  };
  actions.answers = answers;
  const wrap = () => <ChatActionsContext.Provider value={{ ...actions, answers: { ...answers } }}>{ui}</ChatActionsContext.Provider>;
  const view = render(wrap());
  return { ...view, actions };
}
