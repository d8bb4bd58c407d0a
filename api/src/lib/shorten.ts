/**
 * A text for a one-line preview: runs of white space made one space, then at most `maxLength`
 * characters (whole code points, so an emoji is never split), ending in "…" when cut.
 */
export function shorten(text: string, maxLength: number): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length <= maxLength ? chars.join('') : `${chars.slice(0, maxLength - 1).join('').trimEnd()}…`;
}
