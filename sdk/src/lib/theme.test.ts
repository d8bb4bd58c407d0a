import { describe, expect, it } from 'vitest';
import { HOME_DESIGN_DEFAULTS } from '@parley/contracts';
import { DARK_ON_PRIMARY, DEFAULT_COLORS, onColor, resolveColors, safeColor } from './theme';

describe('theme', () => {
  it('prefers props, then the bot theme, then the defaults, dropping unsafe values', () => {
    expect(resolveColors({}, null)).toEqual({ primary: '#2563eb', background: '#ffffff', text: '#1f2937' });
    expect(resolveColors({ textColor: 'red; background:url(x)' }, { theme: { chat: { primary: '#ff0000' } } } as never).primary).toBe('#ff0000');
    expect(resolveColors({ primaryColor: 'rgb(1, 2, 3)' }, { theme: { chat: { primary: '#ff0000' } } } as never).primary).toBe('rgb(1, 2, 3)');
    expect(safeColor('red; background:url(x)')).toBeUndefined();
  });

  it("takes the saved home design's colours before the bot's chat theme, props still first", () => {
    const bot = (theme: Record<string, string> | undefined) =>
      ({ theme: { chat: { primary: '#ff0000' } }, homeScreenConfig: theme ? { components: [], theme } : null }) as never;
    const saved = { primaryColor: '#0f766e', backgroundColor: '#0b1120', textColor: '#f8fafc' };
    expect(resolveColors({}, bot(saved))).toEqual({ primary: '#0f766e', background: '#0b1120', text: '#f8fafc' });
    expect(resolveColors({ primaryColor: '#111111', textColor: '#222222' }, bot(saved))).toEqual({ primary: '#111111', background: '#0b1120', text: '#222222' });
    expect(resolveColors({}, bot({ textColor: '#333333' }))).toEqual({ primary: '#ff0000', background: '#ffffff', text: '#333333' });
    expect(resolveColors({}, bot(undefined)).primary).toBe('#ff0000');
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

  it("defaults to the home designer's colours, so an unstyled widget matches a fresh design", () => {
    expect(DEFAULT_COLORS).toEqual({
      primary: HOME_DESIGN_DEFAULTS.primaryColor,
      background: HOME_DESIGN_DEFAULTS.backgroundColor,
      text: HOME_DESIGN_DEFAULTS.textColor,
    });
    expect(onColor('#abc')).toBe(DARK_ON_PRIMARY);
    expect(onColor('#2563ebcc')).toBe('#ffffff');
  });
});
