import type { Chatbot } from '../../db/schema';
import type { ChatMessage, MessageType } from '../../lib/protocol';
import type { SessionRow } from './chat.service';

export type TurnContext = {
  bot: Chatbot;
  session: SessionRow;
  /** What the visitor saw themselves send (stored as their message). */
  content: string;
  /** The instruction behind a menu selection or survey start, if any. */
  internalMessage?: string;
  userMessage: ChatMessage;
};
export type BotMessageDraft = { content: string; messageType?: MessageType; metadata?: Record<string, unknown> };
/** Claims a turn by answering messages, or returns null to let the next handler (finally the model) answer. */
export type TurnHandler = (context: TurnContext) => Promise<BotMessageDraft[] | null> | BotMessageDraft[] | null;

const handlers: TurnHandler[] = [];

/**
 * Lets another feature answer some turns before the model does, e.g. the survey feature
 * conducting a survey started by `parseSurveyStart(internalMessage)`. Register once at import.
 */
export function registerTurnHandler(handler: TurnHandler) {
  handlers.push(handler);
}

export async function runTurnHandlers(context: TurnContext): Promise<BotMessageDraft[] | null> {
  for (const handler of handlers) {
    const answer = await handler(context);
    if (answer && answer.length) return answer;
  }
  return null;
}
