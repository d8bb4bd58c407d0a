import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { contentSources, pages as pagesTable } from '../../db/schema';
import { client, createUserAndCookie, errorOf, newBot, validationErrorOf, withCookie } from '../../../test/helpers';
import { expectedPagePaths, startFixtureSite, type FixtureSite } from '../../../test/fixtures/site/server';
import { pages } from '../../../test/fixtures/site/pages';
import { retrieve } from '../knowledge/retrieve';
import { waitForIdle } from './sources.service';

let site: FixtureSite;
let owner: { cookie: string };
let stranger: { cookie: string };
let bot: { id: number; guid: string };

beforeAll(async () => {
  site = await startFixtureSite();
  owner = await createUserAndCookie();
  stranger = await createUserAndCookie();
  bot = await newBot(owner.cookie);
});
afterAll(async () => {
  await waitForIdle();
  await site.close();
});

const sources = client.api.chatbots[':chatbotId']['website-sources'];
const source = sources[':sourceId'];

async function listSources(ref: string | number = bot.guid) {
  const res = await sources.$get({ param: { chatbotId: String(ref) } }, withCookie(owner.cookie));
  expect(res.status).toBe(200);
  return res.json();
}

/** The body schema opens with a preprocess step, so the route types `json` as unknown and takes any body. */
function addSource(body: Record<string, unknown>, cookie = owner.cookie, ref: string | number = bot.guid) {
  return sources.$post({ param: { chatbotId: String(ref) }, json: body }, withCookie(cookie));
}

/**
 * The route parses its multipart body itself, without a form validator, so the typed call has
 * no `form` to fill: the form goes as the request's raw body.
 */
function upload(form: FormData, cookie = owner.cookie, ref: string | number = bot.guid) {
  return client.api.chatbots[':chatbotId']['upload-text-file'].$post({ param: { chatbotId: String(ref) } }, { ...withCookie(cookie), init: { body: form } });
}

function removeSource(id: number, cookie = owner.cookie, ref: string | number = bot.guid) {
  return source.$delete({ param: { chatbotId: String(ref), sourceId: String(id) } }, withCookie(cookie));
}

function rescan(id: number, cookie = owner.cookie, ref: string | number = bot.guid) {
  return source.rescan.$post({ param: { chatbotId: String(ref), sourceId: String(id) } }, withCookie(cookie));
}

function sourcePages(id: number, cookie = owner.cookie, ref: string | number = bot.guid) {
  return source.pages.$get({ param: { chatbotId: String(ref), sourceId: String(id) } }, withCookie(cookie));
}

function pageRows(sourceId: number) {
  return db
    .select({ url: pagesTable.url, status: pagesTable.status, reason: pagesTable.reason, generation: pagesTable.generation })
    .from(pagesTable)
    .where(eq(pagesTable.sourceId, sourceId))
    .orderBy(asc(pagesTable.id));
}

async function storedText(sourceId: number) {
  const [row] = await db.select({ textContent: contentSources.textContent }).from(contentSources).where(eq(contentSources.id, sourceId));
  return row.textContent;
}

describe('website sources', () => {
  it('crawls a website in the background and reports progress, pages and chunks', async () => {
    const res = await addSource({ url: `${site.url}/`, title: 'Brightleaf site', maxPages: 200, sourceType: 'website' });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({
      chatbotId: bot.id,
      sourceType: 'website',
      title: 'Brightleaf site',
      url: `${site.url}/`,
      fileName: null,
      description: null,
      status: 'pending',
      totalPages: 0,
      totalChunks: 0,
      lastScanned: null,
      errorMessage: null,
    });
    expect(Object.keys(created)).toEqual(
      expect.arrayContaining(['id', 'chatbotId', 'sourceType', 'title', 'url', 'fileName', 'description', 'status', 'totalPages', 'totalChunks', 'lastScanned', 'errorMessage', 'createdAt']),
    );

    await waitForIdle(created.id);
    const [done] = (await listSources()).filter((s) => s.id === created.id);
    expect(done).toMatchObject({ status: 'completed', totalPages: expectedPagePaths().length, errorMessage: null });
    expect(done.totalChunks).toBeGreaterThanOrEqual(expectedPagePaths().length);
    expect(new Date(done.lastScanned!).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const rows = await pageRows(created.id);
    const taken = rows.filter((r) => r.status === 'ok').map((r) => r.url!.slice(site.url.length) || '/');
    expect(taken.sort()).toEqual(expectedPagePaths().sort());
    const reasons = Object.fromEntries(rows.filter((r) => r.status !== 'ok').map((r) => [r.url!.slice(site.url.length), `${r.status}: ${r.reason}`]));
    expect(reasons).toMatchObject({
      '/internal/roast-schedule': "skipped: Blocked by the site's robots.txt",
      '/downloads/wholesale-price-list.pdf': 'skipped: Not a web page (.pdf file)',
      '/downloads/brew-ratios.csv': 'skipped: Not a web page (text/csv)',
      '/discontinued-blend': 'error: Page not found (HTTP 404)',
      '/thank-you': 'skipped: The page asks not to be indexed (noindex)',
    });
    expect(reasons['/pricing']).toMatch(/^skipped: Duplicate of http:.*\/subscriptions$/);

    // the owner's Pages view: the same rows, counted, with each learned page's chunks
    const pagesRes = await sourcePages(created.id);
    expect(pagesRes.status).toBe(200);
    const listed = await pagesRes.json();
    expect(listed).toMatchObject({ sourceId: created.id, status: 'completed', errorMessage: null, scan: 'live', learned: expectedPagePaths().length });
    expect(listed.skipped).toBe(rows.filter((r) => r.status === 'skipped').length);
    expect(listed.failed).toBe(1);
    expect(listed.pages.map((p) => p.url)).toEqual(rows.map((r) => r.url));
    const byPath = (path: string) => listed.pages.find((p) => p.url === `${site.url}${path}`)!;
    expect(byPath('/discontinued-blend')).toEqual({ url: `${site.url}/discontinued-blend`, title: null, status: 'error', reason: 'Page not found (HTTP 404)', chunks: 0 });
    const learned = listed.pages.filter((p) => p.status === 'ok');
    expect(learned.every((p) => p.reason === null && p.chunks > 0 && p.title)).toBe(true);
    expect(learned.reduce((sum, p) => sum + p.chunks, 0)).toBe(done.totalChunks);
  });

  it('uses maxPages 50 by default and accepts the numeric id as well as the guid', async () => {
    const res = await addSource({ url: `${site.url}/` }, owner.cookie, bot.id);
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created.maxPages).toBe(50);
    await waitForIdle(created.id);
    const pagesById = await listSources(bot.id);
    expect(pagesById.find((s) => s.id === created.id)).toMatchObject({ status: 'completed', totalPages: expectedPagePaths().length });
    await removeSource(created.id);
  });

  it('honours a small maxPages', async () => {
    const res = await addSource({ url: `${site.url}/`, maxPages: 3 });
    const created = await res.json();
    await waitForIdle(created.id);
    const [done] = (await listSources()).filter((s) => s.id === created.id);
    expect(done).toMatchObject({ status: 'completed', totalPages: 3 });
    // the pages found (queued) but left out are listed, so the owner sees what a higher limit would add
    const listed = await (await sourcePages(created.id)).json();
    expect(listed.learned).toBe(3);
    const learnedUrls = listed.pages.filter((p) => p.status === 'ok').map((p) => p.url);
    const overLimit = listed.pages.filter((p) => p.reason === 'Over the page limit (3 pages)');
    expect(overLimit.length).toBeGreaterThan(0);
    expect(overLimit.every((p) => p.status === 'skipped' && p.chunks === 0 && !learnedUrls.includes(p.url))).toBe(true);
    expect(overLimit.map((p) => p.url!.slice(site.url.length)).every((path) => expectedPagePaths().includes(path))).toBe(true);
    await removeSource(created.id);
  });

  it('ends in error with a message when the site cannot be reached', async () => {
    const gone = await startFixtureSite();
    await gone.close();
    const created = await (await addSource({ url: `${gone.url}/` })).json();
    await waitForIdle(created.id);
    const [done] = (await listSources()).filter((s) => s.id === created.id);
    expect(done.status).toBe('error');
    expect(done.errorMessage).toBe('Connection refused');
    expect(done.totalPages).toBe(0);
    // the Pages view lists the failed attempt: the start page, failed for the same reason
    const report = await (await sourcePages(created.id)).json();
    expect(report).toEqual({
      sourceId: created.id,
      status: 'error',
      errorMessage: 'Connection refused',
      scan: 'failed',
      learned: 0,
      skipped: 0,
      failed: 1,
      pages: [{ url: `${gone.url}/`, title: null, status: 'error', reason: 'Connection refused', chunks: 0 }],
    });
    await removeSource(created.id);
  });

  it('validates the website form with the spec messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ url: 'not a url' }, 'Please enter a valid URL'],
      [{ url: 'ftp://example.com/' }, 'Please enter a valid URL'],
      [{ url: '' }, 'Please enter a valid URL'],
      [{}, 'Please enter a valid URL'],
      [{ url: 'https://example.com', maxPages: 0 }, 'Max pages must be between 1 and 200'],
      [{ url: 'https://example.com', maxPages: 201 }, 'Max pages must be between 1 and 200'],
      [{ url: 'https://example.com', maxPages: 'lots' }, 'Max pages must be between 1 and 200'],
      [{ url: 'https://example.com', sourceType: 'video' }, 'sourceType must be "website", "text" or "qa"'],
    ];
    for (const [body, message] of cases) {
      const res = await addSource(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await validationErrorOf(res)).message, JSON.stringify(body)).toBe(message);
    }
    expect((await listSources()).filter((s) => String(s.url).includes('example.com'))).toEqual([]);
  });
});

describe('text sources', () => {
  it('indexes pasted text so the bot can retrieve it', async () => {
    const res = await addSource({
      sourceType: 'text',
      title: 'Loyalty programme',
      description: 'Pasted from the staff handbook',
      textContent: '# Loyalty card\n\nEvery tenth drink is free with the Brightleaf loyalty card. Stamps never expire.',
    });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({ sourceType: 'text', title: 'Loyalty programme', description: 'Pasted from the staff handbook', url: null, status: 'pending' });
    await waitForIdle(created.id);
    const [done] = (await listSources()).filter((s) => s.id === created.id);
    expect(done).toMatchObject({ status: 'completed', totalPages: 1, totalChunks: 1 });
    const [top] = await retrieve(bot.id, 'do loyalty stamps expire?');
    expect(top).toMatchObject({ sourceId: created.id, title: 'Loyalty programme', heading: 'Loyalty card', url: null });
    expect(top.content).toContain('Every tenth drink is free');
  });

  it('validates the text form with the spec messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ sourceType: 'text', title: '', textContent: 'long enough text' }, 'Title is required'],
      [{ sourceType: 'text', title: '   ', textContent: 'long enough text' }, 'Title is required'],
      [{ sourceType: 'text', textContent: 'long enough text' }, 'Title is required'],
      [{ sourceType: 'text', title: 'T', textContent: 'too short' }, 'Text content must be at least 10 characters'],
      [{ sourceType: 'text', title: 'T' }, 'Text content must be at least 10 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await addSource(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const json = await validationErrorOf(res);
      expect(json.message, JSON.stringify(body)).toBe(message);
      expect(json.details.fieldErrors).toBeTypeOf('object');
    }
  });
});

describe('file uploads', () => {
  const form = (file: File | null, fields: Record<string, string> = {}) => {
    const f = new FormData();
    if (file) f.set('file', file);
    for (const [k, v] of Object.entries(fields)) f.set(k, v);
    return f;
  };

  it('stores the text of an uploaded file and indexes it', async () => {
    const text = '# Wholesale FAQ\n\nMinimum order for wholesale accounts is 20 pounds a week.\n\n## Delivery\n\nWholesale orders are delivered by our own van on Tuesdays.';
    const res = await upload(form(new File([text], 'wholesale-faq.md', { type: 'text/markdown' }), { title: 'wholesale-faq.md', description: 'Uploaded file: wholesale-faq.md' }));
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({ sourceType: 'file', fileName: 'wholesale-faq.md', title: 'wholesale-faq.md', description: 'Uploaded file: wholesale-faq.md' });
    await waitForIdle(created.id);
    expect(await storedText(created.id)).toBe(text);
    const [top] = await retrieve(bot.id, 'which day does the wholesale van come?');
    // the top heading repeats the file's title, so the chunk is filed under the subheading
    expect(top).toMatchObject({ sourceId: created.id, title: 'wholesale-faq.md', heading: 'Delivery' });
    expect(top.content).toBe('Wholesale orders are delivered by our own van on Tuesdays.');
  });

  it('defaults title and description from the file name and accepts files without a declared type', async () => {
    const res = await upload(form(new File(['Opening day is the first of June.'], 'notes.txt')));
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ title: 'notes.txt', fileName: 'notes.txt', description: 'Uploaded file: notes.txt' });
  });

  it('gives a blank title and description the file-name defaults, and keeps a written description', async () => {
    const blank = await upload(form(new File(['Our shop opens at nine every weekday.'], 'hours.txt', { type: 'text/plain' }), { title: '  ', description: ' ' }));
    expect(blank.status).toBe(201);
    expect(await blank.json()).toMatchObject({ title: 'hours.txt', description: 'Uploaded file: hours.txt' });
    const written = await upload(form(new File(['Our shop opens at nine every weekday.'], 'hours.txt', { type: 'text/plain' }), { description: 'Opening hours' }));
    expect(await written.json()).toMatchObject({ title: 'hours.txt', description: 'Opening hours' });
  });

  it('refuses binary content even when it is named and typed as text', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    const latin1 = Buffer.from('Caf\xe9 cr\xe8me, na\xefve r\xe9sum\xe9 text', 'latin1');
    for (const [file, message] of [
      [new File([png], 'photo.txt', { type: 'text/plain' }), 'Please select a text file (.txt, .csv, .md, .json, etc.)'],
      [new File([latin1], 'legacy.txt', { type: 'text/plain' }), 'Please select a text file (.txt, .csv, .md, .json, etc.)'],
      [new File(['plain words but a picture type'], 'photo.png', { type: 'image/png' }), 'Please select a text, PDF or Word file (.txt, .md, .csv, .json, .pdf, .docx, etc.)'],
      // starts like a PDF, so it is read as one (sources.documents.test.ts covers PDF and Word)
      [new File(['%PDF-1.4 words'], 'manual.pdf', { type: 'application/pdf' }), 'This file is damaged or not a valid PDF or Word document'],
    ] as const) {
      const res = await upload(form(file));
      expect(res.status, file.name).toBe(400);
      expect((await errorOf(res)).message, file.name).toBe(message);
    }
  });

  it('requires a file and a size under 5MB (413)', async () => {
    const missing = await upload(form(null, { title: 'x' }));
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).message).toBe('Please select a file to upload');

    const big = await upload(form(new File(['a'.repeat(5 * 1024 * 1024)], 'big.txt', { type: 'text/plain' })));
    expect(big.status).toBe(413);
    expect((await errorOf(big)).message).toBe('File size must be less than 5MB');
  });

  it('accepts the listed text types and refuses other names, whatever the declared type', async () => {
    for (const [name, type] of [
      ['prices.csv', 'text/csv'],
      ['faq.json', 'application/json'],
      ['guide.md', 'text/markdown'],
      ['feed.xml', 'application/xml'],
      ['notes.text', 'text/plain'],
    ]) {
      const res = await upload(form(new File(['{"question": "Do you roast on Mondays?", "answer": "Yes, every Monday."}'], name, { type })));
      expect(res.status, name).toBe(201);
      expect(await res.json(), name).toMatchObject({ sourceType: 'file', fileName: name, title: name });
    }
    for (const [name, type] of [
      ['setup.exe', 'text/plain'],
      ['report.docx', ''],
      ['notes.txt', 'application/pdf'],
      ['archive.zip', 'application/octet-stream'],
    ]) {
      const res = await upload(form(new File(['only harmless words in here'], name, { type })));
      expect(res.status, name).toBe(400);
      expect((await errorOf(res)).message, name).toBe('Please select a text, PDF or Word file (.txt, .md, .csv, .json, .pdf, .docx, etc.)');
    }
    await waitForIdle();
  });

  it('accepts a file just under 5MB', async () => {
    const line = 'Brightleaf roasts light and ships on Tuesdays and Thursdays from Portland.\n\n';
    const text = line.repeat(Math.floor((5 * 1024 * 1024 - 1) / line.length));
    const res = await upload(form(new File([text], 'big-but-fine.txt', { type: 'text/plain' })));
    expect(res.status).toBe(201);
    const created = await res.json();
    await waitForIdle(created.id);
    const [done] = (await listSources()).filter((s) => s.id === created.id);
    expect(done.status).toBe('completed');
    expect(done.totalChunks).toBeGreaterThan(100);
    await removeSource(created.id);
  });

  it('reduces uploaded HTML to its readable text', async () => {
    const html = '<html><head><title>Menu</title></head><body><nav><a href="/">Home</a></nav><main><h1>Menu</h1><p>Our flat white costs $4.50 and comes with oat milk at no extra charge.</p></main></body></html>';
    const created = await (await upload(form(new File([html], 'menu.html', { type: 'text/html' })))).json();
    await waitForIdle(created.id);
    const stored = await storedText(created.id);
    expect(stored).toContain('Our flat white costs $4.50');
    expect(stored).not.toContain('<');
    expect(stored).not.toContain('Home');
  });
});

describe('delete and rescan', () => {
  it('deletes a source with its pages and chunks', async () => {
    const created = await (await addSource({ sourceType: 'text', title: 'Temporary', textContent: 'Zanzibar blend is a limited edition.' })).json();
    await waitForIdle(created.id);
    expect(await retrieve(bot.id, 'zanzibar')).toHaveLength(1);
    const res = await removeSource(created.id);
    expect(res.status).toBe(200);
    expect((await listSources()).some((s) => s.id === created.id)).toBe(false);
    expect(await retrieve(bot.id, 'zanzibar')).toEqual([]);
    expect(await pageRows(created.id)).toEqual([]);
    const again = await removeSource(created.id);
    expect(again.status).toBe(404);
  });

  it('rescans a website: old content answers until the new scan completes, then is replaced', async () => {
    // a bot of its own: retrieval counts a page once, and the file's bot learned this site already
    const own = await newBot(owner.cookie);
    const created = await (await addSource({ url: `${site.url}/`, maxPages: 200 }, owner.cookie, own.guid)).json();
    await waitForIdle(created.id);
    const ours = async () => (await retrieve(own.id, 'do you ship to Mexico?', { limit: 10 })).filter((p) => p.sourceId === created.id);
    const before = await ours();
    expect(before[0]).toMatchObject({ url: `${site.url}/shipping`, heading: 'Where we ship' });
    expect(before[0].content).toContain('We ship to all 50 US states');

    const shipping = pages.find((p) => p.path === '/shipping')!;
    site.override('/shipping', { ...shipping, sections: [{ heading: 'Where we ship', paragraphs: ['Good news: Brightleaf now ships to Mexico as well as the United States and Canada.'] }] });
    site.latencyMs = 150;
    const requestsBefore = site.requests.length;
    const rescanned = await rescan(created.id, owner.cookie, own.guid);
    expect(rescanned.status).toBe(202);
    expect(await rescanned.json()).toMatchObject({ id: created.id, status: 'pending' });
    const conflict = await rescan(created.id, owner.cookie, own.guid);
    expect(conflict.status).toBe(409);
    expect((await errorOf(conflict)).message).toBe('This source is already being scanned');

    // mid-rescan (the changed page is being fetched; unchanged ones are not downloaded again),
    // retrieval sees exactly the old content once
    const shippingAsked = () => site.requests.slice(requestsBefore).includes('/shipping');
    for (let i = 0; i < 400 && !shippingAsked(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(shippingAsked()).toBe(true);
    const [mid] = (await listSources(own.guid)).filter((s) => s.id === created.id);
    expect(mid.status).toBe('scanning');
    const during = await ours();
    expect(during.map((p) => p.chunkId)).toEqual(before.map((p) => p.chunkId));
    expect(during.some((p) => p.content.includes('Mexico'))).toBe(false);

    await waitForIdle(created.id);
    site.latencyMs = 0;
    site.override('/shipping', shipping);
    const after = await ours();
    expect(after[0]).toMatchObject({ url: `${site.url}/shipping`, heading: 'Where we ship' });
    expect(after[0].content).toContain('now ships to Mexico');
    expect(after.some((p) => p.content.includes('We ship to all 50 US states'))).toBe(false);
    expect(new Set((await pageRows(created.id)).map((r) => r.generation))).toEqual(new Set([2]));
    const [done] = (await listSources(own.guid)).filter((s) => s.id === created.id);
    expect(done).toMatchObject({ status: 'completed', totalPages: expectedPagePaths().length });
  });

  it('rescans a text source by re-chunking it', async () => {
    const created = await (await addSource({ sourceType: 'text', title: 'Hours note', textContent: 'The roastery shop opens at 8 on Saturdays.' })).json();
    await waitForIdle(created.id);
    const res = await rescan(created.id);
    expect(res.status).toBe(202);
    await waitForIdle(created.id);
    const [done] = (await listSources()).filter((s) => s.id === created.id);
    expect(done).toMatchObject({ status: 'completed', totalChunks: 1 });
    expect((await pageRows(created.id)).map((r) => r.generation)).toEqual([2]);
    const found = (await retrieve(bot.id, 'when does the roastery shop open on saturday')).filter((p) => p.sourceId === created.id);
    expect(found.map((p) => p.content)).toEqual(['The roastery shop opens at 8 on Saturdays.']);
  });
});

describe('sync schedule', () => {
  const patch = (id: number, json: Record<string, unknown>, cookie = owner.cookie) =>
    // the typed call takes the schema's input; bad bodies go through as they would from any client
    source.$patch({ param: { chatbotId: bot.guid, sourceId: String(id) }, json: json as { syncSchedule: 'off' } }, withCookie(cookie));

  it('is off unless the add form sets it, and the owner changes it per source', async () => {
    const plain = await (await addSource({ url: 'http://127.0.0.1:1/' })).json();
    expect(plain).toMatchObject({ syncSchedule: 'off', nextSyncAt: null });
    const weekly = await (await addSource({ url: 'http://127.0.0.1:1/', syncSchedule: 'weekly' })).json();
    expect(weekly.syncSchedule).toBe('weekly');
    await waitForIdle();

    const res = await patch(plain.id, { syncSchedule: 'daily' });
    expect(res.status).toBe(200);
    const changed = await res.json();
    expect(changed).toMatchObject({ id: plain.id, syncSchedule: 'daily' });
    // a day after the last sync (the failed first attempt counts)
    expect(new Date(changed.nextSyncAt!).getTime()).toBe(new Date(changed.lastScanned!).getTime() + 24 * 3600_000);
    expect((await listSources()).find((s) => s.id === plain.id)).toMatchObject({ syncSchedule: 'daily' });
    expect((await (await patch(plain.id, { syncSchedule: 'off' })).json()).nextSyncAt).toBeNull();
  });

  it('refuses bad values with 400 {message, details}, other source types, and other owners', async () => {
    const created = await (await addSource({ url: 'http://127.0.0.1:1/' })).json();
    for (const body of [{ syncSchedule: 'hourly' }, { syncSchedule: 7 }, {}]) {
      const res = await patch(created.id, body);
      expect(res.status).toBe(400);
      const error = await validationErrorOf(res);
      expect(error.message).toBe('Sync schedule must be "off", "daily" or "weekly"');
      expect(error.details.fieldErrors.syncSchedule).toEqual(['Sync schedule must be "off", "daily" or "weekly"']);
    }
    const onCreate = await addSource({ url: 'http://127.0.0.1:1/', syncSchedule: 'monthly' });
    expect(onCreate.status).toBe(400);
    expect((await errorOf(onCreate)).message).toBe('Sync schedule must be "off", "daily" or "weekly"');

    const text = await (await addSource({ sourceType: 'text', title: 'Note', textContent: 'Some text long enough.' })).json();
    const notWebsite = await patch(text.id, { syncSchedule: 'daily' });
    expect(notWebsite.status).toBe(400);
    expect((await errorOf(notWebsite)).message).toBe('Only website sources can sync on a schedule');

    expect((await patch(created.id, { syncSchedule: 'daily' }, stranger.cookie)).status).toBe(404);
    expect((await patch(999_999, { syncSchedule: 'daily' })).status).toBe(404);
    await waitForIdle();
  });
});

describe('ownership', () => {
  it('answers 404 for another owner\'s bot on every route, and 401 when signed out', async () => {
    const created = await (await addSource({ sourceType: 'text', title: 'Private', textContent: 'Only the owner may see this.' })).json();
    await waitForIdle(created.id);
    const form = new FormData();
    form.set('file', new File(['hello there, world'], 'a.txt', { type: 'text/plain' }));
    for (const ref of [bot.guid, String(bot.id), 'no-such-bot']) {
      const calls = [
        sources.$get({ param: { chatbotId: ref } }, withCookie(stranger.cookie)),
        addSource({ url: 'https://example.com' }, stranger.cookie, ref),
        upload(form, stranger.cookie, ref),
        removeSource(created.id, stranger.cookie, ref),
        rescan(created.id, stranger.cookie, ref),
        sourcePages(created.id, stranger.cookie, ref),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(404);
        expect((await errorOf(res)).message).toBe('Chatbot not found');
      }
    }
    // a source id of another bot, through the stranger's own bot
    const strangersBot = await newBot(stranger.cookie);
    const cross = await removeSource(created.id, stranger.cookie, strangersBot.guid);
    expect(cross.status).toBe(404);
    const crossPages = await sourcePages(created.id, stranger.cookie, strangersBot.guid);
    expect(crossPages.status).toBe(404);
    expect((await errorOf(crossPages)).message).toBe('Source not found');
    expect((await listSources()).some((s) => s.id === created.id)).toBe(true);
    expect((await sourcePages(created.id)).status).toBe(200);

    const anonymous = await sources.$get({ param: { chatbotId: bot.guid } });
    expect(anonymous.status).toBe(401);
  });
});
