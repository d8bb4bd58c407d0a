import { describe, expect, it } from 'vitest';
import { everydayWords } from './everydayWords';

describe('everydayWords', () => {
  it('knows the most used words of spoken English, in any case and with a plural s', async () => {
    const isEveryday = await everydayWords();
    for (const word of ['take', 'takes', 'good', 'place', 'Open', 'name', 'get']) expect(isEveryday(word), word).toBe(true);
  });

  it('does not count the words that carry a topic', async () => {
    const isEveryday = await everydayWords();
    for (const word of ['afternoon', 'afternoons', 'pizza', 'kitten', 'sourdough', 'refund', 'checksums']) expect(isEveryday(word), word).toBe(false);
  });
});
