/**
 * A bot's analytics as `GET /api/chatbots/{guid}/analytics` answers them, and the rules of the
 * period it covers: calendar days (`YYYY-MM-DD`, both ends included) in an IANA time zone. Plain
 * types and functions: the server's query schema (`analytics.schemas.ts`) and the dashboard's
 * period picker use the same ones, so both agree on what "the last 30 days" means.
 */
import { addDays, DATE_MESSAGES, daysInRange, todayIn } from './dates';

/** The periods the dashboard offers, in days ending today. */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
/** The period when a request names none: the last 30 days up to today. */
export const ANALYTICS_DEFAULT_DAYS = 30;
/** The longest period one request may cover, in days (a leap year). */
export const ANALYTICS_MAX_DAYS = 366;
/** The zone days and hours are counted in when a request names none. */
export const ANALYTICS_DEFAULT_TIME_ZONE = 'UTC';
/** How many question groups and sources the answer lists. */
export const ANALYTICS_TOP_LIMIT = 10;

export const ANALYTICS_MESSAGES = {
  ...DATE_MESSAGES,
  span: `The period can cover at most ${ANALYTICS_MAX_DAYS} days`,
} as const;

/** Query of the analytics call and of its CSV export; every field is optional. */
export interface AnalyticsQuery {
  from?: string;
  to?: string;
  tz?: string;
}

/** The period an answer covers, defaults filled in: first and last day (included) and the zone. */
export interface AnalyticsRange {
  from: string;
  to: string;
  tz: string;
  /** Days from `from` to `to`, both included. */
  days: number;
}

/** A count and its share of a whole (0–1); `rate` is null when the whole is 0. */
export interface AnalyticsShare {
  count: number;
  rate: number | null;
}

export interface ChatbotAnalytics {
  range: AnalyticsRange;
  totals: {
    /** Sessions started in the period in which the visitor asked at least one question. */
    conversations: number;
    /** Every message written in the period, the visitor's and the bot's. */
    messages: number;
    /** The visitor's messages in the period (form submissions left out). */
    visitorQuestions: number;
  };
  /** One entry per day of the period, days without activity included (zeros). */
  daily: { date: string; conversations: number; messages: number }[];
  /** Answers the model wrote in the period: a real answer or the bot's fallback message. */
  answers: { answered: number; fallback: number; answeredRate: number | null; fallbackRate: number | null };
  /** Shares of `totals.conversations`. */
  resolution: {
    /** No fallback, no hand-off form, no thumbs-down and no question asked twice. */
    assumed: AnalyticsShare;
    /** At least one thumbs-up and no thumbs-down. */
    confirmed: AnalyticsShare;
  };
  /** Votes on the answers given in the period. */
  feedback: { up: number; down: number };
  /** Visitor questions per hour of the day (0–23, local time in `range.tz`), all 24 hours. */
  busiestHours: { hour: number; questions: number }[];
  /** Visitor questions per weekday (Monday first) and hour: 7 rows of 24 counts. */
  weekdayHours: number[][];
  /** The most asked questions, similar wordings grouped, most asked first. */
  topQuestions: AnalyticsQuestion[];
  /** The sources answers cited most, by how many answers cited each. */
  topSources: { title: string | null; url: string | null; count: number }[];
  /** Contact forms visitors sent in the period. */
  leads: number;
  /**
   * Questions of the period waiting in the Unanswered inbox (neither answered nor dismissed yet):
   * only those of its last 90 days, which it lists, and none from Test-page chats.
   */
  unansweredQuestions: number;
}

export interface AnalyticsQuestion {
  /** The group's most asked wording. */
  question: string;
  count: number;
  /** A few of the group's wordings as visitors wrote them, most asked first. */
  wordings: { text: string; count: number }[];
}

/** Weekday names in the order of `weekdayHours`. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** The last `days` days up to today in `tz`, as a `from`/`to` pair. */
export function lastDays(days: number, tz: string, now: Date = new Date()): { from: string; to: string } {
  const to = todayIn(tz, now);
  return { from: addDays(to, 1 - days), to };
}

/**
 * What is wrong with a period, by field (`from` for the order, `to` for the length), or null when
 * it may be asked for. Both dates must already be valid.
 */
export function analyticsRangeProblem(from: string, to: string): { field: 'from' | 'to'; message: string } | null {
  const days = daysInRange(from, to);
  if (days < 1) return { field: 'from', message: ANALYTICS_MESSAGES.order };
  if (days > ANALYTICS_MAX_DAYS) return { field: 'to', message: ANALYTICS_MESSAGES.span };
  return null;
}
