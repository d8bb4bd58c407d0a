import {
  instructionsOf,
  LIST_ITEM,
  promptBlocks,
  scopeSentence,
  sectionOf,
  sectionOfHeading,
  sentencesOf,
  splitsIntoLines,
  toneSignals,
  type SectionKey,
  type ToneSignals,
} from './promptInstructions';

/** A source the bot was trained on, as the owner named it. */
export type KnowledgeSource = { title: string | null; url: string | null; fileName: string | null };

/** What the offline writer knows about a bot. */
export type PromptDetails = {
  name: string;
  description: string;
  /** The owner's instructions ("be concise, answer in French, focus on billing"). */
  ownerWords: string;
  sources: KnowledgeSource[];
};

export type WrittenPrompt = {
  prompt: string;
  /** Headings of the sections the writer added (improve) or wrote (generate). */
  added: string[];
  /** Sentences of the current prompt carried over (improve). */
  kept: number;
};

const HEADINGS: Record<Exclude<SectionKey, 'role'>, string> = {
  scope: 'Scope',
  knowledge: 'Knowledge and sources',
  tone: 'Tone and style',
  format: 'Format',
  unsure: 'When you are unsure',
  handoff: 'Handing off to a person',
  other: 'Other instructions',
};
const SECTION_BY_HEADING = new Map(Object.entries(HEADINGS).map(([key, title]) => [title.toLowerCase(), key as SectionKey]));
const ORDER = Object.keys(HEADINGS) as Exclude<SectionKey, 'role'>[];
/** Sections every good support prompt has; improve adds the ones a prompt lacks. */
const ESSENTIAL: SectionKey[] = ['knowledge', 'tone', 'format', 'unsure', 'handoff'];

type Sections = Record<SectionKey, string[]>;

/**
 * A complete system prompt for a support bot, written without a language model from the bot's
 * name and description, the owner's words and the titles of its sources: who the bot is and
 * for whom, its scope, what it answers from, its tone, its format, what it does when unsure and
 * when it hands over to a person. Deterministic: the same details give the same prompt.
 */
export function writeSystemPrompt(details: PromptDetails): WrittenPrompt {
  const sections = emptySections();
  const org = organisation(details);
  sections.role.push(identity(details.name, org));
  const scope = scopeSentence(details.description, details.name);
  if (scope) sections.role.push(scope);
  fileOwnerWords(sections, details.ownerWords);
  const signals = toneSignals(details.ownerWords);
  for (const key of ['scope', ...ESSENTIAL] as const) sections[key].push(...defaults(key, details, org, signals));
  return { prompt: render(sections), added: ORDER.filter((k) => sections[k].length).map((k) => HEADINGS[k]), kept: 0 };
}

/**
 * The current prompt kept line for line, arranged into labelled sections, with the owner's
 * words folded in and the essential sections it lacks added (what to answer from, tone, format,
 * what to do when unsure, hand-off). Nothing of the owner's prompt is dropped or reworded, and a
 * list never leaves the line that introduces it: "Never do the following:" and its items, or a
 * numbered procedure, move as one piece, filed by that line (or among the other instructions).
 * A paragraph stays whole unless it is one complete instruction per line.
 */
export function improveSystemPrompt(currentPrompt: string, details: PromptDetails): WrittenPrompt {
  const sections = emptySections();
  const org = organisation(details);
  const seen = new Set<string>();
  const file = (key: SectionKey, item: string) => {
    if (seen.has(item)) return;
    seen.add(item);
    sections[key].push(item);
  };
  for (const block of promptBlocks(currentPrompt)) {
    const own = block.heading === null ? undefined : SECTION_BY_HEADING.get(block.heading.toLowerCase());
    if (own) {
      // One of this writer's own sections (a prompt it improved before): its bullets are items again.
      for (const item of bulletItems(block.lines.slice(1))) file(own, item);
    } else if (block.heading !== null) {
      file(sectionOfHeading(block.heading), block.lines.join('\n'));
    } else if (splitsIntoLines(block.lines)) {
      for (const line of block.lines) file(sectionOf(line.trim()), line.trim());
    } else {
      file(sectionOf(sentencesOf(block.lines[0])[0] ?? ''), block.lines.join('\n'));
    }
  }
  const kept = new Set(sentencesOf(currentPrompt)).size;
  const text = currentPrompt.toLowerCase();
  const name = details.name.trim();

  if (!sections.role.some((item) => item.split('\n').some((line) => /^(you are|you're|act as)/i.test(line.trim())))) sections.role.unshift(identity(name, org));
  else if (name && !text.includes(name.toLowerCase())) sections.role.push(`Your name is ${name}.`);
  const scope = scopeSentence(details.description, details.name);
  if (scope && !coversDescription(text, details.description)) sections.role.push(scope);

  // A section is there when something is filed under it or any sentence of the prompt is about it.
  const covered = new Set<SectionKey>([...sentencesOf(currentPrompt).map(sectionOf), ...ORDER.filter((k) => sections[k].length)]);
  const missing = ESSENTIAL.filter((k) => !covered.has(k));
  fileOwnerWords(sections, details.ownerWords, text);
  const signals = toneSignals(details.ownerWords);
  for (const key of missing) sections[key].push(...defaults(key, details, org, signals));
  if (!missing.includes('tone')) sections.tone.push(...toneExpansions(signals).filter((s) => !text.includes(s.toLowerCase())));
  const sourcesLine = knowledgeLine(details.sources, org);
  const named = details.sources.some((s) => [s.title, s.fileName, host(s.url)].some((n) => n && text.includes(n.toLowerCase())));
  if (!missing.includes('knowledge') && details.sources.length && !named) sections.knowledge.unshift(sourcesLine);

  return { prompt: render(sections), added: missing.map((k) => HEADINGS[k as Exclude<SectionKey, 'role'>]), kept };
}

function emptySections(): Sections {
  return { role: [], scope: [], knowledge: [], tone: [], format: [], unsure: [], handoff: [], other: [] };
}

/** The owner's instructions, each in its section; those the prompt already says are skipped. */
function fileOwnerWords(sections: Sections, words: string, already = '') {
  for (const instruction of instructionsOf(words)) {
    if (already.includes(instruction.toLowerCase().replace(/\.$/, ''))) continue;
    sections[sectionOf(instruction)].push(instruction);
  }
}

/** Lines under one of this writer's headings as items: a bullet starts one, other lines continue it. */
function bulletItems(lines: string[]): string[] {
  const items: string[] = [];
  for (const line of lines) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    if (LIST_ITEM.test(trimmed) || !items.length) items.push(trimmed.replace(/^- /, ''));
    else items[items.length - 1] += `\n${line}`;
  }
  return items;
}

/** An item that is a piece of the owner's prompt of several lines (a heading and its list, a paragraph). */
const isBlock = (item: string) => item.includes('\n');

/**
 * The opening (one-line items run together, the owner's multi-line pieces as their own
 * paragraphs), then per section the owner's multi-line pieces as they were written, followed by
 * the section's heading and its one-line items as bullets.
 */
function render(sections: Sections): string {
  const blocks: string[] = [];
  let run: string[] = [];
  for (const item of sections.role) {
    if (!isBlock(item)) run.push(item);
    else {
      blocks.push(run.join(' '), item);
      run = [];
    }
  }
  blocks.push(run.join(' '));
  for (const key of ORDER) {
    const items = sections[key];
    blocks.push(...items.filter(isBlock));
    const single = items.filter((item) => !isBlock(item));
    if (single.length) blocks.push(`${HEADINGS[key]}:\n${single.map((s) => (LIST_ITEM.test(s) ? s : `- ${s}`)).join('\n')}`);
  }
  return blocks.filter(Boolean).join('\n\n');
}

function identity(name: string, org: string): string {
  if (!name) return `You are the support assistant for ${org}.`;
  if (org === name) return `You are the support assistant for ${name}.`;
  return `You are ${name}, the support assistant for ${org}.`;
}

// Words that name the bot rather than the business ("Acme Support Bot" → "Acme").
const BOT_WORDS = /^(support|bot|chatbot|assistant|help|helper|helpdesk|desk|ai|agent|service|customer|care|team|chat|faq|the|virtual|online)$/i;

/** Whom the bot speaks for: the name without bot words, else its first website, else "this website". */
function organisation(details: PromptDetails): string {
  const words = details.name.trim().split(/\s+/).filter(Boolean);
  const brand = words.filter((w) => !BOT_WORDS.test(w)).join(' ');
  if (brand && words.length && brand.split(' ').length === words.length) return details.name.trim();
  if (brand) return brand;
  const site = details.sources.map((s) => host(s.url)).find(Boolean);
  return site ?? 'this website';
}

function host(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** How a source is named in the prompt: its title (with the site), else its address or file name. */
function sourceLabel(source: KnowledgeSource): string | null {
  const site = host(source.url);
  if (source.title?.trim()) return site ? `"${source.title.trim()}" (${site})` : `"${source.title.trim()}"`;
  if (source.url) return source.url.replace(/^https?:\/\/(www\.)?/, '').replace(/\/$/, '');
  return source.fileName ? `"${source.fileName}"` : null;
}

const MAX_LISTED_SOURCES = 10;

function knowledgeLine(sources: KnowledgeSource[], org: string): string {
  const labels = [...new Set(sources.map(sourceLabel).filter((l): l is string => Boolean(l)))];
  if (!labels.length) return `Answer from the knowledge about ${org} that is provided to you with each question.`;
  const listed = labels.slice(0, MAX_LISTED_SOURCES).join(', ');
  const more = labels.length > MAX_LISTED_SOURCES ? `, and ${labels.length - MAX_LISTED_SOURCES} more` : '';
  return `Answer from the knowledge you were given: ${listed}${more}.`;
}

/** What the owner's tone words mean in practice, added beside their own words. */
function toneExpansions(signals: ToneSignals): string[] {
  const lines: string[] = [];
  if (signals.register === 'formal') lines.push('Write in a formal, professional register: complete sentences, no slang and no emoji.');
  if (signals.register === 'casual') lines.push('Keep a relaxed, conversational tone while staying accurate.');
  if (signals.length === 'concise') lines.push('Keep answers to two or three sentences unless the visitor asks for more detail.');
  if (signals.length === 'detailed') lines.push('Give complete answers and explain each step.');
  if (signals.playful) lines.push('A light, playful touch is welcome, but never at the expense of a clear, correct answer.');
  if (signals.empathetic) lines.push("Acknowledge the visitor's problem before solving it, especially when they are frustrated.");
  if (signals.language) lines.push(`Always answer in ${signals.language}, even when the visitor writes in another language.`);
  return lines;
}

function defaults(key: SectionKey, details: PromptDetails, org: string, signals: ToneSignals): string[] {
  switch (key) {
    case 'scope':
      return [`Stay on topic: if a question has nothing to do with ${org}, say politely that it is outside what you can help with.`];
    case 'knowledge':
      return [
        knowledgeLine(details.sources, org),
        `Use only that content and this prompt for facts about ${org}, such as prices, policies, dates and contact details.`,
        'When an answer comes from a page or document, mention its title or link so the visitor can read more.',
      ];
    case 'tone':
      return [
        ...toneExpansions(signals),
        ...(signals.register === 'formal' || signals.register === 'casual' ? [] : ['Be friendly and clear: plain words, no jargon, no hype.']),
        ...(signals.length ? [] : ['Give the direct answer first and keep it short.']),
        ...(signals.language ? [] : ['Reply in the language the visitor writes in.']),
      ];
    case 'format':
      return ['Use short paragraphs; use a numbered list for steps and bullet points for options.', 'Summarise long passages instead of pasting them.'];
    case 'unsure':
      return [
        'If the answer is not in your knowledge, or you are not sure, say so plainly. Do not guess, and never invent facts, links or policies.',
        'If a question is unclear, ask one short clarifying question.',
        'When you cannot answer, offer the contact form so the team can reply, rather than leaving the visitor without a next step.',
      ];
    case 'handoff':
      return [
        'When the visitor asks for a person, is frustrated, or needs help with their own account, order, booking or payment (which you cannot see), offer the contact form so a member of the team can follow up.',
        'Never ask for passwords, full card numbers or other sensitive details.',
      ];
    default:
      return [];
  }
}

/** Whether the prompt already talks about what the description says (most of its words appear). */
function coversDescription(promptText: string, description: string): boolean {
  const words = description.toLowerCase().match(/[a-z0-9]{4,}/g) ?? [];
  if (!words.length) return true;
  return words.filter((w) => promptText.includes(w)).length / words.length >= 0.6;
}
