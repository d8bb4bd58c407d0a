/**
 * A deliberately small Markdown subset for chat bubbles: paragraphs with line breaks, headings,
 * lists (nested by indentation), block quotes, fenced code, rules and GFM tables. It builds a
 * tree of plain data; raw HTML is never interpreted (it stays visible text). A full Markdown
 * library cost more than the whole widget's size budget, hence this parser.
 */
export type Block =
  | { type: 'paragraph'; text: string }
  | { type: 'heading'; text: string }
  | { type: 'code'; text: string }
  | { type: 'rule' }
  | { type: 'quote'; blocks: Block[] }
  | { type: 'list'; ordered: boolean; start: number; items: string[] }
  | { type: 'table'; head: string[]; rows: string[][] };

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    const fence = FENCE.exec(line);
    const heading = HEADING.exec(line);
    const listItem = LIST_ITEM.exec(line);
    if (!line.trim()) {
      i++;
    } else if (fence) {
      const body: string[] = [];
      for (i++; i < lines.length && !lines[i].trim().startsWith(fence[1]); i++) body.push(lines[i]);
      i++;
      blocks.push({ type: 'code', text: body.join('\n') });
    } else if (heading) {
      blocks.push({ type: 'heading', text: heading[1] });
      i++;
    } else if (RULE.test(line)) {
      blocks.push({ type: 'rule' });
      i++;
    } else if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i])) body.push(lines[i++].replace(QUOTE, ''));
      blocks.push({ type: 'quote', blocks: parseMarkdown(body.join('\n')) });
    } else if (isTableStart(lines, i)) {
      const head = splitRow(lines[i]);
      const rows: string[][] = [];
      for (i += 2; i < lines.length && lines[i].includes('|') && lines[i].trim(); i++) rows.push(splitRow(lines[i]));
      blocks.push({ type: 'table', head, rows });
    } else if (listItem) {
      i = parseList(lines, i, listItem, blocks);
    } else {
      const body: string[] = [];
      while (i < lines.length && lines[i].trim() && !startsBlock(lines, i)) body.push(lines[i++].trim());
      blocks.push({ type: 'paragraph', text: body.join('\n') });
    }
  }
  return blocks;
}

const FENCE = /^\s{0,3}(```|~~~)/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*?)(\s+#+)?\s*$/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const QUOTE = /^\s{0,3}>\s?/;
const LIST_ITEM = /^(\s*)([-*+]|\d{1,9}[.)])\s+(.*)$/;
const TABLE_DIVIDER = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;

/** Items continue while lines are indented deeper than the marker; deeper markers nest. */
function parseList(lines: string[], start: number, first: RegExpExecArray, blocks: Block[]): number {
  const indent = first[1].length;
  const ordered = /\d/.test(first[2]);
  const items: string[] = [];
  let i = start;
  while (i < lines.length) {
    const line = lines[i];
    const m = LIST_ITEM.exec(line);
    if (m && m[1].length <= indent + 1 && /\d/.test(m[2]) === ordered) {
      items.push(m[3]);
    } else if (line.trim() && items.length && (/^\s/.test(line) || !startsBlock(lines, i))) {
      items[items.length - 1] += `\n${line.replace(/^\s{0,8}/, (s) => s.slice(Math.min(s.length, indent + 2)))}`;
    } else if (!line.trim() && LIST_ITEM.test(lines[i + 1] ?? '') && items.length) {
      // a blank line between items keeps the list going
    } else {
      break;
    }
    i++;
  }
  blocks.push({ type: 'list', ordered, start: ordered ? parseInt(first[2], 10) : 1, items });
  return i;
}

function startsBlock(lines: string[], i: number): boolean {
  const line = lines[i];
  return FENCE.test(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line) || LIST_ITEM.test(line) || isTableStart(lines, i);
}

function isTableStart(lines: string[], i: number): boolean {
  return lines[i].includes('|') && i + 1 < lines.length && TABLE_DIVIDER.test(lines[i + 1]) && lines[i + 1].includes('-');
}

function splitRow(line: string): string[] {
  let row = line.trim();
  if (row.startsWith('|')) row = row.slice(1);
  if (row.endsWith('|') && !row.endsWith('\\|')) row = row.slice(0, -1);
  const cells: string[] = [];
  let cell = '';
  for (let k = 0; k < row.length; k++) {
    if (row[k] === '\\' && row[k + 1] === '|') {
      cell += '|';
      k++;
    } else if (row[k] === '|') {
      cells.push(cell.trim());
      cell = '';
    } else {
      cell += row[k];
    }
  }
  cells.push(cell.trim());
  return cells;
}
