/**
 * The question editor's values and checks. The form keeps numbers as typed (text), and Save
 * Changes turns the values into a question and checks it with the same schema the server uses,
 * so the owner sees a problem under the field it comes from before anything is stored.
 */
import {
  isChoiceQuestion,
  questionTypes,
  ratingBounds,
  ratingTypes,
  type QuestionMetadata,
  type QuestionType,
  type RatingType,
  type SurveyQuestion,
} from '@parley/contracts';
import { surveyQuestionSchema } from '@parley/contracts/schemas';
import { z } from 'zod';

export type QuestionFormValues = {
  text: string;
  type: QuestionType;
  required: boolean;
  allowFreeChoice: boolean;
  options: { id: string; text: string }[];
  minValue: string;
  maxValue: string;
  ratingType: RatingType;
  minSelections: string;
  maxSelections: string;
};

/** The checks of `base` edited: its id and any metadata the editor does not show are kept. */
export function questionFormSchema(base: SurveyQuestion) {
  return z
    .object({
      text: z.string(),
      type: z.enum(questionTypes),
      required: z.boolean(),
      allowFreeChoice: z.boolean(),
      options: z.array(z.object({ id: z.string(), text: z.string() })),
      minValue: z.string(),
      maxValue: z.string(),
      ratingType: z.enum(ratingTypes),
      minSelections: z.string(),
      maxSelections: z.string(),
    })
    .transform((values, ctx) => {
      const parsed = surveyQuestionSchema.safeParse(questionOf(values, base));
      if (parsed.success) return parsed.data as SurveyQuestion;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: formPath(issue.path, values.type), message: issue.message });
      return z.NEVER;
    });
}

/** What the editor shows for `question`: a rating's scale as it will be used, blanks for unset limits. */
export function questionFormValues(question: SurveyQuestion): QuestionFormValues {
  const { minValue, maxValue } = ratingBounds(question.metadata);
  const { minSelections, maxSelections } = question.metadata ?? {};
  return {
    text: question.text,
    type: question.type,
    required: question.required,
    allowFreeChoice: question.allowFreeChoice ?? false,
    options: (question.options ?? []).map((o) => ({ id: o.id, text: o.text })),
    minValue: String(minValue),
    maxValue: String(maxValue),
    ratingType: question.metadata?.ratingType ?? 'stars',
    minSelections: minSelections === undefined ? '' : String(minSelections),
    maxSelections: maxSelections === undefined ? '' : String(maxSelections),
  };
}

const EDITED_METADATA = ['minValue', 'maxValue', 'ratingType', 'minSelections', 'maxSelections'] as const;

/**
 * The question the values describe. A rating's bad or missing bound falls back to the default
 * scale instead of blocking the save; only the fields of the chosen type are kept.
 */
export function questionOf(values: QuestionFormValues, base: Pick<SurveyQuestion, 'id' | 'metadata'>): SurveyQuestion {
  const kept = Object.fromEntries(Object.entries(base.metadata ?? {}).filter(([key]) => !(EDITED_METADATA as readonly string[]).includes(key)));
  const question: SurveyQuestion = { id: base.id, text: values.text, type: values.type, required: values.required };
  let metadata: QuestionMetadata = kept;
  if (isChoiceQuestion(values.type)) {
    question.options = values.options.map((o) => ({ id: o.id, text: o.text }));
    question.allowFreeChoice = values.allowFreeChoice;
  }
  if (values.type === 'rating') {
    metadata = { ...kept, ...ratingBounds({ minValue: numberOf(values.minValue), maxValue: numberOf(values.maxValue) }), ratingType: values.ratingType };
  }
  if (values.type === 'multiple_choice') {
    const minSelections = numberOf(values.minSelections);
    const maxSelections = numberOf(values.maxSelections);
    metadata = { ...kept, ...(minSelections !== undefined && { minSelections }), ...(maxSelections !== undefined && { maxSelections }) };
  }
  if (Object.keys(metadata).length > 0) question.metadata = metadata;
  return question;
}

/** A typed number, or undefined for a blank field (NaN stays NaN so a check can refuse it). */
function numberOf(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text);
}

/** Where a schema problem of the question shows in the form. */
function formPath(path: readonly PropertyKey[], type: QuestionType): PropertyKey[] {
  const [first, second] = path;
  if (first === 'metadata') {
    if (typeof second === 'string' && (EDITED_METADATA as readonly string[]).includes(second)) return [second];
    return [type === 'rating' ? 'maxValue' : 'minSelections'];
  }
  if (first === 'text' || first === 'options' || first === 'type') return [...path];
  return ['root'];
}
