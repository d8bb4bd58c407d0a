import { describe, expect, it } from 'vitest';
import { uploadFileName } from './uploadFileName';

describe('uploadFileName', () => {
  it('names the uploaded file of a relative or absolute address on any host', () => {
    expect(uploadFileName('/uploads/profile-1.webp?v=2#x')).toBe('profile-1.webp');
    expect(uploadFileName('https://cdn.elsewhere.example/uploads/avatar-2.webp')).toBe('avatar-2.webp');
    expect(uploadFileName('  /uploads/a%20b.png ')).toBe('a b.png');
  });

  it('is empty for anything that is not one file of the uploads folder', () => {
    for (const url of ['/uploads/', '/uploads/a/b.png', '/images/x.png', 'https://x.example/p.png', '/uploads/%E0%A4%A', 'http://[bad']) {
      expect(uploadFileName(url), url).toBe('');
    }
  });
});
