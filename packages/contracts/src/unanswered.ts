/**
 * The Unanswered inbox: visitor questions the bot could not answer well (it gave the fallback,
 * the visitor voted the answer down, or the conversation was handed to a person), grouped by
 * similar wording, for the owner to answer with a Q&A source or dismiss.
 */
import type { QaInput } from './sources';

export const unansweredReasons = ['fallback', 'thumbs_down', 'handoff'] as const;
/** Why a question is in the inbox. */
export type UnansweredReason = (typeof unansweredReasons)[number];

/** The inbox looks this many days back... */
export const UNANSWERED_WINDOW_DAYS = 90;
/** ...at no more than this many of the most recent questions, which is also what one dismiss or answer call takes at most. */
export const UNANSWERED_MAX_QUESTIONS = 2000;

/** One wording of a group's question, with how often visitors used it. */
export type UnansweredWording = { text: string; count: number };

/** Similar questions, counted together. */
export type UnansweredGroup = {
  /** Stable while the group's leading wording stays the same: that wording's question key. */
  id: string;
  /** The most frequent wording. */
  question: string;
  /** Times any wording of the group was asked. */
  count: number;
  /** How many of those asks got the fallback, a thumbs-down, a hand-off. */
  reasons: { fallback: number; thumbsDown: number; handoff: number };
  /** How many asks came from the owner's own Test-page chats. */
  testCount: number;
  lastAskedAt: string;
  /** Every distinct wording, most frequent first (the question's own first). */
  wordings: UnansweredWording[];
  /** The visitor messages in the group: what dismiss and answer take. */
  messageIds: number[];
  /** The conversations they were asked in, most recent first. */
  sessionIds: string[];
};

/** `GET /api/chatbots/{guid}/unanswered`. */
export type UnansweredList = {
  groups: UnansweredGroup[];
  /** Questions in the groups. */
  total: number;
  /** The window the list covers: the last `windowDays` days, at most `maxQuestions` questions. */
  windowDays: number;
  maxQuestions: number;
  /** True when more questions were waiting than `maxQuestions`: the oldest were left out. */
  truncated: boolean;
};

/** `POST /api/chatbots/{guid}/unanswered/dismiss`. */
export type DismissUnansweredRequest = { messageIds: number[] };
/** How many of the given questions were dismissed (others were not this bot's or already triaged). */
export type DismissUnansweredResponse = { dismissed: number };

/** `POST /api/chatbots/{guid}/unanswered/answer`: a Q&A source made from the group, which it marks answered. */
export type AnswerUnansweredRequest = QaInput & { messageIds: number[] };
