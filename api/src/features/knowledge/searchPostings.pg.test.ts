import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// setupPostgres.ts has pointed DATABASE_URL at a fresh database: the whole app runs on PostgreSQL.
const { createUserAndCookie, newBot } = await import('../../../test/helpers');
const { train } = await import('../chat/testing/chatKit');
const { postgres } = await import('../../db/client');
const { selectRow, selectRows } = await import('../../db/raw');
const { deleteSource, listSources, updateQaSource, addQaSource } = await import('../sources/sources.service');
const { searchChunks } = await import('./ftsIndex');

let bot: { id: number; guid: string };

/** The bot's postings, and how many of them disagree with what `ts_rank_cd` counts on the chunk's own vector. */
async function postings() {
  return (await selectRow<{ n: number; wrong: number; lengths: number; orphans: number }>(
    sql`SELECT count(*)::int AS "n",
               count(*) FILTER (WHERE abs(p.tf - 4 * ts_rank_cd('{0.25,0.25,0.5,1}'::float4[], c.search, quote_literal(p.term)::tsquery, 0)) > 1e-4
                                   OR p.len <> length(c.search))::int AS "wrong",
               (SELECT coalesce(sum(length(search)), 0) FROM chunks WHERE chatbot_id = ${bot.id})::int AS "lengths",
               count(*) FILTER (WHERE c.id IS NULL)::int AS "orphans"
          FROM chunk_postings p LEFT JOIN chunks c ON c.id = p.chunk_id WHERE p.chatbot_id = ${bot.id}`,
  ))!;
}

beforeAll(async () => {
  const { cookie } = await createUserAndCookie();
  bot = await newBot(cookie);
  await train(bot.id, [
    { title: 'Parking', textContent: 'Parking is free behind the store. Parked cars are safe overnight, and parking attendants stay until ten.' },
    { title: 'Opening hours', textContent: 'We open at nine and close at six. The parking lot opens at eight.' },
  ]);
});
afterAll(() => postgres?.pool.end());

describe('BM25 postings on PostgreSQL', () => {
  it("holds one posting per word of each chunk, counted as ts_rank_cd counts it (title 4, heading 2, text 1)", async () => {
    const { n, wrong, lengths, orphans } = await postings();
    expect(n).toBeGreaterThan(20);
    expect(n).toBe(lengths);
    expect(wrong).toBe(0);
    expect(orphans).toBe(0);
    // "park": the title once (4) and three times in the text (parking, parked, parking)
    const rows = await selectRows<{ tf: number }>(
      sql`SELECT p.tf FROM chunk_postings p JOIN chunks c ON c.id = p.chunk_id WHERE p.chatbot_id = ${bot.id} AND p.term = 'park' AND c.title = 'Parking'`,
    );
    expect(rows.map((r) => r.tf)).toEqual([7]);
  });

  it('ranks from them as BM25 does: the page about the word first', async () => {
    const found = await searchChunks(bot.id, 'Where can I park?', 5);
    expect(found.map((p) => p.title)).toEqual(['Parking', 'Opening hours']);
    expect(found[0]!.score).toBeGreaterThan(found[1]!.score);
  });

  it('follows its chunks: rewritten when a source is, gone when it is', async () => {
    const qa = await addQaSource(bot.id, { question: 'Do you validate parking tickets?', variants: [], answer: 'Yes, at the till.' });
    const before = await postings();
    await updateQaSource(bot.id, qa.id, { question: 'Do you validate parking tickets?', variants: [], answer: 'Yes, at the till, for two hours.' });
    const after = await postings();
    expect(after.wrong).toBe(0);
    expect(after.orphans).toBe(0);
    expect(after.n).toBe(after.lengths);
    expect(after.n).toBeGreaterThan(before.n);
    for (const source of await listSources(bot.id)) await deleteSource(bot.id, source.id);
    expect(await postings()).toEqual({ n: 0, wrong: 0, lengths: 0, orphans: 0 });
  });
});
