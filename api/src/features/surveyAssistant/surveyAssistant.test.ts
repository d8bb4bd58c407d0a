import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newSurveyConfig, type SurveyAssistantRequest, type SurveyConfig } from '@parley/contracts';
import { surveyAssistantResponseSchema, surveyConfigSchema } from '@parley/contracts/schemas';

// Offline: no OPENAI_API_KEY (the test setup removes it), so the offline assistant answers.
const { client, createUserAndCookie, errorOf, ownerWithBot, untyped, validationErrorOf, withCookie } = await import('../../../test/helpers');
const { SURVEY_ASSISTANT_PER_MINUTE } = await import('./surveyAssistant.routes');

const assistant = client.api.chatbots[':guid']['survey-assistant'];
const blank = { chatbotName: '', description: '' };

const current: SurveyConfig = {
  ...newSurveyConfig('survey_kept'),
  title: 'Berth survey',
  completionMessage: 'Fair winds!',
  settings: { allowBackNavigation: false, showProgress: false, savePartialResponses: true },
  questions: [
    { id: 'question_1', text: 'how was the berth', type: 'rating', required: true },
    { id: 'question_2', text: 'Which pontoon were you on?', type: 'single_choice', required: false, options: [{ id: 'option_1', text: 'A' }, { id: 'option_2', text: 'B ' }] },
  ],
};

/** A bot whose description the offline assistant builds its questions from. */
const BOT = { description: 'Answers questions about moorings and harbour fees.' };

/** A turn expected to succeed: its valid config and the bubbles' texts. */
async function ask(cookie: string, guid: string | number, json: SurveyAssistantRequest) {
  const res = await post(cookie, guid, json);
  expect(res.status).toBe(200);
  const reply = surveyAssistantResponseSchema.parse(await res.json());
  if (!('bubbles' in reply)) throw new Error('expected bubbles');
  const config = reply.bubbles[0].metadata?.surveyConfig;
  if (!config) throw new Error('expected a survey config');
  // What the owner may apply is always a complete, valid survey.
  expect(surveyConfigSchema.parse(config)).toEqual(config);
  return { status: res.status, config, bubbles: reply.bubbles.map((b) => b.content) };
}

const post = (cookie: string, guid: string | number, json: SurveyAssistantRequest) => assistant.$post({ param: { guid: String(guid) }, json }, withCookie(cookie));

describe('POST /api/chatbots/{guid}/survey-assistant (offline)', () => {
  it("generates a CSAT survey from the stored bot's name and description when the context is blank", async () => {
    const { cookie, bot } = await ownerWithBot(BOT);
    const { status, config, bubbles } = await ask(cookie, bot.guid, { action: 'generate_customer_satisfaction', context: blank, userMessage: '' });
    expect(status).toBe(200);
    expect(config.title).toBe('Harbor Help Customer Satisfaction');
    expect(config.questions.map((q) => [q.id, q.type])).toEqual([
      ['question_1', 'rating'],
      ['question_2', 'rating'],
      ['question_3', 'multiple_choice'],
      ['question_4', 'text'],
    ]);
    expect(config.questions[2].options?.map((o) => o.text)).toContain('Help with moorings');
    expect(config.id).toMatch(/^survey_[0-9a-f]{8}$/);
    expect(bubbles[0].split('\n')[0]).toBe('I made a customer satisfaction survey for Harbor, "Harbor Help Customer Satisfaction":');
    expect(bubbles[1]).toMatch(/^Made offline from your bot's name and description/);
  });

  it("the context's name and description win over the stored ones; the bot may be named by its numeric id", async () => {
    const { cookie, bot } = await ownerWithBot(BOT);
    const { status, config } = await ask(cookie, bot.id, {
      action: 'generate_feedback',
      context: { chatbotName: 'Crumbs', description: 'A chatbot for our bakery.' },
      userMessage: '',
    });
    expect(status).toBe(200);
    expect(config.title).toBe('Crumbs Feedback');
    expect(config.questions[0].text).toBe('How did you hear about Crumbs?');
    expect(config.questions[1].options?.map((o) => o.text)).toContain('Food quality');
  });

  it('improves the current survey keeping its id, question ids and settings; adds and customises on it', async () => {
    const { cookie, bot } = await ownerWithBot(BOT);
    const context = { ...blank, currentSurvey: { name: 'Berths', description: null, surveyConfig: current } };
    const improved = await ask(cookie, bot.guid, { action: 'improve_questions', context, userMessage: '' });
    expect(improved.config.id).toBe('survey_kept');
    expect(improved.config.questions.map((q) => [q.id, q.text, q.required])).toEqual([
      ['question_1', 'How was the berth?', true],
      ['question_2', 'Which pontoon were you on?', false],
    ]);
    expect(improved.config.questions[0].metadata).toEqual({ minValue: 1, maxValue: 5, ratingType: 'stars' });
    expect([improved.config.settings, improved.config.completionMessage]).toEqual([current.settings, 'Fair winds!']);

    const added = await ask(cookie, bot.guid, { action: 'add_questions', context, userMessage: 'add a question about delivery speed' });
    // As the request schema reads them (option text trimmed), otherwise untouched.
    expect(added.config.questions.slice(0, 2)).toEqual(surveyConfigSchema.parse(current).questions);
    expect(added.config.questions[2]).toMatchObject({ id: 'question_3', text: 'How would you rate our delivery speed?', type: 'rating' });

    const custom = await ask(cookie, bot.guid, { action: 'custom', context, userMessage: 'make question 1 optional and rename the survey to Marina Feedback' });
    expect(custom.config.title).toBe('Marina Feedback');
    expect(custom.config.questions[0].required).toBe(false);
    expect(custom.bubbles[0]).toBe('Question 1 is now optional.\nRenamed the survey to "Marina Feedback".');
  });

  it('refuses bad requests with 400 and a readable message', async () => {
    const { cookie, bot } = await ownerWithBot(BOT);
    const send = (json: unknown) => assistant.$post({ param: { guid: bot.guid }, json: untyped<SurveyAssistantRequest>(json) }, withCookie(cookie));

    const customBlank = await validationErrorOf(await send({ action: 'custom', context: blank, userMessage: '   ' }));
    expect(customBlank.message).toBe('Write a message for the assistant');
    expect(customBlank.details.fieldErrors).toEqual({ userMessage: ['Write a message for the assistant'] });

    const improveNothing = await send({ action: 'improve_questions', context: blank, userMessage: '' });
    expect(improveNothing.status).toBe(400);
    expect((await validationErrorOf(improveNothing)).message).toBe('Select a survey first: there are no questions to work on.');

    const improveEmpty = await validationErrorOf(
      await send({ action: 'improve_questions', context: { ...blank, currentSurvey: { name: 'x', surveyConfig: newSurveyConfig('s1') } }, userMessage: '' }),
    );
    expect(improveEmpty.message).toBe('This survey has no questions to improve yet. Add some or generate a survey first.');

    const addNothing = await validationErrorOf(await send({ action: 'add_questions', context: blank, userMessage: 'add a question about prices' }));
    expect(addNothing.message).toBe('Select a survey first: there are no questions to work on.');

    const badAction = await validationErrorOf(await send({ action: 'rewrite', context: blank, userMessage: '' }));
    expect(badAction.details.fieldErrors.action).toEqual(['action must be one of generate_customer_satisfaction, generate_feedback, improve_questions, add_questions, custom']);

    const oneOption = { ...current, questions: [{ ...current.questions[1], options: [{ id: 'option_1', text: 'A' }] }] };
    const invalidSurvey = await validationErrorOf(await send({ action: 'add_questions', context: { ...blank, currentSurvey: { name: 'x', surveyConfig: oneOption } }, userMessage: '' }));
    expect(invalidSurvey.message).toBe('A choice question needs at least 2 options');

    const longMessage = await validationErrorOf(await send({ action: 'custom', context: blank, userMessage: 'y'.repeat(2001) }));
    expect(longMessage.details.fieldErrors).toEqual({ userMessage: ['Message must be at most 2000 characters'] });
  });

  it("answers 404 for another owner's bot or a missing one, and 401 without a sign-in", async () => {
    const a = await ownerWithBot(BOT);
    const b = await createUserAndCookie();
    const json: SurveyAssistantRequest = { action: 'generate_feedback', context: blank, userMessage: '' };
    const foreign = await post(b.cookie, a.bot.guid, json);
    const foreignById = await post(b.cookie, a.bot.id, json);
    const missing = await post(b.cookie, randomUUID(), json);
    expect([foreign.status, foreignById.status, missing.status]).toEqual([404, 404, 404]);
    expect(await errorOf(foreign)).toEqual(await errorOf(missing));
    const anonymous = await assistant.$post({ param: { guid: a.bot.guid }, json });
    expect(anonymous.status).toBe(401);
  });

  it('limits each owner to 30 requests a minute', async () => {
    const a = await ownerWithBot(BOT);
    const b = await ownerWithBot(BOT);
    const json: SurveyAssistantRequest = { action: 'generate_feedback', context: blank, userMessage: '' };
    expect(SURVEY_ASSISTANT_PER_MINUTE).toBe(30);
    for (let i = 0; i < SURVEY_ASSISTANT_PER_MINUTE; i++) expect((await ask(a.cookie, a.bot.guid, json)).status).toBe(200);
    const res = await assistant.$post({ param: { guid: a.bot.guid }, json }, withCookie(a.cookie));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await errorOf(res)).message).toBe('Too many survey assistant requests. Please wait a moment and try again.');
    // Another owner is not slowed down by the first one.
    expect((await ask(b.cookie, b.bot.guid, json)).status).toBe(200);
  });
});
