import { and, eq, isNull, sql } from 'drizzle-orm';
import { transaction } from '../../db/transaction';
import { db } from '../../db/client';
import { chatMessages, chatSessions } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import type { FeedbackRating, FeedbackResponse } from '@parley/contracts';
import { fileUnansweredQuestion, previousQuestionId, type SessionRow } from './chat.service';

/**
 * Stores a visitor's vote on one answer of their own conversation; a new vote replaces the old
 * one, the same vote again changes nothing. With the vote, in one transaction: the session's
 * thumbs flags, recomputed from all its votes, and the question the answer was for, filed as
 * unanswered on a thumbs-down and taken back out when the visitor changes their mind, unless
 * the owner has already dealt with it or it was filed for another reason.
 */
export async function rateAnswer(session: Pick<SessionRow, 'sessionId'>, messageId: number, rating: FeedbackRating): Promise<FeedbackResponse> {
  return await rate(session.sessionId, messageId, rating);
}

function rate(sessionId: string, messageId: number, rating: FeedbackRating): Promise<FeedbackResponse> {
  return transaction(async () => {
    const message = (await db
      .select({ id: chatMessages.id, sender: chatMessages.sender, answerStatus: chatMessages.answerStatus, feedback: chatMessages.feedback })
      .from(chatMessages)
      .where(and(eq(chatMessages.id, messageId), eq(chatMessages.sessionId, sessionId))).limit(1))[0];
    if (!message) throw notFound('Message not found');
    if (message.sender !== 'bot' || !message.answerStatus) {
      throw badRequest('Only answers the bot wrote to a question can be rated', { messageId, reason: 'not_rateable' });
    }
    if (message.feedback === rating) return { messageId, rating };
    const previous = message.feedback;

    await db.update(chatMessages).set({ feedback: rating, feedbackAt: new Date() }).where(eq(chatMessages.id, messageId));
    const hasVote = (vote: FeedbackRating) =>
      sql`exists (select 1 from ${chatMessages} where ${chatMessages.sessionId} = ${sessionId} and ${chatMessages.feedback} = ${vote})`;
    await db.update(chatSessions)
      .set({ hasThumbsDown: hasVote('down'), hasThumbsUp: hasVote('up') })
      .where(eq(chatSessions.sessionId, sessionId));

    const question = await previousQuestionId(sessionId, messageId);
    if (question !== null && rating === 'down') {
      await fileUnansweredQuestion(question, 'thumbs_down');
    } else if (question !== null && previous === 'down') {
      await db.update(chatMessages)
        .set({ unansweredReason: null })
        .where(and(eq(chatMessages.id, question), eq(chatMessages.unansweredReason, 'thumbs_down'), isNull(chatMessages.triage)));
    }
    return { messageId, rating };
  });
}
