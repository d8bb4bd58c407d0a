/** zod schemas of the add-data forms, built on the plain rules in `sources.ts`. */
import { z } from 'zod';
import { MAX_PAGES_DEFAULT, MAX_PAGES_LIMIT, MAX_URL_LENGTH, MIN_TEXT_LENGTH, SOURCE_MESSAGES, websiteUrl } from './sources';
import { cleanString } from './text.schemas';

/** A website address as typed by an owner, made absolute (see `websiteUrl`). */
const websiteUrlSchema = z
  .string({ error: SOURCE_MESSAGES.url })
  .trim()
  .max(MAX_URL_LENGTH, SOURCE_MESSAGES.url)
  .refine((v) => websiteUrl(v) !== null, SOURCE_MESSAGES.url)
  .transform((v) => websiteUrl(v) ?? v);

/** Owner-written text: NUL and bidi override characters are dropped (`cleanText`). */
const optionalText = (max: number, label: string) =>
  cleanString()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

export const websiteSourceSchema = z.object({
  sourceType: z.literal('website').optional(),
  url: websiteUrlSchema,
  title: optionalText(200, 'Title'),
  description: optionalText(1000, 'Description'),
  maxPages: z.coerce
    .number({ error: SOURCE_MESSAGES.maxPages })
    .int(SOURCE_MESSAGES.maxPages)
    .min(1, SOURCE_MESSAGES.maxPages)
    .max(MAX_PAGES_LIMIT, SOURCE_MESSAGES.maxPages)
    .default(MAX_PAGES_DEFAULT),
});

export const textSourceSchema = z.object({
  sourceType: z.literal('text').optional(),
  title: cleanString({ error: SOURCE_MESSAGES.title }).trim().min(1, SOURCE_MESSAGES.title).max(200, 'Title must be at most 200 characters'),
  description: optionalText(1000, 'Description'),
  /** Spaces do not count towards the minimum, but the text is stored as written. */
  textContent: z.string({ error: SOURCE_MESSAGES.text }).refine((v) => v.trim().length >= MIN_TEXT_LENGTH, SOURCE_MESSAGES.text),
});

/**
 * POST body of /website-sources: the website form or the text form. `sourceType` picks the
 * form; without it, a body carrying textContent is the text form.
 */
export const addSourceSchema = z.preprocess(
  (body) => {
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      const b = body as Record<string, unknown>;
      if (b.sourceType === undefined || b.sourceType === null || b.sourceType === '') {
        return { ...b, sourceType: 'textContent' in b ? 'text' : 'website' };
      }
    }
    return body;
  },
  z.discriminatedUnion(
    'sourceType',
    [websiteSourceSchema.extend({ sourceType: z.literal('website') }), textSourceSchema.extend({ sourceType: z.literal('text') })],
    { error: 'sourceType must be "website" or "text"' },
  ),
);

export type WebsiteSourceInput = z.input<typeof websiteSourceSchema>;
export type TextSourceInput = z.input<typeof textSourceSchema>;
