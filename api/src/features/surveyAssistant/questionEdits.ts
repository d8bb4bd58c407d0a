import { DEFAULT_RATING, isChoiceQuestion, MIN_CHOICE_OPTIONS, type RatingType, RATING_RANGE, ratingScale as scaleOf, surveyChoices, type SurveyConfig, type SurveyQuestion, withQuestionType } from '@parley/contracts';
import { joinWords } from '../../lib/joinWords';
import type { BusinessProfile } from './businessProfile';
import { improveQuestions } from './improveQuestions';
import { appendQuestions, capitalise, distinctOptions } from './questionDrafts';
import { questionRefs } from './questionRefs';
import { questionsFromWords } from './questionsFromWords';
import type { EditResult } from './surveyEdits';
import { countOf } from './surveyVocabulary';
import { tidyQuestionText } from './tidyQuestionText';

/** The most questions one custom request adds. */
const MAX_ADDED = 5;

type Refs = { indices: number[]; label: string };
type Reader = (clause: string, config: SurveyConfig, refs: Refs | null, profile: BusinessProfile) => EditResult | null;

/**
 * A change to the survey's questions read from one clause of the owner's words: an Other
 * answer, options, selection limits, a question's type or rating scale, required or optional,
 * its position, removal, new wording, clearer wording, or new questions. Null when the clause
 * asks for none of these.
 */
export function questionEdit(clause: string, config: SurveyConfig, profile: BusinessProfile): EditResult | null {
  if (ADDING.test(clause) && !/\boptions?\b/i.test(clause)) return addQuestions(clause, config, null, profile);
  const refs = questionRefs(clause, config.questions);
  if (refs && 'problem' in refs) return TARGETED.test(clause) ? { config, done: [], problems: [refs.problem] } : null;
  for (const read of READERS) {
    const result = read(clause, config, refs, profile);
    if (result) return result;
  }
  return WANTS_TO_KNOW.test(clause) ? addQuestions(clause, config, null, profile) : null;
}

const ADDING = /^(?:(?:please|also|and|then|now|can you|could you|i want to|i'd like to|let's)\s+)*(?:add|ask|include|insert|append|put in|find out|(?:one|another(?: one)?)\s+(?:about|on|asking|for)|an?\s+(?:yes\s*\/\s*no|rating|multiple[- ]choice|single[- ]choice|open|text))\b/i;
const TARGETED = /\b(make|change|turn|convert|switch|set|move|swap|remove|delete|drop|reword|rephrase|rename|improve|fix|optional|required|allow|add)\b/i;
const WANTS_TO_KNOW = /\b(find out|know|learn|understand|another question|more questions?|new questions?)\b/i;

const OTHER_WORDS = /["'“‘]other["'”’]|\bother\s+(?:option|answers?|choice|field|box)\b|\bown answers?\b|\bfree[- ]?(?:text )?answers?\b|\bwrite[- ]in\b|\bsomething else\b/i;

const otherAnswer: Reader = (clause, config, refs) => {
  if (!OTHER_WORDS.test(clause) || /\badd\s+(?:an?\s+)?(?:new\s+)?options?\s+["“']?(?!other)/i.test(clause)) return null;
  const off = /\b(remove|disable|no|without|turn off|don't allow|do not allow|drop|delete|hide|stop)\b/i.test(clause);
  const targets = refs?.indices ?? config.questions.flatMap((q, i) => (isChoiceQuestion(q.type) ? [i] : []));
  const choice = targets.filter((i) => isChoiceQuestion(config.questions[i].type));
  if (!choice.length) return { config, done: [], problems: ['Only choice questions can offer an Other answer, and there are none to change.'] };
  const questions = config.questions.map((q, i) => (choice.includes(i) ? { ...q, allowFreeChoice: !off } : q));
  const which = refs?.label ?? 'every choice question';
  return { config: { ...config, questions }, done: [off ? `Removed the Other answer from ${which}.` : `${capitalise(which)} now offers "Other" for the visitor's own answer.`], problems: [] };
};

const addOption: Reader = (clause, config, refs) => {
  const match = /\badd\s+(?:an?\s+|the\s+)?(?:new\s+)?options?\s+["“']?(.+?)["”']?\s+(?:to|for|in)\s+(?:question|q|the)/i.exec(clause);
  if (!match || !refs) return null;
  const index = refs.indices[0];
  const question = config.questions[index];
  if (!isChoiceQuestion(question.type)) return { config, done: [], problems: [`Question ${index + 1} is not a choice question, so it has no options.`] };
  const texts = distinctOptions(match[1].split(/,\s*|\s+(?:and|or)\s+/)).filter((t) => !question.options?.some((o) => o.text.toLowerCase() === t.toLowerCase()));
  if (!texts.length) return { config, done: [], problems: [`Question ${index + 1} already has that option.`] };
  const options = [...(question.options ?? [])];
  for (const text of texts) options.push({ id: freeOptionId(options), text });
  return { config: replace(config, index, { ...question, options }), done: [`Added ${joinWords(texts.map((t) => `"${t}"`))} to question ${index + 1}.`], problems: [] };
};

const removeOption: Reader = (clause, config, refs) => {
  const match = /\b(?:remove|delete|drop)\s+(?:the\s+)?options?\s+["“']?(.+?)["”']?\s+(?:from|in|of)\s+(?:question|q|the)/i.exec(clause);
  if (!match || !refs) return null;
  const index = refs.indices[0];
  const question = config.questions[index];
  const names = match[1].split(/,\s*|\s+(?:and|or)\s+/).map((n) => n.trim().toLowerCase());
  const options = (question.options ?? []).filter((o) => !names.includes(o.text.toLowerCase()));
  if (options.length === (question.options ?? []).length) return { config, done: [], problems: [`Question ${index + 1} has no option "${match[1]}".`] };
  if (options.length < MIN_CHOICE_OPTIONS) return { config, done: [], problems: [`A choice question keeps at least ${MIN_CHOICE_OPTIONS} options, so I left question ${index + 1} as it is.`] };
  return { config: replace(config, index, { ...question, options }), done: [`Removed "${match[1]}" from question ${index + 1}.`], problems: [] };
};

const selections: Reader = (clause, config, refs) => {
  const match = /\b(?:up to|at most|a maximum of|maximum(?: of)?|max(?:imum)?|no more than|only)\s+(\d{1,2}|two|three|four|five|six)\s*(?:choices|options|answers|selections|picks|items|things)?\b/i.exec(clause);
  if (!match || !/\b(pick|choose|select|selections?|choices|answers|options)\b/i.test(clause)) return null;
  const max = countOf(match[1]);
  const targets = (refs?.indices ?? config.questions.flatMap((q, i) => (q.type === 'multiple_choice' ? [i] : []))).filter((i) => config.questions[i].type === 'multiple_choice');
  if (!targets.length) return { config, done: [], problems: ['Selection limits apply to multiple-choice questions, and there are none to change.'] };
  let questions = config.questions;
  for (const i of targets) {
    const q = questions[i];
    const maxSelections = Math.max(1, Math.min(max, surveyChoices(q).length));
    questions = questions.map((x, j) => (j === i ? { ...q, metadata: { ...q.metadata, minSelections: Math.min(q.metadata?.minSelections ?? 1, maxSelections), maxSelections } } : x));
  }
  const which = refs?.label ?? (targets.length === 1 ? `question ${targets[0] + 1}` : 'the multiple-choice questions');
  return { config: { ...config, questions }, done: [`Visitors now pick at most ${max} ${max === 1 ? 'option' : 'options'} in ${which}.`], problems: [] };
};

const TYPE_WORDS: [RegExp, SurveyQuestion['type'] | 'yes_no', string][] = [
  [/\byes\s*\/\s*no\b|\byes or no\b/i, 'yes_no', 'a Yes/No question'],
  [/\bmultiple[- ]choice|\bmulti[- ]?select|\bcheck ?box(es)?\b/i, 'multiple_choice', 'a multiple-choice question'],
  [/\bsingle[- ]choice|\bdrop-?down\b|\bone answer\b|\bmenu\b/i, 'single_choice', 'a single-choice question'],
  [/\b(?:star )?rating\b|\bstars\b|\bscale\b/i, 'rating', 'a rating question'],
  [/\bopen(?:[- ]ended)?\b|\bfree[- ]?text\b|\btext\b|\bwritten\b/i, 'text', 'a text question'],
];

const changeType: Reader = (clause, config, refs) => {
  const match = /\b(?:make|change|turn|convert|switch|set)\s+(.+?)\s+(?:(?:in)?to|as)\s+(?:an?\s+)?(.+)$/i.exec(clause) ?? /\bmake\s+(.+?)\s+an?\s+(.+)$/i.exec(clause);
  if (!match || !refs || /["“]/.test(match[2]) || match[2].split(/\s+/).length > 6) return null;
  const type = TYPE_WORDS.find(([pattern]) => pattern.test(match[2]));
  if (!type) return null;
  let next = config;
  for (const i of refs.indices) {
    const q = next.questions[i];
    const changed: SurveyQuestion =
      type[1] === 'yes_no'
        ? { ...withQuestionType(q, 'single_choice'), options: [{ id: 'option_1', text: 'Yes' }, { id: 'option_2', text: 'No' }], allowFreeChoice: false }
        : withQuestionType(q, type[1]);
    next = replace(next, i, type[1] === 'rating' ? withScale(changed, match[2]) : changed);
  }
  const scale = type[1] === 'rating' ? ` (${scaleWords(next.questions[refs.indices[0]])})` : '';
  return { config: next, done: [`${capitalise(refs.label)} ${isAre(refs)} now ${type[2]}${scale}.`], problems: [] };
};

const ratingScale: Reader = (clause, config, refs) => {
  const range = /\b(\d{1,2})\s*(?:-|–|to)\s*(\d{1,2})\b/.exec(clause);
  const typeOnly = /\b(?:use|show|with|as|to)\s+(stars|numbers|a scale|a number scale)\b/i.exec(clause);
  if (!(range && /\b(scale|stars?|ratings?|points?|scores?)\b/i.test(clause)) && !typeOnly) return null;
  const targets = refs?.indices ?? config.questions.flatMap((q, i) => (q.type === 'rating' ? [i] : []));
  const ratings = targets.filter((i) => config.questions[i].type === 'rating');
  if (!ratings.length) return { config, done: [], problems: [refs ? `${capitalise(refs.label)} is not a rating question: say "change ${refs.label} to a rating" first.` : 'There are no rating questions to change.'] };
  if (range) {
    const [min, max] = [Number(range[1]), Number(range[2])];
    if (min >= max || min < RATING_RANGE.min || max > RATING_RANGE.max) return { config, done: [], problems: [`A rating scale runs from ${RATING_RANGE.min} to at most ${RATING_RANGE.max}, lowest first.`] };
  }
  let next = config;
  for (const i of ratings) next = replace(next, i, withScale(next.questions[i], clause));
  const which = refs?.label ?? (ratings.length === 1 ? `question ${ratings[0] + 1}` : 'the rating questions');
  return { config: next, done: [`${capitalise(which)} now ${ratings.length === 1 ? 'uses' : 'use'} ${scaleWords(next.questions[ratings[0]])}.`], problems: [] };
};

const requiredness: Reader = (clause, config, refs) => {
  const optional = /\b(optional|not required|not mandatory|non[- ]mandatory|skippable|can (?:be )?skip(?:ped)?)\b|\b(?:don't|do not|no longer)\s+require\b|\b(?:let|allow)\s+(?:\w+\s+)?skip\b/i.test(clause);
  const required = !optional && /\b(required|mandatory|compulsory|obligatory|must be answered|must answer)\b/i.test(clause);
  if (!optional && !required) return null;
  if (!refs) return { config, done: [], problems: ['Which question? For example: "make question 2 optional" or "make all questions required".'] };
  const questions = config.questions.map((q, i) => (refs.indices.includes(i) ? { ...q, required } : q));
  return { config: { ...config, questions }, done: [`${capitalise(refs.label)} ${isAre(refs)} now ${required ? 'required' : 'optional'}.`], problems: [] };
};

const move: Reader = (clause, config, refs) => {
  const swap = /\bswap\b/i.test(clause);
  const match = /\bmove\s+(.+?)\s+(up|down|higher|lower|to the (?:top|start|beginning|front)|first|to the (?:end|bottom)|last|to (?:the )?(?:position|place|number|spot)\s+(\d{1,2}))\b/i.exec(clause);
  if ((!match && !swap) || !refs) return null;
  const from = refs.indices[0];
  const count = config.questions.length;
  let to = from;
  if (swap) {
    if (refs.indices.length !== 2) return { config, done: [], problems: ['Name the two questions to swap, for example "swap questions 1 and 3".'] };
    to = refs.indices[1];
    const questions = [...config.questions];
    [questions[from], questions[to]] = [questions[to], questions[from]];
    return { config: { ...config, questions }, done: [`Swapped questions ${from + 1} and ${to + 1}.`], problems: [] };
  }
  const where = match![2].toLowerCase();
  if (/^(up|higher)$/.test(where)) to = from - 1;
  else if (/^(down|lower)$/.test(where)) to = from + 1;
  else if (/top|start|beginning|front|first/.test(where)) to = 0;
  else if (/end|bottom|last/.test(where)) to = count - 1;
  else to = Number(match![3]) - 1;
  if (to < 0 || to >= count) return { config, done: [], problems: [from === 0 && to < 0 ? 'The first question cannot move up.' : to >= count && from === count - 1 ? 'The last question cannot move down.' : `There is no position ${to + 1}.`] };
  const questions = [...config.questions];
  const [moved] = questions.splice(from, 1);
  questions.splice(to, 0, moved);
  return { config: { ...config, questions }, done: [`Moved question ${from + 1} to position ${to + 1}.`], problems: [] };
};

const remove: Reader = (clause, config, refs) => {
  if (!/\b(?:remove|delete|drop|get rid of|take out|cut)\b/i.test(clause) || !refs) return null;
  const questions = config.questions.filter((_, i) => !refs.indices.includes(i));
  return { config: { ...config, questions }, done: [`Removed ${refs.label}.`], problems: [] };
};

const reword: Reader = (clause, config, refs) => {
  const match =
    /\b(?:rename|reword|rephrase|change|rewrite|edit|update|set)\s+(?:the\s+(?:text|wording)\s+of\s+)?(.+?)\s+(?:text\s+|wording\s+)?(?:to|as|into)\s*:?\s*(.+)$/i.exec(clause) ??
    /^(.+?)\s+should\s+(?:say|read|ask|be)\s*:?\s*(.+)$/i.exec(clause);
  if (!match || !refs || refs.indices.length !== 1) return null;
  const words = match[2].trim().replace(/^["“'‘]|["”'’]$/g, '');
  if (!words) return null;
  const index = refs.indices[0];
  const { text } = tidyQuestionText(words, config.questions[index].type);
  return { config: replace(config, index, { ...config.questions[index], text }), done: [`Question ${index + 1} now reads "${text}".`], problems: [] };
};

const improve: Reader = (clause, config, refs, profile) => {
  if (!/\b(improve|polish|clean up|tidy(?: up)?|fix|proofread|clarify|rephrase|reword|clearer|simplify|shorten|better wording)\b/i.test(clause)) return null;
  if (!config.questions.length) return { config, done: [], problems: ['There are no questions to improve yet.'] };
  const keep = profile.brand ? profile.brand.split(' ') : [];
  const result = improveQuestions(config, keep, refs ? new Set(refs.indices) : undefined);
  const done = result.changed.length
    ? result.changed.map((c) => `Question ${c.number}: ${c.changes.join('; ')}.`)
    : [`${refs ? capitalise(refs.label) : 'Your questions'} already read clearly, so I left the wording as it is.`];
  return { config: result.config, done, problems: [] };
};

const addQuestions: Reader = (clause, config, _refs, profile) => {
  const drafts = questionsFromWords(clause, profile, MAX_ADDED);
  if (!drafts.length) return null;
  const known = new Set(config.questions.map((q) => q.text.toLowerCase()));
  const fresh = drafts.filter((d) => !known.has(d.text.toLowerCase()));
  if (!fresh.length) return { config, done: [], problems: [`The survey already asks "${drafts[0].text}".`] };
  const { config: next, added } = appendQuestions(config, fresh);
  if (!added.length) return { config, done: [], problems: ['The survey already has the most questions it can hold.'] };
  return { config: next, done: added.map((q) => `Added "${q.text}" (${typeName(q)}).`), problems: [] };
};

// Order matters: "add option X to question 3" is not a new question, "change question 2 to a
// rating" is not new wording, and "remove the Other option" removes no question.
const READERS: Reader[] = [otherAnswer, addOption, removeOption, selections, changeType, ratingScale, requiredness, move, remove, reword, improve];

/** "Question 2 is", "every question is", "questions 2 and 3 are". */
const isAre = (refs: Refs) => (refs.indices.length === 1 || refs.label.startsWith('every') ? 'is' : 'are');

function replace(config: SurveyConfig, index: number, question: SurveyQuestion): SurveyConfig {
  return { ...config, questions: config.questions.map((q, i) => (i === index ? question : q)) };
}

function freeOptionId(options: { id: string }[]): string {
  let n = options.length;
  do n++;
  while (options.some((o) => o.id === `option_${n}`));
  return `option_${n}`;
}

/** A rating question with the scale and look the words name ("1-10", "stars"). */
function withScale(question: SurveyQuestion, words: string): SurveyQuestion {
  const range = /\b(\d{1,2})\s*(?:-|–|to)\s*(\d{1,2})\b/.exec(words);
  const [min, max] = range ? [Number(range[1]), Number(range[2])] : [question.metadata?.minValue ?? DEFAULT_RATING.minValue, question.metadata?.maxValue ?? DEFAULT_RATING.maxValue];
  const valid = min < max && min >= RATING_RANGE.min && max <= RATING_RANGE.max;
  const look: RatingType | undefined = /\bstars?\b/i.test(words) ? 'stars' : /\bnumbers?|points?\b/i.test(words) ? 'numbers' : /\bscale\b/i.test(words) && range ? 'scale' : undefined;
  const minValue = valid ? min : DEFAULT_RATING.minValue;
  const maxValue = valid ? max : DEFAULT_RATING.maxValue;
  const ratingType = look ?? question.metadata?.ratingType ?? (maxValue - minValue >= 9 ? 'scale' : 'stars');
  return { ...question, metadata: { ...question.metadata, minValue, maxValue, ratingType } };
}

/** "1 to 5 stars", "a 0 to 10 scale", "a 1 to 5 number scale". */
function scaleWords(question: SurveyQuestion): string {
  const { minValue, maxValue, ratingType } = scaleOf(question.metadata);
  const range = `${minValue} to ${maxValue}`;
  return ratingType === 'stars' ? `${range} stars` : ratingType === 'numbers' ? `a ${range} number scale` : `a ${range} scale`;
}

export function typeName(question: Pick<SurveyQuestion, 'type' | 'metadata'>): string {
  switch (question.type) {
    case 'rating': {
      const { minValue, maxValue, ratingType } = scaleOf(question.metadata);
      return `rating, ${minValue} to ${maxValue}${ratingType === 'stars' ? ' stars' : ''}`;
    }
    case 'multiple_choice':
      return 'multiple choice';
    case 'single_choice':
      return 'single choice';
    default:
      return 'text';
  }
}
