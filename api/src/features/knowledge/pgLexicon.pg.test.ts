import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// setupPostgres.ts has pointed DATABASE_URL at a fresh database: the whole app runs on PostgreSQL.
const { createUserAndCookie, newBot } = await import('../../../test/helpers');
const { train } = await import('../chat/testing/chatKit');
const { postgres } = await import('../../db/client');
const { selectRow } = await import('../../db/raw');
const { lexiconOf } = await import('./pgLexicon');
const { addTextSource, waitForIdle } = await import('../sources/sources.service');

let bot: { id: number; guid: string };

/** Chunks holding `query` as the GIN index counts them: what the lexicon must agree with. */
async function indexCount(query: string) {
  const row = await selectRow<{ n: number }>(
    sql`SELECT count(*) AS "n" FROM chunks WHERE chatbot_id = ${bot.id} AND search @@ to_tsquery('parley_search', ${query})`,
  );
  return Number(row?.n);
}

beforeAll(async () => {
  const { cookie } = await createUserAndCookie();
  bot = await newBot(cookie);
  await train(bot.id, [
    { title: 'Parking', textContent: 'Parking is free behind the store. Parked cars are safe overnight.' },
    { title: 'Authentication', textContent: 'Authenticate with your email. Authentication codes expire after ten minutes.' },
    { title: 'Opening hours', textContent: 'We open at nine and close at six. The parking lot opens at eight.' },
  ]);
});
afterAll(() => postgres?.pool.end());

describe("a bot's lexicon on PostgreSQL", () => {
  it('counts chunks per word as the index does, stemmed forms together', async () => {
    const lexicon = await lexiconOf(bot.id);
    expect(lexicon.total).toBe(3);
    expect(lexicon.averageLength).toBeGreaterThan(5);
    // 'park' stands for parking and parked: two chunks, as the index finds them
    expect(lexicon.count("'park'", 2001)).toBe(await indexCount("'park'"));
    expect(lexicon.count("'park'", 2001)).toBe(2);
    expect(lexicon.count("'park'", 1)).toBe(1);
    expect(lexicon.count("'zebra'", 2001)).toBe(0);
  });

  it('adds up a prefix, and leaves phrases to the index', async () => {
    const lexicon = await lexiconOf(bot.id);
    expect(lexicon.count("'auth':*", 2001)).toBeGreaterThanOrEqual(await indexCount("'auth':*"));
    expect(lexicon.count("'auth':*", 2001)).toBeGreaterThan(0);
    expect(lexicon.count("'park' <-> 'lot'", 2001)).toBeUndefined();
  });

  it('is read again after the index changed, so a new word counts', async () => {
    expect((await lexiconOf(bot.id)).count("'telescop'", 2001)).toBe(0);
    const added = await addTextSource(bot.id, { title: 'Attic', textContent: 'The brass telescope lives in the attic.' });
    await waitForIdle(added.id);
    const lexicon = await lexiconOf(bot.id);
    expect(lexicon.count("'telescop'", 2001)).toBe(1);
    expect(lexicon.total).toBe(4);
  });
});
