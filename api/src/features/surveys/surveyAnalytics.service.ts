import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  isChoiceQuestion,
  isOtherAnswer,
  OTHER_OPTION_ID,
  ratingBounds,
  surveyAnswerText,
  surveyChoices,
  type QuestionAnalytics,
  type SurveyAnalytics,
  type SurveyAnswer,
  type SurveyBreakdown,
  type SurveyQuestion,
} from '@parley/contracts';
import { db } from '../../db/client';
import { selectRows } from '../../db/raw';
import { chatSessions, surveyResponses, surveys } from '../../db/schema';
import { fileSlug } from '../../lib/attachment';
import { toCsv } from '../../lib/toCsv';
import { getOwnedChatbot } from '../chatbots/chatbots.service';
import { countedResponses } from './countedResponses';
import { getOwnedSurvey, toSurvey } from './surveys.service';

/** Distinct answers listed per question; `distinctResponses` tells how many there are in all. */
const RESPONSES_LISTED = 50;

/**
 * The survey figures of one of the owner's bots: totals over every survey (archived ones too),
 * and per survey its rates and, for each question of its current config, what was answered.
 * Only counted responses are read; the owner's test chats are left out and reported.
 * `include: 'totals'` leaves the per-survey breakdown out (`surveyBreakdown: []`): reading every
 * answer is most of the work, and a caller that wants the totals alone (the dashboard card,
 * once per bot) does not need it.
 */
export async function getSurveyAnalytics(userId: string, chatbotRef: string | number, options: { include?: 'totals' } = {}): Promise<SurveyAnalytics> {
  const bot = await getOwnedChatbot(userId, chatbotRef);
  const rule = await countedResponses({ chatbotId: bot.id });
  const figures = await surveyFigures(bot.id, rule);
  const totals = { responses: 0, completed: 0, timed: 0, completionMs: 0, tests: 0 };
  for (const f of figures) {
    totals.responses += f.responses;
    totals.completed += f.completed;
    totals.timed += f.timed;
    totals.completionMs += f.completionMs;
    totals.tests += f.tests;
  }
  const answers = options.include === 'totals' ? null : await answerGroups(bot.id, rule.counted);
  const surveyBreakdown: SurveyBreakdown[] = !answers
    ? []
    : figures.map(({ survey: row, ...f }) => {
        const survey = toSurvey(row);
        const groups = answers.get(survey.id);
        return {
          surveyId: survey.id,
          surveyName: survey.name,
          status: survey.status,
          completionRate: percent(f.completed, f.responses),
          totalResponses: f.responses,
          completedResponses: f.completed,
          avgCompletionTime: mean(f.completionMs, f.timed),
          questionAnalytics: survey.surveyConfig.questions.map((q) => questionAnalytics(q, groups?.get(q.id) ?? [])),
        };
      });
  return {
    totalSurveys: figures.length,
    totalResponses: totals.responses,
    completionRate: percent(totals.completed, totals.responses),
    averageCompletionTime: mean(totals.completionMs, totals.timed),
    surveyBreakdown,
    testResponses: totals.tests,
  };
}

/**
 * One survey's counted responses as CSV, oldest first: one row per response, one column per
 * question of the current config. Answers are the visitors' words; `toCsv` keeps a cell that
 * starts like a formula from running as one.
 */
export async function exportSurveyResponses(userId: string, surveyId: number): Promise<{ fileName: string; csv: string }> {
  const survey = await getOwnedSurvey(userId, surveyId);
  const questions = survey.surveyConfig.questions;
  const rows = await db
    .select({
      id: surveyResponses.id,
      sessionId: surveyResponses.sessionId,
      startedAt: surveyResponses.startedAt,
      completed: surveyResponses.completed,
      completedAt: surveyResponses.completedAt,
      answers: surveyResponses.answers,
    })
    .from(surveyResponses)
    .innerJoin(surveys, eq(surveys.id, surveyResponses.surveyId))
    .leftJoin(chatSessions, eq(chatSessions.sessionId, surveyResponses.sessionId))
    .where(sql`${surveyResponses.surveyId} = ${survey.id} and ${(await countedResponses({ surveyId: survey.id })).counted}`)
    .orderBy(asc(surveyResponses.startedAt), asc(surveyResponses.id));
  const header = ['Response ID', 'Session ID', 'Started', 'Completed', 'Completed at', 'Completion time (seconds)', ...questions.map((q) => q.text)];
  const lines = rows.map((r) => {
    const finished = r.completed && r.completedAt ? r.completedAt : null;
    const answers = r.answers as Record<string, unknown>;
    return [
      String(r.id),
      r.sessionId,
      r.startedAt.toISOString(),
      r.completed ? 'Yes' : 'No',
      finished?.toISOString() ?? '',
      finished ? (Math.max(0, finished.getTime() - r.startedAt.getTime()) / 1000).toFixed(1) : '',
      ...questions.map((q) => {
        const answer = answers[q.id];
        return isAnswer(answer) && hasValue(answer.value) ? surveyAnswerText(answer) : '';
      }),
    ];
  });
  return { fileName: `${fileNameStart(survey.name)}-responses.csv`, csv: toCsv([header, ...lines]) };
}

/** Each survey of the bot, newest first, with its counted responses summed up in SQL. */
async function surveyFigures(chatbotId: number, { counted, fromTest }: Awaited<ReturnType<typeof countedResponses>>) {
  const completedCounted = sql`${counted} and ${eq(surveyResponses.completed, true)}`;
  const timed = sql`${completedCounted} and ${surveyResponses.completedAt} is not null`;
  const sum = (condition: SQL, value: SQL = sql`1`) =>
    sql<number>`coalesce(sum(case when ${condition} then ${value} else 0 end), 0)`.mapWith(Number);
  return await db
    .select({
      survey: surveys,
      responses: sum(counted),
      completed: sum(completedCounted),
      timed: sum(timed),
      // A response completed "before" it started (a clock set back) adds no time.
      completionMs: sum(sql`${timed} and ${surveyResponses.completedAt} > ${surveyResponses.startedAt}`, sql`${surveyResponses.completedAt} - ${surveyResponses.startedAt}`),
      tests: sum(fromTest),
    })
    .from(surveys)
    .leftJoin(surveyResponses, eq(surveyResponses.surveyId, surveys.id))
    .leftJoin(chatSessions, eq(chatSessions.sessionId, surveyResponses.sessionId))
    .where(eq(surveys.chatbotId, chatbotId))
    .groupBy(surveys.id)
    .orderBy(desc(surveys.createdAt), desc(surveys.id));
}

/** Identical answers (value and chosen options) to one question, and how many gave them. */
type AnswerGroup = { value: unknown; optionIds: unknown; count: number };

/**
 * The bot's counted answers grouped by survey, question, value and chosen options: a survey with
 * thousands of responses comes down to one group per distinct answer. One pass over the
 * responses' answers here takes less time than grouping them with json_each in SQL, which
 * parses every answer again for its value and its options.
 */
async function answerGroups(chatbotId: number, counted: SQL): Promise<Map<number, Map<string, AnswerGroup[]>>> {
  // The answers as stored (SQLite's text, PostgreSQL's jsonb read as a value): a row that is no
  // JSON object is skipped, not a failed page.
  const rows = await selectRows<{ surveyId: number; answers: unknown }>(sql`
    select ${surveyResponses.surveyId} as "surveyId", ${surveyResponses.answers} as "answers"
    from ${surveys}
    join ${surveyResponses} on ${surveyResponses.surveyId} = ${surveys.id}
    left join ${chatSessions} on ${chatSessions.sessionId} = ${surveyResponses.sessionId}
    where ${surveys.chatbotId} = ${chatbotId} and ${counted}`);
  const byKey = new Map<string, { surveyId: number; questionId: string; group: AnswerGroup }>();
  for (const row of rows) {
    const answers = parseJson(row.answers);
    if (!isRecord(answers)) continue;
    for (const [questionId, answer] of Object.entries(answers)) {
      if (!isRecord(answer)) continue;
      const value = answer.value ?? null;
      const optionIds = answer.optionIds ?? null;
      const key = JSON.stringify([row.surveyId, questionId, value, optionIds]);
      const found = byKey.get(key);
      if (found) found.group.count++;
      else byKey.set(key, { surveyId: row.surveyId, questionId, group: { value, optionIds, count: 1 } });
    }
  }
  const bySurvey = new Map<number, Map<string, AnswerGroup[]>>();
  for (const { surveyId, questionId, group } of byKey.values()) {
    const byQuestion = bySurvey.get(surveyId) ?? new Map<string, AnswerGroup[]>();
    bySurvey.set(surveyId, byQuestion);
    const groups = byQuestion.get(questionId) ?? [];
    byQuestion.set(questionId, groups);
    groups.push(group);
  }
  return bySurvey;
}

/**
 * What one question got: its distinct answers as the owner reads them (most frequent first,
 * ties alphabetical), how often each option was chosen (choice questions) and the spread and
 * mean of the ratings (rating questions, the mean over every rating given).
 */
function questionAnalytics(question: SurveyQuestion, groups: AnswerGroup[]): QuestionAnalytics {
  const answered = groups.filter((g) => hasValue(g.value));
  const texts = new Map<string, number>();
  for (const g of answered) {
    const text = surveyAnswerText({ value: g.value as SurveyAnswer['value'], answeredAt: '' });
    texts.set(text, (texts.get(text) ?? 0) + g.count);
  }
  const responses = [...texts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  const result: QuestionAnalytics = {
    questionId: question.id,
    questionText: question.text,
    questionType: question.type,
    responseCount: answered.reduce((s, g) => s + g.count, 0),
    responses: responses.slice(0, RESPONSES_LISTED),
    distinctResponses: responses.length,
  };
  if (isChoiceQuestion(question.type)) result.options = optionCounts(question, answered);
  if (question.type === 'rating') result.rating = ratingFigures(question, answered);
  return result;
}

/** Every option of the question (Other last when allowed) with how many answers chose it. */
function optionCounts(question: SurveyQuestion, answered: AnswerGroup[]): NonNullable<QuestionAnalytics['options']> {
  const options = surveyChoices(question);
  const counts = new Map(options.map((o) => [o.id, 0]));
  for (const g of answered) {
    for (const id of chosenOptionIds(question, g)) {
      const current = counts.get(id);
      if (current !== undefined) counts.set(id, current + g.count);
    }
  }
  return options.map((o) => ({ id: o.id, text: o.text, count: counts.get(o.id) ?? 0 }));
}

/**
 * The options an answer chose: its recorded ids or, for an answer stored without them, its
 * values matched to the options' texts ("Other: ..." being Other).
 */
function chosenOptionIds(question: SurveyQuestion, group: AnswerGroup): Set<string> {
  if (Array.isArray(group.optionIds)) return new Set(group.optionIds.filter((id): id is string => typeof id === 'string'));
  const values = (Array.isArray(group.value) ? group.value : [group.value]).map(String);
  const ids = values.map((v) =>
    isOtherAnswer(v) ? OTHER_OPTION_ID : question.options?.find((o) => o.text === v)?.id,
  );
  return new Set(ids.filter((id): id is string => id !== undefined));
}

function ratingFigures(question: SurveyQuestion, answered: AnswerGroup[]): NonNullable<QuestionAnalytics['rating']> {
  const { minValue, maxValue } = ratingBounds(question.metadata);
  const counts = new Map<number, number>();
  let sum = 0;
  let n = 0;
  for (const g of answered) {
    const rating = typeof g.value === 'number' ? g.value : typeof g.value === 'string' && /^-?\d+(\.\d+)?$/.test(g.value.trim()) ? Number(g.value) : null;
    if (rating === null || !Number.isFinite(rating)) continue;
    counts.set(rating, (counts.get(rating) ?? 0) + g.count);
    sum += rating * g.count;
    n += g.count;
  }
  const distribution = Array.from({ length: maxValue - minValue + 1 }, (_, i) => ({ value: minValue + i, count: counts.get(minValue + i) ?? 0 }));
  return { minValue, maxValue, average: n ? Math.round((sum / n) * 100) / 100 : null, distribution };
}

const percent = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : 0);
const mean = (total: number, n: number) => (n > 0 ? total / n : 0);

function isAnswer(value: unknown): value is SurveyAnswer {
  return typeof value === 'object' && value !== null && 'value' in value;
}

/** A skipped question leaves no value (or an empty one): it is not an answer. */
function hasValue(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'string') return value.trim() !== '';
  return Array.isArray(value) && value.length > 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The survey's name as the start of its download's name ("survey" when nothing of it is left). */
function fileNameStart(name: string): string {
  const slug = fileSlug(name);
  return slug === 'chatbot' && !/chatbot/i.test(name) ? 'survey' : slug;
}
