import { describe, expect, it } from 'vitest';
import { parseSurveyStart, surveyStartMessage } from './chat';
import {
  DEFAULT_CHOICE_OPTIONS,
  formatCompletionRate,
  formatCompletionTime,
  isOtherAnswer,
  mergeSurveyAnalytics,
  newSurveyConfig,
  otherAnswerValue,
  parseSurveyControl,
  ratingBounds,
  ratingScale,
  selectionLimits,
  surveyAnswerText,
  surveyChoices,
  surveyCompletionMessage,
  surveyControlMessage,
  surveyControls,
  surveyIntroMessage,
  surveyQuestionMessage,
  surveyStepOf,
  surveyTitle,
  SURVEY_CHAT_TEXTS,
  withQuestionType,
  type SurveyConfig,
  type SurveyQuestion,
} from './survey';
import { createSurveyRequestSchema, surveyConfigSchema, updateSurveyRequestSchema } from './survey.schemas';

const yesNo: SurveyQuestion = {
  id: 'q1',
  text: 'Did you find a mooring?',
  type: 'single_choice',
  required: true,
  allowFreeChoice: true,
  options: [
    { id: 'yes', text: 'Yes' },
    { id: 'no', text: 'No' },
  ],
};

describe('withQuestionType', () => {
  it('drops the options of a question turned into text or rating; rating gets the 1 to 5 stars', () => {
    expect(withQuestionType(yesNo, 'text')).toEqual({ id: 'q1', text: 'Did you find a mooring?', type: 'text', required: true });
    expect(withQuestionType(yesNo, 'rating')).toEqual({
      id: 'q1',
      text: 'Did you find a mooring?',
      type: 'rating',
      required: true,
      metadata: { minValue: 1, maxValue: 5, ratingType: 'stars' },
    });
  });

  it('gives a choice question without options two default ones, as copies', () => {
    const text: SurveyQuestion = { id: 'q2', text: 'Anything else?', type: 'text', required: false };
    const choice = withQuestionType(text, 'multiple_choice');
    expect(choice).toEqual({
      id: 'q2',
      text: 'Anything else?',
      type: 'multiple_choice',
      required: false,
      options: [
        { id: 'option_1', text: 'Option 1' },
        { id: 'option_2', text: 'Option 2' },
      ],
    });
    choice.options![0].text = 'Changed';
    expect(DEFAULT_CHOICE_OPTIONS[0].text).toBe('Option 1');
  });

  it('keeps the options (and Other) of a choice question changing to the other choice type', () => {
    expect(withQuestionType(yesNo, 'multiple_choice')).toEqual({ ...yesNo, type: 'multiple_choice' });
  });

  it('drops a rating scale when a rating question becomes a choice question', () => {
    const rating: SurveyQuestion = { id: 'r', text: 'Rate us', type: 'rating', required: true, metadata: { minValue: 0, maxValue: 10, ratingType: 'numbers' } };
    const choice = withQuestionType(rating, 'single_choice');
    expect(choice.metadata).toBeUndefined();
    expect(choice.options).toEqual([...DEFAULT_CHOICE_OPTIONS]);
  });

  it('keeps a rating scale that is already set', () => {
    const rating: SurveyQuestion = { id: 'r', text: 'Rate us', type: 'rating', required: true, metadata: { minValue: 0, maxValue: 10, ratingType: 'numbers' } };
    expect(withQuestionType(rating, 'rating').metadata).toEqual({ minValue: 0, maxValue: 10, ratingType: 'numbers' });
  });
});

describe('ratingBounds', () => {
  /** What a builder's inputs may hold, typed or not. */
  const typedIn = (metadata: Record<string, unknown>) => metadata as Parameters<typeof ratingBounds>[0];

  it('keeps whole bounds from 0 to 10 with min below max', () => {
    expect(ratingBounds({ minValue: 0, maxValue: 10 })).toEqual({ minValue: 0, maxValue: 10 });
    expect(ratingBounds(typedIn({ minValue: '2', maxValue: ' 4 ' }))).toEqual({ minValue: 2, maxValue: 4 });
  });

  it('falls back to 1 to 5 on bad input, each bound on its own when only it is bad', () => {
    expect(ratingBounds(undefined)).toEqual({ minValue: 1, maxValue: 5 });
    expect(ratingBounds({ minValue: 5, maxValue: 5 })).toEqual({ minValue: 1, maxValue: 5 });
    expect(ratingBounds({ minValue: 8, maxValue: 3 })).toEqual({ minValue: 1, maxValue: 5 });
    expect(ratingBounds({ minValue: -1, maxValue: 11 })).toEqual({ minValue: 1, maxValue: 5 });
    expect(ratingBounds(typedIn({ minValue: 'low', maxValue: 7 }))).toEqual({ minValue: 1, maxValue: 7 });
    expect(ratingBounds({ minValue: 2, maxValue: 4.5 })).toEqual({ minValue: 2, maxValue: 5 });
    expect(ratingBounds({ minValue: 6 })).toEqual({ minValue: 1, maxValue: 5 });
  });
});

describe('selectionLimits', () => {
  it('is 1 to all options unless set', () => {
    expect(selectionLimits(undefined, 3)).toEqual({ minSelections: 1, maxSelections: 3 });
    expect(selectionLimits({ minSelections: 2, maxSelections: 2 }, 4)).toEqual({ minSelections: 2, maxSelections: 2 });
  });

  it('keeps the limits within the options and min at most max', () => {
    expect(selectionLimits({ maxSelections: 10 }, 3)).toEqual({ minSelections: 1, maxSelections: 3 });
    expect(selectionLimits({ minSelections: 5, maxSelections: 3 }, 4)).toEqual({ minSelections: 3, maxSelections: 3 });
    expect(selectionLimits({ minSelections: 1.5, maxSelections: -2 }, 3)).toEqual({ minSelections: 1, maxSelections: 3 });
    expect(selectionLimits({ minSelections: 0 }, 0)).toEqual({ minSelections: 1, maxSelections: 1 });
  });
});

describe('surveyQuestionMessage', () => {
  const config: SurveyConfig = {
    ...newSurveyConfig('survey_test'),
    questions: [
      yesNo,
      {
        id: 'q2',
        text: 'What brought you here?',
        type: 'multiple_choice',
        required: false,
        allowFreeChoice: true,
        options: [
          { id: 'fuel', text: 'Fuel' },
          { id: 'food', text: 'Food' },
          { id: 'rest', text: 'Rest' },
        ],
        metadata: { minSelections: 1, maxSelections: 2 },
      },
      { id: 'q3', text: 'How likely are you to come back?', type: 'rating', required: true, metadata: { minValue: 0, maxValue: 10, ratingType: 'numbers' } },
      { id: 'q4', text: 'Anything else?', type: 'text', required: false },
    ],
  };
  const leave = (q: string) => ({ text: 'Leave survey', action: `survey_leave:7:${q}` });
  const back = (q: string) => ({ text: 'Back', action: `survey_back:7:${q}` });
  const skip = (q: string) => ({ text: 'Skip', action: `survey_skip:7:${q}` });

  it('asks a single-choice question as a menu with Other, without Back on the first question', () => {
    expect(surveyQuestionMessage(7, config, 0, { responseId: 3 })).toEqual({
      content: 'Did you find a mooring?',
      messageType: 'menu',
      metadata: {
        survey: {
          kind: 'question',
          surveyId: 7,
          responseId: 3,
          questionId: 'q1',
          questionType: 'single_choice',
          questionText: 'Did you find a mooring?',
          progress: { current: 1, total: 4 },
        },
        quickReplies: [leave('q1')],
        options: [
          { id: 'yes', text: 'Yes' },
          { id: 'no', text: 'No' },
          { id: 'q_other', text: 'Other' },
        ],
      },
    });
  });

  it('asks a multiple-choice question as a multiselect with its limits, Back and Skip', () => {
    const message = surveyQuestionMessage(7, config, 1);
    expect(message.messageType).toBe('multiselect_menu');
    expect(message.metadata).toMatchObject({ minSelections: 1, maxSelections: 2, quickReplies: [back('q2'), skip('q2'), leave('q2')] });
    expect(message.metadata.options).toEqual([
      { id: 'fuel', text: 'Fuel' },
      { id: 'food', text: 'Food' },
      { id: 'rest', text: 'Rest' },
      { id: 'q_other', text: 'Other' },
    ]);
    expect(message.metadata.survey).not.toHaveProperty('responseId');
  });

  it('asks a rating with its scale and type, and no Skip when required', () => {
    const message = surveyQuestionMessage(7, config, 2);
    // Number buttons are "numeric" in the widget's message contract.
    expect(message).toMatchObject({ messageType: 'rating', metadata: { minValue: 0, maxValue: 10, ratingType: 'numeric', quickReplies: [back('q3'), leave('q3')] } });
    expect(message.metadata.survey.progress).toEqual({ current: 3, total: 4 });
    const withType = (ratingType?: 'stars' | 'numbers' | 'scale') => ({ ...config, questions: [{ ...config.questions[2], metadata: { minValue: 0, maxValue: 10, ratingType } }] });
    expect(surveyQuestionMessage(7, withType('scale'), 0).metadata.ratingType).toBe('scale');
    expect(surveyQuestionMessage(7, withType('stars'), 0).metadata.ratingType).toBe('stars');
    expect(surveyQuestionMessage(7, withType(undefined), 0).metadata.ratingType).toBe('stars');
  });

  it('asks a text question as text, in the model’s words when given, the owner’s kept', () => {
    const phrased = surveyQuestionMessage(7, config, 3, { content: '  Anything else on your mind?  ' });
    expect(phrased).toEqual({
      content: 'Anything else on your mind?',
      messageType: 'text',
      metadata: {
        survey: { kind: 'question', surveyId: 7, questionId: 'q4', questionType: 'text', questionText: 'Anything else?', progress: { current: 4, total: 4 } },
        quickReplies: [back('q4'), skip('q4'), leave('q4')],
      },
    });
    expect(surveyQuestionMessage(7, config, 3, { content: '   ' }).content).toBe('Anything else?');
  });

  it('offers no Back when back navigation is off, and no progress when it is hidden', () => {
    const strict = { ...config, settings: { allowBackNavigation: false, showProgress: false, savePartialResponses: true } };
    const message = surveyQuestionMessage(7, strict, 2);
    expect(message.metadata.quickReplies).toEqual([leave('q3')]);
    expect(message.metadata.survey).not.toHaveProperty('progress');
  });
});

describe('survey intro and completion messages', () => {
  const config: SurveyConfig = { ...newSurveyConfig('survey_test'), title: 'Harbour visit', description: '  How was your stay?  ', completionMessage: 'Fair winds!' };

  it('opens with the title in bold and the description, naming the survey and response', () => {
    expect(surveyIntroMessage(7, config, 'Visit survey', { responseId: 3 })).toEqual({
      content: '**Harbour visit**\n\nHow was your stay?',
      messageType: 'text',
      metadata: { survey: { kind: 'notice', surveyId: 7, responseId: 3 } },
    });
    expect(surveyIntroMessage(7, { ...config, description: ' ' }).content).toBe('**Harbour visit**');
    expect(surveyIntroMessage(7, config).metadata.survey).not.toHaveProperty('responseId');
  });

  it('falls back on the survey name, then the default title', () => {
    expect(surveyTitle({ title: '  ' }, ' Visit survey ')).toBe('Visit survey');
    expect(surveyTitle({ title: '' }, null)).toBe('New Survey');
    expect(surveyIntroMessage(7, { ...config, title: ' ', description: '' }, 'Visit survey').content).toBe('**Visit survey**');
    expect(surveyIntroMessage(7, { ...config, title: '', description: '' }).content).toBe('**New Survey**');
  });

  it('shows the name the owner gave a survey whose title is still the default one', () => {
    expect(surveyTitle({ title: 'New Survey' }, 'Harbour visit')).toBe('Harbour visit');
    expect(surveyTitle({ title: ' New Survey ' }, ' Harbour visit ')).toBe('Harbour visit');
    expect(surveyIntroMessage(7, { ...config, title: 'New Survey', description: '' }, 'Harbour visit').content).toBe('**Harbour visit**');
    // A title of the owner's own wins over the name; the default stays when nothing better is given.
    expect(surveyTitle({ title: 'Harbour visit' }, 'Visit survey')).toBe('Harbour visit');
    expect(surveyTitle({ title: 'New Survey' }, 'New Survey')).toBe('New Survey');
    expect(surveyTitle({ title: 'New Survey' }, '  ')).toBe('New Survey');
    expect(surveyTitle({ title: 'New Survey' })).toBe('New Survey');
  });

  it('ends with the completion message, the default one when blank', () => {
    expect(surveyCompletionMessage(7, config, { responseId: 3 })).toEqual({
      content: 'Fair winds!',
      messageType: 'text',
      metadata: { survey: { kind: 'completion', surveyId: 7, responseId: 3 } },
    });
    expect(surveyCompletionMessage(7, { ...config, completionMessage: '  ' }).content).toBe('Thank you for completing the survey!');
  });
});

describe('choices, Other answers and rating scales', () => {
  it('lists a question’s options, then Other when free answers are allowed', () => {
    expect(surveyChoices(yesNo)).toEqual([
      { id: 'yes', text: 'Yes' },
      { id: 'no', text: 'No' },
      { id: 'q_other', text: 'Other' },
    ]);
    expect(surveyChoices({ ...yesNo, allowFreeChoice: false }).map((c) => c.id)).toEqual(['yes', 'no']);
    expect(surveyChoices({ allowFreeChoice: true })).toEqual([{ id: 'q_other', text: 'Other' }]);
  });

  it('writes and recognises an Other answer', () => {
    expect(otherAnswerValue('A travel kettle')).toBe('Other: A travel kettle');
    expect(isOtherAnswer('Other: A travel kettle')).toBe(true);
    expect(isOtherAnswer('Other')).toBe(true);
    expect(isOtherAnswer('Others')).toBe(false);
    expect(isOtherAnswer('Yes')).toBe(false);
  });

  it('reads a rating scale with its type, stars unless a known type is set', () => {
    expect(ratingScale(undefined)).toEqual({ minValue: 1, maxValue: 5, ratingType: 'stars' });
    expect(ratingScale({ minValue: 0, maxValue: 10, ratingType: 'scale' })).toEqual({ minValue: 0, maxValue: 10, ratingType: 'scale' });
    expect(ratingScale({ minValue: 9, maxValue: 2, ratingType: 'numbers' })).toEqual({ minValue: 1, maxValue: 5, ratingType: 'numbers' });
    expect(ratingScale({ ratingType: 'hearts' as never })).toEqual({ minValue: 1, maxValue: 5, ratingType: 'stars' });
  });
});

describe('survey figures as shown', () => {
  it('formats completion times in seconds under a minute, else minutes', () => {
    expect(formatCompletionTime(59_000)).toBe('59s');
    expect(formatCompletionTime(59_400)).toBe('59s');
    // Never "60s": what rounds to a whole minute reads in minutes.
    expect(formatCompletionTime(59_600)).toBe('1 min');
    expect(formatCompletionTime(0)).toBe('0s');
    expect(formatCompletionTime(90_000)).toBe('1.5 min');
    expect(formatCompletionTime(120_000)).toBe('2 min');
  });

  it('formats completion rates to one decimal', () => {
    expect(formatCompletionRate(66.666)).toBe('66.7%');
    expect(formatCompletionRate(100)).toBe('100.0%');
    expect(formatCompletionRate(0)).toBe('0.0%');
  });

  it('merges bots: totals summed, rates averaged over bots with responses, a failed bot as zeros', () => {
    const merged = mergeSurveyAnalytics([
      { totalSurveys: 2, totalResponses: 10, completionRate: 80, averageCompletionTime: 60_000 },
      { totalSurveys: 1, totalResponses: 0, completionRate: 0, averageCompletionTime: 0 },
      null,
      { totalSurveys: 3, totalResponses: 5, completionRate: 40, averageCompletionTime: 30_000 },
    ]);
    expect(merged).toEqual({ totalSurveys: 6, totalResponses: 15, completionRate: 60, averageCompletionTime: 45_000 });
    expect(mergeSurveyAnalytics([null])).toEqual({ totalSurveys: 0, totalResponses: 0, completionRate: 0, averageCompletionTime: 0 });
    expect(mergeSurveyAnalytics([])).toEqual({ totalSurveys: 0, totalResponses: 0, completionRate: 0, averageCompletionTime: 0 });
  });

  it('writes an answer as one line', () => {
    const at = '2026-03-02T09:00:00.000Z';
    expect(surveyAnswerText({ value: ['Fuel', 'Other: Ice'], answeredAt: at })).toBe('Fuel, Other: Ice');
    expect(surveyAnswerText({ value: 7, answeredAt: at })).toBe('7');
    expect(surveyAnswerText({ value: 'Lovely', answeredAt: at })).toBe('Lovely');
  });
});

describe('survey refusal texts', () => {
  it('names the scale of a rating and the count a multiple choice takes', () => {
    expect(SURVEY_CHAT_TEXTS.chooseRating(1, 5)).toBe('Please choose a rating from 1 to 5.');
    expect(SURVEY_CHAT_TEXTS.chooseRating(0, 10)).toBe('Please choose a rating from 0 to 10.');
    expect(SURVEY_CHAT_TEXTS.chooseBetween(1, 2)).toBe('Please choose between 1 and 2 options.');
    expect(SURVEY_CHAT_TEXTS.chooseBetween(2, 2)).toBe('Please choose 2 options.');
    expect(SURVEY_CHAT_TEXTS.chooseBetween(1, 1)).toBe('Please choose 1 option.');
    expect(SURVEY_CHAT_TEXTS.otherNeedsWords).toBe('Please type your answer for Other.');
  });
});

describe('survey internal messages', () => {
  it('round-trips every control and refuses anything else', () => {
    for (const control of surveyControls) {
      expect(parseSurveyControl(surveyControlMessage(control, 12, 'q_1-a'))).toEqual({ control, surveyId: 12, questionId: 'q_1-a' });
    }
    expect(parseSurveyControl('  survey_skip:3:q2 ')).toEqual({ control: 'skip', surveyId: 3, questionId: 'q2' });
    for (const junk of ['survey_jump:1:q1', 'survey_back:x:q1', 'survey_back:1:', 'survey_back:1:q 1', 'survey_back:1:q1:more', 'back', '', null, undefined]) {
      expect(parseSurveyControl(junk), String(junk)).toBeNull();
    }
  });

  it('round-trips a survey start', () => {
    expect(parseSurveyStart(surveyStartMessage(42))).toBe('42');
    expect(parseSurveyStart('start_chat')).toBeNull();
  });

  it('reads a message’s survey step defensively', () => {
    expect(surveyStepOf({ survey: { kind: 'question', surveyId: 4, questionId: 'q1' } })).toEqual({ kind: 'question', surveyId: 4, questionId: 'q1' });
    expect(surveyStepOf({ survey: { kind: 'question', surveyId: '4' } })).toBeNull();
    expect(surveyStepOf({ survey: { kind: 'other', surveyId: 4 } })).toBeNull();
    expect(surveyStepOf(null)).toBeNull();
  });
});

describe('survey schemas', () => {
  it('accepts an update flat or wrapped as `updates`, and needs at least one field', () => {
    expect(updateSurveyRequestSchema.parse({ updates: { name: ' Visit ', status: 'active' } })).toEqual({ name: 'Visit', status: 'active' });
    expect(updateSurveyRequestSchema.parse({ description: null })).toEqual({ description: null });
    for (const empty of [{}, { updates: {} }]) {
      expect(updateSurveyRequestSchema.safeParse(empty).error?.issues.map((i) => i.message)).toEqual(['Nothing to update: send name, description, status or surveyConfig']);
    }
    expect(updateSurveyRequestSchema.safeParse({ updates: { status: 'paused' } }).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['status', 'Status must be draft, active or archived'],
    ]);
  });

  it('fills a config’s defaults and checks its questions', () => {
    expect(surveyConfigSchema.parse({ id: 'survey_x' })).toEqual(newSurveyConfig('survey_x'));
    const issues = (questions: unknown[]) => surveyConfigSchema.safeParse({ id: 's', questions }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues([{ ...yesNo, options: [{ id: 'yes', text: 'Yes' }] }])).toEqual([['questions.0.options', 'A choice question needs at least 2 options']]);
    expect(issues([{ id: 'r', text: 'Rate', type: 'rating', metadata: { minValue: 5, maxValue: 2 } }])).toEqual([['questions.0.metadata', 'Rating minimum must be below its maximum']]);
    expect(issues([yesNo, { ...yesNo, text: 'Again' }])).toEqual([['questions.1.id', 'Question id "q1" is used twice']]);
    expect(issues([{ ...yesNo, options: [...yesNo.options!, { id: 'q_other', text: 'Other' }] }])).toEqual([
      ['questions.0.options', '"q_other" is reserved for the Other option: use allowFreeChoice'],
    ]);
    expect(surveyConfigSchema.parse({ id: 's', questions: [{ id: 't', text: 'Say', type: 'text' }] }).questions[0].required).toBe(true);
  });

  it('keeps a multiple choice question’s selection limits within its choices, Other included', () => {
    const multi = (metadata: Record<string, unknown>, allowFreeChoice = false) =>
      surveyConfigSchema.safeParse({ id: 's', questions: [{ ...yesNo, type: 'multiple_choice', allowFreeChoice, metadata }] }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(multi({ minSelections: 0, maxSelections: 4 })).toEqual([
      ['questions.0.metadata.minSelections', 'Minimum selections must be a whole number from 1 to 2'],
      ['questions.0.metadata.maxSelections', 'Maximum selections must be a whole number from 1 to 2'],
    ]);
    // Other is a third choice.
    expect(multi({ minSelections: 3, maxSelections: 3 }, true)).toBeUndefined();
    expect(multi({ minSelections: 2, maxSelections: 1 })).toEqual([['questions.0.metadata.minSelections', 'Minimum selections must not exceed maximum selections']]);
    expect(multi({ minSelections: 1.5 })).toEqual([['questions.0.metadata.minSelections', 'Minimum selections must be a whole number']]);
    expect(multi({ maxSelections: 2 })).toBeUndefined();
    // Other question types do not use them.
    const single = surveyConfigSchema.safeParse({ id: 's', questions: [{ ...yesNo, metadata: { minSelections: 5, maxSelections: 9 } }] });
    expect(single.success).toBe(true);
  });

  it('needs a name to create a survey', () => {
    expect(createSurveyRequestSchema.safeParse({ name: '  ' }).error?.issues.map((i) => i.message)).toEqual(['Name is required']);
    expect(createSurveyRequestSchema.parse({ name: 'Visit' })).toEqual({ name: 'Visit' });
  });
});
