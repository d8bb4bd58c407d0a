import type { UiDesignerRequest, UiDesignerResponse } from '@parley/contracts';
import { badRequest } from '../../lib/errors';
import { assistantClient } from '../ai/assistantModel';
import { getOwnedChatbot } from '../chatbots/chatbots.service';
import { surveySummaries } from '../surveys/surveys.service';
import type { DesignerSurvey } from './matchSurvey';
import { modelDesigner } from './modelDesigner';
import { offlineDesigner } from './offlineDesigner';

export type DesignMode = 'generate' | 'modify';

const NOTHING_TO_MODIFY = 'There is no design to modify yet. Generate one first.';

/**
 * One UI designer turn for the owner's bot (`chatbotId`, its guid or id; another owner's or a
 * missing bot answers 404). `generate` designs a new home screen and ignores any current config
 * sent; `modify` changes the current config and needs one. With a model configured the bot's
 * model designs it, otherwise the offline designer does. Both know the bot's surveys, so a
 * survey topic starts one of them.
 */
export async function designHomeScreen(userId: string, mode: DesignMode, request: UiDesignerRequest): Promise<UiDesignerResponse> {
  const bot = await getOwnedChatbot(userId, request.chatbotId);
  const currentConfig = mode === 'modify' ? (request.currentConfig ?? null) : null;
  if (mode === 'modify' && !currentConfig) throw badRequest(NOTHING_TO_MODIFY, { fieldErrors: { currentConfig: [NOTHING_TO_MODIFY] } });
  const botSurveys: DesignerSurvey[] = await surveySummaries(bot.id);
  const client = assistantClient();
  if (!client) return offlineDesigner({ prompt: request.prompt, currentConfig, botName: bot.name, surveys: botSurveys });
  return modelDesigner(client, bot.model, { prompt: request.prompt, currentConfig, bot: { name: bot.name, description: bot.description }, surveys: botSurveys });
}
