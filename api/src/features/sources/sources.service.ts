import { and, asc, count, desc, eq, isNotNull } from 'drizzle-orm';
import { transaction } from '../../db/transaction';
import { db } from '../../db/client';
import { chatMessages, chunks, contentSources, pages, type ContentSource } from '../../db/schema';
import { badRequest, conflict, notFound, payloadTooLarge } from '../../lib/errors';
import { validationError } from '../../lib/validate';
import { decodeTextFile } from '../knowledge/decodeText';
import { documentFormat, extractDocument } from '../knowledge/extractDocument';
import { blocksToText, extractPage } from '../knowledge/extractPage';
import { cancelScan, enqueueScan, isScanQueued, scanNow } from '../knowledge/scanQueue';
import { removeSourceIndex } from '../knowledge/scanSource';
import {
  MAX_DOCUMENT_BYTES,
  MAX_FILE_BYTES,
  nextSyncAt,
  SOURCE_MESSAGES as MESSAGES,
  SYNC_MESSAGES,
  uploadedFileDescription,
  type QaSource,
  type SyncSchedule,
} from '@parley/contracts';
import {
  qaSourceSchema,
  sourceSettingsSchema,
  textSourceSchema,
  websiteSourceSchema,
  type QaSourceInput,
  type SourceSettingsInput,
  type TextSourceInput,
  type WebsiteSourceInput,
} from '@parley/contracts/schemas';

export { resumeInterruptedScans, waitForIdle } from '../knowledge/scanQueue';

/** What the API answers for a content source (the raw text and generation stay inside). */
export type SourceJson = {
  id: number;
  chatbotId: number;
  sourceType: ContentSource['sourceType'];
  title: string | null;
  url: string | null;
  fileName: string | null;
  description: string | null;
  maxPages: number;
  status: ContentSource['status'];
  totalPages: number;
  totalChunks: number;
  lastScanned: Date | null;
  /** How often a website source syncs by itself, and when it is next due (null: never). */
  syncSchedule: SyncSchedule;
  nextSyncAt: Date | null;
  errorMessage: string | null;
  createdAt: Date;
};

export async function listSources(chatbotId: number): Promise<SourceJson[]> {
  return (await db
    .select()
    .from(contentSources)
    .where(eq(contentSources.chatbotId, chatbotId))
    .orderBy(desc(contentSources.createdAt), desc(contentSources.id)))
    .map(toJson);
}

/** Adds a website and starts crawling it in the background (status pending → scanning → ...). */
export async function addWebsiteSource(chatbotId: number, input: WebsiteSourceInput): Promise<SourceJson> {
  const parsed = websiteSourceSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const { url, title, description, maxPages, syncSchedule } = parsed.data;
  return await insertAndScan({ chatbotId, sourceType: 'website', url, title, description, maxPages, syncSchedule });
}

/** Changes a website source's sync schedule; the next sync is one period after the last one. */
export async function updateSourceSettings(chatbotId: number, sourceId: number, input: SourceSettingsInput): Promise<SourceJson> {
  const parsed = sourceSettingsSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const source = await getSource(chatbotId, sourceId);
  if (source.sourceType !== 'website') {
    throw badRequest(SYNC_MESSAGES.websiteOnly, { fieldErrors: { syncSchedule: [SYNC_MESSAGES.websiteOnly] }, formErrors: [] });
  }
  const row = (await db
    .update(contentSources)
    .set({ syncSchedule: parsed.data.syncSchedule, updatedAt: new Date() })
    .where(eq(contentSources.id, sourceId))
    .returning())[0];
  return toJson(row);
}

/** Adds pasted text; it is chunked and indexed in the background like any other source. */
export async function addTextSource(chatbotId: number, input: TextSourceInput): Promise<SourceJson> {
  const parsed = textSourceSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const { title, description, textContent } = parsed.data;
  return await insertAndScan({ chatbotId, sourceType: 'text', title, description, textContent });
}

/**
 * Adds a Q&A (the owner's answer to a question, with other wordings of it) and indexes it
 * before answering, so the bot uses it from the next message on.
 */
export async function addQaSource(chatbotId: number, input: QaSourceInput): Promise<SourceJson> {
  return indexQaNow((await insertQaSource(chatbotId, input)).id);
}

/**
 * Stores a Q&A source without indexing it (`indexQaNow` does), so a caller can store it in a
 * transaction of its own.
 */
export async function insertQaSource(chatbotId: number, input: QaSourceInput): Promise<ContentSource> {
  const { question, variants, answer } = parseQa(input);
  return (await db
    .insert(contentSources)
    .values({ chatbotId, sourceType: 'qa', title: question, questionVariants: variants, textContent: answer, status: 'pending' })
    .returning())[0];
}

/** Changes a Q&A source's question, wordings and answer and indexes it again before answering. */
export async function updateQaSource(chatbotId: number, sourceId: number, input: QaSourceInput): Promise<SourceJson> {
  const source = await getSource(chatbotId, sourceId);
  if (source.sourceType !== 'qa') throw notFound('Source not found');
  const { question, variants, answer } = parseQa(input);
  if (await isScanQueued(sourceId)) throw conflict('This source is already being scanned', { status: source.status });
  await db.update(contentSources)
    .set({ title: question, questionVariants: variants, textContent: answer, status: 'pending', errorMessage: null, updatedAt: new Date() })
    .where(eq(contentSources.id, sourceId));
  return indexQaNow(sourceId);
}

/** The bot's Q&A sources with their wordings and answers, newest first. */
export async function listQaSources(chatbotId: number): Promise<QaSource[]> {
  return (await db
    .select()
    .from(contentSources)
    .where(and(eq(contentSources.chatbotId, chatbotId), eq(contentSources.sourceType, 'qa')))
    .orderBy(desc(contentSources.createdAt), desc(contentSources.id)))
    .map((s) => ({
      id: s.id,
      question: s.title ?? '',
      variants: s.questionVariants,
      answer: s.textContent ?? '',
      status: s.status,
      createdAt: s.createdAt.toISOString(),
      updatedAt: s.updatedAt.toISOString(),
    }));
}

function parseQa(input: QaSourceInput) {
  const parsed = qaSourceSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** Indexes a Q&A source now, before returning it, so the bot uses it from the next message on. */
export async function indexQaNow(sourceId: number): Promise<SourceJson> {
  await scanNow(sourceId);
  const row = (await db.select().from(contentSources).where(eq(contentSources.id, sourceId)).limit(1))[0];
  if (!row) throw notFound('Source not found');
  return toJson(row);
}

/**
 * Adds an uploaded file: a PDF or Word (.docx) document, told by its content (under 10MB), or
 * a text file (under 5MB), checked by name and declared type and then by content (valid
 * UTF-8/UTF-16 without binary bytes), so a renamed image is refused. HTML files are reduced to
 * their readable text. Only the text is kept, not the file; a document's keeps its pages.
 */
export async function addFileSource(
  chatbotId: number,
  input: { file: File | string | undefined | null; title?: string | null; description?: string | null },
): Promise<SourceJson> {
  const { file } = input;
  if (!file || typeof file === 'string') throw badRequest(MESSAGES.fileMissing, { field: 'file' });
  // the route's body limit bounds what is read here; the type comes from the bytes, then the size rule
  const bytes = new Uint8Array(await file.arrayBuffer());
  const format = documentFormat(bytes);
  if (format && file.size >= MAX_DOCUMENT_BYTES) throw payloadTooLarge(MESSAGES.documentSize);
  if (!format && file.size >= MAX_FILE_BYTES) throw payloadTooLarge(MESSAGES.fileSize);
  const document = format ? await extractDocument(bytes, format) : null;
  if (document && !document.ok) throw badRequest(DOCUMENT_ERRORS[document.reason], { field: 'file', reason: document.reason });
  const text = document?.ok ? document.textContent : textOfFile(file, bytes);
  const fileName = file.name.slice(0, 255) || (format ? `upload.${format}` : 'upload.txt');
  const parsed = textSourceSchema.safeParse({
    title: input.title?.trim() || fileName,
    // A blank description (the dashboard's form sends one when left empty) gets the default too.
    description: input.description?.trim() || uploadedFileDescription(fileName),
    textContent: text,
  });
  if (!parsed.success) throw validationError(parsed.error);
  const { title, description, textContent } = parsed.data;
  return await insertAndScan({ chatbotId, sourceType: 'file', fileName, fileFormat: format, title, description, textContent });
}

const DOCUMENT_ERRORS = {
  noText: MESSAGES.documentNoText,
  locked: MESSAGES.documentLocked,
  unreadable: MESSAGES.documentUnreadable,
} as const;

/** A text file's text; refused with the text-file message when its name promised text and its bytes are not. */
function textOfFile(file: File, bytes: Uint8Array): string {
  if (!looksLikeTextFile(file.name, file.type)) throw badRequest(MESSAGES.uploadType, { field: 'file' });
  const text = decodeTextFile(Buffer.from(bytes));
  if (text === null) throw badRequest(MESSAGES.fileType, { field: 'file' });
  if (!isHtml(file.name, file.type)) return text;
  return blocksToText(extractPage(text, 'http://localhost/').blocks);
}

/**
 * Deletes a source with its pages and chunks, stopping its scan first. The inbox questions a
 * deleted Q&A answered wait there again: nothing answers them any more.
 */
export async function deleteSource(chatbotId: number, sourceId: number): Promise<void> {
  await getSource(chatbotId, sourceId);
  await cancelScan(sourceId);
  await removeSourceIndex(sourceId);
  await transaction(async (tx) => {
    await tx.update(chatMessages)
      .set({ triage: null, triagedAt: null, triageSourceId: null })
      .where(
        and(
          eq(chatMessages.chatbotId, chatbotId),
          isNotNull(chatMessages.unansweredReason),
          eq(chatMessages.triage, 'answered'),
          eq(chatMessages.triageSourceId, sourceId),
        ),
      );
    await tx.delete(contentSources).where(eq(contentSources.id, sourceId));
  });
}

/** One page of a source as the Pages view lists it: `reason` is a plain sentence, null for a learned page. */
type SourcePageJson = { url: string | null; title: string | null; status: 'ok' | 'skipped' | 'error'; reason: string | null; chunks: number };

export type SourcePagesJson = {
  sourceId: number;
  status: ContentSource['status'];
  errorMessage: string | null;
  /** 'live': the pages the bot answers from. 'failed': the last scan failed; these are its pages, kept to explain why. */
  scan: 'live' | 'failed';
  learned: number;
  skipped: number;
  failed: number;
  pages: SourcePageJson[];
};

/**
 * A source's pages in crawl order: learned, skipped and failed, each failure with its reason.
 * Not paginated: a scan records at most maxPages learned pages (≤ 200) and 4 × maxPages others,
 * so the list is bounded at 1000 rows. After a failed scan its own rows are listed (the live
 * generation is still the previous one, and its rows say nothing about the failure).
 */
export async function listSourcePages(chatbotId: number, sourceId: number): Promise<SourcePagesJson> {
  const source = await getSource(chatbotId, sourceId);
  const pagesOf = async (generation: number) =>
    await db
      .select({ url: pages.url, title: pages.title, status: pages.status, reason: pages.reason, chunks: count(chunks.id) })
      .from(pages)
      .leftJoin(chunks, eq(chunks.pageId, pages.id))
      .where(and(eq(pages.sourceId, sourceId), eq(pages.generation, generation)))
      .groupBy(pages.id)
      .orderBy(asc(pages.id));
  const failedRows = source.status === 'error' ? await pagesOf(source.generation + 1) : [];
  const scan = failedRows.length > 0 ? 'failed' : 'live';
  const rows = scan === 'failed' ? failedRows : await pagesOf(source.generation);
  const tally = (status: SourcePageJson['status']) => rows.filter((r) => r.status === status).length;
  return {
    sourceId,
    status: source.status,
    errorMessage: source.errorMessage,
    scan,
    // pages a failed scan read were never made live: nothing of them was learned
    learned: scan === 'failed' ? 0 : tally('ok'),
    skipped: tally('skipped'),
    failed: tally('error'),
    pages: rows,
  };
}

/**
 * Scans a source again (websites are re-synced incrementally like a scheduled sync, text is
 * re-chunked). The current content stays searchable until the new scan completes. Refused
 * while a scan of it is under way.
 */
export async function rescanSource(chatbotId: number, sourceId: number): Promise<SourceJson> {
  const source = await getSource(chatbotId, sourceId);
  // a pending/scanning status without a job here is a scan a crash left behind: restartable
  if (await isScanQueued(sourceId)) throw conflict('This source is already being scanned', { status: source.status });
  const row = (await db
    .update(contentSources)
    .set({ status: 'pending', errorMessage: null, updatedAt: new Date() })
    .where(eq(contentSources.id, sourceId))
    .returning())[0];
  enqueueScan(sourceId);
  return toJson(row);
}

async function getSource(chatbotId: number, sourceId: number): Promise<ContentSource> {
  const source = (await db
    .select()
    .from(contentSources)
    .where(and(eq(contentSources.id, sourceId), eq(contentSources.chatbotId, chatbotId))).limit(1))[0];
  if (!source) throw notFound('Source not found');
  return source;
}

async function insertAndScan(values: typeof contentSources.$inferInsert): Promise<SourceJson> {
  const row = (await db
    .insert(contentSources)
    .values({ ...values, status: 'pending' })
    .returning())[0];
  enqueueScan(row.id);
  return toJson(row);
}

function toJson(s: ContentSource): SourceJson {
  return {
    id: s.id,
    chatbotId: s.chatbotId,
    sourceType: s.sourceType,
    title: s.title,
    url: s.url,
    fileName: s.fileName,
    description: s.description,
    maxPages: s.maxPages,
    status: s.status,
    totalPages: s.totalPages,
    totalChunks: s.totalChunks,
    lastScanned: s.lastScanned,
    syncSchedule: s.syncSchedule,
    nextSyncAt: nextSyncAt(s.syncSchedule, s.lastScanned),
    errorMessage: s.errorMessage,
    createdAt: s.createdAt,
  };
}

const TEXT_EXTENSIONS = /\.(txt|text|csv|tsv|md|markdown|mdx|json|jsonl|ndjson|xml|html?|ya?ml|log|rst|adoc|org|ini|toml|srt|vtt)$/i;
const TEXT_TYPES = /^(text\/[\w.+-]+|application\/(json|ld\+json|x-ndjson|xml|xhtml\+xml|yaml|x-yaml|toml))$/i;

/** Name and declared type must both be compatible with text; the content is checked after. */
function looksLikeTextFile(name: string, type: string) {
  const declared = type.split(';')[0].trim().toLowerCase();
  const hasExtension = /\.[^./\\]+$/.test(name);
  if (hasExtension && !TEXT_EXTENSIONS.test(name)) return false;
  // browsers send no type for many text formats (.md on Windows); the content check decides
  if (declared === '' || declared === 'application/octet-stream') return true;
  return TEXT_TYPES.test(declared);
}

function isHtml(name: string, type: string) {
  return /\.html?$/i.test(name) || /^(text\/html|application\/xhtml\+xml)/i.test(type);
}
