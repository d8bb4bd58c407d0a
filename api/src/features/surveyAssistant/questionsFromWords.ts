import { type BusinessProfile, businessName, easeQuestion } from './businessProfile';
import { clauseToQuestion } from './clauseToQuestion';
import { invertedQuestion, isPutToVisitor, ratingAsk, spelledOutQuestion } from './directQuestions';
import { capitalise, choiceQuestion, type QuestionDraft, ratingQuestion, textQuestion } from './questionDrafts';
import { businessTopic, type SurveyTopic, surveyTopic } from './surveyTopic';
import {
  AGE_GROUPS,
  COUNT,
  countOf,
  FREQUENCY_OPTIONS,
  GENERIC_FEATURES,
  HEAR_ABOUT_OPTIONS,
  QUALITY_OPTIONS,
  TIME_OF_DAY_OPTIONS,
  WEEK_PART_OPTIONS,
  YES_MAYBE_NO,
  YES_NO,
} from './surveyVocabulary';
import { topicQuestions, type WantedType } from './topicQuestions';

/**
 * The questions one request of the owner asks for, written for the visitor: "add a question
 * about delivery speed" → "How would you rate our delivery speed?" (rating); "ask which
 * features they use" → "Which features do you use?" (multiple choice); "ask whether they
 * would order again" → "Would you order again?" (Yes/Maybe/No); "add 2 questions about our
 * app" → two questions about it; "rate our coffee from 1 to 10" → a 1 to 10 rating; "was it too
 * long" → Yes/No. An explicit type ("a yes/no question", "an open question"), a question spelled
 * out ("add a question: which pastry do you like best") or listed options ("…: pasta, pizza or
 * salad", "options a, b, c") are followed. Empty when no question is asked.
 */
export function questionsFromWords(words: string, profile: BusinessProfile, limit = 3): QuestionDraft[] {
  // "would you like…" is the visitor's question; "would you add…" only the owner being polite.
  const polite = (isPutToVisitor(words) ? words.trim() : words.trim().replace(POLITE, '')).replace(/[.!]+$/, '');
  const spelled = spelledOutQuestion(polite);
  const s = (spelled?.question ?? polite).replace(/[\s.!,;]+$/, '');
  if (!s) return [];
  const rated = ratingAsk(s, profile);
  if (rated) return [rated];
  const { rest: listedRest, items, other } = listedOptions(s);
  const rest = listedRest.replace(/[\s,;:?]+$/, '');
  const hint = typeHint(spelled ? spelled.typeWords : rest) ?? (spelled ? typeHint(rest) : null);
  const inverted = invertedQuestion(rest, hint, { items, other });
  if (inverted) return [inverted];

  const embedded = ASKED_QUESTION.exec(rest) ?? QUESTION_ASKING.exec(rest) ?? ABOUT_CLAUSE.exec(rest) ?? BARE_QUESTION.exec(rest);
  if (embedded) {
    // "what they think of X and how often they come": one question each.
    const next = `(?=${WH.replace('(', '(?:')}\\s)`;
    const asked = `${embedded[1]} ${embedded[2]}`.split(new RegExp(`\\s*,?\\s+(?:and|or)\\s+${next}|\\s*,\\s*${next}`, 'i'));
    return asked
      .map((part) => /^(\w+)\s+(.+)$/.exec(part.trim()))
      .filter((m): m is RegExpExecArray => m !== null && new RegExp(`^${WH}$`, 'i').test(m[1]))
      .slice(0, limit)
      .map((m) => fromClause(m[1], m[2], hint, { items, other }, profile));
  }

  const attribute = ASKED_ATTRIBUTE.exec(rest);
  if (attribute) {
    const draft = attributeQuestion(attribute[1], hint, { items, other }, profile);
    if (draft) return [draft];
  }

  // "questions about our vegan range": a few, when no number is said.
  const count = countAsked(rest) > 1 ? countAsked(rest) : UNCOUNTED.test(rest) ? Math.min(limit, 3) : 1;
  const known = knownIdea(rest, profile);
  if (known && count <= 1) return [known];

  const topic = topicOf(rest, profile);
  if (!topic) return known ? [known] : [];
  if (items.length >= 2) return [listedChoice(`Which ${topic.bare} do you prefer`, hint, items, other)];
  if (count > 1) return topicQuestions(topic, Math.min(count, limit), hint ? new Set<WantedType>([hint]) : new Set());
  return [topicQuestion(topic, hint)];
}

const POLITE = /^(?:(?:please|pls|kindly|can you|could you|would you|will you|i want(?: you)? to|i'd like(?: you)? to|i would like(?: you)? to|let's|lets|also|and|then|now|maybe|just|ok|okay)[\s,]+)+/i;
const ASKERS = '(?:(?:them|visitors?|customers?|users?|people|guests?|clients?|the visitors?|the customers?|respondents?|everyone)\\s+)?';
const WH = '(which|what|how|why|where|when|who|whether|if)';
const ASKED_QUESTION = new RegExp(`\\b(?:ask(?:ing)?|find out|learn|know|understand|check|see|hear|tell us|let us know)\\s+${ASKERS}${WH}\\s+(.+)$`, 'i');
const QUESTION_ASKING = new RegExp(`\\bquestions?\\s+(?:asking\\s+|on\\s+|about\\s+)?${ASKERS}${WH}\\s+(.+)$`, 'i');
const ABOUT_CLAUSE = new RegExp(`\\b(?:about|on|regarding|asking(?:\\s+about)?)\\s+${WH}\\s+(.+)$`, 'i');
/** "which pastry they like best", "how often do you visit": the question without an asking verb. */
const BARE_QUESTION = new RegExp(`^${WH}\\s+(.+)$`, 'i');
const UNCOUNTED = /^(?:(?:add|ask|include|write|suggest|give me)\s+)?(?:(?:some|more|new|extra|other|a few|additional)\s+)*questions\s+(?:about|on|regarding|covering|for)\b/i;
const ASKED_ATTRIBUTE = /\b(?:ask(?:ing)?\s+(?:them\s+|visitors\s+|customers\s+)?for\s+|ask(?:ing)?\s+(?:them\s+|visitors\s+|customers\s+)?(?=their\b|the visitor's\b)|collect(?:ing)?\s+|request(?:ing)?\s+)(?:their\s+|your\s+|the visitor's\s+|an?\s+)?(.+)$/i;

/** The question type the owner named, if any. */
function typeHint(text: string): WantedType | null {
  if (/\byes\s*\/\s*no\b|\byes or no\b/i.test(text)) return 'yes_no';
  if (/\bmultiple[- ]choice|\bmulti[- ]?select|\bcheck ?box(es)?\b|\bpick (several|multiple|all)\b|\bselect all\b|\bmore than one\b/i.test(text)) return 'multiple_choice';
  if (/\bsingle[- ]choice|\bdrop-?down\b|\bpick one\b|\bone option\b|\bmultiple[- ]option\b/i.test(text)) return 'single_choice';
  if (/\b(star )?ratings?\b|\brate\b|\bstars?\b|\bscale\b|\bscores?\b|\bnps\b/i.test(text)) return 'rating';
  if (/\bopen(?:[- ]ended)?\b|\bfree[- ]?(?:text|form)\b|\btext\b|\bwritten\b|\bcomment box\b|\bown words\b|\btype (?:an? )?answer\b/i.test(text)) return 'text';
  return null;
}

/** How many questions the owner asked for in one go ("add 2 questions about..."), else 1. */
export function countAsked(text: string): number {
  const match = new RegExp(`\\b${COUNT}[\\s-]+(?:(?:more|new|extra|other|additional|short|quick|simple|good|relevant)\\s+)*(?:[\\w/-]+\\s+){0,2}?questions\\b`, 'i').exec(text);
  const n = match ? countOf(match[1]) : 1;
  return n > 0 ? n : 1;
}

/** Options the owner listed: "…: pasta, pizza or salad", "(email, phone, chat)", "such as A, B and C". */
function listedOptions(text: string): { rest: string; items: string[]; other: boolean } {
  const patterns = [
    /:\s*([^:]+)$/,
    /\(([^()]+)\)/,
    /\b(?:options?(?: are| of| like)?|choices?(?: are| of)?|answers?(?: are)?)\s*:?\s+(.+)$/i,
    // "which pastry they like best" likes; "such as", "like" and "between" list.
    /\b(?:such as|(?<!\b(?:you|they|we|i|people|customers|visitors|would|do|did|does)\s)like|e\.g\.?|for example|including|between)\s+(.+)$/i,
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (!match) continue;
    const items = match[1]
      .split(/,\s*|\s+(?:and|or)\s+|\s*\/\s*/)
      .map((i) => i.trim().replace(/^(?:and|or)\s+/i, '').replace(/[.!?]+$/, ''))
      .filter(Boolean);
    const realItems = items.filter((i) => !/^(?:an?\s+)?other\b/i.test(i));
    if (realItems.length < 2 || realItems.some((i) => i.split(/\s+/).length > 6)) continue;
    return { rest: `${text.slice(0, match.index)} ${text.slice(match.index + match[0].length)}`.trim(), items: realItems, other: realItems.length < items.length };
  }
  return { rest: text, items: [], other: false };
}

/** A reported question ("which features they use") as the question and the answers that fit it. */
function fromClause(wh: string, clause: string, hint: WantedType | null, listed: { items: string[]; other: boolean }, profile: BusinessProfile): QuestionDraft {
  const text = clauseToQuestion(wh, clause);
  const w = wh.toLowerCase();
  const plural = w === 'which' && isPluralAsk(clause);
  // The owner's list is what was asked; a visitor whose answer is missing from it can still say so.
  if (listed.items.length >= 2) return listedChoice(text, hint ?? (plural ? 'multiple_choice' : 'single_choice'), listed.items, listed.other || w === 'which' || w === 'what');
  // What visitors liked is picked from what matters to the business; anything else asked needs options of its own.
  const options = optionsFor(nounOf(clause), profile) ?? (LIKED.test(clause) ? profile.kind.aspects : null);
  // A choice type with nothing sensible to choose from is asked the usual way instead.
  if (hint && (options || hint === 'rating' || hint === 'text' || hint === 'yes_no')) return withType(text, hint, options ?? []);
  if (w === 'whether' || w === 'if') return choiceQuestion('single_choice', text, /^(would|will)\b/i.test(text) ? YES_MAYBE_NO : YES_NO);
  if (w === 'which') return options ? choiceQuestion(plural ? 'multiple_choice' : 'single_choice', text, options, { other: true }) : textQuestion(text, true);
  if (w === 'how') {
    if (/^how did you (hear|find|learn|discover|come across)\b/i.test(text)) return choiceQuestion('single_choice', text, HEAR_ABOUT_OPTIONS, { other: true });
    if (/^how often\b/i.test(text)) return choiceQuestion('single_choice', text, FREQUENCY_OPTIONS);
    if (/^how likely\b/i.test(text)) return ratingQuestion(text, { min: 0, max: 10, type: 'scale' });
    if (/^how (easy|difficult|hard|important|simple|clear)\b/i.test(text)) return ratingQuestion(text, { type: 'numbers' });
    if (/^how (satisfied|happy|pleased|well|good|helpful|fast|quick|useful|valuable|comfortable|confident|friendly|convenient|accurate|relevant)\b/i.test(text)) return ratingQuestion(text);
    if (/^how (was|were|is|are)\b|^how did you (like|find|feel about|rate)\b|^how would you rate\b/i.test(text)) return ratingQuestion(text);
    // "How fresh was it?", "How clean were the rooms?": a quality to rate, unlike an amount or a length.
    if (/^how (?!(?:much|many|long|old|often|far|soon|big|large|small|tall|late|early|heavy|wide|come)\b)[a-z]+ (was|were|is|are)\b/i.test(text)) return ratingQuestion(text);
  }
  return textQuestion(text);
}

/** "features they use" → features: whom a "which" question is about. */
function nounOf(clause: string): string {
  const words = clause.trim().split(/\s+/);
  const end = words.findIndex((w) => /^(they|you|we|it|i|customers?|visitors?|users?|people|guests?|is|are|was|were|do|does|did)$/i.test(w));
  return words.slice(0, end < 0 ? Math.min(3, words.length) : end).join(' ');
}

function isPluralAsk(clause: string): boolean {
  if (/\b(most|favou?rite|main|best|one|primary|preferred|first|single)\b/i.test(clause)) return false;
  return nounOf(clause)
    .split(/\s+/)
    .some((w) => /s$/i.test(w) && !/(ss|us|is)$/i.test(w));
}

/** "what they liked", "which they enjoyed least": answered from what matters to the business's customers. */
const LIKED = /\b(?:like[sd]?|enjoy(?:s|ed)?|love[sd]?|dislike[sd]?)\b/i;

/**
 * Answer options that fit "which <noun>": for "which products" the description's subjects or the
 * business's offerings, for "which aspects" its customers' concerns, for channels, days and times
 * a usual list; for any other noun ("which cake") the kinds of it the description names, when it
 * names two or more. Null when nothing fits: the question is then answered in the visitor's own
 * words rather than with made-up options.
 */
function optionsFor(noun: string, profile: BusinessProfile): string[] | null {
  const topics = profile.topics.map((t) => capitalise(t.text));
  if (/\b(features?|functions?|functionality|tools?|modules?|integrations?|plugins?|parts of)\b/i.test(noun)) {
    // The description's subjects are features only of software ("invoicing, time tracking"), never its plans or the like.
    const software = profile.kind.kind === 'software' || profile.kind.kind === 'general';
    const features = topics.filter((t) => !CATEGORY_NOUN.test(t));
    if (software && features.length >= 2) return features;
    return profile.kind.kind === 'software' ? profile.kind.offerings : /\bfeatures?\b/i.test(noun) ? GENERIC_FEATURES : null;
  }
  if (/\b(products?|services?|items?|offerings?|packages|categories|options)\b/i.test(noun)) return topics.length >= 2 ? topics : profile.kind.offerings;
  if (/\b(channels?|platforms?|social|websites?|sources?|media|ads?)\b/i.test(noun)) return HEAR_ABOUT_OPTIONS;
  if (/\bdays?\b/i.test(noun)) return WEEK_PART_OPTIONS;
  if (/\btimes?\b|\btime of day\b/i.test(noun)) return TIME_OF_DAY_OPTIONS;
  if (/\b(areas?|aspects?|things?|parts?|reasons?|factors?|improvements?)\b/i.test(noun)) return profile.kind.aspects;
  const head = singular(noun.split(/\s+/).at(-1) ?? '');
  const named = topics.filter((t) => t.split(/\s+/).some((word) => singular(word) === head));
  return head && named.length >= 2 ? named : null;
}

/** Subjects that are kinds of something a visitor picks rather than features: "Team plan", "yoga classes". */
const CATEGORY_NOUN = /\b(?:plans?|rooms?|class(?:es)?|courses?|treatments?|packages?|tickets?|memberships?|menus?|dish(?:es)?)$/i;

/** "cakes" → cake, "classes" → class, "berries" → berry; "class" and "glass" stay. */
function singular(word: string): string {
  const w = word.toLowerCase();
  if (/(?:ss|sh|ch|x|z)es$/.test(w)) return w.slice(0, -2);
  if (/[^aeiou]ies$/.test(w)) return `${w.slice(0, -3)}y`;
  if (/[^su]s$/.test(w) && !/is$/.test(w)) return w.slice(0, -1);
  return w;
}

function listedChoice(text: string, hint: WantedType | null, items: string[], other: boolean): QuestionDraft {
  return choiceQuestion(hint === 'multiple_choice' ? 'multiple_choice' : 'single_choice', text, items, { other });
}

/** A question's words given the type the owner named. */
function withType(text: string, type: WantedType, options: string[]): QuestionDraft {
  if (type === 'rating') return ratingQuestion(text);
  if (type === 'text') return textQuestion(text);
  if (type === 'yes_no') return choiceQuestion('single_choice', text, YES_NO);
  return choiceQuestion(type, text, options, { other: true });
}

/** One question about a topic, a rating unless the owner named another type. */
function topicQuestion(topic: SurveyTopic, hint: WantedType | null): QuestionDraft {
  const t = topic.phrase;
  switch (hint) {
    case 'text':
      return textQuestion(`What do you think of ${t}`);
    case 'yes_no':
      return choiceQuestion('single_choice', `Are you happy with ${t}`, YES_NO);
    case 'single_choice':
      return choiceQuestion('single_choice', `How would you describe ${t}`, QUALITY_OPTIONS);
    case 'multiple_choice':
      return choiceQuestion('multiple_choice', `What do you like about ${t}`, topic.aspects, { other: true });
    default:
      return ratingQuestion(`How would you rate ${t}`);
  }
}

/** "ask for their email" → What is your email address?; "their age" → the age groups. */
function attributeQuestion(words: string, hint: WantedType | null, listed: { items: string[]; other: boolean }, profile: BusinessProfile): QuestionDraft | null {
  const x = words.trim().replace(/[.!?]+$/, '');
  const rated = /^(?:a\s+)?(?:rating|score|grade)\s+(?:of|for|on|about)\s+(.+)$/i.exec(x);
  if (rated) {
    const topic = surveyTopic(rated[1], profile);
    return topic ? ratingQuestion(`How would you rate ${topic.phrase}`) : null;
  }
  if (/^(?:feedback|opinions?|thoughts|comments|suggestions|ideas)\b/i.test(x)) {
    const on = /\b(?:on|about|for)\s+(.+)$/i.exec(x);
    const topic = on ? surveyTopic(on[1], profile) : null;
    return textQuestion(topic ? `What do you think of ${topic.phrase}` : 'Do you have any feedback for us');
  }
  const known = knownIdea(x, profile);
  if (known) return known;
  if (x.split(/\s+/).length > 5) return null;
  const text = `What is your ${x.replace(/^(?:their|your)\s+/i, '')}`;
  if (listed.items.length >= 2) return listedChoice(text, hint, listed.items, listed.other);
  return textQuestion(text);
}

/** Questions every survey tool knows, recognised in the owner's words. */
function knownIdea(text: string, profile: BusinessProfile): QuestionDraft | null {
  const name = businessName(profile);
  if (/\b(recommend\w*|nps|net promoter|refer (us|a friend))\b/i.test(text)) {
    return ratingQuestion(`How likely are you to recommend ${name} to a friend or colleague`, { min: 0, max: 10, type: 'scale' });
  }
  if (/\b(hear|heard|hearing) (about|of)\b|\b(find|found|discover(ed)?) (us|out about us)\b|\breferral source|\bmarketing channels?\b|\bwhere (they|you) came from\b/i.test(text)) {
    return choiceQuestion('single_choice', `How did you hear about ${name}`, HEAR_ABOUT_OPTIONS, { other: true });
  }
  if (/\bage( group| range| bracket)?s?\b|\bhow old\b/i.test(text)) return choiceQuestion('single_choice', 'Which age group are you in', AGE_GROUPS);
  if (/\bhow often\b|\bfrequen(cy|tly)\b/i.test(text)) {
    const verb = profile.kind.kind === 'software' ? 'use' : 'visit';
    return choiceQuestion('single_choice', `How often do you ${verb} ${profile.brand || (verb === 'use' ? 'our product' : 'us')}`, FREQUENCY_OPTIONS);
  }
  if (/\be-?mail\b/i.test(text)) return textQuestion('What is your email address');
  if (/\bphone\b/i.test(text)) return textQuestion('What is your phone number');
  if (/\b(went well|liked? (most|best)|enjoy(ed)? most|best part)\b/i.test(text)) return choiceQuestion('multiple_choice', 'What went well', profile.kind.aspects, { other: true });
  const satisfaction = /\bsatisf(?:ied|action)\b(?:\s+(?:with|about|of)\s+(.+))?/i.exec(text);
  if (satisfaction) {
    const topic = satisfaction[1] ? surveyTopic(satisfaction[1], profile) : null;
    return ratingQuestion(topic ? `How satisfied are you with ${topic.phrase}` : `Overall, how satisfied are you with ${profile.brand || 'our service'}`);
  }
  const ease = /\b(?:ease|easy|easier|usability|difficult|hard to use)\b(?:\s+(?:of|to)\s+(.+))?/i.exec(text);
  if (ease) {
    const rest = ease[1]?.trim();
    if (!rest) return ratingQuestion(easeQuestion(profile), { type: 'numbers' });
    if (/ing$/i.test(rest.split(/\s+/)[0])) return ratingQuestion(`How easy was ${rest.replace(/^(\w)/, (c) => c.toLowerCase())}`, { type: 'numbers' });
    const topic = surveyTopic(rest.replace(/^use\s+/i, ''), profile);
    return topic ? ratingQuestion(`How easy is ${topic.phrase} to use`, { type: 'numbers' }) : ratingQuestion(easeQuestion(profile), { type: 'numbers' });
  }
  const improve = /\b(?:improve\w*|do better|be better|suggestions?|ideas? for us|wish(?:es)?|missing)\b(?:\s+(?:to|on|about|for|of|with)\s+(.+))?/i.exec(text);
  if (improve) {
    const topic = improve[1] ? surveyTopic(improve[1], profile) : null;
    return textQuestion(topic ? `What could we improve about ${topic.phrase}` : 'What could we do better');
  }
  return null;
}

/** The topic of "a question about X", "a rating for X", "rate X" or "add an X question". */
function topicOf(text: string, profile: BusinessProfile): SurveyTopic | null {
  const about = /\b(?:about|regarding|covering|concerning|around|on)\s+(.+)$/i.exec(text) ?? /\b(?:rate|rating (?:of|for|on)|score (?:for|of)|for)\s+(.+)$/i.exec(text);
  if (about) return surveyTopic(about[1], profile);
  const remainder = text
    .replace(/^(?:add|include|insert|append|put in|ask|create|write|make|give me|i need|we need)\s+/i, '')
    .replace(new RegExp(`^(?:${COUNT}|an?|another|one more|some)\\s+`, 'i'), '')
    .replace(/\b(?:more|new|extra|other|additional|short|quick|simple|good)\b/gi, '')
    .replace(/\b(?:yes\s*\/\s*no|yes or no|multiple[- ]choice|single[- ]choice|multi[- ]?select|open(?:[- ]ended)?|free[- ]text|text|written|star|stars|rating|ratings|scale|questions?|to the survey|to it|at the end)\b/gi, '')
    .replace(/\bplease\b/gi, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!remainder || remainder.split(' ').length > 6) return null;
  if (/^(it|this|that|them|one|something|anything|some|the survey|survey)$/i.test(remainder)) return null;
  return /^(us|the business|the company)$/i.test(remainder) ? businessTopic(profile) : surveyTopic(remainder, profile);
}
