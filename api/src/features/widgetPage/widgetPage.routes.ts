import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { env } from '../../env';
import { findChatbotByGuid } from '../chatbots/chatbots.service';
import { frameAncestors } from '../public/originPolicy';
import { toPublicChatbotConfig } from '../public/toPublicChatbotConfig';
import {
  CONFIG_ERROR_TEXT,
  CONFIG_ERROR_TITLE,
  INACTIVE_TEXT,
  INACTIVE_TITLE,
  renderWidgetMessage,
  renderWidgetPage,
} from './renderWidgetPage';

const querySchema = z.object({
  position: z.enum(['bottom-right', 'bottom-left']).catch('bottom-right'),
});

/**
 * `/widget/{userId}/{guid}`: the widget as a page for iframes. The user segment must be the
 * bot's owner (a "prefix|id" form uses the part after "|"); otherwise, or for an unknown bot,
 * the page shows the configuration error. Framing is limited to the bot's allowed domains.
 */
export const widgetPageRoutes = new Hono().get('/widget/:userId/:guid', async (c) => {
  const { userId, guid } = c.req.param();
  const ownerId = userId.includes('|') ? userId.slice(userId.lastIndexOf('|') + 1) : userId;
  const bot = guid.length <= 100 ? await findChatbotByGuid(guid) : undefined;
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  c.header('Cache-Control', 'no-store');
  if (!bot || bot.guid !== guid || bot.userId !== ownerId) {
    c.header('Content-Security-Policy', 'frame-ancestors *');
    return c.html(renderWidgetMessage(CONFIG_ERROR_TITLE, CONFIG_ERROR_TEXT), 404);
  }
  c.header('Content-Security-Policy', `frame-ancestors ${frameAncestors(bot)}`);
  if (!bot.isActive) return c.html(renderWidgetMessage(INACTIVE_TITLE, INACTIVE_TEXT), 200);

  const query = querySchema.parse(c.req.query());
  const chatbotConfig = toPublicChatbotConfig(bot);
  const theme = chatbotConfig.homeScreenConfig?.theme;
  return c.html(
    renderWidgetPage(
      // No session id is ever taken from the query: a link carrying one would let its author
      // read the visitor's conversation. The widget mints its own in the frame's storage.
      { apiUrl: apiUrl(c), chatbotConfig },
      {
        position: query.position,
        primaryColor: chatbotConfig.theme.chat.primary,
        ...(theme?.backgroundColor && { backgroundColor: theme.backgroundColor }),
        ...(theme?.textColor && { textColor: theme.textColor }),
      },
    ),
    200,
  );
});

function apiUrl(c: Context) {
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : new URL(c.req.url).origin;
}
