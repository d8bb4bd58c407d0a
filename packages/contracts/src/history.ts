/** Conversation history as the owner reads it: the list's filters, its items and the exports. */
import type { AnswerStatus, FeedbackRating, MessageMetadata } from './chat';
import type { IdentifiedUser } from './identity';

/** Sessions per page of a bot's history, unless the request asks for another `limit` (1–100). */
export const SESSIONS_PAGE_SIZE = 10;

/**
 * What a conversation can be flagged with, as the `flags` filter spells it: `unanswered` (the
 * bot gave its fallback answer or handed off to its contact form), `thumbs_down` (the visitor
 * voted an answer down), `lead` (the visitor sent a form), `test` (a chat from the Test page).
 */
export const historyFlags = ['unanswered', 'thumbs_down', 'lead', 'test'] as const;
export type HistoryFlag = (typeof historyFlags)[number];

/** The words the history page shows for each flag, on its badges and filter toggles. */
export const HISTORY_FLAG_LABELS: Record<HistoryFlag, string> = {
  unanswered: 'Unanswered',
  thumbs_down: 'Thumbs down',
  lead: 'Lead',
  test: 'Test',
};

/** A conversation's flags (see `historyFlags`). */
export interface SessionFlags {
  unanswered: boolean;
  thumbsDown: boolean;
  lead: boolean;
  test: boolean;
}

/** Longest search text the history accepts. */
export const HISTORY_SEARCH_MAX_LENGTH = 200;

/** The longest first question a list item carries; longer ones are cut with "…". */
export const FIRST_QUESTION_MAX_LENGTH = 200;

/**
 * The filters of `GET /api/chatbots/{guid}/sessions` and its export, as query parameters.
 * A conversation matches when it has every listed flag, was active on a day from `from` to
 * `to` (days in `tz`, an IANA zone, UTC by default), and has a message matching `q`.
 */
export interface HistoryFilters {
  /** Comma-separated `HistoryFlag`s. */
  flags?: string;
  /** YYYY-MM-DD. */
  from?: string;
  /** YYYY-MM-DD, on or after `from`. */
  to?: string;
  q?: string;
  tz?: string;
}

/** Where a searched conversation matched: a short piece of one message, the hits marked. */
export interface HistoryMatch {
  messageId: number;
  sender: 'user' | 'bot';
  parts: { text: string; hit: boolean }[];
}

/** One conversation in the history list. */
export interface HistorySession {
  id: number;
  sessionId: string;
  messageCount: number;
  createdAt: string;
  lastMessageAt: string;
  /** Same as `flags.test`, kept for clients of the earlier list. */
  isTest: boolean;
  /** The visitor's first question, cut at `FIRST_QUESTION_MAX_LENGTH`; null before they ask one. */
  firstQuestion: string | null;
  flags: SessionFlags;
  /** With a search (`q`): the conversation's first matching message; otherwise null. */
  match: HistoryMatch | null;
  /** The site's signed-in user the visitor proved to be (verified identity); null when anonymous. */
  identity: IdentifiedUser | null;
}

export const historyExportFormats = ['csv', 'json'] as const;
export type HistoryExportFormat = (typeof historyExportFormats)[number];

/** One message of a JSON export. */
export interface ExportedMessage {
  id: number;
  sender: 'user' | 'bot';
  messageType: string;
  content: string;
  metadata: MessageMetadata | null;
  /** The visitor's vote, on bot answers; null when none. */
  feedback: FeedbackRating | null;
  answerStatus: AnswerStatus | null;
  createdAt: string;
}

/** One conversation of a JSON export. */
export interface ExportedConversation {
  sessionId: string;
  startedAt: string;
  lastMessageAt: string;
  messageCount: number;
  firstQuestion: string | null;
  flags: SessionFlags;
  /** The verified user of the conversation (see `HistorySession.identity`); null when anonymous. */
  identity: IdentifiedUser | null;
  messages: ExportedMessage[];
}

/**
 * A JSON export, of one conversation or of every conversation matching the filters (the same
 * envelope, so one reader handles both); conversations oldest first.
 */
export interface HistoryExport {
  chatbot: { guid: string; name: string };
  exportedAt: string;
  conversations: ExportedConversation[];
}

/** The columns of a CSV export: one row per message. */
export const HISTORY_CSV_HEADER = [
  'Session',
  'Started',
  'Time',
  'Sender',
  'Type',
  'Text',
  'Feedback',
  'Answer status',
  'Sources',
  'User ID',
  'User name',
  'User email',
] as const;

/** One term of a history search: a word, or a phrase the visitor put in double quotes. */
export interface SearchTerm {
  text: string;
  /** Quoted: the words must follow each other. */
  phrase: boolean;
  /** The last word when not quoted, matched as the start of a word (so "refu" finds "refund"). */
  prefix: boolean;
}

/**
 * Splits a history search into terms: every term must occur in one message; "double quotes"
 * keep words together; the last word, when not quoted, matches as a prefix. Terms without a
 * letter or digit are dropped (there is nothing to find).
 */
export function historySearchTerms(q: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  const pattern = /"([^"]*)"?|(\S+)/g;
  for (let m = pattern.exec(q); m; m = pattern.exec(q)) {
    const phrase = m[1] !== undefined;
    // A stray quote inside a word separates, like punctuation, rather than gluing its halves.
    const text = (phrase ? m[1] : m[2]).replace(/"/g, ' ').trim();
    if (/[\p{L}\p{N}]/u.test(text)) terms.push({ text, phrase, prefix: false });
  }
  const last = terms.at(-1);
  if (last && !last.phrase) last.prefix = true;
  return terms;
}
