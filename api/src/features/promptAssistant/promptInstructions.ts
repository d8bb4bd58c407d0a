/**
 * Reading the owner's words and an existing prompt for the offline prompt writer: the pieces of
 * a prompt that must stay whole, which section a sentence belongs to, what tone or language the owner asked for, and how a bot's description
 * reads as a sentence about its job. Pure string work, deterministic.
 */

/** Where a sentence goes in a written prompt; `role` is the opening paragraph. */
export type SectionKey = 'role' | 'scope' | 'knowledge' | 'tone' | 'format' | 'unsure' | 'handoff' | 'other';

/** What the owner's words ask of the bot's voice. */
export type ToneSignals = {
  register: 'formal' | 'casual' | 'friendly' | null;
  length: 'concise' | 'detailed' | null;
  playful: boolean;
  empathetic: boolean;
  language: string | null;
};

// Checked in this order: the first match wins ("If you do not know, offer a human" is about being unsure).
const SECTION_RULES: [SectionKey, RegExp][] = [
  ['role', /^(you are|you're|act as|your name is|you (help|assist|answer|support|serve|represent|work for)\b|as (the|an?) [\w -]*(assistant|agent|bot)\b)/i],
  ['unsure', /\b(unsure|not sure|don't know|do not know|doesn't know|uncertain|no answer|can't answer|cannot answer|not in (the|your)|invent|make (things )?up|guess|hallucinat|clarifying question|unclear)/i],
  ['handoff', /\b(human|person|people|agent|staff|escalat|hand[- ]?off|hand (it )?over|contact form|contact us|email us|phone|call us|support team|representative|live chat|follow up|password|card number|sensitive)/i],
  ['format', /\b(format|paragraphs?|lists?|bullets?|markdown|numbered|headings?|bold|summar)/i],
  ['tone', /\b(tone|friendly|friendlier|formal|informal|casual|polite|professional|warm|concise|brief|short|shorter|succinct|verbose|emoji|empath|playful|humou?r|witty|language|voice|jargon|respectful|patient|register|slang|answer in|reply in|respond in|speak|detailed|thorough)/i],
  ['knowledge', /\b(knowledge|sources?|documentation|docs|provided|context|cite|citation|links?|articles?|faq|pages?|accurate|accuracy|facts?|information)\b/i],
  ['scope', /\b(focus|only (answer|help|discuss|talk|respond)|topics?|off[- ]topic|unrelated|scope|do not discuss|don't discuss|never discuss|avoid discussing|competitors?|questions about)\b/i],
];

/** Sentences that lean on the one before ("It should...") must not be filed apart from it. */
const CONTINUATION = /^(this|that|it|they|these|those|otherwise|then|also|but|and|instead|however|in that case|such)\b/i;

/** Headings that name the bot itself ("# Role") rather than one of the sections. */
const ROLE_HEADING = /^(role|identity|persona|about you|who you are)$/i;

/** The section a sentence of a prompt or of the owner's words belongs to. */
export function sectionOf(sentence: string): SectionKey {
  for (const [key, rule] of SECTION_RULES) if (rule.test(sentence)) return key;
  return 'other';
}

/** The section an owner's heading ("Tone:", "## Rules") files its block under. */
export const sectionOfHeading = (heading: string): SectionKey => (ROLE_HEADING.test(heading) ? 'role' : sectionOf(heading));

const MARKDOWN_HEADING = /^#{1,6}\s+(.+?)\s*#*$/;
/** A bullet or a numbered step: "- x", "* x", "• x", "1. x", "2) x". */
export const LIST_ITEM = /^(?:[-*•]|\d+[.)])\s+/;

/** A line's heading without its marks ("## Rules" → "Rules", "Our opening hours are:" → "Our opening hours are"), or null. */
function headingOf(line: string): string | null {
  const trimmed = line.trim();
  const markdown = MARKDOWN_HEADING.exec(trimmed);
  if (markdown) return markdown[1].replace(/:$/, '').trim();
  return trimmed.endsWith(':') && !LIST_ITEM.test(trimmed) ? trimmed.replace(/:$/, '').trim() : null;
}

/** A piece of a prompt that must stay whole: its lines verbatim, and its heading (first line) if it has one. */
export type PromptBlock = { heading: string | null; lines: string[] };

/**
 * A prompt cut into the pieces that must not be torn apart: paragraphs (runs of non-blank
 * lines), each with its heading and list when it has them. A lead-in line ("Never do the
 * following:") alone in its paragraph takes the next paragraph along, and a markdown heading
 * takes every paragraph up to the next heading, so a list never loses the line that says what
 * it is. Lines keep their text and indentation; only trailing spaces go.
 */
export function promptBlocks(text: string): PromptBlock[] {
  const paragraphs: string[][] = [];
  let run: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trimEnd();
    if (line.trim()) run.push(line);
    else if (run.length) {
      paragraphs.push(run);
      run = [];
    }
  }
  if (run.length) paragraphs.push(run);

  const blocks: PromptBlock[] = [];
  let underMarkdown = false;
  let leadInAlone = false;
  for (const lines of paragraphs) {
    const heading = headingOf(lines[0]);
    const last = blocks.at(-1);
    if (last && heading === null && (underMarkdown || leadInAlone)) {
      last.lines.push('', ...lines);
      leadInAlone = false;
      continue;
    }
    const markdown = MARKDOWN_HEADING.test(lines[0].trim());
    blocks.push({ heading, lines: [...lines] });
    underMarkdown = markdown;
    leadInAlone = heading !== null && lines.length === 1;
  }
  return blocks;
}

/**
 * Whether a paragraph without heading or list may be filed line by line: only when every line
 * is a complete sentence and none leans on the line before ("This includes..."); otherwise it
 * is one thought and stays whole.
 */
export function splitsIntoLines(lines: string[]): boolean {
  return lines.every((line) => /[.!?]["')\]]?$/.test(line.trim()) && !LIST_ITEM.test(line.trim())) && !lines.slice(1).some((line) => CONTINUATION.test(line.trim()));
}

/** The sentences of a text (headings left out, bullet marks dropped), for counting and for telling which sections a prompt covers. */
export function sentencesOf(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const trimmed = raw.trim();
    if (!trimmed || headingOf(trimmed) !== null) continue;
    const body = trimmed.replace(LIST_ITEM, '');
    for (const sentence of body.split(/(?<=[.!?]["')\]]?)\s+(?=["'([]?[A-Z0-9])/)) if (sentence.trim()) out.push(sentence.trim());
  }
  return out;
}

const LANGUAGES = [
  'English', 'French', 'German', 'Spanish', 'Italian', 'Portuguese', 'Dutch', 'Polish', 'Swedish', 'Danish', 'Norwegian',
  'Finnish', 'Czech', 'Greek', 'Turkish', 'Russian', 'Ukrainian', 'Arabic', 'Hebrew', 'Hindi', 'Japanese', 'Chinese',
  'Korean', 'Indonesian', 'Vietnamese', 'Thai', 'Romanian', 'Hungarian', 'Catalan', 'Irish', 'Welsh',
];
const LANGUAGE_RE = new RegExp(`\\b(${LANGUAGES.join('|')})\\b`, 'gi');

/** "answer in french" → "answer in French": language names are proper nouns. */
const capitaliseLanguages = (s: string) => s.replace(LANGUAGE_RE, (m) => m[0].toUpperCase() + m.slice(1).toLowerCase());

/** What the owner's words say about tone, length and language. */
export function toneSignals(words: string): ToneSignals {
  const w = words.toLowerCase();
  const language = /\b(?:in|into|only|always)\s+([a-z]+)\b/g;
  let found: string | null = null;
  for (const m of w.matchAll(language)) {
    const hit = LANGUAGES.find((l) => l.toLowerCase() === m[1]);
    if (hit) {
      found = hit;
      break;
    }
  }
  return {
    register: /\b(less formal|informal|casual|relaxed|laid[- ]back|conversational)\b/.test(w)
      ? 'casual'
      : /\b(formal|professional|businesslike|business-like)\b/.test(w)
        ? 'formal'
        : /\b(friendly|friendlier|warm|warmer|kind)\b/.test(w)
          ? 'friendly'
          : null,
    length: /\b(concise|brief|briefer|short|shorter|succinct|to the point|less verbose)\b/.test(w)
      ? 'concise'
      : /\b(detailed|thorough|in[- ]depth|longer|more detail)/.test(w)
        ? 'detailed'
        : null,
    playful: /\b(playful|fun|funny|humou?r|witty|jokes?)\b/.test(w),
    empathetic: /\b(empath\w*|caring|understanding|reassuring|patient)\b/.test(w),
    language: found,
  };
}

// Verbs an instruction may start with; a comma is split only when every part starts with one,
// so "If asked about X, say Y" stays one sentence.
const INSTRUCTION_START =
  /^(please\s+)?(be|make|use|add|answer|reply|respond|focus|mention|include|sound|write|keep|avoid|don't|do not|never|always|stop|start|speak|talk|greet|sign|offer|refer|ask|tell|say|explain|recommend|suggest|promote|limit|only|stay|switch|give|send|point|link|prefer|sound|address|call|treat|assume)\b/i;

const POLITE_PREFIX =
  /^(?:please\s+|(?:can|could|would|will) you\s+(?:please\s+)?|i(?:'d| would) like (?:it|you|the (?:bot|assistant|prompt))\s+to\s+|i want (?:it|you|the (?:bot|assistant|prompt))\s+to\s+|(?:it|the (?:bot|assistant)) should\s+|make sure (?:that\s+)?(?:it|the (?:bot|assistant))\s+)/i;

/**
 * The owner's words as instruction sentences: split at sentence ends, semicolons, line breaks
 * and (when each part is an instruction) commas; polite openings dropped; "make it more formal"
 * read as "Be more formal."; each capitalised and ended with a full stop.
 */
export function instructionsOf(words: string): string[] {
  const parts = words
    .split(/(?<=[.!?])\s+|[;\n]+/)
    .flatMap((part) => {
      const pieces = part.split(/,\s*(?:and\s+)?/).map((p) => p.trim()).filter(Boolean);
      return pieces.length > 1 && pieces.every((p) => INSTRUCTION_START.test(p.replace(POLITE_PREFIX, ''))) ? pieces : [part];
    })
    .map((p) => p.trim().replace(/[.!?]+$/, '').replace(POLITE_PREFIX, '').trim())
    .filter((p) => /[a-z0-9]/i.test(p));
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of parts) {
    const sentence = asSentence(capitaliseLanguages(rephrase(part)));
    if (!seen.has(sentence.toLowerCase())) {
      seen.add(sentence.toLowerCase());
      out.push(sentence);
    }
  }
  return out;
}

const SUBJECT = '(?:it|the (?:bot|assistant|prompt|answers?|replies|tone|voice))';

/** "make it more formal" → "be more formal"; "make it shorter" → "keep answers shorter". */
function rephrase(part: string): string {
  const moreLess = new RegExp(`^make ${SUBJECT}\\s+((?:more|less)\\s+.+)$`, 'i').exec(part);
  if (moreLess) return `be ${moreLess[1]}`;
  const comparative = new RegExp(`^make ${SUBJECT}\\s+(shorter|briefer|longer)$`, 'i').exec(part);
  if (comparative) return comparative[1].toLowerCase() === 'longer' ? 'give longer, more detailed answers' : `keep answers ${comparative[1].toLowerCase()}`;
  const adjective = new RegExp(`^make ${SUBJECT}\\s+(\\w+)$`, 'i').exec(part);
  if (adjective) return `be ${adjective[1]}`;
  return part;
}

/** First letter upper case, a full stop at the end unless it ends with ! or ?. */
function asSentence(text: string): string {
  const t = text.trim();
  if (!t) return t;
  const capital = t[0].toUpperCase() + t.slice(1);
  return /[.!?]["')\]]?$/.test(capital) ? capital : `${capital}.`;
}

/** Whether the owner's message asks for a change to the prompt (rather than asking a question). */
export function asksForChange(message: string): boolean {
  const m = message.trim().replace(POLITE_PREFIX, '');
  if (/^(what|how|why|who|when|where|which|is|are|does|do you|can i|should i)\b/i.test(m) && !/^(do not|don't)\b/i.test(m)) return false;
  return INSTRUCTION_START.test(m) || /\b(more|less)\s+(formal|friendly|casual|concise|detailed|professional|playful|polite|warm)\b/i.test(m);
}

/** Whether the owner asks to take something out, which the offline writer never does. */
export const asksForRemoval = (message: string) => /^(?:please\s+)?(remove|delete|drop|cut|take out|get rid of|shorten the prompt)\b/i.test(message.trim().replace(POLITE_PREFIX, ''));

// Third-person verbs a description may start with ("Answers questions about...") and their base form.
const DESCRIPTION_VERBS = ['answer', 'help', 'handle', 'provide', 'support', 'assist', 'explain', 'guide', 'cover', 'deal', 'walk', 'take', 'book', 'manage', 'resolve', 'troubleshoot', 'teach', 'fix', 'recommend', 'suggest', 'welcome', 'greet', 'collect', 'qualify', 'schedule', 'track'];

/** The base form of a verb in the third person ("answers" → "answer", "fixes" → "fix"), or null. */
function baseVerb(word: string): string | null {
  const w = word.toLowerCase();
  if (DESCRIPTION_VERBS.includes(w)) return w;
  for (const base of DESCRIPTION_VERBS) if (w === `${base}s` || w === `${base}es`) return base;
  return null;
}

/**
 * The bot's description as a sentence about its job, addressed to the bot: "Answers questions
 * about moorings." → "You answer questions about moorings."; "A chatbot for my bakery" → "You
 * help visitors with questions about our bakery."; null when there is no description. `name` is
 * the bot's, whose words keep their capitals.
 */
export function scopeSentence(description: string, name: string): string | null {
  let d = description.trim().replace(/\s+/g, ' ').replace(/[.!?]+$/, '').replace(/\bmy\b/gi, 'our').replace(/\bMy\b/g, 'Our');
  if (!d) return null;
  const botFor = /^(?:(?:an?|the|our)\s+)?(?:[\w-]+\s+){0,3}?(?:chat\s?bot|bot|assistant|agent|helper)\s+(for|that|which|who|to)\s+(.+)$/i.exec(d);
  if (botFor) {
    const [, link, rest] = botFor;
    if (link.toLowerCase() === 'for') return `You help visitors with questions about ${rest}.`;
    d = rest;
  }
  const [first, ...others] = d.split(' ');
  const verb = baseVerb(first);
  if (verb) {
    // "...books moorings and explains fees": every verb of the list loses its third-person s.
    const rest = others.join(' ').replace(/(\b(?:and|or)\s+|,\s*)([a-z]+)\b/g, (m, joint: string, word: string) => {
      const base = baseVerb(word);
      return base ? `${joint}${base}` : m;
    });
    return asSentence(`You ${verb} ${rest}`.trim());
  }
  // A capital that only starts the sentence goes; a brand's ("Acme kettles", the bot is "Acme Support") stays.
  const lowered = /^[A-Z][a-z]+$/.test(first) && !name.split(/\s+/).includes(first) ? first.toLowerCase() : first;
  return `You help visitors with ${[lowered, ...others].join(' ')}.`;
}
