import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { db, dialect } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { env } from '../../env';
import { logger } from '../../lib/logger';
import { createMailer, type Mailer, type OutgoingMail } from './mailer';

export type OutboxRow = typeof emailOutbox.$inferSelect;

const MAX_ATTEMPTS = 8;
const BASE_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 60 * 60_000;
/** Longer than one SMTP conversation takes (the mailer's own timeouts are shorter). */
const CLAIM_MS = 2 * 60_000;
/** Mails sent per pass of the worker. */
const PASS_SIZE = 20;

let mailer: Mailer | null | undefined;
const inFlight = new Set<number>();
const sentListeners: ((row: OutboxRow) => Promise<void> | void)[] = [];
let timer: NodeJS.Timeout | null = null;

/** True when SMTP_URL is set, i.e. queued mail can actually leave. */
export function isEmailConfigured(): boolean {
  return getMailer() !== null;
}

/**
 * Stores a mail in the outbox and starts sending it. Resolves once the mail is stored (a
 * visitor's or owner's request need not wait for the mail server); `sent` then resolves true
 * only when the SMTP server accepted it, and otherwise the worker keeps retrying with backoff.
 * `userId` names the account the mail is about, so deleting that account deletes its queued
 * mail too.
 */
export async function sendViaOutbox(
  mail: OutgoingMail & { formSubmissionId?: number; contactMessageId?: number; userId?: string | null },
): Promise<{ id: number; sent: Promise<boolean> }> {
  const row = (await db
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
      // Claimed by this instance from the start: it sends the mail now, no other worker does.
      nextAttemptAt: new Date(Date.now() + CLAIM_MS),
    })
    .returning())[0];
  const sent = deliver(row).catch((error) => {
    logger.error('email delivery could not be recorded', { outboxId: row.id, error: String(error) });
    return false;
  });
  return { id: row.id, sent };
}

/** Called with each outbox row once its mail is accepted (also for retries that succeed later). */
export function onEmailSent(listener: (row: OutboxRow) => Promise<void> | void) {
  sentListeners.push(listener);
}

/** One pass over due mail (at most 20); returns how many were sent. */
export async function processOutbox(now = new Date()): Promise<number> {
  if (!getMailer()) return 0;
  let sent = 0;
  if (dialect === 'postgres') {
    // Each mail is claimed just before it is sent, so the claim covers that one sending only.
    for (let i = 0; i < PASS_SIZE; i++) {
      const row = await claimNext(now);
      if (!row) break;
      if (await deliver(row)) sent++;
    }
    return sent;
  }
  const due = await db.select().from(emailOutbox).where(isDue(now)).orderBy(asc(emailOutbox.nextAttemptAt)).limit(PASS_SIZE);
  for (const row of due) if ((await claim(row, now)) && (await deliver(row))) sent++;
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

/** Stops the retry loop (graceful shutdown): mail still due is sent by another instance or after a restart. */
export function stopOutboxWorker() {
  if (timer) clearInterval(timer);
  timer = null;
}

/**
 * Takes a due mail for this instance by moving its next attempt past the time one sending takes:
 * the UPDATE only matches while the mail is still due, so of several instances' workers one
 * gets it. A worker that dies mid-send leaves the mail due again once that time has passed.
 */
async function claim(row: OutboxRow, now: Date): Promise<boolean> {
  const claimed = await db
    .update(emailOutbox)
    .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
    .where(and(eq(emailOutbox.id, row.id), isDue(now)))
    .returning({ id: emailOutbox.id });
  return claimed.length > 0;
}

/**
 * PostgreSQL: takes the longest-due mail in one UPDATE whose subquery picks it `FOR UPDATE SKIP
 * LOCKED`, so workers claiming at the same moment take different mails instead of queueing for
 * one, and the mail comes back claimed (as `claim` above, the due condition is checked again).
 */
async function claimNext(now: Date): Promise<OutboxRow | undefined> {
  const next = sql`(select ${emailOutbox.id} from ${emailOutbox} where ${isDue(now)} order by ${emailOutbox.nextAttemptAt} limit 1 for update skip locked)`;
  const [row] = await db
    .update(emailOutbox)
    .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
    .where(and(eq(emailOutbox.id, next), isDue(now)))
    .returning();
  return row;
}

function isDue(now: Date) {
  return and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, now));
}

async function deliver(row: OutboxRow): Promise<boolean> {
  const transport = getMailer();
  if (!transport || inFlight.has(row.id)) return false;
  inFlight.add(row.id);
  const attempts = row.attempts + 1;
  try {
    await transport.send(row);
    const updated = (await db
      .update(emailOutbox)
      .set({ status: 'sent', attempts, sentAt: new Date(), lastError: null })
      .where(eq(emailOutbox.id, row.id))
      .returning())[0];
    for (const listener of sentListeners) {
      try {
        await listener(updated);
      } catch (error) {
        logger.error('email sent listener failed', { error: String(error) });
      }
    }
    return true;
  } catch (error) {
    const failed = attempts >= MAX_ATTEMPTS;
    const backoff = Math.min(BASE_BACKOFF_MS * 2 ** (attempts - 1), MAX_BACKOFF_MS);
    await db.update(emailOutbox)
      .set({
        status: failed ? 'failed' : 'pending',
        attempts,
        lastError: String(error instanceof Error ? error.message : error).slice(0, 500),
        nextAttemptAt: new Date(Date.now() + backoff),
      })
      .where(eq(emailOutbox.id, row.id));
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
