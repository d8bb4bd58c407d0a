/** "a", "a and b", "a, b and c": a list the way a sentence says it. */
export function joinWords(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
