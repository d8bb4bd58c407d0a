import { describe, expect, it } from 'vitest';
import { attachment, fileSlug } from './attachment';

describe('attachment', () => {
  it('names a plain ASCII file once', () => {
    expect(attachment('leads-2024-03-01.csv')).toBe('attachment; filename="leads-2024-03-01.csv"');
  });

  it('gives an ASCII fallback without accents and the name as written in filename*', () => {
    expect(attachment('café-bôt.csv')).toBe(`attachment; filename="cafe-bot.csv"; filename*=UTF-8''caf%C3%A9-b%C3%B4t.csv`);
    expect(attachment('客服-analytics.csv')).toBe(`attachment; filename="__-analytics.csv"; filename*=UTF-8''%E5%AE%A2%E6%9C%8D-analytics.csv`);
  });

  it('never lets a quote, backslash or line break out of the quoted name', () => {
    const header = attachment('a"b\\c\r\nd\'(e).csv');
    expect(header).toBe(`attachment; filename="a_b_c__d'(e).csv"; filename*=UTF-8''a%22b%5Cc%0D%0Ad%27%28e%29.csv`);
    expect(header).not.toMatch(/[\r\n]/);
  });
});

describe('fileSlug', () => {
  it('lower-cases, joins words with dashes and keeps letters of any script', () => {
    expect(fileSlug('Harbor Help!')).toBe('harbor-help');
    expect(fileSlug('  Busy Bôt!  ')).toBe('busy-bôt');
    expect(fileSlug('客服 助手')).toBe('客服-助手');
    expect(fileSlug('Café')).toBe(fileSlug('Cafe\u0301'));
  });

  it('falls back to "chatbot" and stops at 60 characters without a trailing dash', () => {
    expect(fileSlug('!!!')).toBe('chatbot');
    expect(fileSlug('')).toBe('chatbot');
    const long = fileSlug(`${'a'.repeat(59)} b`);
    expect(long).toBe('a'.repeat(59));
  });
});
