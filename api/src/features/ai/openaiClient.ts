import OpenAI from 'openai';
import { env } from '../../env';

/**
 * An OpenAI SDK client for the configured OpenAI-compatible server (OPENAI_API_KEY,
 * OPENAI_BASE_URL). Callers choose how long to wait and how often to retry: a visitor's answer
 * retries once, a batch of embeddings may retry more. A server without keys (Ollama, vLLM)
 * still gets a placeholder key, which the SDK requires.
 */
export function createOpenAIClient({ timeoutMs = env.OPENAI_TIMEOUT_MS, maxRetries }: { timeoutMs?: number; maxRetries: number }): OpenAI {
  return new OpenAI({
    apiKey: env.OPENAI_API_KEY || 'not-needed',
    baseURL: env.OPENAI_BASE_URL || undefined,
    timeout: timeoutMs,
    maxRetries,
  });
}
