import { describe, expect, it } from 'vitest';
import { chatbotFieldsSchema } from './chatbot.schemas';
import { PROMPT_ASSISTANT_LIMITS, SYSTEM_PROMPT_MAX_LENGTH } from './promptAssistant';
import { promptAssistantRequestSchema } from './promptAssistant.schemas';

const context = { chatbotName: 'Harbor Help', description: '', currentPrompt: '' };

describe('prompt assistant request', () => {
  it('bounds the current prompt exactly as a chatbot bounds its system prompt', () => {
    expect(PROMPT_ASSISTANT_LIMITS.currentPrompt).toBe(SYSTEM_PROMPT_MAX_LENGTH);
    const longest = 'x'.repeat(SYSTEM_PROMPT_MAX_LENGTH);
    expect(chatbotFieldsSchema.shape.systemPrompt.safeParse(longest).success).toBe(true);
    expect(chatbotFieldsSchema.shape.systemPrompt.safeParse(`${longest}x`).success).toBe(false);
    const ask = (currentPrompt: string) => promptAssistantRequestSchema.safeParse({ action: 'improve', context: { ...context, currentPrompt }, userMessage: '' }).success;
    expect(ask(longest)).toBe(true);
    expect(ask(`${longest}x`)).toBe(false);
  });

  it('fills blank fields, and needs a prompt to improve and a message to chat', () => {
    expect(promptAssistantRequestSchema.parse({ action: 'generate', context: {} })).toEqual({
      action: 'generate',
      context: { chatbotName: '', description: '', currentPrompt: '' },
      userMessage: '',
    });
    const improve = promptAssistantRequestSchema.safeParse({ action: 'improve', context: { ...context, currentPrompt: '  ' } });
    expect(improve.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['context.currentPrompt', 'There is no current prompt to improve. Write one or use Generate first.'],
    ]);
    const chat = promptAssistantRequestSchema.safeParse({ action: 'chat', context, userMessage: ' ' });
    expect(chat.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['userMessage', 'Write a message for the assistant']]);
  });

  it('strips NUL and bidi controls from what the owner writes', () => {
    expect(promptAssistantRequestSchema.parse({ action: 'chat', context, userMessage: 'be\u0000 formal\u202E' }).userMessage).toBe('be formal');
  });
});
