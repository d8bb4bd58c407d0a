import type { Chatbot } from '../../lib/api';

/** The widget colours of a bot: its home-screen theme, else the widget's defaults. */
export function botTheme(bot: Chatbot): Record<'Primary' | 'Background' | 'Text', string> {
  const theme = (bot.homeScreenConfig as { theme?: { primaryColor?: string; backgroundColor?: string; textColor?: string } } | null)?.theme;
  return {
    Primary: theme?.primaryColor ?? '#2563eb',
    Background: theme?.backgroundColor ?? '#ffffff',
    Text: theme?.textColor ?? '#1f2937',
  };
}
