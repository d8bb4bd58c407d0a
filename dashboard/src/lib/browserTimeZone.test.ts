import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone } from './browserTimeZone';

describe('browserTimeZone', () => {
  afterEach(() => vi.restoreAllMocks());

  it("is the browser's own zone", () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone: 'Europe/Amsterdam' } as Intl.ResolvedDateTimeFormatOptions);
    expect(browserTimeZone()).toBe('Europe/Amsterdam');
  });

  it('falls back to UTC when the browser names none', () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone: '' } as Intl.ResolvedDateTimeFormatOptions);
    expect(browserTimeZone()).toBe('UTC');
  });
});
