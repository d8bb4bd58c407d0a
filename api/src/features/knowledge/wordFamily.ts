/**
 * Words of the same family as `word` that the bot's content uses (`known`), beyond what the
 * Porter stemmer already joins: the noun a page uses for the visitor's verb and the reverse
 * ("usage" for "uses", "configuration" for "configure", "authenticate" for "authentication",
 * "storage" for "store", "removal" for "remove"). Forms are made with a few English
 * derivational suffixes, each kept only when the content has it, so a made-up form costs
 * nothing but a lookup. Agent nouns (-er, -or) are left out: a "user" is not a "use".
 */
export function wordFamily(word: string, known: (term: string) => boolean): string[] {
  if (!/^\p{L}{3,}$/u.test(word)) return [];
  const bases = new Set(inflectionBases(word));
  const forms = new Set<string>();
  for (const base of bases) {
    for (const [suffix, roots] of STRIP) {
      if (base.endsWith(suffix) && base.length - suffix.length >= 3) for (const r of roots(base.slice(0, -suffix.length))) forms.add(r);
    }
    const stemmed = base.endsWith('e') ? base.slice(0, -1) : base;
    for (const suffix of ADD) {
      forms.add(`${stemmed}${suffix}`);
      if (stemmed !== base && !/^[aeiou]/.test(suffix)) forms.add(`${base}${suffix}`);
    }
  }
  for (const b of bases) forms.delete(b);
  forms.delete(word);
  return [...forms].filter((f) => f.length >= 3 && known(f)).slice(0, MAX_FORMS);
}

// More would mostly add rare, loosely related words to the search.
const MAX_FORMS = 3;

/** The word without a plural or verb ending: "uses" → use, "stored" → store, "shipping" → ship. */
function inflectionBases(word: string): string[] {
  const out = [word];
  const add = (root: string) => {
    if (root.length >= 3) out.push(root, `${root}e`, undouble(root));
  };
  if (/ies$/.test(word)) out.push(`${word.slice(0, -3)}y`);
  else if (/(ss|x|z|ch|sh)es$/.test(word)) out.push(word.slice(0, -2));
  else if (/[^s]s$/.test(word)) out.push(word.slice(0, -1));
  if (word.endsWith('ing')) add(word.slice(0, -3));
  if (word.endsWith('ed')) add(word.slice(0, -2));
  return [...new Set(out)];
}

function undouble(root: string) {
  return /([b-df-hj-np-tv-z])\1$/.test(root) ? root.slice(0, -1) : root;
}

const withE = (root: string) => [root, `${root}e`, undouble(root)];
/** Derivational endings and the roots they leave: "configuration" → configur(e), "authentication" → authenticate. */
const STRIP: [string, (root: string) => string[]][] = [
  ['ation', (r) => [...withE(r), `${r}ate`]],
  ['ition', (r) => withE(r)],
  ['ion', (r) => [...withE(r), `${r}e`]],
  ['ment', (r) => [r]],
  ['age', (r) => withE(r)],
  ['al', (r) => withE(r)],
  ['ure', (r) => withE(r)],
  ['ance', (r) => withE(r)],
  ['ence', (r) => withE(r)],
  ['ity', (r) => [r, `${r}e`]],
  ['ness', (r) => [r]],
];
/** Endings added to a base (its final "e" dropped before a vowel): use → usage, remove → removal. */
const ADD = ['age', 'ation', 'ion', 'ment', 'al', 'ure', 'ance', 'ence'];
