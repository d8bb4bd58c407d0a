import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';
import { blocksToText, htmlToBlocks, type Block } from './extractPage';

export type DocumentFormat = 'pdf' | 'docx';

export type ExtractedDocument = { ok: true; textContent: string } | { ok: false; reason: 'noText' | 'locked' | 'unreadable' };

/**
 * The text of a PDF or Word (.docx) file (`documentFormat` tells them by content). The text is
 * stored as pages separated by form feeds (`PAGE_BREAK`), so a rescan rebuilds the same pages
 * from it: one per PDF page (empty ones kept, so numbers stay right), one per top-level heading
 * section of a Word document, headings as "#" lines.
 */
export async function extractDocument(bytes: Uint8Array, format: DocumentFormat): Promise<ExtractedDocument> {
  if (format === 'docx' && isOleFile(bytes)) return { ok: false, reason: 'locked' };
  try {
    const pages = format === 'pdf' ? await pdfPages(bytes) : await docxSections(bytes);
    const clean = pages.map((p) => p.replaceAll(PAGE_BREAK, '\n').trim());
    if (!clean.some((p) => /[\p{L}\p{N}]/u.test(p))) return { ok: false, reason: 'noText' };
    return { ok: true, textContent: clean.join(PAGE_BREAK) };
  } catch (err) {
    return { ok: false, reason: (err as Error)?.name === 'PasswordException' ? 'locked' : 'unreadable' };
  }
}

/** Separates the pages (PDF) or sections (Word) of a document's stored text. */
export const PAGE_BREAK = '\f';

/**
 * PDF or Word by content, never by name: `%PDF-`, or a ZIP naming word/document.xml, or an
 * OLE file holding an "EncryptedPackage" (how Word stores a password-protected .docx).
 */
export function documentFormat(bytes: Uint8Array): DocumentFormat | null {
  const buf = asBuffer(bytes);
  if (buf.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (buf.subarray(0, 4).equals(ZIP_MAGIC) && buf.includes('word/document.xml')) return 'docx';
  if (isOleFile(bytes) && buf.includes(Buffer.from('EncryptedPackage', 'utf16le'))) return 'docx';
  return null;
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const isOleFile = (bytes: Uint8Array) => asBuffer(bytes).subarray(0, 8).equals(OLE_MAGIC);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, isEvalSupported: false });
  try {
    const { text } = await extractText(pdf, { mergePages: false });
    return text;
  } finally {
    await pdf.destroy();
  }
}

async function docxSections(bytes: Uint8Array): Promise<string[]> {
  const { value: html } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
  // mammoth answers a fragment; linkedom needs a whole document to give it a body
  return splitSections(htmlToBlocks(`<!doctype html><html><body>${html}</body></html>`)).map(blocksToText);
}

/** Blocks cut before each heading of the highest level used; text before the first one is a section too. */
function splitSections(blocks: Block[]): Block[][] {
  const levels = blocks.flatMap((b) => (b.kind === 'heading' ? [b.level] : []));
  if (levels.length === 0) return [blocks];
  const top = Math.min(...levels);
  const sections: Block[][] = [[]];
  for (const block of blocks) {
    if (block.kind === 'heading' && block.level === top && sections[sections.length - 1].length > 0) sections.push([]);
    sections[sections.length - 1].push(block);
  }
  return sections;
}

