import { describe, expect, it } from 'vitest';
import { blocksToText, extractPage, htmlToBlocks, textToBlocks } from './extractPage';

const page = (title: string, h1: string) =>
  `<html><head><title>${title}</title></head><body><nav><a href="/a">A</a></nav><main><h1>${h1}</h1>
  <p>${'This paragraph explains the topic of the page in enough words for a reader view to keep it. '.repeat(4)}</p></main></body></html>`;

describe('extractPage titles', () => {
  it('drops the site name a <title> adds to the h1', () => {
    expect(extractPage(page('Opening hours | Brightleaf Coffee', 'Opening hours'), 'https://x.test/hours').title).toBe('Opening hours');
  });

  it('leads with the h1 when every page of a book shares the book name as <title>', () => {
    expect(extractPage(page('The Rust Programming Language', 'Installation'), 'https://x.test/book/ch01.html').title).toBe(
      'Installation - The Rust Programming Language',
    );
  });

  it("drops the site name when the only h1 is the top bar's", () => {
    expect(extractPage(page('Installation - The Rust Book', 'The Rust Book'), 'https://x.test/book/ch01.html').title).toBe('Installation');
  });

  it('keeps a <title> that already names the page in other words', () => {
    expect(extractPage(page('Shipping costs and times - Acme', 'Shipping and delivery'), 'https://x.test/shipping').title).toBe(
      'Shipping costs and times - Acme',
    );
  });

  it('keeps the main text and leaves navigation out of it, but follows its links', () => {
    const extracted = extractPage(page('Acme', 'Welcome'), 'https://x.test/');
    expect(extracted.blocks.map((b) => b.text).join(' ')).toContain('This paragraph explains the topic');
    expect(extracted.blocks.map((b) => b.text).join(' ')).not.toMatch(/^A\b/);
    expect(extracted.links).toContain('https://x.test/a');
  });
});

describe('extractPage link share', () => {
  const entries = Array.from({ length: 30 }, (_, i) => `<li><a href="/topic-${i}">Topic number ${i} of the manual</a></li>`).join('');
  it('is near 1 for an index of links and near 0 for prose that links now and then', () => {
    const index = extractPage(`<html><head><title>Index</title></head><body><main><h1>Index</h1><ul>${entries}</ul></main></body></html>`, 'http://site.test/index');
    expect(index.linkShare).toBeGreaterThan(0.8);
    const prose = extractPage(
      `<html><head><title>Backups</title></head><body><main><h1>Backups</h1><p>${'Run the dump tool every night and keep a week of copies somewhere else. '.repeat(6)}See <a href="/restore">restoring</a>.</p></main></body></html>`,
      'http://site.test/backups',
    );
    expect(prose.linkShare).toBeLessThan(0.05);
  });
});

describe('tables as sentences', () => {
  const texts = (html: string) => htmlToBlocks(`<!doctype html><html><body><main>${html}</main></body></html>`).map((b) => b.text);

  it('reads each row of an HTML table as a sentence carrying its column headers, with the first cell as its subject', () => {
    const plans =
      '<table><tr><th>Plan</th><th>Price</th><th>Messages</th></tr><tr><td>Pro</td><td>$29/month</td><td>5,000</td></tr><tr><td>Team</td><td>$99/month</td><td>25,000</td></tr></table>';
    expect(texts(plans)).toEqual(['Pro: Price $29/month, Messages 5,000.', 'Team: Price $99/month, Messages 25,000.']);
    const withHead = `<table><caption>Our plans</caption><thead><tr><td>Plan</td><td>Price</td></tr></thead><tbody><tr><td>Pro</td><td>$29/month</td></tr></tbody></table>`;
    expect(texts(withHead)).toEqual(['Our plans', 'Pro: Price $29/month.']);
  });

  it('names every column when the first one holds figures, and lists the cells of a table without a header', () => {
    const visits = '<table><thead><tr><th>Year</th><th>Visitors</th></tr></thead><tr><td>2023</td><td>1,200</td></tr></table>';
    expect(texts(visits)).toEqual(['Year 2023, Visitors 1,200.']);
    const specs = '<table><tr><td>Battery life</td><td>8 hours</td></tr><tr><td>Charging</td><td>USB-C, wireless</td></tr><tr><td>Colour</td><td>✓</td><td>-</td></tr></table>';
    expect(texts(specs)).toEqual(['Battery life: 8 hours.', 'Charging: USB-C, wireless.', 'Colour: yes.']);
  });

  it('stacks header rows, spreads a header over the columns it spans and starts again at a header row after data', () => {
    const prices =
      '<table><thead><tr><th>Plan</th><th colspan="2">Price</th></tr><tr><th></th><th>Monthly</th><th>Yearly</th></tr></thead>' +
      '<tbody><tr><td>Pro</td><td>$29</td><td>$290</td></tr><tr><th>Add-on</th><th>Price</th><th>Seats</th></tr><tr><td>Extra seat</td><td>$5</td><td>1</td></tr></tbody></table>';
    expect(texts(prices)).toEqual(['Pro: Price Monthly $29, Price Yearly $290.', 'Extra seat: Price $5, Seats 1.']);
  });

  it('reads a layout table (one cell a row) as plain text, and never writes raw "|" rows', () => {
    const layout = '<table><tr><td><h2>Opening hours</h2><p>We are open every day.</p></td></tr><tr><td>Closed on holidays.</td></tr></table>';
    expect(htmlToBlocks(`<!doctype html><html><body><main>${layout}</main></body></html>`)).toEqual([
      { kind: 'heading', level: 2, text: 'Opening hours' },
      { kind: 'text', text: 'We are open every day.' },
      { kind: 'text', text: 'Closed on holidays.' },
    ]);
    const page = extractPage(
      `<html><head><title>Plans</title></head><body><main><h1>Plans</h1><p>${'Every plan includes the widget and email support for your whole team. '.repeat(3)}</p>` +
        '<table><tr><th>Plan</th><th>Price</th></tr><tr><td>Pro</td><td>$29/month</td></tr></table></main></body></html>',
      'https://x.test/plans',
    );
    expect(page.blocks.map((b) => b.text)).toContain('Pro: Price $29/month.');
    expect(blocksToText(page.blocks)).not.toContain('|');
  });

  it('reads a markdown table in pasted text the same way, without its "|---|" line', () => {
    const text = 'Our plans:\n\n| Plan | Price | Messages |\n|------|:-----:|---------:|\n| Pro | $29/month | 5,000 |\n| Team | $99/month | 25,000 |\n\nPrices include VAT.';
    expect(textToBlocks(text)).toEqual([
      { kind: 'text', text: 'Our plans:' },
      { kind: 'text', text: 'Pro: Price $29/month, Messages 5,000.' },
      { kind: 'text', text: 'Team: Price $99/month, Messages 25,000.' },
      { kind: 'text', text: 'Prices include VAT.' },
    ]);
    // GFM leaves out the outer pipes; rows without a header are listed
    expect(textToBlocks('Plan | Price\n--- | ---\nPro | $29')).toEqual([{ kind: 'text', text: 'Pro: Price $29.' }]);
    expect(textToBlocks('| Weight | 250 g |\n| Colour | black |')).toEqual([
      { kind: 'text', text: 'Weight: 250 g.' },
      { kind: 'text', text: 'Colour: black.' },
    ]);
  });
});

describe('blocks as text and back', () => {
  it('numbers the items of an ordered list, so steps read as steps', () => {
    const html = '<ol><li>Turn it off.</li><li>Hold the button.</li></ol><ol start="3"><li>Pick it on your phone.</li></ol><ul><li>Tip</li></ul>';
    expect(htmlToBlocks(`<!doctype html><html><body><main>${html}</main></body></html>`).map((b) => b.text)).toEqual([
      '1. Turn it off.\n2. Hold the button.\n3. Pick it on your phone.',
      '- Tip',
    ]);
  });

  it('reads back what it writes: headings, paragraphs, list items and table sentences', () => {
    const blocks = textToBlocks('# Plans\n\nIntro line one\nline two.\n\n- a\n- b\n1. first\n\n| Plan | Price |\n|---|---|\n| Pro | $29 |\n\n## Notes\n\nDone.');
    expect(textToBlocks(blocksToText(blocks))).toEqual(blocks);
    expect(blocks).toContainEqual({ kind: 'text', text: 'Pro: Price $29.' });
  });
});

describe('pages of several sections', () => {
  // a manual's chapter page as DocBook writes it: one <div> per group of settings, a
  // "Prev · Up · Next" bar above and below, and no <main> to say where the content is
  const group = (name: string, settings: string[], length = 1) =>
    `<div class="sect2"><div class="titlepage"><h3 class="title">${name}</h3></div><div class="variablelist"><dl>${settings
      .map((s) => `<dt><code>${s}</code> (integer)</dt><dd><p>Sets ${s.replace(/_/g, ' ')} for the server. ${'It is read at start, and, if the server allows it, it can be changed in the configuration file, with a reload, at any time. '.repeat(length)}</p></dd>`)
      .join('')}</dl></div></div>`;
  const bar = '<div class="navheader"><table><tr><td><a href="a.html">Prev</a></td><td><a href="up.html">Up</a></td><td><a href="b.html">Next</a></td></tr></table></div>';
  const html = `<html><head><title>20.4. Resource Consumption</title></head><body>${bar}<div class="sect1"><div class="titlepage"><h2 class="title">20.4. Resource Consumption</h2></div>
    ${group('20.4.1. Memory', ['shared_buffers', 'huge_pages', 'huge_page_size', 'temp_buffers', 'max_prepared_transactions', 'work_mem', 'hash_mem_multiplier', 'maintenance_work_mem', 'autovacuum_work_mem', 'logical_decoding_work_mem', 'max_stack_depth'], 8)}
    ${group('20.4.2. Disk', ['temp_file_limit'], 6)}
    ${group('20.4.3. Kernel Resource Usage', ['max_files_per_process'], 6)}
    ${group('20.4.4. Background Writer', ['bgwriter_delay', 'bgwriter_lru_maxpages'], 6)}</div>${bar}</body></html>`;

  it('keeps every section, with its heading, where a reader view keeps only the largest one', () => {
    const { blocks } = extractPage(html, 'http://docs.test/runtime-config-resource.html');
    const text = blocks.map((b) => b.text).join('\n');
    for (const setting of ['shared_buffers', 'temp_file_limit', 'max_files_per_process', 'bgwriter_lru_maxpages']) expect(text).toContain(`Sets ${setting.replace(/_/g, ' ')}`);
    expect(blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual(
      expect.arrayContaining(['20.4.1. Memory', '20.4.2. Disk', '20.4.3. Kernel Resource Usage', '20.4.4. Background Writer']),
    );
    // the navigation bars are followed, not learned
    expect(text).not.toMatch(/\bPrev\b|\bNext\b/);
  });
});
