import { HOME_DESIGN_DEFAULTS } from '@parley/contracts';
import type { Chatbot } from '../../lib/api';

/**
 * The colours the embedded widget draws a bot with, unless the page's ChatWidget.init sets
 * others: the primary, background and text colours saved in the bot's home-screen theme (the
 * UI Designer's Theme tab), each falling back to the designer's default.
 */
export function botTheme(bot: Chatbot): Record<'Primary' | 'Background' | 'Text', string> {
  const theme = (bot.homeScreenConfig as { theme?: { primaryColor?: string; backgroundColor?: string; textColor?: string } } | null)?.theme;
  return {
    Primary: theme?.primaryColor || HOME_DESIGN_DEFAULTS.primaryColor,
    Background: theme?.backgroundColor || HOME_DESIGN_DEFAULTS.backgroundColor,
    Text: theme?.textColor || HOME_DESIGN_DEFAULTS.textColor,
  };
}
