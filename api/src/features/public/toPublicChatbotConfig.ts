import type { Chatbot } from '../../db/schema';
import type { PublicChatbotConfig } from '@parley/contracts';
import { homeScreenConfigSchema } from '@parley/contracts/schemas';

const DEFAULT_PRIMARY = '#2563eb';
/** The marketing site's widget uses a lighter blue than an owner's bot. */
export const PUBLIC_DEFAULT_PRIMARY = '#3b82f6';

/** The bot as a visitor's widget may see it: no prompts, recipients or owner data. */
export function toPublicChatbotConfig(bot: Chatbot): PublicChatbotConfig {
  const parsed = bot.homeScreenConfig ? homeScreenConfigSchema.safeParse(bot.homeScreenConfig) : null;
  const homeScreenConfig = parsed?.success ? parsed.data : null;
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
