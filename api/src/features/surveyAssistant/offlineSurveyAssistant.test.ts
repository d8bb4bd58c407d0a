import { describe, expect, it } from 'vitest';
import { newSurveyConfig, OTHER_OPTION_ID, type SurveyAssistantRequest, type SurveyConfig, type SurveyQuestion } from '@parley/contracts';
import { surveyConfigSchema } from '@parley/contracts/schemas';
import { clauseToQuestion } from './clauseToQuestion';
import { offlineSurveyAssistant } from './offlineSurveyAssistant';
import { tidyQuestionText } from './tidyQuestionText';

const HARBOR = { chatbotName: 'Harbor Help', description: 'Answers questions about moorings and harbour fees.' };
const BAKERY = { chatbotName: 'Crumbs', description: 'A chatbot for our bakery and café in York.' };
const ACME = { chatbotName: 'Acme Cloud', description: 'Helps customers with invoicing, time tracking and reports in the Acme app.' };

type Bot = { chatbotName: string; description: string };

/**
 * One offline turn. Every answer is two bubbles, the first carrying a config that passes the
 * schema unchanged, with unique question ids, option ids "option_n" (never the Other id), and
 * an honest offline note second.
 */
function assist(action: SurveyAssistantRequest['action'], { bot = HARBOR, current = null as SurveyConfig | null, words = '' }: { bot?: Bot; current?: SurveyConfig | null; words?: string } = {}) {
  const reply = offlineSurveyAssistant({ action, context: { ...bot, currentSurvey: current ? { name: 'Current', surveyConfig: current } : null }, userMessage: words }, () => 'survey_fresh');
  if (!('bubbles' in reply)) throw new Error('expected bubbles');
  expect(reply.action).toBe(action);
  expect(reply.bubbles).toHaveLength(2);
  const config = reply.bubbles[0].metadata?.surveyConfig;
  if (!config) throw new Error('expected a survey config');
  expect(surveyConfigSchema.parse(config)).toEqual(config);
  const ids = config.questions.map((q) => q.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const q of config.questions) {
    expect(q.text).toMatch(/^[A-Z0-9].*\?$/);
    expect(q.text).not.toMatch(/ {2}|\?\?/);
    for (const o of q.options ?? []) expect(o.id).not.toBe(OTHER_OPTION_ID);
  }
  expect(reply.bubbles[1].content).toBe(
    "Made offline from your bot's name and description and your words: no AI model was involved. Review it, then use Apply to Survey to put it in the builder.",
  );
  return { config, explanation: reply.bubbles[0].content };
}

const shape = (config: SurveyConfig) => config.questions.map((q) => [q.id, q.type, q.required]);
const texts = (config: SurveyConfig) => config.questions.map((q) => q.text);
const optionTexts = (q: SurveyQuestion) => q.options?.map((o) => o.text) ?? [];

const question = (id: string, text: string, type: SurveyQuestion['type'], extra: Partial<SurveyQuestion> = {}): SurveyQuestion => ({ id, text, type, required: true, ...extra });
const survey = (questions: SurveyQuestion[], extra: Partial<SurveyConfig> = {}): SurveyConfig => ({
  ...newSurveyConfig('survey_current'),
  title: 'Visit feedback',
  completionMessage: 'Cheers!',
  aiInstructions: 'Be brief.',
  settings: { allowBackNavigation: false, showProgress: true, savePartialResponses: false },
  questions,
  ...extra,
});
const current = survey([
  question('question_1', 'How was your visit today?', 'rating', { metadata: { minValue: 1, maxValue: 5, ratingType: 'stars' } }),
  question('question_2', 'Which pastry did you try?', 'single_choice', { options: [{ id: 'option_1', text: 'Croissant' }, { id: 'option_2', text: 'Scone' }] }),
  question('question_3', 'Anything else you want to tell us?', 'text', { required: false }),
]);

describe('offline survey assistant: generate_customer_satisfaction', () => {
  it("builds the four CSAT questions for the bot's business, options from its description", () => {
    const { config, explanation } = assist('generate_customer_satisfaction');
    expect(config.id).toBe('survey_fresh');
    expect(config.title).toBe('Harbor Help Customer Satisfaction');
    expect(config.description).toBe('A short survey about your experience with Harbor: four quick questions.');
    expect(shape(config)).toEqual([
      ['question_1', 'rating', true],
      ['question_2', 'rating', true],
      ['question_3', 'multiple_choice', true],
      ['question_4', 'text', false],
    ]);
    expect(texts(config)).toEqual([
      'Overall, how satisfied are you with Harbor?',
      'How likely are you to recommend Harbor to a friend or colleague?',
      'What went well?',
      'What could we do better?',
    ]);
    expect(config.questions[0].metadata).toEqual({ minValue: 1, maxValue: 5, ratingType: 'stars' });
    expect(config.questions[1].metadata).toEqual({ minValue: 0, maxValue: 10, ratingType: 'scale' });
    const wentWell = config.questions[2];
    expect(wentWell.allowFreeChoice).toBe(true);
    expect(optionTexts(wentWell).slice(0, 3)).toEqual(['Help with moorings', 'Help with harbour fees', 'Easy booking']);
    expect(wentWell.options?.map((o) => o.id)).toEqual(optionTexts(wentWell).map((_, i) => `option_${i + 1}`));
    expect(config.settings).toEqual({ allowBackNavigation: true, showProgress: true, savePartialResponses: true });
    expect(config.completionMessage).toBe('Thank you for completing the survey!');
    expect(explanation.split('\n')[0]).toBe('I made a customer satisfaction survey for Harbor, "Harbor Help Customer Satisfaction":');
    expect(explanation).toContain('• "What went well?" (multiple choice, with Other)');
  });

  it('fits the options to other businesses and never asks about the wrong one', () => {
    const bakery = assist('generate_customer_satisfaction', { bot: BAKERY }).config;
    expect(bakery.title).toBe('Crumbs Customer Satisfaction');
    expect(optionTexts(bakery.questions[2])).toEqual(['Food quality', 'Friendly service', 'Speed of service', 'Value for money', 'Atmosphere']);
    const software = assist('generate_customer_satisfaction', { bot: ACME }).config;
    expect(optionTexts(software.questions[2])).toEqual(['Help with invoicing', 'Help with time tracking', 'Ease of use', 'Useful features', 'Reliability', 'Speed']);
    for (const config of [bakery, software]) expect(JSON.stringify(config)).not.toMatch(/moorings|harbour|lorem/i);
  });

  it('on a current survey keeps its id, settings and messages and says the questions are replaced', () => {
    const { config, explanation } = assist('generate_customer_satisfaction', { current });
    expect(config.id).toBe('survey_current');
    expect(config.settings).toEqual(current.settings);
    expect([config.completionMessage, config.aiInstructions]).toEqual(['Cheers!', 'Be brief.']);
    expect(config.questions).toHaveLength(4);
    expect(explanation).toContain("Applying it replaces the current survey's questions; its settings and completion message stay as they are.");
  });
});

describe('offline survey assistant: generate_feedback', () => {
  it('asks how they heard about the business, the areas that matter (at most 2), ease and suggestions', () => {
    const { config } = assist('generate_feedback', { bot: BAKERY });
    expect(config.title).toBe('Crumbs Feedback');
    expect(shape(config)).toEqual([
      ['question_1', 'single_choice', true],
      ['question_2', 'multiple_choice', true],
      ['question_3', 'rating', true],
      ['question_4', 'text', false],
    ]);
    expect(texts(config)).toEqual(['How did you hear about Crumbs?', 'Which areas matter most to you?', 'How easy was it to order?', 'Do you have any suggestions for us?']);
    expect(config.questions[0].allowFreeChoice).toBe(true);
    expect(optionTexts(config.questions[0])).toContain('Social media');
    expect(config.questions[1].metadata).toEqual({ minSelections: 1, maxSelections: 2 });
    expect(optionTexts(config.questions[1])).toContain('Food quality');
    expect(config.questions[2].metadata).toEqual({ minValue: 1, maxValue: 5, ratingType: 'numbers' });
  });

  it("applies the owner's extra words on top (a tone here)", () => {
    const { config, explanation } = assist('generate_feedback', { words: 'make the tone casual' });
    expect(config.aiInstructions).toBe('Conduct this survey with a casual, relaxed tone. Keep each question short and conversational.');
    expect(explanation).toContain('The survey will now be conducted in a casual tone (AI instructions updated).');
  });
});

describe('offline survey assistant: improve_questions', () => {
  const messy = survey([
    question('q1', 'HOW SATISFIED ARE YOU WITH OUR SERVICE', 'rating', { metadata: { minValue: 1, maxValue: 5 } }),
    question('q2', 'which  dish do you like best ?? ', 'single_choice', {
      options: [
        { id: 'a', text: ' pizza ' },
        { id: 'b', text: 'Pizza' },
        { id: 'c', text: 'pasta' },
        { id: 'd', text: 'Other (please specify)' },
      ],
    }),
    question('q3', 'Please rate our delivery speed', 'rating'),
    question(
      'q4',
      'We value your feedback very much and we read every single answer that we get from our lovely customers. Could you please tell us how we could improve our service for you in the future?',
      'text',
      { required: false },
    ),
    question('q5', 'On a scale of 0 to 10, how likely are you to recommend us', 'rating', { metadata: { minValue: 1, maxValue: 5 } }),
    question('q6', 'Any other comments', 'text', { required: false }),
  ]);

  it('rewords, de-duplicates options, types the scales and keeps ids, count, order, types and required', () => {
    const { config, explanation } = assist('improve_questions', { current: messy, bot: BAKERY });
    expect(shape(config)).toEqual(shape(messy));
    expect(texts(config)).toEqual([
      'How satisfied are you with our service?',
      'Which dish do you like best?',
      'How would you rate our delivery speed?',
      'How could we improve our service for you in the future?',
      'How likely are you to recommend us?',
      'Do you have any other comments?',
    ]);
    expect(config.questions[1].options).toEqual([
      { id: 'a', text: 'Pizza' },
      { id: 'c', text: 'Pasta' },
    ]);
    expect(config.questions[1].allowFreeChoice).toBe(true);
    expect(config.questions[0].metadata).toEqual({ minValue: 1, maxValue: 5, ratingType: 'stars' });
    expect(config.questions[2].metadata).toEqual({ minValue: 1, maxValue: 5, ratingType: 'stars' });
    expect(config.questions[4].metadata).toEqual({ minValue: 0, maxValue: 10, ratingType: 'scale' });
    expect([config.id, config.completionMessage, config.settings]).toEqual([messy.id, messy.completionMessage, messy.settings]);
    expect(explanation.split('\n')).toEqual([
      'I improved 6 of your 6 questions:',
      '• Question 1: reworded to "How satisfied are you with our service?"; the scale is now 1 to 5 stars.',
      '• Question 2: reworded to "Which dish do you like best?"; removed the duplicate option "Pizza"; tidied the option wording; made "Other" a free answer the visitor types.',
      '• Question 3: reworded to "How would you rate our delivery speed?"; the scale is now 1 to 5 stars.',
      '• Question 4: shortened to "How could we improve our service for you in the future?".',
      '• Question 5: reworded to "How likely are you to recommend us?"; the scale is now 0 to 10.',
      '• Question 6: reworded to "Do you have any other comments?".',
      'Ids, order, types and required settings are unchanged, so answers already given still match.',
    ]);
  });

  it('leaves well-written questions alone and says so', () => {
    const { config, explanation } = assist('improve_questions', { current });
    expect(config).toEqual(current);
    expect(explanation).toBe('Your 3 questions already read clearly: well-formed questions, distinct options and valid rating scales. I kept them as they are.');
  });
});

describe('offline survey assistant: add_questions', () => {
  it('turns the owner\'s topic into a question: "delivery speed" becomes a rating', () => {
    const { config, explanation } = assist('add_questions', { current, words: 'add a question about delivery speed' });
    expect(config.questions.slice(0, 3)).toEqual(current.questions);
    expect(config.questions[3]).toEqual({
      id: 'question_4',
      text: 'How would you rate our delivery speed?',
      type: 'rating',
      required: true,
      metadata: { minValue: 1, maxValue: 5, ratingType: 'stars' },
    });
    expect(explanation).toBe('I added 1 question at the end of "Visit feedback":\n• "How would you rate our delivery speed?" (rating, 1 to 5 stars)\nYour 3 existing questions are unchanged.');
  });

  it('"ask which features they use" is a multiple choice over what the bot helps with', () => {
    const { config } = assist('add_questions', { current, bot: ACME, words: 'ask which features they use' });
    const added = config.questions[3];
    expect([added.text, added.type, added.allowFreeChoice]).toEqual(['Which features do you use?', 'multiple_choice', true]);
    expect(optionTexts(added)).toEqual(['Invoicing', 'Time tracking', 'Reports']);
  });

  it('reads several asks, yes/no and e-mail ones among them, and never more than three', () => {
    const { config } = assist('add_questions', {
      current,
      words: 'ask whether they would come back, ask for their email and find out how they heard about us. Also add a question about parking and one about prices',
    });
    const added = config.questions.slice(3);
    expect(added.map((q) => [q.id, q.text, q.type])).toEqual([
      ['question_4', 'Would you come back?', 'single_choice'],
      ['question_5', 'What is your email address?', 'text'],
      ['question_6', 'How did you hear about us?', 'single_choice'],
    ]);
    expect(optionTexts(added[0])).toEqual(['Yes', 'Maybe', 'No']);
  });

  it('without words adds two useful questions the survey does not ask yet, with ids that do not clash', () => {
    const asksSatisfaction = survey([
      question('question_3', 'Overall, how satisfied are you with Harbor?', 'rating', { metadata: { minValue: 1, maxValue: 5, ratingType: 'stars' } }),
      question('question_2', 'What could we do better?', 'text', { required: false }),
    ]);
    const { config } = assist('add_questions', { current: asksSatisfaction });
    expect(config.questions.slice(2).map((q) => [q.id, q.text])).toEqual([
      ['question_4', 'How likely are you to recommend Harbor to a friend or colleague?'],
      ['question_5', 'What went well?'],
    ]);
  });
});

describe('offline survey assistant: custom', () => {
  it('"a 3 question survey about our new menu with a rating" builds exactly that', () => {
    const { config, explanation } = assist('custom', { bot: BAKERY, words: 'a 3 question survey about our new menu with a rating' });
    expect(config.id).toBe('survey_fresh');
    expect(config.title).toBe('New Menu Survey');
    expect(config.questions.map((q) => q.type)).toEqual(['rating', 'multiple_choice', 'text']);
    expect(texts(config)).toEqual(['How would you rate our new menu?', 'What did you like most about our new menu?', 'What could we improve about our new menu?']);
    expect(optionTexts(config.questions[1])).toEqual(['Taste', 'Variety', 'Portion size', 'Presentation', 'Price']);
    expect(explanation.split('\n')[0]).toBe('I built "New Menu Survey": 3 questions about our new menu (rating, multiple choice and open answer).');
  });

  it('other wordings of a new survey: a yes/no question, a count in words, a topic after "for our customers"', () => {
    const lunch = assist('custom', { bot: BAKERY, words: 'Create a survey to find out what diners think of our lunch specials, with a yes/no question' }).config;
    expect(lunch.questions.some((q) => q.type === 'single_choice' && optionTexts(q).join('/') === 'Yes/Maybe/No')).toBe(true);
    expect(texts(lunch).every((t) => t.includes('our lunch specials'))).toBe(true);

    const onboarding = assist('custom', { bot: ACME, words: 'I need a quick five-question questionnaire on onboarding' }).config;
    expect(onboarding.questions).toHaveLength(5);
    expect(onboarding.title).toBe('Onboarding Survey');

    const delivery = assist('custom', { words: 'survey for our customers about delivery' }).config;
    expect(delivery.questions[0].text).toBe('How would you rate our delivery?');
  });

  it('more wordings: a sized CSAT, a one-question poll, skipping, the questions as a whole, an added ask', () => {
    const csat = assist('custom', { bot: ACME, words: 'customer satisfaction survey with 6 questions' }).config;
    expect(csat.title).toBe('Acme Cloud Customer Satisfaction');
    expect(texts(csat).slice(4)).toEqual(['How did you hear about Acme Cloud?', 'How easy is Acme Cloud to use?']);

    const poll = assist('custom', { words: 'Can you make a poll on which class times people prefer?' });
    expect(poll.config.title).toBe('Harbor Help Poll');
    expect(poll.config.questions.map((q) => [q.text, q.type, optionTexts(q).join('/')])).toEqual([['Which class times do you prefer?', 'multiple_choice', 'Morning/Afternoon/Evening']]);

    expect(assist('custom', { current, words: 'let people skip question 1' }).config.questions[0].required).toBe(false);
    expect(assist('custom', { current, words: 'the questions should all be required' }).config.questions.every((q) => q.required)).toBe(true);

    const asked = assist('custom', { current, words: 'Please ask for their feedback on our new website, and a yes/no on whether they would return' });
    expect(asked.config.questions.slice(3).map((q) => [q.text, q.type])).toEqual([
      ['What do you think of our new website?', 'text'],
      ['Would you return?', 'single_choice'],
    ]);
  });

  it('"make question 2 optional" changes only that', () => {
    const { config, explanation } = assist('custom', { current, words: 'make question 2 optional' });
    expect(config).toEqual({ ...current, questions: current.questions.map((q, i) => (i === 1 ? { ...q, required: false } : q)) });
    expect(explanation).toBe('Question 2 is now optional.');
  });

  it('renames, turns off progress and makes the tone casual in one message, keeping the rest', () => {
    const { config, explanation } = assist('custom', { current, words: 'Rename the survey to Fish and Chips Feedback and turn off progress. Make the tone casual' });
    expect(config.title).toBe('Fish and Chips Feedback');
    expect(config.settings).toEqual({ ...current.settings, showProgress: false });
    expect(config.aiInstructions).toBe('Conduct this survey with a casual, relaxed tone. Keep each question short and conversational.');
    expect(config.questions).toEqual(current.questions);
    expect(explanation.split('\n')).toEqual([
      'Renamed the survey to "Fish and Chips Feedback".',
      'Progress is no longer shown.',
      'The survey will now be conducted in a casual tone (AI instructions updated).',
    ]);
  });

  it('removes, retypes and moves questions by number or position', () => {
    const { config } = assist('custom', { current, words: 'remove the last question, change question 2 to a yes/no question and move question 2 to the top' });
    expect(config.questions.map((q) => [q.id, q.type])).toEqual([
      ['question_2', 'single_choice'],
      ['question_1', 'rating'],
    ]);
    expect(config.questions[0].options).toEqual([
      { id: 'option_1', text: 'Yes' },
      { id: 'option_2', text: 'No' },
    ]);
  });

  it('names a question the survey does not have instead of guessing', () => {
    const { config, explanation } = assist('custom', { current, words: 'make question 9 required' });
    expect(config).toEqual(current);
    expect(explanation.split('\n').slice(0, 2)).toEqual(['There is no question 9: the survey has 3 questions.', 'Nothing was changed.']);
  });

  it('words it cannot act on leave the survey as it was and list what it can do', () => {
    const { config, explanation } = assist('custom', { current, words: 'What is the meaning of life?' });
    expect(config).toEqual(current);
    expect(explanation).toContain('I couldn\'t find a change to make in "What is the meaning of life?", so the survey is unchanged.');
    expect(explanation).toContain('• change questions: "make question 2 optional", "change question 3 to a rating", "remove the last question"');
    const blank = assist('custom', { words: 'hello there' }).config;
    expect(blank).toEqual(newSurveyConfig('survey_fresh'));
  });
});

describe('question wording', () => {
  it('turns reported questions into questions to the visitor', () => {
    expect(clauseToQuestion('which', 'features they use')).toBe('Which features do you use?');
    expect(clauseToQuestion('how', 'they heard about us')).toBe('How did you hear about us?');
    expect(clauseToQuestion('whether', "they'd order again")).toBe('Would you order again?');
    expect(clauseToQuestion('if', 'they liked the food')).toBe('Did you like the food?');
    expect(clauseToQuestion('how', 'satisfied they are with delivery')).toBe('How satisfied are you with delivery?');
    expect(clauseToQuestion('what', 'the best feature is')).toBe('What is the best feature?');
    expect(clauseToQuestion('which', 'class times people prefer')).toBe('Which class times do you prefer?');
  });

  it('tidies labels, instructions and polite wrappers into clear questions', () => {
    const tidy = (text: string, type: SurveyQuestion['type'] = 'text') => tidyQuestionText(text, type).text;
    expect(tidy('Food quality', 'rating')).toBe('How would you rate the food quality?');
    expect(tidy('Describe your last visit')).toBe('How would you describe your last visit?');
    expect(tidy('Select your age group', 'single_choice')).toBe('What is your age group?');
    expect(tidy("We'd love to know what you think of the new layout")).toBe('What do you think of the new layout?');
    expect(tidy('Is the ACME app REALLY easy to use!!!', 'single_choice')).toBe('Is the ACME app really easy to use?');
    expect(tidyQuestionText('How likely are you to return (0-10)?', 'rating')).toEqual({ text: 'How likely are you to return?', scale: { minValue: 0, maxValue: 10 } });
  });
});
