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

  it('shows number buttons for the "numbers" type as surveys write it', async () => {
    const submitChoice = vi.fn();
    renderWithChat(<RatingMessage content="" metadata={{ ratingType: 'numbers', minValue: 1, maxValue: 5 }} messageKey="r" />, { submitChoice });
    expect(document.querySelector('.cw-numbers')).toBeTruthy();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['1', '2', '3', '4', '5']);
    await userEvent.click(screen.getByRole('button', { name: 'Rate 2 out of 5' }));
    expect(submitChoice).toHaveBeenCalledWith('r', { optionId: '2', optionText: '2', payload: 2 }, '2');
  });

  it('draws a scale as one bar of numbers with its ends named below, and submits the value clicked', async () => {
    const submitChoice = vi.fn();
    renderWithChat(<RatingMessage content="How likely are you to recommend us?" metadata={{ ratingType: 'scale', minValue: 0, maxValue: 10 }} messageKey="r" />, { submitChoice });
    const bar = screen.getByRole('group', { name: 'Rating' });
    expect(bar.className).toBe('cw-scale');
    expect([...bar.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect([...document.querySelectorAll('.cw-scale-ends span')].map((s) => s.textContent)).toEqual(['0', '10']);
    expect(document.querySelector('.cw-scale-ends')!.getAttribute('aria-hidden')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Rate 7 out of 10' }));
    expect(submitChoice).toHaveBeenCalledWith('r', { optionId: '7', optionText: '7', payload: 7 }, '7');
    expect(screen.getByRole('button', { name: 'Rate 7 out of 10' }).className).toBe('cw-rate is-selected');
    expect(screen.getAllByRole('button').every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
  });

  it('shows stars for the "stars" type and for unknown types', () => {
    renderWithChat(
      <>
        <RatingMessage content="" metadata={{ ratingType: 'stars', maxValue: 3 }} messageKey="a" />
        <RatingMessage content="" metadata={{ ratingType: 'hearts', maxValue: 3 }} messageKey="b" />
      </>,
    );
    expect(document.querySelectorAll('.cw-stars')).toHaveLength(2);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(Array(6).fill('★'));
  });

  it('offers at most eleven values', () => {
    renderWithChat(<RatingMessage content="" metadata={{ ratingType: 'scale', minValue: 1, maxValue: 40 }} messageKey="r" />);
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(11);
    expect(buttons.at(-1)!.getAttribute('aria-label')).toBe('Rate 11 out of 11');
  });

  it('stays locked when the server marked the survey question answered', () => {
    renderWithChat(<RatingMessage content="" metadata={{ ratingType: 'numbers', survey: { kind: 'question', surveyId: 1, questionId: 'q1', answered: true } }} messageKey="r" />);
    expect(screen.getAllByRole('button').every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
  });

  it('asks the chat whether the question is open: a question the survey moved past is locked', async () => {
    const isOpen = vi.fn((key: string) => key !== 'r1');
    const { actions } = renderWithChat(
      <>
        <RatingMessage content="" metadata={{ ratingType: 'numbers', maxValue: 3 }} messageKey="r1" />
        <RatingMessage content="" metadata={{ ratingType: 'numbers', maxValue: 3 }} messageKey="r2" />
      </>,
      { isOpen },
    );
    expect(screen.getAllByRole('button').map((b) => (b as HTMLButtonElement).disabled)).toEqual([true, true, true, false, false, false]);
    await userEvent.click(screen.getAllByRole('button', { name: 'Rate 2 out of 3' })[0]!);
    expect(actions.send).not.toHaveBeenCalled();
    await userEvent.click(screen.getAllByRole('button', { name: 'Rate 2 out of 3' })[1]!);
    expect(actions.send).toHaveBeenCalledWith('2');
  });
});
