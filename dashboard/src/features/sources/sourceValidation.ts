/**
 * The add-data forms' values, checks and request bodies. The rules and their texts are the
 * server's own (`@parley/contracts`), so the forms and the API can never disagree.
 */
import { MAX_DOCUMENT_BYTES, MAX_FILE_BYTES, MAX_PAGES_DEFAULT, SOURCE_MESSAGES, SYNC_SCHEDULE_DEFAULT } from '@parley/contracts';
import { syncScheduleSchema, textSourceSchema, websiteSourceSchema } from '@parley/contracts/schemas';
import { z } from 'zod';
import { firstErrors, fromText } from '../../lib/formRules';

/** The file picker's filter. */
export const FILE_ACCEPT = '.txt,.csv,.md,.json,.xml,.pdf,.docx';

export const websiteFormSchema = z.object({
  url: websiteSourceSchema.shape.url,
  title: fromText(websiteSourceSchema.shape.title),
  description: fromText(websiteSourceSchema.shape.description),
  maxPages: fromText(websiteSourceSchema.shape.maxPages),
  syncSchedule: syncScheduleSchema,
});

export const textFormSchema = z.object({
  title: textSourceSchema.shape.title,
  description: fromText(textSourceSchema.shape.description),
  textContent: textSourceSchema.shape.textContent,
});

export type WebsiteFormValues = z.input<typeof websiteFormSchema>;
export type TextFormValues = z.input<typeof textFormSchema>;

export const emptyWebsiteForm = (): WebsiteFormValues => ({
  url: '',
  title: '',
  description: '',
  maxPages: String(MAX_PAGES_DEFAULT),
  syncSchedule: SYNC_SCHEDULE_DEFAULT,
});
export const emptyTextForm = (): TextFormValues => ({ title: '', description: '', textContent: '' });

export const validateWebsiteForm = (values: WebsiteFormValues) => firstErrors(websiteFormSchema, values);
export const validateTextForm = (values: TextFormValues) => firstErrors(textFormSchema, values);

/** The first problem with a picked file, or null when it may be uploaded. */
export function validateFile(file: File | null | undefined): string | null {
  if (!file) return SOURCE_MESSAGES.fileMissing;
  if (isDocumentFile(file)) return file.size >= MAX_DOCUMENT_BYTES ? SOURCE_MESSAGES.documentSize : null;
  if (!isTextFile(file)) return SOURCE_MESSAGES.uploadType;
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
    syncSchedule: values.syncSchedule,
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

const TEXT_TYPES = new Set(['text/plain', 'text/csv', 'text/markdown', 'application/json', 'application/xml']);
const PICKER_EXTENSIONS = /\.(txt|csv|md|json|xml)$/i;

/**
 * The accepted types, any text/*, and application/xml (the picker offers .xml and browsers label
 * it so). Browsers send no type for some of the picker's own extensions (.md on many systems),
 * so an untyped file with one of those names passes; the server checks the content anyway.
 */
function isTextFile(file: File): boolean {
  const type = file.type.split(';')[0].trim().toLowerCase();
  if (type.startsWith('text/') || TEXT_TYPES.has(type)) return true;
  return (type === '' || type === 'application/octet-stream') && PICKER_EXTENSIONS.test(file.name);
}

const DOCUMENT_TYPES = new Set(['application/pdf', 'application/x-pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document']);

/** A PDF or Word file by its declared type, or by name when untyped; the server reads its content anyway. */
function isDocumentFile(file: File): boolean {
  const type = file.type.split(';')[0].trim().toLowerCase();
  if (DOCUMENT_TYPES.has(type)) return true;
  return (type === '' || type === 'application/octet-stream') && /\.(pdf|docx)$/i.test(file.name);
}
