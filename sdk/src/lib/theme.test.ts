import { describe, expect, it } from 'vitest';
import { DARK_ON_PRIMARY, onColor, resolveColors, safeColor } from './theme';

describe('theme', () => {
  it('prefers props, then the bot theme, then the defaults, dropping unsafe values', () => {
    expect(resolveColors({}, null)).toEqual({ primary: '#2563eb', background: '#ffffff', text: '#1f2937' });
    expect(resolveColors({ textColor: 'red; background:url(x)' }, { theme: { chat: { primary: '#ff0000' } } } as never).primary).toBe('#ff0000');
    expect(resolveColors({ primaryColor: 'rgb(1, 2, 3)' }, { theme: { chat: { primary: '#ff0000' } } } as never).primary).toBe('rgb(1, 2, 3)');
    expect(safeColor('red; background:url(x)')).toBeUndefined();
  });

  it('picks white text on dark brand colours and dark text where white would fail WCAG AA', () => {
    expect(onColor('#2563eb')).toBe('#ffffff');
    expect(onColor('#0f766e')).toBe('#ffffff');
    expect(onColor('#000')).toBe('#ffffff');
    // The marketing site's #3b82f6 has only 3.7:1 against white.
    expect(onColor('#3b82f6')).toBe(DARK_ON_PRIMARY);
    expect(onColor('#fde047')).toBe(DARK_ON_PRIMARY);
    expect(onColor('rgb(255, 255, 255)')).toBe(DARK_ON_PRIMARY);
    expect(onColor('rebeccapurple')).toBeUndefined();
    expect(onColor(undefined)).toBeUndefined();
  });
});
