import { type RatingType, ratingScale, SURVEY_LIMITS, surveyChoices, type SurveyConfig, type SurveyQuestion } from '@parley/contracts';
import { shorten } from '../../lib/shorten';

/** A question the assistant wrote, before it gets its id in a survey. */
export type QuestionDraft = Omit<SurveyQuestion, 'id'>;

export function ratingQuestion(text: string, scale: { min?: number; max?: number; type?: RatingType } = {}): QuestionDraft {
  return {
    text: questionText(text),
    type: 'rating',
    required: true,
    metadata: ratingScale({ minValue: scale.min, maxValue: scale.max, ratingType: scale.type }),
  };
}

/**
 * A choice question over `options` (trimmed, duplicates dropped), ids option_1, option_2...;
 * `other` adds the visitor's own answer, `maxSelections` limits a multiple choice.
 */
export function choiceQuestion(
  type: 'single_choice' | 'multiple_choice',
  text: string,
  options: readonly string[],
  extra: { other?: boolean; maxSelections?: number; required?: boolean } = {},
): QuestionDraft {
  const texts = distinctOptions(options).slice(0, SURVEY_LIMITS.options);
  const choices = { options: texts.map((t, i) => ({ id: `option_${i + 1}`, text: t })), ...(extra.other && { allowFreeChoice: true }) };
  return {
    text: questionText(text),
    type,
    required: extra.required ?? true,
    ...choices,
    ...(type === 'multiple_choice' && extra.maxSelections && { metadata: { minSelections: 1, maxSelections: Math.min(extra.maxSelections, surveyChoices(choices).length) } }),
  };
}

export function textQuestion(text: string, required = false): QuestionDraft {
  return { text: questionText(text), type: 'text', required };
}

/** Options as a visitor reads them: trimmed, capitalised, each once (case aside), never "Other". */
export function distinctOptions(options: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of options) {
    const text = shorten(capitalise(raw.replace(/\s+/g, ' ').trim().replace(/[.;,]+$/, '')), 200);
    const key = text.toLowerCase();
    if (!text || seen.has(key) || /^other\b/i.test(text)) continue;
    seen.add(key);
    out.push(text);
  }
  return out;
}

/**
 * The survey with `drafts` appended, each with a new unique id "question_{n}" (n counting on
 * from the survey's size, skipping ids already used). Questions beyond the survey limit are
 * left out; `added` lists the ones that made it.
 */
export function appendQuestions(config: SurveyConfig, drafts: QuestionDraft[]): { config: SurveyConfig; added: SurveyQuestion[] } {
  const used = new Set(config.questions.map((q) => q.id));
  const room = Math.max(0, SURVEY_LIMITS.questions - config.questions.length);
  let n = config.questions.length;
  const added = drafts.slice(0, room).map((draft) => {
    do n++;
    while (used.has(`question_${n}`));
    used.add(`question_${n}`);
    return { id: `question_${n}`, ...draft };
  });
  return { config: { ...config, questions: [...config.questions, ...added] }, added };
}

/** Words as a question: one line, first letter capitalised, ending in one "?". */
export function questionText(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim().replace(/[\s.!?,;:…]+$/, '');
  return `${shorten(capitalise(line), SURVEY_LIMITS.textLength - 1)}?`;
}

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
