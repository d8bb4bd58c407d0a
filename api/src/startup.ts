import { pruneExpiredSessions } from './features/auth/auth.service';
import { seedPlans } from './features/subscription/subscription.service';
import { startOutboxWorker } from './features/email/outbox.service';
import { seedDefaultChatbot } from './features/public/defaultChatbot';
import { resumeInterruptedScans } from './features/sources/sources.service';
import { backfillQuestionKeys } from './features/analytics/backfillQuestionKeys';
import { env } from './env';
import { logger } from './lib/logger';

/**
 * Work done once per process before serving: the database is already migrated when the db
 * module loads.
 */
export async function startup() {
  await seedPlans();
  await pruneExpiredSessions();
  // Before serving, so the first analytics read already counts the questions of older chats.
  backfillQuestionKeys();
  if (env.SEED_DEFAULT_CHATBOT) {
    // A failed seed must not keep Parley from starting; the next start trains it again.
    await seedDefaultChatbot().catch((error) => logger.error('seeding the default chatbot failed', { error: String(error) }));
  }
  // A scan cut off by a restart is picked up again so no source stays "scanning" forever.
  await resumeInterruptedScans();
  startOutboxWorker();
}
