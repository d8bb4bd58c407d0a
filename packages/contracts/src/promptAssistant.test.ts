import { describe, expect, it } from 'vitest';
import { chatbotFieldsSchema } from './chatbot.schemas';
import { SYSTEM_PROMPT_MAX_LENGTH } from './chatbot';
import { capHistory, PROMPT_ASSISTANT_LIMITS } from './promptAssistant';
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

  it('caps the history: newest 12 turns, each at most 4000 characters, 8000 in all; more than 12 is refused', () => {
    const turn = (content: string, role: 'user' | 'assistant' = 'user') => ({ role, content });
    expect(capHistory([turn('a'), turn('b', 'assistant')])).toEqual([turn('a'), turn('b', 'assistant')]);
    const capped = capHistory([turn('o'.repeat(1001)), turn('y'.repeat(3000)), turn('z'.repeat(9000), 'assistant')]);
    expect(capped).toEqual([turn('y'.repeat(3000)), turn(`${'z'.repeat(3999)}…`, 'assistant')]);
    expect(capHistory(Array.from({ length: 20 }, (_, i) => turn(String(i)))).map((t) => t.content)).toEqual(Array.from({ length: 12 }, (_, i) => String(i + 8)));
    const parsed = promptAssistantRequestSchema.parse({ action: 'chat', context, userMessage: 'hi', history: [turn('p'.repeat(10)), turn('q'.repeat(6000)), turn('r'.repeat(6000))] });
    expect(parsed.history?.map((t) => [t.content[0], t.content.length])).toEqual([['q', 4000], ['r', 4000]]);
    const tooMany = promptAssistantRequestSchema.safeParse({ action: 'chat', context, userMessage: 'hi', history: Array.from({ length: 13 }, () => turn('x')) });
    expect(tooMany.error?.issues.map((i) => i.message)).toEqual(['history holds at most 12 turns']);
  });

  it('takes the form\'s model under the chatbot form\'s Model rule', () => {
    const model = (value: unknown) => promptAssistantRequestSchema.safeParse({ action: 'generate', context: { ...context, model: value } });
    expect(model(' gpt-4o ').data?.context.model).toBe('gpt-4o');
    expect(model(undefined).data?.context.model).toBeUndefined();
    expect(model('').error?.issues.map((i) => i.message)).toEqual(['Model is required']);
    expect(model('m'.repeat(101)).success).toBe(false);
  });

  it('strips NUL and bidi controls from what the owner writes', () => {
    expect(promptAssistantRequestSchema.parse({ action: 'chat', context, userMessage: 'be\u0000 formal\u202E' }).userMessage).toBe('be formal');
  });
});
