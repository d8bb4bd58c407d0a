/**
 * The widget's home screen as the owner designs it and the widget draws it: the constants the
 * UI designer and the widget share and the config types (inferred from the zod schema in
 * `homeScreen.schemas.ts`; re-exported here as types only, so this entry stays free of zod).
 */
import { HEX_COLOR_PATTERN } from './colors';
import type { HomeScreenConfig } from './homeScreen.schemas';

export type {
  HomeComponent,
  HomeScreenConfig,
  HomeSettings,
  HomeStyle,
  HomeTheme,
  HomeTopic,
  UiDesignerRequest,
  UiDesignerResponse,
} from './homeScreen.schemas';

/** Component types the widget draws; the schema refuses any other, the widget skips it. */
export const homeComponentTypes = ['header', 'category_tabs', 'topic_grid', 'quick_actions', 'footer'] as const;
export type HomeComponentType = (typeof homeComponentTypes)[number];

/** What clicking a topic does; without one it sends the topic's message (or its title). */
export const HOME_ACTION_TYPES = ['message', 'start_chat', 'survey', 'link'] as const;
export type HomeActionType = (typeof HOME_ACTION_TYPES)[number];

export const HOME_ITEM_STYLES = ['filled', 'outlined'] as const;
/** The designer's font sizes, in px. */
export const TITLE_FONT_SIZES = [12, 14, 16, 18, 20, 24] as const;
export const DESCRIPTION_FONT_SIZES = [10, 12, 14, 16, 18] as const;

/** How many of each a home screen may hold, and how long its texts may be: enough for any real support centre. */
export const HOME_SCREEN_LIMITS = {
  components: 30,
  topics: 50,
  headerTopics: 12,
  actions: 10,
  categories: 20,
  footerLinks: 10,
  /** Characters. */
  title: 120,
  subtitle: 300,
  description: 300,
  message: 1000,
  category: 60,
  footerText: 500,
  linkText: 80,
} as const;

/** The longest designer prompt (the owner's words plus the Theme colors line), in characters. */
export const DESIGNER_PROMPT_MAX = 4000;

/** A stored home screen may nest at most this deep and weigh at most this much as JSON. */
export const HOME_SCREEN_MAX_DEPTH = 12;
export const HOME_SCREEN_MAX_BYTES = 64 * 1024;

/** The designer's defaults, which Reset to Default restores. */
export const HOME_DESIGN_DEFAULTS = {
  primaryColor: '#2563eb',
  backgroundColor: '#ffffff',
  textColor: '#1f2937',
  itemStyle: 'filled',
  titleFontSize: 16,
  descriptionFontSize: 14,
  backgroundImageTransparency: 20,
} as const;

/**
 * The configuration a new design starts from: a header titled "Welcome" with the subtitle
 * "How can we help you today?" and one topic, "Get Help", in the default theme.
 */
export const STARTER_HOME_SCREEN_CONFIG: HomeScreenConfig = {
  version: 1,
  components: [
    { id: 'header', type: 'header', order: 0, visible: true, props: { title: 'Welcome', subtitle: 'How can we help you today?' } },
    {
      id: 'topics',
      type: 'topic_grid',
      order: 1,
      visible: true,
      props: {
        topics: [{ id: 'get-help', title: 'Get Help', description: 'Ask us anything', icon: '💬', actionType: 'message', message: 'Hi! How can I help you today?' }],
        style: {
          itemStyle: HOME_DESIGN_DEFAULTS.itemStyle,
          titleFontSize: HOME_DESIGN_DEFAULTS.titleFontSize,
          descriptionFontSize: HOME_DESIGN_DEFAULTS.descriptionFontSize,
        },
      },
    },
  ],
  theme: {
    primaryColor: HOME_DESIGN_DEFAULTS.primaryColor,
    backgroundColor: HOME_DESIGN_DEFAULTS.backgroundColor,
    textColor: HOME_DESIGN_DEFAULTS.textColor,
    backgroundImageUrl: null,
    backgroundImageTransparency: HOME_DESIGN_DEFAULTS.backgroundImageTransparency,
  },
  settings: { enableSearch: false, enableCategories: false },
};

export type ThemeColors = { primaryColor: string; backgroundColor: string; textColor: string };

/** HEX_COLOR_PATTERN without its anchors. */
const HEX = HEX_COLOR_PATTERN.source.slice(1, -1);
const THEME_LINE = new RegExp(`\\n*Theme colors: primary (${HEX}), background (${HEX}), text (${HEX})\\.\\s*$`, 'i');

/**
 * The designer's prompt as sent: the owner's words, then the Theme tab's colours on a last line
 * ("Theme colors: primary #2563eb, background #ffffff, text #1f2937."), so the designer builds
 * in those colours unless the words ask for others.
 */
export function withThemeColors(words: string, colors: ThemeColors): string {
  return `${words.trim()}\n\nTheme colors: primary ${colors.primaryColor}, background ${colors.backgroundColor}, text ${colors.textColor}.`;
}

/** A designer prompt split back into the owner's words and the Theme tab's colours, if sent. */
export function splitThemeColors(prompt: string): { words: string; colors: ThemeColors | null } {
  const m = THEME_LINE.exec(prompt);
  if (!m) return { words: prompt.trim(), colors: null };
  return { words: prompt.slice(0, m.index).trim(), colors: { primaryColor: m[1]!, backgroundColor: m[2]!, textColor: m[3]! } };
}
