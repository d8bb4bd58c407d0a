import type { SurveyAssistantRequest, SurveyAssistantResponse } from '@parley/contracts';
import { assistantClient } from '../ai/assistantModel';
import { getOwnedChatbot } from '../chatbots/chatbots.service';
import { modelSurveyAssistant } from './modelSurveyAssistant';
import { offlineSurveyAssistant } from './offlineSurveyAssistant';

/**
 * One survey-assistant turn for the owner's bot `guid` (its guid or id; another owner's or a
 * missing bot answers 404). A blank name or description in the context falls back to the
 * stored bot's, so the questions fit the business either way. With a model configured the
 * bot's model writes the survey, otherwise the offline assistant does.
 */
export async function assistWithSurvey(userId: string, guid: string, request: SurveyAssistantRequest): Promise<SurveyAssistantResponse> {
  const bot = await getOwnedChatbot(userId, guid);
  const context = {
    ...request.context,
    chatbotName: request.context.chatbotName.trim() || bot.name,
    description: request.context.description.trim() || bot.description || '',
  };
  const client = assistantClient();
  if (!client) return offlineSurveyAssistant({ ...request, context });
  return modelSurveyAssistant(client, bot.model, { ...request, context });
}
