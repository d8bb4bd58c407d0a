import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  contrastRatio,
  createSessionId,
  HEX_COLOR_PATTERN,
  STARTER_HOME_SCREEN_CONFIG,
  splitThemeColors,
  SURVEY_DEFAULTS,
  withThemeColors,
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
  homeScreenConfigSchema,
  issueLine,
  type promptAssistantRequestSchema,
  type promptAssistantResponseSchema,
  type publicChatbotConfigSchema,
  readHomeScreenConfig,
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
    // Type-only imports and exports are erased from the JavaScript, so they load nothing.
    const imports = [...readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)(?!\s+type\b)[^'"]*?from\s+'([^']+)'/gm)].map((m) => m[1]);
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

  it('accept the starter home screen and refuse one larger than the bound', () => {
    expect(storedHomeScreenConfigSchema.parse(STARTER_HOME_SCREEN_CONFIG)).toEqual(STARTER_HOME_SCREEN_CONFIG);
    const topics = Array.from({ length: 50 }, (_, i) => ({ id: `t${i}`, title: `Topic ${i}`, message: 'x'.repeat(1000) }));
    const components = [0, 1].map((i) => ({ id: `grid-${i}`, type: 'topic_grid', props: { topics } }));
    const result = storedHomeScreenConfigSchema.safeParse({ components });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe('homeScreenConfig is too large (at most 64 KB)');
  });

  it('refuse an invalid home screen with a message and path per field', () => {
    const result = homeScreenConfigSchema.safeParse({
      components: [
        { id: 'a', type: 'carousel', props: {} },
        { id: 'b', type: 'topic_grid', props: { topics: [{ id: 'x', title: ' ', actionType: 'survey' }], style: { titleFontSize: '15px', itemStyle: 'dotted' } } },
        { id: 'b', type: 'footer', props: { links: [{ text: 'Docs', url: 'javascript:alert(1)' }] } },
      ],
      theme: { primaryColor: 'green', backgroundImageTransparency: 150, backgroundImageUrl: 'file:///etc/passwd' },
    });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['components.0.type', 'Unknown component type: use one of header, category_tabs, topic_grid, quick_actions, footer'],
      ['components.1.props.topics.0.title', 'Title is required'],
      ['components.1.props.topics.0.surveyId', 'A survey topic needs a surveyId'],
      ['components.1.props.style.itemStyle', 'Item style must be filled or outlined'],
      ['components.1.props.style.titleFontSize', 'Title font size must be one of 12, 14, 16, 18, 20, 24 (px)'],
      ['components.2.props.links.0.url', 'Link must be an http(s) URL'],
      ['theme.primaryColor', 'Primary color must be a hex colour such as #2563eb'],
      ['theme.backgroundImageUrl', 'Background image must be an http(s) URL or an uploaded image'],
      ['theme.backgroundImageTransparency', 'Transparency must be between 0 and 100'],
    ]);
    const duplicate = homeScreenConfigSchema.safeParse({ components: [{ id: 'h', type: 'header' }, { id: 'h', type: 'footer' }] });
    expect(duplicate.error?.issues.map((i) => i.message)).toEqual(['Duplicate component id "h"']);
    expect(homeScreenConfigSchema.parse({ components: [{ id: 'g', type: 'topic_grid', props: { style: { titleFontSize: '18px' } } }] }).components[0]).toEqual({
      id: 'g',
      type: 'topic_grid',
      props: { topics: [], style: { titleFontSize: 18 } },
    });
  });

  it('read a stored home screen for the widget, dropping what fails instead of the whole screen', () => {
    const read = readHomeScreenConfig({
      version: 1,
      components: [
        { id: 'x', type: 'carousel', props: {} },
        { id: 'h', type: 'header', visible: false, props: { title: 'Hi' } },
        { id: 'g', type: 'topic_grid', props: { topics: [{ id: 't', title: '' }] } },
        { id: 'f', type: 'footer', props: { text: 'Open 9-5' } },
      ],
      theme: { primaryColor: 'not a colour' },
      settings: { enableSearch: true },
    });
    expect(read).toEqual({
      version: 1,
      components: [
        { id: 'h', type: 'header', visible: false, props: { title: 'Hi' } },
        { id: 'f', type: 'footer', props: { text: 'Open 9-5', links: [] } },
      ],
      settings: { enableSearch: true },
    });
    expect(readHomeScreenConfig(null)).toBeNull();
    expect(readHomeScreenConfig([1, 2])).toBeNull();
  });

  it('carry the Theme tab colours on the prompt and split them off again', () => {
    const prompt = withThemeColors('  A green help centre ', { primaryColor: '#16a34a', backgroundColor: '#ffffff', textColor: '#111827' });
    expect(prompt).toBe('A green help centre\n\nTheme colors: primary #16a34a, background #ffffff, text #111827.');
    expect(splitThemeColors(prompt)).toEqual({ words: 'A green help centre', colors: { primaryColor: '#16a34a', backgroundColor: '#ffffff', textColor: '#111827' } });
    expect(splitThemeColors('Just words')).toEqual({ words: 'Just words', colors: null });
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

describe('home screen rules', () => {
  it('refuse repeated topic ids within a list and say where', () => {
    const topic = { id: 'a', title: 'A' };
    const result = homeScreenConfigSchema.safeParse({ components: [{ id: 'g', type: 'topic_grid', props: { topics: [topic, { ...topic, title: 'B' }] } }] });
    expect(result.error?.issues.map(issueLine)).toEqual(['components.0.props.topics.1.id: Duplicate topic id "a"']);
  });

  it('read only 3- and 6-digit hex colours on the Theme colors line', () => {
    expect(splitThemeColors('Hi\n\nTheme colors: primary #abcd, background #ffffff, text #000.').colors).toBeNull();
    expect(splitThemeColors('Hi\n\nTheme colors: primary #ABCDEF, background #fff, text #000.').colors).toEqual({
      primaryColor: '#ABCDEF',
      backgroundColor: '#fff',
      textColor: '#000',
    });
  });

  it('measure contrast the WCAG way', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', 'rgb(255, 255, 255)')).toBeCloseTo(1, 5);
    expect(contrastRatio('#2563eb', '#ffffff')).toBeGreaterThan(4.5);
    expect(contrastRatio('tomato', '#fff')).toBeNull();
    expect(HEX_COLOR_PATTERN.test('#12345')).toBe(false);
  });
});
