import { BOT_WORDS, BUSINESS_KINDS, type BusinessKind, GENERAL_KIND } from './surveyVocabulary';

/** A subject of the bot's description ("moorings"), and whether the bot helps with it or sells it. */
type DescriptionTopic = { text: string; help: boolean };

/** What the offline assistant knows of the business a survey is for. */
export type BusinessProfile = {
  /** The bot's name as the owner wrote it ('' when none). */
  name: string;
  /** The business's name: the bot's name without bot words ("Harbor Help" → "Harbor"), '' when none is left. */
  brand: string;
  /** Subjects of the description, at most three. */
  topics: DescriptionTopic[];
  kind: BusinessKind;
};

const MAX_TOPICS = 3;

/**
 * The business behind a bot, read from its name and description: the brand the questions
 * name, the subjects the description lists and the kind of business (a bakery, a marina, a
 * software company...) whose customers' concerns give the answer options.
 */
export function businessProfile(name: string, description: string): BusinessProfile {
  const cleanName = name.trim().replace(/\s+/g, ' ');
  const words = cleanName.split(' ').filter(Boolean);
  const kept = words.filter((w) => !BOT_WORDS.test(w));
  const brand = kept.length === words.length ? cleanName : kept.join(' ');
  const text = `${cleanName} ${description}`;
  const kind = BUSINESS_KINDS.find((k) => k.when.test(text)) ?? GENERAL_KIND;
  return { name: cleanName, brand, topics: descriptionTopics(description, cleanName, brand), kind };
}

/** The ease question of the business's kind, naming its product. */
export const easeQuestion = (profile: BusinessProfile) => profile.kind.ease.replace('{name}', profile.brand || 'our product');

/** How questions name the business: its brand, else "us". */
export const businessName = (profile: BusinessProfile, fallback = 'us') => profile.brand || fallback;

// Verbs a description starts with ("Answers questions about...", "Sells handmade kettles").
const HELP_VERBS = /^(answer|answers|help|helps|handle|handles|support|supports|assist|assists|explain|explains|guide|guides|cover|covers|deal|deals|resolve|resolves|troubleshoot|troubleshoots|fix|fixes|walk|walks|take|takes|book|books|manage|manages|track|tracks|schedule|schedules|collect|collects|qualify|qualifies|provide|provides|give|gives|share|shares|tell|tells|inform|informs)$/i;
const OFFER_VERBS = /^(sell|sells|offer|offers|serve|serves|make|makes|run|runs|rent|rents|deliver|delivers|repair|repairs|build|builds|design|designs|teach|teaches|organise|organises|organize|organizes|host|hosts|produce|produces|bake|bakes|brew|brews|cook|cooks|create|creates|install|installs|ship|ships)$/i;
// A leading verb inside a listed subject ("track orders" → "orders").
const LEADING_VERB = /^(track|tracking|book|booking|find|finding|get|getting|buy|buying|reset|resetting|change|changing|manage|managing|choose|choosing|plan|planning|pay|paying|cancel|cancelling|schedule|scheduling|compare|comparing|update|updating|check|checking|request|requesting|return|returning)\s+/i;
const GENERIC = /^(things?|stuff|more|everything|anything|questions?|queries|issues|problems|topics?|general questions|much more|others?|etc|and more|support|help|information|info)$/i;
// Words that name the business itself, never one of its subjects ("an online shop", "a gym").
const BUSINESS_NOUN = '(?:shop|store|webshop|restaurant|caf[eé]|gym|studio|company|business|agency|platform|service|website|site|app|clinic|salon|school|hotel|marina|bakery|brand|startup|firm|practice|office|centre|center|club)';
const DETERMINER = /^(?:our|the|your|their|a|an|its|my|all|any|common|general|frequent|basic)\s+/i;

/**
 * The subjects a description names: "Answers questions about moorings and harbour fees." →
 * moorings, harbour fees (helped with); "Sells handmade kettles" → handmade kettles (offered).
 * "A chatbot for our bakery" names the business, not a subject, so gives none.
 */
function descriptionTopics(description: string, name: string, brand: string): DescriptionTopic[] {
  const topics: DescriptionTopic[] = [];
  for (const raw of description.split(/(?<=[.!?])\s+|\n+/)) {
    let s = raw.trim().replace(/[.!?]+$/, '').replace(/\bmy\b/gi, 'our');
    for (const prefix of [name, brand]) {
      if (prefix && s.toLowerCase().startsWith(`${prefix.toLowerCase()} `)) s = s.slice(prefix.length + 1);
    }
    if (/^(?:(?:this|our|the|a|an)\s+)?(?:[\w-]+\s+){0,3}?(?:chat\s?bot|bot|assistant|agent|helper)\s+for\s+/i.test(s)) continue;
    s = s.replace(/^(?:(?:this|our|the|a|an)\s+)?(?:[\w-]+\s+){0,3}?(?:chat\s?bot|bot|assistant|agent|helper)\s+(?:that|which|who|to)\s+/i, '');
    // "We are a veterinary clinic": who the business is, which the kind of business already says.
    if (/^(?:we|i|it|this|they|(?:the|this|our)\s+(?:bot|chatbot|assistant|business|company))\s+(?:are|is|am|'re|'s|was|were)\b/i.test(s)) continue;
    s = s.replace(/^(?:the|this|our)\s+(?:bot|chatbot|assistant|agent)\s+/i, '');
    s = s.replace(/^(?:we|i|it|they)\s+/i, '');
    const first = s.split(' ')[0] ?? '';
    const offered = OFFER_VERBS.test(first);
    const helped = HELP_VERBS.test(first);
    const about = /\b(?:about|regarding|concerning|related to|with|such as|including|like)\s+(.+)$/i.exec(s);
    // "Online shop for handmade kettles": what the business offers follows its own name.
    const business = new RegExp(`^(?:(?:an?|the|our)\\s+)?(?:[\\w-]+\\s+){0,3}?${BUSINESS_NOUN}\\s+(?:for|selling|offering|that sells|that offers|of)\\s+(.+)$`, 'i').exec(s);
    // "…SaaS for small teams: tasks, timelines, integrations": a list after a colon says it best.
    const listed = /:\s*([^:]+)$/.exec(s);
    let part = listed?.[1] ?? business?.[1] ?? about?.[1] ?? (offered || helped ? s.slice(first.length) : s);
    const startsSentence = part === s;
    part = part.replace(/^\s*(?:(?:visitors|customers|users|people|clients|guests|patients|students|members|shoppers)\s+)?(?:(?:common|frequent|all|any|general)\s+)?(?:questions|queries|enquiries|inquiries|requests)?\s*(?:(?:about|with|on|for|regarding)\s+)?/i, '');
    const help = helped || (!offered && !business && !listed && about !== null);
    for (const [i, piece] of part.split(/,\s*|\s+(?:and|or|&)\s+|\s*\/\s*/).entries()) {
      const text = topicText(piece, name, startsSentence && i === 0);
      if (text && !topics.some((t) => t.text.toLowerCase() === text.toLowerCase())) topics.push({ text, help });
      if (topics.length === MAX_TOPICS) return topics;
    }
  }
  return topics;
}

function topicText(piece: string, name: string, startsSentence: boolean): string | null {
  let t = piece.trim().replace(/\s+etc\.?$/i, '').replace(/[()"“”]/g, '').trim();
  while (DETERMINER.test(t)) t = t.replace(DETERMINER, '');
  if (LEADING_VERB.test(t) && t.split(' ').length > 1) t = t.replace(LEADING_VERB, '');
  // "reports in the Acme app" → reports: where or for whom is not the subject.
  t = t.replace(/\s+(?:in|at|on|for|from|of|with|via|through|across|near|around)\s+(?:the|our|your|a|an|my|their)\b.*$/i, '').trim();
  t = t.replace(/\s+(?:in|at|near)\s+[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*$/, '').trim();
  if (!t || GENERIC.test(t) || new RegExp(`^(?:[\\w-]+\\s+)?${BUSINESS_NOUN}$`, 'i').test(t) || t.split(' ').length > 5 || t.length > 60 || !/[a-z]/i.test(t)) return null;
  // A capital that only starts the sentence goes; a brand's stays.
  const [first, ...rest] = t.split(' ');
  const lowered = startsSentence && /^[A-Z][a-z]+$/.test(first) && !name.split(' ').includes(first) ? first.toLowerCase() : first;
  return [lowered, ...rest].join(' ');
}
