import type { Passage } from '../knowledge/retrieve';
import { stemSet } from './stem';

type Unit = {
  i: number;
  text: string;
  /** A list item ("- …", "1. …"). */
  bullet: boolean;
  /** Which kind of list an item belongs to, and whether it restarts the numbering at 1. */
  list: 'bulleted' | 'numbered' | null;
  first: boolean;
  newLine: boolean;
  code: boolean;
  /** Indexes of the question's topic groups the unit names. */
  topics: number[];
  /** States what the question asks for: a figure, a value or a name. */
  states: boolean;
  score: number;
};

type Asks = ReturnType<typeof readQuestion>;
type Text = Pick<Passage, 'title' | 'heading' | 'content'>;

/**
 * The sentences (or list items) of a passage that answer the question, in reading order, about
 * 600 characters: the best one (for "how much" or "who", the one stating a figure or a name),
 * others only when they are about the question's own topics too, the whole procedure for
 * "how do I …", and code only when the question asks how.
 */
export function pickSentences(question: string, passage: Text, groups: string[][], passages: Text[] = [passage]): string | null {
  const asks = readQuestion(question);
  const units = splitUnits(passage.content).map((u, i) => scoreUnit({ ...u, i }, groups, asks));
  // Asked how, a procedure (a numbered step, or what leads into steps or a snippet) is the fact.
  if (asks.how) for (const u of units) if (u.topics.length && leadsOrStep(u, units[u.i + 1])) u.score += 0.5;
  // Code, and what introduces it, answers nobody who did not ask how: it stays out entirely.
  const shown = (u: Unit | undefined): u is Unit => !!u && (asks.how || (!u.code && !(/:\s*$/.test(u.text) && units[u.i + 1]?.code)));
  const usable = units.filter(shown);
  if (usable.length === 0) return null;
  const specific = specificTopics(question, groups, units, passage, passages);
  const about = (u: Unit) => u.topics.some((k) => specific.has(k));
  const chosen = new Set<number>();
  const size = () => units.reduce((n, u) => n + (chosen.has(u.i) ? u.text.length : 0), 0);
  const byScore = (a: Unit, b: Unit) => b.score - a.score || a.i - b.i;

  const matching = usable.filter((u) => u.topics.length > 0).sort(byScore);
  // Sharing one word of several with the question is not being about it.
  const need = matching.length ? Math.max(Math.min(2, matching[0].topics.length), Math.ceil(matching[0].topics.length / 2)) : 1;
  // Asked for a figure or a name, the sentence stating one answers, even if it names one topic
  // fewer ("the port is 8080" for "what port does the server use").
  const factNeed = matching.length ? Math.max(1, Math.min(need, matching[0].topics.length - 1)) : 1;
  const facts = matching.filter((u) => u.states && u.topics.length >= factNeed);
  const top = facts[0] ?? matching[0];
  if (!top) {
    // The topic matched the title or heading only: the section's opening answers it best.
    for (const u of usable) {
      if (size() > 350) break;
      chosen.add(u.i);
    }
  } else {
    chosen.add(top.i);
    const procedure = asks.how ? steps(units, top) : [];
    for (const i of procedure) chosen.add(i);
    // A sentence opening with "It" or "This" says what it is about in the one before.
    const prev = units[top.i - 1];
    if (CONTINUES.test(top.text) && shown(prev) && !top.newLine) chosen.add(prev.i);
    const others = procedure.length ? [] : (facts.length ? facts : matching).filter((u) => !chosen.has(u.i) && !u.code && u.topics.length >= need && about(u));
    for (const u of others) {
      if (chosen.size >= 3 || size() + u.text.length > 600) break;
      chosen.add(u.i);
    }
    // A lone short sentence reads better with the next one, when that one goes on about it.
    const next = units[top.i + 1];
    if (!procedure.length && size() < 140 && shown(next) && !next.code && !chosen.has(next.i) && (about(next) || CONTINUES.test(next.text))) chosen.add(next.i);
  }
  for (const i of [...chosen].sort((a, b) => a - b)) introduced(units, i, asks, top?.i ?? -1, chosen);

  const picked = units.filter((u) => chosen.has(u.i));
  let out = '';
  picked.forEach((u, k) => {
    const before = picked[k - 1];
    if (k > 0) out += u.bullet || before.bullet || u.code || before.code || u.i !== before.i + 1 || u.newLine ? '\n' : ' ';
    // Markup quoted in the content (an embed snippet) must show as code, not be dropped as HTML.
    out += /^<[a-z!/][^>]*>/i.test(u.text) && !u.text.includes('`') ? `\`${u.text}\`` : u.text;
  });
  return out.trim() || null;
}

/** What kind of answer the question wants, read from its wording (not from any site's words). */
function readQuestion(question: string) {
  return {
    how: /\bhow\s+(?:do|can|could|should|would|shall)\s+(?:i|we|you|one)\b|\bhow\s+to\b|\b(?:commands?|examples?|syntax|snippets?)\b/i.test(question),
    figure:
      /\bhow\s+(?:much|many|long|big|large|heavy|far|fast|often|old|tall|wide|high|loud)\b|\bwhat\s+(?:time|year)\b|^\W*when\b|\bdefault\b/i.test(question) ||
      /\bwhat(?:'s|\s+is|\s+are)?\s+(?:the\s+|its\s+|your\s+)?(?:port|size|version|limit|number|maximum|minimum|max|min)\b/i.test(question),
    name: /\bwho\b|\bwhich\b|\bwhat(?:'s|\s+is|\s+are)?\s+(?:the\s+|its\s+|your\s+)?names?\b|\b(?:called|named)\b/i.test(question),
  };
}

// Words that carry a sentence on from the one before it.
const CONTINUES = /^["“(]?(?:this|these|that|those|it|its|they|their|then|for example|for instance|otherwise|instead|after that)\b/i;
const NUMBER_WORDS = /\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|hundred|thousand|million|dozen|half)\b/i;

function scoreUnit(u: Omit<Unit, 'topics' | 'score' | 'states'>, groups: string[][], asks: Asks): Unit {
  const words = stemSet(u.text);
  const topics = groups.flatMap((g, k) => (g.some((s) => words.has(s)) ? [k] : []));
  const states = (asks.figure && (/\d/.test(u.text) || NUMBER_WORDS.test(u.text) || /`[^`]+`/.test(u.text))) || (asks.name && namesSomething(u.text));
  // Code and terminal output lose ties against prose: they rarely answer a visitor in words.
  return { ...u, topics, states, score: topics.length - (u.code ? 0.5 : 0) };
}

function leadsOrStep(u: Unit, next: Unit | undefined) {
  return u.list === 'numbered' || (!u.bullet && !!next && (next.bullet || (next.code && /:\s*$/.test(u.text))));
}

/**
 * A name past the first word: two capitalised words in a row ("Maria Lopez", "Parley Buds") or
 * a quoted one. One capitalised word alone is as often a place or a menu item as the answer.
 */
function namesSomething(text: string) {
  const rest = text.replace(/^\S+\s+/, '');
  return /\p{Lu}[\p{Ll}\p{N}]+\s+\p{Lu}[\p{Ll}\p{N}]+/u.test(rest) || /["“‘']\p{Lu}[^"”’']{1,40}["”’']/u.test(rest);
}

/**
 * The question's topics that single a sentence out: its own words (not a topic its phrasing
 * implies, like any span of time for "how long"), but not the page's subject (named in its
 * title or heading, or in most of its sentences) nor the site's (in most of the passages found,
 * where another of the question's words is rarer: "headphones" on a headphones maker's site).
 */
function specificTopics(question: string, groups: string[][], units: Unit[], passage: Text, passages: Text[]): Set<number> {
  const subject = stemSet(`${passage.title ?? ''} ${passage.heading ?? ''}`);
  const own = stemSet(question);
  const texts = passages.length >= 3 ? passages.map((p) => stemSet(`${p.title ?? ''} ${p.heading ?? ''} ${p.content}`)) : [];
  const spread = groups.map((g) => texts.filter((words) => g.some((s) => words.has(s))).length);
  const rarest = Math.min(...spread.filter((_, k) => own.has(groups[k][0])));
  const specific = new Set<number>();
  groups.forEach((g, k) => {
    const share = units.filter((u) => u.topics.includes(k)).length / Math.max(1, units.length);
    const sitewide = spread[k] * 2 > texts.length && spread[k] > rarest;
    if (own.has(g[0]) && !g.some((s) => subject.has(s)) && !(units.length >= 4 && share > 0.5) && !sitewide) specific.add(k);
  });
  return specific;
}

/**
 * For "how do I …": the procedure the best unit belongs to or leads into, whole and in order
 * (up to 8 steps), rather than the one step that happens to share most words with the question.
 * A numbered list is a procedure; a bulleted one when a sentence ending in ":" introduces it.
 */
function steps(units: Unit[], top: Unit): number[] {
  const next = units[top.i + 1];
  if (!top.bullet && next?.bullet) return listAt(units, next.i).slice(0, 8);
  if (!top.bullet) return [];
  const list = listAt(units, top.i);
  const intro = units[list[0] - 1];
  const hasIntro = intro && !intro.bullet && /:\s*$/.test(intro.text);
  if (top.list !== 'numbered' && !hasIntro) return [];
  const from = top.i - list[0] < 8 ? 0 : top.i - list[0] - 7;
  return [...(hasIntro ? [intro.i] : []), ...list.slice(from, from + 8)];
}

/** The indexes of the list the item `i` is in: neighbouring items of one kind, until one restarts at 1. */
function listAt(units: Unit[], i: number): number[] {
  const same = (a: Unit | undefined, b: Unit) => a?.bullet && b.bullet && a.list === b.list && !b.first;
  let start = i;
  while (start > 0 && same(units[start - 1], units[start])) start--;
  let end = i;
  while (end + 1 < units.length && same(units[end], units[end + 1])) end++;
  return Array.from({ length: end - start + 1 }, (_, k) => start + k);
}

/**
 * A chosen sentence introducing something ("You can pay with:", "paste this:") brings it: its
 * list (up to 8 items), or a short snippet (up to 8 lines) when the question asks how. An
 * introduction to a snippet that is left out goes too, unless it is the best sentence.
 */
function introduced(units: Unit[], i: number, asks: Asks, top: number, chosen: Set<number>) {
  if (!/:\s*$/.test(units[i].text) || i + 1 >= units.length) return;
  const next = units[i + 1];
  if (next.code) {
    // a fenced block, or the run of code lines that follows
    const fenced = (u: Unit) => /^(```|~~~)/.test(u.text);
    const snippet = [next];
    for (let j = i + 2; !fenced(next) && j < units.length && units[j].code && !fenced(units[j]); j++) snippet.push(units[j]);
    const lines = snippet.reduce((n, u) => n + u.text.split('\n').filter((l) => !/^\s*(```|~~~)/.test(l)).length, 0);
    if (asks.how && lines <= 8) for (const u of snippet) chosen.add(u.i);
    else if (i !== top) chosen.delete(i);
  } else if (next.bullet) for (const j of listAt(units, next.i).slice(0, 8)) chosen.add(j);
  else chosen.add(next.i);
}

/** Lines of a passage, prose lines split into sentences, a fenced code block as one unit; headings dropped. */
function splitUnits(content: string): Omit<Unit, 'i' | 'topics' | 'score' | 'states'>[] {
  const units: Omit<Unit, 'i' | 'topics' | 'score' | 'states'>[] = [];
  const plain = { bullet: false, list: null, first: false };
  let fence: string[] | null = null;
  for (const rawLine of content.split('\n')) {
    const line = rawLine.trim();
    if (fence) {
      fence.push(rawLine.trimEnd());
      if (/^(```|~~~)/.test(line)) {
        units.push({ ...plain, text: fence.join('\n'), newLine: true, code: true });
        fence = null;
      }
      continue;
    }
    if (/^(```|~~~)/.test(line)) {
      fence = [line];
      continue;
    }
    if (!line || /^#{1,6}\s/.test(line)) continue;
    const item = line.match(/^(?:[-*•]|(\d+)[.)])\s+/);
    if (item) {
      units.push({ text: line, bullet: true, list: item[1] ? 'numbered' : 'bulleted', first: item[1] === '1', newLine: true, code: looksLikeCode(line) });
      continue;
    }
    line.split(/(?<=[.!?])\s+(?=["“(]?[A-Z0-9])/).forEach((s, k) => {
      if (s.trim()) units.push({ ...plain, text: s.trim(), newLine: k === 0, code: looksLikeCode(s) });
    });
  }
  if (fence) units.push({ ...plain, text: fence.join('\n'), newLine: true, code: true });
  return units;
}

/** Shell prompts, compiler output and dense punctuation: text written for machines. */
function looksLikeCode(text: string) {
  if (/^\s*(\$|>>>|PS>|#!\[)/.test(text)) return true;
  const symbols = text.match(/[{}();=<>|[\]#&*\\]/g)?.length ?? 0;
  return symbols / Math.max(1, text.length) > 0.06;
}
