import { DESCRIPTION_FONT_SIZES, HEX_COLOR_PATTERN, HOME_DESIGN_DEFAULTS, HOME_ITEM_STYLES, type HomeComponent, type HomeScreenConfig, type HomeStyle, TITLE_FONT_SIZES } from '@parley/contracts';
import { homeThemeSchema } from '@parley/contracts/schemas';

/** What the Theme tab edits: the theme plus the item style and header transparency spread over the components. */
export type ThemeDesign = {
  /** Colours as #rrggbb (lower case), the form `<input type="color">` needs. */
  primaryColor: string;
  backgroundColor: string;
  textColor: string;
  itemStyle: NonNullable<HomeStyle['itemStyle']>;
  titleFontSize: number;
  descriptionFontSize: number;
  /** '' = no background image. */
  backgroundImageUrl: string;
  transparentHeader: boolean;
  /** 0-100: how much of the background colour covers the image. */
  backgroundImageTransparency: number;
};

export const DEFAULT_THEME_DESIGN: ThemeDesign = {
  primaryColor: HOME_DESIGN_DEFAULTS.primaryColor,
  backgroundColor: HOME_DESIGN_DEFAULTS.backgroundColor,
  textColor: HOME_DESIGN_DEFAULTS.textColor,
  itemStyle: HOME_DESIGN_DEFAULTS.itemStyle,
  titleFontSize: HOME_DESIGN_DEFAULTS.titleFontSize,
  descriptionFontSize: HOME_DESIGN_DEFAULTS.descriptionFontSize,
  backgroundImageUrl: '',
  transparentHeader: false,
  backgroundImageTransparency: HOME_DESIGN_DEFAULTS.backgroundImageTransparency,
};

/**
 * The design a config shows: theme colours/image/transparency, the first topic_grid's (else
 * quick_actions') style, the header's transparentBackground. Missing or unusable → defaults.
 */
export function designOf(config: HomeScreenConfig | null): ThemeDesign {
  if (!config) return DEFAULT_THEME_DESIGN;
  const theme = config.theme ?? {};
  const components = config.components ?? [];
  const style = itemStyleOf(components);
  const backgroundImageUrl = validImageUrl(theme.backgroundImageUrl);
  const header = components.find((c) => c.type === 'header');
  return {
    primaryColor: normalizeHex(theme.primaryColor) ?? DEFAULT_THEME_DESIGN.primaryColor,
    backgroundColor: normalizeHex(theme.backgroundColor) ?? DEFAULT_THEME_DESIGN.backgroundColor,
    textColor: normalizeHex(theme.textColor) ?? DEFAULT_THEME_DESIGN.textColor,
    itemStyle: oneOf(HOME_ITEM_STYLES, style?.itemStyle) ?? DEFAULT_THEME_DESIGN.itemStyle,
    titleFontSize: oneOf(TITLE_FONT_SIZES, style?.titleFontSize) ?? DEFAULT_THEME_DESIGN.titleFontSize,
    descriptionFontSize: oneOf(DESCRIPTION_FONT_SIZES, style?.descriptionFontSize) ?? DEFAULT_THEME_DESIGN.descriptionFontSize,
    backgroundImageUrl,
    transparentHeader: Boolean(backgroundImageUrl && header?.props?.style?.transparentBackground === true),
    backgroundImageTransparency: percent(theme.backgroundImageTransparency) ?? DEFAULT_THEME_DESIGN.backgroundImageTransparency,
  };
}

/**
 * `config` with `design` applied: theme (backgroundImageUrl null when ''), itemStyle + font
 * sizes on every topic_grid and quick_actions style, header style.transparentBackground (false
 * when no image). Pure; never drops other fields. A value the schema would refuse (a bad hex,
 * a size off the list) falls back to the config's own or the default, so a valid config stays valid.
 */
export function applyDesign(config: HomeScreenConfig, design: ThemeDesign): HomeScreenConfig {
  const current = designOf(config);
  const imageUrl = validImageUrl(design.backgroundImageUrl);
  const itemStyle: HomeStyle = {
    itemStyle: oneOf(HOME_ITEM_STYLES, design.itemStyle) ?? current.itemStyle,
    titleFontSize: oneOf(TITLE_FONT_SIZES, design.titleFontSize) ?? current.titleFontSize,
    descriptionFontSize: oneOf(DESCRIPTION_FONT_SIZES, design.descriptionFontSize) ?? current.descriptionFontSize,
  };
  const transparentBackground = Boolean(imageUrl && design.transparentHeader);
  return {
    ...config,
    components: (config.components ?? []).map((component) => withStyle(component, itemStyle, transparentBackground)),
    theme: {
      ...config.theme,
      primaryColor: normalizeHex(design.primaryColor) ?? current.primaryColor,
      backgroundColor: normalizeHex(design.backgroundColor) ?? current.backgroundColor,
      textColor: normalizeHex(design.textColor) ?? current.textColor,
      backgroundImageUrl: imageUrl || null,
      backgroundImageTransparency: percent(design.backgroundImageTransparency) ?? current.backgroundImageTransparency,
    },
  };
}

/** A hex colour as #rrggbb in lower case (#abc → #aabbcc); null when it is not one. */
export function normalizeHex(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  if (!HEX_COLOR_PATTERN.test(text)) return null;
  const hex = text.slice(1).toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((d) => d + d).join('') : hex}`;
}

/** The style the design reads: the first topic grid's, else the first quick actions'. */
function itemStyleOf(components: HomeComponent[]): HomeStyle | undefined {
  const grid = components.find((c) => c.type === 'topic_grid') ?? components.find((c) => c.type === 'quick_actions');
  return grid?.props?.style;
}

function withStyle(component: HomeComponent, itemStyle: HomeStyle, transparentBackground: boolean): HomeComponent {
  // Props may be absent in a config that never went through the schema (its defaults fill them in).
  switch (component.type) {
    case 'topic_grid':
      return { ...component, props: { ...component.props, style: { ...component.props?.style, ...itemStyle } } };
    case 'quick_actions':
      return { ...component, props: { ...component.props, style: { ...component.props?.style, ...itemStyle } } };
    case 'header':
      return { ...component, props: { ...component.props, style: { ...component.props?.style, transparentBackground } } };
    default:
      return component;
  }
}

/** The URL when the home screen schema accepts it as a background, else ''. */
function validImageUrl(value: string | null | undefined): string {
  const url = (value ?? '').trim();
  return url && homeThemeSchema.shape.backgroundImageUrl.safeParse(url).success ? url : '';
}

function oneOf<T extends string | number>(allowed: readonly T[], value: unknown): T | undefined {
  return allowed.find((a) => a === value);
}

function percent(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : undefined;
}
