import { describe, expect, it } from 'vitest';
import { buildFtsQuery, questionTerms } from './buildFtsQuery';

describe('buildFtsQuery', () => {
  it('drops stopwords and quotes every term', () => {
    expect(buildFtsQuery('Where is the Seattle café?')).toBe('"seattle" OR "cafe"');
  });

  it('expands common support intents with synonyms', () => {
    const terms = questionTerms('How much does it cost?');
    expect(terms[0]).toBe('cost');
    expect(terms).toEqual(expect.arrayContaining(['price', 'pricing', 'fees']));
  });

  it('reads "how much" as a question about price, unless it asks about time or amount', () => {
    expect(questionTerms('How much is delivery to Canada?')).toEqual(expect.arrayContaining(['delivery', 'canada', 'cost', 'price']));
    expect(questionTerms('How much does it cost?').filter((t) => t === 'cost')).toHaveLength(1);
    expect(questionTerms('How much longer will my order take?')).not.toContain('cost');
    expect(questionTerms('How much coffee per cup?')).not.toContain('cost');
    expect(questionTerms('How is delivery to Canada?')).not.toContain('cost');
  });

  it('neutralises FTS5 syntax', () => {
    expect(buildFtsQuery('title:"secret" OR NEAR(a b) *')).toBe('"title" OR "secret" OR "near"');
    expect(buildFtsQuery('"; DROP TABLE chunks; --')).toBe('"drop" OR "table" OR "chunks"');
  });

  it('returns null when nothing searchable is left', () => {
    expect(buildFtsQuery('Hi! How are you?')).toBeNull();
    expect(buildFtsQuery('   ')).toBeNull();
  });

  it('keeps numbers and caps very long questions', () => {
    expect(buildFtsQuery('Is 2011 the year?')).toBe('"2011" OR "year"');
    expect(questionTerms(Array.from({ length: 100 }, (_, i) => `word${i}`).join(' '))).toHaveLength(24);
  });
});
