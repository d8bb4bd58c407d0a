/** zod schemas of the prompt assistant's request and reply, built on `promptAssistant.ts`. */
import { z } from 'zod';
import { chatbotFieldsSchema } from './chatbot.schemas';
import {
  capHistory,
  PROMPT_ASSISTANT_ACTIONS,
  PROMPT_ASSISTANT_LIMITS as LIMITS,
  PROMPT_ASSISTANT_MESSAGES as MESSAGES,
  type PromptAssistantRequest,
  type PromptAssistantResponse,
} from './promptAssistant';
import { cleanString } from './text.schemas';

const text = (label: string, max: number) => cleanString().max(max, `${label} must be at most ${max} characters`);

const actionSchema = z.enum(PROMPT_ASSISTANT_ACTIONS, { error: `action must be one of ${PROMPT_ASSISTANT_ACTIONS.join(', ')}` });

/**
 * POST /api/chatbots/{guid}/prompt-assistant. Improve needs a current prompt and chat needs a
 * message; generate works from the context alone. The model, when sent, follows the chatbot
 * form's Model rule. More than 12 history turns is refused; within them, what reaches the model
 * is capped by `capHistory` (long turns cut, the oldest dropped) rather than refused.
 */
export const promptAssistantRequestSchema = z
  .object({
    action: actionSchema,
    context: z.object({
      chatbotName: text('Chatbot name', LIMITS.chatbotName).default(''),
      description: text('Description', LIMITS.description).default(''),
      currentPrompt: text('Current prompt', LIMITS.currentPrompt).default(''),
      model: chatbotFieldsSchema.shape.model.optional(),
    }),
    userMessage: text('Message', LIMITS.userMessage).default(''),
    history: z
      .array(z.object({ role: z.enum(['user', 'assistant']), content: text('A history message', LIMITS.currentPrompt) }))
      .max(LIMITS.historyTurns, `history holds at most ${LIMITS.historyTurns} turns`)
      .transform(capHistory)
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.action === 'improve' && !body.context.currentPrompt.trim()) {
      ctx.addIssue({ code: 'custom', path: ['context', 'currentPrompt'], message: MESSAGES.noPromptToImprove });
    }
    if (body.action === 'chat' && !body.userMessage.trim()) {
      ctx.addIssue({ code: 'custom', path: ['userMessage'], message: MESSAGES.messageRequired });
    }
  }) satisfies z.ZodType<PromptAssistantRequest>;

/** The reply: bubbles (the first one the prompt, for generate and improve) or plain content. */
export const promptAssistantResponseSchema = z.union([
  z.object({ action: actionSchema, bubbles: z.array(z.object({ content: z.string() })) }),
  z.object({ action: actionSchema, content: z.string() }),
]) satisfies z.ZodType<PromptAssistantResponse>;
