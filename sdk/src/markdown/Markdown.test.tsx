import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './Markdown';
import { parseMarkdown } from './parseMarkdown';

const html = (text: string) => render(<Markdown text={text} baseUrl="https://api.example.com" />).container;

describe('Markdown', () => {
  it('renders emphasis, code and line breaks', () => {
    const root = html('Hello **bold** and *em* and `a < b`\nnext line');
    expect(root.querySelector('strong')?.textContent).toBe('bold');
    expect(root.querySelector('em')?.textContent).toBe('em');
    expect(root.querySelector('code')?.textContent).toBe('a < b');
    expect(root.querySelector('br')).not.toBeNull();
  });

  it('never interprets raw HTML', () => {
    const root = html('<img src=x onerror="alert(1)"><script>alert(2)</script> <b>hi</b>');
    expect(root.querySelector('img, script, b')).toBeNull();
    expect(root.textContent).toContain('<script>alert(2)</script>');
  });

  it('links only http(s) URLs, in a new tab with noopener', () => {
    const root = html('[docs](https://example.com/docs) [bad](javascript:alert(1)) [rel](/help) see https://parley.dev/x.');
    const links = [...root.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/docs', 'https://api.example.com/help', 'https://parley.dev/x']);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(root.textContent).toContain('bad');
    expect(root.innerHTML).not.toContain('javascript:');
  });

  it('keeps underscores inside words literal', () => {
    const root = html('use snake_case_name and _emphasis_');
    expect(root.textContent).toContain('snake_case_name');
    expect(root.querySelector('em')?.textContent).toBe('emphasis');
  });

  it('renders lists, nested lists, quotes, code blocks and rules', () => {
    const root = html('Steps:\n1. one\n2. two\n   - nested\n\n> quoted\n\n```\nconst x = 1;\n```\n\n---\n- a\n- b');
    expect(root.querySelector('ol')?.children).toHaveLength(2);
    expect(root.querySelector('ol ul li')?.textContent).toBe('nested');
    expect(root.querySelector('blockquote')?.textContent).toBe('quoted');
    expect(root.querySelector('pre code')?.textContent).toBe('const x = 1;');
    expect(root.querySelector('hr')).not.toBeNull();
    expect(root.querySelectorAll('ul > li')).toHaveLength(3);
  });

  it('renders headings as bold text, not page headings', () => {
    const root = html('## Title\nbody');
    expect(root.querySelector('h1, h2, h3, h4, h5, h6')).toBeNull();
    expect(root.querySelector('.cw-md-h strong')?.textContent).toBe('Title');
  });

  it('renders GFM tables with escaped pipes', () => {
    const root = html('| Plan | Price |\n|---|---:|\n| Basic | $10 \\| month |\n| Ultra | $50 |');
    expect([...root.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Plan', 'Price']);
    expect([...root.querySelectorAll('tbody tr')].map((tr) => tr.textContent)).toEqual(['Basic$10 | month', 'Ultra$50']);
  });

  it('parses blocks into plain data', () => {
    expect(parseMarkdown('a\nb\n\n# h')).toEqual([
      { type: 'paragraph', text: 'a\nb' },
      { type: 'heading', text: 'h' },
    ]);
  });
});
