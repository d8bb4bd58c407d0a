import { buildPrompt } from './buildPrompt';
import type { AnswerRequest, ChatModel, ModelEvent } from './chatModel';
import { CHAT_TOOLS, toolCallToEvents } from './chatTools';
import { createOpenAIClient } from './openaiClient';

/**
 * Any OpenAI-compatible server (OpenAI, Ollama, vLLM, LM Studio...) through the official SDK:
 * the bot's model, temperature ÷ 10 and maxTokens, streamed tokens, and tool calls collected
 * from the stream and turned into quick replies or a contact form once the answer is done.
 */
export function createOpenAIModel(): ChatModel {
  // One retry covers a dropped connection; more would keep the visitor waiting for seconds.
  const client = createOpenAIClient({ maxRetries: 1 });

  return {
    kind: 'openai',
    async *answer(request: AnswerRequest): AsyncIterable<ModelEvent> {
      const stream = await client.chat.completions.create(
        {
          model: request.bot.model,
          temperature: request.bot.temperature / 10,
          max_tokens: request.bot.maxTokens,
          messages: buildPrompt(request),
          tools: CHAT_TOOLS,
          stream: true,
        },
        { signal: request.signal },
      );
      const calls = new Map<number, { name: string; args: string }>();
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta;
        if (!delta) continue;
        if (delta.content) yield { type: 'text', text: delta.content };
        for (const call of delta.tool_calls ?? []) {
          const entry = calls.get(call.index) ?? { name: '', args: '' };
          if (call.function?.name) entry.name += call.function.name;
          if (call.function?.arguments) entry.args += call.function.arguments;
          calls.set(call.index, entry);
        }
      }
      for (const call of calls.values()) yield* toolCallToEvents(call.name, call.args);
    },
  };
}
