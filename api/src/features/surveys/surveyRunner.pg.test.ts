import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SURVEY_CHAT_TEXTS, surveyStartMessage, type ChatMessage, type SurveyConfig } from '@parley/contracts';

// setupPostgres.ts has pointed DATABASE_URL at a fresh database: the whole app runs on
// PostgreSQL, with the offline model (questions are asked in the owner's words).
process.env.RATE_LIMIT_CHAT_PER_MINUTE = '0';
process.env.RATE_LIMIT_SESSION_PER_MINUTE = '0';
process.env.PUBLIC_URL = 'https://parley.example.com';
const kit = await import('../chat/testing/chatKit');
const { db } = await import('../../db/client');
const { chatSessions, surveyResponses, surveys } = await import('../../db/schema');
const { client, withCookie } = kit;
const chat = client.api.chat;

const KETTLE: SurveyConfig = {
  id: 'kettle-feedback',
  title: 'Kettle feedback',
  description: 'Four quick questions about your kettle.',
  questions: [
    { id: 'q_model', text: 'Which kettle do you own?', type: 'single_choice', required: true, options: [{ id: 'compact', text: 'Compact' }, { id: 'family', text: 'Family' }] },
    {
      id: 'q_use',
      text: 'What do you use it for?',
      type: 'multiple_choice',
      required: true,
      options: [{ id: 'tea', text: 'Tea' }, { id: 'coffee', text: 'Coffee' }, { id: 'soup', text: 'Instant soup' }],
      metadata: { minSelections: 1, maxSelections: 2 },
    },
    { id: 'q_stars', text: 'How happy are you with it?', type: 'rating', required: true, metadata: { minValue: 1, maxValue: 5, ratingType: 'stars' } },
    { id: 'q_better', text: 'What could we do better?', type: 'text', required: false },
  ],
  completionMessage: 'Thanks, that helps us a lot!',
  aiInstructions: '',
  settings: { allowBackNavigation: true, showProgress: true, savePartialResponses: true },
};

let owner: Awaited<ReturnType<typeof kit.owner>>;
let bot: Awaited<ReturnType<typeof kit.newBot>>;
let surveyId: number;
beforeAll(async () => {
  owner = await kit.owner();
  bot = await kit.newBot(owner.cookie, { name: 'Kettle Helper' });
  surveyId = (
    await db
      .insert(surveys)
      .values({ chatbotId: bot.id, name: KETTLE.title, description: KETTLE.description, status: 'active', surveyConfig: KETTLE as unknown as Record<string, unknown> })
      .returning()
  )[0].id;
});

/** The owner's test chat: until the monthly quota runs on PostgreSQL, only test chats (which it spares) are answered. */
async function openSession() {
  const token = (await (await client.api.chatbots[':guid']['test-token'].$post({ param: { guid: bot.guid } }, withCookie(owner.cookie))).json()).token;
  const sessionId = kit.newSessionId();
  const res = await chat.session.$post({ json: { sessionId, chatbotConfigId: bot.guid, testToken: token } }, { headers: { origin: 'https://parley.example.com' } });
  expect(res.status).toBe(201);
  return sessionId;
}

/** Sends visitor text (and the instruction behind it) and answers the bot's messages of the turn. */
async function send(sessionId: string, content: string, internalMessage?: string): Promise<ChatMessage[]> {
  const { status, events } = await kit.streamMessage(sessionId, { content, ...(internalMessage && { internalMessage }) });
  expect(status).toBe(200);
  const messages = kit.completeMessages(events);
  expect(messages[0]).toMatchObject({ sender: 'user', content });
  return messages.slice(1);
}

async function selectOption(sessionId: string, json: { optionId: string; optionText?: string; payload?: unknown; messageId?: number }) {
  const res = await chat[':sessionId']['select-option'].$post({ param: { sessionId }, json });
  expect(await res.json()).toEqual({ success: true, messageId: json.messageId });
}

const optionText = (question: ChatMessage, id: string) => ((question.metadata?.options ?? []) as { id: string; text: string }[]).find((o) => o.id === id)!.text;
const stepOf = (message: ChatMessage) => message.metadata?.survey as Record<string, unknown>;

async function responseOf(sessionId: string) {
  const rows = await db.select().from(surveyResponses).where(eq(surveyResponses.sessionId, sessionId));
  expect(rows).toHaveLength(1);
  return rows[0];
}

async function activeSurveyOf(sessionId: string) {
  return (await db.select({ id: chatSessions.activeSurveyId }).from(chatSessions).where(eq(chatSessions.sessionId, sessionId)))[0].id;
}

describe('a survey answered inside a chat on PostgreSQL', () => {
  it('asks each question, reads clicks and typed answers, refuses a stale click and completes the response', async () => {
    const sessionId = await openSession();
    const [intro, q1] = await send(sessionId, 'Tell us about your kettle', surveyStartMessage(surveyId));
    const started = await responseOf(sessionId);
    expect(intro).toMatchObject({ content: '**Kettle feedback**\n\nFour quick questions about your kettle.', metadata: { survey: { kind: 'notice', responseId: started.id } } });
    expect(q1).toMatchObject({ messageType: 'menu', content: 'Which kettle do you own?' });
    expect(stepOf(q1)).toMatchObject({ kind: 'question', surveyId, responseId: started.id, questionId: 'q_model' });
    expect(await activeSurveyOf(sessionId)).toBe(surveyId);

    await selectOption(sessionId, { optionId: 'compact', optionText: 'Compact', messageId: Number(q1.id) });
    const [q2] = await send(sessionId, optionText(q1, 'compact'), 'The visitor selected the menu option "Compact" (option id "compact").');
    expect(stepOf(q2)).toMatchObject({ questionId: 'q_use' });

    // The first question clicked again after the survey moved on: no answer to the second.
    await selectOption(sessionId, { optionId: 'family', optionText: 'Family', messageId: Number(q1.id) });
    const [closed, again] = await send(sessionId, 'Family', 'The visitor selected the menu option "Family" (option id "family").');
    expect(closed.content).toBe(SURVEY_CHAT_TEXTS.questionClosed);
    expect(stepOf(again)).toMatchObject({ questionId: 'q_use' });

    await selectOption(sessionId, { optionId: 'tea,soup', optionText: 'Tea, Instant soup', payload: ['tea', 'soup'], messageId: Number(again.id) });
    const [q3] = await send(sessionId, 'Tea, Instant soup');
    expect(stepOf(q3)).toMatchObject({ questionId: 'q_stars' });
    // A rating out of bounds is refused and the question asked again; a typed number answers it.
    const [refused, q3again] = await send(sessionId, '9');
    expect(refused.content).toBe(SURVEY_CHAT_TEXTS.chooseRating(1, 5));
    expect(stepOf(q3again)).toMatchObject({ questionId: 'q_stars' });
    const [q4] = await send(sessionId, '4');
    expect(stepOf(q4)).toMatchObject({ questionId: 'q_better' });
    const [done] = await send(sessionId, 'More colours, please');
    expect(done.content).toContain('Thanks, that helps us a lot!');

    const response = await responseOf(sessionId);
    expect(response.completed).toBe(true);
    expect(response.completedAt).toBeInstanceOf(Date);
    expect(response.currentQuestionIndex).toBe(4);
    expect(Object.fromEntries(Object.entries(response.answers).map(([id, a]) => [id, (a as { value: unknown }).value]))).toEqual({
      q_model: 'Compact',
      q_use: ['Tea', 'Instant soup'],
      q_stars: 4,
      q_better: 'More colours, please',
    });
    expect(await activeSurveyOf(sessionId)).toBeNull();
    // Survey answers are no questions of the visitor's: the history lists none.
    const listed = await (await client.api.chatbots[':guid'].sessions.$get({ param: { guid: bot.guid }, query: {} }, withCookie(owner.cookie))).json();
    expect(listed.sessions.find((s) => s.sessionId === sessionId)).toMatchObject({ firstQuestion: null });

    const [already] = await send(sessionId, 'Tell us about your kettle', surveyStartMessage(surveyId));
    expect(already.content).toBe(SURVEY_CHAT_TEXTS.alreadyCompleted);
  });

  it('leaves a survey and resumes it where it stood', async () => {
    const sessionId = await openSession();
    const [, q1] = await send(sessionId, 'Tell us about your kettle', surveyStartMessage(surveyId));
    const leave = ((q1.metadata?.quickReplies ?? []) as { text: string; action: string }[]).find((r) => r.text === 'Leave survey')!;
    const [left] = await send(sessionId, leave.text, leave.action);
    expect(left.content).toBe(SURVEY_CHAT_TEXTS.left);
    expect(await activeSurveyOf(sessionId)).toBeNull();
    const [resumed, asked] = await send(sessionId, 'Continue survey', surveyStartMessage(surveyId));
    expect(resumed.content).toBe(SURVEY_CHAT_TEXTS.resumed);
    expect(stepOf(asked)).toMatchObject({ questionId: 'q_model' });
    expect(await activeSurveyOf(sessionId)).toBe(surveyId);
  });
});
