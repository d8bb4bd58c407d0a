import { describe, expect, it } from 'vitest';
import { businessProfile } from './businessProfile';
import { offlineSurveyAssistant } from './offlineSurveyAssistant';
import type { QuestionDraft } from './questionDrafts';
import { questionsFromWords } from './questionsFromWords';

const BOTS = {
  bakery: businessProfile('Crumbs Bakery', 'Sells sourdough bread, rye bread and birthday cakes.'),
  hotel: businessProfile('Seaview Hotel', 'Books standard rooms, family rooms and suites.'),
  saas: businessProfile('Acme Cloud', 'Offers a Starter plan, a Team plan and an Enterprise plan.'),
  gym: businessProfile('Pulse Gym', 'Runs yoga classes, spin classes and personal training.'),
  harbor: businessProfile('Harbor Help', 'Answers questions about moorings and harbour fees.'),
};

/** A question as [text, type, options joined by "/"]. */
const shown = (q: QuestionDraft) => [q.text, q.type, (q.options ?? []).map((o) => o.text).join('/')];
const ask = (words: string, bot: keyof typeof BOTS) => questionsFromWords(words, BOTS[bot]).map(shown);

describe('questionsFromWords: "which <noun>" questions', () => {
  it.each([
    ['ask which bread they bought', 'bakery', ['Which bread did you buy?', 'single_choice', 'Sourdough bread/Rye bread']],
    ['ask which room they stayed in', 'hotel', ['Which room did you stay in?', 'single_choice', 'Standard rooms/Family rooms']],
    ['ask which plan they are on', 'saas', ['Which plan are you on?', 'single_choice', 'Starter plan/Team plan/Enterprise plan']],
    ['ask which class they attended', 'gym', ['Which class did you attend?', 'single_choice', 'Yoga classes/Spin classes']],
  ] as const)('"%s" on the %s bot offers the kinds the description names', (words, bot, question) => {
    expect(ask(words, bot)).toEqual([question]);
  });

  it.each([
    ['ask which cake they ordered', 'bakery', 'Which cake did you order?'],
    ['ask which cake they ordered', 'hotel', 'Which cake did you order?'],
    ['ask which bread they bought', 'gym', 'Which bread did you buy?'],
    ['ask which room they stayed in', 'bakery', 'Which room did you stay in?'],
    ['ask which plan they are on', 'harbor', 'Which plan are you on?'],
    ['ask which plan they are on', 'gym', 'Which plan are you on?'],
    ['ask which class they attended', 'hotel', 'Which class did you attend?'],
    ['ask which dishes they ordered', 'hotel', 'Which dishes did you order?'],
  ] as const)('"%s" on the %s bot is answered in the visitor\'s words when the description names fewer than two kinds', (words, bot, text) => {
    expect(ask(words, bot)).toEqual([[text, 'text', '']]);
  });

  it('asks a named choice type the usual way when there is nothing sensible to choose from', () => {
    expect(ask('a multiple choice question asking which cakes they bought', 'bakery')).toEqual([['Which cakes did you buy?', 'text', '']]);
    expect(ask('a multiple choice question asking which breads they bought', 'bakery')).toEqual([['Which breads did you buy?', 'multiple_choice', 'Sourdough bread/Rye bread']]);
  });

  it('uses what matters to the business only for what visitors liked and for "which aspects"', () => {
    expect(ask('a multiple choice question asking what they liked', 'hotel')).toEqual([
      ['What did you like?', 'multiple_choice', 'Easy booking/Helpful staff/Facilities/Value for money/Location'],
    ]);
    expect(ask('ask which aspects matter most to them', 'gym')).toEqual([
      ['Which aspects matter most to you?', 'single_choice', 'Friendly staff/Classes and treatments/Cleanliness/Easy booking/Prices'],
    ]);
  });

  it('never offers plans or rooms as the features of a product', () => {
    expect(ask('ask which features they use', 'saas')).toEqual([['Which features do you use?', 'multiple_choice', 'Dashboard/Reports/Integrations/Mobile app/Notifications']]);
  });
});

describe('questionsFromWords: "how <quality>" questions', () => {
  it('rates a quality, and asks amounts and lengths in words', () => {
    expect(ask('ask how fresh it was', 'bakery')).toEqual([['How fresh was it?', 'rating', '']]);
    expect(ask('ask how clean the rooms were', 'hotel')).toEqual([['How clean were the rooms?', 'rating', '']]);
    expect(ask('ask how long they waited', 'harbor')).toEqual([['How long did you wait?', 'text', '']]);
    expect(ask('ask how much it was', 'bakery')).toEqual([['How much was it?', 'text', '']]);
  });
});

describe('offline survey assistant: custom "which cake … how fresh"', () => {
  it('makes the cake a free answer and the freshness a rating, on any business', () => {
    for (const chatbotName of ['Crumbs', 'Seaview Hotel']) {
      const reply = offlineSurveyAssistant(
        { action: 'custom', context: { chatbotName, description: '', currentSurvey: null }, userMessage: 'ask which cake they ordered and how fresh it was' },
        () => 'survey_fresh',
      );
      if (!('bubbles' in reply)) throw new Error('expected bubbles');
      const questions = reply.bubbles[0].metadata?.surveyConfig?.questions ?? [];
      expect(questions.map((q) => [q.text, q.type, q.options ?? null])).toEqual([
        ['Which cake did you order?', 'text', null],
        ['How fresh was it?', 'rating', null],
      ]);
    }
  });
});
