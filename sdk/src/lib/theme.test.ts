import { describe, expect, it } from 'vitest';
import { resolveColors, safeColor } from './theme';

describe('theme', () => {
  it('prefers props, then the bot theme, then the defaults, dropping unsafe values', () => {
    expect(resolveColors({}, null)).toEqual({ primary: '#2563eb', background: '#ffffff', text: '#1f2937' });
    expect(resolveColors({ textColor: 'red; background:url(x)' }, { theme: { chat: { primary: '#ff0000' } } } as never).primary).toBe('#ff0000');
    expect(resolveColors({ primaryColor: 'rgb(1, 2, 3)' }, { theme: { chat: { primary: '#ff0000' } } } as never).primary).toBe('rgb(1, 2, 3)');
    expect(safeColor('red; background:url(x)')).toBeUndefined();
  });
});
