import { and, eq, gt, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { chatSessions } from '../../db/schema';
import { addDays, historySearchTerms, type HistoryFlag, type SessionFlags } from '@parley/contracts';
import type { HistoryFilterValues } from '@parley/contracts/schemas';
import { startOfLocalDay } from '../../lib/timeZones';
import { ftsPhrase } from '../knowledge/questionTerms';
import { dialect } from '../../db/client';
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
  if (dialect === 'postgres') {
    const query = filters.q ? historyTsQuery(filters.q) : null;
    if (query) {
      conditions.push(
        sql`${chatSessions.sessionId} IN (SELECT m.session_id FROM chat_messages m WHERE m.chatbot_id = ${chatbotId} AND ${historyTsMatch(sql`m.content`, query)})`,
      );
    }
    return and(...conditions)!;
  }
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

/**
 * PostgreSQL's history search: the same terms as a `parley_search` text-search query (English
 * stems like SQLite's porter tokenizer, and no stopwords, as FTS5: "at" in a phrase still
 * counts), every term required, a quoted phrase as a phrase, the last word as a prefix. Null
 * when the text holds nothing to search for. Only letters and digits reach the query text, so
 * nothing the owner types is query syntax. Conversations are matched without an index
 * (`chat_messages` of one bot, one session list page at a time).
 */
export function historyTsQuery(q: string): SQL | null {
  const parts = historySearchTerms(q).flatMap((term) => {
    const words = term.text.match(/[\p{L}\p{N}]+/gu) ?? [];
    if (!words.length) return [];
    const phrase = words.map((w) => `'${w}'`).join(' <-> ');
    return [sql`to_tsquery('parley_search', ${term.prefix ? `${phrase}:*` : phrase})`];
  });
  return parts.length ? sql`(${sql.join(parts, sql` && `)})` : null;
}

/**
 * Whether the text `content` matches `query` (from `historyTsQuery`). Punctuation splits words
 * first, as in FTS5's tokenizer: PostgreSQL's parser would keep an e-mail address or "os.path"
 * whole and find neither by its words.
 */
export function historyTsMatch(content: SQL, query: SQL): SQL {
  return sql`to_tsvector('parley_search', regexp_replace(${content}, '[[:punct:]]+', ' ', 'g')) @@ ${query}`;
}
