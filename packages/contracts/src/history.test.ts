import { describe, expect, it } from 'vitest';
import { historySearchTerms } from './history';
import { historyExportQuerySchema } from './history.schemas';

describe('historySearchTerms', () => {
  it('splits words and quoted phrases; the last bare word is a prefix', () => {
    expect(historySearchTerms('late "mooring fee" refu')).toEqual([
      { text: 'late', phrase: false, prefix: false },
      { text: 'mooring fee', phrase: true, prefix: false },
      { text: 'refu', phrase: false, prefix: true },
    ]);
    expect(historySearchTerms('refund "late fee"').at(-1)).toEqual({ text: 'late fee', phrase: true, prefix: false });
  });

  it('drops terms with nothing to find and tolerates stray quotes', () => {
    expect(historySearchTerms('? -- ""')).toEqual([]);
    expect(historySearchTerms('don"t "open end')).toEqual([
      { text: 'don t', phrase: false, prefix: false },
      { text: 'open end', phrase: true, prefix: false },
    ]);
  });

  it('splits a word at a stray quote instead of gluing its halves together', () => {
    expect(historySearchTerms('refund"policy')).toEqual([{ text: 'refund policy', phrase: false, prefix: true }]);
  });
});

describe('historyFilterFields q', () => {
  it('drops NUL and turns other control characters into spaces', () => {
    expect(historyExportQuerySchema.parse({ q: 'a\u0000b' }).q).toBe('ab');
    expect(historyExportQuerySchema.parse({ q: '\tlate\u0001fee\u007f\n' }).q).toBe('late fee');
  });

  it('reads a search of control characters only as no search; punctuation alone is refused', () => {
    expect(historyExportQuerySchema.safeParse({ q: '\u0000\u0001' }).success).toBe(true);
    expect(historyExportQuerySchema.safeParse({ q: '\u0002?' }).success).toBe(false);
  });
});

describe('historyExportQuerySchema', () => {
  it('reads the flags list, defaults the format and the zone', () => {
    expect(historyExportQuerySchema.parse({ flags: 'lead, unanswered,lead,' })).toEqual({ flags: ['lead', 'unanswered'], format: 'csv', tz: 'UTC' });
    expect(historyExportQuerySchema.safeParse({ format: 'json', from: '2024-03-02', to: '2024-03-01' }).success).toBe(false);
  });
});
