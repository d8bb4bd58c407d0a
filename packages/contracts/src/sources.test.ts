import { describe, expect, it } from 'vitest';
import { nextSyncAt, uploadedFileDescription, websiteUrl } from './sources';
import { addSourceSchema, qaSourceSchema, sourceSettingsSchema, textSourceSchema, websiteSourceSchema } from './sources.schemas';

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
    expect(addSourceSchema.safeParse({ sourceType: 'file' }).error?.issues[0]?.message).toBe('sourceType must be "website", "text" or "qa"');
  });
});

describe('Q&A sources', () => {
  it('trims the fields and keeps only distinct other wordings, never the question itself', () => {
    expect(
      qaSourceSchema.parse({ question: ' Can I bring my dog? ', variants: ['can i  bring my DOG?', ' Are pets allowed? ', '', 'are pets allowed?'], answer: ' Yes. ' }),
    ).toEqual({ question: 'Can I bring my dog?', variants: ['Are pets allowed?'], answer: 'Yes.' });
    expect(qaSourceSchema.parse({ question: 'Q', answer: 'A' }).variants).toEqual([]);
  });

  it('checks lengths with their own messages', () => {
    const problems = (body: Record<string, unknown>) => qaSourceSchema.safeParse(body).error?.issues.map((i) => i.message);
    expect(problems({ question: ' ', answer: '' })).toEqual(['Question is required', 'Answer is required']);
    expect(problems({ question: 'q'.repeat(501), answer: 'a'.repeat(5001) })).toEqual([
      'Question must be at most 500 characters',
      'Answer must be at most 5000 characters',
    ]);
    expect(problems({ question: 'q', answer: 'a', variants: ['v'.repeat(501)] })).toEqual(['Each wording must be at most 500 characters']);
    expect(problems({ question: 'q', answer: 'a', variants: Array.from({ length: 21 }, (_, i) => `wording ${i}`) })).toEqual(['At most 20 other wordings']);
    expect(problems({ question: 'q', answer: 'a', variants: 'one' })).toEqual(['Other wordings must be a list of texts']);
    // 21 wordings that are 20 once repeats are dropped pass
    expect(qaSourceSchema.safeParse({ question: 'q', answer: 'a', variants: [...Array.from({ length: 20 }, (_, i) => `w${i}`), 'W0'] }).success).toBe(true);
  });

  it('is the third form of /website-sources', () => {
    expect(addSourceSchema.parse({ sourceType: 'qa', question: 'Hours?', answer: '9 to 5.' })).toEqual({
      sourceType: 'qa',
      question: 'Hours?',
      variants: [],
      answer: '9 to 5.',
    });
  });
});

describe('sync schedules', () => {
  it('accepts off, daily and weekly, and names them all when refusing anything else', () => {
    for (const syncSchedule of ['off', 'daily', 'weekly']) expect(sourceSettingsSchema.parse({ syncSchedule })).toEqual({ syncSchedule });
    for (const syncSchedule of ['hourly', '', 'Daily', 1, null]) {
      expect(sourceSettingsSchema.safeParse({ syncSchedule }).error?.issues[0]?.message).toBe('Sync schedule must be "off", "daily" or "weekly"');
    }
    expect(sourceSettingsSchema.safeParse({}).error?.issues[0]?.message).toBe('Sync schedule must be "off", "daily" or "weekly"');
    expect(websiteSourceSchema.parse({ url: 'example.com', syncSchedule: 'weekly' }).syncSchedule).toBe('weekly');
    expect(websiteSourceSchema.safeParse({ url: 'example.com', syncSchedule: 'monthly' }).success).toBe(false);
  });

  it('puts the next sync one period after the last one, now when never synced, nowhere when off', () => {
    const last = new Date('2026-11-01T10:00:00Z');
    expect(nextSyncAt('daily', last)?.toISOString()).toBe('2026-11-02T10:00:00.000Z');
    expect(nextSyncAt('weekly', last.toISOString())?.toISOString()).toBe('2026-11-08T10:00:00.000Z');
    expect(nextSyncAt('off', last)).toBeNull();
    expect(nextSyncAt('daily', null, 1234)?.getTime()).toBe(1234);
  });
});
