/** zod schemas of the analytics call, built on the plain rules in `analytics.ts`. */
import { z } from 'zod';
import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_DEFAULT_TIME_ZONE, ANALYTICS_MAX_DAYS, ANALYTICS_MESSAGES, type AnalyticsQuery, type AnalyticsRange, type ChatbotAnalytics } from './analytics';
import { addDays, canonicalTimeZone, daysInRange, todayIn } from './dates';
import { isoDateSchema, timeZoneSchema, withOrderedDays } from './dates.schemas';

/**
 * `?from=&to=&tz=` of the analytics call and its export, turned into the period it covers. A
 * missing `tz` is UTC, a missing `to` is today there, a missing `from` makes the period 30 days
 * long. The zone comes back under its canonical name.
 */
export const analyticsQuerySchema = withOrderedDays(
  z
    .object({
      from: isoDateSchema(ANALYTICS_MESSAGES.from).optional(),
      to: isoDateSchema(ANALYTICS_MESSAGES.to).optional(),
      tz: timeZoneSchema.optional(),
    })
    .transform((query, ctx): AnalyticsRange => {
      const tz = canonicalTimeZone(query.tz ?? ANALYTICS_DEFAULT_TIME_ZONE)!;
      const to = query.to ?? todayIn(tz);
      const from = query.from ?? addDays(to, 1 - ANALYTICS_DEFAULT_DAYS);
      const days = daysInRange(from, to);
      if (days > ANALYTICS_MAX_DAYS) {
        ctx.issues.push({ code: 'custom', path: ['to'], message: ANALYTICS_MESSAGES.span, input: query });
        return z.NEVER;
      }
      return { from, to, tz, days };
    }),
  // Checked on the filled-in period: a `from` alone may fall after today.
  'from',
) satisfies z.ZodType<AnalyticsRange, AnalyticsQuery>;

const count = z.number().int().nonnegative();
const rate = z.number().min(0).max(1).nullable();
const share = z.object({ count, rate });

/** The answer of `GET /api/chatbots/{guid}/analytics`. */
export const chatbotAnalyticsSchema = z.object({
  range: z.object({ from: z.string(), to: z.string(), tz: z.string(), days: count }),
  totals: z.object({ conversations: count, messages: count, visitorQuestions: count }),
  daily: z.array(z.object({ date: z.string(), conversations: count, messages: count })),
  answers: z.object({ answered: count, fallback: count, answeredRate: rate, fallbackRate: rate }),
  resolution: z.object({ assumed: share, confirmed: share }),
  feedback: z.object({ up: count, down: count }),
  busiestHours: z.array(z.object({ hour: z.number().int().min(0).max(23), questions: count })).length(24),
  weekdayHours: z.array(z.array(count).length(24)).length(7),
  topQuestions: z.array(z.object({ question: z.string(), count, wordings: z.array(z.object({ text: z.string(), count })) })),
  topSources: z.array(z.object({ title: z.string().nullable(), url: z.string().nullable(), count })),
  leads: count,
  unansweredQuestions: count,
}) satisfies z.ZodType<ChatbotAnalytics>;
