/**
 * Text of a fetched HTML page: charset from the Content-Type header, else from a <meta>
 * in the first kilobytes, else UTF-8. Unknown labels fall back to UTF-8 rather than fail.
 */
export function decodeHtml(body: Buffer, contentType: string): string {
  const fromHeader = contentType.match(/charset=["']?([\w.:-]+)/i)?.[1];
  const head = body.subarray(0, 4096).toString('latin1');
  const fromMeta =
    head.match(/<meta[^>]+charset=["']?([\w.:-]+)/i)?.[1] ??
    head.match(/<meta[^>]+content=["'][^"']*charset=([\w.:-]+)/i)?.[1];
  const bom = bomEncoding(body);
  for (const label of [bom, fromHeader, fromMeta, 'utf-8']) {
    if (!label) continue;
    try {
      return new TextDecoder(label).decode(body);
    } catch {
      // unsupported label: try the next clue
    }
  }
  return body.toString('utf8');
}

/**
 * An uploaded file as text, or null when it is not text: UTF-8 (or UTF-16 with a byte-order
 * mark) that decodes without errors and holds no NUL or other binary control characters.
 * This is the content check behind "Please select a text file": a renamed .png fails here.
 */
export function decodeTextFile(body: Buffer): string | null {
  const encoding = bomEncoding(body) ?? 'utf-8';
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true }).decode(body);
  } catch {
    return null;
  }
  // NUL and C0 controls other than tab, newline, form feed and carriage return mean binary
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  if (/[\u0000-\u0008\u000b\u000e-\u001a\u001c-\u001f]/.test(text)) return null;
  return text;
}

function bomEncoding(body: Buffer): string | undefined {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  return undefined;
}
