import { describe, expect, it } from 'vitest';
import { ADMIN_ACTION_LABELS, ADMIN_ACTION_TYPES } from './admin';
import { chatbotDeactivationSchema, defaultChatbotChangeSchema, planChangeRequestSchema } from './schemas';

describe('admin rules', () => {
  it('takes a deactivation reason of 3 to 500 characters, trimmed', () => {
    expect(chatbotDeactivationSchema.parse({ reason: '  Spam links \n' })).toEqual({ reason: 'Spam links' });
    expect(chatbotDeactivationSchema.safeParse({ reason: ' ab ' }).error?.issues[0]?.message).toBe('Give a reason of at least 3 characters');
    expect(chatbotDeactivationSchema.safeParse({ reason: 'x'.repeat(501) }).error?.issues[0]?.message).toBe('The reason must be at most 500 characters');
    expect(chatbotDeactivationSchema.safeParse({}).error?.issues[0]?.message).toBe('Give a reason of at least 3 characters');
  });

  it('needs a plan id and a chatbot id', () => {
    // The admin's plan change and the owner's checkout and modify share one request rule.
    expect(planChangeRequestSchema.safeParse({ planId: ' ' }).error?.issues[0]?.message).toBe('Choose a plan');
    expect(planChangeRequestSchema.safeParse({}).error?.issues[0]?.message).toBe('Choose a plan');
    expect(defaultChatbotChangeSchema.safeParse({}).error?.issues[0]?.message).toBe('Choose a chatbot');
    expect(planChangeRequestSchema.parse({ planId: ' premium ' })).toEqual({ planId: 'premium' });
  });

  it('names every logged action in plain words', () => {
    expect(Object.keys(ADMIN_ACTION_LABELS).sort()).toEqual([...ADMIN_ACTION_TYPES].sort());
  });
});
