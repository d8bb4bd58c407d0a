import { describe, expect, it } from 'vitest';
import { safeUrl } from './safeUrl';

describe('safeUrl', () => {
  it('allows only http(s), resolving relative URLs against the base', () => {
    expect(safeUrl('https://x.example/a')).toBe('https://x.example/a');
    expect(safeUrl('/u/1.png', 'https://api.example')).toBe('https://api.example/u/1.png');
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'vbscript:x', '', null, 42]) expect(safeUrl(bad)).toBeNull();
  });
});
