import { and, eq, gt, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { chatSessions } from '../../db/schema';
import { addDays, historySearchTerms, type HistoryFlag, type SessionFlags } from '@parley/contracts';
import type { HistoryFilterValues } from '@parley/contracts/schemas';
import { startOfLocalDay } from '../../lib/timeZones';
import { ftsPhrase } from '../knowledge/questionTerms';
import type { SessionRow } from './chat.service';

/**
 * The conversations of a bot that the history filters select, as a condition on
 * `chat_sessions`: sessions with at least one message, with every listed flag, active on a
 * day of the period (started before `to` ended and last active after `from` began, days in
 * the owner's zone), and with a message matching the search.
 */
export function historyFilter(chatbotId: number, filters: HistoryFilterValues): SQL {
  const { tz } = filters;
  const conditions: SQL[] = [eq(chatSessions.chatbotId, chatbotId), gt(chatSessions.messageCount, 0)];
  for (const flag of filters.flags ?? []) conditions.push(flagCondition(flag));
  if (filters.from) conditions.push(gte(chatSessions.lastMessageAt, new Date(startOfLocalDay(filters.from, tz))));
  if (filters.to) conditions.push(lt(chatSessions.createdAt, new Date(startOfLocalDay(addDays(filters.to, 1), tz))));
  const match = filters.q ? historyMatchQuery(chatbotId, filters.q) : null;
  if (match) {
    conditions.push(
      sql`${chatSessions.sessionId} IN (SELECT m.session_id FROM chat_messages m WHERE m.id IN (SELECT rowid FROM chat_messages_fts WHERE chat_messages_fts MATCH ${match}))`,
    );
  }
  return and(...conditions)!;
}

/**
 * The session signals behind each flag: a conversation has the flag when any of them is set.
 * The list's filter (SQL) and each item's `flags` (`sessionFlags`) are both read from here.
 */
const FLAG_COLUMNS = {
  unanswered: ['hasFallback', 'hasHandoff'],
  thumbs_down: ['hasThumbsDown'],
  lead: ['hasLead'],
  test: ['isTest'],
} as const satisfies Record<HistoryFlag, readonly (keyof SessionRow)[]>;

type FlagColumn = (typeof FLAG_COLUMNS)[HistoryFlag][number];

function flagCondition(flag: HistoryFlag): SQL {
  return or(...FLAG_COLUMNS[flag].map((column) => eq(chatSessions[column], true)))!;
}

/** A conversation's flags, from the signals its session keeps. */
export function sessionFlags(session: Pick<SessionRow, FlagColumn>): SessionFlags {
  const has = (flag: HistoryFlag) => FLAG_COLUMNS[flag].some((column) => session[column]);
  return { unanswered: has('unanswered'), thumbsDown: has('thumbs_down'), lead: has('lead'), test: has('test') };
}

/**
 * The FTS5 query for a history search within one bot, or null when the text holds nothing to
 * search for. Every term is quoted (`ftsPhrase`), so FTS5's operators and column names typed
 * by the owner are plain words; the last word gets FTS5's prefix star.
 */
export function historyMatchQuery(chatbotId: number, q: string): string | null {
  const terms = historySearchTerms(q);
  if (!terms.length) return null;
  const content = terms.map((t) => `${ftsPhrase(t.text)}${t.prefix ? '*' : ''}`).join(' AND ');
  return `chatbot_id : ${ftsPhrase(String(chatbotId))} AND content : (${content})`;
}
