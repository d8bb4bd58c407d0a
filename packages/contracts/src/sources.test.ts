import { describe, expect, it } from 'vitest';
import { uploadedFileDescription, websiteUrl } from './sources';
import { addSourceSchema, textSourceSchema, websiteSourceSchema } from './sources.schemas';

describe('uploaded files', () => {
  it('are described by their name when the owner writes nothing', () => {
    expect(uploadedFileDescription('faq.md')).toBe('Uploaded file: faq.md');
  });
});

describe('website sources', () => {
  it('reads an address without a scheme as https, and refuses anything but a plain http(s) address', () => {
    expect(websiteUrl('example.com/help')).toBe('https://example.com/help');
    expect(websiteUrl('http://localhost:8080/docs')).toBe('http://localhost:8080/docs');
    for (const raw of ['', 'not a url', 'ftp://example.com/x', 'http://', 'https://user:pw@example.com', 'javascript:alert(1)', 'intranet']) {
      expect(websiteUrl(raw), raw).toBeNull();
    }
  });

  it('checks the website form with its texts and defaults maxPages to 50', () => {
    expect(websiteSourceSchema.parse({ url: ' example.com ' })).toEqual({ url: 'https://example.com', title: null, description: null, maxPages: 50 });
    expect(websiteSourceSchema.safeParse({ url: 'intranet' }).error?.issues[0]?.message).toBe('Please enter a valid URL');
    expect(websiteSourceSchema.safeParse({ url: `https://example.com/${'x'.repeat(2000)}` }).error?.issues[0]?.message).toBe('Please enter a valid URL');
    for (const maxPages of [0, 201, 2.5, 'abc']) {
      expect(websiteSourceSchema.safeParse({ url: 'https://example.com', maxPages }).error?.issues[0]?.message).toBe('Max pages must be between 1 and 200');
    }
  });

  it('checks the text form: a title and at least 10 characters that are not spaces', () => {
    expect(textSourceSchema.safeParse({ title: ' ', textContent: '     123456789     ' }).error?.issues.map((i) => i.message)).toEqual([
      'Title is required',
      'Text content must be at least 10 characters',
    ]);
    expect(textSourceSchema.parse({ title: ' Hours ', textContent: '1234567890' })).toEqual({ title: 'Hours', description: null, textContent: '1234567890' });
  });

  it('tells the two forms apart by sourceType, else by textContent', () => {
    expect(addSourceSchema.parse({ title: 'Hours', textContent: 'Open daily 9-5.' })).toMatchObject({ sourceType: 'text' });
    expect(addSourceSchema.parse({ url: 'example.com' })).toMatchObject({ sourceType: 'website', url: 'https://example.com' });
    expect(addSourceSchema.safeParse({ sourceType: 'file' }).error?.issues[0]?.message).toBe('sourceType must be "website" or "text"');
  });
});
