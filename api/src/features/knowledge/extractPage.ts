import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { htmlTableSentences, isMarkdownRule, markdownTableSentences } from './tableSentences';

/** A heading or a paragraph-like run of text, in reading order. */
export type Block = { kind: 'heading'; level: number; text: string } | { kind: 'text'; text: string };

export type ExtractedPage = {
  title: string | null;
  blocks: Block[];
  /** Absolute http(s) links found anywhere on the page (navigation included), as written. */
  links: string[];
  /** What the page's links say about the pages they point to: [absolute url, link text] (see `linkTexts`). */
  linkTexts: [string, string][];
  /** The page's <link rel="canonical">, absolute, if any. */
  canonical: string | null;
  noindex: boolean;
  nofollow: boolean;
  /** Share (0-1) of the readable text that is link text: near 1 on an index or a table of contents. */
  linkShare: number;
};

/**
 * The readable main text of an HTML page, as headings and paragraphs (Mozilla Readability,
 * the engine of Firefox Reader View, run on linkedom), plus what the crawler needs to go on:
 * links, the canonical URL and robots meta directives. Navigation, footers and sidebars are
 * left out of the text but their links are kept.
 */
export function extractPage(html: string, pageUrl: string): ExtractedPage {
  const { document } = parseHTML(html) as unknown as { document: Document };
  const base = baseUrl(document, pageUrl);
  const robotsMeta = [...document.querySelectorAll('meta[name="robots" i], meta[name="parleybot" i]')]
    .map((m) => (m.getAttribute('content') ?? '').toLowerCase())
    .join(',');
  const nofollow = /\b(nofollow|none)\b/.test(robotsMeta);
  const links = nofollow ? [] : collectLinks(document, base);
  const texts = nofollow ? [] : linkTexts(document, base);
  const canonical = absolute(document.querySelector('link[rel~="canonical" i]')?.getAttribute('href'), base);
  const fallbackTitle = pageTitle(document);

  // the content's own h1: book and docs themes also put the site name in an h1 of the top bar
  const h1 = clean((document.querySelector('main h1, article h1, [role="main"] h1') ?? document.querySelector('h1'))?.textContent ?? '');

  // Site chrome is removed first: on short pages Readability may otherwise pick the footer.
  stripChrome(document);
  // The page's main part, read whole before Readability rewrites the document: Readability keeps
  // one subtree, and on a manual whose page is several sibling sections (a chapter's settings,
  // one <div> per group) it keeps one group and drops the rest. When what it keeps is under four
  // fifths of the main part's prose, the main part is read instead. (Read, not changed: what
  // Readability is given stays as it was.)
  const whole = mainRoot(document);
  const left = leftOut(whole);
  const wholeLinkShare = linkShare(whole);
  const wholeProse = proseLength(whole) - [...left].reduce((n, el) => n + proseLength(el), 0);
  const wholeBlocks = toBlocks(whole, left);
  let article: { title?: string | null; content?: unknown } | null = null;
  try {
    // a low threshold: short pages (contact, opening hours) are normal on small-business sites
    article = new Readability<Element>(document, { charThreshold: 100, serializer: (node) => node as Element }).parse();
  } catch {
    article = null;
  }
  const root = article?.content ? (article.content as Element) : null;
  let blocks = root ? toBlocks(root) : [];
  const readWhole = textLength(blocks) < 40 || textLength(blocks) < KEPT_SHARE * wholeProse;
  if (readWhole) blocks = wholeBlocks;
  // the document's own <title>: Readability's guess drops parts around separators ("Installation - The Book" → "The Book")
  const title = fallbackTitle || clean(article?.title ?? '') || null;

  return {
    title: pickTitle(title, h1),
    blocks,
    links,
    linkTexts: texts,
    canonical,
    noindex: /\b(noindex|none)\b/.test(robotsMeta),
    nofollow,
    linkShare: readWhole || !root ? wholeLinkShare : linkShare(root),
  };
}

function linkShare(root: Element): number {
  const total = (root.textContent ?? '').replace(/\s+/g, '').length;
  if (total === 0) return 0;
  let linked = 0;
  for (const a of root.querySelectorAll('a')) if (!a.parentElement?.closest('a')) linked += (a.textContent ?? '').replace(/\s+/g, '').length;
  return Math.min(1, linked / total);
}

/** All the text of an HTML fragment or document as blocks, without Readability's choice of a main part. */
export function htmlToBlocks(html: string): Block[] {
  return toBlocks(fallbackRoot(html));
}

/** Blocks as markdown-ish text that `textToBlocks` reads back the same. */
export function blocksToText(blocks: Block[]): string {
  return blocks.map((b) => (b.kind === 'heading' ? `${'#'.repeat(b.level)} ${b.text}` : b.text)).join('\n\n');
}

/**
 * Plain or markdown text as blocks: "#" lines are headings, blank lines end paragraphs, and a
 * markdown table's rows become sentences that carry its header (see `tableSentences`).
 */
export function textToBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let para: string[] = [];
  let table: string[] = [];
  const flush = () => {
    const t = para.join('\n').replace(/[^\S\n]+/g, ' ').trim();
    if (t) blocks.push({ kind: 'text', text: t });
    para = [];
    for (const row of table.length ? markdownTableSentences(table) : []) blocks.push({ kind: 'text', text: row });
    table = [];
  };
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  lines.forEach((line, k) => {
    // GFM lets a table leave out its outer pipes when a "|---|" line follows its header
    const tableLine = table.length ? line.includes('|') : /^\s*\|/.test(line) || (line.includes('|') && isMarkdownRule(lines[k + 1] ?? ''));
    if (tableLine) {
      if (!table.length) flush();
      table.push(line);
      return;
    }
    if (table.length) flush();
    const heading = line.match(/^\s{0,3}(#{1,6})\s+(.+?)\s*#*\s*$/);
    if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1].length, text: heading[2] });
    } else if (line.trim() === '') flush();
    else if (/^\s*([-*+]|\d+[.)])\s+/.test(line)) {
      // list items stay one per line so they are not glued into one sentence
      flush();
      para.push(line.trim());
      flush();
    } else para.push(line.trim());
  });
  flush();
  return blocks;
}

const BLOCK_TAGS = new Set([
  'ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'DD', 'DETAILS', 'DIV', 'DL', 'DT', 'FIELDSET', 'FIGCAPTION', 'FIGURE',
  'FOOTER', 'FORM', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER', 'HR', 'LI', 'MAIN', 'NAV', 'OL', 'P', 'PRE',
  'SECTION', 'SUMMARY', 'TABLE', 'TBODY', 'THEAD', 'TFOOT', 'TR', 'TD', 'TH', 'UL', 'BR',
]);
const ADMONITION = /^(notes?|tips?|hints?|warnings?|caution|important|see also)$/i;
const SKIP_TAGS = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'CANVAS', 'IFRAME', 'BUTTON', 'SELECT', 'INPUT', 'TEXTAREA']);

/** Walks an element and emits one block per heading and per leaf block of text. */
function toBlocks(root: Element, skip: ReadonlySet<Element> = new Set()): Block[] {
  const blocks: Block[] = [];
  let inline = '';
  const flush = () => {
    const text = clean(inline);
    if (text) blocks.push({ kind: 'text', text });
    inline = '';
  };
  const walk = (node: Node) => {
    if (node.nodeType === 3) {
      inline += node.nodeValue ?? '';
      return;
    }
    if (node.nodeType !== 1) return;
    const el = node as Element;
    const tag = el.tagName.toUpperCase();
    if (SKIP_TAGS.has(tag) || skip.has(el) || el.getAttribute('hidden') !== null || el.getAttribute('aria-hidden') === 'true') return;
    const heading = tag.match(/^H([1-6])$/);
    if (heading) {
      flush();
      const text = clean(el.textContent ?? '');
      // an admonition's label ("Tip", "Note") titles a box, not the section that goes on after it
      if (text && !ADMONITION.test(text)) blocks.push({ kind: 'heading', level: Number(heading[1]), text });
      return;
    }
    // a data table's rows as sentences; a layout table's cells are read like any other text
    const rows = tag === 'TABLE' ? htmlTableSentences(el) : null;
    if (rows) {
      flush();
      for (const text of rows) blocks.push({ kind: 'text', text });
      return;
    }
    const isBlock = BLOCK_TAGS.has(tag);
    if (isBlock) flush();
    if (tag === 'LI') inline += listMarker(el);
    for (const child of [...el.childNodes]) walk(child);
    if (isBlock) flush();
  };
  walk(root);
  flush();
  return mergeListItems(blocks);
}

/** "1. " in a numbered list, so steps read (and are answered) as steps; "- " otherwise. */
function listMarker(li: Element) {
  const list = li.parentElement;
  if (list?.tagName.toUpperCase() !== 'OL') return '- ';
  const start = Number.parseInt(list.getAttribute('start') ?? '', 10);
  return `${(Number.isNaN(start) ? 1 : start) + [...list.children].filter((c) => c.tagName.toUpperCase() === 'LI').indexOf(li)}. `;
}

/** Short consecutive list items of one list read better (and rank better) as one block. */
function mergeListItems(blocks: Block[]): Block[] {
  const kind = (text: string) => (text.startsWith('- ') ? '-' : /^\d+\. /.test(text) ? '1' : null);
  const out: Block[] = [];
  for (const b of blocks) {
    const prev = out[out.length - 1];
    const sameList = b.kind === 'text' && prev?.kind === 'text' && kind(b.text) !== null && kind(b.text) === kind(prev.text) && !b.text.startsWith('1. ');
    if (sameList && prev.text.length + b.text.length < 600) {
      out[out.length - 1] = { kind: 'text', text: `${prev.text}\n${b.text}` };
    } else out.push(b);
  }
  return out;
}

/** When Readability finds no article: the main landmark, or the body without page chrome. */
function fallbackRoot(html: string): Element {
  const { document } = parseHTML(html) as unknown as { document: Document };
  stripChrome(document);
  for (const el of [...document.querySelectorAll('aside, form')]) el.remove();
  return mainRoot(document);
}

/** The main landmark, or the body. */
function mainRoot(document: Document): Element {
  return document.querySelector('main, [role="main"], article') ?? document.body ?? document.documentElement;
}

// Below this share of the page's prose, Readability's choice is taken to have lost content.
const KEPT_SHARE = 0.8;

/** Text outside links: what a reader reads, not what a reader clicks. */
function proseLength(root: Element): number {
  let linked = 0;
  for (const a of root.querySelectorAll('a')) if (!a.parentElement?.closest('a')) linked += clean(a.textContent ?? '').length;
  return clean(root.textContent ?? '').length - linked;
}

/**
 * What reading the whole main part leaves out, outermost first: asides, forms, and lists and
 * tables whose items are mostly links (a manual's "Prev · Up · Next" bar, a table of contents,
 * "related pages"), which read as text would be one more passage on every page.
 */
function leftOut(root: Element): Set<Element> {
  const out = new Set<Element>();
  const inside = (el: Element) => [...out].some((o) => o.contains(el));
  for (const el of root.querySelectorAll('aside, form, table, ul, ol, dl')) {
    if (inside(el)) continue;
    if (/^(ASIDE|FORM)$/i.test(el.tagName) || isLinkList(el)) out.add(el);
  }
  return out;
}

function isLinkList(el: Element): boolean {
  const items = [...el.querySelectorAll(el.tagName.toUpperCase() === 'TABLE' ? 'td' : 'li, dt')];
  const links = items.filter((item) => {
    const text = clean(item.textContent ?? '').length;
    return text > 0 && text - proseLength(item) >= text / 2 && !item.querySelector('a[href^="mailto:"], a[href^="tel:"]');
  });
  return items.length >= 3 && links.length >= 0.6 * items.length;
}

/** Navigation, site header and footer: never the content, wherever they sit. */
function stripChrome(document: Document) {
  const chrome = document.querySelectorAll(
    'nav, [role="navigation"], [role="banner"], [role="contentinfo"], body > header, body > footer, script, style, noscript, template',
  );
  for (const el of [...chrome]) el.remove();
}

function collectLinks(document: Document, base: string): string[] {
  const out: string[] = [];
  for (const a of [...document.querySelectorAll('a[href], area[href]')]) {
    if (/\bnofollow\b/i.test(a.getAttribute('rel') ?? '')) continue;
    const href = absolute(a.getAttribute('href'), base);
    if (href) out.push(href);
  }
  return out;
}

/**
 * The text of each link that names what it points to: "Refund policy" for /help/article-17, the
 * words a site's own authors use for that page, which its title may not. Link texts that name
 * no page ("Next", "Read more", "here", "Section 20.3", a bare number) and those over 80
 * characters (a whole teaser) are left out; a link's `title` stands in for an image's.
 */
function linkTexts(document: Document, base: string): [string, string][] {
  const out = new Map<string, [string, string]>();
  for (const a of [...document.querySelectorAll('a[href]')]) {
    const href = absolute(a.getAttribute('href'), base);
    const text = clean(a.textContent ?? '') || clean(a.getAttribute('title') ?? '');
    // (a link to a #fragment names a section, whose heading is indexed already, not the page)
    if (!href || href.includes('#') || text.length < 3 || text.length > 80 || !/\p{L}{2}/u.test(text) || UNNAMING_LINK.test(text)) continue;
    out.set(`${href}\n${text.toLowerCase()}`, [href, text]);
  }
  return [...out.values()];
}

// Link texts that say where a link sits, not what it leads to.
const UNNAMING_LINK =
  /^(?:next|prev(?:ious)?|up|home|back|top|here|click here|more|read more|learn more|see more|details|link|this|continue|(?:chapter|section|part|table|figure|example|page|step)\s+[\d.ivx]+\.?|[\d.]+)$/i;

function baseUrl(document: Document, pageUrl: string) {
  return absolute(document.querySelector('base[href]')?.getAttribute('href'), pageUrl) ?? pageUrl;
}

function absolute(href: string | null | undefined, base: string): string | null {
  if (!href) return null;
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function pageTitle(document: Document): string | null {
  const og = document.querySelector('meta[property="og:title"]')?.getAttribute('content');
  return clean(document.querySelector('title')?.textContent ?? '') || clean(og ?? '') || clean(document.querySelector('h1')?.textContent ?? '') || null;
}

function textLength(blocks: Block[]) {
  return blocks.reduce((n, b) => n + (b.kind === 'text' ? b.text.length : 0), 0);
}

function clean(s: string) {
  return s.replace(/\s+/g, ' ').trim();
}

/**
 * The page's name without the site's: "Opening hours | Brightleaf Coffee" with h1 "Opening
 * hours" → "Opening hours"; "Installation - The Book" whose only h1 is the top bar's "The Book"
 * → "Installation". Book and docs generators may give every page the same <title>: when it
 * shares no word with the h1, the h1 leads ("{h1} - {title}") so sources can be told apart.
 */
function pickTitle(title: string | null, h1: string): string | null {
  if (!h1 || !title || title === h1 || h1.length > 80) return title || h1 || null;
  if (title.startsWith(h1)) return h1;
  if (title.endsWith(h1)) return title.slice(0, -h1.length).replace(/[\s|·•:–—-]+$/, '') || title;
  if (title.includes(h1)) return h1;
  const words = (s: string) => new Set(s.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []);
  const titleWords = words(title);
  const shared = [...words(h1)].some((w) => titleWords.has(w));
  return shared ? title : `${h1} - ${title}`;
}
