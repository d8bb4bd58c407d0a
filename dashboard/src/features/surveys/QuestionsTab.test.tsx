import type { SurveyQuestion } from '@parley/contracts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuestionsTab } from './QuestionsTab';

const choice = (id: string, text: string, options = ['Yes', 'No']): SurveyQuestion => ({
  id,
  text,
  type: 'single_choice',
  required: true,
  options: options.map((o, i) => ({ id: `${id}_o${i + 1}`, text: o })),
});

const SAMPLE: SurveyQuestion[] = [
  choice('q1', 'Did we solve your problem?'),
  { id: 'q2', text: 'What could we do better?', type: 'text', required: false },
  { id: 'q3', text: 'How likely are you to recommend us?', type: 'rating', required: true, metadata: { minValue: 0, maxValue: 10, ratingType: 'numbers' } },
];

/** The tab as the builder page holds it: every list it hands over is stored and shown again. */
function Page({ initial, onChange, disabled }: { initial: SurveyQuestion[]; onChange: (next: SurveyQuestion[]) => void; disabled?: boolean }) {
  const [questions, setQuestions] = useState(initial);
  return (
    <QuestionsTab
      questions={questions}
      disabled={disabled}
      onChange={(next) => {
        onChange(next);
        setQuestions(next);
      }}
    />
  );
}

function setup(initial: SurveyQuestion[] = SAMPLE, disabled?: boolean) {
  const onChange = vi.fn<(next: SurveyQuestion[]) => void>();
  const view = render(<Page initial={initial} onChange={onChange} disabled={disabled} />);
  return { onChange, view, last: () => onChange.mock.lastCall?.[0] };
}

const addForm = () => within(screen.getByRole('form', { name: 'Add a question' }));
const editor = (n: number) => within(screen.getByRole('form', { name: `Edit question ${n}` }));
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const shownTexts = () => within(screen.getByRole('list', { name: 'Questions' })).getAllByText(/\?$/).map((el) => el.textContent?.replace(/^Question \d+: /, ''));
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
const saveChanges = (n: number) => fireEvent.click(editor(n).getByRole('button', { name: 'Save Changes' }));

async function addQuestion(text: string, kind?: string, required = true) {
  type(addForm().getByLabelText('Question text'), text);
  if (kind) type(addForm().getByLabelText('Question type'), kind);
  if (!required) fireEvent.click(addForm().getByLabelText('Required'));
  fireEvent.click(addForm().getByRole('button', { name: 'Add Question' }));
}

describe('QuestionsTab', () => {
  afterEach(cleanup);

  it('enables Add Question only once the question has text, and offers the four types with single choice and Required first', () => {
    const { onChange } = setup([]);
    expect(screen.getByText('No questions yet. Add the first one below.')).toBeTruthy();
    const add = addForm().getByRole('button', { name: 'Add Question' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    type(addForm().getByLabelText('Question text'), '   ');
    expect(add.disabled).toBe(true);
    fireEvent.submit(screen.getByRole('form', { name: 'Add a question' }));
    expect(onChange).not.toHaveBeenCalled();
    type(addForm().getByLabelText('Question text'), 'Why?');
    expect(add.disabled).toBe(false);
    const select = addForm().getByLabelText('Question type') as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ['single_choice', 'Single choice'],
      ['multiple_choice', 'Multiple choice'],
      ['text', 'Text'],
      ['rating', 'Rating'],
    ]);
    expect(select.value).toBe('single_choice');
    expect((addForm().getByLabelText('Required') as HTMLInputElement).checked).toBe(true);
  });

  it('adds a required single choice question with two default options, resets the form and opens it to name the options', async () => {
    const { onChange, last } = setup([]);
    await addQuestion('  How did you hear about us?  ');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(last()).toEqual([
      {
        id: 'question_1',
        text: 'How did you hear about us?',
        type: 'single_choice',
        required: true,
        options: [
          { id: 'option_1', text: 'Option 1' },
          { id: 'option_2', text: 'Option 2' },
        ],
      },
    ]);
    expect((addForm().getByLabelText('Question text') as HTMLInputElement).value).toBe('');
    expect((addForm().getByLabelText('Question type') as HTMLSelectElement).value).toBe('single_choice');
    const firstOption = editor(1).getByLabelText('Option 1') as HTMLInputElement;
    expect(firstOption.value).toBe('Option 1');
    await waitFor(() => expect(document.activeElement).toBe(firstOption));
    // One editor at a time: adding waits until this one is saved or cancelled.
    type(addForm().getByLabelText('Question text'), 'Next?');
    expect((addForm().getByRole('button', { name: 'Add Question' }) as HTMLButtonElement).disabled).toBe(true);
    expect(addForm().getByText('Save or cancel the question you are editing first.')).toBeTruthy();
  });

  it('adds text and rating questions as chosen, with ids not used yet', async () => {
    const { last } = setup([{ id: 'question_2', text: 'Kept?', type: 'text', required: true }]);
    await addQuestion('Anything else?', 'text', false);
    expect(last()?.[1]).toEqual({ id: 'question_3', text: 'Anything else?', type: 'text', required: false });
    expect(screen.queryByRole('form', { name: 'Edit question 2' })).toBeNull();
    await addQuestion('How was it?', 'rating');
    expect(last()?.[2]).toEqual({ id: 'question_4', text: 'How was it?', type: 'rating', required: true, metadata: { minValue: 1, maxValue: 5, ratingType: 'stars' } });
    expect(screen.getByText('Scale 1 to 5 · Stars')).toBeTruthy();
  });

  it('shows each question with its number, type, Required or Optional, options, scale and Other allowed', () => {
    setup([{ ...choice('q1', 'Which colour?', ['Red', 'Blue']), type: 'multiple_choice', allowFreeChoice: true, metadata: { maxSelections: 2 } }, ...SAMPLE.slice(1)]);
    const items = within(screen.getByRole('list', { name: 'Questions' })).getAllByRole('listitem').filter((li) => li.parentElement?.getAttribute('aria-label') === 'Questions');
    expect(items).toHaveLength(3);
    const first = within(items[0]);
    expect(first.getByText('Which colour?').textContent).toBe('Question 1: Which colour?');
    for (const text of ['Multiple choice', 'Required', 'Other allowed', 'Choose at most 2']) expect(first.getByText(text)).toBeTruthy();
    expect(within(first.getByRole('list', { name: 'Options of question 1' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Red', 'Blue']);
    expect(within(items[1]).getByText('Optional')).toBeTruthy();
    expect(within(items[1]).getByText('Text')).toBeTruthy();
    expect(within(items[1]).queryByText('Other allowed')).toBeNull();
    expect(within(items[2]).getByText('Scale 0 to 10 · Numbers')).toBeTruthy();
  });

  it('moves questions up and down, never past either end, and keeps the focus on the moved question', async () => {
    const { onChange, last } = setup();
    expect(button('Move question 1 up').disabled).toBe(true);
    expect(button('Move question 1 down').disabled).toBe(false);
    expect(button('Move question 3 down').disabled).toBe(true);
    expect(button('Move question 3 up').disabled).toBe(false);

    fireEvent.click(button('Move question 1 down'));
    expect(last()?.map((q) => q.id)).toEqual(['q2', 'q1', 'q3']);
    expect(shownTexts()).toEqual(['What could we do better?', 'Did we solve your problem?', 'How likely are you to recommend us?']);
    await waitFor(() => expect(document.activeElement).toBe(button('Move question 2 down')));

    fireEvent.click(button('Move question 2 down'));
    expect(last()?.map((q) => q.id)).toEqual(['q2', 'q3', 'q1']);
    // At the end the pressed button is disabled, so the focus goes to the other one.
    await waitFor(() => expect(document.activeElement).toBe(button('Move question 3 up')));

    fireEvent.click(button('Move question 2 up'));
    expect(last()?.map((q) => q.id)).toEqual(['q3', 'q2', 'q1']);
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it('deletes a question after confirming, and not when cancelled', () => {
    const { onChange, last } = setup();
    fireEvent.click(button('Delete question 2'));
    const dialog = within(screen.getByRole('dialog', { hidden: true }));
    expect(dialog.getByText('Delete question 2?')).toBeTruthy();
    expect(dialog.getByText('"What could we do better?" will be removed from this survey.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel', hidden: true }));
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.click(button('Delete question 2'));
    fireEvent.click(within(screen.getByRole('dialog', { hidden: true })).getByRole('button', { name: 'Delete', hidden: true }));
    expect(last()?.map((q) => q.id)).toEqual(['q1', 'q3']);
    expect(screen.queryByText('What could we do better?')).toBeNull();
  });

  it('Cancel leaves the question as it was', () => {
    const { onChange } = setup();
    fireEvent.click(button('Edit question 1'));
    const form = editor(1);
    expect(button('Edit question 2').disabled).toBe(true);
    type(form.getByLabelText('Question text'), 'Changed?');
    type(form.getByLabelText('Option 1'), 'Maybe');
    type(form.getByLabelText('Question type'), 'text');
    fireEvent.click(form.getByRole('button', { name: 'Cancel' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByRole('form', { name: 'Edit question 1' })).toBeNull();
    expect(screen.getByText('Did we solve your problem?')).toBeTruthy();
    fireEvent.click(button('Edit question 1'));
    expect((editor(1).getByLabelText('Question text') as HTMLInputElement).value).toBe('Did we solve your problem?');
    expect((editor(1).getByLabelText('Question type') as HTMLSelectElement).value).toBe('single_choice');
    expect((editor(1).getByLabelText('Option 1') as HTMLInputElement).value).toBe('Yes');
  });

  it('Save Changes hands over the whole list with the edited question in place', async () => {
    const { onChange, last } = setup();
    fireEvent.click(button('Edit question 1'));
    const form = editor(1);
    type(form.getByLabelText('Question text'), '  Was your problem solved?  ');
    fireEvent.click(form.getByLabelText('Required'));
    fireEvent.click(form.getByLabelText('Allow other answer'));
    type(form.getByLabelText('Option 2'), 'Not yet');
    fireEvent.click(form.getByRole('button', { name: 'Add option' }));
    type(form.getByLabelText('Option 3'), 'Partly');
    saveChanges(1);
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(last()).toEqual([
      {
        id: 'q1',
        text: 'Was your problem solved?',
        type: 'single_choice',
        required: false,
        allowFreeChoice: true,
        options: [
          { id: 'q1_o1', text: 'Yes' },
          { id: 'q1_o2', text: 'Not yet' },
          { id: 'option_3', text: 'Partly' },
        ],
      },
      SAMPLE[1],
      SAMPLE[2],
    ]);
    expect(screen.queryByRole('form', { name: 'Edit question 1' })).toBeNull();
    expect(screen.getByText('Other allowed')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(button('Edit question 1')));
  });

  it('keeps at least two options: Delete option is disabled at two and works above', async () => {
    const { last } = setup();
    fireEvent.click(button('Edit question 1'));
    const form = editor(1);
    const deleteButtons = () => form.getAllByRole('button', { name: /^Delete option \d$/ }) as HTMLButtonElement[];
    expect(deleteButtons().map((b) => b.disabled)).toEqual([true, true]);
    fireEvent.click(form.getByRole('button', { name: 'Add option' }));
    type(form.getByLabelText('Option 3'), 'Maybe');
    expect(deleteButtons().map((b) => b.disabled)).toEqual([false, false, false]);
    fireEvent.click(form.getByRole('button', { name: 'Delete option 1' }));
    expect(form.getAllByRole('textbox', { name: /^Option \d$/ }).map((i) => (i as HTMLInputElement).value)).toEqual(['No', 'Maybe']);
    expect(deleteButtons().map((b) => b.disabled)).toEqual([true, true]);
    saveChanges(1);
    await waitFor(() => expect(last()?.[0].options).toEqual([
      { id: 'q1_o2', text: 'No' },
      { id: 'option_3', text: 'Maybe' },
    ]));
  });

  it('changing the type to text or rating drops the options, and back to a choice type gives two default ones', async () => {
    const { last } = setup();
    fireEvent.click(button('Edit question 1'));
    const form = editor(1);
    type(form.getByLabelText('Question type'), 'text');
    expect(form.queryByLabelText('Option 1')).toBeNull();
    expect(form.queryByLabelText('Allow other answer')).toBeNull();
    type(form.getByLabelText('Question type'), 'multiple_choice');
    expect(form.getAllByRole('textbox', { name: /^Option \d$/ }).map((i) => (i as HTMLInputElement).value)).toEqual(['Option 1', 'Option 2']);
    type(form.getByLabelText('Question type'), 'rating');
    expect(form.queryByLabelText('Option 1')).toBeNull();
    expect((form.getByLabelText('Minimum') as HTMLInputElement).value).toBe('1');
    expect((form.getByLabelText('Maximum') as HTMLInputElement).value).toBe('5');
    expect((form.getByLabelText('Rating type') as HTMLSelectElement).value).toBe('stars');
    saveChanges(1);
    await waitFor(() =>
      expect(last()?.[0]).toEqual({ id: 'q1', text: 'Did we solve your problem?', type: 'rating', required: true, metadata: { minValue: 1, maxValue: 5, ratingType: 'stars' } }),
    );

    fireEvent.click(button('Edit question 2'));
    type(editor(2).getByLabelText('Question type'), 'single_choice');
    saveChanges(2);
    await waitFor(() =>
      expect(last()?.[1]).toEqual({
        id: 'q2',
        text: 'What could we do better?',
        type: 'single_choice',
        required: false,
        allowFreeChoice: false,
        options: [
          { id: 'option_1', text: 'Option 1' },
          { id: 'option_2', text: 'Option 2' },
        ],
      }),
    );
  });

  it('saves a bad or out-of-range rating scale as 1 to 5, and keeps a valid one', async () => {
    const { last } = setup();
    const saveRating = async (min: string, max: string, ratingType = 'numbers') => {
      fireEvent.click(button('Edit question 3'));
      const form = editor(3);
      type(form.getByLabelText('Minimum'), min);
      type(form.getByLabelText('Maximum'), max);
      type(form.getByLabelText('Rating type'), ratingType);
      saveChanges(3);
      await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit question 3' })).toBeNull());
      return last()?.[2].metadata;
    };
    expect(await saveRating('abc', '99')).toEqual({ minValue: 1, maxValue: 5, ratingType: 'numbers' });
    expect(screen.getByText('Scale 1 to 5 · Numbers')).toBeTruthy();
    expect(await saveRating('7', '3', 'scale')).toEqual({ minValue: 1, maxValue: 5, ratingType: 'scale' });
    expect(await saveRating('2.5', '', 'stars')).toEqual({ minValue: 1, maxValue: 5, ratingType: 'stars' });
    expect(await saveRating('0', '10')).toEqual({ minValue: 0, maxValue: 10, ratingType: 'numbers' });
    expect(await saveRating('2', '-1')).toEqual({ minValue: 2, maxValue: 5, ratingType: 'numbers' });
  });

  it('does not save a question with a blank option or blank text, and shows why under the field', async () => {
    const { onChange } = setup();
    fireEvent.click(button('Edit question 1'));
    const form = editor(1);
    type(form.getByLabelText('Option 2'), '   ');
    type(form.getByLabelText('Question text'), '');
    saveChanges(1);
    expect(await form.findByText('Option text is required')).toBeTruthy();
    expect(form.getByText('Question text is required')).toBeTruthy();
    expect((form.getByLabelText('Option 2') as HTMLInputElement).getAttribute('aria-invalid')).toBe('true');
    expect((form.getByLabelText('Option 1') as HTMLInputElement).getAttribute('aria-invalid')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('form', { name: 'Edit question 1' })).toBeTruthy();

    type(form.getByLabelText('Option 2'), 'No');
    type(form.getByLabelText('Question text'), 'Solved?');
    saveChanges(1);
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
  });

  it('checks the selection limits of a multiple choice question and saves them', async () => {
    const { onChange, last } = setup([{ ...choice('q1', 'Which?', ['A', 'B', 'C']), type: 'multiple_choice' }]);
    fireEvent.click(button('Edit question 1'));
    const form = editor(1);
    type(form.getByLabelText('At least'), '0');
    type(form.getByLabelText('At most'), '4');
    saveChanges(1);
    expect(await form.findByText('Minimum selections must be a whole number from 1 to 3')).toBeTruthy();
    expect(form.getByText('Maximum selections must be a whole number from 1 to 3')).toBeTruthy();
    type(form.getByLabelText('At least'), '1.5');
    saveChanges(1);
    expect(await form.findByText('Minimum selections must be a whole number')).toBeTruthy();
    type(form.getByLabelText('At least'), '3');
    type(form.getByLabelText('At most'), '2');
    saveChanges(1);
    expect(await form.findByText('Minimum selections must not exceed maximum selections')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
    type(form.getByLabelText('At least'), '2');
    type(form.getByLabelText('At most'), '');
    saveChanges(1);
    await waitFor(() => expect(last()?.[0].metadata).toEqual({ minSelections: 2 }));
    expect(screen.getByText('Choose at least 2')).toBeTruthy();
  });

  it('keeps metadata the editor does not show, and drops what the new type does not use', async () => {
    const { last } = setup([{ ...SAMPLE[2], metadata: { ...SAMPLE[2].metadata, tone: 'warm' } }]);
    fireEvent.click(button('Edit question 1'));
    type(editor(1).getByLabelText('Question type'), 'text');
    saveChanges(1);
    await waitFor(() => expect(last()?.[0]).toEqual({ id: 'q3', text: 'How likely are you to recommend us?', type: 'text', required: true, metadata: { tone: 'warm' } }));
  });

  it('closes the editor when its question is replaced from outside, and keeps it open otherwise', () => {
    const onChange = vi.fn();
    const { rerender } = render(<QuestionsTab questions={SAMPLE} onChange={onChange} />);
    fireEvent.click(button('Edit question 1'));
    type(editor(1).getByLabelText('Question text'), 'Half typed');
    rerender(<QuestionsTab questions={SAMPLE.map((q) => ({ ...q }))} onChange={onChange} />);
    expect((editor(1).getByLabelText('Question text') as HTMLInputElement).value).toBe('Half typed');
    rerender(<QuestionsTab questions={[choice('q1', 'Another survey?'), SAMPLE[1]]} onChange={onChange} />);
    expect(screen.queryByRole('form', { name: 'Edit question 1' })).toBeNull();
    expect(screen.getByText('Another survey?')).toBeTruthy();
    expect(button('Edit question 2').disabled).toBe(false);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('greys out every control when disabled', () => {
    setup(SAMPLE, true);
    const controls = [...document.querySelectorAll('input, select, button')];
    expect(controls.length).toBeGreaterThan(10);
    for (const control of controls.filter((c) => !c.closest('dialog'))) expect(control.matches(':disabled')).toBe(true);
  });

  it('has no accessibility violations, displayed and in edit mode', async () => {
    const { view } = setup([{ ...choice('q1', 'Which?'), type: 'multiple_choice' }, ...SAMPLE.slice(1)]);
    const check = async () => {
      const result = await axe.run(view.container, { rules: { 'color-contrast': { enabled: false } } });
      expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    };
    await check();
    fireEvent.click(button('Edit question 1'));
    type(editor(1).getByLabelText('Option 1'), '');
    saveChanges(1);
    expect(await editor(1).findByText('Option text is required')).toBeTruthy();
    await check();
    fireEvent.click(editor(1).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(button('Edit question 3'));
    await check();
  });
});
