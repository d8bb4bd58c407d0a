import type { Chatbot } from '../../db/schema';
import { HOME_DESIGN_DEFAULTS, type PublicChatbotConfig } from '@parley/contracts';
import { readHomeScreenConfig } from '@parley/contracts/schemas';

const DEFAULT_PRIMARY = HOME_DESIGN_DEFAULTS.primaryColor;
/** The marketing site's widget uses a lighter blue than an owner's bot. */
export const PUBLIC_DEFAULT_PRIMARY = '#3b82f6';

/**
 * The bot as a visitor's widget may see it: no prompts, recipients or owner data. A stored home
 * screen is read leniently (one component this version cannot draw, or one saved before a rule
 * tightened, is left out rather than losing the whole home screen).
 */
export function toPublicChatbotConfig(bot: Chatbot): PublicChatbotConfig {
  const homeScreenConfig = readHomeScreenConfig(bot.homeScreenConfig);
  const primary = homeScreenConfig?.theme?.primaryColor || (bot.isPublicDefault ? PUBLIC_DEFAULT_PRIMARY : DEFAULT_PRIMARY);
  return {
    id: bot.id,
    guid: bot.guid,
    name: bot.name,
    avatarUrl: bot.avatarUrl,
    isActive: bot.isActive,
    welcomeMessage: bot.welcomeMessage,
    initialMessages: bot.initialMessages ?? [],
    formConfirmationMessage: bot.formConfirmationMessage,
    theme: { chat: { primary } },
    homeScreenConfig,
  };
}
