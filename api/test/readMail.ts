/**
 * The text of a raw mail as a person reads it: headers as sent, the body with quoted-printable
 * soft line breaks joined and `=XX` escapes decoded (nodemailer encodes long or non-ASCII text).
 */
export function readMail(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split);
  const body = raw.slice(split + 4);
  if (!/^Content-Transfer-Encoding: quoted-printable/im.test(head)) return `${head}\r\n\r\n${body}`;
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return `${head}\r\n\r\n${Buffer.from(bytes, 'latin1').toString('utf8')}`;
}
