import type { BusinessProfile } from './businessProfile';
import { ASKS_ASSISTANT } from './directQuestions';
import type { QuestionDraft } from './questionDrafts';
import { questionsFromWords } from './questionsFromWords';
import type { SurveyTopic } from './surveyTopic';

/**
 * Whether one clause of the owner's words asks for new questions: "add a question about X",
 * "ask if the delivery arrived on time", "rate our coffee from 1 to 10", "tell us which pastry
 * they like best", "questions about our vegan range", "a yes/no on whether they'd return", or
 * a question written out for the visitor ("which pastry do you like best: a, b, c", "did the
 * cake arrive on time"). Outside a survey's own list of questions (`listed`) a written-out
 * question about the survey itself, one asked of the assistant ("is there a way to…") and a
 * "what/how" question put to nobody ("What is the meaning of life?") do not count. Clauses
 * about existing questions ("rate question 2 out of 10") never count.
 */
export function asksForQuestions(clause: string, { listed = false } = {}): boolean {
  const c = clause.trim();
  if (REFERS_TO_QUESTION.test(c) || ADDS_OPTION.test(c)) return false;
  if (ASKS.test(c)) return true;
  if (!(WH_FORM.test(c) || VERB_FIRST.test(c)) || ASKS_ASSISTANT.test(c)) return false;
  if (listed) return true;
  if (/\b(?:surveys?|questions?|questionnaires?|polls?)\b/i.test(c)) return false;
  return VERB_FIRST.test(c) || /^(?:whether|if)\s/i.test(c) || TO_VISITOR.test(c) || LISTS_ANSWERS.test(c);
}

/**
 * The questions a survey request lists after its colon ("…: rate the teacher, was it too long,
 * would they come again"), one per item, "it" standing for the survey's topic; and the items
 * that read as no question.
 */
export function listedQuestions(list: string, topic: SurveyTopic | null, profile: BusinessProfile): { drafts: QuestionDraft[]; unread: string[] } {
  const drafts: QuestionDraft[] = [];
  const unread: string[] = [];
  const it = topic ? topic.phrase.replace(/^our\s+/i, 'the ') : null;
  for (const item of list.split(LIST_ITEM).map((i) => i.trim().replace(/[.;,]+$/, '')).filter(Boolean)) {
    const words = it ? item.replace(/\bit\b/gi, it) : item;
    const asked = asksForQuestions(words, { listed: true }) ? questionsFromWords(words, profile, 1) : [];
    if (asked.length) drafts.push(...asked);
    else unread.push(item);
  }
  return { drafts, unread };
}

const POLITE = '(?:(?:please|also|and|then|now|can you|could you|i want to|i\'d like to|let\'s|maybe)\\s+)*';
const ASKS = new RegExp(
  `^${POLITE}(?:(?:add|ask|include|insert|append|put in)\\b|(?:(?:ask|get|have|let)\\s+\\w+\\s+(?:to\\s+)?)?rate\\b|tell us\\b|let us know\\b|find out\\b|(?:one|another(?: one)?)\\s+(?:about|on|asking|for)\\b|(?:(?:some|more|new|a few|extra)\\s+)*questions?\\s+(?:about|on|regarding|covering|asking)\\b|an?\\s+(?:yes\\s*/\\s*no|rating|multiple[- ]choice|single[- ]choice|open|text)\\b)`,
  'i',
);
const WH_FORM = /^(?:which|what|how|whether|if)\s/i;
const VERB_FIRST = /^(?:am|are|is|was|were|will|would|can|could|should|do|does|did|have|has|had)\s+(?:you|it|we|they|the|your|our|this|that|these|those|people|customers|visitors|guests)\b/i;
const TO_VISITOR = /\b(?:you|your|they|their|them|customers?|visitors?|people|guests?|clients?|diners)\b/i;
const LISTS_ANSWERS = /:\s*[^:]+,|\([^()]+,[^()]+\)|\boptions?\b/i;
const REFERS_TO_QUESTION =
  /\b(?:questions?|q|#)\s*(?:\d|one\b|two\b|three\b|four\b|five\b|six\b|seven\b|eight\b|nine\b|ten\b)|\b(?:first|second|third|fourth|fifth|last|final|next|previous)\s+(?:one|question)\b/i;
/** "add option Vegan to question 3" changes a question's options. */
const ADDS_OPTION = /^(?:please\s+)?(?:add|include|insert)\s+(?:an?\s+|the\s+)?(?:new\s+)?options?\b/i;
const LIST_ITEM = /\s*[,;]\s*(?:and\s+)?|\s+and\s+(?=(?:rate|was|were|did|would|will|is|are|do|does|could|can|which|what|how|if|whether|ask|tell|one|an?)\b)/i;
