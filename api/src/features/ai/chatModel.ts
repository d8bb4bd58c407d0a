import type { Chatbot } from '../../db/schema';
import type { PromptAssistantTurn, SourceRef } from '@parley/contracts';
import type { Passage } from '../knowledge/retrieve';

/** One earlier turn of the conversation, oldest first: the shape the prompt assistant's history has too. */
export type HistoryTurn = PromptAssistantTurn;

/** Everything a model needs to answer one visitor turn. */
export type AnswerRequest = {
  bot: Pick<Chatbot, 'name' | 'model' | 'temperature' | 'maxTokens' | 'systemPrompt' | 'welcomeMessage' | 'fallbackMessage'>;
  /** Earlier turns (the current question excluded). */
  history: HistoryTurn[];
  /** What the visitor saw themselves send. */
  visibleQuestion: string;
  /** Instruction behind a menu selection or survey start, when it differs from the visible text. */
  internalMessage?: string;
  /** Retrieved passages, best first; may be empty. */
  passages: Passage[];
  /** How telling each word of the question (and instruction) is in the bot's content, 0 for one it never uses (`topicWeights`). */
  topicWeights?: Record<string, number>;
  signal?: AbortSignal;
};

/** What a model produces while answering: text as it is written, then optional extras. */
export type ModelEvent =
  | { type: 'text'; text: string }
  | { type: 'quick_replies'; replies: string[] }
  | { type: 'contact_form'; message?: string }
  /** The passages the answer actually used; without it, all passages given are cited. */
  | { type: 'sources'; sources: SourceRef[] }
  /** The reply is a greeting, thanks or goodbye: no answer to rate or to file as unanswered. */
  | { type: 'small_talk' };

/** The one interface both the OpenAI-compatible and the offline provider implement. */
export interface ChatModel {
  readonly kind: 'openai' | 'offline';
  answer(request: AnswerRequest): AsyncIterable<ModelEvent>;
}
