import type { PublicChatbotConfig } from '@parley/contracts';
import { request } from './api';

/**
 * The bot's public config: the endpoint for a guid, else the default bot's. The loader starts it
 * too (at a click, while the full widget is still on its way); a non-OK answer rejects with an
 * `ApiError`, as every widget call does.
 */
export function fetchConfig(apiUrl: string, chatbotId?: string | null): Promise<PublicChatbotConfig> {
  const path = chatbotId ? `/api/public/chatbots/${encodeURIComponent(chatbotId)}` : '/api/public/default-chatbot';
  return request<PublicChatbotConfig>(apiUrl, 'GET', path);
}
