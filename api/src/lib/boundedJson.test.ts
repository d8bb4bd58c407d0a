import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { boundedJson, jsonBytes, jsonDepth, jsonTextDepth } from './boundedJson';
import { cleanString, cleanText } from './protocol';

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

describe('jsonDepth and jsonBytes', () => {
  it('measures parsed values without recursion', () => {
    expect(jsonDepth(null)).toBe(0);
    expect(jsonDepth('x')).toBe(0);
    expect(jsonDepth({})).toBe(1);
    expect(jsonDepth({ a: [1, { b: [] }] })).toBe(4);
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(jsonDepth(deep, 8)).toBe(9);
    expect(jsonDepth(deep)).toBe(200_000);
  });

  it('counts UTF-8 bytes of the JSON', () => {
    expect(jsonBytes({ a: 'é' })).toBe(JSON.stringify({ a: 'é' }).length + 1);
    expect(jsonBytes(undefined)).toBe(0);
  });
});

describe('boundedJson', () => {
  const schema = boundedJson(z.record(z.string(), z.unknown()), { label: 'config', maxDepth: 3, maxBytes: 1024 });

  it('accepts values inside the bounds', () => {
    expect(schema.parse({ a: { b: [1] } })).toEqual({ a: { b: [1] } });
  });

  it('refuses values nested too deeply or too large, with clear messages', () => {
    expect(schema.safeParse({ a: { b: [[1]] } }).error?.issues[0]?.message).toBe('config is nested too deeply (at most 3 levels)');
    expect(schema.safeParse({ a: 'x'.repeat(2000) }).error?.issues[0]?.message).toBe('config is too large (at most 1 KB)');
  });

  it('keeps the inner schema type and checks', () => {
    const typed: z.ZodType<Record<string, unknown>> = schema;
    expect(typed.safeParse('not an object').success).toBe(false);
  });
});

describe('cleanText', () => {
  it('strips NUL and bidi embedding/override/isolate controls, keeping LRM/RLM', () => {
    expect(cleanText('hi\u202Eevil\u0000')).toBe('hievil');
    expect(cleanText('\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069')).toBe('');
    expect(cleanText('\u200Emark\u200F')).toBe('\u200Emark\u200F');
    expect(cleanText('plain text')).toBe('plain text');
  });

  it('runs before trim and length checks in cleanString', () => {
    const message = cleanString().trim().min(1, 'Message is required');
    expect(message.safeParse('\u0000\u202E').error?.issues[0]?.message).toBe('Message is required');
    expect(message.safeParse(' \u2066 x \u2069 ').data).toBe('x');
  });
});
