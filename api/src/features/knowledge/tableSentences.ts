/**
 * A data table's rows as sentences that carry their column headers, so that a row quoted alone
 * (in a passage, in an answer) still says what each value is: header "Plan | Price | Messages"
 * and row "Pro | $29/month | 5,000" → "Pro: Price $29/month, Messages 5,000." The first cell
 * leads as the row's subject when the first column holds labels rather than figures. Without a
 * header the cells are listed ("Battery life: 8 hours."). A row with one cell is kept as it is.
 */
export function tableSentences(header: string[] | null, rows: string[][]): string[] {
  const firstColumn = rows.map((r) => r[0] ?? '').filter(Boolean);
  const labels = firstColumn.filter((c) => /\p{L}/u.test(c) && !/^[\d\s.,:;/$€£¥%+()-]+$/u.test(c));
  const labelled = firstColumn.length > 0 && labels.length * 2 >= firstColumn.length;
  const out: string[] = [];
  for (const row of rows) {
    const cells = row.map(plainCell);
    const filled = cells.filter(Boolean);
    if (filled.length === 0) continue;
    if (filled.length === 1) {
      out.push(filled[0]);
      continue;
    }
    const named = cells.flatMap((value, i) => (value && !(labelled && i === 0) ? [header?.[i] ? `${header[i]} ${value}` : value] : []));
    // a comma inside a value ("5,000", "USB-C, wireless") would blur where one value ends
    const list = named.join(named.some((v) => /,\s/.test(v)) ? '; ' : ', ');
    const sentence = labelled && cells[0] ? `${cells[0]}: ${list}` : list;
    out.push(/[.!?]$/.test(sentence) ? sentence : `${sentence}.`);
  }
  return out;
}

/** An HTML <table> as sentences, or null for a layout table (one cell a row, or tables in cells), whose cells are read as text. */
export function htmlTableSentences(table: Element): string[] | null {
  const rows: { cells: Element[]; head: boolean }[] = [];
  for (const child of [...table.children]) {
    const tag = child.tagName.toUpperCase();
    const trs = tag === 'TR' ? [child] : ['THEAD', 'TBODY', 'TFOOT'].includes(tag) ? [...child.children].filter((c) => c.tagName.toUpperCase() === 'TR') : [];
    for (const tr of trs) rows.push({ cells: [...tr.children].filter((c) => /^T[DH]$/i.test(c.tagName)), head: tag === 'THEAD' });
  }
  const text = (c: Element) => (c.textContent ?? '').replace(/\s+/g, ' ').trim();
  if (!rows.some((r) => r.cells.filter(text).length >= 2) || table.querySelector('table')) return null;

  const caption = [...table.children].find((c) => c.tagName.toUpperCase() === 'CAPTION');
  const out: string[] = caption && text(caption) ? [text(caption)] : [];
  let header: string[] | null = null;
  let body: string[][] = [];
  const flush = () => {
    out.push(...tableSentences(header, body));
    body = [];
  };
  rows.forEach((row, k) => {
    const isHeader = row.head || (row.cells.length >= 2 && row.cells.every((c) => c.tagName.toUpperCase() === 'TH'));
    // a header spanning columns names each of them; a value spanning columns is said once
    const spread = row.cells.flatMap((c) => {
      const span = Math.min(Math.max(Number(c.getAttribute('colspan')) || 1, 1), 20);
      return [text(c), ...Array<string>(span - 1).fill(isHeader ? text(c) : '')];
    });
    if (isHeader) {
      // header rows in a run stack up ("Price" over "Monthly"); a header row after data starts a new part
      const stacked: string[] | null = body.length === 0 && k > 0 && header ? header : null;
      flush();
      header = spread.map((h, i) => [...new Set([stacked?.[i], h].filter(Boolean))].join(' '));
    } else body.push(spread);
  });
  flush();
  return out;
}

/** Markdown table lines ("| a | b |"), the "|---|" line under the header marking it as one. */
export function markdownTableSentences(lines: string[]): string[] {
  const rows = lines.filter((l) => !isMarkdownRule(l)).map(markdownCells);
  const hasHeader = lines.length > 1 && isMarkdownRule(lines[1]);
  if (!rows.some((r) => r.filter(Boolean).length >= 2)) return rows.map((r) => r.filter(Boolean).join(' ')).filter(Boolean);
  return hasHeader ? tableSentences(rows[0], rows.slice(1)) : tableSentences(null, rows);
}

/** The line under a markdown table's header: pipes, dashes and alignment colons only. */
export function isMarkdownRule(line: string) {
  return /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/.test(line) && line.includes('|');
}

function markdownCells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.replace(/\\\|/g, '|').trim());
}

// Ticks and crosses say yes and no; a lone dash says nothing.
function plainCell(cell: string) {
  const c = cell.trim();
  if (/^[✓✔☑✅]$/u.test(c)) return 'yes';
  if (/^[✗✘✕❌]$/u.test(c)) return 'no';
  return /^[-–—]+$/.test(c) ? '' : c;
}
