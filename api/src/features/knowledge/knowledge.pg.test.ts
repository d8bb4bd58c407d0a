import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_QUESTIONS } from '../../../test/fixtures/site/visitorQuestions';

// setupPostgres.ts has pointed DATABASE_URL at a fresh database: the whole app runs on PostgreSQL.
const { client, createUserAndCookie, newBot, withCookie } = await import('../../../test/helpers');
const { startFixtureSite, expectedPagePaths } = await import('../../../test/fixtures/site/server');
const { dialect, postgres } = await import('../../db/client');
const { selectRow, selectRows } = await import('../../db/raw');
const { waitForIdle } = await import('./scanQueue');
const { retrieve } = await import('./retrieve');
const { learnAliases } = await import('./learnAliases');
const { pgvectorAvailable } = await import('./embeddings');
const { dropOrphanIndexes } = await import('./ftsIndex');
const { syncDueSources } = await import('./syncDueSources');

type Site = Awaited<ReturnType<typeof startFixtureSite>>;
let site: Site;
let cookie: string;
let siteBot: { id: number; guid: string };
let websiteSourceId: number;

const sources = client.api.chatbots[':chatbotId']['website-sources'];
const source = sources[':sourceId'];

async function addSource(botGuid: string, body: Record<string, unknown>) {
  const res = await sources.$post({ param: { chatbotId: botGuid }, json: body }, withCookie(cookie));
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; status: string };
}

async function sourceOf(botGuid: string, id: number) {
  const res = await sources.$get({ param: { chatbotId: botGuid } }, withCookie(cookie));
  return ((await res.json()) as { id: number; status: string; totalPages: number; totalChunks: number }[]).find((s) => s.id === id)!;
}

const pathOf = (url: string | null) => (url ?? '').slice(site.url.length) || '/';
const indexedRows = async (where: ReturnType<typeof sql>) =>
  Number((await selectRow<{ n: number }>(sql`SELECT count(*) AS "n" FROM chunks WHERE search IS NOT NULL AND ${where}`))?.n);

beforeAll(async () => {
  site = await startFixtureSite();
  ({ cookie } = await createUserAndCookie());
  siteBot = await newBot(cookie);
  websiteSourceId = (await addSource(siteBot.guid, { url: `${site.url}/`, maxPages: 200, sourceType: 'website' })).id;
  await waitForIdle();
});
afterAll(async () => {
  await waitForIdle();
  await site.close();
  await postgres?.pool.end();
});

describe('knowledge on PostgreSQL', () => {
  it('runs on PostgreSQL, without pgvector on this server: full-text retrieval only', async () => {
    expect(dialect).toBe('postgres');
    expect(await pgvectorAvailable()).toBe(false);
  });

  it('crawls the fixture site through the API and indexes every page it learned', async () => {
    const scanned = await sourceOf(siteBot.guid, websiteSourceId);
    expect(scanned).toMatchObject({ status: 'completed', totalPages: expectedPagePaths().length });
    const learned = await selectRows<{ url: string }>(sql`SELECT url FROM pages WHERE source_id = ${websiteSourceId} AND status = 'ok'`);
    expect(learned.map((p) => pathOf(p.url)).sort()).toEqual(expectedPagePaths().sort());
    const chunks = Number((await selectRow<{ n: number }>(sql`SELECT count(*) AS "n" FROM chunks WHERE source_id = ${websiteSourceId}`))?.n);
    expect(chunks).toBe(scanned.totalChunks);
    expect(await indexedRows(sql`source_id = ${websiteSourceId}`)).toBe(chunks);
  });

  it.each(SITE_QUESTIONS)('%s → %s in the top 3', async (question, expected) => {
    const passages = await retrieve(siteBot.id, question);
    expect(passages.slice(0, 3).map((p) => pathOf(p.url))).toContain(expected);
  });

  it('answers the passage itself first, with its source, best first', async () => {
    const passages = await retrieve(siteBot.id, 'opening hours of the Seattle café');
    expect(passages.length).toBeGreaterThan(0);
    expect(passages.length).toBeLessThanOrEqual(5);
    expect(passages[0]).toMatchObject({
      title: 'Seattle Capitol Hill café',
      url: `${site.url}/cafes/seattle-capitol-hill`,
      heading: 'Opening hours',
      content: 'Every day from 7 am to 7 pm, including most holidays.',
    });
    const scores = passages.map((p) => p.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(await retrieve(siteBot.id, 'coffee', { limit: 12 })).toHaveLength(12);
  });

  it('finds nothing for unrelated questions, and reads search syntax as plain words', async () => {
    expect(await retrieve(siteBot.id, 'What is the capital of Mongolia?')).toEqual([]);
    expect(await retrieve(siteBot.id, 'Hello! How are you?')).toEqual([]);
    for (const q of ['"unbalanced', "refund'); DROP TABLE chunks;--", 'a & b | !c <-> d:*', "it's 'quoted'", 'chatbot_id:1']) {
      await expect(retrieve(siteBot.id, q)).resolves.toBeInstanceOf(Array);
    }
    expect((await retrieve(siteBot.id, 'NEAR(refund money)')).slice(0, 3).map((p) => pathOf(p.url))).toContain('/returns');
  });

  it('rescans replace the pages in one swap: the old text answers until the new one is live, never both', async () => {
    site.override('/returns', {
      path: '/returns',
      title: 'Returns and refunds',
      sections: [{ heading: 'Our promise', paragraphs: ['Unopened bags can be sent back within 90 days for a full refund to a kangaroo-shaped voucher.'] }],
    });
    const res = await source.rescan.$post({ param: { chatbotId: siteBot.guid, sourceId: String(websiteSourceId) } }, withCookie(cookie));
    expect(res.status).toBe(202);
    // while the rescan runs, every answer comes from one generation: either the old text or the new
    const seen = new Set<string>();
    for (let i = 0; i < 40 && (await sourceOf(siteBot.guid, websiteSourceId)).status !== 'completed'; i++) {
      const found = (await retrieve(siteBot.id, 'How do refunds work?', { limit: 10 })).filter((p) => pathOf(p.url) === '/returns');
      const kinds = new Set(found.map((p) => (p.content.includes('kangaroo') ? 'new' : 'old')));
      expect(kinds.size).toBeLessThanOrEqual(1);
      for (const k of kinds) seen.add(k);
      await new Promise((r) => setTimeout(r, 5));
    }
    await waitForIdle();
    const after = await retrieve(siteBot.id, 'Can I send back an unopened bag for a refund?');
    expect(after[0]).toMatchObject({ url: `${site.url}/returns`, content: expect.stringContaining('kangaroo') });
    expect((await retrieve(siteBot.id, 'happiness guarantee photo of the damage')).some((p) => p.content.includes('photo of the damage'))).toBe(false);
    // the old generation's rows are gone from the table and so from the index
    const generations = await selectRows<{ generation: number }>(sql`SELECT DISTINCT generation FROM chunks WHERE source_id = ${websiteSourceId}`);
    expect(generations).toHaveLength(1);
  });

  it('learns abbreviations from text sources, and a question in one form finds the other', async () => {
    const bot = await newBot(cookie, { name: 'Reliability bot' });
    await addSource(bot.guid, {
      sourceType: 'text',
      title: 'Reliability',
      textContent:
        'Write-Ahead Logging (WAL) is a standard method for ensuring data integrity. Our Service Level Agreement (SLA) promises 99.9% uptime. See the notes (below) and the (IMPORTANT) box.',
    });
    await addSource(bot.guid, { sourceType: 'text', title: 'Crash recovery', textContent: 'After a crash the server replays the WAL from the last checkpoint, so no committed change is lost.' });
    await addSource(bot.guid, { sourceType: 'text', title: 'Uptime', textContent: 'Contracts list the guaranteed uptime of each service level agreement tier.' });
    await waitForIdle();
    expect((await learnAliases(bot.id)).sort((a, b) => a.short.localeCompare(b.short))).toEqual([
      { short: 'sla', long: 'service level agreement' },
      { short: 'wal', long: 'write ahead logging' },
    ]);
    expect((await retrieve(bot.id, 'How does write-ahead logging help after a crash?'))[0]?.title).toBe('Crash recovery');
    // a short form the content never spells out is searched as a prefix
    expect((await retrieve(bot.id, 'what about the guaranteed upt?'))[0]?.title).toBe('Uptime');
  });

  it('puts a matching Q&A first, above a page that shares more words, and a non-matching one after the pages', async () => {
    const bot = await newBot(cookie, { name: 'Harbour bot' });
    await addSource(bot.guid, {
      sourceType: 'text',
      title: 'Dog friendly boat tours',
      textContent: 'Dog friendly boat tours: our boat tours love dogs. Every dog owner can see dog photos from past boat tours on the dock board.',
    });
    await addSource(bot.guid, { sourceType: 'text', title: 'Moorings', textContent: 'Moorings cost 40 euros a night in the east harbour.' });
    await waitForIdle();
    const qa = await addSource(bot.guid, {
      sourceType: 'qa',
      question: 'Can I bring my dog on the boat?',
      variants: ['Are pets allowed on board?'],
      answer: 'Yes, on a leash. Please bring water for them.',
    });
    expect(qa.status).toBe('completed');
    const passages = await retrieve(bot.id, 'Can my dog come on the boat?');
    expect(passages[0]).toMatchObject({
      title: 'Can I bring my dog on the boat?',
      content: 'Yes, on a leash. Please bring water for them.',
      savedAnswer: true,
      qa: { question: 'Can I bring my dog on the boat?', variants: ['Are pets allowed on board?'] },
    });
    // a wording is indexed with the question, at title weight
    expect((await retrieve(bot.id, 'pets allowed on board?'))[0].qa?.question).toBe('Can I bring my dog on the boat?');
    const cost = await retrieve(bot.id, 'What does a dog boat tour cost?');
    expect(cost.map((p) => [p.title, !!p.savedAnswer, !!p.qa])).toEqual([
      ['Dog friendly boat tours', false, false],
      ['Moorings', false, false],
      ['Can I bring my dog on the boat?', true, false],
    ]);
    expect((await retrieve(bot.id, 'How much is a mooring?')).map((p) => p.title)).toEqual(['Moorings']);
  });

  it('deleting a source, then the bot, removes its index rows; other bots keep theirs', async () => {
    const bot = await newBot(cookie, { name: 'Short-lived bot' });
    const kept = await addSource(bot.guid, { sourceType: 'text', title: 'Parking', textContent: 'Free bicycle parking is available behind the roastery.' });
    const removed = await addSource(bot.guid, { sourceType: 'text', title: 'Trains', textContent: 'The tram stops right in front of the roastery every ten minutes.' });
    await waitForIdle();
    expect((await retrieve(bot.id, 'Where can I leave my bicycle?'))[0]?.title).toBe('Parking');
    expect((await retrieve(bot.id, 'Does the tram stop nearby?'))[0]?.title).toBe('Trains');

    const res = await source.$delete({ param: { chatbotId: bot.guid, sourceId: String(removed.id) } }, withCookie(cookie));
    expect(res.status).toBe(200);
    expect(await indexedRows(sql`source_id = ${removed.id}`)).toBe(0);
    expect(await retrieve(bot.id, 'Does the tram stop nearby?')).toEqual([]);
    expect(await indexedRows(sql`source_id = ${kept.id}`)).toBe(1);

    const gone = await client.api.chatbots[':guid'].$delete({ param: { guid: bot.guid } }, withCookie(cookie));
    expect(gone.status).toBe(200);
    expect(await indexedRows(sql`chatbot_id = ${bot.id}`)).toBe(0);
    await dropOrphanIndexes();
    expect(await retrieve(bot.id, 'Where can I leave my bicycle?')).toEqual([]);
    // the website bot was not touched
    expect(await indexedRows(sql`source_id = ${websiteSourceId}`)).toBeGreaterThan(0);
  });

  it('indexes a large uploaded file, over a thousand chunks, and finds its one odd passage', async () => {
    const bot = await newBot(cookie, { name: 'Catalogue bot' });
    const shelves = Array.from({ length: 15000 }, (_, i) => `Item ${i} of the catalogue is kept on shelf ${i % 97} in aisle ${i % 13}, packed in box ${i}.`);
    shelves[12345] = 'The brass telescope lives in the attic next to the violin.';
    const form = new FormData();
    form.append('file', new File([shelves.join('\n\n')], 'catalogue.txt', { type: 'text/plain' }));
    const res = await client.api.chatbots[':chatbotId']['upload-text-file'].$post({ param: { chatbotId: bot.guid } }, { ...withCookie(cookie), init: { body: form } });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    await waitForIdle();
    const done = await sourceOf(bot.guid, id);
    expect(done.status).toBe('completed');
    expect(done.totalChunks).toBeGreaterThan(1000);
    expect(await indexedRows(sql`source_id = ${id}`)).toBe(done.totalChunks);
    expect((await retrieve(bot.id, 'Where is the telescope?'))[0]?.content).toContain('brass telescope lives in the attic');
  });

  it('a re-sync of the changed site adds, replaces and drops pages in the index', async () => {
    site.override('/careers/barista', null);
    site.override('/faq', {
      path: '/faq',
      title: 'Frequently asked questions',
      sections: [{ heading: 'Storage', paragraphs: ['Keep beans in the freezer wrapped in a zebra-striped tin for up to a year.'] }],
    });
    const res = await source.rescan.$post({ param: { chatbotId: siteBot.guid, sourceId: String(websiteSourceId) } }, withCookie(cookie));
    expect(res.status).toBe(202);
    await waitForIdle();
    expect((await sourceOf(siteBot.guid, websiteSourceId)).status).toBe('completed');
    expect((await retrieve(siteBot.id, 'How long do beans keep after roasting?'))[0]).toMatchObject({
      url: `${site.url}/faq`,
      content: expect.stringContaining('zebra-striped'),
    });
    expect((await retrieve(siteBot.id, 'Are you hiring baristas in Seattle?')).map((p) => pathOf(p.url))).not.toContain('/careers/barista');
    expect(await indexedRows(sql`source_id = ${websiteSourceId} AND url = ${`${site.url}/careers/barista`}`)).toBe(0);
  });

  it('a due scheduled sync is queued once, however many instances check at the same moment', async () => {
    const res = await source.$patch(
      { param: { chatbotId: siteBot.guid, sourceId: String(websiteSourceId) }, json: { syncSchedule: 'daily' } },
      withCookie(cookie),
    );
    expect(res.status).toBe(200);
    const dayLater = Date.now() + 25 * 3600_000;
    const checks = await Promise.all([syncDueSources(dayLater), syncDueSources(dayLater), syncDueSources(dayLater)]);
    expect(checks.flat()).toEqual([websiteSourceId]);
    await waitForIdle();
    expect((await sourceOf(siteBot.guid, websiteSourceId)).status).toBe('completed');
    // synced just now: due again a day after this sync, not an hour after
    expect(await syncDueSources(Date.now() + 3600_000)).toEqual([]);
  });
});
