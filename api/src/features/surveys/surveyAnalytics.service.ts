import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  isChoiceQuestion,
  OTHER_OPTION_ID,
  OTHER_OPTION_TEXT,
  ratingBounds,
  surveyAnswerText,
  type QuestionAnalytics,
  type SurveyAnalytics,
  type SurveyAnswer,
  type SurveyBreakdown,
  type SurveyQuestion,
} from '@parley/contracts';
import { db } from '../../db/client';
import { chatSessions, surveyResponses, surveys } from '../../db/schema';
import { fileSlug } from '../../lib/attachment';
import { toCsv } from '../../lib/toCsv';
import { getOwnedChatbot } from '../chatbots/chatbots.service';
import { countedResponsesFilter, countsByRule, fromTestChat, getOwnedSurvey, toSurvey } from './surveys.service';

/** Distinct answers listed per question; `distinctResponses` tells how many there are in all. */
const RESPONSES_LISTED = 50;

/**
 * The survey figures of one of the owner's bots: totals over every survey (archived ones too),
 * and per survey its rates and, for each question of its current config, what was answered.
 * Only counted responses are read; the owner's test chats are left out and reported.
 */
export function getSurveyAnalytics(userId: string, chatbotRef: string | number): SurveyAnalytics {
  const bot = getOwnedChatbot(userId, chatbotRef);
  const figures = surveyFigures(bot.id);
  const keepingPartial = figures.filter((f) => (f.survey.surveyConfig as { settings?: { savePartialResponses?: unknown } }).settings?.savePartialResponses !== false);
  const answers = answerGroups(bot.id, keepingPartial.map((f) => f.survey.id));
  const totals = { responses: 0, completed: 0, timed: 0, completionMs: 0, tests: 0 };
  const surveyBreakdown: SurveyBreakdown[] = figures.map(({ survey: row, ...f }) => {
    const survey = toSurvey(row);
    totals.responses += f.responses;
    totals.completed += f.completed;
    totals.timed += f.timed;
    totals.completionMs += f.completionMs;
    totals.tests += f.tests;
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
export function exportSurveyResponses(userId: string, surveyId: number): { fileName: string; csv: string } {
  const survey = getOwnedSurvey(userId, surveyId);
  const questions = survey.surveyConfig.questions;
  const rows = db
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
    .where(sql`${surveyResponses.surveyId} = ${survey.id} and ${countedResponsesFilter}`)
    .orderBy(asc(surveyResponses.startedAt), asc(surveyResponses.id))
    .all();
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
function surveyFigures(chatbotId: number) {
  const counted = countedResponsesFilter;
  const completedCounted = sql`${counted} and ${surveyResponses.completed} = 1`;
  const timed = sql`${completedCounted} and ${surveyResponses.completedAt} is not null`;
  const sum = (condition: SQL, value: SQL = sql`1`) =>
    sql<number>`coalesce(sum(case when ${condition} then ${value} else 0 end), 0)`.mapWith(Number);
  return db
    .select({
      survey: surveys,
      responses: sum(counted),
      completed: sum(completedCounted),
      timed: sum(timed),
      completionMs: sum(timed, sql`max(0, ${surveyResponses.completedAt} - ${surveyResponses.startedAt})`),
      tests: sum(sql`${countsByRule} and ${fromTestChat}`),
    })
    .from(surveys)
    .leftJoin(surveyResponses, eq(surveyResponses.surveyId, surveys.id))
    .leftJoin(chatSessions, eq(chatSessions.sessionId, surveyResponses.sessionId))
    .where(eq(surveys.chatbotId, chatbotId))
    .groupBy(surveys.id)
    .orderBy(desc(surveys.createdAt), desc(surveys.id))
    .all();
}

/** Identical answers (value and chosen options) to one question, and how many gave them. */
type AnswerGroup = { value: unknown; optionIds: unknown; count: number };

/**
 * The bot's counted answers grouped in SQL by survey, question, value and chosen options: a
 * survey with thousands of responses comes back as one row per distinct answer.
 *
 * Which surveys keep unfinished responses is read from their configs beforehand
 * (`keepingPartial`): read per answer row beside the answers' own JSON, the config would be
 * parsed again for each and take most of the time.
 */
function answerGroups(chatbotId: number, keepingPartial: number[]): Map<number, Map<string, AnswerGroup[]>> {
  const rows = db.all<{ surveyId: number; questionId: string; value: string | null; optionIds: string | null; n: number }>(sql`
    select ${surveyResponses.surveyId} as surveyId, "answer"."key" as questionId,
           "answer"."value" -> '$.value' as value, "answer"."value" -> '$.optionIds' as optionIds, count(*) as n
    from ${surveyResponses}
    join ${surveys} on ${surveys.id} = ${surveyResponses.surveyId}
    left join ${chatSessions} on ${chatSessions.sessionId} = ${surveyResponses.sessionId}
    join json_each(case when json_valid(${surveyResponses.answers}) then ${surveyResponses.answers} else '{}' end) as "answer"
    where ${surveys.chatbotId} = ${chatbotId} and not ${fromTestChat} and "answer"."type" = 'object'
      and (${surveyResponses.completed} = 1 or ${surveyResponses.surveyId} in (select "value" from json_each(${JSON.stringify(keepingPartial)})))
    group by 1, 2, 3, 4`);
  const bySurvey = new Map<number, Map<string, AnswerGroup[]>>();
  for (const row of rows) {
    const byQuestion = bySurvey.get(row.surveyId) ?? new Map<string, AnswerGroup[]>();
    bySurvey.set(row.surveyId, byQuestion);
    const groups = byQuestion.get(row.questionId) ?? [];
    byQuestion.set(row.questionId, groups);
    groups.push({ value: parseJson(row.value), optionIds: parseJson(row.optionIds), count: Number(row.n) });
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
  const options = [...(question.options ?? []), ...(question.allowFreeChoice ? [{ id: OTHER_OPTION_ID, text: OTHER_OPTION_TEXT }] : [])];
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
    v === OTHER_OPTION_TEXT || v.startsWith(`${OTHER_OPTION_TEXT}:`) ? OTHER_OPTION_ID : question.options?.find((o) => o.text === v)?.id,
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

function parseJson(text: string | null): unknown {
  if (text === null) return null;
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
