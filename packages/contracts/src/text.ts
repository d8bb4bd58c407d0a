/**
 * Text and JSON hygiene shared by every package: what is stripped from incoming text and how
 * deep and big incoming JSON may be. Plain functions: the widget uses them without zod.
 */

/** NUL and the bidi embedding/override/isolate controls; the harmless LRM/RLM marks stay. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
const UNSAFE_CHARS = /[\u0000\u202A-\u202E\u2066-\u2069]/g;

/**
 * `s` without NUL (U+0000) and bidi embedding/override/isolate controls (U+202A–U+202E,
 * U+2066–U+2069), which can disguise what a name or message says. U+200E/U+200F stay.
 */
export function cleanText(s: string): string {
  return s.replace(UNSAFE_CHARS, '');
}

/** How many arrays/objects `value` nests (a scalar is 0); walked without recursion, stops once past `stopAbove`. */
export function jsonDepth(value: unknown, stopAbove = Infinity): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 1]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [v, depth] = item;
    if (v === null || typeof v !== 'object') continue;
    if (depth > max) {
      max = depth;
      if (max > stopAbove) break;
    }
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return max;
}

/** UTF-8 size of `value` as JSON. */
export const jsonBytes = (value: unknown): number => new TextEncoder().encode(JSON.stringify(value) ?? '').length;
