import { describe, expect, it } from 'vitest';
import { type HomeComponent, type HomeScreenConfig, type HomeTopic, STARTER_HOME_SCREEN_CONFIG, withThemeColors } from '@parley/contracts';
import { homeScreenConfigSchema } from '@parley/contracts/schemas';
import { offlineDesigner } from './offlineDesigner';

function design(prompt: string, currentConfig: HomeScreenConfig | null = null) {
  const result = offlineDesigner({ prompt, currentConfig, botName: 'Harbor Help' });
  // Every answer must be a config the API would store as it is.
  expect(homeScreenConfigSchema.safeParse(result.config).success).toBe(true);
  expect(result.explanation.length).toBeLessThanOrEqual(600);
  expect(result.explanation).not.toMatch(/\n|^\s*[-*•]/m);
  return { ...result, ...parts(result.config) };
}

function parts(config: HomeScreenConfig) {
  const of = <T extends HomeComponent['type']>(type: T) => config.components.filter((c): c is Extract<HomeComponent, { type: T }> => c.type === type);
  const tabs = of('category_tabs')[0];
  const grid = of('topic_grid')[0];
  return {
    header: of('header')[0],
    tabs,
    categories: (tabs?.props.categories ?? []).map((c) => (typeof c === 'string' ? { id: c, label: c } : c)),
    grid,
    topics: grid?.props.topics ?? [],
    actions: of('quick_actions')[0]?.props.actions ?? [],
    footer: of('footer')[0],
    types: config.components.map((c) => c.type),
  };
}

const titles = (topics: HomeTopic[]) => topics.map((t) => t.title);

describe('offlineDesigner: new designs', () => {
  it('builds the journey prompt into Billing, Technical Support and Sales tabs with topics under each', () => {
    const { categories, topics, types, config, explanation } = design('a support center with billing, technical support and sales categories');
    expect(categories).toEqual([
      { id: 'billing', label: 'Billing' },
      { id: 'technical-support', label: 'Technical Support' },
      { id: 'sales', label: 'Sales' },
    ]);
    for (const id of ['billing', 'technical-support', 'sales']) {
      const mine = topics.filter((t) => t.category === id);
      expect(mine.length).toBeGreaterThanOrEqual(2);
      expect(mine.length).toBeLessThanOrEqual(3);
      for (const t of mine) expect(t.message).toMatch(/\?|\.$/);
    }
    expect(types).toEqual(['header', 'category_tabs', 'topic_grid']);
    expect(config.components.map((c) => c.order)).toEqual([0, 1, 2]);
    expect(config.settings?.enableCategories).toBe(true);
    expect(explanation).toMatch(/^I made .*Billing, Technical Support and Sales/);
  });

  it('reads "categories: A, B, C", a hex primary colour, outlined items and a 20px title', () => {
    const { categories, config, grid } = design('Categories: Orders, Shipping, Returns. Primary #ff6600, outlined items, title 20px.');
    expect(categories.map((c) => c.label)).toEqual(['Orders', 'Shipping', 'Returns']);
    expect(config.theme?.primaryColor).toBe('#ff6600');
    expect(grid?.props.style).toMatchObject({ itemStyle: 'outlined', titleFontSize: 20 });
  });

  it('makes exactly the number of categories asked for, in words or digits, with topics for each', () => {
    expect(design('a shop home screen with three categories').categories.map((c) => c.label)).toEqual(['Orders', 'Shipping', 'Returns']);
    const { categories, topics } = design('5 categories with 2 topics each');
    expect(categories).toHaveLength(5);
    for (const c of categories) expect(topics.filter((t) => t.category === c.id)).toHaveLength(2);
  });

  it('reads "each with 3 topics" as a count per category', () => {
    const { categories, topics } = design('an online store help page with 4 categories, each with 3 topics');
    expect(categories.map((c) => c.label)).toEqual(['Orders', 'Shipping', 'Returns', 'Payments']);
    for (const c of categories) expect(topics.filter((t) => t.category === c.id)).toHaveLength(3);
  });

  it('reads "a blue and white theme" as a blue primary on a white background', () => {
    expect(design('a blue and white theme, no search').config.theme).toMatchObject({ primaryColor: '#2563eb', backgroundColor: '#ffffff' });
  });

  it('spreads "6 topics" exactly over the categories', () => {
    const { categories, topics } = design('categories for Refunds and Gardening, 6 topics');
    expect(categories.map((c) => c.id)).toEqual(['refunds', 'gardening']);
    expect(topics).toHaveLength(6);
    expect(topics.filter((t) => t.category === 'gardening')).toHaveLength(3);
    // An unknown category still gets topics that name it.
    expect(topics.find((t) => t.category === 'gardening')?.message).toMatch(/gardening/i);
  });

  it('makes topics with the titles named and realistic questions', () => {
    const { topics, tabs } = design('topics for Shipping, Returns and Warranty');
    expect(titles(topics)).toEqual(['Shipping', 'Returns', 'Warranty']);
    expect(tabs).toBeUndefined();
    for (const t of topics) expect(t).toMatchObject({ actionType: 'message', message: expect.stringMatching(/\?$/), icon: expect.any(String) });
  });

  it('honours a topic count and a quoted topic title together', () => {
    const { topics } = design("4 topics, one of them a topic called 'Reset my password'");
    expect(topics).toHaveLength(4);
    expect(topics[0]).toMatchObject({ title: 'Reset my password', message: 'How do I reset my password?' });
    expect(new Set(topics.map((t) => t.id)).size).toBe(4);
  });

  it('reads colours by name and by role: purple buttons, dark background, white text', () => {
    const { config } = design('purple buttons, a dark background and white text');
    expect(config.theme).toMatchObject({ primaryColor: '#9333ea', backgroundColor: '#111827', textColor: '#ffffff' });
    const green = design('a green theme').config.theme;
    expect(green?.primaryColor).toBe('#16a34a');
  });

  it('gives a dark background light text so it stays readable', () => {
    const { config } = design('dark background please');
    expect(config.theme?.backgroundColor).toBe('#111827');
    expect(config.theme?.textColor).toBe('#f9fafb');
  });

  it('starts from the Theme tab colours and lets the words override them', () => {
    const plain = design(withThemeColors('a simple help page', { primaryColor: '#112233', backgroundColor: '#fafafa', textColor: '#222222' }));
    expect(plain.config.theme).toMatchObject({ primaryColor: '#112233', backgroundColor: '#fafafa', textColor: '#222222' });
    const red = design(withThemeColors('make it red', { primaryColor: '#112233', backgroundColor: '#fafafa', textColor: '#222222' }));
    expect(red.config.theme).toMatchObject({ primaryColor: '#dc2626', backgroundColor: '#fafafa', textColor: '#222222' });
  });

  it('names a colour it cannot read in the explanation', () => {
    const { config, explanation } = design('use a neon swirl colour for the buttons');
    expect(explanation).toContain('neon swirl');
    expect(config.theme?.primaryColor).toBe('#2563eb');
  });

  it('names what a home screen cannot hold in the explanation', () => {
    const { explanation } = design('a carousel of product videos and a map of our stores');
    expect(explanation).toMatch(/carousels/);
    expect(explanation).toMatch(/videos/);
    expect(explanation).toMatch(/maps/);
  });

  it('snaps font sizes to the allowed steps and says so; "small descriptions" is 12px', () => {
    const { grid, explanation } = design('title 17px and small descriptions');
    expect(grid?.props.style).toMatchObject({ titleFontSize: 18, descriptionFontSize: 12 });
    expect(explanation).toMatch(/18px instead of 17px/);
    expect(design('large titles').grid?.props.style?.titleFontSize).toBe(20);
  });

  it('sets a background image, transparency and a transparent header', () => {
    const { config, header } = design('background image https://img.example.com/harbor.jpg with 30% transparency and a transparent header');
    expect(config.theme).toMatchObject({ backgroundImageUrl: 'https://img.example.com/harbor.jpg', backgroundImageTransparency: 30 });
    expect(header?.props.style?.transparentBackground).toBe(true);
    expect(design('overlay 140%').config.theme?.backgroundImageTransparency).toBe(100);
  });

  it('explains that a transparent header needs a background image', () => {
    const { header, explanation } = design('a transparent header');
    expect(header?.props.style?.transparentBackground).toBeUndefined();
    expect(explanation).toMatch(/transparent header needs a background image/i);
  });

  it('adds survey, link and start chat buttons as quick actions', () => {
    const { actions, types } = design('a button to start survey 12, a link to our docs at https://docs.example.com and a start chat button');
    expect(actions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ actionType: 'survey', surveyId: 12 }),
        expect.objectContaining({ actionType: 'link', url: 'https://docs.example.com', title: 'Docs' }),
        expect.objectContaining({ actionType: 'start_chat' }),
      ]),
    );
    expect(types).toEqual(['header', 'quick_actions', 'topic_grid']);
    expect(design('start the feedback survey (id abc)').actions[0]).toMatchObject({ actionType: 'survey', surveyId: 'abc', title: 'Feedback Survey' });
  });

  it('asks for the survey id instead of inventing one', () => {
    const { actions, topics, explanation } = design('a button for our feedback survey');
    expect([...actions, ...topics].some((t) => t.actionType === 'survey')).toBe(false);
    expect(explanation).toMatch(/feedback survey.*survey id/);
  });

  it('sets the header, search box and a footer with text and a link', () => {
    const { header, footer, config, types } = design("a help center titled 'Acme Help' with subtitle 'Ask away', a search box, a footer saying 'Open 9-5' and a footer link to https://x.test/privacy");
    expect(header?.props).toMatchObject({ title: 'Acme Help', subtitle: 'Ask away' });
    expect(config.settings?.enableSearch).toBe(true);
    expect(footer?.props).toMatchObject({ text: 'Open 9-5', links: [{ text: 'Privacy', url: 'https://x.test/privacy' }] });
    expect(types.at(-1)).toBe('footer');
  });

  it('keeps the starter header and topic when nothing about them is asked', () => {
    const { header, topics } = design('a green theme');
    expect(header?.props).toMatchObject({ title: 'Welcome', subtitle: 'How can we help you today?' });
    expect(titles(topics)).toEqual(['Get Help']);
  });
});

describe('offlineDesigner: changing a design', () => {
  const current = () =>
    design("a support center with billing, technical support and sales categories, titled 'Acme Help', a footer saying 'Open 9-5', a search box").config;

  it('"make it red" changes only the primary colour', () => {
    const before = current();
    const { config, explanation } = design('make it red', before);
    expect(config.theme?.primaryColor).toBe('#dc2626');
    expect({ ...config, theme: { ...config.theme, primaryColor: before.theme?.primaryColor } }).toEqual(before);
    expect(explanation).toMatch(/kept everything else/);
  });

  it('adds a category with topics and keeps the others and their topics', () => {
    const before = current();
    const { categories, topics } = design('add a Refunds category', before);
    expect(categories.map((c) => c.label)).toEqual(['Billing', 'Technical Support', 'Sales', 'Refunds']);
    expect(topics.filter((t) => t.category === 'billing')).toEqual(parts(before).topics.filter((t) => t.category === 'billing'));
    expect(topics.filter((t) => t.category === 'refunds').length).toBeGreaterThanOrEqual(2);
  });

  it('removes a category and its topics', () => {
    const { categories, topics } = design('remove the Sales category', current());
    expect(categories.map((c) => c.id)).toEqual(['billing', 'technical-support']);
    expect(topics.some((t) => t.category === 'sales')).toBe(false);
  });

  it('renames the header, uses outlined items and bigger titles', () => {
    const { header, grid, footer } = design('rename the header to Harbor Desk, use outlined items and bigger titles', current());
    expect(header?.props.title).toBe('Harbor Desk');
    expect(grid?.props.style).toMatchObject({ itemStyle: 'outlined', titleFontSize: 18 });
    expect(footer?.props.text).toBe('Open 9-5');
  });

  it('changes the primary colour by hex and adds a quoted topic', () => {
    const { config, topics } = design("change the primary colour to #123456 and add a topic 'Store hours'", STARTER_HOME_SCREEN_CONFIG);
    expect(config.theme?.primaryColor).toBe('#123456');
    expect(titles(topics)).toEqual(['Get Help', 'Store hours']);
  });

  it('removes the footer and the search box and hides the categories', () => {
    const { footer, tabs, config, topics } = design('remove the footer, no search and hide the categories', current());
    expect(footer).toBeUndefined();
    expect(tabs).toBeUndefined();
    expect(config.settings).toMatchObject({ enableSearch: false, enableCategories: false });
    expect(topics.length).toBeGreaterThan(0);
    expect(topics.every((t) => t.category === undefined)).toBe(true);
  });
});
