import type { SourceRef } from '@parley/contracts';
import { identifiers, plainWords, questionWords } from '../knowledge/questionTerms';
import type { Passage } from '../knowledge/retrieve';

export type ExtractedAnswer = { text: string; sources: SourceRef[]; passage: Passage };

/**
 * Answers a question from retrieved passages without a language model: picks the passage
 * that covers enough of the question's topics, then the sentences of it that match best,
 * kept in their original order and followed by a citation. Returns null when no passage is
 * relevant enough, so the caller can say so instead of quoting something unrelated.
 */
export function extractAnswer(question: string, passages: Passage[]): ExtractedAnswer | null {
  const groups = withShortForms(termGroups(question), passages);
  if (groups.length === 0 || passages.length === 0) return null;
  // More than half of the topics must be covered: with only half, two common words of an
  // unrelated question ("who won the world cup") can meet by chance in a code example.
  const needed = Math.max(1, Math.ceil(groups.length * 0.6));

  let best: { passage: Passage; matched: number; rank: number } | null = null;
  passages.forEach((passage, rank) => {
    const words = stemSet(`${passage.title ?? ''} ${passage.heading ?? ''} ${passage.content}`);
    const matched = groups.filter((g) => g.some((s) => words.has(s))).length;
    if (matched >= needed && !best) best = { passage, matched, rank };
  });
  if (!best) return null;
  const { passage } = best as { passage: Passage };

  const body = pickSentences(passage.content, groups);
  if (!body) return null;
  // The citation travels in `sources`, which the widget lists under the answer; repeating it in
  // the text would show it twice.
  return {
    text: body,
    sources: [{ title: passage.title ?? passage.heading ?? null, url: passage.url ?? null }],
    passage,
  };
}

/**
 * A topic none of the passages names exactly may be a short form of a word they use ("auth"
 * for "authentication", "config" for "configuration"; retrieval searched it as a prefix): the
 * passages' words it begins are added to its group.
 */
function withShortForms(groups: string[][], passages: Passage[]): string[][] {
  const used = new Set<string>();
  for (const p of passages) for (const w of stemSet(`${p.title ?? ''} ${p.heading ?? ''} ${p.content}`)) used.add(w);
  return groups.map((g) => {
    if (g.some((s) => used.has(s))) return g;
    const longer = [...used].filter((w) => g.some((s) => s.length >= 3 && w.length > s.length && w.startsWith(s))).slice(0, 5);
    return longer.length ? [...g, ...longer] : g;
  });
}

/** The question's topics: one group per meaningful word, holding its stems and synonyms. */
export function termGroups(question: string): string[][] {
  const groups: string[][] = [];
  const seen = new Set<string>();
  // the retrieval's own reading of the question: same stopwords, synonyms and implied topics
  for (const { word, synonyms } of questionWords(question, true)) {
    const head = stem(word);
    if (seen.has(head)) continue;
    seen.add(head);
    groups.push([...new Set([...[word, ...synonyms].map(stem), ...(VARIANTS.get(head) ?? [])])]);
  }
  // A bare number ("option 2") or a generic word matches too much to decide relevance alone.
  const specific = groups.filter((g) => !GENERIC.has(g[0]) && !/^\d+$/.test(g[0]));
  return specific.length ? specific : groups.filter((g) => !/^\d+$/.test(g[0]));
}

/** Words owners and visitors use for the same thing, beyond the retrieval synonyms. */
const VARIANTS = new Map<string, string[]>();
for (const group of [
  ['bot', 'chatbot', 'assistant'],
  ['color', 'colour'],
  ['customize', 'customise'],
  ['organization', 'organisation'],
  ['email', 'mail', 'e-mail'],
  // "student prices" or "a student deal" is what an owner calls a student discount
  ['discount', 'deal', 'price', 'cheaper'],
]) {
  const stems = group.map((w) => stem(w));
  for (const s of stems) VARIANTS.set(s, stems);
}

// Words that say "I have a question" (or, in a menu's instruction, "the visitor chose") rather
// than what it is about.
const GENERIC = new Set(
  (
    'help question info information detail details explain learn find look ' +
    'visitor user pick picked chose choose chosen select selected option menu click clicked topic ' +
    'answer respond reply provide give describe show start instruction'
  )
    .split(' ')
    .map((w) => stem(w)),
);

/** The best-matching sentences (or list items) of a passage, in reading order, ~500 chars. */
function pickSentences(content: string, groups: string[][]): string | null {
  const units = splitUnits(content);
  if (units.length === 0) return null;
  const scored = units.map((u, i) => {
    const words = stemSet(u.text);
    // Code and terminal output lose ties against prose: they rarely answer a visitor in words.
    const matched = groups.filter((g) => g.some((s) => words.has(s))).length;
    const code = looksLikeCode(u.text);
    return { ...u, i, code, score: matched - (code ? 0.5 : 0) };
  });
  const top = scored.reduce((a, b) => (b.score > a.score ? b : a));
  const chosen = new Set<number>();
  if (top.score <= 0) {
    // The topic matched the title or heading only: the section's opening answers it best.
    let size = 0;
    for (const u of scored) {
      if (size > 350) break;
      chosen.add(u.i);
      size += u.text.length;
    }
  } else {
    chosen.add(top.i);
    // Other sentences join only when they match a good part of what the best one matches.
    // (code joins only when a chosen sentence introduces it, below)
    const others = scored.filter((u) => u.i !== top.i && !u.code && u.score >= Math.max(1, Math.ceil(top.score / 2))).sort((a, b) => b.score - a.score || a.i - b.i);
    for (const u of others) {
      if (chosen.size >= 3 || length(scored, chosen) + u.text.length > 600) break;
      chosen.add(u.i);
    }
    // A lone short sentence reads better with the one that follows it.
    if (length(scored, chosen) < 140 && top.i + 1 < scored.length) chosen.add(top.i + 1);
  }
  // A sentence introducing a list or a snippet ("You can pay with:", "paste this:") needs it.
  for (const i of [...chosen]) {
    if (!/:\s*$/.test(scored[i].text)) continue;
    let next = i + 1;
    while (next < scored.length && /^(```|~~~)/.test(scored[next].text.trim())) next++; // a Markdown fence around the snippet
    if (next >= scored.length) continue;
    if (!scored[next].bullet) chosen.add(next);
    for (let j = next; j < scored.length && scored[j].bullet && j <= i + 8; j++) chosen.add(j);
  }
  const picked = scored.filter((u) => chosen.has(u.i));
  let out = '';
  picked.forEach((u, k) => {
    if (k > 0) out += u.bullet || picked[k - 1].bullet || u.i !== picked[k - 1].i + 1 || u.newLine ? '\n' : ' ';
    // Markup quoted in the content (an embed snippet) must show as code, not be dropped as HTML.
    out += /^<[a-z!/][^>]*>/i.test(u.text) && !u.text.includes('`') ? `\`${u.text}\`` : u.text;
  });
  return out.trim() || null;
}

/** Shell prompts, compiler output and dense punctuation: text written for machines. */
function looksLikeCode(text: string) {
  if (/^\s*(\$|>>>|PS>|#!\[)/.test(text)) return true;
  const symbols = text.match(/[{}();=<>|[\]#&*\\]/g)?.length ?? 0;
  return symbols / Math.max(1, text.length) > 0.06;
}

function length(units: { i: number; text: string }[], chosen: Set<number>) {
  return units.reduce((n, u) => n + (chosen.has(u.i) ? u.text.length : 0), 0);
}

/** Lines of a passage, with prose lines further split into sentences; headings dropped. */
function splitUnits(content: string): { text: string; bullet: boolean; newLine: boolean }[] {
  const units: { text: string; bullet: boolean; newLine: boolean }[] = [];
  for (const rawLine of content.split(/\n+/)) {
    const line = rawLine.trim();
    if (!line || /^#{1,6}\s/.test(line)) continue;
    if (/^([-*•]|\d+[.)])\s+/.test(line)) {
      units.push({ text: line, bullet: true, newLine: true });
      continue;
    }
    const sentences = line.split(/(?<=[.!?])\s+(?=["“(]?[A-Z0-9])/);
    sentences.forEach((s, k) => {
      if (s.trim()) units.push({ text: s.trim(), bullet: false, newLine: k === 0 });
    });
  }
  return units;
}

/** The stems of every word of `text`, and its code identifiers whole (a question may name one). */
export function stemSet(text: string): Set<string> {
  return new Set([...plainWords(text), ...identifiers(text)].map(stem));
}

/** A light English stemmer: enough to match price/prices/pricing or ship/shipping/shipped. */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s?$/, '');
  if (w.length <= 3) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(ss|x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) w = w.slice(0, -1);
  if (w.endsWith('ing') && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length > 4) w = w.slice(0, -2);
  if (/([b-df-hj-np-rtv-z])\1$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  if (w.endsWith('y') && w.length > 3) w = `${w.slice(0, -1)}i`;
  return w;
}
