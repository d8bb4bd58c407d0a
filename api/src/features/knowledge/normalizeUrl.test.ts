import { describe, expect, it } from 'vitest';
import { cleanUrl, isSameSite, normalizeUrl } from './normalizeUrl';

describe('normalizeUrl', () => {
  it('gives duplicate spellings of a page one key', () => {
    const key = 'https://shop.example.com/about';
    for (const variant of [
      'https://shop.example.com/about',
      'https://shop.example.com/about/',
      'HTTPS://Shop.Example.COM:443/about#team',
      'https://shop.example.com/about?utm_source=newsletter&utm_medium=email',
      'https://shop.example.com/about?gclid=abc&fbclid=def',
      'https://shop.example.com//about',
    ]) {
      expect(normalizeUrl(variant), variant).toBe(key);
    }
  });

  it('keeps meaningful query parameters, sorted, and the root slash', () => {
    expect(normalizeUrl('https://example.com/search?q=beans&page=2&utm_campaign=x')).toBe('https://example.com/search?page=2&q=beans');
    expect(normalizeUrl('http://example.com:80')).toBe('http://example.com/');
    expect(normalizeUrl('http://example.com:8080/a/')).toBe('http://example.com:8080/a');
  });

  it('resolves relative links and rejects what is not http(s)', () => {
    expect(normalizeUrl('../pricing/', 'https://example.com/docs/intro')).toBe('https://example.com/pricing');
    for (const bad of ['mailto:hello@example.com', 'javascript:alert(1)', 'tel:+1555', 'ftp://example.com/', 'not a url']) {
      expect(normalizeUrl(bad), bad).toBeNull();
    }
  });

  it('cleans the URL to fetch without changing its trailing slash', () => {
    expect(cleanUrl('https://example.com/docs/?utm_source=x#top')!.href).toBe('https://example.com/docs/');
    expect(cleanUrl('https://user:pw@example.com/')!.href).toBe('https://example.com/');
  });

  it('treats www and scheme variants as the same site, other hosts not', () => {
    expect(isSameSite('https://www.example.com/a', 'http://example.com/b')).toBe(true);
    expect(isSameSite('https://blog.example.com/', 'https://example.com/')).toBe(false);
    expect(isSameSite('https://example.com.evil.io/', 'https://example.com/')).toBe(false);
  });
});
