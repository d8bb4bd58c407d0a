import { beforeAll, describe, expect, it } from 'vitest';
import { createUserAndCookie, newBot } from '../../../test/helpers';
import { addTextSource, waitForIdle } from '../sources/sources.service';
import { searchChunks } from './ftsIndex';

let botId: number;
let manyId: number;

beforeAll(async () => {
  const { cookie } = await createUserAndCookie();
  botId = (await newBot(cookie)).id;
  await addTextSource(botId, { title: 'Warranty', textContent: 'Every kettle carries a two year warranty. The secret recipe stays secret.' });
  await addTextSource(botId, { title: 'Delivery', textContent: 'We ship to Canada within 5 days. Orders placed in 2011 used the old table of rates.' });
  const { cookie: other } = await createUserAndCookie();
  manyId = (await newBot(other)).id;
  // twelve pages naming the kettle, each once more than the one before
  for (let n = 1; n <= 12; n++) {
    await addTextSource(manyId, { title: `Page ${n}`, textContent: `${'The kettle boils. '.repeat(n)}Nothing else is on page ${n}.` });
  }
  await waitForIdle();
});

const titles = async (question: string) => (await searchChunks(botId, question, 5)).map((hit) => hit.title);

describe('searchChunks', () => {
  it('reads FTS5 operators, column filters and quotes a visitor types as plain words', async () => {
    expect(await titles('title:"secret" OR NEAR(a b) *')).toEqual(['Warranty']);
    expect(await titles('"; DROP TABLE chunks; --')).toEqual(['Delivery']);
    expect(await titles('warranty" OR "delivery')).toEqual(expect.arrayContaining(['Warranty', 'Delivery']));
  });

  it('finds nothing when nothing searchable is left, and keeps numbers', async () => {
    expect(await titles('Hi! How are you?')).toEqual([]);
    expect(await titles('2011')).toEqual(['Delivery']);
  });

  it('answers each hit as a passage with its source', async () => {
    const [hit] = await searchChunks(botId, 'kettle warranty', 1);
    expect(hit).toMatchObject({ title: 'Warranty', url: null, content: expect.stringContaining('two year warranty') });
    expect(hit.score).toEqual(expect.any(Number));
  });

  it('ranks on the same number of passages on both databases: the best `limit`, never its over-fetch', async () => {
    // SQLite over-fetches to skip a rescan's chunks, and once handed all of that window (4 × limit) to
    // the re-ranking where PostgreSQL handed `limit`, so the two answered the same question differently
    const hits = await searchChunks(manyId, 'kettle', 3);
    expect(hits.map((h) => h.title)).toEqual(['Page 12', 'Page 11', 'Page 10']);
  });
});
