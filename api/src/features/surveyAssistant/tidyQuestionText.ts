import { type QuestionType, RATING_RANGE } from '@parley/contracts';
import { clauseToQuestion } from './clauseToQuestion';
import { questionText } from './questionDrafts';

/** A question longer than this gets its filler words and preamble taken out. */
const LONG_QUESTION = 100;

/**
 * A question's wording made clear: one space between words, no shouting, no doubled
 * punctuation, a question that starts with a capital and ends with one "?". A polite wrapper
 * ("Could you tell us how satisfied you are") becomes the question itself, an instruction
 * ("Rate our service") or a bare label ("Food quality") becomes a question, and a long question
 * loses its filler words and preamble. A rating's "on a scale of 1 to 10" is taken out and
 * returned as `scale`: the widget shows the scale. `keepWords` keep their capitals (a brand).
 */
export function tidyQuestionText(original: string, type: QuestionType, keepWords: string[] = []): { text: string; scale: { minValue: number; maxValue: number } | null } {
  let t = original
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s+([?!.,;:])/g, '$1')
    .replace(/([?!.])[?!.]+/g, (m) => (m.includes('?') ? '?' : m[0]));
  t = calmShouting(t, keepWords);
  if (t.length > LONG_QUESTION) t = shortened(t);

  const wrapped = POLITE_WRAPPER.exec(t) ?? WE_WOULD_LIKE_TO_KNOW.exec(t);
  if (wrapped) t = clauseToQuestion(wrapped[1], wrapped[2]);

  let scale: { minValue: number; maxValue: number } | null = null;
  if (type === 'rating') {
    const match = /,?\s*\b(?:on|using) a (?:scale|rating) (?:of|from)\s*(\d{1,2})\s*(?:-|–|to)\s*(\d{1,2})\b,?/i.exec(t) ?? /\s*\((\d{1,2})\s*(?:-|–|to)\s*(\d{1,2})\b[^)]*\)/.exec(t);
    const [min, max] = match ? [Number(match[1]), Number(match[2])] : [Number.NaN, Number.NaN];
    if (match && min < max && min >= RATING_RANGE.min && max <= RATING_RANGE.max) {
      scale = { minValue: min, maxValue: max };
      t = `${t.slice(0, match.index)} ${t.slice(match.index + match[0].length)}`.replace(/\s+/g, ' ').replace(/^[\s,]+/, '').trim();
    }
  }

  const comments = /^(?:do you have\s+)?(?:any\s+)?(other\s+|additional\s+|further\s+|final\s+|more\s+)?(comments?|feedback|suggestions?|remarks?|thoughts|ideas)\s*[.?!:]*$/i.exec(t);
  if (comments) t = `Do you have any ${(comments[1] ?? '').toLowerCase()}${comments[2].toLowerCase()}`;
  else if (!isQuestion(t)) t = asQuestion(t, type);
  return { text: questionText(t), scale };
}

const ACRONYMS = new Set(['NPS', 'FAQ', 'FAQS', 'AI', 'API', 'UK', 'US', 'USA', 'EU', 'TV', 'PC', 'ID', 'OK', 'CEO', 'IT', 'HR', 'VIP', 'SMS', 'PDF', 'URL', 'QR', 'GPS', 'CRM', 'SEO', 'DIY', 'ETA', 'B2B', 'B2C', 'BBQ']);

/** Shouted words in lower case: all of them when most of the text is capitals, else the long ones. */
export function calmShouting(text: string, keepWords: string[] = []): string {
  const letters = text.replace(/[^A-Za-z]/g, '');
  const shouting = letters.length >= 8 && letters.replace(/[^A-Z]/g, '').length / letters.length > 0.6;
  return text.replace(/[A-Za-z][A-Za-z'’-]*/g, (word) => {
    if (word !== word.toUpperCase() || word.length === 1) return word;
    if (ACRONYMS.has(word.toUpperCase())) return word;
    const kept = keepWords.find((k) => k.toLowerCase() === word.toLowerCase());
    if (kept) return kept;
    return shouting || word.length >= 5 ? word.toLowerCase() : word;
  });
}

const WH = '(how|what|which|why|where|when|who|whether|if)';
const POLITE_WRAPPER = new RegExp(`^(?:(?:please|kindly),?\\s+)?(?:(?:could|would|can|will) you\\s+(?:please\\s+)?)?(?:tell us|let us know|share with us|share|indicate)\\s+(?:please\\s+)?${WH}\\s+(.+)$`, 'i');
const WE_WOULD_LIKE_TO_KNOW = new RegExp(`^(?:we(?:'d| would) (?:like|love) to (?:know|hear|understand)|i(?:'d| would) like to know|we want to know|we(?:'re| are) curious)\\s+${WH}\\s+(.+)$`, 'i');

const FILLERS: [RegExp, string][] = [
  [/\b(?:please|kindly)\b,?\s*/gi, ''],
  [/\b(?:honestly|truly|actually|basically)\b,?\s*/gi, ''],
  [/,?\s*\bif you (?:don't|do not) mind\b,?/gi, ''],
  [/,?\s*\bin your (?:own )?(?:honest )?opinion\b,?/gi, ''],
  [/,?\s*\bif possible\b,?/gi, ''],
  [/\bat this (?:point in )?time\b/gi, 'now'],
  [/\bin order to\b/gi, 'to'],
  [/\bdue to the fact that\b/gi, 'because'],
  [/\bas a matter of fact,?\s*/gi, ''],
];

/** A long question without filler and, when it still runs on, without the sentences before the question. */
function shortened(text: string): string {
  let t = FILLERS.reduce((s, [pattern, replacement]) => s.replace(pattern, replacement), text)
    .replace(/\s+/g, ' ')
    .replace(/\s+([?!.,;:])/g, '$1')
    .trim();
  if (t.length > LONG_QUESTION) {
    const sentences = t.split(/(?<=[.!?])\s+/).filter(Boolean);
    if (sentences.length > 1) t = sentences.findLast((s) => s.endsWith('?')) ?? sentences.at(-1)!;
  }
  return t;
}

const QUESTION_START = /^(how|what|which|who|whom|whose|why|where|when|would|will|do|does|did|are|is|was|were|have|has|had|can|could|should|shall|may|might|any|anything|in what|to what|overall)\b/i;
const QUESTION_INSIDE = /[,:;]\s*(how|what|which|why|where|when|who|would|do|did|are|is|have|could|can|will)\b/i;

const isQuestion = (t: string) => t.endsWith('?') || QUESTION_START.test(t) || QUESTION_INSIDE.test(t);

const ATTRIBUTE = /^(?:your\s+)?(favou?rite|preferred|name|e-?mail|phone|age|country|city|location|job|role|occupation|company|postcode|zip|address|gender|budget|main reason|reason|main goal|goal|industry|team size)\b/i;
// Case matters: "IT support" is a label, "it works" is a sentence.
const VERB_LIKE = /\b(am|are|is|was|were|will|would|can|could|should|do|does|did|have|has|had|I|[Ww]e|[Yy]ou|[Tt]hey|it|It)\b/;

/** An instruction or a label as a question of its type. */
function asQuestion(text: string, type: QuestionType): string {
  const t = text.replace(/[.!:;,…\s]+$/, '');
  const rate = /^(?:please\s+)?(?:rate|score|grade|evaluate)\s+(.+)$/i.exec(t);
  if (rate) return `How would you rate ${rate[1]}`;
  const describe = /^(?:please\s+)?(?:describe|explain)\s+(.+)$/i.exec(t);
  if (describe) return `How would you describe ${describe[1]}`;
  const tell = /^(?:please\s+)?(?:tell us|share|let us know)\s+(?:about\s+)?(.+)$/i.exec(t);
  if (tell) return `What would you like to tell us about ${tell[1]}`;
  const select = /^(?:please\s+)?(?:select|choose|pick|tick|check|indicate|list|name)\s+(?:all\s+(?:of\s+)?)?(?:that apply\s*:?\s*)?(.+)$/i.exec(t);
  if (select) {
    const rest = select[1];
    if (/^your\s+/i.test(rest)) return `What is ${rest}`;
    return clauseToQuestion('which', rest.replace(/^(?:the|an?)\s+/i, ''));
  }
  const words = t.split(/\s+/);
  if (words.length <= 6 && !VERB_LIKE.test(t)) {
    const np = lowerFirst(t);
    if (ATTRIBUTE.test(t)) return `What is your ${np.replace(/^your\s+/i, '')}`;
    if (type === 'rating') return `How would you rate ${withThe(np)}`;
    if (type === 'text') return `What are your thoughts on ${withThe(np)}`;
    if (type === 'multiple_choice') return `Which ${np} apply to you`;
    if (/\b(experience|visit|stay|trip|day)$/i.test(np)) return `How was your ${np.replace(/^(?:your|the|our)\s+/i, '')}`;
    return `What is your ${np.replace(/^(?:your|the|our)\s+/i, '')}`;
  }
  if (type === 'rating') return `How much do you agree that ${lowerFirst(t)}`;
  return t;
}

function withThe(np: string): string {
  return /^(the|our|your|this|these|that|those|a|an|its)\s/i.test(np) ? np : `the ${np}`;
}

const lowerFirst = (text: string) => (/^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text);
