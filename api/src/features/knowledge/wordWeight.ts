/** Counting a word's chunks stops here: a word this common is never ranked, whatever its exact count. */
export const ESTIMATE_CAP = 2001;

/**
 * How telling a word is from how many of the bot's chunks hold it (counted up to ESTIMATE_CAP):
 * its inverse document frequency. A word on every page says little about which page answers, a
 * rare one a lot; 0 for a word no chunk holds.
 */
export function wordWeight(rows: number): number {
  return rows > 0 ? Math.log(1 + ESTIMATE_CAP / rows) : 0;
}

/** The most a word can weigh: one chunk holds it. */
export const RAREST_WEIGHT = wordWeight(1);
