import { afterAll, describe, expect, it } from 'vitest';
import type { SurveyConfig } from '@parley/contracts';
import { serveScriptedOpenAI } from '../chat/testing/serveScriptedOpenAI';

type SentRequest = {
  model: string;
  response_format?: { type: string; json_schema?: { name: string; schema: { properties?: Record<string, unknown> } } };
  messages: { role: string; content: string }[];
};

const { script, requests, close } = await serveScriptedOpenAI<SentRequest>();

const { client, errorOf, ownerWithBot, withCookie } = await import('../../../test/helpers');
const { surveyAssistantResponseSchema } = await import('@parley/contracts/schemas');
const { newSurveyConfig } = await import('@parley/contracts');
const assistant = client.api.chatbots[':guid']['survey-assistant'];

afterAll(close);

const menuSurvey: SurveyConfig = {
  ...newSurveyConfig('survey_model'),
  title: 'New Menu Survey',
  questions: [
    { id: 'question_1', text: 'How would you rate our new menu?', type: 'rating', required: true, metadata: { minValue: 1, maxValue: 5, ratingType: 'stars' } },
    { id: 'question_2', text: 'Which dish did you try?', type: 'single_choice', required: true, options: [{ id: 'option_1', text: 'Risotto' }, { id: 'option_2', text: 'Lasagne' }], allowFreeChoice: true },
  ],
};
const reply = (surveyConfig: unknown, explanation = 'A short survey about the new menu.') => JSON.stringify({ explanation, surveyConfig });
const current = { name: 'Menu', description: null, surveyConfig: { ...menuSurvey, id: 'survey_current' } };

/** The bot every test here writes surveys for: its model is what the scripted server answers. */
const BOT = { name: 'Bella Cucina', description: 'Italian restaurant in Leeds.', model: 'gpt-4o-mini' };

describe('survey assistant with a model', () => {
  it("sends the format, the bot and the owner's words with a json_schema response format; a valid reply passes through", async () => {
    const { cookie, bot } = await ownerWithBot(BOT);
    script.push(`\`\`\`json\n${reply(menuSurvey)}\n\`\`\``);
    const before = requests.length;
    const res = await assistant.$post(
      { param: { guid: bot.guid }, json: { action: 'custom', context: { chatbotName: '', description: '' }, userMessage: 'a 2 question survey about our new menu' } },
      withCookie(cookie),
    );
    expect(res.status).toBe(200);
    expect(surveyAssistantResponseSchema.parse(await res.json())).toEqual({
      action: 'custom',
      bubbles: [{ content: 'A short survey about the new menu.', metadata: { surveyConfig: menuSurvey } }],
    });

    expect(requests.length - before).toBe(1);
    const sent = requests[before];
    expect(sent.model).toBe('gpt-4o-mini');
    expect(sent.response_format?.type).toBe('json_schema');
    expect(sent.response_format?.json_schema?.name).toBe('survey_assistant_reply');
    expect(Object.keys(sent.response_format?.json_schema?.schema.properties ?? {})).toEqual(['explanation', 'surveyConfig']);
    const [system, user] = sent.messages;
    for (const part of ['"single_choice", "multiple_choice", "text", "rating"', 'never use the id "q_other"', 'from 0 to 10', 'Name: Bella Cucina', 'Description: Italian restaurant in Leeds.']) {
      expect(system.content).toContain(part);
    }
    expect(user.content).toContain('My words: a 2 question survey about our new menu');
    expect(user.content).toContain('There is no current survey');
  });

  it('improve_questions sends the current survey; the survey keeps its id whatever the model wrote', async () => {
    const { cookie, bot } = await ownerWithBot(BOT);
    const better = { ...menuSurvey, id: 'something_else', questions: menuSurvey.questions.map((q) => ({ ...q, text: q.text.replace('dish', 'main course') })) };
    script.push(reply(better, 'Clearer wording.'));
    const before = requests.length;
    const res = await assistant.$post({ param: { guid: bot.guid }, json: { action: 'improve_questions', context: { chatbotName: '', description: '', currentSurvey: current }, userMessage: '' } }, withCookie(cookie));
    expect(res.status).toBe(200);
    const body = surveyAssistantResponseSchema.parse(await res.json());
    if (!('bubbles' in body)) throw new Error('expected bubbles');
    expect(body.bubbles[0].metadata?.surveyConfig?.id).toBe('survey_current');
    expect(body.bubbles[0].metadata?.surveyConfig?.questions[1].text).toBe('Which main course did you try?');
    const ask = requests[before].messages[1].content;
    expect(ask).toContain("Keep every question's id, the number of questions, their order, types and required settings.");
    expect(ask).toContain('The current survey ("Menu"):\n{"id":"survey_current"');
  });

  it('an invalid first answer gets one repair request listing the problems; the corrected one is answered', async () => {
    const { cookie, bot } = await ownerWithBot(BOT);
    const broken = { ...menuSurvey, questions: [{ ...menuSurvey.questions[1], options: [{ id: 'q_other', text: 'Other' }] }, { ...menuSurvey.questions[0], metadata: { minValue: 5, maxValue: 1 } }] };
    script.push(reply(broken), reply(menuSurvey, 'Fixed.'));
    const before = requests.length;
    const res = await assistant.$post(
      { param: { guid: bot.guid }, json: { action: 'generate_customer_satisfaction', context: { chatbotName: '', description: '' }, userMessage: '' } },
      withCookie(cookie),
    );
    expect(res.status).toBe(200);
    const body = surveyAssistantResponseSchema.parse(await res.json());
    expect('bubbles' in body && body.bubbles[0].content).toBe('Fixed.');
    expect(requests.length - before).toBe(2);
    const repair = requests[before + 1].messages;
    expect(repair).toHaveLength(4);
    expect(repair[2]).toEqual({ role: 'assistant', content: reply(broken) });
    expect(repair[3].content).toContain('surveyConfig.questions.0.options: A choice question needs at least 2 options');
    expect(repair[3].content).toContain('surveyConfig.questions.0.options: "q_other" is reserved for the Other option: use allowFreeChoice');
    expect(repair[3].content).toContain('surveyConfig.questions.1.metadata: Rating minimum must be below its maximum');
    expect(requests[before].messages[1].content).toContain('Write a new customer satisfaction survey for Bella Cucina, titled "Bella Cucina Customer Satisfaction"');
  });

  it('add_questions must keep the current questions first: dropping one is sent back for repair', async () => {
    const { cookie, bot } = await ownerWithBot(BOT);
    const dropped = { ...menuSurvey, questions: [menuSurvey.questions[0], { id: 'question_3', text: 'How was the service?', type: 'rating', required: true }] };
    const kept = { ...menuSurvey, questions: [...menuSurvey.questions, { id: 'question_3', text: 'How was the service?', type: 'rating', required: true }] };
    script.push(reply(dropped), reply(kept, 'Added a service question.'));
    const before = requests.length;
    const res = await assistant.$post({ param: { guid: bot.guid }, json: { action: 'add_questions', context: { chatbotName: '', description: '', currentSurvey: current }, userMessage: '' } }, withCookie(cookie));
    expect(res.status).toBe(200);
    expect(requests.length - before).toBe(2);
    expect(requests[before + 1].messages[3].content).toContain(
      'surveyConfig.questions: keep the current questions first (question_1, question_2) and add 1 to 3 new ones after them',
    );
  });

  it('answers 502 when the answer is still invalid after the repair (not JSON, then a bad config)', async () => {
    const { cookie, bot } = await ownerWithBot(BOT);
    script.push('Sure! Here is a lovely survey.', reply({ ...menuSurvey, questions: [{ id: 'question_1', text: 'Pick one', type: 'multiple_choice', required: true }] }));
    const before = requests.length;
    const res = await assistant.$post({ param: { guid: bot.guid }, json: { action: 'generate_feedback', context: { chatbotName: '', description: '' }, userMessage: '' } }, withCookie(cookie));
    expect(res.status).toBe(502);
    expect(await errorOf(res)).toEqual({ message: 'The AI assistant could not produce a valid survey. Please try again.' });
    expect(requests.length - before).toBe(2);
    expect(requests[before + 1].messages[3].content).toContain('not valid JSON');
  });

  it('a model failure answers 502 with a JSON message', async () => {
    const { cookie, bot } = await ownerWithBot(BOT);
    script.push(null, null);
    const res = await assistant.$post({ param: { guid: bot.guid }, json: { action: 'generate_feedback', context: { chatbotName: '', description: '' }, userMessage: '' } }, withCookie(cookie));
    expect(res.status).toBe(502);
    expect(await errorOf(res)).toEqual({ message: 'The AI model could not answer. Please try again.' });
  });
});
