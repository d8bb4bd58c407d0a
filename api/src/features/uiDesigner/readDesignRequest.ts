import { HOME_SCREEN_LIMITS, type HOME_ITEM_STYLES } from '@parley/contracts';
import { COUNT_PATTERN, countOf, UNSUPPORTED_ASKS } from './designVocabulary';
import type { SurveyRef } from './matchSurvey';
import { type ColorAsk, readColors } from './readColors';

type SizeAsk = { px: number } | { step: 1 | -1 } | { preset: 'large' | 'small' | 'huge' | 'tiny' };
/**
 * A button or topic that does something other than send a message. A survey one names its
 * survey in `survey` until the bot's surveys are looked at; its title is then the quoted label
 * or the survey's name, and `surveyId` the survey's id.
 */
export type ActionAsk = { kind: 'survey' | 'link' | 'start_chat'; title: string; survey?: SurveyRef; surveyId?: number; url?: string; asTopic: boolean };
type Part = 'footer' | 'header' | 'search' | 'categories' | 'quick_actions' | 'topics';

export type DesignRequest = {
  /** The owner's words in lowercase, to tell what kind of business it is. */
  context: string;
  categories: string[] | null;
  categoryCount: number | null;
  addCategories: string[];
  removeCategories: string[];
  topics: string[] | null;
  addTopics: string[];
  removeTopics: string[];
  topicCount: number | null;
  topicsPerCategory: number | null;
  /** "a FAQ category with 3 topics": a count for that one category, not for the whole grid. */
  categoryTopicCounts: { category: string; count: number }[];
  /** "change the Billing topics to outlined": styles apply to every topic, so the owner is told. */
  styleScope: string | null;
  colors: ColorAsk['colors'];
  page?: ColorAsk['page'];
  unknownColors: string[];
  /** Colours named with no role left for them ("navy blue and gold": gold). */
  unusedColors: string[];
  itemStyle?: (typeof HOME_ITEM_STYLES)[number];
  titleFontSize?: SizeAsk;
  descriptionFontSize?: SizeAsk;
  transparency?: { value: number; clamped: boolean };
  backgroundImageUrl?: string;
  transparentHeader: boolean;
  actions: ActionAsk[];
  search?: boolean;
  headerTitle?: string;
  headerSubtitle?: string;
  footer?: { text?: string; links: { text: string; url: string }[] };
  remove: Set<Part>;
  /** "rename Billing to Payments": a category, topic or header title the design already has. */
  renames: { from: string; to: string }[];
  /** "remove Technical Support": matched against the current categories and topic titles. */
  removeNames: string[];
  /** "a topic called 'Track order' in the Shipping category". */
  placements: { title: string; category: string }[];
  /** Names the owner wrote that could not become a category or topic. */
  unusedNames: string[];
  /** What was read but cannot be built, each a sentence for the explanation. */
  problems: string[];
  unsupported: string[];
};

/**
 * The owner's words read into what they ask for. Each piece that is read is blanked out of
 * the text that later readers see, so a quoted title "Green Valley" is not also a colour and
 * "20px" is not also a count.
 */
export function readDesignRequest(words: string, botName: string): DesignRequest {
  const text = new MaskedText(words.replace(/[’‘]/g, "'").replace(/[“”]/g, '"'));
  const ask: DesignRequest = {
    context: words.toLowerCase(),
    categories: null,
    categoryCount: null,
    addCategories: [],
    removeCategories: [],
    topics: null,
    addTopics: [],
    removeTopics: [],
    topicCount: null,
    topicsPerCategory: null,
    categoryTopicCounts: [],
    styleScope: null,
    colors: {},
    unknownColors: [],
    unusedColors: [],
    transparentHeader: false,
    actions: [],
    remove: new Set(),
    renames: [],
    removeNames: [],
    placements: [],
    unusedNames: [],
    problems: [],
    unsupported: [],
  };
  readUrls(text, ask);
  readHeaderAndFooter(text, ask, botName);
  readSurveysAndChat(text, ask);
  readSizes(text, ask);
  readRenames(text, ask);
  readRemovals(text, ask);
  readPlacements(text, ask);
  readCategories(text, ask);
  readTopics(text, ask);
  readBareList(text, ask);
  readNamedRemovals(text, ask);
  const lower = text.lower();
  const scoped = /\b(?:change|make|set|turn|style|restyle|switch|give)\s+(?:only\s+)?(?:the|my|our)\s+["']?([\p{L}\p{N}][^.,;!?\n"']{0,40}?)["']?\s+(?:topics|items|category|tab|section)\b[^.;!?\n]*\b(?:outlined?|bordered|filled|solid|bigger|larger|smaller|big|large|small|px)\b/iu.exec(text.original);
  if (scoped && !/^(?:all|every|each)$/i.test(scoped[1]!)) ask.styleScope = scoped[1]!.trim();
  if (/\b(?:outlined?|bordered|borders?)\b/.test(lower)) ask.itemStyle = 'outlined';
  else if (/\b(?:filled|solid)\b/.test(lower)) ask.itemStyle = 'filled';
  if (/\btransparent (?:header|heading|top)\b|\bheader (?:with )?(?:a )?transparent\b/.test(lower)) ask.transparentHeader = true;
  if (/\b(?:no|without(?: a| the)?|remove(?: the)?|hide(?: the)?|disable|turn off(?: the)?) search\b/.test(lower)) ask.search = false;
  else if (/\bsearch/.test(lower)) ask.search = true;
  const { colors, unknown, unused, page } = readColors(text.masked);
  ask.colors = colors;
  if (page) ask.page = page;
  ask.unknownColors = unknown;
  ask.unusedColors = unused;
  ask.unsupported = UNSUPPORTED_ASKS.filter(([re]) => re.test(lower)).map(([, what]) => what);
  return ask;
}

/** The prompt with read pieces blanked (same length, so positions still line up). */
class MaskedText {
  masked: string;
  constructor(readonly original: string) {
    this.masked = original;
  }
  lower() {
    return this.masked.toLowerCase();
  }
  blank(start: number, end: number) {
    this.masked = this.masked.slice(0, start) + ' '.repeat(end - start) + this.masked.slice(end);
  }
  /** Every match of re on the masked text, blanked as it is read when take() says so. */
  each(re: RegExp, take: (m: RegExpExecArray) => boolean | { start: number; end: number }) {
    for (const m of [...this.masked.matchAll(new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`))]) {
      const read = take(m);
      if (read === true) this.blank(m.index, m.index + m[0].length);
      else if (read) this.blank(read.start, read.end);
    }
  }
}

const QUOTED = `["']([^"'\\n]{1,120})["']`;
const FREE = `([A-Za-z0-9][^,.;!?\\n"]{0,80}?)(?=\\s+(?:with|and|plus|using|in|on|that|which)\\b|[,.;!?\\n]|$)`;
const SENTENCE = /[^.;!?\n]*(?:[.;!?\n]|$)/g;
/** A sentence whose quoted titles may hold "?" or ".": "a topic titled "Where is my order?" and …". */
const QUOTE_AWARE_SENTENCE = /(?:"[^"\n]*"|(?<=^|\s)'[^'\n]*'|[^.;!?\n])+(?:[.;!?\n]|$)/g;

/** The sentence of the original text around index i. */
function sentenceAt(text: MaskedText, i: number, pattern = SENTENCE): string {
  for (const m of text.original.matchAll(pattern)) if (i >= m.index && i < m.index + m[0].length) return m[0];
  return '';
}

/** The comma-separated piece of the original text around index i. */
const clauseAt = (text: MaskedText, i: number) => sentenceAt(text, i, /[^,.;!?\n]*(?:[,.;!?\n]|$)/g);

function readUrls(text: MaskedText, ask: DesignRequest) {
  // The widget opens only web pages: other schemes are left out, and the owner is told.
  text.each(/\b(?:(?:ftps?|sftp|file|wss?):\/\/[^\s"'<>]+|javascript:[^\s"'<>]*|data:[a-z]+\/[^\s"'<>]*|mailto:[^\s"'<>]+|tel:[^\s"'<>]+)/gi, (m) => {
    const shown = m[0].length > 40 ? `${m[0].slice(0, 37)}...` : m[0];
    ask.problems.push(`Links must start with http:// or https://, so I left out ${shown}`);
    return true;
  });
  text.each(/https?:\/\/[^\s"'<>()]+[^\s"'<>().,;!?]/gi, (m) => {
    const url = m[0];
    const before = text.original.slice(Math.max(0, m.index - 40), m.index).toLowerCase();
    const clause = clauseAt(text, m.index).toLowerCase();
    if (/background|image|photo|picture|wallpaper/.test(before) || /\.(png|jpe?g|gif|webp|svg|avif)(\?|$)/i.test(url)) {
      ask.backgroundImageUrl = url;
    } else {
      // 'a link "Book online" to https://…': the quoted label names the link and is no topic of its own.
      const label = labelBefore(text, m.index);
      if (label) text.blank(label.start, label.end);
      const title = label?.label.slice(0, HOME_SCREEN_LIMITS.title) ?? linkText(url, before);
      if (/footer/.test(clause)) {
        ask.footer ??= { links: [] };
        ask.footer.links.push({ text: title, url });
      } else ask.actions.push({ kind: 'link', title, url, asTopic: /\btopic/i.test(clauseAt(text, m.index)) });
    }
    return true;
  });
}

/**
 * The quoted label right before index in the same clause: 'a link "Book online" to …',
 * 'a topic "Rate us" that starts survey 12'. Nothing when a comma, "and" or "with" comes
 * between, so 'a footer "Open 9-5" with a link to …' keeps its text for the footer.
 */
function labelBefore(text: MaskedText, index: number): { label: string; start: number; end: number } | null {
  const from = Math.max(0, index - 160);
  const m = /(["'])([^"'\n]{1,120})\1([^"'.,;!?\n]{0,50})$/.exec(text.masked.slice(from, index));
  if (!m || /\b(?:and|with|plus|also|then|or)\b/i.test(m[3]!) || !m[2]!.trim()) return null;
  return { label: m[2]!.trim(), start: from + m.index, end: from + m.index + m[0].length - m[3]!.length };
}

/** 'survey 12 called "Feedback"': a quoted label named right after. */
function labelAfter(text: MaskedText, index: number): { label: string; start: number; end: number } | null {
  const m = /^[^"'.,;!?\n]{0,30}?\b(?:called|named|titled|labell?ed|saying)\s+(["'])([^"'\n]{1,120})\1/i.exec(text.masked.slice(index));
  if (!m || !m[2]!.trim()) return null;
  return { label: m[2]!.trim(), start: index + m[0].length - m[2]!.length - 2, end: index + m[0].length };
}

/** "link to our docs at https://…" → "Docs"; else the path's last word or the host. */
function linkText(url: string, before: string): string {
  const named = /(?:link|button)s? (?:to|for) (?:our |the |my |your )?([a-z][a-z ]{1,40}?) (?:at|on|:)\s*$/.exec(before);
  if (named) return titleCase(named[1]!);
  const parsed = new URL(url);
  const last = parsed.pathname.split('/').filter(Boolean).at(-1);
  if (last && /^[a-z][\w-]*$/i.test(last)) return titleCase(last.replace(/[-_]+/g, ' '));
  return `Visit ${parsed.host}`;
}

function readHeaderAndFooter(text: MaskedText, ask: DesignRequest, botName: string) {
  const lead = `\\s*(?:to|:|=|of|as|is|saying|that says|reading|with the text|text)?\\s*`;
  text.each(new RegExp(`\\b(?:subtitle|sub-title|subheading|sub heading|tagline|subtext)${lead}(?:${QUOTED}|${FREE})`, 'gi'), (m) => {
    ask.headerSubtitle = (m[1] ?? m[2])!.trim();
    return true;
  });
  text.each(new RegExp(`\\bfooter${lead}(?:${QUOTED}|(?<=(?:saying|says|reading|text|:)\\s*)${FREE})`, 'gi'), (m) => {
    ask.footer ??= { links: [] };
    ask.footer.text = (m[1] ?? m[2])!.trim();
    return true;
  });
  const free = `(?:titled|entitled|heading|headline|header title|rename (?:the )?(?:header|title|heading) to|change (?:the )?(?:header|title|heading)(?: text)? to)`;
  const quotedOnly = `(?:header|title|welcome message|welcome text|greeting|called|named)`;
  const titleRe = new RegExp(`\\b(?:${free}${lead}(?:${QUOTED}|${FREE})|${quotedOnly}${lead}${QUOTED})`, 'gi');
  text.each(titleRe, (m) => {
    const sentence = sentenceAt(text, m.index).toLowerCase();
    const before = text.original.slice(Math.max(0, m.index - 40), m.index).toLowerCase();
    // "a topic called 'X'" and "a Billing category named X" belong to the topics and categories,
    // and so does "…and another titled 'Y'" after a topic in the same sentence.
    if (/\b(?:topics?|categor(?:y|ies)|survey|button|link|action|tab)\b[^,.;]*$/.test(before)) return false;
    const sentenceSoFar = (text.original.slice(0, m.index).replace(/"[^"\n]*"|(^|\s)'[^'\n]*'/g, ' ').split(/[.;!?\n]/).at(-1) ?? '').toLowerCase();
    if (/\b(?:another|one more|a second|a third|the other)(?: one| topic)?\s*$/.test(before) && /\btopics?\b/.test(sentenceSoFar)) return false;
    const value = (m[1] ?? m[2] ?? m[3])!.trim();
    if (/^\d+\s*(?:px)?$/i.test(value)) return false;
    if (/footer/.test(sentence) && !/header|title|heading/.test(sentence)) return false;
    ask.headerTitle = value;
    return true;
  });
  if (!ask.footer && /\b(?:add|with|include|put|and) (?:a |an )?footer\b/i.test(text.masked) && !/\b(?:no|remove|without|hide) (?:the )?footer/i.test(text.masked)) {
    ask.footer = { text: `Powered by ${botName}`, links: [] };
  }
}

function readSurveysAndChat(text: MaskedText, ask: DesignRequest) {
  const take = (m: RegExpExecArray, id?: string | number) => {
    const words = nameBefore(text.original.slice(Math.max(0, m.index - 80), m.index));
    const quoted = labelAround(text, m.index) ?? labelBefore(text, m.index) ?? labelAfter(text, m.index + m[0].length);
    // The label names the survey's button, so the topic reader must not make it a topic too.
    if (quoted) text.blank(quoted.start, quoted.end);
    const label = quoted?.label.slice(0, HOME_SCREEN_LIMITS.title);
    ask.actions.push({ kind: 'survey', title: label ?? '', survey: { ...(id !== undefined && { id }), words, ...(label && { label }) }, asTopic: isTopic(text, m.index) });
    return true;
  };
  text.each(/\bsurvey\s*(?:#|no\.?\s*|number\s*)?(\d+)\b(?!-)/gi, (m) => take(m, surveyIdOf(m[1]!)));
  text.each(/\bsurvey\s*[(,]?\s*(?:with\s+(?:the\s+)?)?id\s*[:=#]?\s*['"]?([\w-]+)['"]?\s*\)?/gi, (m) => take(m, surveyIdOf(m[1]!)));
  // "survey abc-123" or "survey 'nps'": an id with a digit in it, or quoted, is named as an id.
  text.each(/\bsurvey\s+(?:#\s*)?(?:([\w-]*\d[\w-]*)|["']([\w-]{1,100})["'])/gi, (m) => take(m, surveyIdOf((m[1] ?? m[2])!)));
  // "our feedback survey", "take the survey": named by its words, matched to the bot's surveys later.
  text.each(/\bsurveys?\b(?!\s+(?:categor|tabs?\b|sections?\b))/gi, (m) => {
    const before = text.masked.slice(Math.max(0, m.index - 60), m.index);
    if (/\b(?:no|remove|delete|drop|hide|without|get rid of)\s+(?:the\s+|any\s+|our\s+|a\s+|all\s+)?(?:[\p{L}\p{N}-]+\s+){0,3}$/iu.test(before)) return true;
    // "the New Survey survey": the first "Survey" is part of the name the second one ends, so one request.
    if (inLaterName(text, m.index + m[0].length)) return false;
    return take(m);
  });
  // "…starts survey 12. Put the survey first": a bare "the survey" next to a named one is that one again.
  if (ask.actions.filter((a) => a.kind === 'survey').length > 1) {
    ask.actions = ask.actions.filter((a) => !a.survey || a.survey.id !== undefined || a.survey.words || a.survey.label);
  }
  text.each(/\bstart(?:ing)?\s+(?:a\s+|new\s+|the\s+)?(?:live\s+)?(?:chat|conversation)\b|\b(?:live )?chat (?:now )?button\b|\btalk to (?:us|an agent|a human|a person) button\b/gi, (m) => {
    if (!ask.actions.some((a) => a.kind === 'start_chat')) {
      ask.actions.push({ kind: 'start_chat', title: 'Start a chat', asTopic: /\btopic/i.test(clauseAt(text, m.index)) });
    }
    return true;
  });
}

/**
 * Whether the survey at index is asked for as a topic: the nearest "topic", "button" or "action"
 * before it in its clause says ("a topic for survey 12 and a quick action for the feedback
 * survey"), else one anywhere in the clause.
 */
function isTopic(text: MaskedText, index: number): boolean {
  const sentence = [...text.original.matchAll(QUOTE_AWARE_SENTENCE)].find((s) => index >= s.index && index < s.index + s[0].length);
  // The masked text, so a label already read ("a 'Button help' topic") says nothing here.
  const nouns = [...text.masked.slice(sentence?.index ?? index, index).matchAll(/\b(topic|button|action)s?\b/gi)];
  const last = nouns.at(-1)?.[1];
  return last ? /topic/i.test(last) : /\btopic/i.test(clauseAt(text, index));
}

/** Words that end a survey's name when read backwards: "a topic that starts [our] customer satisfaction survey". */
const NAME_STOP = /^(?:the|our|a|an|my|your|this|that|these|its|for|to|of|on|in|with|about|and|or|starts?|starting|take|taking|open|opens|launch(?:es)?|runs?|fill|complete|button|topic|action|link|called|named|titled)$/i;

/** The words right before "survey" that name it, read back to the first article, verb or punctuation. */
function nameBefore(before: string): string {
  const words: string[] = [];
  for (const word of before.trimEnd().split(/(\s+)/).reverse()) {
    if (!word.trim()) continue;
    if (!/^[\p{L}\p{N}][\p{L}\p{N}&-]*$/u.test(word) || NAME_STOP.test(word) || words.length === 5) break;
    words.unshift(word);
  }
  return words.join(' ');
}

/** Whether the "survey" ending at index is a word of a survey's name that another "survey" right after ends. */
function inLaterName(text: MaskedText, index: number): boolean {
  const rest = /^((?:\s+[\p{L}\p{N}][\p{L}\p{N}&-]*){0,4}?)\s+surveys?\b/iu.exec(text.masked.slice(index));
  return !!rest && rest[1]!.split(/\s+/).every((word) => !NAME_STOP.test(word));
}

/** The quoted text around index: 'a "Take our survey" button' is a survey button with that label. */
function labelAround(text: MaskedText, index: number): { label: string; start: number; end: number } | null {
  const sentence = [...text.masked.matchAll(QUOTE_AWARE_SENTENCE)].find((s) => index >= s.index && index < s.index + s[0].length);
  if (!sentence) return null;
  for (const q of sentence[0].matchAll(/"([^"\n]{1,120})"|(?<=^|\s)'([^'\n]{1,120})'/g)) {
    const start = sentence.index + q.index;
    if (index > start && index < start + q[0].length) return { label: (q[1] ?? q[2])!.trim(), start, end: start + q[0].length };
  }
  return null;
}

/** Whole numbers are survey ids as stored; anything else is kept as written, to be reported. */
function surveyIdOf(raw: string): string | number {
  return /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : raw.slice(0, 100);
}

function readSizes(text: MaskedText, ask: DesignRequest) {
  const px = `(\\d{1,3})\\s*(?:px|pixels?)?`;
  const size = `(?:\\s*font)?(?:\\s*sizes?)?\\s*(?:to|of|at|:|=|is|should be)?\\s*`;
  const which = (w: string) => (/^desc/i.test(w) ? 'descriptionFontSize' : 'titleFontSize');
  text.each(/\bfont[- ]?sizes?\s*(?:of|to|:|=|is)?\s*(\d{1,3})\s*(?:px|pixels?)?\s+(?:for|on|of|in)\s+(?:the\s+)?(?:topic\s+|item\s+)?(titles?|descriptions?)\b/gi, (m) => {
    ask[which(m[2]!)] = { px: Number(m[1]) };
    return true;
  });
  text.each(new RegExp(`\\b(titles?|descriptions?)${size}${px}\\b`, 'gi'), (m) => {
    ask[which(m[1]!)] = { px: Number(m[2]) };
    return true;
  });
  text.each(/\b(\d{1,3})\s*(?:px|pixels?)\s+(?:topic\s+|item\s+)?(titles?|descriptions?)\b/gi, (m) => {
    ask[which(m[2]!)] = { px: Number(m[1]) };
    return true;
  });
  const relative = (word: string): SizeAsk =>
    /bigger|larger|increase/.test(word)
      ? { step: 1 }
      : /smaller|decrease/.test(word)
        ? { step: -1 }
        : { preset: /huge/.test(word) ? 'huge' : /tiny/.test(word) ? 'tiny' : /big|large/.test(word) ? 'large' : 'small' };
  const apply = (target: string, word: string) => {
    const s = relative(word.toLowerCase());
    if (/^(text|fonts?|font sizes?|topics?|items?)$/i.test(target)) {
      ask.titleFontSize ??= s;
      ask.descriptionFontSize ??= s;
    } else ask[which(target)] = s;
  };
  const adj = '(bigger|larger|big|large|huge|smaller|small|tiny)';
  text.each(new RegExp(`\\b${adj}\\s+(?:topic\\s+|item\\s+)?(titles?|descriptions?|text|fonts?|font sizes?)\\b`, 'gi'), (m) => {
    apply(m[2]!, m[1]!);
    return true;
  });
  text.each(/\b(titles?|descriptions?|text|fonts?|font sizes?|topics|items)\s+(?:a bit |much |slightly )?(bigger|larger|smaller)\b/gi, (m) => {
    apply(m[1]!, m[2]!);
    return true;
  });
  const setTransparency = (raw: number) => {
    ask.transparency = { value: Math.min(100, Math.max(0, raw)), clamped: raw < 0 || raw > 100 };
    return true;
  };
  const percent = `(?:%|\\s*(?:percent|per cent|pct)\\b)?`;
  text.each(new RegExp(`(-?\\d{1,4})\\s*${percent}\\s*(?:transparen\\w*|overlay|opacity)`, 'gi'), (m) => setTransparency(Number(m[1])));
  text.each(new RegExp(`\\b(?:transparen\\w*|overlay|opacity)\\s*(?:of|to|at|:|=|is)?\\s*(-?\\d{1,4})\\s*${percent}`, 'gi'), (m) => setTransparency(Number(m[1])));
  text.each(/\bno overlay\b/gi, () => setTransparency(0));
  text.each(/\bfull overlay\b/gi, () => setTransparency(100));
}

const NOUN = { categories: '(?:categor(?:y|ies)(?:\\s+tabs?)?|tabs?|sections?)', topics: 'topics?' };

function readCategories(text: MaskedText, ask: DesignRequest) {
  readList(text, NOUN.categories, ask, 'categories');
  text.each(new RegExp(`\\b${COUNT_PATTERN}\\s+(?:[a-z]+\\s+)?${NOUN.categories}\\b`, 'gi'), (m) => {
    ask.categoryCount = countOf(m[1]!);
    return true;
  });
}

const LIST_AFTER = /^\s*(?::|-|such as\b|like\b|including\b|called\b|named\b)/i;

function readTopics(text: MaskedText, ask: DesignRequest) {
  text.each(new RegExp(`\\b(?:each|every category|every tab)\\s*(?:with|having|has|gets|containing|holding)\\s+${COUNT_PATTERN}\\s+(?:[a-z]+\\s+)?topics?`, 'gi'), (m) => {
    ask.topicsPerCategory = countOf(m[1]!);
    return true;
  });
  text.each(new RegExp(`\\b${COUNT_PATTERN}\\s+(?:[a-z]+\\s+)?topics?(\\s+(?:each|per category|in each(?: category)?|for each(?: category)?|under each(?: category)?))?`, 'gi'), (m) => {
    const owner = /(?:^|[\s,.;:!?])(?:(?:add|with|and|plus)\s+)?(?:a|an|the|one)?\s*(?:new\s+)?["']?((?:(?!\b(?:categor(?:y|ies)|tabs?|sections?|topics?|with)\b)[\p{L}\p{N} &/-]){1,40}?)["']?\s+(?:category|tab|section)\s+(?:with|having|containing|that has|holding)\s+$/iu.exec(
      text.original.slice(Math.max(0, m.index - 80), m.index),
    );
    if (m[2]) ask.topicsPerCategory = countOf(m[1]!);
    else if (owner && !/^(?:each|every|the|a|new)$/i.test(owner[1]!)) ask.categoryTopicCounts.push({ category: titleCase(owner[1]!.trim()), count: countOf(m[1]!) });
    else ask.topicCount = countOf(m[1]!);
    // "3 topics: Repairs, Rentals": the noun stays so the list after it is still read as names.
    if (!m[2] && LIST_AFTER.test(text.masked.slice(m.index + m[0].length))) return { start: m.index, end: m.index + m[0].search(/topics?$/i) };
    return true;
  });
  // Quoted titles in a sentence about topics: "a topic called 'Reset my password'", "add a topic 'Store hours'".
  for (const s of [...text.masked.matchAll(QUOTE_AWARE_SENTENCE)]) {
    const sentence = s[0];
    if (!/\btopics?\b/i.test(sentence)) continue;
    const quotes = [...sentence.matchAll(new RegExp(QUOTED, 'g'))];
    const titles = quotes.map((q) => q[1]!.trim());
    if (!titles.length) continue;
    if (/\b(?:remove|delete|drop|hide)\b/i.test(sentence)) ask.removeTopics.push(...titles);
    else if (/\badd\b/i.test(sentence) || /\b(?:a|an|one|another) (?:new )?topic\b/i.test(sentence)) ask.addTopics.push(...titles);
    else ask.topics = [...(ask.topics ?? []), ...titles];
    for (const q of quotes) text.blank(s.index + q.index, s.index + q.index + q[0].length);
  }
  readList(text, NOUN.topics, ask, 'topics');
}

/** "categories: A, B and C", "with A, B and C categories", "add a Billing category", "remove the Sales category". */
function readList(text: MaskedText, noun: string, ask: DesignRequest, kind: 'categories' | 'topics') {
  const item = `[^.;:!?\\n"]`;
  const after = new RegExp(`\\b(add|remove|delete|drop)?(?:\\s+(?:the|a|an|new))?\\s*${noun}(\\s*(?::|for|like|such as|including|called|named|about|on|-|\\()\\s*|\\s+(?=[A-Z]))(${item}+?)(?=\\s+(?:with|plus|in a|using|and then)\\b|\\)|[.;!?\\n]|$)`, 'gi');
  const before = new RegExp(`(?:\\b(add|remove|delete|drop|with|for|having|has|including|featuring|covering|of|offering|show|need)\\s+|^\\s*(?=[A-Za-z])|[.;!?\\n]\\s*(?=[A-Za-z]))(?:the\\s+|a\\s+|an\\s+|new\\s+)?((?:(?!\\b(?:with|for|add|remove)\\b)${item})+?)\\s+${noun}\\b`, 'gi');
  const take = (m: RegExpExecArray, fromEnd: boolean) => {
    const [verb, list] = fromEnd ? [m[1], m[2]!] : [m[1], m[3]!];
    // "categories Cakes, Bread": without a colon or "for", only capitalised names count as a list.
    if (!fromEnd && !m[2]!.trim() && !/^[A-Z]/.test(list)) return false;
    if (new RegExp(`^${COUNT_PATTERN}$`, 'i').test(list.trim())) return false;
    // "change the Delivery topics to outlined" points at topics the design has; it names no new ones.
    if (fromEnd && !verb && /^\s*(?:change|make|set|turn|switch|swap|style|restyle|update|give|render|display|show)\b/i.test(list)) return false;
    const { items, used, unused } = splitList(list, fromEnd, kind);
    ask.unusedNames.push(...unused);
    if (!items.length) return false;
    const v = verb?.toLowerCase();
    if (v === 'remove' || v === 'delete' || v === 'drop') (kind === 'categories' ? ask.removeCategories : ask.removeTopics).push(...items);
    else if (v === 'add') (kind === 'categories' ? ask.addCategories : ask.addTopics).push(...items);
    else if (kind === 'categories') ask.categories = [...(ask.categories ?? []), ...items];
    else ask.topics = [...(ask.topics ?? []), ...items];
    const listStart = m.index + m[0].lastIndexOf(list);
    // Only the list and its noun are read: what follows ("…, primary #ff6600") is for the other readers.
    return fromEnd ? { start: listStart + list.length - used, end: m.index + m[0].length } : { start: m.index, end: listStart + used };
  };
  text.each(after, (m) => take(m, false));
  text.each(before, (m) => take(m, true));
}

const NOT_A_NAME =
  /#|^\d|\d\s*(?:px|%)|\b(?:hide|remove|delete|drop|show|add|no|without|get rid of|each|every|them|those|these|categor(?:y|ies)|topics?|theme|primary|brand|accent|background|text|buttons?|search|footer|header|heading|title|titles|style|outlined?|filled|solid|px|transparen\w*|overlay|survey|link|colou?rs?|font|dark|light|page|screen|home|cent(?:er|re)|widget|please|make|use|want|need|create|build|design|items?|bigger|larger|smaller|red|green|blue|purple|orange|yellow|pink|black|white|gr[ae]y|teal|navy)\b/i;

/**
 * The names in "A, B and C": read forwards after the noun ("categories: A, B and C, primary
 * red" stops after C) or backwards before it ("green theme and A, B and C categories"). Only
 * commas, semicolons and "and" split it: "Billing & Payments" and "Tech/IT" are one name each.
 * A piece that is clearly not a name (a colour, a setting) ends the list; a capitalised piece
 * too long to be a name is returned as unused so the owner hears about it.
 */
function splitList(list: string, fromEnd: boolean, kind: 'categories' | 'topics'): { items: string[]; used: number; unused: string[] } {
  const parts = list.split(/(\s*(?:,|;|\band\b)\s*)/i);
  const order = fromEnd ? [...parts.keys()].reverse() : [...parts.keys()];
  const items: string[] = [];
  const unused: string[] = [];
  let used = 0;
  let sawAnd = false;
  for (const i of order) {
    const part = parts[i]!;
    if (i % 2 === 1) {
      const isAnd = /and/i.test(part);
      if (fromEnd ? isAnd && sawAnd : sawAnd) break;
      sawAnd ||= isAnd;
      used += part.length;
      continue;
    }
    const name = part.replace(/^(?:the|an|our|my|your|some)\s+|^a\s+(?=\S)/i, '').replace(/['"()]/g, '').trim();
    // A lone "a" is a name only in a list read forwards ("categories: a, b, c"), not in "add a topic".
    if (!name || /^(?:the|an|and|also|some|any)$/i.test(name) || (fromEnd && /^a$/i.test(name))) {
      used += part.length;
      continue;
    }
    if (NOT_A_NAME.test(name) || name.split(/\s+/).length > 5 || name.length > HOME_SCREEN_LIMITS.category) {
      if (/^\p{Lu}/u.test(name) && !NOT_A_NAME.test(name)) unused.push(name);
      break;
    }
    // Category tabs are title-cased labels; a topic keeps the owner's casing ("Track my order").
    const cased = kind === 'categories' ? titleCase(name) : `${name[0]!.toUpperCase()}${name.slice(1)}`;
    fromEnd ? items.unshift(cased) : items.push(cased);
    used += part.length;
  }
  return { items, used, unused };
}

/** "rename Billing to Payments", "rename the 'Get Help' topic to 'Ask us'". */
function readRenames(text: MaskedText, ask: DesignRequest) {
  const name = `(?:"([^"\\n]{1,120})"|'([^'\\n]{1,120})'|([^\\s,.;!?"'][^,.;!?\\n"]{0,80}?))`;
  const re = new RegExp(`\\brename\\s+(?:the\\s+)?(?:(?:category|tab|topic|section)\\s+)?${name}\\s+(?:to|as|into)\\s+${name}(?=\\s+(?:and|with|plus)\\b|[,.;!?\\n]|$)`, 'gi');
  const strip = (s: string) => s.replace(/\s+(?:category|tab|topic|section)$/i, '').trim();
  text.each(re, (m) => {
    const from = strip((m[1] ?? m[2] ?? m[3])!);
    const to = strip((m[4] ?? m[5] ?? m[6])!);
    if (!from || !to) return false;
    ask.renames.push({ from, to: to.slice(0, HOME_SCREEN_LIMITS.title) });
    return true;
  });
}

/** "a topic called 'Track order' in the Shipping category": the quoted title stays for the topic reader. */
function readPlacements(text: MaskedText, ask: DesignRequest) {
  const re = /(?:"([^"\n]{1,120})"|'([^'\n]{1,120})')([^.;!?\n"]{0,40}?)\b(?:in|under|into|to)\s+(?:the\s+|a\s+|an\s+|our\s+)?(?:new\s+)?(?:"([^"\n]{1,60})"|([^\s.,;!?"'][^.,;!?\n"]{0,58}?))\s+(?:category|tab|section)\b/gi;
  text.each(re, (m) => {
    if (!/\btopics?\b/i.test(sentenceAt(text, m.index))) return false;
    const category = (m[4] ?? m[5])!.trim();
    ask.placements.push({ title: (m[1] ?? m[2])!.trim(), category: m[4] ? category : titleCase(category) });
    const start = m.index + (m[1] ?? m[2])!.length + 2 + m[3]!.length;
    return { start, end: m.index + m[0].length };
  });
}

/** "a support center with Billing, Technical Support and Sales": capitalised names after "with" are categories. */
function readBareList(text: MaskedText, ask: DesignRequest) {
  text.each(/\bwith\s+([^.;:!?\n"]+)/g, (m) => {
    const { items, used } = splitList(m[1]!, false, 'categories');
    const names = items;
    const pieces = m[1]!.slice(0, used).split(/\s*(?:,|;|\band\b)\s*/i).filter(Boolean);
    const capitalised = pieces.every((p) => /^(?:\p{Lu}|\d)/u.test(p.trim()));
    if (names.length < 2 || !capitalised || /^\s*topics?\b/i.test(m[1]!.slice(used))) return false;
    if (ask.categories || ask.addCategories.length) ask.unusedNames.push(...names);
    else ask.categories = names;
    const start = m.index + m[0].length - m[1]!.length;
    return { start, end: start + used };
  });
}

/** "remove Technical Support", "delete 'Store hours'": names to match against the current design. */
function readNamedRemovals(text: MaskedText, ask: DesignRequest) {
  text.each(/\b(?:remove|delete|drop|hide|get rid of)\s+(?:the\s+)?((?:"[^"\n]{1,120}"|'[^'\n]{1,120}'|\p{Lu})[^.;!?\n]{0,200})/gu, (m) => {
    const names: string[] = [];
    for (const piece of m[1]!.split(/\s*(?:,|\band\b)\s*/)) {
      const quoted = /^["']([^"'\n]+)["']$/.exec(piece.trim())?.[1];
      if (quoted) names.push(quoted.trim());
      else if (/^\p{Lu}/u.test(piece.trim()) && !NOT_A_NAME.test(piece) && piece.trim().split(/\s+/).length <= 5) names.push(piece.trim());
      else break;
    }
    ask.removeNames.push(...names);
    return names.length > 0;
  });
}

function readRemovals(text: MaskedText, ask: DesignRequest) {
  const parts: [RegExp, Part][] = [
    [/footer/, 'footer'],
    [/header|heading|title/, 'header'],
    [/categor|tabs/, 'categories'],
    [/quick actions|buttons|actions/, 'quick_actions'],
    [/topics|grid/, 'topics'],
  ];
  text.each(/\b(?:remove|delete|hide|drop|get rid of|without|no|turn off|disable)\s+(?:the\s+|a\s+|any\s+|all\s+(?:the\s+)?)?(footer|header|heading|categories|category tabs|tabs|quick actions|buttons|actions|topics|topic grid)\b/gi, (m) => {
    const found = parts.find(([re]) => re.test(m[1]!.toLowerCase()));
    if (found) ask.remove.add(found[1]);
    return true;
  });
}

/** "technical support" → "Technical Support"; words already in capitals (FAQ, API) stay. */
function titleCase(s: string): string {
  const small = new Set(['and', 'of', 'for', 'the', 'to', 'a', 'an', 'in', 'on', 'or', 'my', 'at', 'by']);
  return s
    .trim()
    .split(/\s+/)
    .map((w, i) => (i > 0 && small.has(w.toLowerCase()) ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1)))
    .join(' ');
}
