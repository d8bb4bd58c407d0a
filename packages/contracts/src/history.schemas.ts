/** zod schemas of the history list's filters and exports (see `history.ts`). */
import { z } from 'zod';
import { DATE_MESSAGES } from './dates';
import { isoDateSchema, timeZoneSchema, withOrderedDays } from './dates.schemas';
import { cleanString } from './text.schemas';
import { HISTORY_SEARCH_MAX_LENGTH, historyExportFormats, historyFlags, historySearchTerms, type HistoryFilters } from './history';

/** `flags=unanswered,lead`: each must be a known flag; blanks and repeats are ignored. */
const historyFlagsSchema = z
  .string()
  .transform((value) => [...new Set(value.split(',').map((f) => f.trim()).filter(Boolean))])
  .pipe(z.array(z.enum(historyFlags, { error: `flags must be a comma-separated list of ${historyFlags.join(', ')}` })));

/**
 * The history list's filter fields; `q` must contain a letter or digit to search for. Use
 * `withOrderedDays` on any object built from them (a refined object cannot be extended).
 */
export const historyFilterFields = z.object({
  flags: historyFlagsSchema.optional(),
  from: isoDateSchema(DATE_MESSAGES.from).optional(),
  to: isoDateSchema(DATE_MESSAGES.to).optional(),
  // Control characters mean nothing in a search and NUL would end the full-text query early.
  q: cleanString()
    .overwrite((q) => q.replace(/\p{Cc}/gu, ' '))
    .trim()
    .max(HISTORY_SEARCH_MAX_LENGTH, `Search for at most ${HISTORY_SEARCH_MAX_LENGTH} characters`)
    .refine((q) => q === '' || historySearchTerms(q).length > 0, 'Search for at least one letter or digit')
    .optional(),
  tz: timeZoneSchema.default('UTC'),
}) satisfies z.ZodType<unknown, HistoryFilters>;

/** The filters once read: flags as a list, the zone filled in. */
export type HistoryFilterValues = z.output<typeof historyFilterFields>;

const historyExportFormatSchema = z.enum(historyExportFormats, { error: 'format must be csv or json' }).default('csv');

/** `?format=csv|json` of a one-conversation export. */
export const conversationExportQuerySchema = z.object({ format: historyExportFormatSchema });

/** The filters plus `format` of the all-conversations export. */
export const historyExportQuerySchema = withOrderedDays(historyFilterFields.extend(conversationExportQuerySchema.shape));
