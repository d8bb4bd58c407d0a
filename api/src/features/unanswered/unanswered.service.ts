import { and, desc, eq, gte, inArray, isNotNull, isNull } from 'drizzle-orm';
import { transaction } from '../../db/transaction';
import { db } from '../../db/client';
import { changedRows } from '../../db/raw';
import { chatMessages, chatSessions } from '../../db/schema';
import { conflict, HttpError } from '../../lib/errors';
import {
  UNANSWERED_MAX_QUESTIONS,
  UNANSWERED_WINDOW_DAYS,
  type AnswerUnansweredRequest,
  type DismissUnansweredResponse,
  type UnansweredGroup,
  type UnansweredList,
  type UnansweredReason,
} from '@parley/contracts';
import { groupSimilarQuestions } from '../chat/groupSimilarQuestions';
import { indexQaNow, insertQaSource, type SourceJson } from '../sources/sources.service';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The bot's Unanswered inbox: visitor questions with an unanswered reason (fallback, thumbs-down,
 * hand-off) that the owner has neither answered nor dismissed, from the last 90 days and at most
 * the 2,000 most recent, grouped by similar wording (`groupSimilarQuestions` over each question's
 * key), largest group first. Questions from the owner's own Test-page chats are kept (a gap the
 * owner found while testing is still a gap) and counted in `testCount`.
 */
export async function listUnanswered(chatbotId: number, now: Date = new Date()): Promise<UnansweredList> {
  const rows = await db
    .select({
      id: chatMessages.id,
      sessionId: chatMessages.sessionId,
      content: chatMessages.content,
      questionKey: chatMessages.questionKey,
      reason: chatMessages.unansweredReason,
      createdAt: chatMessages.createdAt,
      isTest: chatSessions.isTest,
    })
    .from(chatMessages)
    .innerJoin(chatSessions, eq(chatSessions.sessionId, chatMessages.sessionId))
    .where(and(waiting(chatbotId), gte(chatMessages.createdAt, new Date(now.getTime() - UNANSWERED_WINDOW_DAYS * DAY_MS))))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(UNANSWERED_MAX_QUESTIONS + 1);
  const truncated = rows.length > UNANSWERED_MAX_QUESTIONS;
  const questions = rows.slice(0, UNANSWERED_MAX_QUESTIONS).flatMap((r) => (r.reason ? [{ ...r, reason: r.reason }] : []));
  return {
    groups: groupQuestions(questions),
    total: questions.length,
    windowDays: UNANSWERED_WINDOW_DAYS,
    maxQuestions: UNANSWERED_MAX_QUESTIONS,
    truncated,
  };
}

/** Marks questions of the bot's inbox dismissed; ids of other bots' or already handled questions are ignored. */
export async function dismissUnanswered(chatbotId: number, messageIds: number[]): Promise<DismissUnansweredResponse> {
  return { dismissed: await triage(chatbotId, messageIds, 'dismissed') };
}

/**
 * Answers questions of the inbox with a Q&A source (question, other wordings, answer), which is
 * indexed before this returns so the bot uses it from the next message on. The source is stored
 * and the questions marked answered by it in one transaction, and only while at least one of
 * them is the bot's and still waiting: a second click, another tab or a stale inbox gets a 409
 * instead of a second copy of the answer. Ids of other bots' or already handled questions are
 * ignored.
 *
 * The questions are claimed (marked answered) before the source is stored: on PostgreSQL two
 * transactions can both read them as waiting, but only one can mark them, the other waiting on
 * its row locks and then finding them handled. (SQLite runs the transactions one after another.)
 */
export async function answerUnanswered(chatbotId: number, request: AnswerUnansweredRequest): Promise<SourceJson> {
  const { messageIds, question, variants, answer } = request;
  const stored = await transaction(async () => {
    const claimed = await db
      .update(chatMessages)
      .set({ triage: 'answered', triagedAt: new Date() })
      .where(and(waiting(chatbotId), inArray(chatMessages.id, messageIds)))
      .returning({ id: chatMessages.id });
    if (claimed.length === 0) throw conflict(ALREADY_HANDLED);
    const source = await insertQaSource(chatbotId, { question, variants, answer });
    await db
      .update(chatMessages)
      .set({ triageSourceId: source.id })
      .where(inArray(chatMessages.id, claimed.map((m) => m.id)));
    return source;
  });
  const source = await indexQaNow(stored.id);
  // The questions stay answered by the source, which is listed and can be rescanned; deleting it
  // puts them back in the inbox.
  if (source.status !== 'completed') throw new HttpError(500, 'The answer was saved but could not be indexed; rescan it from Add Data');
  return source;
}

const ALREADY_HANDLED = 'These questions were already answered or dismissed. Reload the inbox to see the ones still waiting.';

type Question = {
  id: number;
  sessionId: string;
  content: string;
  questionKey: string | null;
  reason: UnansweredReason;
  createdAt: Date;
  isTest: boolean;
};

/** Questions grouped by similar wording, largest group first, then the most recently asked. */
function groupQuestions(questions: Question[]): UnansweredGroup[] {
  // Newest first already: the first text seen of a wording is its latest.
  const byKey = new Map<string, Question[]>();
  for (const q of questions) {
    const key = q.questionKey || normalize(q.content);
    const same = byKey.get(key);
    if (same) same.push(q);
    else byKey.set(key, [q]);
  }
  const wordings = [...byKey].map(([key, asked]) => ({ key, text: countTexts(asked)[0].text, count: asked.length, item: asked }));
  return groupSimilarQuestions(wordings)
    .map((group): UnansweredGroup => {
      const asked = group.wordings.flatMap((w) => w.item ?? []).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
      const texts = countTexts(asked);
      const lead = texts.findIndex((t) => t.text === group.question);
      if (lead > 0) texts.unshift(...texts.splice(lead, 1));
      return {
        id: group.wordings[0].key,
        question: group.question,
        count: group.count,
        reasons: {
          fallback: asked.filter((q) => q.reason === 'fallback').length,
          thumbsDown: asked.filter((q) => q.reason === 'thumbs_down').length,
          handoff: asked.filter((q) => q.reason === 'handoff').length,
        },
        testCount: asked.filter((q) => q.isTest).length,
        lastAskedAt: asked[0].createdAt.toISOString(),
        wordings: texts,
        messageIds: asked.map((q) => q.id),
        sessionIds: [...new Set(asked.map((q) => q.sessionId))],
      };
    })
    .sort((a, b) => b.count - a.count || b.lastAskedAt.localeCompare(a.lastAskedAt));
}

/** The distinct texts among questions (case and spacing ignored), most frequent first, ties by recency. */
function countTexts(asked: Question[]): { text: string; count: number }[] {
  const texts = new Map<string, { text: string; count: number }>();
  for (const q of asked) {
    const key = normalize(q.content);
    const seen = texts.get(key);
    if (seen) seen.count++;
    else texts.set(key, { text: q.content.trim(), count: 1 });
  }
  return [...texts.values()].sort((a, b) => b.count - a.count);
}

function normalize(text: string) {
  return text.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** Visitor questions of the bot still waiting in the inbox. */
function waiting(chatbotId: number) {
  return and(
    eq(chatMessages.chatbotId, chatbotId),
    eq(chatMessages.sender, 'user'),
    isNotNull(chatMessages.unansweredReason),
    isNull(chatMessages.triage),
  );
}

async function triage(chatbotId: number, messageIds: number[], outcome: 'dismissed'): Promise<number> {
  return changedRows(
    await db
      .update(chatMessages)
      .set({ triage: outcome, triagedAt: new Date(), triageSourceId: null })
      .where(and(waiting(chatbotId), inArray(chatMessages.id, messageIds))),
  );
}
