import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { CHATBOT_DEFAULTS, DAILY_MESSAGE_LIMIT_MAX, MODELS, type CreateChatbotInput, type UpdateChatbotInput } from './chatbot';
import { createChatbotSchema, updateChatbotSchema } from './chatbot.schemas';

const GUID = '00000000-0000-4000-8000-000000000001';
const firstMessage = (body: unknown) => {
  const result = updateChatbotSchema.safeParse(body);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('chatbot settings', () => {
  it('check the plain types, in both directions', () => {
    // Each way separately: zod's extend() spells the home screen type in a form toEqualTypeOf tells apart.
    expectTypeOf<z.output<typeof createChatbotSchema>>().toExtend<CreateChatbotInput>();
    expectTypeOf<CreateChatbotInput>().toExtend<z.output<typeof createChatbotSchema>>();
    expectTypeOf<z.output<typeof updateChatbotSchema>>().toEqualTypeOf<UpdateChatbotInput>();
  });

  it('starts a bot on one of the offered models', () => {
    expect(MODELS).toContain(CHATBOT_DEFAULTS.model);
    expect(createChatbotSchema.parse({ guid: GUID, name: 'Bot', ...CHATBOT_DEFAULTS })).toMatchObject({ name: 'Bot', temperature: 7, maxTokens: 1000 });
  });

  it('refuses each bad value with its text, word for word', () => {
    expect(createChatbotSchema.safeParse({ guid: GUID, name: '  ' }).error?.issues[0]?.message).toBe('Name is required');
    expect(createChatbotSchema.safeParse({ guid: 'x', name: 'Bot' }).error?.issues[0]?.message).toBe('guid must be a UUID');
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'n'.repeat(101) }, 'Name must be at most 100 characters'],
      [{ systemPrompt: ' ' }, 'System prompt is required'],
      [{ model: '' }, 'Model is required'],
      [{ temperature: 11 }, 'Temperature must be between 0 and 10'],
      [{ temperature: -1 }, 'Temperature must be between 0 and 10'],
      [{ temperature: 'hot' }, 'Temperature must be a number'],
      [{ temperature: 2.5 }, 'Temperature must be a whole number'],
      [{ maxTokens: 99 }, 'Max tokens must be between 100 and 4000'],
      [{ maxTokens: 4001 }, 'Max tokens must be between 100 and 4000'],
      [{ dailyMessageLimit: 0 }, 'Daily message limit must be between 1 and 1000000'],
      [{ dailyMessageLimit: DAILY_MESSAGE_LIMIT_MAX + 1 }, 'Daily message limit must be between 1 and 1000000'],
      [{ dailyMessageLimit: 1.5 }, 'Daily message limit must be a whole number'],
      [{ formRecipientEmail: 'x@' }, 'Valid email required'],
      [{ avatarUrl: 'javascript:alert(1)' }, 'Avatar URL must be an http(s) URL'],
      [{ allowedDomains: ['https://example.com/'] }, 'Allowed domains must be host names like example.com'],
    ];
    for (const [body, message] of cases) expect(firstMessage(body), JSON.stringify(body)).toBe(message);
  });

  it('takes an avatar by http(s) address with a host or by a path on this server, nothing else', () => {
    for (const bad of ['https://', 'http:///a.png', 'https://exa mple.com/a.png', '//evil.example/a.png', 'ftp://example.com/a.png', 'avatar.png', 'data:image/png;base64,AAAA']) {
      expect(firstMessage({ avatarUrl: bad }), bad).toBe('Avatar URL must be an http(s) URL');
    }
    for (const good of ['', '  ', 'https://cdn.example.com/a.png', 'HTTP://example.com:8080/a.png?s=200', '/uploads/3f2a.png']) {
      expect(firstMessage({ avatarUrl: good }), good).toBeUndefined();
    }
  });

  it('accepts an empty recipient, no daily cap, host names and numbers sent as text', () => {
    expect(updateChatbotSchema.parse({ formRecipientEmail: '', dailyMessageLimit: null, allowedDomains: [' *.Example.com ', 'localhost:3000'], maxTokens: '250' })).toEqual({
      formRecipientEmail: '',
      dailyMessageLimit: null,
      allowedDomains: ['*.example.com', 'localhost:3000'],
      maxTokens: 250,
    });
  });
});
