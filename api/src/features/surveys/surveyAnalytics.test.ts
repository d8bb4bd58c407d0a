import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SurveyAnswer, SurveyConfig, SurveyQuestion } from '@parley/contracts';
import { client, errorOf, ownerWithBot, withCookie } from '../../../test/helpers';
import { db } from '../../db/client';
import { chatSessions, surveyResponses } from '../../db/schema';

const { chatbots } = client.api;
const surveyApi = client.api.surveys[':id'];

/** A survey made and set up through the API: `questions` and `settings` over the defaults. */
async function surveyWith(
  cookie: string,
  guid: string,
  name: string,
  questions: SurveyQuestion[],
  options: { settings?: Partial<SurveyConfig['settings']>; status?: 'draft' | 'active' | 'archived' } = {},
) {
  const res = await chatbots[':id'].surveys.$post({ param: { id: guid }, json: { name, surveyConfig: { questions } } }, withCookie(cookie));
  expect(res.status).toBe(201);
  const created = await res.json();
  const surveyConfig = { ...created.surveyConfig, settings: { ...created.surveyConfig.settings, ...options.settings } };
  const updated = await surveyApi.$patch({ param: { id: String(created.id) }, json: { surveyConfig, status: options.status ?? 'active' } }, withCookie(cookie));
  expect(updated.status).toBe(200);
  return updated.json();
}

const T0 = Date.parse('2026-03-02T09:00:00.000Z');

/** A chat session of the bot: a visitor's, or the owner's test chat. */
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
  return row;
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

describe('GET /api/chatbots/:id/surveys/analytics', () => {
  it('counts completed and partial responses, leaves out test chats and reports them', async () => {
    const { cookie, bot } = await ownerWithBot();
    const main = await surveyWith(cookie, bot.guid, 'Harbour visit', [colour, features, rate, words]);
    const strict = await surveyWith(cookie, bot.guid, 'Strict', [words], { settings: { savePartialResponses: false } });
    const old = await surveyWith(cookie, bot.guid, 'Old one', [words], { status: 'archived' });

    await respond(main, { colour: answer('Red', ['red']), features: answer(['Speed', 'Price'], ['speed', 'price']), rate: answer(5), words: answer('Great') }, { tookMs: 60_000 });
    await respond(
      main,
      { colour: answer('Other: Teal', ['q_other'], 'Teal'), features: answer(['Price'], ['price']), rate: answer(4), words: answer('Great') },
      { tookMs: 120_000 },
    );
    // Left half-way: the skipped text question recorded no value.
    await respond(main, { colour: answer('Blue', ['blue']), words: answer('') });
    // The owner's own try: not counted, reported.
    await respond(main, { colour: answer('Red', ['red']), features: answer(['Support'], ['support']), rate: answer(1) }, { tookMs: 5_000, isTest: true });
    await respond(strict, { words: answer('Fine') }, { tookMs: 30_000 });
    // Unfinished while the survey keeps only completed responses: not counted, not a test either.
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
      questionAnalytics: [
        { questionId: 'words', questionText: 'Anything else?', questionType: 'text', responseCount: 0, responses: [], distinctResponses: 0 },
      ],
    });
    expect(strictFigures).toMatchObject({ surveyId: strict.id, completionRate: 100, totalResponses: 2, completedResponses: 2, avgCompletionTime: 15_000 });

    // The totals alone (the dashboard card): the same figures without the breakdown.
    const { surveyBreakdown: _breakdown, ...totals } = analytics;
    expect(await analyticsOf(cookie, bot.id, { include: 'totals' })).toEqual({ ...totals, surveyBreakdown: [] });
    const unknown = await chatbots[':id'].surveys.analytics.$get({ param: { id: bot.guid }, query: { include: 'everything' as 'totals' } }, withCookie(cookie));
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).message).toBe('include must be "totals"');
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
        rating: {
          minValue: 1,
          maxValue: 5,
          average: 4.5,
          distribution: [1, 2, 3, 4, 5].map((value) => ({ value, count: value >= 4 ? 1 : 0 })),
        },
      },
      {
        questionId: 'words',
        questionText: 'Anything else?',
        questionType: 'text',
        responseCount: 2,
        responses: [{ value: 'Great', count: 2 }],
        distinctResponses: 1,
      },
    ]);
  });

  it('follows the survey’s current partial-responses setting and current questions', async () => {
    const { cookie, bot } = await ownerWithBot();
    const survey = await surveyWith(cookie, bot.guid, 'Flip', [words, rate], { settings: { savePartialResponses: false } });
    await respond(survey, { words: answer('Done'), rate: answer(3) }, { tookMs: 10_000 });
    await respond(survey, { words: answer('Halfway') });
    expect(await analyticsOf(cookie, bot.id)).toMatchObject({ totalResponses: 1, completionRate: 100 });

    // Partial responses now kept, the scale now 0 to 10 and the text question dropped.
    const scaled = { ...rate, metadata: { minValue: 0, maxValue: 10, ratingType: 'numbers' as const } };
    const config = { ...survey.surveyConfig, questions: [scaled], settings: { ...survey.surveyConfig.settings, savePartialResponses: true } };
    expect((await surveyApi.$patch({ param: { id: String(survey.id) }, json: { surveyConfig: config } }, withCookie(cookie))).status).toBe(200);
    const analytics = await analyticsOf(cookie, bot.guid);
    expect(analytics).toMatchObject({ totalResponses: 2, completionRate: 50, averageCompletionTime: 10_000 });
    expect(analytics.surveyBreakdown[0].questionAnalytics.map((q) => q.questionId)).toEqual(['rate']);
    expect(analytics.surveyBreakdown[0].questionAnalytics[0].rating).toEqual({
      minValue: 0,
      maxValue: 10,
      average: 3,
      distribution: Array.from({ length: 11 }, (_, value) => ({ value, count: value === 3 ? 1 : 0 })),
    });
  });

  it('lists at most 50 distinct answers, most frequent first, and says how many there are', async () => {
    const { cookie, bot } = await ownerWithBot();
    const survey = await surveyWith(cookie, bot.guid, 'Many', [words]);
    for (let i = 0; i < 55; i++) await respond(survey, { words: answer(`Answer ${String(i).padStart(2, '0')}`) }, { tookMs: 1_000 });
    await respond(survey, { words: answer('Answer 54') }, { tookMs: 1_000 });
    await respond(survey, { words: answer('Answer 54') }, { tookMs: 1_000 });
    await respond(survey, { words: answer('Answer 07') }, { tookMs: 1_000 });

    const [question] = (await analyticsOf(cookie, bot.guid)).surveyBreakdown[0].questionAnalytics;
    expect(question.responseCount).toBe(58);
    expect(question.distinctResponses).toBe(55);
    expect(question.responses).toHaveLength(50);
    expect(question.responses.slice(0, 4)).toEqual([
      { value: 'Answer 54', count: 3 },
      { value: 'Answer 07', count: 2 },
      { value: 'Answer 00', count: 1 },
      { value: 'Answer 01', count: 1 },
    ]);
  });

  it('matches answers stored without option ids to the options by their text', async () => {
    const { cookie, bot } = await ownerWithBot();
    const survey = await surveyWith(cookie, bot.guid, 'Plain', [colour]);
    await respond(survey, { colour: answer('Blue') }, { tookMs: 1_000 });
    await respond(survey, { colour: answer('Other: Green') }, { tookMs: 1_000 });
    const [question] = (await analyticsOf(cookie, bot.guid)).surveyBreakdown[0].questionAnalytics;
    expect(question.options).toEqual([
      { id: 'red', text: 'Red', count: 0 },
      { id: 'blue', text: 'Blue', count: 1 },
      { id: 'q_other', text: 'Other', count: 1 },
    ]);
  });

  it('counts a response whose session was deleted as a visitor’s', async () => {
    const { cookie, bot } = await ownerWithBot();
    const survey = await surveyWith(cookie, bot.guid, 'Orphans', [words]);
    await respond(survey, { words: answer('Still here') }, { tookMs: 1_000, sessionId: `session_${randomUUID()}` });
    expect(await analyticsOf(cookie, bot.guid, { include: 'totals' })).toMatchObject({ totalResponses: 1, completionRate: 100, testResponses: 0 });
  });

  it('answers zeros for a bot without surveys', async () => {
    const { cookie, bot } = await ownerWithBot();
    expect(await analyticsOf(cookie, bot.guid)).toEqual({
      totalSurveys: 0,
      totalResponses: 0,
      completionRate: 0,
      averageCompletionTime: 0,
      surveyBreakdown: [],
      testResponses: 0,
    });
  });
});

describe('GET /api/surveys/:id/responses/export.csv', () => {
  it('exports the counted responses oldest first, one column per question', async () => {
    const { cookie, bot } = await ownerWithBot();
    const survey = await surveyWith(cookie, bot.guid, 'Customer Feedback!', [colour, features, words]);
    const late = await respond(survey, { colour: answer('Other: Teal, "deep"', ['q_other'], 'Teal, "deep"'), words: answer('=SUM(A1)') }, { startedAt: T0 + 3_600_000 });
    const early = await respond(
      survey,
      { colour: answer('Red', ['red']), features: answer(['Speed', 'Price'], ['speed', 'price']), words: answer('Lovely') },
      { startedAt: T0, tookMs: 75_250 },
    );
    await respond(survey, { colour: answer('Blue', ['blue']) }, { tookMs: 1_000, isTest: true });

    const res = await surveyApi.responses['export.csv'].$get({ param: { id: String(survey.id) } }, withCookie(cookie));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="customer-feedback-responses.csv"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const rows = [
      'Response ID,Session ID,Started,Completed,Completed at,Completion time (seconds),Favourite hull colour?,What matters to you?,Anything else?',
      `${early.id},${early.sessionId},2026-03-02T09:00:00.000Z,Yes,2026-03-02T09:01:15.250Z,75.3,Red,"Speed, Price",Lovely`,
      `${late.id},${late.sessionId},2026-03-02T10:00:00.000Z,No,,,"Other: Teal, ""deep""",,'=SUM(A1)`,
    ];
    // Decoded keeping the byte-order mark that spreadsheet programs need (text() drops it).
    const body = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(body).toBe(`\uFEFF${rows.join('\r\n')}\r\n`);
  });

  it('leaves out unfinished responses when the survey keeps only completed ones', async () => {
    const { cookie, bot } = await ownerWithBot();
    const survey = await surveyWith(cookie, bot.guid, 'Strict', [words], { settings: { savePartialResponses: false } });
    const done = await respond(survey, { words: answer('Done') }, { tookMs: 2_000 });
    await respond(survey, { words: answer('Half') });
    const res = await surveyApi.responses['export.csv'].$get({ param: { id: String(survey.id) } }, withCookie(cookie));
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines.slice(1)).toEqual([`${done.id},${done.sessionId},2026-03-02T09:00:00.000Z,Yes,2026-03-02T09:00:02.000Z,2.0,Done`]);
  });
});
