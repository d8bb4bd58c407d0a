import type { PublicChatbotConfig } from '@parley/contracts';

/**
 * The bot's public config: the endpoint for a guid, else the default bot's. A plain fetch
 * without credentials, so the loader can start it too (at a click, while the full widget is
 * still on its way); a non-OK answer rejects with `"{status}: {body}"` as every widget call does.
 */
export async function fetchConfig(apiUrl: string, chatbotId?: string | null): Promise<PublicChatbotConfig> {
  const path = chatbotId ? `/api/public/chatbots/${encodeURIComponent(chatbotId)}` : '/api/public/default-chatbot';
  const res = await fetch(apiUrl.replace(/\/+$/, '') + path, { credentials: 'omit' });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text().catch(() => '')) || res.statusText}`);
  return (await res.json()) as PublicChatbotConfig;
}
