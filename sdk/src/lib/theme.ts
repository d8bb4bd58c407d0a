import { contrastRatio, HOME_DESIGN_DEFAULTS, type PublicChatbotConfig } from '@parley/contracts';

/** Default widget colours when a bot sets none: the home-screen designer's defaults. */
export const DEFAULT_COLORS = {
  primary: HOME_DESIGN_DEFAULTS.primaryColor,
  background: HOME_DESIGN_DEFAULTS.backgroundColor,
  text: HOME_DESIGN_DEFAULTS.textColor,
} as const;

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
  const white = color ? contrastRatio(color, '#ffffff') : null;
  const dark = color ? contrastRatio(color, DARK_ON_PRIMARY) : null;
  if (white === null || dark === null) return undefined;
  return white >= 4.5 || white >= dark ? '#ffffff' : DARK_ON_PRIMARY;
}

/** The CSS custom properties the stylesheet reads the colours from (set on `.cw-root`). */
export function colorVars(colors: WidgetColors): Record<string, string | undefined> {
  return { '--cw-primary': colors.primary, '--cw-on-primary': onColor(colors.primary), '--cw-bg': colors.background, '--cw-text': colors.text };
}

function pick(candidates: unknown[], fallback: string): string {
  for (const c of candidates) {
    const color = safeColor(c);
    if (color) return color;
  }
  return fallback;
}
