import { isChoiceQuestion, type QuestionMetadata, type QuestionOption, type RatingType, ratingBounds, selectionLimits, surveyChoices, type SurveyConfig, type SurveyQuestion } from '@parley/contracts';
import { shorten } from '../../lib/shorten';
import { capitalise } from './questionDrafts';
import { calmShouting, tidyQuestionText } from './tidyQuestionText';

/** What improving did to one question (1-based `number`), in words for the owner. */
export type QuestionChange = { number: number; changes: string[] };

/**
 * The survey with clearer questions: tidy wording (see `tidyQuestionText`), distinct trimmed
 * options with "Other" turned into the visitor's own answer, rating scales made valid and
 * typed, and nothing a question's type does not use. Ids, count, order, types and required
 * settings stay as they are, so answers already given still match. `only` limits it to some
 * questions (0-based). `keepWords` keep their capitals (the brand).
 */
export function improveQuestions(config: SurveyConfig, keepWords: string[], only?: ReadonlySet<number>): { config: SurveyConfig; changed: QuestionChange[]; titleChanged: boolean } {
  const changed: QuestionChange[] = [];
  const questions = config.questions.map((question, i) => {
    if (only && !only.has(i)) return question;
    const { question: better, changes } = improveQuestion(question, keepWords);
    if (changes.length) changed.push({ number: i + 1, changes });
    return better;
  });
  const title = shorten(capitalise(calmShouting(config.title.replace(/\s+/g, ' ').trim(), keepWords).replace(/[.!,;:]+$/, '')), 200) || config.title;
  const description = config.description.replace(/\s+/g, ' ').trim();
  return { config: { ...config, title, description, questions }, changed, titleChanged: title !== config.title };
}

function improveQuestion(question: SurveyQuestion, keepWords: string[]): { question: SurveyQuestion; changes: string[] } {
  const changes: string[] = [];
  const { text, scale } = tidyQuestionText(question.text, question.type, keepWords);
  if (text !== question.text) changes.push(question.text.length - text.length > 30 ? `shortened to "${text}"` : `reworded to "${text}"`);
  const { options, allowFreeChoice, metadata, ...rest } = question;
  let better: SurveyQuestion = { ...rest, text };

  if (isChoiceQuestion(question.type)) {
    const tidied = tidyOptions(options ?? [], text, keepWords);
    changes.push(...tidied.changes);
    const freeChoice = tidied.other ? true : allowFreeChoice;
    better = { ...better, options: tidied.options, ...(freeChoice !== undefined && { allowFreeChoice: freeChoice }) };
    if (metadata) {
      const fixed = choiceMetadata(metadata, question.type === 'multiple_choice', surveyChoices({ options: tidied.options, allowFreeChoice: freeChoice }).length);
      if (fixed.changed) changes.push(fixed.changed);
      if (fixed.metadata) better.metadata = fixed.metadata;
    }
  } else if (question.type === 'rating') {
    const { minValue, maxValue } = scale ?? ratingBounds(metadata);
    const ratingType: RatingType = metadata?.ratingType ?? (maxValue - minValue >= 9 ? 'scale' : maxValue <= 5 && minValue >= 0 ? 'stars' : 'numbers');
    const { minSelections: _min, maxSelections: _max, ...kept } = metadata ?? {};
    better.metadata = { ...kept, minValue, maxValue, ratingType };
    if (metadata?.minValue !== minValue || metadata?.maxValue !== maxValue || metadata?.ratingType !== ratingType) {
      changes.push(`the scale is now ${minValue} to ${maxValue}${ratingType === 'stars' ? ' stars' : ratingType === 'numbers' ? ' (numbers)' : ''}`);
    }
  } else if (options?.length || allowFreeChoice !== undefined) {
    changes.push('removed answer options a text question does not use');
  }
  return { question: better, changes };
}

/**
 * Options trimmed and capitalised, each once; an "Other" option becomes the visitor's own
 * answer (`other`) when two real options remain. A list that still has fewer than two gets its
 * missing Yes/No, or "None of these".
 */
function tidyOptions(options: QuestionOption[], questionText: string, keepWords: string[]): { options: QuestionOption[]; other: boolean; changes: string[] } {
  const changes: string[] = [];
  const seen = new Set<string>();
  const kept: QuestionOption[] = [];
  const duplicates: string[] = [];
  let tidiedAny = false;
  for (const option of options) {
    const text = capitalise(calmShouting(option.text.replace(/\s+/g, ' ').trim().replace(/[.;,]+$/, ''), keepWords));
    const key = text.toLowerCase();
    if (seen.has(key)) {
      duplicates.push(text);
      continue;
    }
    seen.add(key);
    if (text !== option.text) tidiedAny = true;
    kept.push({ id: option.id, text });
  }
  if (duplicates.length) changes.push(`removed the duplicate ${duplicates.length === 1 ? 'option' : 'options'} ${duplicates.map((d) => `"${d}"`).join(', ')}`);
  if (tidiedAny) changes.push('tidied the option wording');

  let other = false;
  const real = kept.filter((o) => !/^other\b/i.test(o.text));
  if (real.length < kept.length && real.length >= 2) {
    other = true;
    changes.push('made "Other" a free answer the visitor types');
  }
  const result = other ? real : kept;
  if (result.length < 2) {
    const used = new Set(result.map((o) => o.text.toLowerCase()));
    const extra = /^(do|does|did|are|is|was|were|would|will|have|has|can|could|should)\b/i.test(questionText) ? ['Yes', 'No'] : ['None of these'];
    const ids = new Set(options.map((o) => o.id));
    let n = 0;
    for (const text of extra) {
      if (used.has(text.toLowerCase()) || result.length >= 2) continue;
      do n++;
      while (ids.has(`option_${n}`));
      ids.add(`option_${n}`);
      result.push({ id: `option_${n}`, text });
      changes.push(`added the option "${text}" so there are two to choose from`);
    }
  }
  return { options: result, other, changes };
}

/** A choice question's metadata without rating keys, its selection limits within the options. */
function choiceMetadata(metadata: QuestionMetadata, multiple: boolean, optionCount: number): { metadata: QuestionMetadata | null; changed: string | null } {
  const { minValue: _a, maxValue: _b, ratingType: _c, minSelections, maxSelections, ...rest } = metadata;
  if (!multiple) return { metadata: Object.keys(rest).length ? rest : null, changed: null };
  if (minSelections === undefined && maxSelections === undefined) return { metadata: Object.keys(rest).length ? rest : null, changed: null };
  const limits = selectionLimits(metadata, optionCount);
  const fixed = { ...rest, ...(minSelections !== undefined && { minSelections: limits.minSelections }), ...(maxSelections !== undefined && { maxSelections: limits.maxSelections }) };
  const changed = fixed.minSelections !== minSelections || fixed.maxSelections !== maxSelections ? `visitors now pick ${limits.minSelections} to ${limits.maxSelections} options` : null;
  return { metadata: fixed, changed };
}
