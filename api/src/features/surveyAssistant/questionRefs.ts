import type { SurveyQuestion } from '@parley/contracts';
import { joinWords } from '../../lib/joinWords';
import { countOf, ORDINALS } from './surveyVocabulary';

/** The questions an owner's words point at (0-based), with how to name them back. */
export type QuestionRefs = { indices: number[]; label: string } | { problem: string };

const NUMBER = '(?:\\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)';
const NUMBERS = new RegExp(`\\b(?:questions?|q|#)\\s*(${NUMBER}(?:\\s*(?:,|and|&|-|–|to|or|through)\\s*(?:q|#)?\\s*${NUMBER})*)\\b`, 'i');
const ORDINAL = new RegExp(`\\b(?:the\\s+)?(${ORDINALS.join('|')}|last|final|second[- ]to[- ]last|penultimate)\\s+(?:one|question)\\b`, 'i');
const ALL = /\b(?:all|every|each)\s+(?:of\s+)?(?:the\s+|my\s+|our\s+)?questions?\b|\ball of them\b|\beverything\b|\bevery one\b|\b(?:the|my|our)\s+questions\b|^questions\b/i;
const BY_TYPE = /\b(?:all\s+|the\s+|every\s+|each\s+)?(?:of\s+the\s+)?(rating|text|open|choice|single[- ]choice|multiple[- ]choice)\s+questions?\b/i;
const ABOUT = /\b(?:the\s+)?questions?\s+(?:about|on|asking about|asking)\s+(?:the\s+|our\s+|your\s+)?([\w-]{3,}(?:\s+[\w-]{3,})?)/i;
const NAMED = /\bthe\s+([\w-]{3,})\s+question\b/i;

/**
 * Which questions the words mean: "question 2", "q3", "questions 2 and 4", "questions 2-4",
 * "the second question", "the last question", "all questions", "the rating questions", "the
 * question about delivery", "the delivery question". Null when they name none; a problem when
 * they name one the survey does not have.
 */
export function questionRefs(text: string, questions: SurveyQuestion[]): QuestionRefs | null {
  const count = questions.length;
  const all = questions.map((_, i) => i);
  const byType = BY_TYPE.exec(text);
  if (byType) {
    const word = byType[1].toLowerCase().replace(/\s+/g, '-');
    const matches = (q: SurveyQuestion) =>
      word === 'open' || word === 'text' ? q.type === 'text' : word === 'choice' ? q.type !== 'text' && q.type !== 'rating' : q.type === word.replace('-', '_');
    const indices = all.filter((i) => matches(questions[i]));
    const label = `the ${byType[1].toLowerCase()} questions`;
    return indices.length ? { indices, label } : { problem: `There are no ${byType[1].toLowerCase()} questions in this survey.` };
  }
  if (ALL.test(text)) return count ? { indices: all, label: 'every question' } : { problem: 'The survey has no questions yet.' };

  const numbers = NUMBERS.exec(text);
  if (numbers) {
    const wanted = numberList(numbers[1]);
    const missing = wanted.filter((n) => n < 1 || n > count);
    if (missing.length) return { problem: `There is no question ${missing[0]}: the survey has ${count} ${count === 1 ? 'question' : 'questions'}.` };
    return { indices: wanted.map((n) => n - 1), label: wanted.length === 1 ? `question ${wanted[0]}` : `questions ${joinWords(wanted.map(String))}` };
  }
  const ordinal = ORDINAL.exec(text);
  if (ordinal) {
    const word = ordinal[1].toLowerCase();
    const n = word === 'last' || word === 'final' ? count : /second[- ]to[- ]last|penultimate/.test(word) ? count - 1 : ORDINALS.indexOf(word) + 1;
    if (n < 1 || n > count) return { problem: count ? `There is no ${word} question: the survey has ${count} ${count === 1 ? 'question' : 'questions'}.` : 'The survey has no questions yet.' };
    return { indices: [n - 1], label: `question ${n}` };
  }
  const named = ABOUT.exec(text) ?? NAMED.exec(text);
  if (named && !/^(new|next|other|same|that|this|survey|following|previous)$/i.test(named[1])) {
    const words = named[1].toLowerCase().split(/\s+/);
    const indices = all.filter((i) => words.every((w) => questions[i].text.toLowerCase().includes(w.replace(/s$/, ''))));
    if (indices.length) return { indices, label: indices.length === 1 ? `question ${indices[0] + 1}` : `questions ${joinWords(indices.map((i) => String(i + 1)))}` };
  }
  return null;
}

/** "2, 4 and 6-8" → 2, 4, 6, 7, 8 (each once, in order). */
function numberList(text: string): number[] {
  const out: number[] = [];
  const parts = text.toLowerCase().replace(/[q#]/g, ' ').split(/\s*(?:,|and|&|or)\s*/);
  for (const part of parts) {
    const range = /^\s*(\w+)\s*(?:-|–|to|through)\s*(\w+)\s*$/.exec(part);
    const [from, to] = range ? [countOf(range[1]), countOf(range[2])] : [countOf(part.trim()), countOf(part.trim())];
    if (from < 0 || to < 0) continue;
    for (let n = Math.min(from, to); n <= Math.max(from, to) && n - Math.min(from, to) < 50; n++) if (!out.includes(n)) out.push(n);
  }
  return out;
}
