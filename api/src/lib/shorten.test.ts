import { describe, expect, it } from 'vitest';
import { shorten } from './shorten';

describe('shorten', () => {
  it('keeps a short text whole, with its white space made single spaces', () => {
    expect(shorten('  Where is\n\nmy   parcel? ', 40)).toBe('Where is my parcel?');
  });

  it('cuts a long text to the length, "…" included, never inside an emoji', () => {
    expect(shorten('abcdefghij', 5)).toBe('abcd…');
    expect(shorten('ab  cdefgh', 4)).toBe('ab…');
    expect(shorten('😀😀😀😀😀😀', 4)).toBe('😀😀😀…');
  });
});
