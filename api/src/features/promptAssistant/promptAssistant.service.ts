import { and, asc, eq } from 'drizzle-orm';
import { CHATBOT_DEFAULTS, NEW_CHATBOT_GUID, type PromptAssistantRequest, type PromptAssistantResponse } from '@parley/contracts';
import { db } from '../../db/client';
import { contentSources } from '../../db/schema';
import { assistantClient } from '../ai/assistantModel';
import { getOwnedChatbot } from '../chatbots/chatbots.service';
import { modelAssistant } from './modelAssistant';
import { offlineAssistant } from './offlineAssistant';
import type { KnowledgeSource } from './writeSystemPrompt';

/** Enough titles to say what the bot knows without flooding the prompt. */
const MAX_SOURCES = 50;

/**
 * One prompt-assistant turn for the owner's bot `guid`, or for a bot not created yet when the
 * guid is "new-chatbot" (the form's values are all there is). Another owner's or a missing
 * bot answers 404. The bot's trained sources tell the writer what it knows; the context's
 * blank name, description or model fall back to the stored ones (the model then to the default).
 */
export async function assistWithPrompt(userId: string, guid: string, request: PromptAssistantRequest): Promise<PromptAssistantResponse> {
  const bot = guid === NEW_CHATBOT_GUID ? null : await getOwnedChatbot(userId, guid);
  const sources = bot ? await trainedSources(bot.id) : [];
  const context = {
    chatbotName: request.context.chatbotName.trim() || bot?.name || '',
    description: request.context.description.trim() || bot?.description || '',
    currentPrompt: request.context.currentPrompt,
  };
  // The form's Model field first: on the create page there is no stored bot, and on the edit page
  // the owner may have picked another model without saving yet.
  const model = request.context.model || bot?.model || CHATBOT_DEFAULTS.model;
  const client = assistantClient();
  if (!client) return offlineAssistant({ ...request, context }, sources);
  return modelAssistant(client, model, { ...request, context }, sources);
}

async function trainedSources(chatbotId: number): Promise<KnowledgeSource[]> {
  return await db
    .select({ title: contentSources.title, url: contentSources.url, fileName: contentSources.fileName })
    .from(contentSources)
    .where(and(eq(contentSources.chatbotId, chatbotId), eq(contentSources.status, 'completed')))
    .orderBy(asc(contentSources.createdAt), asc(contentSources.id))
    .limit(MAX_SOURCES);
}
