import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { surveyStartMessage, type ChatMessage, type SurveyConfig } from '@parley/contracts';
import type { ChatModel } from '../ai/chatModel';

// Offline model (no OPENAI_API_KEY in tests): questions are asked in the owner's words.
process.env.RATE_LIMIT_CHAT_PER_MINUTE = '0';
process.env.RATE_LIMIT_SESSION_PER_MINUTE = '0';
const kit = await import('../chat/testing/chatKit');
const { db } = await import('../../db/client');
const { chatbots, chatMessages, chatSessions, surveyResponses, surveys } = await import('../../db/schema');
const { runTurn } = await import('../chat/chatTurn');
const chat = kit.client.api.chat;

const KETTLE: SurveyConfig = {
  id: 'kettle-feedback',
  title: 'Kettle feedback',
  description: 'Four quick questions about your kettle.',
  questions: [
    {
      id: 'q_model',
      text: 'Which kettle do you own?',
      type: 'single_choice',
      required: true,
      allowFreeChoice: true,
      options: [
        { id: 'compact', text: 'Compact' },
        { id: 'family', text: 'Family' },
      ],
    },
    {
      id: 'q_use',
      text: 'What do you use it for?',
      type: 'multiple_choice',
      required: true,
      options: [
        { id: 'tea', text: 'Tea' },
        { id: 'coffee', text: 'Coffee' },
        { id: 'soup', text: 'Instant soup' },
      ],
      metadata: { minSelections: 1, maxSelections: 2 },
    },
    { id: 'q_stars', text: 'How happy are you with it?', type: 'rating', required: true, metadata: { minValue: 1, maxValue: 5, ratingType: 'stars' } },
    { id: 'q_better', text: 'What could we do better?', type: 'text', required: false },
  ],
  completionMessage: 'Thanks, that helps us a lot!',
  aiInstructions: 'Be warm and brief.',
  settings: { allowBackNavigation: true, showProgress: true, savePartialResponses: true },
};

let userId: string;
let bot: Awaited<ReturnType<typeof kit.newBot>>;
let kettleId: number;

beforeAll(async () => {
  const o = await kit.owner();
  userId = o.user.id;
  bot = await kit.newBot(o.cookie, { name: 'Acme Helper', fallbackMessage: 'Sorry, I can only help with Acme orders.' });
  await kit.train(bot.id, kit.KNOWLEDGE);
  kettleId = await createSurvey(KETTLE);
});

// Every visitor turn counts against the owner's monthly quota; the suite takes more than a Free plan's month.
beforeEach(async () => await kit.setUsage(userId, 0));

async function createSurvey(config: SurveyConfig, status: 'draft' | 'active' | 'archived' = 'active', chatbotId = bot.id): Promise<number> {
  const [row] = await db
    .insert(surveys)
    .values({ chatbotId, name: config.title, description: config.description, status, surveyConfig: config as unknown as Record<string, unknown> })
    .returning();
  return row.id;
}

async function setStatus(surveyId: number, status: 'draft' | 'active') {
  await db.update(surveys).set({ status }).where(eq(surveys.id, surveyId));
}

type ResponseRow = { id: number; answers: Record<string, { value: unknown; optionIds?: string[]; otherText?: string; answeredAt: string }>; currentQuestionIndex: number; completed: boolean; startedAt: number; completedAt: number | null };

async function responsesOf(sessionId: string, surveyId = kettleId): Promise<ResponseRow[]> {
  const rows = await db
    .select({
      id: surveyResponses.id,
      answers: surveyResponses.answers,
      currentQuestionIndex: surveyResponses.currentQuestionIndex,
      completed: surveyResponses.completed,
      startedAt: surveyResponses.startedAt,
      completedAt: surveyResponses.completedAt,
    })
    .from(surveyResponses)
    .where(and(eq(surveyResponses.sessionId, sessionId), eq(surveyResponses.surveyId, surveyId)));
  return rows.map((r) => ({
    ...r,
    answers: r.answers as ResponseRow['answers'],
    startedAt: r.startedAt.getTime(),
    completedAt: r.completedAt?.getTime() ?? null,
  }));
}

async function sessionRow(sessionId: string) {
  const [row] = await db
    .select({ activeSurveyId: chatSessions.activeSurveyId, questionCount: chatSessions.questionCount })
    .from(chatSessions)
    .where(eq(chatSessions.sessionId, sessionId));
  return row;
}

/** Sends visitor text (and the instruction behind it, as the widget does) and answers the bot's messages of the turn. */
async function send(sessionId: string, content: string, internalMessage?: string): Promise<ChatMessage[]> {
  const { status, events } = await kit.streamMessage(sessionId, { content, ...(internalMessage && { internalMessage }) });
  expect(status).toBe(200);
  const messages = kit.completeMessages(events);
  expect(messages[0]).toMatchObject({ sender: 'user', content: content.trim() });
  // Every bot message of the turn also went out as a bubble.
  expect(events.filter((e) => e.type === 'bubble').map((e) => (e.type === 'bubble' ? e.message.id : null))).toEqual(messages.slice(1).map((m) => m.id));
  return messages.slice(1);
}

const start = (sessionId: string, surveyId = kettleId, title = 'Tell us about your kettle') => send(sessionId, title, surveyStartMessage(surveyId));

async function selectOption(sessionId: string, json: { optionId: string; optionText?: string; payload?: unknown; messageId?: number; otherText?: string }) {
  const res = await chat[':sessionId']['select-option'].$post({ param: { sessionId }, json });
  expect(res.status).toBe(200);
  return res.json();
}

/** A menu option clicked, as the widget's MenuMessage does it. */
async function choose(sessionId: string, question: ChatMessage, optionId: string) {
  const option = optionsOf(question).find((o) => o.id === optionId)!;
  await selectOption(sessionId, { optionId, optionText: option.text, messageId: Number(question.id) });
  return send(sessionId, option.text, `The visitor selected the menu option "${option.text}" (option id "${optionId}").`);
}

/** Other chosen with typed words. */
async function chooseOther(sessionId: string, question: ChatMessage, words: string) {
  await selectOption(sessionId, { optionId: 'q_other', optionText: words, messageId: Number(question.id), otherText: words });
  return send(sessionId, words, `The visitor chose "Other" and wrote: ${words}`);
}

/** A multiselect submitted: the chosen ids as payload, their texts joined as the visible answer. */
async function submitChoices(sessionId: string, question: ChatMessage, ids: string[], otherText?: string) {
  const texts = optionsOf(question)
    .filter((o) => ids.includes(o.id))
    .map((o) => (o.id === 'q_other' ? otherText! : o.text));
  const text = texts.join(', ');
  await selectOption(sessionId, { optionId: ids.join(','), optionText: text, payload: ids, messageId: Number(question.id), ...(otherText && { otherText }) });
  return send(sessionId, text);
}

async function rate(sessionId: string, question: ChatMessage, value: number) {
  await selectOption(sessionId, { optionId: String(value), optionText: String(value), payload: value, messageId: Number(question.id) });
  return send(sessionId, String(value));
}

/** A quick reply clicked: its label as the visitor's words, its action as the instruction. */
function click(sessionId: string, message: ChatMessage, label: string) {
  const reply = quickRepliesOf(message).find((r) => r.text === label);
  if (!reply) throw new Error(`no quick reply "${label}" in ${JSON.stringify(message.metadata)}`);
  return send(sessionId, reply.text, reply.action);
}

function optionsOf(message: ChatMessage): { id: string; text: string }[] {
  return (message.metadata?.options ?? []) as { id: string; text: string }[];
}

function quickRepliesOf(message: ChatMessage): { text: string; action: string }[] {
  return (message.metadata?.quickReplies ?? []) as { text: string; action: string }[];
}

const labels = (message: ChatMessage) => quickRepliesOf(message).map((r) => r.text);
const stepOf = (message: ChatMessage) => message.metadata?.survey as Record<string, unknown>;
const last = (messages: ChatMessage[]) => messages[messages.length - 1];

/** Starts the kettle survey and answers up to (not including) question `upTo` (0-based). */
async function answerUpTo(sessionId: string, upTo: number): Promise<ChatMessage> {
  let question = last(await start(sessionId));
  if (upTo > 0) question = last(await choose(sessionId, question, 'compact'));
  if (upTo > 1) question = last(await submitChoices(sessionId, question, ['tea']));
  if (upTo > 2) question = last(await rate(sessionId, question, 5));
  return question;
}

describe('a survey run to completion', () => {
  it('asks the four questions as widget messages and records every answer exactly as chosen', async () => {
    const sessionId = await kit.openSession(bot.guid);
    const usedBefore = await kit.usage(userId);

    const [intro, q1] = await start(sessionId);
    const [response] = await responsesOf(sessionId);
    expect(intro).toMatchObject({
      sender: 'bot',
      messageType: 'text',
      content: '**Kettle feedback**\n\nFour quick questions about your kettle.',
      metadata: { survey: { kind: 'notice', surveyId: kettleId, responseId: response.id } },
    });
    expect(q1).toMatchObject({ sender: 'bot', messageType: 'menu', content: 'Which kettle do you own?' });
    expect(q1.metadata).toEqual({
      survey: {
        kind: 'question',
        surveyId: kettleId,
        responseId: response.id,
        questionId: 'q_model',
        questionType: 'single_choice',
        questionText: 'Which kettle do you own?',
        progress: { current: 1, total: 4 },
      },
      quickReplies: [{ text: 'Leave survey', action: `survey_leave:${kettleId}:q_model` }],
      options: [
        { id: 'compact', text: 'Compact' },
        { id: 'family', text: 'Family' },
        { id: 'q_other', text: 'Other' },
      ],
      isFollowUp: true,
    });
    expect((await sessionRow(sessionId)).activeSurveyId).toBe(kettleId);
    expect(response).toMatchObject({ answers: {}, currentQuestionIndex: 0, completed: false, completedAt: null });

    const [q2] = await chooseOther(sessionId, q1, 'A travel kettle');
    expect(q2).toMatchObject({ messageType: 'multiselect_menu', content: 'What do you use it for?' });
    expect(q2.metadata).toMatchObject({
      options: [
        { id: 'tea', text: 'Tea' },
        { id: 'coffee', text: 'Coffee' },
        { id: 'soup', text: 'Instant soup' },
      ],
      minSelections: 1,
      maxSelections: 2,
      survey: { kind: 'question', questionId: 'q_use', questionType: 'multiple_choice', progress: { current: 2, total: 4 } },
    });
    expect(labels(q2)).toEqual(['Back', 'Leave survey']);

    const [q3] = await submitChoices(sessionId, q2, ['coffee', 'tea']);
    expect(q3).toMatchObject({ messageType: 'rating', content: 'How happy are you with it?' });
    expect(q3.metadata).toMatchObject({ minValue: 1, maxValue: 5, ratingType: 'stars', survey: { questionId: 'q_stars', progress: { current: 3, total: 4 } } });
    expect(labels(q3)).toEqual(['Back', 'Leave survey']);

    const [q4] = await rate(sessionId, q3, 4);
    expect(q4).toMatchObject({ messageType: 'text', content: 'What could we do better?' });
    expect(q4.metadata).toMatchObject({ survey: { questionId: 'q_better', questionType: 'text', progress: { current: 4, total: 4 } } });
    expect(labels(q4)).toEqual(['Back', 'Skip', 'Leave survey']);

    const done = await send(sessionId, '  Make the lid quieter.  ');
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({
      messageType: 'text',
      content: 'Thanks, that helps us a lot!',
      metadata: { survey: { kind: 'completion', surveyId: kettleId, responseId: response.id } },
    });

    const [finished] = await responsesOf(sessionId);
    expect(finished.answers).toEqual({
      q_model: { value: 'Other: A travel kettle', optionIds: ['q_other'], otherText: 'A travel kettle', answeredAt: expect.any(String) },
      // The config's order and words, whatever order they were ticked in.
      q_use: { value: ['Tea', 'Coffee'], optionIds: ['tea', 'coffee'], answeredAt: expect.any(String) },
      q_stars: { value: 4, answeredAt: expect.any(String) },
      q_better: { value: 'Make the lid quieter.', answeredAt: expect.any(String) },
    });
    expect(finished.completed).toBe(true);
    expect(finished.completedAt).toBeGreaterThanOrEqual(finished.startedAt);
    expect((await sessionRow(sessionId)).activeSurveyId).toBeNull();

    // Each question message is marked answered; no survey message is a rateable answer.
    const stored = await kit.getMessages(sessionId);
    const questions = stored.filter((m) => stepOf(m)?.kind === 'question');
    expect(questions.map((m) => [stepOf(m).questionId, stepOf(m).answered])).toEqual([
      ['q_model', true],
      ['q_use', true],
      ['q_stars', true],
      ['q_better', true],
    ]);
    const rows = await db
      .select({ sender: chatMessages.sender, questionKey: chatMessages.questionKey, answerStatus: chatMessages.answerStatus })
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, sessionId));
    expect(rows.every((r) => r.questionKey === null && r.answerStatus === null)).toBe(true);
    expect(stored.every((m) => m.metadata?.answerStatus === undefined && m.feedback === undefined)).toBe(true);
    // Survey answers are no questions of the visitor's: the history lists none.
    expect((await sessionRow(sessionId)).questionCount).toBe(0);
    expect((await db.select({ q: chatSessions.firstQuestion }).from(chatSessions).where(eq(chatSessions.sessionId, sessionId)))[0].q).toBeNull();
    // Five visitor turns, each one message of the monthly quota.
    expect(await kit.usage(userId) - usedBefore).toBe(5);
  });

  it('records choices made by a widget that names no message, and typed option texts and numbers', async () => {
    const sessionId = await kit.openSession(bot.guid);
    await start(sessionId);
    // Older widgets send no messageId: the latest message offering the option takes the choice.
    await selectOption(sessionId, { optionId: 'family', optionText: 'Family' });
    const [q2] = await send(sessionId, 'Family', 'The visitor selected the menu option "Family" (option id "family").');
    expect(stepOf(q2).questionId).toBe('q_use');
    const [q3] = await send(sessionId, 'instant  SOUP ,tea');
    expect(stepOf(q3).questionId).toBe('q_stars');
    const [q4] = await send(sessionId, '2');
    expect(stepOf(q4).questionId).toBe('q_better');
    expect((await responsesOf(sessionId))[0].answers).toMatchObject({
      q_model: { value: 'Family', optionIds: ['family'] },
      q_use: { value: ['Tea', 'Instant soup'], optionIds: ['tea', 'soup'] },
      q_stars: { value: 2 },
    });
  });

  it('cannot be taken twice in one session', async () => {
    const sessionId = await kit.openSession(bot.guid);
    const q4 = await answerUpTo(sessionId, 3);
    await send(sessionId, 'Nothing, it is great.');
    const again = await start(sessionId);
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ content: "You've already completed this survey. Thank you!", metadata: { survey: { kind: 'notice', surveyId: kettleId } } });
    expect(await responsesOf(sessionId)).toHaveLength(1);
    expect((await sessionRow(sessionId)).activeSurveyId).toBeNull();
    // Its old controls resume nothing either.
    const stale = await click(sessionId, q4, 'Skip');
    expect(stale.map((m) => m.content)).toEqual(["You've already completed this survey. Thank you!"]);
  });
});

describe('starting a survey', () => {
  it('starts only active surveys of this bot', async () => {
    const draftId = await createSurvey({ ...KETTLE, id: 'draft-one', title: 'Draft' }, 'draft');
    const o = await kit.owner();
    const otherBot = await kit.newBot(o.cookie, { name: 'Other shop' });
    const foreignId = await createSurvey({ ...KETTLE, id: 'foreign' }, 'active', otherBot.id);
    const sessionId = await kit.openSession(bot.guid);
    for (const id of [draftId, foreignId, 999_999]) {
      const messages = await start(sessionId, id);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatchObject({
        messageType: 'text',
        content: "Sorry, this survey isn't available right now.",
        metadata: { survey: { kind: 'notice', surveyId: id } },
      });
      expect(await responsesOf(sessionId, id)).toEqual([]);
    }
    expect((await sessionRow(sessionId)).activeSurveyId).toBeNull();
    // The survey start never reaches the model and is no visitor question.
    expect((await sessionRow(sessionId)).questionCount).toBe(0);
  });

  it('pauses the survey in progress when another one starts, and resumes it later', async () => {
    const shortId = await createSurvey({ ...KETTLE, id: 'short', title: 'Short one', description: '   ', questions: [KETTLE.questions[3]] });
    const sessionId = await kit.openSession(bot.guid);
    await answerUpTo(sessionId, 1);
    const [intro, only] = await start(sessionId, shortId, 'Short one');
    // A blank description adds nothing to the title.
    expect(intro.content).toBe('**Short one**');
    expect(only.metadata).toMatchObject({ survey: { questionId: 'q_better', progress: { current: 1, total: 1 } } });
    expect((await sessionRow(sessionId)).activeSurveyId).toBe(shortId);
    expect((await responsesOf(sessionId))[0]).toMatchObject({ completed: false, currentQuestionIndex: 1 });

    const [welcome, q2] = await start(sessionId);
    expect(welcome.content).toBe("Welcome back! Let's pick up where you left off.");
    expect(q2.metadata).toMatchObject({ survey: { questionId: 'q_use' } });
    expect((await sessionRow(sessionId)).activeSurveyId).toBe(kettleId);
    expect((await responsesOf(sessionId, shortId))[0]).toMatchObject({ completed: false, answers: {} });
  });

  it('tells the visitor when the survey they are taking is no longer available', async () => {
    const id = await createSurvey({ ...KETTLE, id: 'pulled' });
    const sessionId = await kit.openSession(bot.guid);
    await start(sessionId, id);
    await setStatus(id, 'draft');
    const messages = await send(sessionId, 'Compact');
    expect(messages.map((m) => m.content)).toEqual(["Sorry, this survey isn't available right now."]);
    expect((await sessionRow(sessionId)).activeSurveyId).toBeNull();
    // Then the chat is the usual one again.
    const answer = await send(sessionId, 'How do I get a refund?');
    expect(answer[0].content).toContain('full refund within 30 days');
  });
});

describe('survey controls', () => {
  it('goes back to the previous question, whose new answer replaces the old one', async () => {
    const sessionId = await kit.openSession(bot.guid);
    const q2 = await answerUpTo(sessionId, 1);
    const [q1again] = await click(sessionId, q2, 'Back');
    expect(q1again).toMatchObject({ messageType: 'menu', content: 'Which kettle do you own?' });
    expect(stepOf(q1again)).toMatchObject({ questionId: 'q_model', progress: { current: 1, total: 4 } });
    expect(stepOf(q1again).answered).toBeUndefined();
    // Until then the old answer stays.
    expect((await responsesOf(sessionId))[0]).toMatchObject({ currentQuestionIndex: 0, answers: { q_model: { value: 'Compact' } } });

    const [next] = await choose(sessionId, q1again, 'family');
    expect(stepOf(next).questionId).toBe('q_use');
    expect((await responsesOf(sessionId))[0]).toMatchObject({ currentQuestionIndex: 1, answers: { q_model: { value: 'Family', optionIds: ['family'] } } });
  });

  it('answers a click on a question asked before going Back by showing the pending question, recording nothing', async () => {
    const sessionId = await kit.openSession(bot.guid);
    const q3 = await answerUpTo(sessionId, 2);
    expect(stepOf(q3).questionId).toBe('q_stars');
    const [q2again] = await click(sessionId, q3, 'Back');
    expect(stepOf(q2again).questionId).toBe('q_use');
    const before = (await responsesOf(sessionId))[0];

    // The stars of the earlier asking are still on screen; clicking one is no answer to q_use.
    const [closed, asked] = await rate(sessionId, q3, 4);
    expect(closed.content).toBe("That question isn't open any more. Let's continue here:");
    expect(stepOf(asked)).toMatchObject({ questionId: 'q_use' });
    expect((await responsesOf(sessionId))[0]).toEqual(before);
    expect((await sessionRow(sessionId)).questionCount).toBe(0);
    // The click is spent: the pending question's own answer goes through as usual.
    const [next] = await submitChoices(sessionId, asked, ['soup']);
    expect(stepOf(next).questionId).toBe('q_stars');
    expect((await responsesOf(sessionId))[0].answers.q_use).toMatchObject({ value: ['Instant soup'], optionIds: ['soup'] });
  });

  it('has no question before the first, and no Back when the survey does not allow it', async () => {
    const noBackId = await createSurvey({ ...KETTLE, id: 'no-back', settings: { ...KETTLE.settings, allowBackNavigation: false, showProgress: false } });
    const sessionId = await kit.openSession(bot.guid);
    const [, q1] = await start(sessionId, noBackId);
    const [q2] = await choose(sessionId, q1, 'compact');
    expect(labels(q2)).toEqual(['Leave survey']);
    expect(stepOf(q2).progress).toBeUndefined();
    const refused = await send(sessionId, 'Back', `survey_back:${noBackId}:q_use`);
    expect(refused.map((m) => m.content)).toEqual(['This is the first question.', 'What do you use it for?']);
    expect((await responsesOf(sessionId, noBackId))[0].currentQuestionIndex).toBe(1);

    const other = await kit.openSession(bot.guid);
    await start(other);
    const first = await send(other, 'Back', `survey_back:${kettleId}:q_model`);
    expect(first.map((m) => m.content)).toEqual(['This is the first question.', 'Which kettle do you own?']);
  });

  it('refuses to skip a required question and skips an optional one, dropping its earlier answer', async () => {
    const sessionId = await kit.openSession(bot.guid);
    await start(sessionId);
    const refused = await send(sessionId, 'Skip', `survey_skip:${kettleId}:q_model`);
    expect(refused.map((m) => [m.messageType, m.content])).toEqual([
      ['text', 'This question needs an answer.'],
      ['menu', 'Which kettle do you own?'],
    ]);
    expect((await responsesOf(sessionId))[0].currentQuestionIndex).toBe(0);

    const optionalId = await createSurvey({
      ...KETTLE,
      id: 'optional',
      questions: [
        { id: 'q_a', text: 'First thought?', type: 'text', required: false },
        { id: 'q_b', text: 'Second thought?', type: 'text', required: false },
      ],
    });
    const other = await kit.openSession(bot.guid);
    const [, qa] = await start(other, optionalId);
    expect(labels(qa)).toEqual(['Skip', 'Leave survey']);
    const [qb] = await send(other, 'Kettles are nice');
    const [qaAgain] = await click(other, qb, 'Back');
    expect((await responsesOf(other, optionalId))[0].answers).toMatchObject({ q_a: { value: 'Kettles are nice' } });
    const [qbAgain] = await click(other, qaAgain, 'Skip');
    expect(qbAgain.content).toBe('Second thought?');
    expect((await responsesOf(other, optionalId))[0].answers).toEqual({});
    const done = await click(other, qbAgain, 'Skip');
    expect(done.map((m) => m.content)).toEqual(['Thanks, that helps us a lot!']);
    expect((await responsesOf(other, optionalId))[0]).toMatchObject({ completed: true, answers: {} });
  });

  it('takes no new click on a question already answered or skipped: the pending question is shown', async () => {
    const sessionId = await kit.openSession(bot.guid);
    const [, q1] = await start(sessionId);
    const [q2] = await choose(sessionId, q1, 'compact');
    // The first menu, answered, is clicked again with another choice.
    const again = await choose(sessionId, q1, 'family');
    expect(again.map((m) => m.content)).toEqual(["That question isn't open any more. Let's continue here:", 'What do you use it for?']);
    expect(stepOf(again[1]).questionId).toBe('q_use');
    expect((await responsesOf(sessionId))[0].answers.q_model).toMatchObject({ value: 'Compact', optionIds: ['compact'] });

    const [q3] = await submitChoices(sessionId, q2, ['tea']);
    const [q4] = await rate(sessionId, q3, 5);
    const done = await click(sessionId, q4, 'Skip');
    expect(done.map((m) => m.content)).toEqual(['Thanks, that helps us a lot!']);
    expect((await responsesOf(sessionId))[0]).toMatchObject({ completed: true });
    expect((await responsesOf(sessionId))[0].answers.q_better).toBeUndefined();
  });

  it('closes a skipped question: a later click on it is no answer to the next one', async () => {
    const mixedId = await createSurvey({
      ...KETTLE,
      id: 'skippable-stars',
      questions: [
        { id: 'q_stars', text: 'How happy are you with it?', type: 'rating', required: false, metadata: { minValue: 1, maxValue: 5, ratingType: 'numbers' } },
        { id: 'q_score', text: 'How likely are you to recommend us?', type: 'rating', required: true, metadata: { minValue: 1, maxValue: 5, ratingType: 'numbers' } },
      ],
    });
    const sessionId = await kit.openSession(bot.guid);
    const [, stars] = await start(sessionId, mixedId);
    const [score] = await click(sessionId, stars, 'Skip');
    expect(stepOf(score).questionId).toBe('q_score');
    // Both ratings look alike: the skipped one's 4 must not answer the pending one.
    const stale = await rate(sessionId, stars, 4);
    expect(stale.map((m) => m.content)).toEqual(["That question isn't open any more. Let's continue here:", 'How likely are you to recommend us?']);
    expect((await responsesOf(sessionId, mixedId))[0]).toMatchObject({ answers: {}, completed: false, currentQuestionIndex: 1 });
    const done = await rate(sessionId, stale[1], 2);
    expect(done.map((m) => m.content)).toEqual(['Thanks, that helps us a lot!']);
    expect((await responsesOf(sessionId, mixedId))[0]).toMatchObject({ answers: { q_score: { value: 2 } }, completed: true });
  });

  it('asks the pending question again when a Back or Skip of an earlier question is pressed', async () => {
    const sessionId = await kit.openSession(bot.guid);
    const [, q1] = await start(sessionId);
    const [q2] = await choose(sessionId, q1, 'compact');
    const [q3] = await submitChoices(sessionId, q2, ['tea']);
    const stale = await click(sessionId, q2, 'Back');
    expect(stale.map((m) => m.content)).toEqual(['How happy are you with it?']);
    expect(stepOf(stale[0]).questionId).toBe(stepOf(q3).questionId);
    expect((await responsesOf(sessionId))[0].currentQuestionIndex).toBe(2);
  });

  it('leaves the survey for a normal question, then resumes it at the pending question', async () => {
    const sessionId = await kit.openSession(bot.guid);
    const q2 = await answerUpTo(sessionId, 1);
    const left = await click(sessionId, q2, 'Leave survey');
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({
      messageType: 'text',
      content: 'No problem. You can come back to the survey at any time.',
      metadata: { survey: { kind: 'notice', surveyId: kettleId }, quickReplies: [{ text: 'Continue survey', action: `start_survey:${kettleId}` }] },
    });
    expect((await sessionRow(sessionId)).activeSurveyId).toBeNull();
    expect((await responsesOf(sessionId))[0]).toMatchObject({ completed: false, currentQuestionIndex: 1 });

    const answer = await send(sessionId, 'How do I get a refund?');
    expect(answer).toHaveLength(1);
    expect(answer[0].content).toContain('full refund within 30 days');
    expect(answer[0].metadata?.answerStatus).toBe('answered');
    expect((await sessionRow(sessionId)).questionCount).toBe(1);

    const resumed = await click(sessionId, left[0], 'Continue survey');
    expect(resumed.map((m) => [m.messageType, m.content])).toEqual([
      ['text', "Welcome back! Let's pick up where you left off."],
      ['multiselect_menu', 'What do you use it for?'],
    ]);
    expect((await sessionRow(sessionId)).activeSurveyId).toBe(kettleId);
    expect(await responsesOf(sessionId)).toHaveLength(1);
    expect((await responsesOf(sessionId))[0].answers).toMatchObject({ q_model: { value: 'Compact' } });
  });

  it('answers a control of a survey the session is not taking without resuming it', async () => {
    const sessionId = await kit.openSession(bot.guid);
    const q2 = await answerUpTo(sessionId, 1);
    await click(sessionId, q2, 'Leave survey');
    const stale = await click(sessionId, q2, 'Back');
    expect(stale).toHaveLength(1);
    expect(stale[0]).toMatchObject({
      content: 'Would you like to continue the survey "Kettle feedback"?',
      metadata: { quickReplies: [{ text: 'Continue survey', action: `start_survey:${kettleId}` }] },
    });
    expect((await sessionRow(sessionId)).activeSurveyId).toBeNull();
    expect((await responsesOf(sessionId))[0].currentQuestionIndex).toBe(1);

    const fresh = await kit.openSession(bot.guid);
    const never = await send(fresh, 'Skip', `survey_skip:${kettleId}:q_model`);
    expect(never.map((m) => m.content)).toEqual(["Sorry, this survey isn't available right now."]);
    expect(await responsesOf(fresh)).toEqual([]);
  });
});

describe('answers the pending question cannot take', () => {
  it('answers a typed question normally, offers to continue, and still takes the open menu', async () => {
    const sessionId = await kit.openSession(bot.guid);
    const [, q1] = await start(sessionId);
    const aside = await send(sessionId, 'How do I get a refund?');
    expect(aside).toHaveLength(2);
    expect(aside[0].content).toContain('full refund within 30 days');
    expect(aside[1]).toMatchObject({
      messageType: 'text',
      content: 'Would you like to continue the survey "Kettle feedback"?',
      metadata: { survey: { kind: 'notice', surveyId: kettleId }, quickReplies: [{ text: 'Continue survey', action: `start_survey:${kettleId}` }], isFollowUp: true },
    });
    expect(await sessionRow(sessionId)).toEqual({ activeSurveyId: kettleId, questionCount: 1 });
    expect((await responsesOf(sessionId))[0]).toMatchObject({ answers: {}, currentQuestionIndex: 0 });

    const [q2] = await choose(sessionId, q1, 'family');
    expect(stepOf(q2).questionId).toBe('q_use');
    expect((await responsesOf(sessionId))[0].answers).toMatchObject({ q_model: { value: 'Family' } });
    expect((await sessionRow(sessionId)).questionCount).toBe(1);
  });

  it('asks again after a choice the question does not allow, saying why', async () => {
    const sessionId = await kit.openSession(bot.guid);
    const [, q1] = await start(sessionId);
    await selectOption(sessionId, { optionId: 'espresso', optionText: 'Espresso', messageId: Number(q1.id) });
    const unknown = await send(sessionId, 'Espresso', 'The visitor selected the menu option "Espresso" (option id "espresso").');
    expect(unknown.map((m) => [m.messageType, m.content])).toEqual([
      ['text', 'Please choose one of the options.'],
      ['menu', 'Which kettle do you own?'],
    ]);
    // Other needs the visitor's words.
    await selectOption(sessionId, { optionId: 'q_other', optionText: '   ', messageId: Number(unknown[1].id) });
    const blank = await send(sessionId, 'Other', 'The visitor chose "Other".');
    expect(blank.map((m) => m.content)).toEqual(['Please type your answer for Other.', 'Which kettle do you own?']);
    const [q2] = await choose(sessionId, blank[1], 'compact');

    const tooMany = await submitChoices(sessionId, q2, ['tea', 'coffee', 'soup']);
    expect(tooMany.map((m) => [m.messageType, m.content])).toEqual([
      ['text', 'Please choose between 1 and 2 options.'],
      ['multiselect_menu', 'What do you use it for?'],
    ]);
    const typedTooMany = await send(sessionId, 'Tea, Coffee, Instant soup');
    expect(typedTooMany.map((m) => m.content)).toEqual(['Please choose between 1 and 2 options.', 'What do you use it for?']);
    const [q3] = await submitChoices(sessionId, typedTooMany[1], ['soup']);

    const outOfRange = await rate(sessionId, q3, 6);
    expect(outOfRange.map((m) => [m.messageType, m.content])).toEqual([
      ['text', 'Please choose a rating from 1 to 5.'],
      ['rating', 'How happy are you with it?'],
    ]);
    const typedZero = await send(sessionId, '0');
    expect(typedZero.map((m) => m.content)).toEqual(['Please choose a rating from 1 to 5.', 'How happy are you with it?']);
    // The refused choice stays behind: the re-asked question waits for a new one.
    const aside = await send(sessionId, 'Do you ship to Lyon?');
    expect(aside.at(-1)?.content).toBe('Would you like to continue the survey "Kettle feedback"?');
    const [q4] = await rate(sessionId, typedZero[1], 3);
    expect(stepOf(q4).questionId).toBe('q_better');
    expect((await responsesOf(sessionId))[0].answers).toMatchObject({ q_model: { value: 'Compact' }, q_use: { value: ['Instant soup'] }, q_stars: { value: 3 } });
  });
});

describe('a survey the owner edits while a visitor takes it', () => {
  async function setQuestions(surveyId: number, config: SurveyConfig) {
    await db
      .update(surveys)
      .set({ surveyConfig: config as unknown as Record<string, unknown> })
      .where(eq(surveys.id, surveyId));
  }
  const text = (id: string, words: string) => ({ id, text: words, type: 'text' as const, required: true });

  it('records each answer on the question the visitor was asked, wherever the owner moved it', async () => {
    const base = { ...KETTLE, id: 'edited', questions: [text('q_name', 'What is your name?'), text('q_city', 'Which city are you in?')] };
    const editedId = await createSurvey(base);
    const sessionId = await kit.openSession(bot.guid);
    await start(sessionId, editedId);
    const [city] = await send(sessionId, 'Ada');
    expect(city.content).toBe('Which city are you in?');

    // A question goes in first: the pending one is now third, and position 1 holds an answered one.
    await setQuestions(editedId, { ...base, questions: [text('q_mood', 'How are you today?'), ...base.questions] });
    const done = await send(sessionId, 'Lyon');
    expect(done.map((m) => m.content)).toEqual(['Thanks, that helps us a lot!']);
    expect((await responsesOf(sessionId, editedId))[0].answers).toMatchObject({ q_name: { value: 'Ada' }, q_city: { value: 'Lyon' } });
  });

  it('moves on to the first question not yet asked when the pending one is deleted', async () => {
    const base = { ...KETTLE, id: 'trimmed', questions: [text('q_a', 'First?'), text('q_b', 'Second?'), text('q_c', 'Third?')] };
    const trimmedId = await createSurvey(base);
    const sessionId = await kit.openSession(bot.guid);
    const [, first] = await start(sessionId, trimmedId);
    const [second] = await send(sessionId, 'one');
    expect(second.content).toBe('Second?');
    await setQuestions(trimmedId, { ...base, questions: [base.questions[0], base.questions[2]] });
    // The visitor leaves and comes back: the survey resumes at the question still to ask.
    const [left] = await send(sessionId, 'Leave survey', `survey_leave:${trimmedId}:q_b`);
    const resumed = await click(sessionId, left, 'Continue survey');
    expect(resumed.map((m) => m.content)).toEqual(["Welcome back! Let's pick up where you left off.", 'Third?']);
    expect((await responsesOf(sessionId, trimmedId))[0].currentQuestionIndex).toBe(1);
    const done = await send(sessionId, 'three');
    expect(done.map((m) => m.content)).toEqual(['Thanks, that helps us a lot!']);
    expect((await responsesOf(sessionId, trimmedId))[0]).toMatchObject({ completed: true, answers: { q_a: { value: 'one' }, q_c: { value: 'three' } } });
    expect(stepOf(first).questionId).toBe('q_a');
  });
});

describe('select-option', () => {
  it('records a choice on the named message of this session only, with the words typed with Other', async () => {
    const mine = await kit.openSession(bot.guid);
    const [, q1] = await start(mine);
    const theirs = await kit.openSession(bot.guid);
    const [, foreign] = await start(theirs);
    // Another session's message is not this session's to record on: the latest offer here takes it.
    const answer = await selectOption(mine, { optionId: 'q_other', optionText: 'Mine', messageId: Number(foreign.id), otherText: ' A kettle I built ' });
    expect(answer).toEqual({ success: true, messageId: Number(q1.id) });
    const stored = (await kit.getMessages(mine)).find((m) => m.id === q1.id)!;
    expect(stored.metadata?.selection).toEqual({ optionId: 'q_other', optionText: 'Mine', payload: null, otherText: 'A kettle I built', selectedAt: expect.any(String) });
    expect((await kit.getMessages(theirs)).find((m) => m.id === foreign.id)?.metadata?.selection).toBeUndefined();
  });
});

describe('what a text question takes', () => {
  const TEXTS: SurveyConfig = {
    ...KETTLE,
    id: 'two-texts',
    title: 'Two thoughts',
    questions: [
      { id: 'q_a', text: 'What do you like about it?', type: 'text', required: true },
      { id: 'q_b', text: 'What would you change?', type: 'text', required: true },
    ],
  };

  it('answers a question to the bot, then offers to continue and asks the question again', async () => {
    const id = await createSurvey(TEXTS);
    const sessionId = await kit.openSession(bot.guid);
    await start(sessionId, id);
    const aside = await send(sessionId, 'How do I get a refund?');
    expect(aside.map((m) => m.messageType)).toEqual(['text', 'text', 'text']);
    expect(aside[0].content).toContain('full refund within 30 days');
    expect(aside[0].metadata?.answerStatus).toBe('answered');
    // The question follows at once, so the prompt needs no Continue button.
    expect(aside[1]).toMatchObject({ content: 'Would you like to continue the survey "Two thoughts"?', metadata: { survey: { kind: 'notice', surveyId: id } } });
    expect(quickRepliesOf(aside[1])).toEqual([]);
    expect(aside[2]).toMatchObject({ content: 'What do you like about it?', metadata: { survey: { kind: 'question', questionId: 'q_a' } } });
    expect((await responsesOf(sessionId, id))[0]).toMatchObject({ answers: {}, currentQuestionIndex: 0 });
    expect(await sessionRow(sessionId)).toEqual({ activeSurveyId: id, questionCount: 1 });

    // A question mark alone, or a question word without one, is an answer.
    const [qb] = await send(sessionId, 'The whistle?');
    expect(stepOf(qb).questionId).toBe('q_b');
    const done = await send(sessionId, 'Where it stands on the counter');
    expect(done.map((m) => m.content)).toEqual(['Thanks, that helps us a lot!']);
    expect((await responsesOf(sessionId, id))[0].answers).toMatchObject({ q_a: { value: 'The whistle?' }, q_b: { value: 'Where it stands on the counter' } });
    expect((await sessionRow(sessionId)).questionCount).toBe(1);
  });

  it('hands a visitor asking for a person over to the team and pauses the survey', async () => {
    const id = await createSurvey(TEXTS);
    const sessionId = await kit.openSession(bot.guid);
    await start(sessionId, id);
    const handoff = await send(sessionId, 'I want to talk to a human');
    expect(handoff.map((m) => m.messageType)).toEqual(['form', 'text']);
    expect(handoff[1]).toMatchObject({
      content: 'Would you like to continue the survey "Two thoughts"?',
      metadata: { survey: { kind: 'notice', surveyId: id }, quickReplies: [{ text: 'Continue survey', action: `start_survey:${id}` }] },
    });
    expect((await sessionRow(sessionId)).activeSurveyId).toBeNull();
    expect((await responsesOf(sessionId, id))[0]).toMatchObject({ answers: {}, currentQuestionIndex: 0, completed: false });

    // What they type next is theirs, not an answer.
    const after = await send(sessionId, 'Thanks, I filled it in');
    expect(after.every((m) => stepOf(m) === undefined)).toBe(true);
    expect((await responsesOf(sessionId, id))[0].answers).toEqual({});
    const resumed = await click(sessionId, handoff[1], 'Continue survey');
    expect(resumed.map((m) => m.content)).toEqual(["Welcome back! Let's pick up where you left off.", 'What do you like about it?']);
  });

  it('pauses a choice question too for a visitor asking for a person', async () => {
    const sessionId = await kit.openSession(bot.guid);
    await start(sessionId);
    const handoff = await send(sessionId, 'Can I speak to a person?');
    expect(handoff.map((m) => [m.messageType, m.content])).toEqual([
      ['form', "I'll connect you with our team. Please leave your name, email and a short message, and we'll get back to you as soon as possible."],
      ['text', 'Would you like to continue the survey "Kettle feedback"?'],
    ]);
    expect((await sessionRow(sessionId)).activeSurveyId).toBeNull();
  });

  it('lets go of a survey the session was taking once its response is complete', async () => {
    const id = await createSurvey(TEXTS);
    const sessionId = await kit.openSession(bot.guid);
    await start(sessionId, id);
    await db
      .update(surveyResponses)
      .set({ completed: true })
      .where(and(eq(surveyResponses.sessionId, sessionId), eq(surveyResponses.surveyId, id)));
    const answer = await send(sessionId, 'How do I get a refund?');
    expect(answer).toHaveLength(1);
    expect(answer[0].content).toContain('full refund within 30 days');
    expect(await sessionRow(sessionId)).toEqual({ activeSurveyId: null, questionCount: 1 });
  });

  it('runs a session’s turns one after another: an answer sent while the model still answers waits for it', async () => {
    const id = await createSurvey(TEXTS);
    const sessionId = await kit.openSession(bot.guid);
    await start(sessionId, id);
    const [botRow] = await db.select().from(chatbots).where(eq(chatbots.id, bot.id));
    const session = async () => (await db.select().from(chatSessions).where(eq(chatSessions.sessionId, sessionId)))[0];
    // A model that takes its time, as a real one does.
    const slowModel: ChatModel = {
      kind: 'offline',
      async *answer() {
        await new Promise((resolve) => setTimeout(resolve, 50));
        yield { type: 'text', text: 'Refunds take 30 days.' };
      },
    };
    const aside = runTurn({ bot: botRow, session: await session(), content: 'How do I get a refund?' }, () => {}, slowModel);
    // Sent while the first turn waits for the model, read against the state the session had then.
    const answer = runTurn({ bot: botRow, session: await session(), content: 'It boils fast' }, () => {}, slowModel);
    const [first, second] = await Promise.all([aside, answer]);
    expect(first.messages.map((m) => m.content)).toEqual(['How do I get a refund?', 'Refunds take 30 days.', 'Would you like to continue the survey "Two thoughts"?', 'What do you like about it?']);
    expect(second.messages.map((m) => m.content)).toEqual(['It boils fast', 'What would you change?']);
    expect((await responsesOf(sessionId, id))[0]).toMatchObject({ currentQuestionIndex: 1, answers: { q_a: { value: 'It boils fast' } } });
    const stored = await kit.getMessages(sessionId);
    expect(stored.slice(-6).map((m) => m.content)).toEqual([...first.messages, ...second.messages].map((m) => m.content));
  });
});
