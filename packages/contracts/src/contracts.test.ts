import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  createSessionId,
  STARTER_HOME_SCREEN_CONFIG,
  SURVEY_DEFAULTS,
  type ChatMessage,
  type HomeScreenConfig,
  type PromptAssistantRequest,
  type PromptAssistantResponse,
  type PublicChatbotConfig,
  type StreamEvent,
  type SurveyConfig,
} from './index';
import {
  chatMessageSchema,
  type homeScreenConfigSchema,
  type promptAssistantRequestSchema,
  type promptAssistantResponseSchema,
  type publicChatbotConfigSchema,
  sessionIdSchema,
  storedHomeScreenConfigSchema,
  type streamEventSchema,
  surveyConfigSchema,
} from './schemas';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Every module the plain entry loads, following relative imports. */
function plainEntryGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const visit = (file: string) => {
    if (graph.has(file)) return;
    const imports = [...readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)[^'"]*?from\s+'([^']+)'/gm)].map((m) => m[1]);
    graph.set(file, imports);
    for (const spec of imports) if (spec.startsWith('.')) visit(path.join(path.dirname(file), `${spec}.ts`));
  };
  visit(path.join(here, 'index.ts'));
  return graph;
}

describe('the plain entry', () => {
  it('never loads zod or a schemas module, so the widget cannot carry a validation library', () => {
    const graph = plainEntryGraph();
    expect(graph.size).toBeGreaterThan(5);
    for (const [file, imports] of graph) {
      expect(imports, path.basename(file)).not.toContain('zod');
      expect(imports.filter((i) => i.endsWith('.schemas')), path.basename(file)).toEqual([]);
    }
  });
});

describe('plain types and schemas describe the same shapes', () => {
  it('in both directions', () => {
    expectTypeOf<z.output<typeof chatMessageSchema>>().toEqualTypeOf<ChatMessage>();
    expectTypeOf<z.output<typeof streamEventSchema>>().toEqualTypeOf<StreamEvent>();
    expectTypeOf<z.output<typeof publicChatbotConfigSchema>>().toEqualTypeOf<PublicChatbotConfig>();
    expectTypeOf<z.output<typeof homeScreenConfigSchema>>().toEqualTypeOf<HomeScreenConfig>();
    expectTypeOf<z.output<typeof surveyConfigSchema>>().toEqualTypeOf<SurveyConfig>();
    expectTypeOf<z.output<typeof promptAssistantRequestSchema>>().toEqualTypeOf<PromptAssistantRequest>();
    expectTypeOf<z.output<typeof promptAssistantResponseSchema>>().toEqualTypeOf<PromptAssistantResponse>();
  });
});

describe('schemas', () => {
  it('accept the ids the widget mints and refuse guessable ones', () => {
    expect(sessionIdSchema.safeParse(createSessionId()).success).toBe(true);
    expect(sessionIdSchema.safeParse(`session_${Date.now()}_${'a'.repeat(32)}`).success).toBe(false);
    expect(sessionIdSchema.safeParse(`session_${Date.now()}_0123456789abcdef0123`).success).toBe(false);
  });

  it('keep unknown message metadata and refuse an unknown message type', () => {
    const message = { id: 1, sessionId: 's', content: 'Hi', sender: 'bot', messageType: 'text', metadata: { sources: [{ title: 'Docs', url: 'https://x.test' }], custom: 7 }, createdAt: '2026-01-01T00:00:00Z' };
    expect(chatMessageSchema.parse(message).metadata).toEqual({ sources: [{ title: 'Docs', url: 'https://x.test' }], custom: 7 });
    expect(chatMessageSchema.safeParse({ ...message, messageType: 'html' }).success).toBe(false);
  });

  it('accept the starter home screen and refuse one nested past the bound', () => {
    expect(storedHomeScreenConfigSchema.parse(STARTER_HOME_SCREEN_CONFIG)).toEqual(STARTER_HOME_SCREEN_CONFIG);
    let deep: unknown = 'x';
    for (let i = 0; i < 12; i++) deep = { deep };
    const result = storedHomeScreenConfigSchema.safeParse({ components: [{ id: 'h', type: 'header', props: { deep } }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toMatch(/nested too deeply/);
  });

  it('fill a new survey with the defaults and keep choice questions answerable', () => {
    const survey = surveyConfigSchema.parse({ id: 'survey-1' });
    expect(survey).toEqual({ id: 'survey-1', questions: [], ...SURVEY_DEFAULTS, settings: { allowBackNavigation: true, showProgress: true, savePartialResponses: true } });
    const oneOption = surveyConfigSchema.safeParse({ id: 's', questions: [{ id: 'q1', text: 'Pick', type: 'single_choice', options: [{ id: 'a', text: 'A' }] }] });
    expect(oneOption.error?.issues.map((i) => i.message)).toEqual(['A choice question needs at least 2 options']);
    const rating = surveyConfigSchema.parse({ id: 's', questions: [{ id: 'q1', text: 'How was it?', type: 'rating' }] });
    expect(rating.questions[0]).toEqual({ id: 'q1', text: 'How was it?', type: 'rating', required: true });
  });
});
