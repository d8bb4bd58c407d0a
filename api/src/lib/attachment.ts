/**
 * `Content-Disposition` of a download named `filename`. A header carries ASCII only, so the plain
 * `filename` is the name with accents dropped and anything else outside printable ASCII (and
 * the quote and backslash a quoted string cannot hold) turned into `_`; when that changed the
 * name, `filename*` gives browsers the name as written (RFC 6266).
 */
export function attachment(filename: string): string {
  const ascii = withoutAccents(filename).replace(/[^\x20-\x7E]|["\\]/g, '_');
  if (ascii === filename) return `attachment; filename="${ascii}"`;
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * A name as the start of a file name: lower case, letters and digits of any script kept, every
 * other run of characters one dash, at most 60 characters; "chatbot" when nothing is left
 * ("Harbor Help!" → "harbor-help", "Café Bôt" → "café-bôt").
 */
export function fileSlug(name: string): string {
  const slug = name
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return [...slug].slice(0, 60).join('').replace(/-+$/, '') || 'chatbot';
}

function withoutAccents(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '');
}
