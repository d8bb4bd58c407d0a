/**
 * How deeply a JSON request body nests, measured on its text before it is parsed (see
 * `validate`). Stored fields have tighter bounds of their own (`boundedJson` in
 * `@parley/contracts/schemas`).
 */

/** Deepest nesting any JSON request body may have; stored fields have tighter bounds of their own. */
export const MAX_JSON_BODY_DEPTH = 32;

/**
 * How deeply the JSON text `text` nests arrays and objects: a linear scan that counts `[`/`{`
 * outside strings (honouring backslash escapes), without recursion and without parsing, so
 * even a body of a million brackets costs one pass. Stops counting once past `stopAbove`.
 * Malformed text gets a number too; parsing it later reports the malformation.
 */
export function jsonTextDepth(text: string, stopAbove = Infinity): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c /* \ */) i++;
      else if (ch === 0x22 /* " */) inString = false;
    } else if (ch === 0x22) {
      inString = true;
    } else if (ch === 0x7b /* { */ || ch === 0x5b /* [ */) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > stopAbove) return max;
      }
    } else if ((ch === 0x7d /* } */ || ch === 0x5d) /* ] */ && depth > 0) {
      depth--;
    }
  }
  return max;
}
