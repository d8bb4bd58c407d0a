import { serve } from '@hono/node-server';
import { app } from './app';
import { env } from './env';
import { startSyncScheduler, stopSyncScheduler } from './features/knowledge/syncDueSources';
import { startUploadSweeper, stopUploadSweeper } from './features/uploads/sweepUploads';
import { logger } from './lib/logger';
import { startup } from './startup';

/** Starts Parley: migrate (on import of the db), seed, resume background work, listen. */
await startup();
// Deletes uploaded images nothing points at any more: now, then hourly.
startUploadSweeper();
// Re-syncs website sources on their owners' schedules: now (after startup resumed interrupted
// scans), then every minute.
startSyncScheduler();

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  logger.info('Parley is listening', { url: `http://localhost:${info.port}` });
  if (env.LOG_LEVEL !== 'silent') console.log(`\n  Parley is running at http://localhost:${info.port}\n`);
});

let closing = false;
function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info('shutting down', { signal });
  stopUploadSweeper();
  stopSyncScheduler();
  // Stop accepting connections, let in-flight requests finish, then exit; force after 10 s.
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 10_000).unref();
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
