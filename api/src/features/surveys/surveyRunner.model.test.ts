import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveyStartMessage, type ChatMessage, type SurveyConfig } from '@parley/contracts';
import { serveScriptedOpenAI } from '../chat/testing/serveScriptedOpenAI';

type SentRequest = { model: string; temperature?: number; messages: { role: string; content: string }[] };

// A scripted model phrases the questions; every test turn here is a survey turn, so the chat
// model (which streams) is never called.
const { script, requests, close } = await serveScriptedOpenAI<SentRequest>();
process.env.RATE_LIMIT_CHAT_PER_MINUTE = '0';
process.env.RATE_LIMIT_SESSION_PER_MINUTE = '0';
const kit = await import('../chat/testing/chatKit');
const { db } = await import('../../db/client');
const { surveyResponses, surveys } = await import('../../db/schema');

afterAll(close);

const SURVEY: SurveyConfig = {
  id: 'phrased',
  title: 'Kettle feedback',
  description: 'Two questions.',
  questions: [
    {
      id: 'q_model',
      text: 'Which kettle do you own?',
      type: 'single_choice',
      required: true,
      options: [
        { id: 'compact', text: 'Compact' },
        { id: 'family', text: 'Family' },
      ],
    },
    { id: 'q_stars', text: 'How happy are you with it?', type: 'rating', required: true, metadata: { minValue: 1, maxValue: 5, ratingType: 'stars' } },
  ],
  completionMessage: 'Thanks, that helps us a lot!',
  aiInstructions: 'Speak like a cheerful pirate.',
  settings: { allowBackNavigation: true, showProgress: true, savePartialResponses: true },
};

let bot: Awaited<ReturnType<typeof kit.newBot>>;
let surveyId: number;

beforeAll(async () => {
  const o = await kit.owner();
  bot = await kit.newBot(o.cookie, { name: 'Pirate kettles', model: 'gpt-4o-mini', temperature: 5 });
  const [survey] = await db
    .insert(surveys)
    .values({ chatbotId: bot.id, name: SURVEY.title, status: 'active', surveyConfig: SURVEY as unknown as Record<string, unknown> })
    .returning();
  surveyId = survey.id;
});

async function send(sessionId: string, content: string, internalMessage?: string): Promise<ChatMessage[]> {
  const { status, events } = await kit.streamMessage(sessionId, { content, ...(internalMessage && { internalMessage }) });
  expect(status).toBe(200);
  return kit.completeMessages(events).slice(1);
}

async function select(sessionId: string, json: { optionId: string; optionText: string; payload?: unknown; messageId: number }) {
  expect((await kit.client.api.chat[':sessionId']['select-option'].$post({ param: { sessionId }, json })).status).toBe(200);
}

async function answersOf(sessionId: string) {
  const [row] = await db.select({ answers: surveyResponses.answers }).from(surveyResponses).where(eq(surveyResponses.sessionId, sessionId));
  return row.answers as Record<string, { value: unknown; optionIds?: string[] }>;
}

describe('survey questions phrased by the model', () => {
  it('asks in the model’s words, keeps the owner’s wording and options, and records the config’s texts', async () => {
    const sessionId = await kit.openSession(bot.guid);
    script.push('"Ahoy! Which of our fine kettles sails with ye?"');
    const before = requests.length;
    const [intro, q1] = await send(sessionId, 'Kettle feedback', surveyStartMessage(surveyId));
    // The intro is the owner's, word for word; only the question is phrased.
    expect(intro.content).toBe('**Kettle feedback**\n\nTwo questions.');
    expect(requests.length - before).toBe(1);
    expect(q1.content).toBe('Ahoy! Which of our fine kettles sails with ye?');
    expect(q1.metadata).toMatchObject({
      survey: { questionId: 'q_model', questionText: 'Which kettle do you own?' },
      options: [
        { id: 'compact', text: 'Compact' },
        { id: 'family', text: 'Family' },
      ],
    });

    const sent = requests[before];
    expect(sent.model).toBe('gpt-4o-mini');
    expect(sent.temperature).toBe(0.5);
    expect(sent.messages).toHaveLength(2);
    expect(sent.messages[0].role).toBe('system');
    expect(sent.messages[0].content).toContain(
      'Rephrase the survey question for a chat, in the tone the instructions ask; keep its meaning; do not list options or add new questions; one or two sentences; answer with the question only.',
    );
    expect(sent.messages[0].content).toContain('Survey: Kettle feedback');
    expect(sent.messages[0].content).toContain('Instructions: Speak like a cheerful pirate.');
    expect(sent.messages[1]).toEqual({ role: 'user', content: 'Which kettle do you own?' });

    script.push('Arr, how many stars would ye give yer kettle?');
    await select(sessionId, { optionId: 'family', optionText: 'Family', messageId: Number(q1.id) });
    const [q2] = await send(sessionId, 'Family', 'The visitor selected the menu option "Family" (option id "family").');
    expect(q2.content).toBe('Arr, how many stars would ye give yer kettle?');
    expect(q2.metadata).toMatchObject({ minValue: 1, maxValue: 5, survey: { questionText: 'How happy are you with it?' } });
    expect(requests.at(-1)?.messages[1].content).toBe('How happy are you with it?\n(Rated on a scale from 1 to 5 stars.)');

    const asked = requests.length;
    await select(sessionId, { optionId: '5', optionText: '5', payload: 5, messageId: Number(q2.id) });
    const [done] = await send(sessionId, '5');
    // The completion message is never rephrased.
    expect(done.content).toBe('Thanks, that helps us a lot!');
    expect(requests.length).toBe(asked);
    expect(await answersOf(sessionId)).toEqual({
      q_model: { value: 'Family', optionIds: ['family'], answeredAt: expect.any(String) },
      q_stars: { value: 5, answeredAt: expect.any(String) },
    });
  });

  it('asks in the owner’s words when the model fails, answers nothing or rambles', async () => {
    const sessionId = await kit.openSession(bot.guid);
    script.push(null);
    const before = requests.length;
    const [, failed] = await send(sessionId, 'Kettle feedback', surveyStartMessage(surveyId));
    expect(failed.content).toBe('Which kettle do you own?');
    // One try only: the visitor is waiting.
    expect(requests.length - before).toBe(1);

    script.push('   ');
    const [, empty] = await send(sessionId, 'Skip', `survey_skip:${surveyId}:q_model`);
    expect(empty.content).toBe('Which kettle do you own?');

    script.push(`Ahoy! ${'Arr, '.repeat(100)}which kettle?`);
    const [, long] = await send(sessionId, 'Back', `survey_back:${surveyId}:q_model`);
    expect(long.content).toBe('Which kettle do you own?');
    expect(long.metadata).toMatchObject({ survey: { questionText: 'Which kettle do you own?' } });
  });
});
