import { eq } from 'drizzle-orm';
import { formatUsageReset, LIMIT_WARNING_PERCENT, limitLevel, planLabel } from '@parley/contracts';
import { db } from '../../db/client';
import { changedRows } from '../../db/raw';
import { usageAlerts, users, type Plan } from '../../db/schema';
import { logger } from '../../lib/logger';
import type { BillingPeriod } from '../billing/billingPeriod';
import { SYSTEM_USER_ID } from '../auth/auth.service';
import { appLink } from '../email/appLink';
import { isEmailConfigured, sendViaOutbox } from '../email/outbox.service';

/**
 * Percentages of the monthly message limit at which the owner is told, highest first: the
 * shared plan-limit rule's "reached" and "approaching" levels.
 */
const THRESHOLDS = [100, LIMIT_WARNING_PERCENT] as const;
type Threshold = (typeof THRESHOLDS)[number];
const LEVEL_THRESHOLD = { reached: 100, approaching: LIMIT_WARNING_PERCENT } as const;

/** Alerts already recorded in this process, so messages past 80 % skip the database. */
const recorded = new Set<string>();

/**
 * The lowest usage that can need an alert: `consumeMessage` compares against it first, so
 * messages below 80 % of the limit cost nothing more.
 */
export const alertFloor = (limit: number) => Math.ceil((limit * THRESHOLDS[THRESHOLDS.length - 1]) / 100);

/**
 * Records each threshold `used` has reached in the billing period once per owner (the primary key of
 * `usage_alerts` makes a repeat a no-op, whichever process gets there first) and, for a newly
 * reached one, queues one mail to the owner. When one message crosses both thresholds at once
 * only the 100 % mail goes out: an 80 % warning after the fact would only be noise.
 */
export async function checkUsageAlerts(userId: string, plan: Plan, period: BillingPeriod, used: number) {
  const month = period.key;
  const limit = plan.maxMessagesPerMonth;
  if (limit <= 0 || userId === SYSTEM_USER_ID) return;
  const level = limitLevel(used, limit);
  if (level === 'ok') return;
  // Reaching the cap also passes the warning threshold: both are recorded, only one mailed.
  const reached = THRESHOLDS.filter((t) => t <= LEVEL_THRESHOLD[level] && !recorded.has(`${userId}|${month}|${t}`));
  if (reached.length === 0) return;
  const fresh: number[] = [];
  for (const threshold of reached) {
    recorded.add(`${userId}|${month}|${threshold}`);
    if (changedRows(await db.insert(usageAlerts).values({ userId, month, threshold }).onConflictDoNothing()) > 0) fresh.push(threshold);
  }
  if (fresh.length === 0) return;
  const threshold = Math.max(...fresh) as Threshold;
  const owner = (await db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, userId)).limit(1))[0];
  if (!owner || owner.email.endsWith('.invalid') || !isEmailConfigured()) {
    logger.info('usage alert recorded without email', { userId, month, threshold });
    return;
  }
  const mail = alertMail({ threshold, used, limit, planName: plan.name, firstName: owner.firstName, resetsOn: period.end });
  // The visitor's answer does not wait for the mail server; the outbox row is stored at once.
  await sendViaOutbox({ to: owner.email, userId, ...mail }).catch((error) => logger.error('usage alert mail failed', { userId, error: String(error) }));
}

function alertMail(a: { threshold: Threshold; used: number; limit: number; planName: string; firstName: string | null; resetsOn: Date }) {
  const plan = planLabel({ name: a.planName });
  const resets = formatUsageReset(a.resetsOn);
  const usage = `${a.used.toLocaleString('en-US')} of ${a.limit.toLocaleString('en-US')}`;
  const lines =
    a.threshold === 100
      ? [
          `Your chatbots have used all ${a.limit.toLocaleString('en-US')} messages of your ${plan} plan this month.`,
          'Until the count resets, they show visitors a contact form instead of answering; what visitors send there still reaches your Leads inbox.',
        ]
      : [
          `Your chatbots have used ${usage} messages of your ${plan} plan this month (${Math.floor((a.used * 100) / a.limit)}%).`,
          'When the limit is reached, they stop answering and show visitors a contact form instead.',
        ];
  return {
    subject: a.threshold === 100 ? `Monthly message limit reached (${usage})` : `You have used ${a.threshold}% of your monthly messages (${usage})`,
    text: [
      a.firstName ? `Hi ${a.firstName},` : 'Hello,',
      '',
      ...lines,
      `The count resets on ${resets} (UTC).`,
      '',
      `To raise the limit, change your plan: ${appLink('/subscription')}`,
    ].join('\n'),
  };
}
