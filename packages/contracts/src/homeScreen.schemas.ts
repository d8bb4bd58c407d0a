/**
 * The home screen configuration as one zod schema, shared by the API (which refuses an invalid
 * config with field errors), the UI designer (which checks the JSON the owner edits) and the
 * public config the widget reads (where a component that fails it is dropped, so one bad
 * component never blanks the whole home screen). The plain types are inferred from it.
 */
import { z } from 'zod';
import { HEX_COLOR_PATTERN } from './colors';
import {
  DESIGNER_PROMPT_MAX,
  DESCRIPTION_FONT_SIZES,
  HOME_ACTION_TYPES,
  HOME_ITEM_STYLES,
  HOME_SCREEN_LIMITS,
  HOME_SCREEN_MAX_BYTES,
  HOME_SCREEN_MAX_DEPTH,
  homeComponentTypes,
  TITLE_FONT_SIZES,
} from './homeScreen';
import { boundedJson, cleanString } from './text.schemas';

const text = (label: string, max: number) => cleanString().trim().max(max, `${label} must be at most ${max} characters`);
const required = (label: string, max: number) => text(label, max).min(1, `${label} is required`);
const itemId = required('Id', 100);

/** Hex only: the Theme tab's colour pickers and the widget's contrast check both need it. */
const hexColor = (label: string) =>
  z
    .string()
    .trim()
    .regex(HEX_COLOR_PATTERN, `${label} must be a hex colour such as #2563eb`);

const isWebUrl = (value: string) => /^https?:\/\//i.test(value) && URL.canParse(value);
const webUrl = (label: string) => z.string().trim().max(2000).refine(isWebUrl, `${label} must be an http(s) URL`);
/** An uploaded background (`/uploads/...` on this server) or an image on the web. */
const imageUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || isWebUrl(v) || /^\/uploads\/[\w.-]+$/.test(v), 'Background image must be an http(s) URL or an uploaded image');

/** Font sizes from the designer's lists; "16px" is read as 16. */
const fontSize = (label: string, allowed: readonly number[]) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*(px)?\s*$/i.test(v) ? Number.parseInt(v, 10) : v),
    z.number(`${label} must be a number of pixels`).refine((n) => allowed.includes(n), `${label} must be one of ${allowed.join(', ')} (px)`),
  );

export const homeStyleSchema = z.object({
  itemStyle: z.enum(HOME_ITEM_STYLES, `Item style must be ${HOME_ITEM_STYLES.join(' or ')}`).optional(),
  titleFontSize: fontSize('Title font size', TITLE_FONT_SIZES).optional(),
  descriptionFontSize: fontSize('Description font size', DESCRIPTION_FONT_SIZES).optional(),
  transparentBackground: z.boolean().optional(),
});

/**
 * A topic or quick action. What a click does: `message` (default) sends `message`, else the
 * title; `start_chat` opens the chat; `survey` starts survey `surveyId`; `link` opens `url`.
 */
export const homeTopicSchema = z
  .object({
    id: itemId,
    title: required('Title', HOME_SCREEN_LIMITS.title),
    description: text('Description', HOME_SCREEN_LIMITS.description).optional(),
    icon: text('Icon', 40).optional(),
    actionType: z.enum(HOME_ACTION_TYPES, `Action type must be one of ${HOME_ACTION_TYPES.join(', ')}`).optional(),
    message: text('Message', HOME_SCREEN_LIMITS.message).optional(),
    surveyId: z.union([required('Survey id', 100), z.number().int().positive()]).optional(),
    url: webUrl('Link').optional(),
    category: text('Category', HOME_SCREEN_LIMITS.category).optional(),
  })
  .superRefine((topic, ctx) => {
    if (topic.actionType === 'survey' && topic.surveyId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['surveyId'], message: 'A survey topic needs a surveyId' });
    }
    if (topic.actionType === 'link' && !topic.url) ctx.addIssue({ code: 'custom', path: ['url'], message: 'A link topic needs a url' });
  });

const topics = (max: number) =>
  z
    .array(homeTopicSchema)
    .max(max, `At most ${max} items`)
    .superRefine((items, ctx) => uniqueItemIds(items, ctx, 'topic'));
const sectionTitle = text('Title', HOME_SCREEN_LIMITS.title).optional();
const categoryId = required('Category', HOME_SCREEN_LIMITS.category);

const base = {
  id: itemId,
  order: z.number().int().min(0).max(1000).optional(),
  visible: z.boolean().optional(),
};

const headerComponent = z.object({
  ...base,
  type: z.literal('header'),
  props: z
    .object({ title: sectionTitle, subtitle: text('Subtitle', HOME_SCREEN_LIMITS.subtitle).optional(), topics: topics(HOME_SCREEN_LIMITS.headerTopics).optional(), style: homeStyleSchema.optional() })
    .default({}),
});
const topicGridComponent = z.object({
  ...base,
  type: z.literal('topic_grid'),
  props: z
    .object({ title: sectionTitle, topics: topics(HOME_SCREEN_LIMITS.topics).default([]), style: homeStyleSchema.optional() })
    .default({ topics: [] }),
});
const categoryTabsComponent = z.object({
  ...base,
  type: z.literal('category_tabs'),
  props: z
    .object({
      title: sectionTitle,
      categories: z
        .array(z.union([categoryId, z.object({ id: categoryId, label: text('Label', HOME_SCREEN_LIMITS.category).optional() })]))
        .max(HOME_SCREEN_LIMITS.categories, `At most ${HOME_SCREEN_LIMITS.categories} categories`)
        .default([]),
      style: homeStyleSchema.optional(),
    })
    .default({ categories: [] }),
});
const quickActionsComponent = z.object({
  ...base,
  type: z.literal('quick_actions'),
  props: z
    .object({ title: sectionTitle, actions: topics(HOME_SCREEN_LIMITS.actions).default([]), style: homeStyleSchema.optional() })
    .default({ actions: [] }),
});
const footerComponent = z.object({
  ...base,
  type: z.literal('footer'),
  props: z
    .object({
      text: text('Footer text', HOME_SCREEN_LIMITS.footerText).optional(),
      links: z
        .array(z.object({ text: required('Link text', HOME_SCREEN_LIMITS.linkText), url: webUrl('Link') }))
        .max(HOME_SCREEN_LIMITS.footerLinks, `At most ${HOME_SCREEN_LIMITS.footerLinks} links`)
        .default([]),
    })
    .default({ links: [] }),
});

export const homeComponentSchema = z.discriminatedUnion(
  'type',
  [headerComponent, topicGridComponent, categoryTabsComponent, quickActionsComponent, footerComponent],
  { error: () => `Unknown component type: use one of ${homeComponentTypes.join(', ')}` },
);

export const homeThemeSchema = z.object({
  primaryColor: hexColor('Primary color').optional(),
  backgroundColor: hexColor('Background color').optional(),
  textColor: hexColor('Text color').optional(),
  backgroundImageUrl: imageUrl.nullable().optional(),
  backgroundImageTransparency: z
    .number('Transparency must be a number')
    .int('Transparency must be a whole number')
    .min(0, 'Transparency must be between 0 and 100')
    .max(100, 'Transparency must be between 0 and 100')
    .optional(),
});

export const homeSettingsSchema = z.object({
  enableSearch: z.boolean().optional(),
  enableCategories: z.boolean().optional(),
  defaultCategory: text('Default category', HOME_SCREEN_LIMITS.category).optional(),
});

export const homeScreenConfigSchema = z
  .object({
    version: z.union([z.number().int().min(1), text('Version', 20)]).optional(),
    components: z
      .array(homeComponentSchema)
      .max(HOME_SCREEN_LIMITS.components, `At most ${HOME_SCREEN_LIMITS.components} components`)
      .default([]),
    theme: homeThemeSchema.optional(),
    settings: homeSettingsSchema.optional(),
  })
  .superRefine((config, ctx) => {
    const seen = new Set<string>();
    config.components.forEach((component, i) => {
      if (seen.has(component.id)) ctx.addIssue({ code: 'custom', path: ['components', i, 'id'], message: `Duplicate component id "${component.id}"` });
      seen.add(component.id);
    });
  });

/** Items of one list are told apart by id (the widget keys them by it), so ids repeat at most across lists. */
function uniqueItemIds(items: { id: string }[] | undefined, ctx: z.RefinementCtx, label: string) {
  const seen = new Set<string>();
  items?.forEach((item, i) => {
    if (seen.has(item.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `Duplicate ${label} id "${item.id}"` });
    seen.add(item.id);
  });
}

/** A home screen as stored on a bot: valid, bounded in depth and size, or null for the default home. */
export const storedHomeScreenConfigSchema = boundedJson(homeScreenConfigSchema, {
  label: 'homeScreenConfig',
  maxDepth: HOME_SCREEN_MAX_DEPTH,
  maxBytes: HOME_SCREEN_MAX_BYTES,
}).nullable();

export type HomeStyle = z.infer<typeof homeStyleSchema>;
export type HomeTopic = z.infer<typeof homeTopicSchema>;
export type HomeComponent = z.infer<typeof homeComponentSchema>;
export type HomeTheme = z.infer<typeof homeThemeSchema>;
export type HomeSettings = z.infer<typeof homeSettingsSchema>;
export type HomeScreenConfig = z.infer<typeof homeScreenConfigSchema>;

/**
 * A stored config as the widget gets it: each component that fails the schema (a type this
 * version does not know, a broken field) is left out, as are a broken theme or settings;
 * anything that is not a config at all answers null (the default home).
 */
export function readHomeScreenConfig(raw: unknown): HomeScreenConfig | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const value = raw as Record<string, unknown>;
  const components = (Array.isArray(value.components) ? value.components : []).flatMap((c) => {
    const parsed = homeComponentSchema.safeParse(c);
    return parsed.success ? [parsed.data] : [];
  });
  const seen = new Set<string>();
  const config: HomeScreenConfig = { components: components.filter((c) => !seen.has(c.id) && seen.add(c.id)) };
  const version = z.union([z.number(), z.string()]).safeParse(value.version);
  if (version.success) config.version = version.data;
  const theme = homeThemeSchema.safeParse(value.theme);
  if (value.theme !== undefined && theme.success) config.theme = theme.data;
  const settings = homeSettingsSchema.safeParse(value.settings);
  if (value.settings !== undefined && settings.success) config.settings = settings.data;
  return config;
}

/** `POST /api/ui-designer/generate` and `/modify`: what the owner asked for and the design so far. */
export const uiDesignerRequestSchema = z.object({
  prompt: cleanString()
    .trim()
    .min(1, 'Describe the home screen you want')
    .max(DESIGNER_PROMPT_MAX, `The description must be at most ${DESIGNER_PROMPT_MAX} characters`),
  /** Bounded like a stored config: a design that could never be saved is refused before it is worked on. */
  currentConfig: boundedJson(homeScreenConfigSchema, { label: 'currentConfig', maxDepth: HOME_SCREEN_MAX_DEPTH, maxBytes: HOME_SCREEN_MAX_BYTES })
    .nullable()
    .optional(),
  /** The bot's guid (or its numeric id); it must be the signed-in owner's. */
  chatbotId: z.union([required('chatbotId', 100), z.number().int().positive()]),
});

export const uiDesignerResponseSchema = z.object({ config: homeScreenConfigSchema, explanation: z.string() });

export type UiDesignerRequest = z.infer<typeof uiDesignerRequestSchema>;
export type UiDesignerResponse = z.infer<typeof uiDesignerResponseSchema>;
