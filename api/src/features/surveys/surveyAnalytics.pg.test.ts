import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newSurveyConfig, type SurveyAnswer, type SurveyConfig, type SurveyQuestion } from '@parley/contracts';

// setupPostgres.ts has pointed DATABASE_URL at a fresh database: the whole app runs on PostgreSQL.
const { client, ownerWithBot, withCookie } = await import('../../../test/helpers');
const { db, dialect } = await import('../../db/client');
const { chatSessions, surveyResponses, surveys } = await import('../../db/schema');

const { chatbots } = client.api;

/**
 * A survey stored as the survey routes store one (its config from `newSurveyConfig` with the
 * questions and settings laid over): written directly, so these figures do not depend on the
 * survey editor's own port.
 */
async function surveyWith(
  chatbotId: number,
  name: string,
  questions: SurveyQuestion[],
  options: { settings?: Partial<SurveyConfig['settings']>; status?: 'draft' | 'active' | 'archived'; createdAt?: number } = {},
) {
  const base = newSurveyConfig(`survey_${randomUUID().slice(0, 12)}`);
  const config: SurveyConfig = { ...base, questions, settings: { ...base.settings, ...options.settings } };
  const [row] = await db
    .insert(surveys)
    .values({
      chatbotId,
      name,
      status: options.status ?? 'active',
      surveyConfig: config as unknown as Record<string, unknown>,
      createdAt: new Date(options.createdAt ?? Date.now()),
    })
    .returning();
  return row!;
}

const T0 = Date.parse('2026-03-02T09:00:00.000Z');

async function session(chatbotId: number, isTest = false) {
  const sessionId = `session_${randomUUID()}`;
  await db.insert(chatSessions).values({ sessionId, chatbotId, isTest });
  return sessionId;
}

/** A stored response; `tookMs` set means completed that long after it started. */
async function respond(
  survey: { id: number; chatbotId: number },
  answers: Record<string, SurveyAnswer>,
  options: { tookMs?: number; startedAt?: number; isTest?: boolean; sessionId?: string } = {},
) {
  const startedAt = options.startedAt ?? T0;
  const sessionId = options.sessionId ?? (await session(survey.chatbotId, options.isTest));
  const [row] = await db
    .insert(surveyResponses)
    .values({
      surveyId: survey.id,
      chatbotId: survey.chatbotId,
      sessionId,
      answers,
      completed: options.tookMs !== undefined,
      startedAt: new Date(startedAt),
      completedAt: options.tookMs !== undefined ? new Date(startedAt + options.tookMs) : null,
    })
    .returning();
  return row!;
}

const answer = (value: SurveyAnswer['value'], optionIds?: string[], otherText?: string): SurveyAnswer => ({
  value,
  ...(optionIds && { optionIds }),
  ...(otherText && { otherText }),
  answeredAt: new Date(T0).toISOString(),
});

const colour: SurveyQuestion = {
  id: 'colour',
  text: 'Favourite hull colour?',
  type: 'single_choice',
  required: true,
  allowFreeChoice: true,
  options: [
    { id: 'red', text: 'Red' },
    { id: 'blue', text: 'Blue' },
  ],
};
const features: SurveyQuestion = {
  id: 'features',
  text: 'What matters to you?',
  type: 'multiple_choice',
  required: true,
  options: [
    { id: 'speed', text: 'Speed' },
    { id: 'price', text: 'Price' },
    { id: 'support', text: 'Support' },
  ],
};
const rate: SurveyQuestion = { id: 'rate', text: 'Rate our harbour', type: 'rating', required: true, metadata: { minValue: 1, maxValue: 5, ratingType: 'stars' } };
const words: SurveyQuestion = { id: 'words', text: 'Anything else?', type: 'text', required: false };

async function analyticsOf(cookie: string, ref: string | number, query: { include?: 'totals' } = {}) {
  const res = await chatbots[':id'].surveys.analytics.$get({ param: { id: String(ref) }, query }, withCookie(cookie));
  expect(res.status).toBe(200);
  return res.json();
}

describe('survey analytics on PostgreSQL: the figures SQLite gives for the same data', () => {
  it('counts completed and partial responses, leaves out test chats and reports them, per question', async () => {
    expect(dialect).toBe('postgres');
    const { cookie, bot } = await ownerWithBot();
    const main = await surveyWith(bot.id, 'Harbour visit', [colour, features, rate, words], { createdAt: T0 });
    const strict = await surveyWith(bot.id, 'Strict', [words], { settings: { savePartialResponses: false }, createdAt: T0 + 1 });
    const old = await surveyWith(bot.id, 'Old one', [words], { status: 'archived', createdAt: T0 + 2 });

    await respond(main, { colour: answer('Red', ['red']), features: answer(['Speed', 'Price'], ['speed', 'price']), rate: answer(5), words: answer('Great') }, { tookMs: 60_000 });
    await respond(
      main,
      { colour: answer('Other: Teal', ['q_other'], 'Teal'), features: answer(['Price'], ['price']), rate: answer(4), words: answer('Great') },
      { tookMs: 120_000 },
    );
    await respond(main, { colour: answer('Blue', ['blue']), words: answer('') });
    await respond(main, { colour: answer('Red', ['red']), features: answer(['Support'], ['support']), rate: answer(1) }, { tookMs: 5_000, isTest: true });
    await respond(strict, { words: answer('Fine') }, { tookMs: 30_000 });
    await respond(strict, { words: answer('Half') });
    await respond(strict, { words: answer('Mine') }, { isTest: true });
    // Completed "before" it started (a clock set back): counted and timed, adding no time.
    await respond(strict, { words: answer('Odd') }, { tookMs: -5_000 });

    const analytics = await analyticsOf(cookie, bot.guid);
    expect(analytics).toMatchObject({ totalSurveys: 3, totalResponses: 5, completionRate: 80, averageCompletionTime: 210_000 / 4, testResponses: 1 });
    expect(analytics.surveyBreakdown.map((s) => [s.surveyName, s.status])).toEqual([
      ['Old one', 'archived'],
      ['Strict', 'active'],
      ['Harbour visit', 'active'],
    ]);
    const [archived, strictFigures, mainFigures] = analytics.surveyBreakdown;
    expect(archived).toEqual({
      surveyId: old.id,
      surveyName: 'Old one',
      status: 'archived',
      completionRate: 0,
      totalResponses: 0,
      completedResponses: 0,
      avgCompletionTime: 0,
      questionAnalytics: [{ questionId: 'words', questionText: 'Anything else?', questionType: 'text', responseCount: 0, responses: [], distinctResponses: 0 }],
    });
    expect(strictFigures).toMatchObject({ surveyId: strict.id, completionRate: 100, totalResponses: 2, completedResponses: 2, avgCompletionTime: 15_000 });
    expect(strictFigures.questionAnalytics[0].responses).toEqual([
      { value: 'Fine', count: 1 },
      { value: 'Odd', count: 1 },
    ]);

    expect(mainFigures).toMatchObject({ surveyId: main.id, totalResponses: 3, completedResponses: 2, avgCompletionTime: 90_000 });
    expect(mainFigures.completionRate).toBeCloseTo(66.6667, 3);
    expect(mainFigures.questionAnalytics).toEqual([
      {
        questionId: 'colour',
        questionText: 'Favourite hull colour?',
        questionType: 'single_choice',
        responseCount: 3,
        responses: [
          { value: 'Blue', count: 1 },
          { value: 'Other: Teal', count: 1 },
          { value: 'Red', count: 1 },
        ],
        distinctResponses: 3,
        options: [
          { id: 'red', text: 'Red', count: 1 },
          { id: 'blue', text: 'Blue', count: 1 },
          { id: 'q_other', text: 'Other', count: 1 },
        ],
      },
      {
        questionId: 'features',
        questionText: 'What matters to you?',
        questionType: 'multiple_choice',
        responseCount: 2,
        responses: [
          { value: 'Price', count: 1 },
          { value: 'Speed, Price', count: 1 },
        ],
        distinctResponses: 2,
        options: [
          { id: 'speed', text: 'Speed', count: 1 },
          { id: 'price', text: 'Price', count: 2 },
          { id: 'support', text: 'Support', count: 0 },
        ],
      },
      {
        questionId: 'rate',
        questionText: 'Rate our harbour',
        questionType: 'rating',
        responseCount: 2,
        responses: [
          { value: '4', count: 1 },
          { value: '5', count: 1 },
        ],
        distinctResponses: 2,
        rating: { minValue: 1, maxValue: 5, average: 4.5, distribution: [1, 2, 3, 4, 5].map((value) => ({ value, count: value >= 4 ? 1 : 0 })) },
      },
      { questionId: 'words', questionText: 'Anything else?', questionType: 'text', responseCount: 2, responses: [{ value: 'Great', count: 2 }], distinctResponses: 1 },
    ]);

    // The totals alone (the dashboard card), by numeric id: the same figures without the breakdown.
    const { surveyBreakdown: _breakdown, ...totals } = analytics;
    expect(await analyticsOf(cookie, bot.id, { include: 'totals' })).toEqual({ ...totals, surveyBreakdown: [] });
  });

  it('counts a response whose session was deleted as a visitor’s', async () => {
    const { cookie, bot } = await ownerWithBot();
    const survey = await surveyWith(bot.id, 'Orphans', [words]);
    await respond(survey, { words: answer('Still here') }, { tookMs: 1_000, sessionId: `session_${randomUUID()}` });
    expect(await analyticsOf(cookie, bot.guid, { include: 'totals' })).toMatchObject({ totalResponses: 1, completionRate: 100, testResponses: 0 });
  });

  it('answers zeros for a bot without surveys', async () => {
    const { cookie, bot } = await ownerWithBot();
    expect(await analyticsOf(cookie, bot.guid)).toEqual({ totalSurveys: 0, totalResponses: 0, completionRate: 0, averageCompletionTime: 0, surveyBreakdown: [], testResponses: 0 });
  });
});

describe('the responses CSV on PostgreSQL', () => {
  it('exports the counted responses oldest first, one column per question', async () => {
    const { cookie, bot } = await ownerWithBot();
    const survey = await surveyWith(bot.id, 'Customer Feedback!', [colour, features, words]);
    const late = await respond(survey, { colour: answer('Other: Teal, "deep"', ['q_other'], 'Teal, "deep"'), words: answer('=SUM(A1)') }, { startedAt: T0 + 3_600_000 });
    const early = await respond(
      survey,
      { colour: answer('Red', ['red']), features: answer(['Speed', 'Price'], ['speed', 'price']), words: answer('Lovely') },
      { startedAt: T0, tookMs: 75_250 },
    );
    await respond(survey, { colour: answer('Blue', ['blue']) }, { tookMs: 1_000, isTest: true });

    const res = await client.api.surveys[':id'].responses['export.csv'].$get({ param: { id: String(survey.id) } }, withCookie(cookie));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="customer-feedback-responses.csv"');
    const rows = [
      'Response ID,Session ID,Started,Completed,Completed at,Completion time (seconds),Favourite hull colour?,What matters to you?,Anything else?',
      `${early.id},${early.sessionId},2026-03-02T09:00:00.000Z,Yes,2026-03-02T09:01:15.250Z,75.3,Red,"Speed, Price",Lovely`,
      `${late.id},${late.sessionId},2026-03-02T10:00:00.000Z,No,,,"Other: Teal, ""deep""",,'=SUM(A1)`,
    ];
    const body = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(body).toBe(`\uFEFF${rows.join('\r\n')}\r\n`);
  });

  it('leaves out unfinished responses when the survey keeps only completed ones', async () => {
    const { cookie, bot } = await ownerWithBot();
    const survey = await surveyWith(bot.id, 'Strict', [words], { settings: { savePartialResponses: false } });
    const done = await respond(survey, { words: answer('Done') }, { tookMs: 2_000 });
    await respond(survey, { words: answer('Half') });
    const res = await client.api.surveys[':id'].responses['export.csv'].$get({ param: { id: String(survey.id) } }, withCookie(cookie));
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines.slice(1)).toEqual([`${done.id},${done.sessionId},2026-03-02T09:00:00.000Z,Yes,2026-03-02T09:00:02.000Z,2.0,Done`]);
  });
});
