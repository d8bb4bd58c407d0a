import { sql } from 'drizzle-orm';
import { dialect, sqlite } from '../../db/client';
import { selectRows } from '../../db/raw';
import { plainWords } from './questionTerms';

/** An abbreviation the bot's content defines, with the words it stands for ("wal" → "write ahead logging"). */
export type Alias = { short: string; long: string };

/**
 * The abbreviations a bot's own content spells out, as "Write-Ahead Logging (WAL)" does: found
 * once per change of the bot's index (the cache is dropped by `forgetAliases`), so a visitor
 * who types either form finds the page that uses the other. The long form is checked letter by
 * letter against the abbreviation (Schwartz & Hearst, 2003), so "our Service Level Agreement
 * (SLA)" gives "service level agreement", not "our service level agreement"; when one
 * abbreviation is spelled out in several ways, the most frequent wins.
 */
export async function learnAliases(chatbotId: number): Promise<Alias[]> {
  const cached = cache.get(chatbotId);
  if (cached) return cached;
  const counts = new Map<string, Map<string, number>>();
  const rows =
    dialect === 'postgres'
      ? await selectRows<{ content: string }>(
          sql`SELECT c.content FROM chunks c JOIN content_sources s ON s.id = c.source_id AND s.generation = c.generation
               WHERE c.chatbot_id = ${chatbotId} AND c.content LIKE '%(%)%'`,
        )
      : // one row at a time: a large bot's matching chunks need not all be held at once
        (sqlite
          .prepare(
            `SELECT c.content FROM chunks c JOIN content_sources s ON s.id = c.source_id AND s.generation = c.generation
              WHERE c.chatbot_id = ? AND c.content LIKE '%(%)%'`,
          )
          .iterate(chatbotId) as Iterable<{ content: string }>);
  for (const { content } of rows) {
    for (const match of content.matchAll(DEFINITION)) {
      const short = match[2]!;
      if ((short.match(/[A-Z]/g) ?? []).length < 2) continue;
      const long = longForm(short, match[1]!);
      if (!long) continue;
      const forms = counts.get(short.toLowerCase()) ?? new Map<string, number>();
      forms.set(long, (forms.get(long) ?? 0) + 1);
      counts.set(short.toLowerCase(), forms);
    }
  }
  const aliases = [...counts].map(([short, forms]) => ({ short, long: [...forms].sort((a, b) => b[1] - a[1])[0]![0] }));
  if (cache.size > 200) cache.clear();
  cache.set(chatbotId, aliases);
  return aliases;
}

/** Drops a bot's learned abbreviations: its content changed. */
export function forgetAliases(chatbotId: number) {
  cache.delete(chatbotId);
}

/**
 * The other form of each abbreviation or long form a question uses: "What is the WAL for?"
 * → ["write ahead logging"], "how does write-ahead logging work" → ["wal"].
 */
export function aliasesIn(question: string, aliases: Alias[]): string[] {
  const text = ` ${plainWords(question).join(' ')} `;
  const out = new Set<string>();
  for (const { short, long } of aliases) {
    if (text.includes(` ${short} `)) out.add(long);
    else if (text.includes(` ${long} `)) out.add(short);
  }
  return [...out];
}

const cache = new Map<number, Alias[]>();
// Up to eight words, then "(ABBR)": 2-10 letters or digits starting with a capital.
const DEFINITION = /((?:[\p{L}\p{N}][\p{L}\p{N}'’-]*\s+){1,8})\(([A-Z][A-Za-z0-9]{1,9})\)/gu;

/** The shortest run of trailing words whose letters spell `short` in order, the first at a word's start. */
function longForm(short: string, before: string): string | null {
  const candidate = plainWords(before);
  const letters = short.toLowerCase();
  // letters matched backwards through the words, as one string with word starts marked
  const text = candidate.join(' ');
  let t = text.length - 1;
  for (let s = letters.length - 1; s >= 0; s--) {
    const c = letters[s]!;
    while (t >= 0 && (text[t] !== c || (s === 0 && t > 0 && text[t - 1] !== ' '))) t--;
    if (t < 0) return null;
    t--;
  }
  const start = text.lastIndexOf(' ', t + 1) + 1;
  const long = text.slice(start).trim();
  const count = long.split(' ').length;
  return count >= 2 && count <= letters.length + 2 ? long : null;
}
