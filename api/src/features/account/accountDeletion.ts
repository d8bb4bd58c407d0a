import { sqlite } from '../../db/client';
import type { User } from '../../db/schema';
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
  const sources = sqlite
    .prepare('SELECT s.id FROM content_sources s JOIN chatbots b ON b.id = s.chatbot_id WHERE b.user_id = ?')
    .all(user.id) as { id: number }[];
  for (const { id } of sources) await cancelScan(id);

  const files = await uploadedFileNames(user.id);
  const bots = 'SELECT id FROM chatbots WHERE user_id = @userId';
  sqlite.transaction(() => {
    const params = { userId: user.id };
    sqlite.prepare(`DELETE FROM chunks WHERE chatbot_id IN (${bots})`).run(params);
    sqlite.prepare(`DELETE FROM pages WHERE chatbot_id IN (${bots})`).run(params);
    sqlite.prepare(`DELETE FROM chat_messages WHERE chatbot_id IN (${bots})`).run(params);
    sqlite.prepare(`DELETE FROM survey_responses WHERE chatbot_id IN (${bots})`).run(params);
    sqlite
      .prepare(
        `DELETE FROM email_outbox WHERE user_id = @userId
           OR form_submission_id IN (SELECT id FROM form_submissions WHERE chatbot_id IN (${bots}))`,
      )
      .run(params);
    sqlite.prepare('DELETE FROM users WHERE id = @userId').run(params);
  })();

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
