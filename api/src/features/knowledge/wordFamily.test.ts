import { describe, expect, it } from 'vitest';
import { wordFamily } from './wordFamily';

const vocabulary = (words: string) => {
  const set = new Set(words.split(' '));
  return (w: string) => set.has(w);
};
const content = vocabulary('usage configure configuration authenticate authentication storage store removal encryption compress user shipment');

describe('wordFamily', () => {
  it("finds the noun the content uses for the visitor's verb, and the verb for the noun", () => {
    expect(wordFamily('uses', content)).toEqual(['usage']);
    expect(wordFamily('configure', content)).toEqual(['configuration']);
    expect(wordFamily('authentication', content)).toEqual(expect.arrayContaining(['authenticate']));
    expect(wordFamily('remove', content)).toEqual(['removal']);
    expect(wordFamily('encrypt', content)).toEqual(['encryption']);
    expect(wordFamily('compression', content)).toEqual(['compress']);
    expect(wordFamily('stored', content)).toEqual(expect.arrayContaining(['storage']));
    expect(wordFamily('shipping', content)).toEqual(['shipment']);
  });

  it('offers only forms the content has, never an agent noun or the word itself', () => {
    expect(wordFamily('use', vocabulary('user use'))).toEqual([]);
    expect(wordFamily('pizza', content)).toEqual([]);
    expect(wordFamily('storage', vocabulary('storage'))).toEqual([]);
  });
});
