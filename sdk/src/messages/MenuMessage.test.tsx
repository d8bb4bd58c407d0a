import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithChat } from '../test/renderWithChat';
import { MenuMessage } from './MenuMessage';

const options = [
  { id: 'billing', text: 'Billing', icon: '💳', payload: { topic: 'billing' } },
  { id: 'tech', text: 'Technical' },
  { id: 'q_other', text: 'Other' },
];

describe('MenuMessage', () => {
  it('shows the question and every option as a button', () => {
    renderWithChat(<MenuMessage content="What do you need?" metadata={{ options }} messageKey="m1" />);
    expect(screen.getByText('What do you need?')).toBeTruthy();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['💳 Billing', 'Technical', 'Other']);
  });

  it('selects an option with its payload', async () => {
    const { actions } = renderWithChat(<MenuMessage content="Pick" metadata={{ options }} messageKey="m1" />);
    await userEvent.click(screen.getByRole('button', { name: /Billing/ }));
    expect(actions.selectOption).toHaveBeenCalledWith('m1', expect.objectContaining({ id: 'billing', payload: { topic: 'billing' } }));
  });

  it('opens a free-text field for Other and needs non-blank text', async () => {
    const { actions } = renderWithChat(<MenuMessage content="Pick" metadata={{ options }} messageKey="m1" />);
    await userEvent.click(screen.getByRole('button', { name: 'Other' }));
    expect(actions.selectOption).not.toHaveBeenCalled();
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Your answer'), '   ');
    expect(send.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Your answer'), 'Shipping to Mars{Enter}');
    expect(actions.selectOption).toHaveBeenCalledWith('m1', expect.objectContaining({ id: 'q_other' }), 'Shipping to Mars');
  });

  it('treats an option with id "other" the same way', async () => {
    renderWithChat(<MenuMessage content="" metadata={{ options: [{ id: 'other', text: 'Something else' }] }} messageKey="m2" />);
    await userEvent.click(screen.getByRole('button', { name: 'Something else' }));
    expect(screen.getByLabelText('Your answer')).toBeTruthy();
  });

  it('is locked once answered and while the chat is busy', () => {
    const first = renderWithChat(<MenuMessage content="Pick" metadata={{ options }} messageKey="m1" />, { answers: { m1: 'tech' } });
    const tech = screen.getByRole('button', { name: 'Technical' }) as HTMLButtonElement;
    expect(tech.disabled).toBe(true);
    expect(tech.getAttribute('aria-pressed')).toBe('true');
    first.unmount();
    renderWithChat(<MenuMessage content="Pick" metadata={{ options }} messageKey="m1" />, { disabled: true });
    expect((screen.getByRole('button', { name: 'Technical' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the choice the server recorded when the conversation comes back from history', () => {
    renderWithChat(<MenuMessage content="Pick" metadata={{ options, selection: { optionId: 'billing', optionText: 'Billing' }, submitted: true }} messageKey="m1" />);
    const billing = screen.getByRole('button', { name: /Billing/ }) as HTMLButtonElement;
    expect(billing.getAttribute('aria-pressed')).toBe('true');
    expect(billing.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Technical' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('passes the trimmed words typed with Other, which the chat records as otherText', async () => {
    const { actions } = renderWithChat(<MenuMessage content="Pick" metadata={{ options }} messageKey="17" />);
    await userEvent.click(screen.getByRole('button', { name: 'Other' }));
    expect(screen.getByRole('button', { name: 'Other' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.type(screen.getByLabelText('Your answer'), '  A podcast  ');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(actions.selectOption).toHaveBeenCalledWith('17', { id: 'q_other', text: 'Other', icon: undefined, payload: undefined }, 'A podcast');
  });

  it('stays locked when the server marked the survey question answered, without a recorded choice', async () => {
    const { actions } = renderWithChat(
      <MenuMessage content="Pick" metadata={{ options, survey: { kind: 'question', surveyId: 1, questionId: 'q1', answered: true } }} messageKey="m1" />,
    );
    const buttons = screen.getAllByRole('button') as HTMLButtonElement[];
    expect(buttons.every((b) => b.disabled)).toBe(true);
    expect(buttons.map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'false', 'false']);
    await userEvent.click(screen.getByRole('button', { name: 'Other' }));
    expect(screen.queryByLabelText('Your answer')).toBeNull();
    expect(actions.selectOption).not.toHaveBeenCalled();
  });

  it('asks the chat whether the question is open, and stays locked with no choice shown when it is not', async () => {
    const isOpen = vi.fn(() => false);
    const { actions } = renderWithChat(<MenuMessage content="Pick" metadata={{ options }} messageKey="m2" />, { isOpen });
    expect(isOpen).toHaveBeenCalledWith('m2');
    const buttons = screen.getAllByRole('button') as HTMLButtonElement[];
    expect(buttons.map((b) => [b.disabled, b.getAttribute('aria-pressed')])).toEqual([
      [true, 'false'],
      [true, 'false'],
      [true, 'false'],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Technical' }));
    expect(actions.selectOption).not.toHaveBeenCalled();
  });

  it('shows the recorded choice of a closed question', () => {
    renderWithChat(<MenuMessage content="Pick" metadata={{ options, selection: { optionId: 'tech', optionText: 'Technical' } }} messageKey="m3" />, { isOpen: () => false });
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'true', 'false']);
  });
});
