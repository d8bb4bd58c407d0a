import { describe, expect, it } from 'vitest';
import { extractPage } from './extractPage';

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
