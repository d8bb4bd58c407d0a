import { countTokens } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { chunkDocument } from './chunkDocument';
import { textToBlocks } from './extractPage';

describe('chunkDocument', () => {
  it('follows headings and keeps the heading path of each chunk', () => {
    const blocks = textToBlocks('# Pricing\n\nIntro paragraph.\n\n## Plans\n\n### Business\n\nBusiness costs $99.\n\n## Billing\n\nMonthly invoices.');
    expect(chunkDocument({ title: 'Pricing', blocks })).toEqual([
      { heading: null, content: 'Intro paragraph.', tokenCount: countTokens('Intro paragraph.') },
      { heading: 'Plans › Business', content: 'Business costs $99.', tokenCount: countTokens('Business costs $99.') },
      { heading: 'Billing', content: 'Monthly invoices.', tokenCount: countTokens('Monthly invoices.') },
    ]);
  });

  it('packs whole paragraphs up to the token target', () => {
    const para = (i: number) => `Paragraph ${i} talks about coffee roasting in some detail, with several clauses of text.`;
    const blocks = textToBlocks(Array.from({ length: 40 }, (_, i) => para(i)).join('\n\n'));
    const chunks = chunkDocument({ title: null, blocks }, { targetTokens: 100, maxTokens: 150 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const c of chunks) {
      expect(c.tokenCount).toBeLessThanOrEqual(100);
      expect(c.content.split('\n\n').every((p) => /^Paragraph \d+ .*text\.$/.test(p))).toBe(true);
    }
    expect(chunks.map((c) => c.content).join('\n\n')).toBe(Array.from({ length: 40 }, (_, i) => para(i)).join('\n\n'));
  });

  it('splits an oversized paragraph at sentence boundaries', () => {
    const sentence = (i: number) => `Sentence number ${i} explains one more detail about our espresso blend.`;
    const text = Array.from({ length: 60 }, (_, i) => sentence(i)).join(' ');
    const chunks = chunkDocument({ title: null, blocks: [{ kind: 'text', text }] }, { targetTokens: 120, maxTokens: 150 });
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) {
      expect(countTokens(c.content)).toBeLessThanOrEqual(160);
      expect(c.content).toMatch(/^Sentence number \d+ .*blend\.$/s);
    }
  });

  it('cuts text without any boundaries by tokens, staying linear on large input', () => {
    const text = 'x'.repeat(200_000);
    const chunks = chunkDocument({ title: null, blocks: [{ kind: 'text', text }] }, { targetTokens: 300, maxTokens: 400 });
    expect(chunks.map((c) => c.content).join('')).toBe(text);
    expect(Math.max(...chunks.map((c) => c.content.length))).toBeLessThanOrEqual(400 * 3);
    expect(chunks.every((c) => c.tokenCount <= 400)).toBe(true);
  });
});
