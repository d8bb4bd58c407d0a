import { questionText } from './questionDrafts';

/**
 * An owner's reported question as the question a visitor is asked: ("which", "features they
 * use") → "Which features do you use?", ("how", "they heard about us") → "How did you hear
 * about us?", ("whether", "they would order again") → "Would you order again?", ("what", "the
 * best feature is") → "What is the best feature?". "They", "customers" and the like become
 * "you"; "us" and "our" stay the business's.
 */
export function clauseToQuestion(wh: string, clause: string): string {
  const tokens = toVisitor(expandContractions(clause.trim().replace(/[?.!]+$/, '')))
    .split(/\s+/)
    .filter(Boolean);
  const w = wh.toLowerCase();
  return questionText((w === 'whether' || w === 'if' ? yesNoQuestion(tokens) : whQuestion(w, tokens)).join(' '));
}

const AUX = /^(am|are|is|was|were|will|would|can|could|should|shall|may|might|must|do|does|did|have|has|had|don't|doesn't|didn't|won't|wouldn't|can't|couldn't|isn't|aren't|wasn't|weren't|haven't|hasn't|shouldn't)$/i;
const SUBJECT = /^(you|it|we|i)$/i;
const INVERTED_SUBJECT = /^(you|it|we|i|the|your|our|this|that|these|those|its|my|there)$/i;
// With "you" the verb agrees: "they are" was "you are", "it was" stays.
const WITH_YOU: Record<string, string> = { am: 'are', is: 'are', was: 'were', has: 'have', does: 'do', "isn't": "aren't", "wasn't": "weren't", "doesn't": "don't", "hasn't": "haven't" };

/** "they would order again" → Would you order again; "the food was good" → Was the food good; "the delivery arrived on time" → Did your delivery arrive on time. */
function yesNoQuestion(tokens: string[]): string[] {
  const aux = tokens.findIndex((t) => AUX.test(t));
  if (aux === 0) return tokens;
  if (aux > 0 && aux <= 4) return [agree(tokens[aux], tokens[aux - 1]), ...tokens.slice(0, aux), ...tokens.slice(aux + 1)];
  if (tokens.length >= 2 && SUBJECT.test(tokens[0])) return [...withDo(tokens[0], tokens[1]), ...tokens.slice(2)];
  const verb = DETERMINER.test(tokens[0] ?? '') ? tokens.findIndex((t, i) => i >= 2 && i <= 4 && isPastVerb(t)) : -1;
  if (verb > 0) {
    const subject = tokens.slice(0, verb);
    // What the visitor received is theirs: "the delivery" is "your delivery".
    if (/^the$/i.test(subject[0]) && RECEIVED.test(subject[subject.length - 1])) subject[0] = 'your';
    return ['did', ...subject, verbBase(tokens[verb], false).base, ...tokens.slice(verb + 1)];
  }
  return ['would', 'you', 'say', ...tokens];
}

const DETERMINER = /^(the|your|our|this|that|its|my)$/i;
const RECEIVED = /^(deliver(?:y|ies)|parcels?|packages?|orders?|purchases?|cakes?|meals?|food|rooms?|bookings?|appointments?|tickets?)$/i;

/** "arrived", "came": a verb in the past after its subject; "arrival" or "speed" is none. */
function isPastVerb(token: string): boolean {
  const lower = token.toLowerCase();
  return IRREGULAR[lower] !== undefined || (lower.length > 4 && lower.endsWith('ed') && !/(?:eed|bed|red)$/.test(lower));
}

/**
 * "features they use" (after "which") → which features do you use; "satisfied they are with
 * delivery" → how satisfied are you with delivery; "the best feature is" → what is the best
 * feature; "recommended us" (the wh-word is the subject) stays as it is.
 */
function whQuestion(wh: string, tokens: string[]): string[] {
  const subject = tokens.findIndex((t) => SUBJECT.test(t));
  const aux = tokens.findIndex((t) => AUX.test(t));
  // Already a question ("pastry do you like best", "did you hear about us"): the words stay in their order.
  if (aux >= 0 && aux <= 3 && (subject < 0 || subject > aux) && INVERTED_SUBJECT.test(tokens[aux + 1] ?? '')) return [wh, ...tokens];
  if (subject >= 0 && (aux < 0 || aux > subject)) {
    const lead = tokens.slice(0, subject);
    const next = tokens[subject + 1];
    if (next === undefined) return [wh, ...tokens];
    if (aux === subject + 1) return [wh, ...lead, agree(next, tokens[subject]), tokens[subject], ...tokens.slice(subject + 2)];
    return [wh, ...lead, ...withDo(tokens[subject], next), ...tokens.slice(subject + 2)];
  }
  if (aux > 0) {
    // "how fast the delivery was": the wh-phrase ("how fast") ends where the noun phrase starts.
    const np = tokens.findIndex((t, i) => i < aux && /^(the|our|your|a|an|this|that|these|those|its|my)$/i.test(t));
    const split = Math.max(np, 0);
    return [wh, ...tokens.slice(0, split), tokens[aux], ...tokens.slice(split, aux), ...tokens.slice(aux + 1)];
  }
  return [wh, ...tokens];
}

function agree(aux: string, subject: string | undefined): string {
  const lower = aux.toLowerCase();
  return subject?.toLowerCase() === 'you' ? (WITH_YOU[lower] ?? lower) : lower;
}

/** "you heard" → did you hear; "you use" → do you use; "it works" → does it work. */
function withDo(subject: string, verb: string): string[] {
  const { base, past } = verbBase(verb, subject.toLowerCase() === 'it');
  return [past ? 'did' : subject.toLowerCase() === 'it' ? 'does' : 'do', subject, base];
}

const IRREGULAR: Record<string, string> = {
  found: 'find', heard: 'hear', got: 'get', came: 'come', thought: 'think', bought: 'buy', felt: 'feel', chose: 'choose', saw: 'see', went: 'go',
  made: 'make', paid: 'pay', took: 'take', knew: 'know', left: 'leave', met: 'meet', spent: 'spend', gave: 'give', ate: 'eat', drank: 'drink',
  sent: 'send', told: 'tell', said: 'say', became: 'become', began: 'begin', brought: 'bring', kept: 'keep', lost: 'lose', won: 'win', wrote: 'write',
  understood: 'understand', forgot: 'forget', cancelled: 'cancel', travelled: 'travel', labelled: 'label', read: 'read', put: 'put', let: 'let', cut: 'cut', sat: 'sit', stood: 'stand', ran: 'run', led: 'lead',
};
// Verbs whose base form ends in "e", so "liked" goes back to "like", not "lik".
const E_BASES = new Set(
  (
    'like love use close arrive receive hate decide move change continue manage purchase complete subscribe share compare improve notice rate serve ' +
    'practise practice require save solve type create include describe leave believe choose escape hope imagine introduce judge measure place prepare ' +
    'produce promise provide realise realize recognise recognize reduce refuse remove replace score secure settle smile store suppose surprise taste ' +
    'trade upgrade value vote waste phone note raise dine engage exchange explore figure guide ignore invite issue locate name pause price quote ' +
    'release rescue revise size translate unite update'
  ).split(' '),
);

function verbBase(verb: string, thirdPerson: boolean): { base: string; past: boolean } {
  const lower = verb.toLowerCase();
  if (IRREGULAR[lower]) return { base: IRREGULAR[lower], past: true };
  if (lower.length > 4 && lower.endsWith('ied')) return { base: `${lower.slice(0, -3)}y`, past: true };
  if (lower.length > 4 && lower.endsWith('ed')) {
    const stem = lower.slice(0, -2);
    if (E_BASES.has(`${stem}e`)) return { base: `${stem}e`, past: true };
    if (/([bgkmnprt])\1$/.test(stem)) return { base: stem.slice(0, -1), past: true };
    return { base: stem, past: true };
  }
  if (thirdPerson && lower.length > 3 && lower.endsWith('s') && !lower.endsWith('ss')) {
    if (lower.endsWith('ies')) return { base: `${lower.slice(0, -3)}y`, past: false };
    if (/(s|x|z|ch|sh)es$/.test(lower)) return { base: lower.slice(0, -2), past: false };
    return { base: lower.slice(0, -1), past: false };
  }
  return { base: lower, past: false };
}

const CONTRACTIONS: [RegExp, string][] = [
  [/\b(they|you|we|i|it)'d\b/gi, '$1 would'],
  [/\b(they|you|we)'re\b/gi, '$1 are'],
  [/\b(they|you|we|i)'ve\b/gi, '$1 have'],
  [/\b(they|you|we|i|it)'ll\b/gi, '$1 will'],
  [/\bit's\b/gi, 'it is'],
  [/\bi'm\b/gi, 'i am'],
];

function expandContractions(text: string): string {
  return CONTRACTIONS.reduce((t, [pattern, replacement]) => t.replace(pattern, replacement), text.replace(/[’‘]/g, "'"));
}

/** The owner's words about visitors as words to a visitor: they → you, their → your. */
export function toVisitor(text: string): string {
  return text
    .replace(/\b(?:the|a|our)\s+(?:visitor|customer|user|guest|client|person|respondent)(?:'s)\b/gi, 'your')
    .replace(/^(?:the\s+|our\s+)?(?:visitors?|customers?|users?|guests?|clients?|people|respondents?|he or she|she or he)\b/i, 'you')
    // "which class times people prefer": people who do something are the visitor, "our customers" are not.
    .replace(/(?<!\b(?:our|the|their|your|my|for|to|with|of|and|other)\s)\b(?:people|customers|visitors|users|guests|clients|members|respondents)\b(?=\s+(?!and\b|or\b|who\b|that\b)[a-z])/gi, 'you')
    .replace(/\bthey\b/gi, 'you')
    .replace(/\bthem\b/gi, 'you')
    .replace(/\btheirs\b/gi, 'yours')
    .replace(/\btheir\b/gi, 'your')
    .replace(/\bthemselves\b/gi, 'yourself')
    .replace(/\b(?:his or her|her or his)\b/gi, 'your');
}
