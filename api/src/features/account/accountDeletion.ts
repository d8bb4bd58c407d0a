import { eq, inArray, or } from 'drizzle-orm';
import { db } from '../../db/client';
import { chatbots, chatMessages, chunks, contentSources, emailOutbox, formSubmissions, pages, surveyResponses, users, type User } from '../../db/schema';
import { transaction } from '../../db/transaction';
import { badRequest, forbidden } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { ACCOUNT_MESSAGES, confirmsEmail } from '@parley/contracts';
import { SYSTEM_USER_ID } from '../auth/auth.service';
import { endBillingOfDeletedAccount } from '../billing/billing.service';
import { dropOrphanEmbeddings } from '../knowledge/embeddings';
import { dropOrphanIndexes } from '../knowledge/ftsIndex';
import { cancelScan } from '../knowledge/scanQueue';
import { unlinkUploads } from '../uploads/sweepUploads';
import { uploadedFileNames } from '../uploads/uploads.service';

/**
 * Deletes an account and everything of it: its bots with their sources, pages, chunks and
 * search indexes, conversations, leads, surveys and usage; its subscription, usage and alerts,
 * sign-ins, reset links, queued mail and uploaded files; a Stripe subscription is ended first.
 * Nothing of another account is touched.
 *
 * Most rows go by the foreign keys' ON DELETE CASCADE from `users` and `chatbots`. Tables that
 * name a bot without a foreign key to it (pages, chunks, messages, survey responses) and mail
 * about one of its leads (whose outbox row may carry no user id) are deleted explicitly, in the
 * same transaction. Mail is the account's by its user id or its lead, never by the address it
 * goes to: another owner's lead mail may well be addressed to this account's email. The per-bot search tables and the uploaded files are not rows: they go right after.
 */
export async function deleteAccount(user: User, confirmEmail: string): Promise<void> {
  if (!confirmsEmail(confirmEmail, user.email)) {
    throw badRequest(ACCOUNT_MESSAGES.confirmEmail, { fieldErrors: { confirmEmail: [ACCOUNT_MESSAGES.confirmEmail] }, formErrors: [] });
  }
  // The system account owns Parley's own public bot; it cannot sign in, so this is a guard only.
  if (user.id === SYSTEM_USER_ID) throw forbidden('This account cannot be deleted.');

  // First, so a payment provider that cannot be reached leaves the account whole.
  await endBillingOfDeletedAccount(user.id);

  // A scan still running would write pages for a bot that no longer exists.
  const sources = await db
    .select({ id: contentSources.id })
    .from(contentSources)
    .innerJoin(chatbots, eq(chatbots.id, contentSources.chatbotId))
    .where(eq(chatbots.userId, user.id));
  for (const { id } of sources) await cancelScan(id);

  const files = await uploadedFileNames(user.id);
  await transaction(async (tx) => {
    const botIds = (await tx.select({ id: chatbots.id }).from(chatbots).where(eq(chatbots.userId, user.id))).map((b) => b.id);
    if (botIds.length > 0) {
      const leads = tx.select({ id: formSubmissions.id }).from(formSubmissions).where(inArray(formSubmissions.chatbotId, botIds));
      await tx.delete(emailOutbox).where(or(eq(emailOutbox.userId, user.id), inArray(emailOutbox.formSubmissionId, leads)));
    } else {
      await tx.delete(emailOutbox).where(eq(emailOutbox.userId, user.id));
    }
    // The account first: its bots go with it (cascade), and on PostgreSQL a chat turn or scan of
    // another instance writing for one of them now waits for this transaction and then fails.
    await tx.delete(users).where(eq(users.id, user.id));
    if (botIds.length > 0) {
      await tx.delete(chunks).where(inArray(chunks.chatbotId, botIds));
      await tx.delete(pages).where(inArray(pages.chatbotId, botIds));
      await tx.delete(chatMessages).where(inArray(chatMessages.chatbotId, botIds));
      await tx.delete(surveyResponses).where(inArray(surveyResponses.chatbotId, botIds));
    }
  });

  try {
    await dropOrphanIndexes();
    await dropOrphanEmbeddings();
  } catch (error) {
    // The rows are gone; leftover index tables are dropped again at the next start.
    logger.warn('could not drop the search indexes of a deleted account', { error: String(error) });
  }
  await unlinkUploads(files);
  logger.info('account deleted', { userId: user.id, files: files.length });
}
