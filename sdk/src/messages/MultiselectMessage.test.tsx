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
});
