import { describe, expect, it } from 'vitest';
import { ftsPhrase, questionTerms } from './questionTerms';

describe('questionTerms', () => {
  it('drops stopwords and accents', () => {
    expect(questionTerms('Where is the Seattle café?')).toEqual(['seattle', 'cafe']);
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
    expect(questionTerms('How much does it weigh?')).not.toContain('cost');
    expect(questionTerms('How much do the earbuds weigh?')).toEqual(['earbuds', 'weigh']);
    expect(questionTerms('How is delivery to Canada?')).not.toContain('cost');
  });

  it('asks a price for "how much" only when a verb or "for" follows', () => {
    expect(questionTerms('How much memory should I give shared_buffers?')).not.toContain('cost');
    expect(questionTerms('How much for two tickets?')).toContain('cost');
  });

  it('keeps a code identifier whole, and reads a hyphenated word as its words plus the whole', () => {
    expect(questionTerms('How much memory should I give shared_buffers?')).toEqual(['memory', 'give', 'shared_buffers']);
    expect(questionTerms('How do I give a user read-only access?')).toEqual(['give', 'user', 'read', 'read-only', 'access']);
    expect(questionTerms('Is in-store pickup available?')).toEqual(expect.arrayContaining(['store', 'in-store', 'pickup']));
  });

  it('reads "pick … up" and "pick-up" as pickup, and "money off" as a discount', () => {
    expect(questionTerms('Can I pick my order up in the store?')).toEqual(['order', 'store', 'pickup', 'collect', 'collection', 'pick']);
    expect(questionTerms('store pick-up?')).toEqual(questionTerms('store pickup'));
    expect(questionTerms('Which size should I pick?')).toEqual(['size', 'pick']);
    expect(questionTerms('Do students get money off?')).toEqual(expect.arrayContaining(['students', 'discount', 'deal']));
    expect(questionTerms('Can I get my money back?')).toContain('money');
  });

  it('keeps only the words of FTS5 syntax, and quotes a term as one phrase', () => {
    expect(questionTerms('title:"secret" OR NEAR(a b) *')).toEqual(['title', 'secret', 'near']);
    expect(questionTerms('"; DROP TABLE chunks; --')).toEqual(['drop', 'table', 'chunks']);
    expect(ftsPhrase('say "hi"')).toBe('"say ""hi"""');
  });

  it('leaves nothing when nothing searchable is left', () => {
    expect(questionTerms('Hi! How are you?')).toEqual([]);
    expect(questionTerms('   ')).toEqual([]);
  });

  it('keeps numbers and caps very long questions', () => {
    expect(questionTerms('Is 2011 the year?')).toEqual(['2011', 'year']);
    expect(questionTerms(Array.from({ length: 100 }, (_, i) => `word${i}`).join(' '))).toHaveLength(24);
  });
});
