import { env } from '../../env';
import type { ChatModel } from './chatModel';
import { createOfflineModel } from './offlineModel';
import { createOpenAIModel } from './openaiModel';

let current: ChatModel | null = null;

/** The configured model: OpenAI-compatible when OPENAI_API_KEY is set, otherwise offline. */
export function getChatModel(): ChatModel {
  current ??= env.OPENAI_API_KEY ? createOpenAIModel() : createOfflineModel();
  return current;
}
