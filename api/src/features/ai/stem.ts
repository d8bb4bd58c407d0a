import { identifiers, identifierWords, plainWords } from '../knowledge/questionTerms';

/** The stems of every word of `text`. */
export function stemSet(text: string): Set<string> {
  return new Set([...plainWords(text), ...plainWords(identifierWords(text)), ...identifiers(text)].map(stem));
}

/** A light English stemmer: enough to match price/prices/pricing or ship/shipping/shipped. */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s?$/, '');
  if (w.length <= 3) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(ss|x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) w = w.slice(0, -1);
  if (w.endsWith('ing') && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length > 4) w = w.slice(0, -2);
  if (/([b-df-hj-np-rtv-z])\1$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  if (w.endsWith('y') && w.length > 3) w = `${w.slice(0, -1)}i`;
  return w;
}
