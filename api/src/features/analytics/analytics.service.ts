import { and, count, eq, gte, inArray, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { addDays, ANALYTICS_TOP_LIMIT, dateOfDayNumber, dayNumberOf, UNANSWERED_WINDOW_DAYS, type AnalyticsRange, type ChatbotAnalytics } from '@parley/contracts';
import { db, dialect } from '../../db/client';
import { selectRows } from '../../db/raw';
import { chatMessages, chatSessions, formSubmissions, messageCitations } from '../../db/schema';
import { getOwnedChatbot } from '../chatbots/chatbots.service';
import { groupSimilarQuestions } from '../chat/groupSimilarQuestions';
import { analyticsCsv, analyticsDisposition } from './analyticsCsv';
import { shorten } from '../../lib/shorten';
import { startOfLocalDay } from '../../lib/timeZones';
import { localHours, zoneSegments, type LocalHour, type ZoneSegment } from './zoneSegments';

/** The figures of one of the owner's bots over a period; a foreign or unknown bot is a 404. */
export async function getChatbotAnalytics(userId: string, guid: string, range: AnalyticsRange): Promise<ChatbotAnalytics> {
  const bot = await getOwnedChatbot(userId, guid);
  return await computeAnalytics(bot.id, range);
}

/** The same figures as one CSV file, with the `Content-Disposition` naming the download. */
export async function exportChatbotAnalytics(userId: string, guid: string, range: AnalyticsRange) {
  const bot = await getOwnedChatbot(userId, guid);
  return { disposition: analyticsDisposition(bot.name, range), csv: analyticsCsv(bot.name, await computeAnalytics(bot.id, range)) };
}

/**
 * Wording keys grouped into similar questions, most asked first and, among equals, most recently
 * asked first. Many one-off wordings of one subject only reach the top ten once grouped, so the
 * bound sits far above a bot's usual variety and only cuts a flood of one-off keys short: grouping
 * grows with the square of the keys (1,000 take about 50 ms, 5,000 over half a second).
 */
const QUESTION_KEYS_LIMIT = 1_000;
/** Wordings shown per question group. */
const WORDINGS_SHOWN = 5;
/** A pasted essay is shown by its start. */
const QUESTION_TEXT_MAX = 300;

const DAY_MS = 86_400_000;
/** 1970-01-01, day 0 of the local day numbers below, was a Thursday (3 with Monday as 0). */
const EPOCH_WEEKDAY = 3;

/**
 * Where the figures come from: the bot's messages of the period (`botMessages`) and, when the
 * owner has chatted on the Test page, the part of them from those test sessions.
 *
 * No figure counts test chats. Rather than check each of the period's messages against the test
 * sessions, sums are taken over all of them and the test sessions' share (few messages, reached
 * through their session index) is taken off again: counts of disjoint sets subtract exactly.
 */
type Scope = {
  chatbotId: number;
  start: number;
  end: number;
  segments: ZoneSegment[];
  botMessages: SQL | undefined;
  /** The bot's Test-page sessions as a subquery of their ids, null when there are none. */
  testSessions: SQL | null;
  testMessages: SQL | undefined;
};

async function computeAnalytics(chatbotId: number, range: AnalyticsRange): Promise<ChatbotAnalytics> {
  const scope = await scopeOf(chatbotId, range);
  const daily = new Map<string, { date: string; conversations: number; messages: number }>();
  // Day numbers, not date strings: the loop ends whatever the dates look like.
  const firstDay = dayNumberOf(range.from);
  for (let day = firstDay; day < firstDay + range.days; day++) {
    const date = dateOfDayNumber(day);
    daily.set(date, { date, conversations: 0, messages: 0 });
  }
  const busiestHours = Array.from({ length: 24 }, (_, hour) => ({ hour, questions: 0 }));
  const weekdayHours = Array.from({ length: 7 }, () => Array<number>(24).fill(0));
  const totals = { conversations: 0, messages: 0, visitorQuestions: 0 };
  const resolution = { assumed: 0, confirmed: 0 };

  const hours = localHours(scope.segments);
  (await messagesPerLocalHour(scope, hours)).forEach((counts, i) => {
    const dayNumber = Math.floor(hours[i].hour / 24);
    const hourOfDay = hours[i].hour - dayNumber * 24;
    const day = daily.get(dateOfDayNumber(dayNumber));
    if (day) day.messages += counts.messages;
    busiestHours[hourOfDay].questions += counts.questions;
    weekdayHours[(((dayNumber + EPOCH_WEEKDAY) % 7) + 7) % 7][hourOfDay] += counts.questions;
    totals.messages += counts.messages;
    totals.visitorQuestions += counts.questions;
  });
  const sums = await messageSums(scope);
  const answers = { answered: sums.answered, fallback: sums.fallback };
  const feedback = { up: sums.up, down: sums.down };
  for (const row of await conversationsPerLocalDay(scope)) {
    const day = daily.get(dateOfDayNumber(row.day));
    if (day) day.conversations += row.conversations;
    totals.conversations += row.conversations;
    resolution.assumed += row.assumed;
    resolution.confirmed += row.confirmed;
  }

  const answerCount = answers.answered + answers.fallback;
  return {
    range,
    totals,
    daily: [...daily.values()],
    answers: { ...answers, answeredRate: share(answers.answered, answerCount), fallbackRate: share(answers.fallback, answerCount) },
    resolution: {
      assumed: { count: resolution.assumed, rate: share(resolution.assumed, totals.conversations) },
      confirmed: { count: resolution.confirmed, rate: share(resolution.confirmed, totals.conversations) },
    },
    feedback,
    busiestHours,
    weekdayHours,
    topQuestions: await topQuestions(scope),
    topSources: await topSources(scope),
    leads: await countLeads(scope),
    unansweredQuestions: sums.unanswered,
  };
}

async function scopeOf(chatbotId: number, range: AnalyticsRange): Promise<Scope> {
  const start = startOfLocalDay(range.from, range.tz);
  const end = startOfLocalDay(addDays(range.to, 1), range.tz);
  const testSessions = await testSessionsOf(chatbotId);
  return {
    chatbotId,
    start,
    end,
    segments: zoneSegments(range.tz, start, end),
    botMessages: and(eq(chatMessages.chatbotId, chatbotId), gte(chatMessages.createdAt, new Date(start)), lt(chatMessages.createdAt, new Date(end))),
    testSessions,
    testMessages: testSessions
      ? and(
          inArray(chatMessages.sessionId, testSessions),
          // The unary plus keeps SQLite off the period's index, which would walk every message:
          // the test sessions' own index reaches their few.
          sql`+${chatMessages.createdAt} >= ${start}`,
          sql`+${chatMessages.createdAt} < ${end}`,
        )
      : undefined,
  };
}

/**
 * The bot's Test-page sessions, read once (through `chat_sessions_test_idx`) and handed to the
 * other statements as a list in one parameter, or null when the owner never tested the bot.
 */
async function testSessionsOf(chatbotId: number): Promise<SQL | null> {
  const ids = (await db
    .select({ sessionId: chatSessions.sessionId })
    .from(chatSessions)
    .where(and(eq(chatSessions.chatbotId, chatbotId), eq(chatSessions.isTest, true))))
    .map((row) => row.sessionId);
  return ids.length === 0 ? null : textList(ids);
}

/**
 * `values` as a one-column subquery (column `value`), however many there are: one JSON parameter,
 * where a list of parameters would meet SQLite's limit on their number.
 */
function textList(values: string[]): SQL {
  const json = JSON.stringify(values);
  return dialect === 'postgres'
    ? sql`(select "value" from jsonb_array_elements_text(${json}::jsonb) as "list"("value"))`
    : sql`(select "value" from json_each(${json}))`;
}

/**
 * The local hours as a table `"hours"` for one statement: `key` (the hour's place in `hours`,
 * from 0) and its UTC bounds `start` and `end` as integers. Two parameters at most, whatever the
 * period's length (8,784 hours in a leap year).
 */
function hourTable(hours: LocalHour[]): { from: SQL; key: SQL; start: SQL; end: SQL } {
  if (dialect === 'postgres') {
    const array = (values: number[]) => `{${values.join(',')}}`;
    return {
      from: sql`unnest(${array(hours.map((h) => h.start))}::bigint[], ${array(hours.map((h) => h.end))}::bigint[]) with ordinality as "hours"("start", "end", "key")`,
      key: sql`("hours"."key" - 1)`,
      start: sql`"hours"."start"`,
      end: sql`"hours"."end"`,
    };
  }
  return {
    from: sql`json_each(${JSON.stringify(hours.map((h) => [h.start, h.end]))}) as "hours"`,
    key: sql`"hours"."key"`,
    start: sql`"hours"."value" ->> 0`,
    end: sql`"hours"."value" ->> 1`,
  };
}

/** The bot's messages of the period counted positively, then its test chats' negatively (when it has any). */
function withTestsTakenOff(scope: Scope): [SQL | undefined, 1 | -1][] {
  return scope.testSessions
    ? [
        [scope.botMessages, 1],
        [scope.testMessages, -1],
      ]
    : [[scope.botMessages, 1]];
}

/** Test chats' rows left out, for the figures read row by row rather than subtracted. */
const notTest = (scope: Scope, column: SQLiteColumn) => (scope.testSessions ? notInArray(column, scope.testSessions) : undefined);

/**
 * Messages and visitor questions in each local hour of the period. Each hour is counted by its
 * own range of `chat_messages_analytics_idx` (one statement, a subquery per hour), which walks
 * the index in order and never sorts or loads a row; the test chats' few messages are then
 * placed in their hours and taken off.
 */
async function messagesPerLocalHour(scope: Scope, hours: LocalHour[]): Promise<{ messages: number; questions: number }[]> {
  const table = hourTable(hours);
  const inHour = (extra?: SQL) =>
    sql`(select count(*) from ${chatMessages} where ${and(
      eq(chatMessages.chatbotId, scope.chatbotId),
      sql`${chatMessages.createdAt} >= ${table.start}`,
      sql`${chatMessages.createdAt} < ${table.end}`,
      extra,
    )})`;
  const rows = await selectRows<{ i: number; messages: number; questions: number }>(
    sql`select ${table.key} as "i", ${inHour()} as "messages", ${inHour(isQuestion)} as "questions" from ${table.from}`,
  );
  const counts = hours.map(() => ({ messages: 0, questions: 0 }));
  for (const r of rows) counts[Number(r.i)] = { messages: Number(r.messages), questions: Number(r.questions) };
  if (scope.testSessions) {
    const tests = await db
      .select({ at: sql<number>`${chatMessages.createdAt}`.mapWith(Number), question: sql<number>`case when ${isQuestion} then 1 else 0 end`.mapWith(Number) })
      .from(chatMessages)
      .where(scope.testMessages);
    for (const test of tests) {
      const i = hourIndex(hours, test.at);
      counts[i].messages -= 1;
      counts[i].questions -= test.question;
    }
  }
  return counts;
}

/** The hour of `hours` (in order, without gaps) that holds the instant `at`. */
function hourIndex(hours: LocalHour[], at: number): number {
  let lo = 0;
  let hi = hours.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (hours[mid].start <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Outcomes of the period's answers, their votes and the questions waiting in the Unanswered
 * inbox: those of the period the inbox still lists, i.e. asked in its last 90 days.
 */
async function messageSums(scope: Scope) {
  const sums = { answered: 0, fallback: 0, up: 0, down: 0, unanswered: 0 };
  const inboxStart = Date.now() - UNANSWERED_WINDOW_DAYS * DAY_MS;
  for (const [where, sign] of withTestsTakenOff(scope)) {
    const row = (await db
      .select({
        answered: sumOf(sql`${chatMessages.answerStatus} = 'answered'`),
        fallback: sumOf(sql`${chatMessages.answerStatus} = 'fallback'`),
        up: sumOf(sql`${chatMessages.feedback} = 'up'`),
        down: sumOf(sql`${chatMessages.feedback} = 'down'`),
        unanswered: sumOf(sql`${chatMessages.unansweredReason} is not null and ${chatMessages.triage} is null and ${chatMessages.createdAt} >= ${inboxStart}`),
      })
      .from(chatMessages)
      .where(where).limit(1))[0]!;
    for (const key of Object.keys(sums) as (keyof typeof sums)[]) sums[key] += sign * row[key];
  }
  return sums;
}

/**
 * A visitor question: the chat keys each one by its wording and leaves the key off everything
 * else a visitor sends (form submissions, replies to a rating or a choice), as did the one-off
 * backfill of older messages.
 */
const isQuestion = sql`${chatMessages.questionKey} is not null`;

/** Conversations per local day: sessions started then, not on the Test page, with a question asked. */
async function conversationsPerLocalDay(scope: Scope) {
  const localDay = sql`${localTime(chatSessions.createdAt, scope.segments)} / ${sql.raw(String(DAY_MS))}`;
  return await db
    .select({
      day: localDay.mapWith(Number),
      conversations: count(),
      assumed: sumOf(sql`not (${chatSessions.hasFallback} or ${chatSessions.hasHandoff} or ${chatSessions.hasThumbsDown} or ${chatSessions.hasRepeat})`),
      confirmed: sumOf(sql`${chatSessions.hasThumbsUp} and not ${chatSessions.hasThumbsDown}`),
    })
    .from(chatSessions)
    .where(
      and(
        eq(chatSessions.chatbotId, scope.chatbotId),
        gte(chatSessions.createdAt, new Date(scope.start)),
        lt(chatSessions.createdAt, new Date(scope.end)),
        eq(chatSessions.isTest, false),
        gte(chatSessions.questionCount, 1),
      ),
    )
    .groupBy(localDay);
}

/**
 * The most asked questions: visitor questions counted per wording key in SQL (from
 * `chat_messages_analytics_idx`, test chats taken off), up to `QUESTION_KEYS_LIMIT` keys grouped
 * by similar wording, each key shown by its latest wording.
 */
async function topQuestions(scope: Scope): Promise<ChatbotAnalytics['topQuestions']> {
  const counts = new Map<string, { count: number; latest: number }>();
  for (const [where, sign] of withTestsTakenOff(scope)) {
    const rows = await db
      .select({ key: sql<string>`${chatMessages.questionKey}`, count: count(), latest: sql<number>`max(${chatMessages.createdAt})`.mapWith(Number) })
      .from(chatMessages)
      .where(and(where, isQuestion))
      .groupBy(chatMessages.questionKey);
    for (const row of rows) {
      const entry = counts.get(row.key) ?? { count: 0, latest: row.latest };
      entry.count += sign * row.count;
      counts.set(row.key, entry);
    }
  }
  const top = [...counts]
    .filter(([, { count }]) => count > 0)
    .sort(([a, m], [b, n]) => n.count - m.count || n.latest - m.latest || (a < b ? -1 : 1))
    .slice(0, QUESTION_KEYS_LIMIT);
  const groups = groupSimilarQuestions(top.map(([key, { count }]) => ({ key, text: key, count }))).slice(0, ANALYTICS_TOP_LIMIT);
  const shown = groups.flatMap((g) => g.wordings.slice(0, WORDINGS_SHOWN).map((w) => w.key));
  const samples = new Map(await latestWordings(scope, shown));
  const textOf = (key: string) => shorten(samples.get(key) ?? key, QUESTION_TEXT_MAX);
  return groups.map((g) => ({
    question: textOf(g.wordings[0].key),
    count: g.count,
    wordings: g.wordings.slice(0, WORDINGS_SHOWN).map((w) => ({ text: textOf(w.key), count: w.count })),
  }));
}

/**
 * The latest wording asked under each key in the period (test chats left out), one index seek
 * per key through `chat_messages_question_idx`.
 */
async function latestWordings(scope: Scope, keys: string[]): Promise<[string, string][]> {
  if (keys.length === 0) return [];
  const keyList = sql.raw('"keys"."value"');
  const rows = await selectRows<{ key: string; text: string | null }>(sql`
    select ${keyList} as "key", (
      select ${sampleText} from ${chatMessages}
      where ${and(
        eq(chatMessages.chatbotId, scope.chatbotId),
        sql`${chatMessages.questionKey} = ${keyList}`,
        gte(chatMessages.createdAt, new Date(scope.start)),
        lt(chatMessages.createdAt, new Date(scope.end)),
        isQuestion,
        notTest(scope, chatMessages.sessionId),
      )}
      order by ${chatMessages.createdAt} desc limit 1
    ) as "text"
    from ${textList(keys)} as "keys"`);
  return rows.flatMap((r) => (r.text === null ? [] : [[r.key, r.text] as [string, string]]));
}

/** A question's words as the visitor wrote them, one character past what is shown (to tell it was cut). */
const sampleText = sql<string>`substr(trim(${chatMessages.content}), 1, ${sql.raw(String(QUESTION_TEXT_MAX + 1))})`;

/**
 * Sources by how many answers of the period cited them: one per address, or per title when a
 * source has none (a page cited under several titles shows its most cited one); test chats'
 * citations taken off like the other figures. SQL counts each address and title as stored,
 * straight from `message_citations_analytics_idx`; the few hundred pairs are merged here.
 */
async function topSources(scope: Scope): Promise<ChatbotAnalytics['topSources']> {
  const sources = new Map<string, { title: string | null; url: string | null; count: number; titleCount: number }>();
  const scopes: [SQL | undefined, 1 | -1][] = [
    [and(eq(messageCitations.chatbotId, scope.chatbotId), gte(messageCitations.createdAt, new Date(scope.start)), lt(messageCitations.createdAt, new Date(scope.end))), 1],
  ];
  if (scope.testSessions) {
    const testAnswers = db.select({ id: chatMessages.id }).from(chatMessages).where(inArray(chatMessages.sessionId, scope.testSessions));
    scopes.push([
      and(
        inArray(messageCitations.messageId, testAnswers),
        // As for messages: through the test answers' own citations, not the period's index.
        sql`+${messageCitations.createdAt} >= ${scope.start}`,
        sql`+${messageCitations.createdAt} < ${scope.end}`,
      ),
      -1,
    ]);
  }
  for (const [where, sign] of scopes) {
    // The chat stores each source once per answer, so rows count the answers citing it.
    const rows = await db
      .select({ url: messageCitations.url, title: messageCitations.title, count: count() })
      .from(messageCitations)
      .where(where)
      .groupBy(messageCitations.url, messageCitations.title);
    for (const row of rows) {
      const url = row.url || null;
      const title = row.title || null;
      if (!url && !title) continue;
      const key = url ?? `title:${title}`;
      const source = sources.get(key) ?? { title, url, count: 0, titleCount: 0 };
      source.count += sign * row.count;
      if (sign > 0 && row.count > source.titleCount) Object.assign(source, { title, titleCount: row.count });
      sources.set(key, source);
    }
  }
  return [...sources]
    .filter(([, source]) => source.count > 0)
    .sort(([a, s], [b, t]) => t.count - s.count || (a < b ? -1 : 1))
    .slice(0, ANALYTICS_TOP_LIMIT)
    .map(([, { title, url, count }]) => ({ title, url, count }));
}

/** Contact forms sent in the period, test chats' left out. */
async function countLeads(scope: Scope): Promise<number> {
  const row = (await db
    .select({ n: count() })
    .from(formSubmissions)
    .where(
      and(
        eq(formSubmissions.chatbotId, scope.chatbotId),
        gte(formSubmissions.createdAt, new Date(scope.start)),
        lt(formSubmissions.createdAt, new Date(scope.end)),
        notTest(scope, formSubmissions.sessionId),
      ),
    ).limit(1))[0];
  return row?.n ?? 0;
}

/**
 * A UTC timestamp column as local wall time in ms: each stretch of the period adds its own
 * offset, so days and hours on either side of a clock change land where the owner's clock put
 * them. The offsets and bounds are integers computed here, written into the SQL as literals so
 * that GROUP BY sees the very expression the SELECT has.
 */
function localTime(column: SQLiteColumn, segments: ZoneSegment[]): SQL {
  const literal = (n: number) => {
    if (!Number.isSafeInteger(n)) throw new Error(`not an integer: ${n}`);
    return sql.raw(String(n));
  };
  if (segments.length === 1) return sql`(${column} + ${literal(segments[0].offsetMs)})`;
  const cases = sql.join(
    segments.slice(0, -1).map((s) => sql`when ${column} < ${literal(s.until)} then ${literal(s.offsetMs)}`),
    sql` `,
  );
  return sql`(${column} + case ${cases} else ${literal(segments.at(-1)!.offsetMs)} end)`;
}

/** How many rows of the group meet `condition` (PostgreSQL cannot sum a boolean, as SQLite sums its 0 and 1). */
const sumOf = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

const share = (part: number, whole: number) => (whole === 0 ? null : part / whole);
