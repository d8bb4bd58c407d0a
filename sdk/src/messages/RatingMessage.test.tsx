import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithChat } from '../test/renderWithChat';
import { RatingMessage } from './RatingMessage';

describe('RatingMessage', () => {
  it('shows five stars by default and submits on click', async () => {
    const { actions } = renderWithChat(<RatingMessage content="How did we do?" metadata={{}} messageKey="r" />);
    const stars = screen.getAllByRole('button');
    expect(stars.map((s) => s.getAttribute('aria-label'))).toEqual([1, 2, 3, 4, 5].map((n) => `Rate ${n} out of 5`));
    await userEvent.click(screen.getByRole('button', { name: 'Rate 4 out of 5' }));
    expect(actions.send).toHaveBeenCalledWith('4');
    expect(actions.setAnswer).toHaveBeenCalledWith('r', 4);
    expect(screen.getByRole('button', { name: 'Rate 4 out of 5' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByRole('button').every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(document.querySelectorAll('.cw-rate.is-lit')).toHaveLength(4);
  });

  it('shows numbers from minValue to maxValue for the numeric type', async () => {
    const { actions } = renderWithChat(<RatingMessage content="Score" metadata={{ ratingType: 'numeric', minValue: 0, maxValue: 10 }} messageKey="r" />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    await userEvent.click(screen.getByRole('button', { name: 'Rate 9 out of 10' }));
    expect(actions.send).toHaveBeenCalledWith('9');
  });

  it('records the rating on its message through submitChoice when the chat offers it', async () => {
    const submitChoice = vi.fn();
    const { actions } = renderWithChat(<RatingMessage content="" metadata={{}} messageKey="r" />, { submitChoice });
    await userEvent.click(screen.getByRole('button', { name: 'Rate 5 out of 5' }));
    expect(submitChoice).toHaveBeenCalledWith('r', { optionId: '5', optionText: '5', payload: 5 }, '5');
    expect(actions.send).not.toHaveBeenCalled();
  });

  it('shows a rating recorded before (from history) as given and locked', () => {
    renderWithChat(<RatingMessage content="" metadata={{ selection: { optionId: '3', optionText: '3', payload: 3 } }} messageKey="r" />);
    expect(screen.getByRole('button', { name: 'Rate 3 out of 5' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByRole('button').every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
  });

  it('is keyboard operable', async () => {
    const { actions } = renderWithChat(<RatingMessage content="" metadata={{}} messageKey="r" />);
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(actions.send).toHaveBeenCalledWith('2');
  });
});
