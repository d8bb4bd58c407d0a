import { describe, expect, it } from 'vitest';
import { newSurveyConfig, type SurveyAssistantRequest, type SurveyConfig, type SurveyQuestion } from '@parley/contracts';
import { surveyConfigSchema } from '@parley/contracts/schemas';
import { clauseToQuestion } from './clauseToQuestion';
import { offlineSurveyAssistant } from './offlineSurveyAssistant';
import { asksForQuestions } from './questionAsks';

const BAKERY = { chatbotName: 'Crumb & Co', description: 'Crumb & Co bakery: sourdough, pastries, birthday cakes, coffee, baking classes, delivery' };

const current: SurveyConfig = {
  ...newSurveyConfig('survey_current'),
  title: 'Visit feedback',
  questions: [
    { id: 'question_1', text: 'How was your visit today?', type: 'rating', required: true, metadata: { minValue: 1, maxValue: 5, ratingType: 'stars' } },
    { id: 'question_2', text: 'Anything else?', type: 'text', required: false },
  ],
};

/** One offline turn for the bakery bot; the config always passes the survey schema. */
function assist(words: string, { action = 'custom' as SurveyAssistantRequest['action'], survey = null as SurveyConfig | null } = {}) {
  const reply = offlineSurveyAssistant(
    { action, context: { ...BAKERY, currentSurvey: survey ? { name: 'Current', surveyConfig: survey } : null }, userMessage: words },
    () => 'survey_fresh',
  );
  if (!('bubbles' in reply)) throw new Error('expected bubbles');
  const config = reply.bubbles[0].metadata?.surveyConfig;
  if (!config) throw new Error('expected a survey config');
  expect(surveyConfigSchema.parse(config)).toEqual(config);
  return { config, explanation: reply.bubbles[0].content };
}

/** A question as the owner sees it: text, type, options joined by "/" (plus "+Other"), and a rating's scale. */
const shown = (q: SurveyQuestion) => [
  q.text,
  q.type,
  [...(q.options ?? []).map((o) => o.text), ...(q.allowFreeChoice ? ['+Other'] : [])].join('/'),
  q.type === 'rating' ? `${q.metadata?.minValue}-${q.metadata?.maxValue} ${q.metadata?.ratingType}` : '',
];
const added = (config: SurveyConfig) => config.questions.slice(current.questions.length).map(shown);

describe('custom requests in the owner\'s own words (bakery bot)', () => {
  it('a survey for a class with its questions listed after a colon asks exactly those, about the class', () => {
    const { config, explanation } = assist('survey for people who attended our sourdough baking class: rate the teacher, was it too long, would they come again');
    expect(config.id).toBe('survey_fresh');
    expect(config.title).toBe('Sourdough Baking Class Survey');
    expect(config.description).toBe('A short survey about our sourdough baking class.');
    expect(config.questions.map(shown)).toEqual([
      ['How would you rate the teacher?', 'rating', '', '1-5 stars'],
      ['Was the sourdough baking class too long?', 'single_choice', 'Yes/No', ''],
      ['Would you come again?', 'single_choice', 'Yes/No', ''],
    ]);
    expect(explanation.split('\n')[0]).toBe('I built "Sourdough Baking Class Survey" with the 3 questions you listed about our sourdough baking class:');
    expect(explanation).not.toMatch(/Crumb & Co/);
  });

  it('a survey for customers who ordered a birthday cake is about the birthday cakes, never the business in general', () => {
    const { config, explanation } = assist('a short survey for customers who ordered a birthday cake');
    expect(config.title).toBe('Birthday Cakes Survey');
    expect(config.questions.map(shown)).toEqual([
      ['How would you rate our birthday cakes?', 'rating', '', '1-5 stars'],
      ['What did you like most about our birthday cakes?', 'multiple_choice', 'Taste/Design/Ready on time/Easy ordering/Value for money/+Other', ''],
      ['How likely are you to recommend our birthday cakes to a friend?', 'rating', '', '0-10 scale'],
      ['What could we improve about our birthday cakes?', 'text', '', ''],
    ]);
    expect(explanation).not.toMatch(/I built "Crumb & Co/);
  });

  it('a 1 to 10 coffee rating and a pastry choice with exactly the three pastries named', () => {
    const words = 'ask customers to rate our coffee from 1 to 10 and tell us which pastry they like best (croissant, pain au chocolat, cinnamon bun)';
    const expected = [
      ['How would you rate our coffee?', 'rating', '', '1-10 numbers'],
      ['Which pastry do you like best?', 'single_choice', 'Croissant/Pain au chocolat/Cinnamon bun/+Other', ''],
    ];
    const fresh = assist(words);
    expect(fresh.config.questions.map(shown)).toEqual(expected);
    expect(fresh.config.title).toBe('Crumb & Co Survey');
    expect(fresh.explanation.split('\n')[0]).toBe('I built "Crumb & Co Survey" with the 2 questions you asked for:');
    expect(added(assist(words, { survey: current }).config)).toEqual(expected);
  });

  it.each([
    ['rate our coffee from 1 to 10', [['How would you rate our coffee?', 'rating', '', '1-10 numbers']]],
    ['which pastry do you like best: croissant, pain au chocolat, cinnamon bun', [['Which pastry do you like best?', 'single_choice', 'Croissant/Pain au chocolat/Cinnamon bun/+Other', '']]],
    [
      'add a question: which pastry do you like best, options croissant, pain au chocolat, cinnamon bun',
      [['Which pastry do you like best?', 'single_choice', 'Croissant/Pain au chocolat/Cinnamon bun/+Other', '']],
    ],
  ])('"%s" is acted on: appended to the current survey, or a new survey of it', (words, expected) => {
    const onCurrent = assist(words, { survey: current });
    expect(onCurrent.config.questions.slice(0, 2)).toEqual(current.questions);
    expect(added(onCurrent.config)).toEqual(expected);
    expect(onCurrent.explanation).toBe(`Added "${expected[0][0]}" (${expected[0][1] === 'rating' ? 'rating, 1 to 10' : 'single choice'}).`);
    const fresh = assist(words);
    expect(fresh.config.questions.map(shown)).toEqual(expected);
    expect(fresh.explanation).not.toMatch(/couldn't find a change/);
  });

  it('"Questions about our new vegan range" builds a survey on it, or adds three questions to the current one', () => {
    const fresh = assist('Questions about our new vegan range');
    expect(fresh.config.title).toBe('New Vegan Range Survey');
    expect(fresh.config.questions.map((q) => q.text)).toEqual([
      'How would you rate our new vegan range?',
      'What matters most to you about our new vegan range?',
      'How did our new vegan range compare with your expectations?',
      'What could we improve about our new vegan range?',
    ]);
    expect(fresh.config.questions[1].options?.map((o) => o.text)).toEqual(['Taste', 'Variety', 'Portion size', 'Presentation', 'Price']);
    const onCurrent = assist('Questions about our new vegan range', { survey: current });
    expect(added(onCurrent.config).map(([text, type]) => [text, type])).toEqual([
      ['How would you rate our new vegan range?', 'rating'],
      ['What matters most to you about our new vegan range?', 'multiple_choice'],
      ['What could we improve about our new vegan range?', 'text'],
    ]);
  });

  it('"ask if the delivery arrived on time and rate the packaging" is two questions', () => {
    const { config, explanation } = assist('ask if the delivery arrived on time and rate the packaging', { survey: current });
    expect(added(config)).toEqual([
      ['Did your delivery arrive on time?', 'single_choice', 'Yes/No', ''],
      ['How would you rate the packaging?', 'rating', '', '1-5 stars'],
    ]);
    expect(explanation.split('\n')).toEqual(['Added "Did your delivery arrive on time?" (single choice).', 'Added "How would you rate the packaging?" (rating, 1 to 5 stars).']);
  });

  it('"add a yes/no question: would you recommend us to a friend" is a Yes/No choice, not a 0 to 10 scale', () => {
    const { config } = assist('add a yes/no question: would you recommend us to a friend', { survey: current });
    expect(added(config)).toEqual([['Would you recommend us to a friend?', 'single_choice', 'Yes/No', '']]);
    expect(added(assist('would you like to receive our newsletter', { survey: current }).config)).toEqual([['Would you like to receive our newsletter?', 'single_choice', 'Yes/No', '']]);
  });

  it('add_questions reads "and one asking for their email" as a second question', () => {
    const { config, explanation } = assist('a question about our birthday cakes and one asking for their email', { action: 'add_questions', survey: current });
    expect(added(config)).toEqual([
      ['How would you rate our birthday cakes?', 'rating', '', '1-5 stars'],
      ['What is your email address?', 'text', '', ''],
    ]);
    expect(explanation.split('\n')[0]).toBe('I added 2 questions at the end of "Visit feedback":');
  });

  it('says which listed items it did not understand instead of guessing', () => {
    const { config, explanation } = assist('survey for people who attended our sourdough baking class: rate the teacher, bring back the rye');
    expect(config.questions.map((q) => q.text)).toEqual(['How would you rate the teacher?']);
    expect(explanation.split('\n').at(-1)).toBe('I didn\'t understand: "bring back the rye", so I left it out.');
    const add = assist('add a question about our coffee and then sort out the flux capacitor', { survey: current });
    expect(added(add.config).map(([text]) => text)).toEqual(['How would you rate our coffee?']);
    expect(add.explanation.split('\n')).toEqual(['Added "How would you rate our coffee?" (rating, 1 to 5 stars).', 'I didn\'t understand: "sort out the flux capacitor", so I left it out.']);
  });

  it('still leaves alone what is not a question for visitors', () => {
    for (const words of ['What is the meaning of life?', 'could you make the survey shorter', 'is there a way to skip questions']) {
      expect(assist(words, { survey: current }).config.questions).toEqual(current.questions);
    }
  });
});

describe('reading a clause as a question', () => {
  it('asks for questions only when the words put one to the visitor', () => {
    expect(asksForQuestions('rate our coffee from 1 to 10')).toBe(true);
    expect(asksForQuestions('was it too long')).toBe(true);
    expect(asksForQuestions('which pastry do you like best: croissant, scone')).toBe(true);
    expect(asksForQuestions('what is the meaning of life?')).toBe(false);
    expect(asksForQuestions('rate question 2 out of 10')).toBe(false);
    expect(asksForQuestions('add option Vegan to question 3')).toBe(false);
    expect(asksForQuestions('is the survey ready')).toBe(false);
  });

  it('keeps a question already written as one and asks past events with "did"', () => {
    expect(clauseToQuestion('which', 'pastry do you like best')).toBe('Which pastry do you like best?');
    expect(clauseToQuestion('how', 'did you hear about us')).toBe('How did you hear about us?');
    expect(clauseToQuestion('if', 'the delivery arrived on time')).toBe('Did your delivery arrive on time?');
    expect(clauseToQuestion('whether', 'the bread tasted fresh')).toBe('Did the bread taste fresh?');
  });
});
