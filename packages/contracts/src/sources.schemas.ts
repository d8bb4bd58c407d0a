/** zod schemas of the add-data forms, built on the plain rules in `sources.ts`. */
import { z } from 'zod';
import {
  MAX_PAGES_DEFAULT,
  MAX_PAGES_LIMIT,
  MAX_URL_LENGTH,
  MIN_TEXT_LENGTH,
  QA_LIMITS,
  QA_MESSAGES,
  SOURCE_MESSAGES,
  SYNC_MESSAGES,
  SYNC_SCHEDULES,
  websiteUrl,
  type QaInput,
} from './sources';
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

/** One of `SYNC_SCHEDULES`. */
export const syncScheduleSchema = z.enum(SYNC_SCHEDULES, { error: SYNC_MESSAGES.schedule });

/** What an owner can change on a website source after adding it (`PATCH .../website-sources/{id}`). */
export const sourceSettingsSchema = z.object({ syncSchedule: syncScheduleSchema });

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
  /** Optional; a source without one does not sync by itself (`SYNC_SCHEDULE_DEFAULT`). */
  syncSchedule: syncScheduleSchema.optional(),
});

export const textSourceSchema = z.object({
  sourceType: z.literal('text').optional(),
  title: cleanString({ error: SOURCE_MESSAGES.title }).trim().min(1, SOURCE_MESSAGES.title).max(200, 'Title must be at most 200 characters'),
  description: optionalText(1000, 'Description'),
  /** Spaces do not count towards the minimum, but the text is stored as written. */
  textContent: z.string({ error: SOURCE_MESSAGES.text }).refine((v) => v.trim().length >= MIN_TEXT_LENGTH, SOURCE_MESSAGES.text),
});

/** The fields of a Q&A source as typed (see `qaSourceSchema`). */
export const qaFieldsSchema = z.object({
  question: cleanString({ error: QA_MESSAGES.question }).trim().min(1, QA_MESSAGES.question).max(QA_LIMITS.question, QA_MESSAGES.questionLength),
  variants: z
    .array(cleanString({ error: QA_MESSAGES.variantLength }).trim().max(QA_LIMITS.variant, QA_MESSAGES.variantLength), { error: QA_MESSAGES.variantsType })
    .default([]),
  answer: cleanString({ error: QA_MESSAGES.answer }).trim().min(1, QA_MESSAGES.answer).max(QA_LIMITS.answer, QA_MESSAGES.answerLength),
});

/**
 * A Q&A source: the question (1–500 characters), up to 20 other wordings (each at most 500) and
 * the answer (1–5000). Blank wordings, repeats and the question itself are dropped from the
 * variants (case and spacing ignored) before they are counted, so a prefilled list can be sent
 * back as edited.
 */
export const qaSourceSchema = withDistinctVariants(qaFieldsSchema) satisfies z.ZodType<QaInput>;

/** `schema` (holding the Q&A fields) with its variants cleaned up and counted. */
export function withDistinctVariants<T extends z.ZodType<QaInput>>(schema: T) {
  return schema
    .transform((qa) => ({ ...qa, variants: distinctVariants(qa.question, qa.variants) }))
    .refine((qa) => qa.variants.length <= QA_LIMITS.variants, { message: QA_MESSAGES.variants, path: ['variants'] });
}

function distinctVariants(question: string, variants: string[]): string[] {
  const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ');
  const seen = new Set([norm(question)]);
  return variants.filter((v) => {
    const key = norm(v);
    if (!v || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

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
    [
      websiteSourceSchema.extend({ sourceType: z.literal('website') }),
      textSourceSchema.extend({ sourceType: z.literal('text') }),
      withDistinctVariants(qaFieldsSchema.extend({ sourceType: z.literal('qa') })),
    ],
    { error: 'sourceType must be "website", "text" or "qa"' },
  ),
);

export type WebsiteSourceInput = z.input<typeof websiteSourceSchema>;
export type SourceSettingsInput = z.input<typeof sourceSettingsSchema>;
export type TextSourceInput = z.input<typeof textSourceSchema>;
export type QaSourceInput = z.input<typeof qaSourceSchema>;
