import { describe, expect, it } from 'vitest';
import { jsonTextDepth } from './jsonTextDepth';

describe('jsonTextDepth', () => {
  it('counts nested arrays and objects', () => {
    expect(jsonTextDepth('1')).toBe(0);
    expect(jsonTextDepth('"text"')).toBe(0);
    expect(jsonTextDepth('{}')).toBe(1);
    expect(jsonTextDepth('[1, 2, 3]')).toBe(1);
    expect(jsonTextDepth('{"a": [1, {"b": []}], "c": {}}')).toBe(4);
    expect(jsonTextDepth('[[], [], [[]]]')).toBe(3);
  });

  it('does not count brackets inside strings', () => {
    expect(jsonTextDepth('{"a": "{{{[[[", "b": "]]]}}}"}')).toBe(1);
    expect(jsonTextDepth(JSON.stringify({ text: '['.repeat(1000) }))).toBe(1);
    expect(jsonTextDepth('["}}}", ["{"]]')).toBe(2);
  });

  it('honours escaped quotes and backslashes in strings', () => {
    // The string is `say \"[[[\"`: the escaped quotes do not end it.
    expect(jsonTextDepth(String.raw`{"a": "say \"[[[\""}`)).toBe(1);
    // The string is a lone backslash; the bracket after it is real nesting.
    expect(jsonTextDepth(String.raw`{"a": "\\", "b": [[1]]}`)).toBe(3);
    expect(jsonTextDepth(JSON.stringify({ a: '\\"{[', b: ['\\'] }))).toBe(2);
  });

  it('scans very deep text without recursion and can stop early', () => {
    const deep = '['.repeat(500_000) + ']'.repeat(500_000);
    expect(jsonTextDepth(deep)).toBe(500_000);
    expect(jsonTextDepth(deep, 32)).toBe(33);
  });

  it('gives malformed text a depth without throwing', () => {
    expect(jsonTextDepth('{"a": [')).toBe(2);
    expect(jsonTextDepth(']]]}}}')).toBe(0);
    expect(jsonTextDepth('"unterminated [[[')).toBe(0);
  });
});
