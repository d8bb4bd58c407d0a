import { describe, expect, it } from 'vitest';
import { documentPages } from './documentPages';
import { documentFormat, extractDocument } from './extractDocument';
import { makeDocx, makePdf, TINY_PNG } from './testing/sampleDocuments';

describe('documentFormat', () => {
  it('tells PDF and Word by their bytes, whatever else they are', async () => {
    expect(documentFormat(await makePdf([['Hello there']]))).toBe('pdf');
    expect(documentFormat(await makeDocx(['Hello there']))).toBe('docx');
    expect(documentFormat(TINY_PNG)).toBeNull();
    expect(documentFormat(new TextEncoder().encode('A note that mentions %PDF-1.7 and word/document.xml'))).toBeNull();
    // a ZIP without word/document.xml (a spreadsheet, an archive) is not a Word file
    expect(documentFormat(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.from('xl/workbook.xml')]))).toBeNull();
  });
});

describe('extractDocument', () => {
  it('cuts a Word file at its highest heading level, even when that is not h1', async () => {
    const docx = await makeDocx([
      { heading: 'Rooms', level: 2 },
      'Every room has a kettle.',
      { heading: 'Parking', level: 2 },
      'Park in the east lot.',
    ]);
    const extracted = await extractDocument(docx, 'docx');
    expect(extracted).toEqual({ ok: true, textContent: '## Rooms\n\nEvery room has a kettle.\f## Parking\n\nPark in the east lot.' });
    const pages = documentPages('docx', 'Guide', extracted.ok ? extracted.textContent : '');
    expect(pages).toEqual([
      { title: 'Guide — Rooms', blocks: [{ kind: 'heading', level: 2, text: 'Rooms' }, { kind: 'text', text: 'Every room has a kettle.' }] },
      { title: 'Guide — Parking', blocks: [{ kind: 'heading', level: 2, text: 'Parking' }, { kind: 'text', text: 'Park in the east lot.' }] },
    ]);
  });

  it('numbers PDF pages as in the file, leaving out those without text', () => {
    expect(documentPages('pdf', 'Manual', 'Intro\f\fWarranty lasts 3 years').map((p) => p.title)).toEqual(['Manual — page 1', 'Manual — page 3']);
  });

  it('answers why a document gives no text', async () => {
    expect(await extractDocument(await makePdf([[], []]), 'pdf')).toEqual({ ok: false, reason: 'noText' });
    expect(await extractDocument(await makePdf([['Prices']], { encrypted: true }), 'pdf')).toEqual({ ok: false, reason: 'locked' });
    expect(await extractDocument(new TextEncoder().encode('%PDF-1.4\ngarbage'), 'pdf')).toEqual({ ok: false, reason: 'unreadable' });
    expect(await extractDocument((await makeDocx(['Some words'])).slice(0, 300), 'docx')).toEqual({ ok: false, reason: 'unreadable' });
  });
});
