/** Client-side checks of the add-data forms (owner-tools §5); the texts are the spec's, word for word. */

// The limits and texts are the API's own (one definition, the spec's words), so the form and
// the server can never disagree.
import { MAX_FILE_BYTES, MAX_PAGES_DEFAULT, MAX_PAGES_LIMIT, MESSAGES as SOURCE_MESSAGES, MIN_TEXT_LENGTH } from '../../../../api/src/features/sources/sourceLimits';

export { MAX_FILE_BYTES, MAX_PAGES_DEFAULT, MAX_PAGES_LIMIT, MIN_TEXT_LENGTH, SOURCE_MESSAGES };
/** The file picker's filter. */
export const FILE_ACCEPT = '.txt,.csv,.md,.json,.xml';

export type WebsiteFormValues = { url: string; title: string; description: string; maxPages: string };
export type TextFormValues = { title: string; description: string; textContent: string };
export type FormErrors<T> = Partial<Record<keyof T, string>>;

export const emptyWebsiteForm = (): WebsiteFormValues => ({ url: '', title: '', description: '', maxPages: String(MAX_PAGES_DEFAULT) });
export const emptyTextForm = (): TextFormValues => ({ title: '', description: '', textContent: '' });

export function validateWebsiteForm(values: WebsiteFormValues): FormErrors<WebsiteFormValues> {
  const errors: FormErrors<WebsiteFormValues> = {};
  if (!isValidUrl(values.url)) errors.url = SOURCE_MESSAGES.url;
  const pages = Number(values.maxPages);
  if (values.maxPages.trim() === '' || !Number.isInteger(pages) || pages < 1 || pages > MAX_PAGES_LIMIT) errors.maxPages = SOURCE_MESSAGES.maxPages;
  return errors;
}

export function validateTextForm(values: TextFormValues): FormErrors<TextFormValues> {
  const errors: FormErrors<TextFormValues> = {};
  if (!values.title.trim()) errors.title = SOURCE_MESSAGES.title;
  if (values.textContent.trim().length < MIN_TEXT_LENGTH) errors.textContent = SOURCE_MESSAGES.text;
  return errors;
}

/** The first problem with a picked file, or null when it may be uploaded. */
export function validateFile(file: File | null | undefined): string | null {
  if (!file) return SOURCE_MESSAGES.fileMissing;
  if (!isTextFile(file)) return SOURCE_MESSAGES.fileType;
  if (file.size >= MAX_FILE_BYTES) return SOURCE_MESSAGES.fileSize;
  return null;
}

/** The website form's JSON body: trimmed, empty optionals left out, maxPages as a number. */
export function websitePayload(values: WebsiteFormValues) {
  return {
    sourceType: 'website' as const,
    url: values.url.trim(),
    title: values.title.trim() || undefined,
    description: values.description.trim() || undefined,
    maxPages: Number(values.maxPages),
  };
}

export function textPayload(values: TextFormValues) {
  return {
    sourceType: 'text' as const,
    title: values.title.trim(),
    description: values.description.trim() || undefined,
    textContent: values.textContent,
  };
}

/**
 * An http(s) address with a dotted host (or localhost). Like the server, "example.com" without
 * a scheme counts: owners rarely type "https://".
 */
export function isValidUrl(raw: string): boolean {
  const value = raw.trim();
  if (!value || /\s/.test(value)) return false;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    if (url.username || url.password) return false;
    return url.hostname.includes('.') || url.hostname === 'localhost' || url.hostname.startsWith('[');
  } catch {
    return false;
  }
}

const TEXT_TYPES = new Set(['text/plain', 'text/csv', 'text/markdown', 'application/json', 'application/xml']);
const PICKER_EXTENSIONS = /\.(txt|csv|md|json|xml)$/i;

/**
 * The spec's types, any text/*, and application/xml (the picker offers .xml and browsers label
 * it so). Browsers send no type for some of the picker's own extensions (.md on many systems),
 * so an untyped file with one of those names passes; the server checks the content anyway.
 */
function isTextFile(file: File): boolean {
  const type = file.type.split(';')[0].trim().toLowerCase();
  if (type.startsWith('text/') || TEXT_TYPES.has(type)) return true;
  return (type === '' || type === 'application/octet-stream') && PICKER_EXTENSIONS.test(file.name);
}
