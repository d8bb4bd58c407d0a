import { RATING_RANGE, type RatingType } from '@parley/contracts';
import type { BusinessProfile } from './businessProfile';
import { clauseToQuestion, toVisitor } from './clauseToQuestion';
import { choiceQuestion, type QuestionDraft, questionText, ratingQuestion, textQuestion } from './questionDrafts';
import { surveyTopic } from './surveyTopic';
import { YES_NO } from './surveyVocabulary';
import type { WantedType } from './topicQuestions';

/**
 * "rate our coffee from 1 to 10" → "How would you rate our coffee?" on a 1 to 10 number scale;
 * "rate the teacher" → 1 to 5 stars. Stars for a 1 to 5 scale, numbers for any other, unless
 * the owner names the look. Null when the words ask no rating of something.
 */
export function ratingAsk(words: string, profile: BusinessProfile): QuestionDraft | null {
  const match = RATE.exec(words.trim());
  if (!match) return null;
  const asked = match[1].trim();
  const range = RANGE.exec(asked);
  const outOf = OUT_OF.exec(asked);
  const [min, max] = range ? [Number(range[1]), Number(range[2])] : outOf ? [1, Number(outOf[1])] : [1, 5];
  const valid = min < max && min >= RATING_RANGE.min && max <= RATING_RANGE.max;
  const [minValue, maxValue] = valid ? [min, max] : [1, 5];
  const named: RatingType | null = /\bstars?\b/i.test(asked) ? 'stars' : /\b(?:numbers?|points?)\b/i.test(asked) ? 'numbers' : /\bscale\b/i.test(asked) && !range ? 'numbers' : null;
  const ratingType = named ?? (minValue === 1 && maxValue === 5 ? 'stars' : 'numbers');
  const subject = asked.replace(SCALE_WORDS, '').trim();
  const wh = /^(how|what|which)\s+(.+)$/i.exec(subject);
  if (wh) return ratingQuestion(clauseToQuestion(wh[1], wh[2]), { min: minValue, max: maxValue, type: ratingType });
  const topic = subject.split(/\s+/).length <= 8 ? surveyTopic(subject, profile) : null;
  return topic ? ratingQuestion(`How would you rate ${topic.phrase}`, { min: minValue, max: maxValue, type: ratingType }) : null;
}

const ASKERS = '(?:them|visitors?|customers?|users?|people|guests?|clients?|diners|everyone)';
const RATE = new RegExp(`^(?:(?:ask|get|have|let|invite)\\s+${ASKERS}\\s+(?:to\\s+)?)?rate\\s+(.+)$`, 'i');
const RANGE = /\b(\d{1,2})\s*(?:-|–|to|and)\s*(\d{1,2})\b/;
const OUT_OF = /\bout of (\d{1,2})\b/i;
/** "from 1 to 10", "on a scale of 0-10", "out of 10", "with stars", "1-5 stars": how, not what, to rate. */
const SCALE_WORDS =
  /\s+(?:(?:on|with|using|in|as)\s+(?:an?\s+)?(?:\d{1,2}\s*(?:-|–|to)\s*\d{1,2}\s+)?(?:scale|stars?|numbers?|points?)\b.*|(?:on\s+a\s+scale\s+)?(?:from|between|of)\s+\d.*|out\s+of\s+\d.*|\d{1,2}\s*(?:-|–|to)\s*\d{1,2}.*|(?:\d\s+)?stars?)$/i;

/**
 * A question the owner wrote as a question, starting with its verb: "was it too long", "would
 * they come again", "would you recommend us to a friend" → a Yes/No choice, asked of the
 * visitor; another named type or listed options are followed. Null for anything else.
 */
export function invertedQuestion(words: string, hint: WantedType | null, listed: { items: string[]; other: boolean }): QuestionDraft | null {
  if (!isPutToVisitor(words)) return null;
  const text = questionText(toVisitor(words));
  if (listed.items.length >= 2) return choiceQuestion(hint === 'multiple_choice' ? 'multiple_choice' : 'single_choice', text, listed.items, { other: listed.other });
  if (hint === 'rating') return ratingQuestion(text);
  if (hint === 'text') return textQuestion(text);
  return choiceQuestion('single_choice', text, YES_NO);
}

/** "would you like our newsletter" is a question for the visitor, "could you make it shorter" a request to the assistant. */
export const isPutToVisitor = (words: string) => INVERTED.test(words.trim()) && !ASKS_ASSISTANT.test(words.trim());

const INVERTED = /^(?:am|are|is|was|were|will|would|can|could|should|do|does|did|have|has|had)\s+(?:you|it|we|they|i|the|your|our|this|that|these|those|there|people|customers|visitors|guests)\b/i;
/** "could you make it shorter", "can we add…", "is there a way to…" ask the assistant, not the visitor. */
export const ASKS_ASSISTANT =
  /^(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:make|turn|set|change|remove|delete|drop|rename|move|add|include|put|use|switch|help|also|create|build|generate|write|give|show|hide|improve|reword|ask|fix|tell|find|check|let|get|suggest)\b|(?:can|could|may|should|shall)\s+(?:i|we)\b|(?:is|are)\s+(?:there|it)\s+(?:a way|any way|possible|ok|okay|alright|fine|a limit)\b)/i;

/**
 * "add a yes/no question: would you recommend us", "a question - which pastry do you like
 * best", 'add the question "Did you enjoy it?"': the question as the owner wrote it, and the
 * words naming its type. Null when the words do not spell the question out.
 */
export function spelledOutQuestion(words: string): { question: string; typeWords: string } | null {
  const match = SPELLED_OUT.exec(words.trim());
  if (!match) return null;
  const question = (match[2] ?? match[3] ?? '')
    .trim()
    .replace(/^["“'‘]+|["”'’]+$/g, '')
    .trim();
  return question ? { question, typeWords: match[1] ?? '' } : null;
}

const SPELLED_OUT = /^(?:(?:add|ask|include|insert|append|put in|use)\s+)?(?:an?|one|another|this|the)\s+((?:[\w/-]+\s+){0,3}?)question\s*(?:(?:[:–—]|\s-\s)\s*(.+)|\s+(["“].+["”]))$/i;
