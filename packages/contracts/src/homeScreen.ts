/**
 * The widget's home screen as the owner designs it and the widget draws it: plain types and
 * the defaults the UI designer starts from. The zod schema is in `homeScreen.schemas.ts`.
 * Unknown component types and fields pass through untouched: the widget skips what it does not
 * know, so a newer designer never breaks an older widget.
 */

/** Component types the widget draws; any other type is skipped. */
export const homeComponentTypes = ['header', 'category_tabs', 'topic_grid', 'quick_actions', 'footer'] as const;
export type HomeComponentType = (typeof homeComponentTypes)[number];

/** A topic or quick action of the home screen; what happens on click depends on its fields. */
export interface HomeTopic {
  id: string;
  title: string;
  description?: string;
  icon?: string;
  message?: string;
  actionType?: string;
  surveyId?: string | number;
  action?: string;
  category?: string;
  [key: string]: unknown;
}

/** Style props shared by home components. */
export interface HomeStyle {
  transparentBackground?: boolean;
  itemStyle?: 'filled' | 'outlined' | (string & {});
  titleFontSize?: number | string;
  descriptionFontSize?: number | string;
}

export interface HomeComponent {
  id: string;
  /** One of `homeComponentTypes`, or a type this widget version skips. */
  type: string;
  order?: number;
  visible?: boolean;
  /** title, subtitle, style, categories, topics, actions, ... depending on the type. */
  props: Record<string, unknown>;
  [key: string]: unknown;
}

export interface HomeTheme {
  primaryColor?: string;
  backgroundColor?: string;
  textColor?: string;
  backgroundImageUrl?: string | null;
  /** 0–100: how much the background image shows through. */
  backgroundImageTransparency?: number;
  [key: string]: unknown;
}

export interface HomeSettings {
  enableSearch?: boolean;
  enableCategories?: boolean;
  defaultCategory?: string;
  [key: string]: unknown;
}

export interface HomeScreenConfig {
  version?: string | number;
  components: HomeComponent[];
  theme?: HomeTheme;
  settings?: HomeSettings;
  [key: string]: unknown;
}

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
