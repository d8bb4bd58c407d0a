import type { Chatbot } from '../../lib/api';

/**
 * The colours the embedded widget draws a bot with, unless the page's ChatWidget.init sets
 * others: the primary colour of the bot's home-screen theme (else Parley's blue), and always
 * Parley's own background and text colours, since the widget reads nothing else from the bot.
 */
export function botTheme(bot: Chatbot): Record<'Primary' | 'Background' | 'Text', string> {
  const theme = (bot.homeScreenConfig as { theme?: { primaryColor?: string } } | null)?.theme;
  return {
    Primary: theme?.primaryColor || '#2563eb',
    Background: '#ffffff',
    Text: '#1f2937',
  };
}
