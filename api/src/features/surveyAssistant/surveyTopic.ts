import type { BusinessProfile } from './businessProfile';
import { toVisitor } from './clauseToQuestion';
import { AUDIENCE, TOPIC_ASPECTS, VISITOR_THINGS } from './surveyVocabulary';

/** What a survey or question is about, ready to be put into a question. */
export type SurveyTopic = {
  /** As a question says it: "our new menu", "your visit", "the checkout", "Harbor". */
  phrase: string;
  /** Without its determiner: "new menu". */
  bare: string;
  /** Title case for a survey title: "New Menu". */
  title: string;
  /** Things people like or dislike about it, when the topic's words say (else the business's). */
  aspects: string[];
  /** A quality of something ("delivery speed", "prices") rather than a thing one can recommend. */
  isQuality: boolean;
};

const MAX_TOPIC_LENGTH = 80;

/**
 * The owner's words for a topic ("our new menu", "delivery speed", "their last visit") as a
 * topic: null when nothing is left or when the words name who answers ("our customers")
 * rather than what about. A topic with no determiner gets "our" ("our delivery speed"), or
 * "your" for what belongs to the visitor ("your visit").
 */
export function surveyTopic(words: string, profile: BusinessProfile): SurveyTopic | null {
  if (AUDIENCE.test(words.trim().replace(/[\s.,;:!?]+$/, ''))) return null;
  const cleaned = toVisitor(words)
    .replace(/["“”]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:about|on|regarding|for|of)\s+/i, '')
    .replace(/[\s.,;:!?]+$/, '')
    .replace(/\bmy\b/gi, 'our');
  if (!cleaned || cleaned.length > MAX_TOPIC_LENGTH || AUDIENCE.test(cleaned) || /^you\b/i.test(cleaned) || !/[a-z]/i.test(cleaned)) return null;
  const determiner = /^(our|the|your|this|these|that|those|its|a|an)\s+/i.exec(cleaned);
  const bare = determiner ? cleaned.slice(determiner[0].length) : cleaned;
  if (!bare) return null;
  const isName = (profile.brand && bare.toLowerCase() === profile.brand.toLowerCase()) || (profile.name && bare.toLowerCase() === profile.name.toLowerCase()) || /^us$/i.test(bare);
  let phrase: string;
  if (isName) phrase = bare;
  else if (determiner && !/^(a|an)$/i.test(determiner[1])) phrase = `${determiner[1].toLowerCase()} ${bare}`;
  // "Summer Festival" keeps its capitals; "New menu" only had the sentence's.
  else phrase = `${VISITOR_THINGS.test(bare) ? 'your' : determiner ? 'the' : 'our'} ${/\s[A-Z]/.test(bare) ? bare : lowerFirst(bare)}`;
  const aspects = TOPIC_ASPECTS.find((t) => t.when.test(bare))?.aspects ?? profile.kind.aspects;
  return {
    phrase: isName && /^us$/i.test(bare) ? 'us' : phrase,
    bare,
    title: bare.replace(/\b[a-z]/g, (c) => c.toUpperCase()),
    aspects,
    isQuality: QUALITY.test(bare),
  };
}

/**
 * Who answers, told by what they did, as the topic: "customers who ordered a birthday cake" →
 * our birthday cakes; "people who attended our sourdough baking class" → our sourdough baking
 * class. Null when the words name no such audience.
 */
export function audienceTopic(words: string, profile: BusinessProfile): SurveyTopic | null {
  const match = AUDIENCE_WHO.exec(words.trim());
  if (!match) return null;
  const thing = match[1].trim().replace(/^(?:to|at|in|on|for|with|from|of)\s+/i, '');
  const one = /^(?:an?|one)\s+(.+)$/i.exec(thing);
  // "who ordered a birthday cake": the survey is about the cakes the business makes.
  return surveyTopic(one ? plural(one[1]) : thing, profile);
}

const AUDIENCE_WHO =
  /^(?:(?:our|the|all|new|existing|regular|recent)\s+)*(?:customers?|clients?|visitors?|users?|guests?|members?|students?|patients?|people|parents|shoppers|subscribers|buyers|attendees|participants|diners|everyone|anyone|those)\s+(?:who|that)\s+(?:(?:have|has|had|recently|just|already)\s+)*[a-z]+(?:\s+(?:up|in|out))?\s+(.+)$/i;

/** "birthday cake" → birthday cakes, "class" → classes, "pastry" → pastries. */
function plural(words: string): string {
  const w = words.trim();
  if (/(?:s|x|z|ch|sh)$/i.test(w)) return `${w}es`;
  if (/[^aeiou]y$/i.test(w)) return `${w.slice(0, -1)}ies`;
  return `${w}s`;
}

/** The business itself as a topic: its brand, else "our service". */
export function businessTopic(profile: BusinessProfile): SurveyTopic {
  const phrase = profile.brand || 'our service';
  return { phrase, bare: profile.brand || 'service', title: profile.brand || 'Service', aspects: profile.kind.aspects, isQuality: false };
}

// Qualities and processes one rates but does not recommend to a friend or choose again.
const QUALITY =
  /\b(speed|quality|times?|prices?|pricing|costs?|friendliness|cleanliness|service|support|communication|value|waiting|response|accuracy|reliability|availability|selection|range|process|procedure|checkout|onboarding|delivery|shipping|booking|ordering|payments?|packaging|staff|team|help|experience|returns?|refunds?|parking|signage|navigation)$/i;

const lowerFirst = (text: string) => (/^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text);
