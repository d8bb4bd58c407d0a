import { and, asc, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentSources, pages as pagesTable } from '../../db/schema';
import { makeDocx, makeImagePdf, makePdf, TINY_PNG } from '../knowledge/testing/sampleDocuments';

// PDF and Word uploads through the real route, answered by the offline model (no OPENAI_API_KEY).
process.env.RATE_LIMIT_CHAT_PER_MINUTE = '0';
process.env.RATE_LIMIT_SESSION_PER_MINUTE = '0';
const kit = await import('../chat/testing/chatKit');
const { db } = await import('../../db/client');
const { waitForIdle } = await import('./sources.service');
const { retrieve } = await import('../knowledge/retrieve');

let owner: { cookie: string };
let bot: { id: number; guid: string };

beforeAll(async () => {
  owner = await kit.owner();
  bot = await kit.newBot(owner.cookie, { name: 'Kettle help', fallbackMessage: "I don't know that yet, sorry." });
});

const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function upload(file: File, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set('file', file);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return kit.client.api.chatbots[':chatbotId']['upload-text-file'].$post(
    { param: { chatbotId: bot.guid } },
    { ...kit.withCookie(owner.cookie), init: { body: form } },
  );
}

async function uploaded(file: File, fields: Record<string, string> = {}) {
  const res = await upload(file, fields);
  expect(res.status).toBe(201);
  const created = await res.json();
  await waitForIdle(created.id);
  return created;
}

function pageRows(sourceId: number) {
  return db
    .select({ title: pagesTable.title, url: pagesTable.url, content: pagesTable.content })
    .from(pagesTable)
    .where(and(eq(pagesTable.sourceId, sourceId), eq(pagesTable.status, 'ok')))
    .orderBy(asc(pagesTable.id));
}

async function storedSource(sourceId: number) {
  const [row] = await db
    .select({ text: contentSources.textContent, format: contentSources.fileFormat, status: contentSources.status, pages: contentSources.totalPages })
    .from(contentSources)
    .where(eq(contentSources.id, sourceId));
  return row;
}

const manual = () =>
  makePdf([
    ['Kettle manual', 'Fill the kettle with fresh water before each use.'],
    ['Descaling', 'Descale the kettle every 4 weeks with white vinegar.', 'Rinse it twice afterwards.'],
    [],
    ['Warranty', 'The warranty covers the heating element for 3 years.'],
  ]);

describe('PDF uploads', () => {
  it('keeps one page per PDF page, titled with its number, and rebuilds the same pages on a rescan', async () => {
    const created = await uploaded(new File([await manual()], 'kettle-manual.pdf', { type: PDF }), { title: 'Kettle manual' });
    expect(created).toMatchObject({ sourceType: 'file', fileName: 'kettle-manual.pdf', title: 'Kettle manual', description: 'Uploaded file: kettle-manual.pdf' });
    const stored = await storedSource(created.id);
    expect(stored).toMatchObject({ format: 'pdf', status: 'completed', pages: 3 });
    // the page without text keeps its place, so page numbers stay those of the file
    expect(stored.text?.split('\f')).toEqual([
      'Kettle manual\nFill the kettle with fresh water before each use.',
      'Descaling\nDescale the kettle every 4 weeks with white vinegar.\nRinse it twice afterwards.',
      '',
      'Warranty\nThe warranty covers the heating element for 3 years.',
    ]);
    const pages = await pageRows(created.id);
    expect(pages.map((p) => p.title)).toEqual(['Kettle manual — page 1', 'Kettle manual — page 2', 'Kettle manual — page 4']);
    expect(pages[1].content).toContain('Descale the kettle every 4 weeks');
    expect(pages.every((p) => p.url === null)).toBe(true);

    const rescan = await kit.client.api.chatbots[':chatbotId']['website-sources'][':sourceId'].rescan.$post(
      { param: { chatbotId: bot.guid, sourceId: String(created.id) } },
      kit.withCookie(owner.cookie),
    );
    expect(rescan.status).toBe(202);
    await waitForIdle(created.id);
    expect(await pageRows(created.id)).toEqual(pages);
  });

  it('answers a question from page 2 and cites page 2', async () => {
    const [top] = await retrieve(bot.id, 'how often should I descale the kettle?');
    expect(top).toMatchObject({ title: 'Kettle manual — page 2' });
    expect(top.content).toContain('every 4 weeks');

    const sessionId = await kit.openSession(bot.guid);
    const { events } = await kit.streamMessage(sessionId, { content: 'How often should I descale the kettle?' });
    const answer = kit.completeMessages(events)[1];
    expect(answer.content).toContain('every 4 weeks');
    expect(answer.metadata?.sources?.[0]).toEqual({ title: 'Kettle manual — page 2', url: null });
  });

  it('takes the type from the content: a PDF with another name is a PDF', async () => {
    const created = await uploaded(new File([await makePdf([['Opening hours', 'The shop opens at eight on Saturdays.']])], 'scan-001', { type: 'application/octet-stream' }));
    expect(await storedSource(created.id)).toMatchObject({ format: 'pdf', text: 'Opening hours\nThe shop opens at eight on Saturdays.' });
    expect((await pageRows(created.id)).map((p) => p.title)).toEqual(['scan-001 — page 1']);
  });

  it('refuses a PDF without text (a scan), a password-protected one and a damaged one, storing nothing', async () => {
    const before = await storedCount();
    for (const [file, message] of [
      [new File([await makeImagePdf()], 'scan.pdf', { type: PDF }), 'No text could be read from this file. A scanned PDF holds pictures of pages: run it through text recognition (OCR) first'],
      [new File([await makePdf([])], 'blank.pdf', { type: PDF }), 'No text could be read from this file. A scanned PDF holds pictures of pages: run it through text recognition (OCR) first'],
      [new File([await makePdf([['Secret prices']], { encrypted: true })], 'locked.pdf', { type: PDF }), 'This file is password-protected. Remove the password and upload it again'],
      [new File(['%PDF-1.7\n1 0 obj broken beyond repair'], 'broken.pdf', { type: PDF }), 'This file is damaged or not a valid PDF or Word document'],
    ] as const) {
      const res = await upload(file);
      expect(res.status, file.name).toBe(400);
      expect((await kit.errorOf(res)).message, file.name).toBe(message);
    }
    expect(await storedCount()).toBe(before);
  });

  it('refuses a renamed picture or text named .pdf with the file-type message', async () => {
    for (const file of [
      new File([TINY_PNG], 'manual.pdf', { type: PDF }),
      new File(['Just some words, not a PDF at all.'], 'notes.pdf', { type: PDF }),
      new File([TINY_PNG], 'report.docx', { type: DOCX }),
    ]) {
      const res = await upload(file);
      expect(res.status, file.name).toBe(400);
      expect((await kit.errorOf(res)).message, file.name).toBe('Please select a text, PDF or Word file (.txt, .md, .csv, .json, .pdf, .docx, etc.)');
    }
  });

  it('accepts PDF and Word files up to 10MB (413 above), while text keeps its 5MB rule', async () => {
    const padded = (size: number) => {
      const bytes = new Uint8Array(size).fill(0x20);
      bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
      return bytes;
    };
    const big = await upload(new File([padded(10 * 1024 * 1024)], 'huge.pdf', { type: PDF }));
    expect(big.status).toBe(413);
    expect((await kit.errorOf(big)).message).toBe('PDF and Word files must be less than 10MB');
    // between the two limits a PDF is read (this one is not a valid PDF), not refused for its size
    const mid = await upload(new File([padded(6 * 1024 * 1024)], 'mid.pdf', { type: PDF }));
    expect(mid.status).toBe(400);
    expect((await kit.errorOf(mid)).message).toBe('This file is damaged or not a valid PDF or Word document');
    const text = await upload(new File(['a'.repeat(6 * 1024 * 1024)], 'big.txt', { type: 'text/plain' }));
    expect(text.status).toBe(413);
    expect((await kit.errorOf(text)).message).toBe('File size must be less than 5MB');
  });
});

describe('Word uploads', () => {
  it('keeps one page per top-level heading, with the subheadings as headings of its chunks', async () => {
    const docx = await makeDocx([
      'Welcome to the Harbor guest guide.',
      { heading: 'Parking' },
      'Guests park free in the east lot.',
      { heading: 'Electric cars', level: 2 },
      'Two chargers stand by the east lot entrance.',
      { heading: 'Breakfast' },
      'Breakfast is served from seven to ten in the garden room.',
    ]);
    const created = await uploaded(new File([docx], 'guest-guide.docx', { type: DOCX }));
    const stored = await storedSource(created.id);
    expect(stored).toMatchObject({ format: 'docx', status: 'completed', pages: 3 });
    expect(stored.text?.split('\f')).toEqual([
      'Welcome to the Harbor guest guide.',
      '# Parking\n\nGuests park free in the east lot.\n\n## Electric cars\n\nTwo chargers stand by the east lot entrance.',
      '# Breakfast\n\nBreakfast is served from seven to ten in the garden room.',
    ]);
    expect((await pageRows(created.id)).map((p) => p.title)).toEqual(['guest-guide.docx', 'guest-guide.docx — Parking', 'guest-guide.docx — Breakfast']);
    const [top] = await retrieve(bot.id, 'where are the electric car chargers?');
    expect(top).toMatchObject({ title: 'guest-guide.docx — Parking', heading: 'Parking › Electric cars' });
    expect(top.content).toBe('Two chargers stand by the east lot entrance.');
  });

  it('keeps a document without headings as one page', async () => {
    const created = await uploaded(new File([await makeDocx(['Our van delivers on Tuesdays.', 'Orders close on Monday at noon.'])], 'delivery.docx', { type: DOCX }));
    expect(await pageRows(created.id)).toEqual([{ title: 'delivery.docx', url: null, content: 'Our van delivers on Tuesdays.\n\nOrders close on Monday at noon.' }]);
  });

  it('refuses an empty, a damaged and a password-protected Word file', async () => {
    const whole = await makeDocx(['Some text that will be cut off.']);
    // Word saves a password-protected .docx as an OLE compound file holding an "EncryptedPackage" stream
    const locked = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504), Buffer.from('EncryptedPackage', 'utf16le')]);
    for (const [file, message] of [
      [new File([await makeDocx([])], 'empty.docx', { type: DOCX }), 'No text could be read from this file. A scanned PDF holds pictures of pages: run it through text recognition (OCR) first'],
      [new File([whole.slice(0, 600)], 'cut.docx', { type: DOCX }), 'This file is damaged or not a valid PDF or Word document'],
      [new File([locked], 'locked.docx', { type: DOCX }), 'This file is password-protected. Remove the password and upload it again'],
    ] as const) {
      const res = await upload(file);
      expect(res.status, file.name).toBe(400);
      expect((await kit.errorOf(res)).message, file.name).toBe(message);
    }
  });
});

async function storedCount() {
  return (await db.select({ n: count() }).from(contentSources).where(eq(contentSources.chatbotId, bot.id)))[0].n;
}
