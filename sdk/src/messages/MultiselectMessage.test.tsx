import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithChat } from '../test/renderWithChat';
import { MultiselectMessage } from './MultiselectMessage';

const options = [
  { id: 'a', text: 'Speed' },
  { id: 'b', text: 'Price' },
  { id: 'c', text: 'Support' },
  { id: 'q_other', text: 'Other' },
];
const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: /Submit/ }) as HTMLButtonElement;

describe('MultiselectMessage', () => {
  it('needs at least minSelections before it can be submitted', async () => {
    renderWithChat(<MultiselectMessage content="What matters?" metadata={{ options, minSelections: 2, maxSelections: 3 }} messageKey="m" />);
    expect(screen.getByText('Choose 2 to 3 options')).toBeTruthy();
    expect(submit().disabled).toBe(true);
    await userEvent.click(box('Speed'));
    expect(submit().disabled).toBe(true);
    await userEvent.click(box('Price'));
    expect(submit().disabled).toBe(false);
  });

  it('caps the selection at maxSelections', async () => {
    renderWithChat(<MultiselectMessage content="" metadata={{ options, maxSelections: 2 }} messageKey="m" />);
    await userEvent.click(box('Speed'));
    await userEvent.click(box('Price'));
    expect(box('Support').disabled).toBe(true);
    expect(box('Support').checked).toBe(false);
    await userEvent.click(box('Price'));
    expect(box('Support').disabled).toBe(false);
  });

  it('requires the Other text when Other is chosen, then sends all choices once', async () => {
    const { actions } = renderWithChat(<MultiselectMessage content="" metadata={{ options }} messageKey="m" />);
    await userEvent.click(box('Speed'));
    await userEvent.click(box('Other'));
    expect(submit().disabled).toBe(true);
    await userEvent.type(screen.getByPlaceholderText('Please specify'), 'Design');
    await userEvent.click(submit());
    expect(actions.send).toHaveBeenCalledWith('Speed, Design');
    expect(actions.setAnswer).toHaveBeenCalledWith('m', ['a', 'q_other']);
    expect(screen.getByRole('button', { name: 'Submitted' })).toHaveProperty('disabled', true);
    expect(box('Speed').matches(':disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Submitted' }));
    expect(actions.send).toHaveBeenCalledTimes(1);
  });

  it('records the choices on the message through submitChoice when the chat offers it', async () => {
    const submitChoice = vi.fn();
    const { actions } = renderWithChat(<MultiselectMessage content="" metadata={{ options }} messageKey="m" />, { submitChoice });
    await userEvent.click(box('Price'));
    await userEvent.click(box('Support'));
    await userEvent.click(submit());
    expect(submitChoice).toHaveBeenCalledWith('m', { optionId: 'b,c', optionText: 'Price, Support', payload: ['b', 'c'] }, 'Price, Support');
    expect(actions.send).not.toHaveBeenCalled();
  });

  it('shows a message that already has selectedOptions as submitted', () => {
    renderWithChat(<MultiselectMessage content="" metadata={{ options, selectedOptions: ['b'] }} messageKey="m" />);
    expect(box('Price').checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Submitted' })).toHaveProperty('disabled', true);
  });

  it('records the chosen ids in the options\' order and the Other words apart from the sent text', async () => {
    const submitChoice = vi.fn();
    renderWithChat(<MultiselectMessage content="" metadata={{ options }} messageKey="9" />, { submitChoice });
    await userEvent.click(box('Other'));
    await userEvent.click(box('Speed'));
    await userEvent.type(screen.getByPlaceholderText('Please specify'), '  Design  ');
    await userEvent.click(submit());
    expect(submitChoice).toHaveBeenCalledWith('9', { optionId: 'a,q_other', optionText: 'Speed, Design', payload: ['a', 'q_other'], otherText: 'Design' }, 'Speed, Design');
  });

  it('sends no otherText when Other is not chosen', async () => {
    const submitChoice = vi.fn();
    renderWithChat(<MultiselectMessage content="" metadata={{ options }} messageKey="9" />, { submitChoice });
    await userEvent.click(box('Support'));
    await userEvent.click(submit());
    expect(submitChoice.mock.calls[0][1]).toEqual({ optionId: 'c', optionText: 'Support', payload: ['c'] });
    expect('otherText' in submitChoice.mock.calls[0][1]).toBe(false);
  });

  it('shows the choices the server recorded when the conversation comes back from history', () => {
    renderWithChat(<MultiselectMessage content="" metadata={{ options, selection: { optionId: 'a,c', optionText: 'Speed, Support', payload: ['a', 'c'] } }} messageKey="m" />);
    expect([box('Speed').checked, box('Price').checked, box('Support').checked]).toEqual([true, false, true]);
    expect(screen.getByRole('button', { name: 'Submitted' })).toHaveProperty('disabled', true);
  });

  it('is locked when the server marked the survey question answered, though nothing was chosen here', () => {
    renderWithChat(<MultiselectMessage content="" metadata={{ options, survey: { kind: 'question', surveyId: 1, questionId: 'q2', answered: true } }} messageKey="m" />);
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', true);
    expect(box('Speed').matches(':disabled')).toBe(true);
    expect(box('Speed').checked).toBe(false);
  });

  it('asks the chat whether the question is open: a closed one is locked, its unsent ticks gone', async () => {
    let open = true;
    const isOpen = vi.fn(() => open);
    const { actions } = renderWithChat(<MultiselectMessage content="" metadata={{ options }} messageKey="31" />, { isOpen });
    await userEvent.click(box('Speed'));
    await userEvent.click(box('Other'));
    expect(screen.getByPlaceholderText('Please specify')).toBeTruthy();
    // The survey moves on (the visitor pressed Skip): the next render finds the question closed.
    open = false;
    actions.setAnswer('31:revealed', true);
    expect(isOpen).toHaveBeenLastCalledWith('31');
    expect([box('Speed').checked, box('Other').checked, box('Speed').matches(':disabled')]).toEqual([false, false, true]);
    expect(screen.queryByPlaceholderText('Please specify')).toBeNull();
    expect(submit()).toHaveProperty('textContent', 'Submit');
    expect(submit().disabled).toBe(true);
  });
});
