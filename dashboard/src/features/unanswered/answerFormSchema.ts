/**
 * The answer form's values and checks: the server's Q&A rules (`@parley/contracts`) over a
 * question, a list of other wordings (one input each) and the answer.
 */
import { QA_LIMITS, QA_MESSAGES, type QaInput } from '@parley/contracts';
import { qaFieldsSchema } from '@parley/contracts/schemas';
import { z } from 'zod';

export const answerFormSchema = z.object({
  question: qaFieldsSchema.shape.question,
  variants: z
    .array(z.object({ text: z.string().trim().max(QA_LIMITS.variant, QA_MESSAGES.variantLength) }))
    .refine((list) => list.filter((v) => v.text.trim()).length <= QA_LIMITS.variants, QA_MESSAGES.variants),
  answer: qaFieldsSchema.shape.answer,
});

export type AnswerFormValues = z.input<typeof answerFormSchema>;

/** The form for `qa`: each other wording in an input of its own, at most the number the server keeps. */
export function answerFormValues(qa: QaInput): AnswerFormValues {
  return { question: qa.question, variants: qa.variants.slice(0, QA_LIMITS.variants).map((text) => ({ text })), answer: qa.answer };
}

/** The request body: trimmed, blank wordings left out (the server also drops repeats). */
export function answerPayload(values: AnswerFormValues): QaInput {
  return {
    question: values.question.trim(),
    variants: values.variants.map((v) => v.text.trim()).filter(Boolean),
    answer: values.answer.trim(),
  };
}
