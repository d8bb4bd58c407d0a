import type { PublicChatbotConfig } from '@parley/contracts';

/** Default widget colours when a bot sets none. */
export const DEFAULT_COLORS = { primary: '#2563eb', background: '#ffffff', text: '#1f2937' } as const;

export interface WidgetColors {
  primary: string;
  background: string;
  text: string;
}

/**
 * The colours of the whole widget (launcher, header, panel and home): explicit props win, then
 * the saved home-screen design's theme, then (primary only) the bot's chat theme, then the
 * defaults; unsafe values are dropped at each step.
 */
export function resolveColors(
  props: { primaryColor?: string; backgroundColor?: string; textColor?: string },
  config?: PublicChatbotConfig | null,
): WidgetColors {
  const home = config?.homeScreenConfig?.theme;
  return {
    primary: pick([props.primaryColor, home?.primaryColor, config?.theme?.chat?.primary], DEFAULT_COLORS.primary),
    background: pick([props.backgroundColor, home?.backgroundColor], DEFAULT_COLORS.background),
    text: pick([props.textColor, home?.textColor], DEFAULT_COLORS.text),
  };
}

/** Colours end up in inline styles: allow only plain colour syntax (hex, names, rgb()/hsl()). */
export function safeColor(value: unknown): string | undefined {
  return typeof value === 'string' && /^(#[0-9a-f]{3,8}|[a-z]{3,30}|(rgb|rgba|hsl|hsla)\([\d\s.,%/]+\))$/i.test(value.trim())
    ? value.trim()
    : undefined;
}

/** Dark text used on light primary colours, where white would be unreadable. */
export const DARK_ON_PRIMARY = '#111827';

/**
 * The text colour for content drawn on `color` (header, launcher, visitor bubbles, buttons):
 * white unless dark text contrasts better, so a light brand colour stays readable (WCAG AA).
 * Answers undefined for colours it cannot parse (names); the stylesheet then falls back to white.
 */
export function onColor(color: string | undefined): string | undefined {
  const rgb = color ? parseRgb(color) : null;
  if (!rgb) return undefined;
  const l = luminance(rgb);
  const white = 1.05 / (l + 0.05);
  const dark = (l + 0.05) / (luminance([17, 24, 39]) + 0.05);
  return white >= 4.5 || white >= dark ? '#ffffff' : DARK_ON_PRIMARY;
}

function parseRgb(color: string): [number, number, number] | null {
  const c = color.trim().toLowerCase();
  let m = /^#([0-9a-f]{3,4})$/.exec(c);
  if (m) return [0, 1, 2].map((i) => parseInt(m![1][i] + m![1][i], 16)) as [number, number, number];
  m = /^#([0-9a-f]{6})([0-9a-f]{2})?$/.exec(c);
  if (m) return [0, 2, 4].map((i) => parseInt(m![1].slice(i, i + 2), 16)) as [number, number, number];
  m = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/.exec(c);
  if (m) return [Number(m[1]), Number(m[2]), Number(m[3])];
  return null;
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (v: number) => {
    const s = Math.min(255, Math.max(0, v)) / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function pick(candidates: unknown[], fallback: string): string {
  for (const c of candidates) {
    const color = safeColor(c);
    if (color) return color;
  }
  return fallback;
}
