import { parseRgb } from '@parley/contracts';
import { COLOR_NAMES, DARK_BACKGROUND, DARK_TEXT, LIGHT_BACKGROUND, LIGHT_TEXT, NEUTRAL_COLORS } from './designVocabulary';

type Role = 'primaryColor' | 'backgroundColor' | 'textColor';
/** `page`: the owner asked for a dark or light theme as a whole, not just one colour. */
export type ColorAsk = { colors: Partial<Record<Role, string>>; unknown: string[]; unused: string[]; page?: 'dark' | 'light' };

const ROLE_WORDS: Record<string, Role> = {
  primary: 'primaryColor',
  brand: 'primaryColor',
  accent: 'primaryColor',
  main: 'primaryColor',
  button: 'primaryColor',
  buttons: 'primaryColor',
  highlight: 'primaryColor',
  highlights: 'primaryColor',
  theme: 'primaryColor',
  scheme: 'primaryColor',
  it: 'primaryColor',
  everything: 'primaryColor',
  header: 'primaryColor',
  tabs: 'primaryColor',
  icons: 'primaryColor',
  background: 'backgroundColor',
  backgrounds: 'backgroundColor',
  bg: 'backgroundColor',
  backdrop: 'backgroundColor',
  page: 'backgroundColor',
  text: 'textColor',
  font: 'textColor',
  fonts: 'textColor',
  writing: 'textColor',
  lettering: 'textColor',
};
/** Words between a role and its colour ("primary colour should be set to blue"). */
const FILLER = new Set(['colour', 'color', 'colours', 'colors', 'coloured', 'colored', 'to', 'is', 'of', 'as', 'be', 'in', 'the', 'set', 'should', 'a', 'an', ':', '=', 'please', 'all']);
const STOP = new Set([...FILLER, ...Object.keys(ROLE_WORDS), 'same', 'any', 'my', 'our', 'your', 'its', 'their', 'this', 'that', 'one', 'each', 'custom', 'different', 'matching', 'nice', 'good', 'favourite', 'favorite', 'and', 'with', 'use', 'using', 'make', 'change', 'want', 'for', 'like', 'some', 'bold', 'more', 'less', 'new', 'dark', 'light', 'pale', 'deep', 'bright']);

/** "A blue and white theme": the theme names both colours, so neither takes it as a role. */
const WEAK_ROLE = new Set(['theme', 'scheme', 'colours', 'colors', 'palette']);
const MULTI = Object.keys(COLOR_NAMES).filter((n) => n.includes(' '));
/** "dark themed", "a light mode", "dark look": the whole page, not one colour. */
const PAGE_WORDS = /^(?:mode|theme[ds]?|look(?:ing)?|style[ds]?|design|version|skin|ui|layout|palette|scheme|colou?r scheme)$/;
const SHADES: Record<string, number> = { dark: -0.35, deep: -0.2, light: 0.8, pale: 0.88, bright: 0.1 };

/**
 * The colours a prompt names, by role: a colour takes the role word right after it ("purple
 * buttons", "white text", "dark background") or else the one just before it ("primary #ff6600",
 * "text colour to white", "make it red"); a colour with no role is the brand colour, and a
 * second role-less neutral ("blue and white") is the background. "Dark" alone means a dark page
 * with light text. A word before "colour" that is no colour is reported as not understood.
 */
export function readColors(words: string): ColorAsk {
  const unknown: string[] = [];
  // "rgb(255, 0, 0)" and "hsl(0, 100%, 50%)" become hex, which is all a theme stores.
  const scan = words.replace(/\b(?:rgba?|hsla?)\s*\([^)\n]{0,60}\)/gi, (fn) => {
    const hex = functionToHex(fn);
    if (!hex) unknown.push(fn);
    return hex ?? ' ';
  });
  // "Night mode" is what many owners call a dark theme; "day mode" the light one.
  const tokens = scan
    .toLowerCase()
    .replace(/\bnight(?=[ -](?:mode|theme))/g, 'dark')
    .replace(/\bday(?=[ -](?:mode|theme))/g, 'light')
    .replace(/\b(dark|light)-(?=[a-z])/g, '$1 ')
    .match(/#[0-9a-z]+|[a-z][a-z'-]*|[,.;!?:=\n]|\d+/g) ?? [];
  const colors: ColorAsk['colors'] = {};
  let page: ColorAsk['page'];
  const roleless: { name: string; hex: string }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const found = colorAt(tokens, i);
    if (!found) continue;
    const { name, hex, length } = found;
    const role = roleAfter(tokens, i + length) ?? roleBefore(tokens, i);
    const darkOrLight = name === 'dark' || name === 'light';
    if (darkOrLight) {
      if (role === 'textColor') colors.textColor = name === 'dark' ? DARK_TEXT : LIGHT_TEXT;
      else if (role !== undefined || PAGE_WORDS.test(tokens[i + 1] ?? '')) {
        setPage(colors, name);
        // "dark background" is a colour; "dark mode" and "dark theme" are the whole page.
        if (role !== 'backgroundColor' || PAGE_WORDS.test(tokens[i + 1] ?? '')) page = name;
      }
    } else if (hex === null) {
      unknown.push(name);
    } else if (role && !WEAK_ROLE.has(tokens[i + length] ?? '') && !WEAK_ROLE.has(tokens[i - 1] ?? '')) {
      colors[role] = hex;
    } else {
      roleless.push({ name, hex });
    }
    i += length - 1;
  }
  // A theme has one primary colour: a second brand colour ("navy blue and gold") has no place, and the owner is told.
  const unused: string[] = [];
  roleless.forEach(({ name, hex }, n) => {
    if (n === 0 && !colors.primaryColor) colors.primaryColor = hex;
    else if (NEUTRAL_COLORS.has(name) && !colors.backgroundColor) colors.backgroundColor = hex;
    else if (!Object.values(colors).includes(hex)) unused.push(name);
  });
  for (const m of scan.toLowerCase().matchAll(/((?:[a-z-]+ ){1,3})colou?r(?:ed)?\b/g)) {
    const words = m[1]!.trim().split(' ');
    const tail: string[] = [];
    while (words.length && !STOP.has(words.at(-1)!) && !hexOfName(words.at(-1)!)) tail.unshift(words.pop()!);
    if (tail.length && !hexOfName(tail.join(' '))) unknown.push(tail.join(' '));
  }
  for (const m of scan.toLowerCase().matchAll(/\b(?:primary|brand|accent|main|background|text|button)s? colou?rs? (?:to|is|as|should be|:|=) ?([a-z]+(?: [a-z]+)?)/g)) {
    const [first] = m[1]!.split(' ');
    if (!STOP.has(first!) && !hexOfName(first!) && !hexOfName(m[1]!) && !SHADES[first!]) unknown.push(m[1]!);
  }
  return { colors, unknown: [...new Set(unknown)], unused: [...new Set(unused)], ...(page ? { page } : {}) };
}

/** `rgb(r, g, b)` or `hsl(h, s%, l%)` as #rrggbb; null when it is not a colour. */
function functionToHex(fn: string): string | null {
  const numbers = (fn.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
  if (numbers.length < 3) return null;
  let rgb: number[];
  if (/^rgb/i.test(fn)) {
    const parsed = parseRgb(fn);
    if (!parsed || parsed.some((c) => c > 255)) return null;
    rgb = parsed;
  } else {
    const [h, sat, light] = numbers as [number, number, number];
    if (sat > 100 || light > 100 || sat < 0 || light < 0) return null;
    const s = sat / 100;
    const l = light / 100;
    const k = (n: number) => (n + (((h % 360) + 360) % 360) / 30) % 12;
    const a = s * Math.min(l, 1 - l);
    rgb = [0, 8, 4].map((n) => 255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))));
  }
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function setPage(colors: ColorAsk['colors'], name: 'dark' | 'light') {
  colors.backgroundColor = name === 'dark' ? DARK_BACKGROUND : LIGHT_BACKGROUND;
  colors.textColor ??= name === 'dark' ? LIGHT_TEXT : DARK_TEXT;
}

/** The colour starting at token i: a hex, a shaded name ("dark blue"), a name, or dark/light alone. */
function colorAt(tokens: string[], i: number): { name: string; hex: string | null; length: number } | null {
  const tok = tokens[i]!;
  if (tok.startsWith('#')) return /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/.test(tok) ? { name: tok, hex: tok, length: 1 } : { name: tok, hex: null, length: 1 };
  const shade = SHADES[tok];
  if (shade !== undefined) {
    const next = nameAt(tokens, i + 1);
    if (next) return { name: `${tok} ${next.name}`, hex: mix(next.hex, shade), length: 1 + next.length };
    if (tok === 'dark' || tok === 'light') return { name: tok, hex: tok, length: 1 };
    return null;
  }
  const named = nameAt(tokens, i);
  return named ? { ...named } : null;
}

function nameAt(tokens: string[], i: number): { name: string; hex: string; length: number } | null {
  const two = `${tokens[i]} ${tokens[i + 1]}`;
  if (MULTI.includes(two)) return { name: two, hex: COLOR_NAMES[two]!, length: 2 };
  const one = tokens[i];
  return one && Object.hasOwn(COLOR_NAMES, one) ? { name: one, hex: COLOR_NAMES[one]!, length: 1 } : null;
}

function hexOfName(name: string): string | undefined {
  return Object.hasOwn(COLOR_NAMES, name) ? COLOR_NAMES[name] : undefined;
}

function roleAfter(tokens: string[], i: number): Role | undefined {
  let j = i;
  while (j < tokens.length && /^(colou?r(s|ed)?|-)$/.test(tokens[j]!)) j++;
  const word = tokens[j];
  if (word === 'background' && tokens[j + 1] === 'image') return undefined;
  return word && Object.hasOwn(ROLE_WORDS, word) ? ROLE_WORDS[word] : undefined;
}

function roleBefore(tokens: string[], i: number): Role | undefined {
  for (let j = i - 1, seen = 0; j >= 0 && seen < 6; j--, seen++) {
    const word = tokens[j]!;
    if (Object.hasOwn(ROLE_WORDS, word)) return ROLE_WORDS[word];
    if (!FILLER.has(word) && !/^(change|make|use|turn|with)$/.test(word)) return undefined;
  }
  return undefined;
}

/** A colour shaded towards black (amount < 0) or white (amount > 0). */
function mix(hex: string, amount: number): string {
  const to = amount < 0 ? 0 : 255;
  const a = Math.abs(amount);
  const channels = [1, 3, 5].map((k) => Number.parseInt(hex.slice(k, k + 2), 16));
  return `#${channels.map((c) => Math.round(c + (to - c) * a).toString(16).padStart(2, '0')).join('')}`;
}
