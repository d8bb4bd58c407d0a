import { and, asc, eq, lte } from 'drizzle-orm';
import { db } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { env } from '../../env';
import { logger } from '../../lib/logger';
import { createMailer, type Mailer, type OutgoingMail } from './mailer';

export type OutboxRow = typeof emailOutbox.$inferSelect;

const MAX_ATTEMPTS = 8;
const BASE_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 60 * 60_000;

let mailer: Mailer | null | undefined;
const inFlight = new Set<number>();
const sentListeners: ((row: OutboxRow) => void)[] = [];
let timer: NodeJS.Timeout | null = null;

/** True when SMTP_URL is set, i.e. queued mail can actually leave. */
export function isEmailConfigured(): boolean {
  return getMailer() !== null;
}

/**
 * Stores a mail in the outbox and tries to send it right away. Resolves true only when the
 * SMTP server accepted it; otherwise the worker keeps retrying with backoff. The row is stored
 * before the first await, so a caller that does not wait still has it queued. `userId` names
 * the account the mail is about, so deleting that account deletes its queued mail too.
 */
export async function sendViaOutbox(
  mail: OutgoingMail & { formSubmissionId?: number; contactMessageId?: number; userId?: string | null },
): Promise<{ id: number; sent: boolean }> {
  const row = db
    .insert(emailOutbox)
    .values({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      replyTo: mail.replyTo ?? null,
      formSubmissionId: mail.formSubmissionId ?? null,
      contactMessageId: mail.contactMessageId ?? null,
      userId: mail.userId ?? null,
    })
    .returning()
    .get();
  return { id: row.id, sent: await deliver(row) };
}

/** Called with each outbox row once its mail is accepted (also for retries that succeed later). */
export function onEmailSent(listener: (row: OutboxRow) => void) {
  sentListeners.push(listener);
}

/** One pass over due mail; returns how many were sent. */
export async function processOutbox(now = new Date()): Promise<number> {
  if (!getMailer()) return 0;
  const due = db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, now)))
    .orderBy(asc(emailOutbox.nextAttemptAt))
    .limit(20)
    .all();
  let sent = 0;
  for (const row of due) if (await deliver(row)) sent++;
  return sent;
}

/** Starts the retry loop (only when SMTP is configured: without it nothing could be sent). */
export function startOutboxWorker(intervalMs = 5_000) {
  if (timer || !getMailer()) return;
  timer = setInterval(() => {
    processOutbox().catch((error) => logger.error('email outbox pass failed', { error: String(error) }));
  }, intervalMs);
  timer.unref();
}

async function deliver(row: OutboxRow): Promise<boolean> {
  const transport = getMailer();
  if (!transport || inFlight.has(row.id)) return false;
  inFlight.add(row.id);
  const attempts = row.attempts + 1;
  try {
    await transport.send(row);
    const updated = db
      .update(emailOutbox)
      .set({ status: 'sent', attempts, sentAt: new Date(), lastError: null })
      .where(eq(emailOutbox.id, row.id))
      .returning()
      .get();
    for (const listener of sentListeners) {
      try {
        listener(updated);
      } catch (error) {
        logger.error('email sent listener failed', { error: String(error) });
      }
    }
    return true;
  } catch (error) {
    const failed = attempts >= MAX_ATTEMPTS;
    const backoff = Math.min(BASE_BACKOFF_MS * 2 ** (attempts - 1), MAX_BACKOFF_MS);
    db.update(emailOutbox)
      .set({
        status: failed ? 'failed' : 'pending',
        attempts,
        lastError: String(error instanceof Error ? error.message : error).slice(0, 500),
        nextAttemptAt: new Date(Date.now() + backoff),
      })
      .where(eq(emailOutbox.id, row.id))
      .run();
    logger.warn('email delivery failed', { outboxId: row.id, attempts, willRetry: !failed, error: String(error) });
    return false;
  } finally {
    inFlight.delete(row.id);
  }
}

function getMailer(): Mailer | null {
  if (mailer === undefined) mailer = env.SMTP_URL ? createMailer(env.SMTP_URL, env.SMTP_FROM) : null;
  return mailer;
}
