import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cleanText, jsonBytes, jsonDepth } from './text';
import { boundedJson, cleanString } from './text.schemas';

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
