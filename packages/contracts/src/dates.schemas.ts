/** zod rules of calendar days and time zones (see `dates.ts`), shared by analytics and history. */
import { z } from 'zod';
import { DATE_MESSAGES, canonicalTimeZone, isIsoDate } from './dates';

/** A `YYYY-MM-DD` date in the years `isIsoDate` accepts, refused with `message`. */
export const isoDateSchema = (message: string) => z.string({ error: message }).trim().refine(isIsoDate, message);

/** An IANA time zone the runtime knows, in any letter case; left as written (see `canonicalTimeZone`). */
export const timeZoneSchema = z
  .string({ error: DATE_MESSAGES.tz })
  .trim()
  .refine((tz) => canonicalTimeZone(tz) !== null, DATE_MESSAGES.tz);

/**
 * Refuses a `to` day before the `from` day, the fault put on `field`. Use it on any object built
 * from date fields (a refined object cannot be extended).
 */
export function withOrderedDays<T extends z.ZodType<{ from?: string; to?: string }>>(schema: T, field: 'from' | 'to' = 'to') {
  return schema.refine((f) => !f.from || !f.to || f.from <= f.to, { message: DATE_MESSAGES.order, path: [field] });
}
