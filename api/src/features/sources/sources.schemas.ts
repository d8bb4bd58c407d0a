import { z } from 'zod';
import { cleanString } from '../../lib/protocol';

import { MAX_FILE_BYTES, MAX_PAGES_DEFAULT, MAX_PAGES_LIMIT, MESSAGES, MIN_TEXT_LENGTH } from './sourceLimits';

export { MAX_FILE_BYTES, MAX_PAGES_DEFAULT, MAX_PAGES_LIMIT, MESSAGES, MIN_TEXT_LENGTH };

/**
 * A website address as typed by an owner: http(s) only, no credentials; "example.com"
 * without a scheme is read as https://example.com.
 */
const websiteUrl = z
  .string({ error: MESSAGES.url })
  .trim()
  .max(2000, MESSAGES.url)
  .transform((v) => (/^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`))
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname && !u.username && !u.password && !/\s/.test(v) && (u.hostname.includes('.') || u.hostname === 'localhost' || u.hostname.startsWith('['));
    } catch {
      return false;
    }
  }, MESSAGES.url);

/** Owner-written text: NUL and bidi override characters are dropped (`cleanText`). */
const optionalText = (max: number, label: string) =>
  cleanString()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

export const websiteSourceSchema = z.object({
  sourceType: z.literal('website').optional(),
  url: websiteUrl,
  title: optionalText(200, 'Title'),
  description: optionalText(1000, 'Description'),
  maxPages: z.coerce
    .number({ error: MESSAGES.maxPages })
    .int(MESSAGES.maxPages)
    .min(1, MESSAGES.maxPages)
    .max(MAX_PAGES_LIMIT, MESSAGES.maxPages)
    .default(MAX_PAGES_DEFAULT),
});

export const textSourceSchema = z.object({
  sourceType: z.literal('text').optional(),
  title: cleanString({ error: MESSAGES.title }).trim().min(1, MESSAGES.title).max(200, 'Title must be at most 200 characters'),
  description: optionalText(1000, 'Description'),
  textContent: z.string({ error: MESSAGES.text }).refine((v) => v.trim().length >= MIN_TEXT_LENGTH, MESSAGES.text),
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

export const chatbotParamSchema = z.object({ chatbotId: z.string().min(1).max(100) });
export const sourceParamSchema = chatbotParamSchema.extend({
  sourceId: z.coerce.number({ error: 'Source not found' }).int().positive('Source not found'),
});

export type WebsiteSourceInput = z.input<typeof websiteSourceSchema>;
export type TextSourceInput = z.input<typeof textSourceSchema>;
