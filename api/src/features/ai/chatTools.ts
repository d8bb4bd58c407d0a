import type { ChatCompletionTool } from 'openai/resources/chat/completions';
import { z } from 'zod';
import type { ModelEvent } from './chatModel';

const quickRepliesArgs = z.object({
  replies: z.array(z.string().trim().min(1).max(80)).min(1).max(6),
});
const contactDetailsArgs = z.object({
  message: z.string().max(500).optional(),
});

/**
 * The tools the model may call. Parameters are zod schemas (the same ones that validate the
 * model's arguments), turned into JSON schema for the API.
 */
export const CHAT_TOOLS: ChatCompletionTool[] = [
  {
    type: 'function',
    function: {
      name: 'show_quick_replies',
      description:
        'Show the visitor 2 to 4 short follow-up options as buttons under your answer (e.g. next questions they are likely to ask). Use only when it helps.',
      parameters: jsonSchema(quickRepliesArgs),
    },
  },
  {
    type: 'function',
    function: {
      name: 'request_contact_details',
      description:
        'Show the visitor a contact form (name, email, message) so a human can follow up. Use when they ask for a human, want to be contacted, or you cannot help with their request.',
      parameters: jsonSchema(contactDetailsArgs),
    },
  },
];

/**
 * Turns one finished tool call into model events. Malformed arguments are dropped: a model
 * that garbles a tool call should not break an otherwise good answer.
 */
export function toolCallToEvents(name: string, rawArgs: string): ModelEvent[] {
  let args: unknown;
  try {
    args = rawArgs.trim() ? JSON.parse(rawArgs) : {};
  } catch {
    return [];
  }
  if (name === 'show_quick_replies') {
    const parsed = quickRepliesArgs.safeParse(args);
    return parsed.success ? [{ type: 'quick_replies', replies: parsed.data.replies.slice(0, 4) }] : [];
  }
  if (name === 'request_contact_details') {
    const parsed = contactDetailsArgs.safeParse(args);
    return [{ type: 'contact_form', message: parsed.success ? parsed.data.message : undefined }];
  }
  return [];
}

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema) as Record<string, unknown>;
  return rest;
}
