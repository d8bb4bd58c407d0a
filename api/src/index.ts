import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { app } from './app';
import { env } from './env';
import { stopOutboxWorker } from './features/email/outbox.service';
import { markShuttingDown } from './features/health/health.service';
import { stopScanWorker } from './features/knowledge/scanQueue';
import { closeRateLimitStore } from './lib/rateLimit';
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
// Node closes an idle keep-alive connection after 5 s by default. A load balancer or client that
// sends a request on it just then gets a reset (a 502 from the balancer): idle connections must
// outlive the balancer's own idle timeout (60 s on most), so they are kept 65 s.
(server as Server).keepAliveTimeout = 65_000;
(server as Server).headersTimeout = 66_000;

let closing = false;
/**
 * Graceful shutdown, for rolling restarts behind a load balancer: the health check turns 503 at
 * once so no new traffic comes; the server stops accepting connections and lets requests in
 * flight (answers being streamed included) finish; this instance's scans stop and hand their
 * leases back, so another instance (or this one restarted) picks them up at once. Exits when
 * all that is done, or after SHUTDOWN_GRACE_MS at the latest.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info('shutting down', { signal });
  markShuttingDown();
  setTimeout(() => process.exit(0), env.SHUTDOWN_GRACE_MS).unref();
  stopUploadSweeper();
  stopSyncScheduler();
  stopOutboxWorker();
  const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Keep-alive connections with no request in flight would hold close() open until they time out.
  (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
  await Promise.all([serverClosed, stopScanWorker().catch((error) => logger.warn('stopping scans failed', { error: String(error) }))]);
  await closeRateLimitStore();
  logger.info('shut down cleanly');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
