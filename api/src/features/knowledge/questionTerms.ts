/**
 * The distinct searchable terms of a visitor's question, synonyms included, in question order.
 * Stopwords are dropped (so "how much does it cost" searches for what matters), and common
 * support intents get a few synonyms because an owner's pricing page rarely says "cost" and a
 * visitor rarely says "pricing". The FTS index quotes each term (`ftsPhrase`), so operators
 * or column names typed by a visitor stay plain words.
 */
export function questionTerms(question: string): string[] {
  return questionWords(question).flatMap((w) => [w.word, ...w.synonyms]).filter((t, i, all) => all.indexOf(t) === i).slice(0, MAX_TERMS);
}

/**
 * The content words of a question, each with its synonyms. `forMatching` adds the implied
 * topics that would only add noise to a search (see INTENTS) but decide whether a found
 * passage answers the question.
 */
export function questionWords(question: string, forMatching = false): { word: string; synonyms: string[] }[] {
  const words = plainText(question).match(WORD);
  if (!words) return [];
  const intents = INTENTS.filter((intent) => (intent.search || forMatching) && intent.pattern.test(question));
  const consumed = new Set(intents.flatMap((intent) => intent.consumes));
  const seen = new Set<string>();
  const out: { word: string; synonyms: string[] }[] = [];
  for (const token of words) {
    // A hyphenated compound counts as its words, the last one also searched as the whole
    // ("read-only": "read", or the phrase "read only"); "in-store pickup" still asks about a store.
    const parts = token.includes('-') ? token.split('-') : [token];
    const kept = parts.map((raw) => raw.replace(/['’]s$/, '').replace(/['’]/g, '')).filter((word) => !((word.length < 2 && !/\d/.test(word)) || STOPWORDS.has(word) || consumed.has(word)));
    kept.forEach((word, k) => {
      const whole = parts.length > 1 && k === kept.length - 1 && !consumed.has(token) ? [token] : [];
      const known = out.find((w) => w.word === word);
      if (known) known.synonyms = [...new Set([...known.synonyms, ...whole])];
      else if (!seen.has(word)) out.push({ word, synonyms: [...(SYNONYMS.get(word) ?? []), ...whole] });
      seen.add(word);
    });
  }
  for (const { word, implies } of intents) {
    if (!seen.has(word) && !out.some((w) => w.synonyms.includes(word))) out.push({ word, synonyms: [...new Set([...(SYNONYMS.get(word) ?? []), ...implies])] });
  }
  return out;
}

/**
 * Topics implied by a phrase rather than a word: "how much is delivery?" asks for a price
 * (but "how much longer" or "how much does it weigh" does not), "how long is the warranty?"
 * for a span of time, which a page says as "two years", never as "long". `implies` is one-way:
 * a question about a day is not a question about a duration. Durations are everywhere on a
 * site, so that intent only checks an answer (`search: false`); ranking keeps the question's
 * own words. "How much" asks a price only when a verb or "for" follows ("how much is it", "how
 * much for two"): "how much memory should I give" asks an amount of something else, and
 * searching for prices there finds noise. "Pick my order up", "pick-up" and "pickup" are one
 * topic (the verb "pick" alone says nothing), and "money off" or "10% off" asks for a discount.
 */
const INTENTS: { pattern: RegExp; word: string; consumes: string[]; implies: string[]; search: boolean }[] = [
  {
    pattern:
      /\bhow\s+much\b(?=\s+(?:is|are|was|were|does|do|did|will|would|could|can|for|money|cash|extra|more|\$|€|£)\b|\s*[?!.]*$)(?!\s+(?:is|are|does|do|will|would|can)\s+(?:the\s+|a\s+|my\s+|your\s+)?(?:time|space|room|memory|disk|data|storage|weight|water|ram|cpu|traffic|bandwidth)\b)(?!(?:\s+[\p{L}']+){1,4}?\s+(?:weighs?|measures?|holds?|lasts?)\b)/iu,
    word: 'cost',
    consumes: [],
    implies: [],
    search: true,
  },
  {
    pattern: /\bhow\s+long\b(?!\s+ago)/i,
    word: 'duration',
    consumes: ['long'],
    implies: ['year', 'years', 'month', 'months', 'week', 'weeks', 'day', 'days', 'hour', 'hours', 'minute', 'minutes'],
    search: false,
  },
  {
    pattern: /\bpick(?:s|ed|ing)?[\s-]+(?:[\p{L}\p{N}']+\s+){0,3}?up\b|\bpick-?ups?\b/iu,
    word: 'pickup',
    consumes: ['pick', 'picks', 'picked', 'picking', 'pickup', 'pickups', 'pick-up', 'pick-ups'],
    implies: ['pick'],
    search: true,
  },
  {
    pattern: /\b(?:money|something|anything|\d+\s*%|\d+\s*percent)\s+off\b/i,
    word: 'discount',
    consumes: ['money', 'percent'],
    implies: [],
    search: true,
  },
];

// A word, or a compound or code identifier kept whole ("read-only", "shared_buffers", "os.path"):
// FTS5 reads a quoted one as the phrase of its parts, which finds it far more precisely than its
// parts alone (and "only", a stopword, would be dropped).
const WORD = /[\p{L}\p{N}]+(?:[-_.][\p{L}\p{N}]+)*(?:['’][\p{L}]+)?/gu;
const IDENTIFIER = /[\p{L}\p{N}]+(?:[-_.][\p{L}\p{N}]+)+/gu;

/** The compounds and code identifiers of a text ("read-only", "pg_stat_activity"), lower-cased. */
export function identifiers(text: string): string[] {
  return text.toLowerCase().match(IDENTIFIER) ?? [];
}

/**
 * The words inside the code identifiers of a text written in camel case, lower-cased and spaced
 * ("getElementById" → "get element by id", "TextTestRunner" → "text test runner"), or '' when it
 * has none. FTS and the comparisons read such an identifier as one word; with these, a visitor
 * who asks how to "get an element by id" finds it. Only what reads as code is split: a word
 * starting in lower case with a capital inside ("maxConnections"), or one with three capitalised
 * parts; brand names ("PostgreSQL", "iPhone", "JavaScript") stay whole.
 */
export function identifierWords(text: string): string {
  // most text has no capital after a lower-case letter: one cheap scan says so
  if (!CAMEL_HINT.test(text)) return '';
  const out: string[] = [];
  for (const word of text.match(CAMEL) ?? []) {
    const parts = word.match(/[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])/g) ?? [];
    if (parts.length >= 2 && (/^[a-z]/.test(word) ? word.length >= 8 : parts.length >= 3)) out.push(parts.join(' ').toLowerCase());
  }
  return out.join(' ');
}

const CAMEL_HINT = /[a-z0-9][A-Z]/;
// A run of letters and digits with a lower-case letter followed by a capital somewhere inside.
const CAMEL = /\b[A-Za-z][A-Za-z0-9]*[a-z0-9][A-Z][A-Za-z0-9]*\b/g;

/** The words of a text, lower-cased without accents: letters and digits, everything else a separator. */
export function plainWords(text: string): string[] {
  const plain = plainText(text);
  return (ASCII.test(plain) ? plain.match(/[a-z0-9]+/g) : plain.match(/[\p{L}\p{N}]+/gu)) ?? [];
}

/** A text lower-cased, without accents: how questions and passages are compared. */
export function plainText(text: string): string {
  const lower = text.toLowerCase();
  // most text is plain ASCII, where removing accents has nothing to do (and costs the most)
  return ASCII.test(lower) ? lower : lower.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the whole ASCII range, control characters included
const ASCII = /^[\x00-\x7f]*$/;

/** One term as a quoted FTS5 phrase. */
export function ftsPhrase(term: string) {
  return `"${term.replace(/"/g, '""')}"`;
}

// Long pasted questions would otherwise build huge OR queries; 24 terms is plenty to rank.
const MAX_TERMS = 24;

const STOPWORDS = new Set(
  (
    'a about above after again against all am an and any are aren arent as at be because been before being below ' +
    'between both but by can cannot could couldn couldnt did didn didnt do does doesn doesnt doing don dont down ' +
    'during each few for from further had hadn has hasn hasnt have haven havent having he her here hers herself ' +
    'him himself his how i if in into is isn isnt it its itself just let lets me more most my myself no nor not ' +
    'now of off on once only or other ought our ours ourselves out over own same shall she should shouldn so some ' +
    'such than that thats the their theirs them themselves then there theres these they this those through to too ' +
    'under until up upon us very was wasn we were weren what whats when where which while who whom whose why will ' +
    'with won wont would wouldn you your yours yourself yourselves ' +
    // conversational filler that carries no topic
    'hi hello hey please thanks thank ok okay yes yeah tell know want wanted need like get got go going ' +
    'also really much many lot lots anything something thing things way ways kind sort somebody someone ' +
    'im ive id youre youve ill may might must ever even still yet well possible instead'
  ).split(' '),
);

/** Small intent groups; each listed word also searches for the others in its group. */
export const SYNONYM_GROUPS: string[][] = [
  ['cost', 'costs', 'price', 'prices', 'pricing', 'fee', 'fees', 'expensive', 'cheap', 'plans'],
  ['refund', 'refunds', 'reimburse', 'reimbursement', 'moneyback'],
  ['cancel', 'cancellation', 'unsubscribe'],
  ['ship', 'shipping', 'delivery', 'deliver', 'shipped'],
  ['contact', 'email', 'phone', 'reach'],
  ['hours', 'opening', 'schedule'],
  ['located', 'location', 'address', 'headquarters'],
  ['job', 'jobs', 'career', 'careers', 'hiring', 'vacancies'],
  ['password', 'login', 'signin'],
  ['secure', 'security', 'encryption', 'encrypted'],
  ['privacy', 'gdpr', 'personal'],
  ['warranty', 'guarantee'],
  ['discount', 'discounts', 'coupon', 'promo', 'deal', 'deals'],
  ['buy', 'purchase', 'sell'],
  ['voucher', 'vouchers', 'card', 'cards', 'certificate', 'certificates', 'giftcard', 'giftcards'],
  ['pickup', 'collect', 'collection'],
  ['founded', 'founder', 'founders', 'history'],
  ['integrate', 'integration', 'integrations'],
];

const SYNONYMS = new Map<string, string[]>();
for (const group of SYNONYM_GROUPS) {
  for (const word of group) SYNONYMS.set(word, [...(SYNONYMS.get(word) ?? []), ...group.filter((w) => w !== word)]);
}
