import { count, eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { logger } from '../../lib/logger';
import { rateLimitStoreHealth } from '../../lib/rateLimit';
import { scanQueueState } from '../knowledge/scanQueue';

/**
 * What `GET /api/health` answers: whether this instance can serve (its database answers and it
 * is not shutting down), with the state of the shared queues and of the rate-limit store. A load
 * balancer needs only the status code: 200 to send traffic, 503 to stop. Redis being down does
 * not make an instance unhealthy: its counters fall back to the database.
 */
export async function checkHealth(): Promise<{ status: 200 | 503; body: HealthReport }> {
  const started = performance.now();
  try {
    const [mail] = await db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.status, 'pending'));
    const scans = await scanQueueState();
    const rateLimits = await rateLimitStoreHealth();
    const database = { ok: true as const, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
    const body: HealthReport = {
      status: shuttingDown ? 'shutting-down' : 'ok',
      database,
      queues: { scans, mail: { pending: Number(mail?.n ?? 0) } },
      rateLimits,
      uptimeSeconds: Math.round(process.uptime()),
    };
    return { status: shuttingDown ? 503 : 200, body };
  } catch (error) {
    logger.error('health check: the database did not answer', { error: String(error) });
    return {
      status: 503,
      body: { status: 'error', database: { ok: false, error: 'The database did not answer.' }, uptimeSeconds: Math.round(process.uptime()) },
    };
  }
}

export type HealthReport = {
  status: 'ok' | 'shutting-down' | 'error';
  database: { ok: true; latencyMs: number } | { ok: false; error: string };
  queues?: { scans: { runningHere: number; pending: number; scanning: number }; mail: { pending: number } };
  rateLimits?: Awaited<ReturnType<typeof rateLimitStoreHealth>>;
  uptimeSeconds: number;
};

let shuttingDown = false;

/** From now on the health check answers 503, so the load balancer stops sending new requests here. */
export function markShuttingDown(): void {
  shuttingDown = true;
}
