/**
 * Limits and messages of the add-data forms (owner-tools §5), word for word. Plain constants,
 * no zod: the dashboard's forms import them too, so browser and server never disagree.
 */
export const MAX_PAGES_DEFAULT = 50;
export const MAX_PAGES_LIMIT = 200;
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MIN_TEXT_LENGTH = 10;

export const MESSAGES = {
  url: 'Please enter a valid URL',
  maxPages: `Max pages must be between 1 and ${MAX_PAGES_LIMIT}`,
  title: 'Title is required',
  text: `Text content must be at least ${MIN_TEXT_LENGTH} characters`,
  fileMissing: 'Please select a file to upload',
  fileType: 'Please select a text file (.txt, .csv, .md, .json, etc.)',
  fileSize: 'File size must be less than 5MB',
} as const;
