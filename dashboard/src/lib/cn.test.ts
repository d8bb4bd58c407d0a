import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it('lets a later Tailwind class replace an earlier one of the same kind', () => {
    expect(cn('px-2', 'px-4')).toBe('px-4');
    expect(cn('bg-blue-600 text-white', 'bg-red-600')).toBe('text-white bg-red-600');
    expect(cn('p-6', 'pt-3')).toBe('p-6 pt-3');
  });

  it('keeps classes under different modifiers and skips falsy parts', () => {
    expect(cn('bg-white dark:bg-slate-900 hover:bg-slate-50', 'dark:bg-black')).toBe('bg-white hover:bg-slate-50 dark:bg-black');
    expect(cn('flex', false, null, undefined, '', { hidden: false, 'gap-2': true }, ['items-center'])).toBe('flex gap-2 items-center');
  });
});
