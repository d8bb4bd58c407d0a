import { describe, expect, it } from 'vitest';
import { compoundForms } from './compoundForms';

const vocabulary = (words: string) => {
  const set = new Set(words.split(' '));
  return (w: string) => set.has(w);
};

describe('compoundForms', () => {
  it('splits a compound into two words the content uses, as a phrase', () => {
    const known = vocabulary('back up auto vacuum data base');
    expect(compoundForms('backup', known)).toEqual(['back up']);
    expect(compoundForms('autovacuum', known)).toEqual(['auto vacuum']);
    expect(compoundForms('setup', vocabulary('set up'))).toEqual(['set up']);
  });

  it('joins a hyphenated word when the content writes it as one', () => {
    expect(compoundForms('read-only', vocabulary('readonly'))).toEqual(['readonly']);
    expect(compoundForms('e-mail', vocabulary('mail'))).toEqual([]);
  });

  it('offers nothing when a half is not a word of the content, or the word is short', () => {
    expect(compoundForms('listen', vocabulary('list'))).toEqual([]);
    expect(compoundForms('shop', vocabulary('sh op'))).toEqual([]);
    expect(compoundForms('backups2', vocabulary('back ups2'))).toEqual([]);
  });
});
