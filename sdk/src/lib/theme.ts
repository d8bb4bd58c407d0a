import type { PublicChatbotConfig } from '../protocol';

/** Default widget colours (spec §9). */
export const DEFAULT_COLORS = { primary: '#2563eb', background: '#ffffff', text: '#1f2937' } as const;

export interface WidgetColors {
  primary: string;
  background: string;
  text: string;
}

/** Explicit props win over the bot's theme, which wins over the defaults; unsafe values are dropped. */
export function resolveColors(
  props: { primaryColor?: string; backgroundColor?: string; textColor?: string },
  config?: PublicChatbotConfig | null,
): WidgetColors {
  return {
    primary: pick(props.primaryColor, config?.theme?.chat?.primary, DEFAULT_COLORS.primary),
    background: pick(props.backgroundColor, undefined, DEFAULT_COLORS.background),
    text: pick(props.textColor, undefined, DEFAULT_COLORS.text),
  };
}

/** Colours end up in inline styles: allow only plain colour syntax (hex, names, rgb()/hsl()). */
export function safeColor(value: unknown): string | undefined {
  return typeof value === 'string' && /^(#[0-9a-f]{3,8}|[a-z]{3,30}|(rgb|rgba|hsl|hsla)\([\d\s.,%/]+\))$/i.test(value.trim())
    ? value.trim()
    : undefined;
}

function pick(a: unknown, b: unknown, fallback: string): string {
  return safeColor(a) ?? safeColor(b) ?? fallback;
}
