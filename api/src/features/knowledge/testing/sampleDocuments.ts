import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { PDFDocument, PDFHexString, PDFName, StandardFonts } from 'pdf-lib';

/** A PDF with one page per entry, each line of it drawn as text; an empty entry is a page without text. */
export async function makePdf(pages: string[][], opts: { encrypted?: boolean } = {}): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage([400, 400]);
    for (const [i, line] of lines.entries()) page.drawText(line, { x: 30, y: 360 - i * 16, size: 11, font });
  }
  if (opts.encrypted) {
    // a standard security handler whose user password is not empty: readers must ask for it
    const hash = () => PDFHexString.of('5a'.repeat(32));
    pdf.context.trailerInfo.Encrypt = pdf.context.obj({ Filter: PDFName.of('Standard'), V: 1, R: 2, O: hash(), U: hash(), P: -4 });
    pdf.context.trailerInfo.ID = pdf.context.obj([PDFHexString.of('01'.repeat(16)), PDFHexString.of('01'.repeat(16))]);
  }
  return new Uint8Array(await pdf.save({ useObjectStreams: false }));
}

/** A PDF whose only page is a picture (a scan): nothing to extract. */
export async function makeImagePdf(): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  const png = await pdf.embedPng(TINY_PNG);
  pdf.addPage([400, 400]).drawImage(png, { x: 0, y: 0, width: 400, height: 400 });
  return new Uint8Array(await pdf.save());
}

type DocxPart = { heading: string; level?: 1 | 2 } | string;

/** A Word document of headings and paragraphs, in order. */
export async function makeDocx(parts: DocxPart[]): Promise<Uint8Array<ArrayBuffer>> {
  const levels = { 1: HeadingLevel.HEADING_1, 2: HeadingLevel.HEADING_2 } as const;
  const children = parts.map((p) => (typeof p === 'string' ? new Paragraph(p) : new Paragraph({ text: p.heading, heading: levels[p.level ?? 1] })));
  return new Uint8Array(await Packer.toBuffer(new Document({ sections: [{ children }] })));
}

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
