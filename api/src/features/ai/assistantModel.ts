import type OpenAI from 'openai';
import { env } from '../../env';
import { HttpError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { createOpenAIClient } from './openaiClient';

/** What an owner reads when the model server fails; the cause goes to the log, not to them. */
const MODEL_FAILED = 'The AI model could not answer. Please try again.';

let client: OpenAI | null = null;

/**
 * The client of the owner-side assistants (prompt assistant, UI designer): the OpenAI-compatible
 * server the chat engine uses, or null when none is configured (the offline assistants answer).
 * One retry: the owner is waiting and can ask again.
 */
export function assistantClient(): OpenAI | null {
  if (!env.OPENAI_API_KEY) return null;
  client ??= createOpenAIClient({ maxRetries: 1 });
  return client;
}

/**
 * One non-streaming completion's text ('' when the model says nothing). A failed call is logged
 * under `logLabel` and answers 502 with a message the owner can act on.
 */
export async function completeText(client: OpenAI, params: OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming, logLabel: string): Promise<string> {
  try {
    const completion = await client.chat.completions.create(params);
    return completion.choices[0]?.message?.content ?? '';
  } catch (error) {
    logger.warn(`${logLabel} model call failed`, { error: String(error) });
    throw new HttpError(502, MODEL_FAILED);
  }
}

/** `text` without a surrounding ``` fence (with or without a language tag) a model may add. */
export function stripFence(text: string): string {
  return text
    .trim()
    .replace(/^```[\w-]*(\n|$)/, '')
    .replace(/\n?```$/, '')
    .trim();
}
