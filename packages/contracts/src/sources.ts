/**
 * Limits and messages of the add-data forms (website, pasted text, text/PDF/Word file), word for word,
 * and the check of a website address. Plain constants and functions (no zod): the server's
 * schemas in `sources.schemas.ts` and the dashboard's forms both use them.
 */
export const MAX_PAGES_DEFAULT = 50;
export const MAX_PAGES_LIMIT = 200;
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
/** PDF and Word (.docx) uploads: larger than text files, as their text is a fraction of their bytes. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const MIN_TEXT_LENGTH = 10;
/** Longest website address accepted. */
export const MAX_URL_LENGTH = 2000;

/** What an uploaded file is described as when the owner writes nothing: the server stores it, the form shows it. */
export const uploadedFileDescription = (fileName: string) => `Uploaded file: ${fileName}`;

/** Limits of a Q&A source: the owner's own answer to a question, with other wordings of it. */
export const QA_LIMITS = { question: 500, answer: 5000, variants: 20, variant: 500 } as const;

/** A Q&A source as the owner edits it: the question, other wordings visitors use, the answer. */
export type QaInput = { question: string; variants: string[]; answer: string };

/** A saved Q&A source as `GET /api/chatbots/{id}/qa` lists it. */
export type QaSource = QaInput & {
  id: number;
  status: 'pending' | 'scanning' | 'completed' | 'error';
  createdAt: string;
  updatedAt: string;
};

export const QA_MESSAGES = {
  question: 'Question is required',
  questionLength: `Question must be at most ${QA_LIMITS.question} characters`,
  answer: 'Answer is required',
  answerLength: `Answer must be at most ${QA_LIMITS.answer} characters`,
  variants: `At most ${QA_LIMITS.variants} other wordings`,
  variantsType: 'Other wordings must be a list of texts',
  variantLength: `Each wording must be at most ${QA_LIMITS.variant} characters`,
} as const;

export const SOURCE_MESSAGES = {
  url: 'Please enter a valid URL',
  maxPages: `Max pages must be between 1 and ${MAX_PAGES_LIMIT}`,
  title: 'Title is required',
  text: `Text content must be at least ${MIN_TEXT_LENGTH} characters`,
  fileMissing: 'Please select a file to upload',
  fileType: 'Please select a text file (.txt, .csv, .md, .json, etc.)',
  fileSize: 'File size must be less than 5MB',
  /** Neither text nor a PDF or Word document (the text-file message above stays for text that is not). */
  uploadType: 'Please select a text, PDF or Word file (.txt, .md, .csv, .json, .pdf, .docx, etc.)',
  documentSize: 'PDF and Word files must be less than 10MB',
  documentNoText: 'No text could be read from this file. A scanned PDF holds pictures of pages: run it through text recognition (OCR) first',
  documentLocked: 'This file is password-protected. Remove the password and upload it again',
  documentUnreadable: 'This file is damaged or not a valid PDF or Word document',
} as const;

/**
 * `raw` (already trimmed) as a full address, or null when it is not an http(s) address with a
 * dotted host (or localhost, or an IP literal) and without credentials. "example.com" without a
 * scheme reads as https://example.com: owners rarely type "https://".
 */
export function websiteUrl(raw: string): string | null {
  if (!raw || /\s/.test(raw)) return null;
  const full = /^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `https://${raw}`;
  let url: URL;
  try {
    url = new URL(full);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname || url.username || url.password) return null;
  return url.hostname.includes('.') || url.hostname === 'localhost' || url.hostname.startsWith('[') ? full : null;
}

/**
 * How often a website source syncs by itself: never (the default), daily or weekly. A sync
 * re-crawls incrementally (unchanged pages are not downloaded again); see docs/knowledge.md.
 */
export const SYNC_SCHEDULES = ['off', 'daily', 'weekly'] as const;
export type SyncSchedule = (typeof SYNC_SCHEDULES)[number];
export const SYNC_SCHEDULE_DEFAULT: SyncSchedule = 'off';

/** The period of each schedule, in milliseconds (null: no automatic sync). */
export const SYNC_PERIOD_MS: Record<SyncSchedule, number | null> = {
  off: null,
  daily: 24 * 60 * 60 * 1000,
  weekly: 7 * 24 * 60 * 60 * 1000,
};

export const SYNC_SCHEDULE_LABELS: Record<SyncSchedule, string> = { off: 'Off', daily: 'Daily', weekly: 'Weekly' };

export const SYNC_MESSAGES = {
  schedule: 'Sync schedule must be "off", "daily" or "weekly"',
  websiteOnly: 'Only website sources can sync on a schedule',
} as const;

/**
 * When a source with this schedule syncs next: one period after its last sync (completed or
 * failed), or now when it has never synced; null when the schedule is off. The API's scheduler
 * and the dashboard's "Next sync" both read it, so they agree.
 */
export function nextSyncAt(schedule: SyncSchedule, lastSynced: Date | string | number | null, now: number = Date.now()): Date | null {
  const period = SYNC_PERIOD_MS[schedule];
  if (period === null) return null;
  if (lastSynced === null) return new Date(now);
  return new Date(new Date(lastSynced).getTime() + period);
}
