import { type HomeScreenConfig, STARTER_HOME_SCREEN_CONFIG } from '@parley/contracts';
import { homeScreenConfigSchema } from '@parley/contracts/schemas';
import { describe, expect, it } from 'vitest';
import { applyDesign, DEFAULT_THEME_DESIGN, designOf, normalizeHex, type ThemeDesign } from './themeDesign';

const custom: ThemeDesign = {
  primaryColor: '#ff5500',
  backgroundColor: '#101010',
  textColor: '#fafafa',
  itemStyle: 'outlined',
  titleFontSize: 20,
  descriptionFontSize: 12,
  backgroundImageUrl: '/uploads/background-1.png',
  transparentHeader: true,
  backgroundImageTransparency: 65,
};

/** Two grids, quick actions, a footer, category tabs and settings: everything applyDesign must keep. */
const busy: HomeScreenConfig = {
  version: 1,
  components: [
    { id: 'hero', type: 'header', order: 0, visible: true, props: { title: 'Hi', subtitle: 'Sub', style: { titleFontSize: 18 } } },
    { id: 'tabs', type: 'category_tabs', props: { categories: ['billing', { id: 'tech', label: 'Tech' }] } },
    {
      id: 'grid-a',
      type: 'topic_grid',
      props: { title: 'Popular', topics: [{ id: 't1', title: 'Docs', actionType: 'link', url: 'https://example.com/docs' }], style: { itemStyle: 'filled', titleFontSize: 14 } },
    },
    { id: 'grid-b', type: 'topic_grid', props: { topics: [{ id: 't2', title: 'Survey', actionType: 'survey', surveyId: 3 }] } },
    { id: 'quick', type: 'quick_actions', props: { actions: [{ id: 'a1', title: 'Talk to us', actionType: 'start_chat' }] } },
    { id: 'foot', type: 'footer', props: { text: 'Bye', links: [{ text: 'Privacy', url: 'https://example.com/privacy' }] } },
  ],
  theme: { primaryColor: '#123', backgroundImageUrl: null },
  settings: { enableSearch: true, enableCategories: true, defaultCategory: 'billing' },
};

describe('designOf', () => {
  it('gives the designer defaults for no config or an empty one', () => {
    expect(DEFAULT_THEME_DESIGN).toEqual({
      primaryColor: '#2563eb',
      backgroundColor: '#ffffff',
      textColor: '#1f2937',
      itemStyle: 'filled',
      titleFontSize: 16,
      descriptionFontSize: 14,
      backgroundImageUrl: '',
      transparentHeader: false,
      backgroundImageTransparency: 20,
    });
    expect(designOf(null)).toEqual(DEFAULT_THEME_DESIGN);
    expect(designOf({ components: [] })).toEqual(DEFAULT_THEME_DESIGN);
    expect(designOf(STARTER_HOME_SCREEN_CONFIG)).toEqual(DEFAULT_THEME_DESIGN);
  });

  it('reads the theme, the first grid style and the header, expanding short hex', () => {
    const design = designOf({
      ...busy,
      components: busy.components.map((c) => (c.type === 'header' ? { ...c, props: { ...c.props, style: { transparentBackground: true } } } : c)),
      theme: { primaryColor: '#ABC', textColor: '#00FF00', backgroundImageUrl: 'https://cdn.example.com/bg.jpg', backgroundImageTransparency: 0 },
    });
    expect(design).toEqual({
      ...DEFAULT_THEME_DESIGN,
      primaryColor: '#aabbcc',
      textColor: '#00ff00',
      itemStyle: 'filled',
      titleFontSize: 14,
      backgroundImageUrl: 'https://cdn.example.com/bg.jpg',
      transparentHeader: true,
      backgroundImageTransparency: 0,
    });
  });

  it('falls back to quick actions when there is no topic grid, and ignores a transparent header without an image', () => {
    const config: HomeScreenConfig = {
      components: [
        { id: 'h', type: 'header', props: { style: { transparentBackground: true } } },
        { id: 'q', type: 'quick_actions', props: { actions: [], style: { itemStyle: 'outlined', descriptionFontSize: 18 } } },
      ],
    };
    expect(designOf(config)).toEqual({ ...DEFAULT_THEME_DESIGN, itemStyle: 'outlined', descriptionFontSize: 18 });
  });
});

describe('applyDesign', () => {
  it('round-trips: the design read back from the applied config is the design', () => {
    for (const config of [STARTER_HOME_SCREEN_CONFIG, busy]) {
      expect(designOf(applyDesign(config, custom))).toEqual(custom);
      expect(designOf(applyDesign(config, DEFAULT_THEME_DESIGN))).toEqual(DEFAULT_THEME_DESIGN);
    }
  });

  it('keeps a valid config valid and keeps every other field', () => {
    for (const config of [STARTER_HOME_SCREEN_CONFIG, busy]) {
      expect(homeScreenConfigSchema.safeParse(config).success).toBe(true);
      for (const design of [custom, DEFAULT_THEME_DESIGN, { ...custom, backgroundImageUrl: '' }]) {
        const applied = applyDesign(config, design);
        expect(homeScreenConfigSchema.safeParse(applied).error).toBeUndefined();
        expect(applied.settings).toEqual(config.settings);
        expect(applied.version).toEqual(config.version);
        expect(applied.components.map((c) => [c.id, c.type, c.order, c.visible])).toEqual(config.components.map((c) => [c.id, c.type, c.order, c.visible]));
      }
    }
    const applied = applyDesign(busy, custom);
    expect(applied.components[0]).toEqual({
      id: 'hero',
      type: 'header',
      order: 0,
      visible: true,
      props: { title: 'Hi', subtitle: 'Sub', style: { titleFontSize: 18, transparentBackground: true } },
    });
    expect(applied.components[1]).toBe(busy.components[1]);
    expect(applied.components[5]).toBe(busy.components[5]);
    expect(applied.theme).toEqual({
      primaryColor: '#ff5500',
      backgroundColor: '#101010',
      textColor: '#fafafa',
      backgroundImageUrl: '/uploads/background-1.png',
      backgroundImageTransparency: 65,
    });
  });

  it('applies the item style and font sizes to every topic grid and quick actions', () => {
    const applied = applyDesign(busy, custom);
    const styles = applied.components.flatMap((c) => (c.type === 'topic_grid' || c.type === 'quick_actions' ? [c.props.style] : []));
    expect(styles).toEqual([
      { itemStyle: 'outlined', titleFontSize: 20, descriptionFontSize: 12 },
      { itemStyle: 'outlined', titleFontSize: 20, descriptionFontSize: 12 },
      { itemStyle: 'outlined', titleFontSize: 20, descriptionFontSize: 12 },
    ]);
    const grid = applied.components.find((c) => c.id === 'grid-a');
    expect(grid?.type === 'topic_grid' && grid.props.topics).toEqual([{ id: 't1', title: 'Docs', actionType: 'link', url: 'https://example.com/docs' }]);
  });

  it('stores no image as null and drops the transparent header with it', () => {
    const applied = applyDesign(busy, { ...custom, backgroundImageUrl: '', transparentHeader: true });
    expect(applied.theme?.backgroundImageUrl).toBeNull();
    const header = applied.components.find((c) => c.type === 'header');
    expect(header?.props.style?.transparentBackground).toBe(false);
    expect(designOf(applied).transparentHeader).toBe(false);
  });

  it('never writes a value the schema refuses: bad input keeps what the config had', () => {
    const bad = {
      ...custom,
      primaryColor: 'red',
      titleFontSize: 15,
      backgroundImageUrl: 'javascript:alert(1)',
      backgroundImageTransparency: 140,
    };
    const applied = applyDesign(busy, bad);
    expect(homeScreenConfigSchema.safeParse(applied).success).toBe(true);
    expect(applied.theme).toMatchObject({ primaryColor: '#112233', backgroundImageUrl: null, backgroundImageTransparency: 100 });
    expect(designOf(applied).titleFontSize).toBe(14);
  });

  it('does not change the config it was given', () => {
    const before = structuredClone(busy);
    applyDesign(busy, custom);
    expect(busy).toEqual(before);
  });
});

describe('normalizeHex', () => {
  it('takes #rgb and #rrggbb in any case and refuses the rest', () => {
    expect(normalizeHex('#ABC')).toBe('#aabbcc');
    expect(normalizeHex(' #2563EB ')).toBe('#2563eb');
    for (const bad of ['2563eb', '#2563e', '#ggg', 'blue', '', null, undefined]) expect(normalizeHex(bad)).toBeNull();
  });
});
