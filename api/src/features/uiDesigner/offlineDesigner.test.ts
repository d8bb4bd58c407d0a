import { describe, expect, it } from 'vitest';
import { type HomeComponent, type HomeScreenConfig, type HomeTopic, STARTER_HOME_SCREEN_CONFIG, withThemeColors } from '@parley/contracts';
import { homeScreenConfigSchema } from '@parley/contracts/schemas';
import type { DesignerSurvey } from './matchSurvey';
import { offlineDesigner } from './offlineDesigner';

/** The bot's surveys unless a test says otherwise: one active, one draft. */
const SURVEYS: DesignerSurvey[] = [
  { id: 12, name: 'Customer satisfaction', status: 'active', title: 'How did we do?' },
  { id: 15, name: 'Product feedback', status: 'draft', title: 'Tell us about the product' },
];

function design(prompt: string, currentConfig: HomeScreenConfig | null = null, surveys: DesignerSurvey[] = SURVEYS) {
  const result = offlineDesigner({ prompt, currentConfig, botName: 'Harbor Help', surveys });
  // Orders follow the list, ids are unique and the explanation is one short paragraph.
  expect(result.config.components.map((c) => c.order)).toEqual(result.config.components.map((_, i) => i));
  const topicIds = result.config.components.flatMap((c) => (c.type === 'topic_grid' ? c.props.topics.map((t) => t.id) : []));
  expect(new Set(topicIds).size).toBe(topicIds.length);
  expect(result.explanation).toMatch(/^I .*\.{1,3}$/);
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
    expect(design('start survey 15 (id abc)').actions[0]).toMatchObject({ actionType: 'survey', surveyId: 15, title: 'Product feedback' });
  });

  it('finds the survey by the words of its name and never invents one', () => {
    const { actions, explanation } = design('a button for our feedback survey');
    expect(actions).toEqual([expect.objectContaining({ actionType: 'survey', surveyId: 15, title: 'Product feedback' })]);
    expect(explanation).toContain('a "Product feedback" button that starts survey 15');
    const none = design('a button for our loyalty survey');
    expect([...none.actions, ...none.topics].some((t) => t.actionType === 'survey')).toBe(false);
    expect(none.explanation).toContain(
      `I found no survey called "loyalty", so I left out a survey button; this bot's surveys are "Customer satisfaction" (id 12) and "Product feedback" (id 15).`,
    );
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

describe('offlineDesigner: what reviewers asked for', () => {
  const current = () => design("a support center with billing, technical support and sales categories, titled 'Acme Help'").config;

  it('reads a bare "with A, B and C" list and "tabs" as categories', () => {
    const center = design('support center with Billing, Technical Support and Sales, each with 2 topics, outlined, blue');
    expect(center.categories.map((c) => c.label)).toEqual(['Billing', 'Technical Support', 'Sales']);
    for (const c of center.categories) expect(center.topics.filter((t) => t.category === c.id)).toHaveLength(2);
    expect(center.grid?.props.style?.itemStyle).toBe('outlined');
    const desk = design('Create a help desk with Account, Payments and Delivery tabs');
    expect(desk.categories.map((c) => c.label)).toEqual(['Account', 'Payments', 'Delivery']);
    expect(desk.explanation).toMatch(/Account, Payments and Delivery/);
    expect(design('a page with Orders and Returns sections').categories.map((c) => c.id)).toEqual(['orders', 'returns']);
  });

  it('says so when named things go unused', () => {
    const { categories, explanation } = design('categories: Orders and Returns. Also with Gift Cards and Loyalty');
    expect(categories.map((c) => c.label)).toEqual(['Orders', 'Returns']);
    expect(explanation).toMatch(/could not use "Gift Cards" and "Loyalty"/);
  });

  it('reads "another titled" after a topic as a second topic, not the header', () => {
    const { topics, header } = design('Add a topic titled "Where is my order?" and another titled "Cancel subscription"');
    expect(titles(topics)).toEqual(['Where is my order?', 'Cancel subscription']);
    expect(header?.props.title).toBe('Welcome');
  });

  it('keeps & and / inside names, reads Unicode and single letters', () => {
    const { categories } = design('categories: Billing & Payments, Tech/IT, Über Support');
    expect(categories).toEqual([
      { id: 'billing-payments', label: 'Billing & Payments' },
      { id: 'tech-it', label: 'Tech/IT' },
      { id: 'uber-support', label: 'Über Support' },
    ]);
    expect(design('categories: a, b, c').categories.map((c) => c.label)).toEqual(['A', 'B', 'C']);
  });

  it('reads "75 percent", "40 pct" and "10 per cent" transparency', () => {
    expect(design('background image https://x.test/a.jpg with 75 percent transparency').config.theme?.backgroundImageTransparency).toBe(75);
    expect(design('overlay 40 pct').config.theme?.backgroundImageTransparency).toBe(40);
    expect(design('10 per cent transparency').config.theme?.backgroundImageTransparency).toBe(10);
  });

  it('reports a survey id that is not one of the bot\'s surveys instead of inserting it', () => {
    for (const [prompt, id] of [
      ['a "Give feedback" button that starts survey abc-123', 'abc-123'],
      ["start survey 'nps'", 'nps'],
      ['start survey 0', '0'],
      ['a topic that starts survey 99', '99'],
    ]) {
      const { actions, topics, explanation } = design(prompt!);
      expect([...actions, ...topics].some((t) => t.actionType === 'survey'), prompt).toBe(false);
      expect(explanation).toContain(`There is no survey ${id} on this bot`);
      expect(explanation).toContain(`this bot's surveys are "Customer satisfaction" (id 12) and "Product feedback" (id 15).`);
    }
    expect(design('a "Give feedback" button that starts survey abc-123').explanation).toContain('so I left out "Give feedback";');
    // A quoted word that is no id may still be the survey's name.
    expect(design("a button for survey 'satisfaction'").actions[0]).toMatchObject({ surveyId: 12, title: 'Customer satisfaction' });
  });

  it('counts topics after the limit and says the limit was hit', () => {
    for (const prompt of ['57 topics', '100 topics']) {
      const { topics, explanation } = design(prompt);
      expect(topics).toHaveLength(50);
      expect(explanation).toMatch(/with 50 topics/);
      expect(explanation).toMatch(/at most 50 topics/);
      expect(explanation).not.toMatch(/57|100/);
    }
    const spread = design('five categories with 20 topics each');
    expect(spread.topics).toHaveLength(50);
    for (const c of spread.categories) expect(spread.topics.filter((t) => t.category === c.id)).toHaveLength(10);
    expect(spread.explanation).toMatch(/with 50 topics.*at most 50 topics/);
  });

  it('converts rgb() and hsl() colours and reports ones it cannot read', () => {
    expect(design('primary color rgb(255,0,0)').config.theme?.primaryColor).toBe('#ff0000');
    expect(design('background hsl(120, 100%, 25%)').config.theme?.backgroundColor).toBe('#008000');
    expect(design('primary color rgb(300, 0, 0)').explanation).toMatch(/did not understand the colour "rgb\(300, 0, 0\)"/);
  });

  it('leaves out links that are not http(s) and says so', () => {
    for (const url of ['ftp://files.example.com/x', 'javascript:alert(1)']) {
      const { actions, explanation } = design(`a link to ${url}`);
      expect(actions).toEqual([]);
      expect(explanation).toContain('Links must start with http:// or https://');
    }
  });

  it('reads "font size N for titles" and snaps it', () => {
    const { grid, explanation } = design('font size 15 for titles');
    expect(grid?.props.style?.titleFontSize).toBe(16);
    expect(explanation).toMatch(/16px instead of 15px/);
    expect(design('font size 14 for descriptions').grid?.props.style?.descriptionFontSize).toBe(14);
  });

  it('puts a topic in the category named and makes the category', () => {
    const { categories, topics } = design('a topic called "Track order" in the Shipping category');
    expect(categories).toEqual([{ id: 'shipping', label: 'Shipping' }]);
    expect(topics).toEqual([expect.objectContaining({ title: 'Track order', category: 'shipping' })]);
    const into = design('add a topic "Refund status" to the Billing category', current());
    expect(into.topics.find((t) => t.title === 'Refund status')?.category).toBe('billing');
    expect(into.categories).toHaveLength(3);
  });

  it('renames a category, a topic or the header without the word "category"', () => {
    const renamed = design('rename Billing to Payments', current());
    expect(renamed.categories[0]).toEqual({ id: 'payments', label: 'Payments' });
    expect(renamed.topics.filter((t) => t.category === 'payments')).toHaveLength(3);
    expect(renamed.topics.some((t) => t.category === 'billing')).toBe(false);
    expect(renamed.explanation).toMatch(/Billing category renamed to Payments/);
    expect(titles(design("rename 'Login issues' to 'Sign-in help'", current()).topics)).toContain('Sign-in help');
    expect(design('rename Acme Help to Harbor Desk', current()).header?.props.title).toBe('Harbor Desk');
    expect(design('rename Nothing to Something', current()).explanation).toMatch(/no category, topic or header called "Nothing"/);
  });

  it('removes a category or a topic by its name', () => {
    const removed = design('remove Technical Support', current());
    expect(removed.categories.map((c) => c.id)).toEqual(['billing', 'sales']);
    expect(removed.topics.some((t) => t.category === 'technical-support')).toBe(false);
    expect(titles(design('delete Login issues', current()).topics)).not.toContain('Login issues');
    expect(design('remove Gardening', current()).explanation).toMatch(/no category or topic "Gardening" to remove/);
  });

  it('names a new subtitle in the explanation, not the header that stayed', () => {
    const { header, explanation } = design('change header subtitle to "Ask us anything"', current());
    expect(header?.props).toMatchObject({ title: 'Acme Help', subtitle: 'Ask us anything' });
    expect(explanation).toMatch(/the subtitle "Ask us anything"/);
    expect(explanation).not.toMatch(/header "/);
  });

  it('uses the vocabulary only for whole names: Pre-sales and After-sales get their own topics', () => {
    const { topics } = design('two categories: Pre-sales and After-sales');
    const pre = titles(topics.filter((t) => t.category === 'pre-sales'));
    const after = titles(topics.filter((t) => t.category === 'after-sales'));
    expect(pre.length).toBeGreaterThan(0);
    expect(pre.every((t) => /pre-sales/i.test(t))).toBe(true);
    expect(after.every((t) => /after-sales/i.test(t))).toBe(true);
  });
});

describe('offlineDesigner: any prompt', () => {
  const words =
    'a the with and , . ; : ! ? " \' categories tabs sections topics topic category add remove rename to titled called named another each 0 1 3 12 57 100 999 -5 px % percent survey link https://x.test/a ftp://y javascript:x header subtitle footer search outlined filled red #ff0000 #12 rgb(1,2,3) hsl(400,5%,5%) dark light transparency overlay font size titles descriptions Billing Über & / Tech/IT Sales Pre-sales 日本 😀 start chat button in the Shipping category'.split(
      ' ',
    );
  /** A small seeded generator, so a failure can be reproduced from the prompt in its message. */
  function* prompts(count: number) {
    let seed = 42;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let i = 0; i < count; i++) {
      const length = 1 + (next() % 25);
      yield Array.from({ length }, () => words[next() % words.length]).join(next() % 3 ? ' ' : '');
    }
  }

  it('never fails on 200 odd prompts, new or modifying', () => {
    const base = design('a support center with billing, technical support and sales categories').config;
    for (const prompt of [...prompts(200), '', '   ', '"', "''", 'x'.repeat(4000), `categories: ${'Name, '.repeat(40)}`]) {
      for (const currentConfig of [null, base]) {
        let result: ReturnType<typeof offlineDesigner> | undefined;
        expect(() => (result = offlineDesigner({ prompt, currentConfig, botName: 'Harbor Help', surveys: SURVEYS })), prompt).not.toThrow();
        expect(homeScreenConfigSchema.safeParse(result?.config).error, prompt).toBeUndefined();
      }
    }
  });
});

describe('offlineDesigner: whole-page themes and the topics the owner names', () => {
  const themeLine = (words: string) => withThemeColors(words, { primaryColor: '#2563eb', backgroundColor: '#ffffff', textColor: '#1f2937' });

  it('turns "dark themed" into a dark page with light text over the Theme tab colours, and keeps named topics about themselves', () => {
    const { config, topics, footer, explanation } = design(
      themeLine('A dark themed help page for a bike shop with topics: Repairs, Rentals, Opening hours. Add a search box and a footer saying "Call us on 555-0100"'),
    );
    expect(config.theme).toMatchObject({ backgroundColor: '#111827', textColor: '#f9fafb', primaryColor: '#2563eb' });
    expect(explanation).toMatch(/dark theme/);
    expect(titles(topics)).toEqual(['Repairs', 'Rentals', 'Opening hours']);
    const repairs = topics[0]!;
    expect(`${repairs.description} ${repairs.message}`).toMatch(/repair/i);
    expect(`${repairs.description} ${repairs.message}`).not.toMatch(/warrant/i);
    expect(topics[1]!.message).toMatch(/rental/i);
    expect(topics[2]!.message).toMatch(/opening hours/i);
    expect(config.settings?.enableSearch).toBe(true);
    expect(footer?.props.text).toBe('Call us on 555-0100');
  });

  it.each(['dark theme', 'dark mode', 'dark-mode', 'night mode', 'a dark design'])('reads "%s" as a dark page', (words) => {
    const { config, explanation } = design(themeLine(`A help page in ${words} please`));
    expect(config.theme).toMatchObject({ backgroundColor: '#111827', textColor: '#f9fafb' });
    expect(explanation).toMatch(/dark theme/);
  });

  it('swaps a dark design to a light theme on "swap to a light theme"', () => {
    const dark = design(themeLine('night mode')).config;
    const { config, explanation } = design('swap to a light theme', dark);
    expect(config.theme).toMatchObject({ backgroundColor: '#ffffff', textColor: '#1f2937' });
    expect(explanation).toMatch(/light theme/);
  });

  it('never gives a named topic another topic’s text, on every way of naming it', () => {
    for (const prompt of ["Add a topic called 'Repairs'", 'add a topic Repairs', 'topics for Shipping, Returns and Warranty', 'a bike shop with 3 topics: Repairs, Rentals']) {
      for (const t of design(prompt).topics.filter((t) => t.title !== 'Get Help')) {
        const word = t.title.toLowerCase().replace(/s$/, '').split(' ')[0]!;
        expect(`${t.description} ${t.message}`.toLowerCase()).toContain(word);
      }
    }
    // A vocabulary topic with the same words still lends its real question.
    expect(design('topics: Track order, Reset password').topics.map((t) => t.message)).toEqual(['Where is my order?', 'How do I reset my password?']);
  });

  it('keeps the names after a count: "3 topics: Repairs, Rentals" holds both names plus one more', () => {
    const { topics, explanation } = design('a bike shop with 3 topics: Repairs, Rentals');
    expect(topics).toHaveLength(3);
    expect(titles(topics).slice(0, 2)).toEqual(['Repairs', 'Rentals']);
    expect(explanation).toMatch(/3 topics including "Repairs" and "Rentals"/);
  });

  it('gives "a FAQ category with 3 topics" three topics in that tab and keeps the other tabs whole', () => {
    const before = design('categories: Reservations, Menu').config;
    const { categories, topics } = design('add a FAQ category with 3 topics', before);
    expect(categories.map((c) => c.label)).toEqual(['Reservations', 'Menu', 'FAQ']);
    expect(topics.filter((t) => t.category === 'faq')).toHaveLength(3);
    expect(topics.filter((t) => t.category === 'reservations')).toHaveLength(3);
    expect(topics.filter((t) => t.category === 'menu')).toHaveLength(3);
    const two = design('a FAQ category with 2 topics and a Billing category with 3 topics');
    expect(two.categories.map((c) => c.label)).toEqual(['FAQ', 'Billing']);
    expect(two.topics.filter((t) => t.category === 'faq')).toHaveLength(2);
    expect(two.topics.filter((t) => t.category === 'billing')).toHaveLength(3);
  });

  it('styles every topic for "change the Delivery topics to outlined", makes no topic of the words, and says so', () => {
    const before = design('categories: Delivery, Menu').config;
    const { grid, topics, explanation } = design('change the Delivery topics to outlined', before);
    expect(grid?.props.style?.itemStyle).toBe('outlined');
    expect(titles(topics).some((t) => /change/i.test(t))).toBe(false);
    expect(topics).toHaveLength(6);
    expect(explanation).toMatch(/outlined/);
    expect(explanation).toMatch(/every topic.*Delivery/);
  });

  it('fills a count with topics that fit the business, and icons match whole words', () => {
    expect(titles(design('A school help desk with 4 topics for parents').topics)).toEqual(['Get Help', 'Opening hours', 'Contact us', 'About us']);
    expect(titles(design('6 topics for my online shop').topics)).toContain('Track my order');
    expect(design("A gym: topics 'Membership prices', 'Cancel membership'").topics.map((t) => t.icon)).not.toContain('🚚');
  });
});

describe('offlineDesigner: sizes named by topic', () => {
  it('makes "the Billing topics bigger" one step up for all topics and says it is not only Billing', () => {
    const before = design('categories: Billing, Sales').config;
    const { grid, explanation } = design('make the Billing topics bigger', before);
    expect(grid?.props.style).toMatchObject({ titleFontSize: 18, descriptionFontSize: 16 });
    expect(explanation).toMatch(/18px titles.*every topic.*Billing/);
  });
});

describe('offlineDesigner: labels, colours and topics the fourth review asked about', () => {
  const velo = 'A help center for Velo Bike Shop with categories Repairs, Rentals and Orders. Topics: Book a repair, Rental prices, Track my order, Return a bike. Use dark green as the main colour, white background and black text.';
  const visit = 'Home screen titled "Welcome to Velo" with a topic "Rate your last visit" that starts our customer survey, and a link "Book online" to https://velo.example.com/book';

  it('names a link by its quoted label and makes no message topic of the label', () => {
    const { actions, topics, explanation } = design(visit);
    expect(actions).toEqual([expect.objectContaining({ title: 'Book online', actionType: 'link', url: 'https://velo.example.com/book' })]);
    expect(titles(topics)).not.toContain('Book online');
    expect(titles([...topics, ...actions])).not.toContain('Book');
    expect(explanation).toContain('"Book online" link to https://velo.example.com/book');
    const footer = design('a footer with a link "Privacy policy" to https://x.test/privacy').footer;
    expect(footer?.props.links).toEqual([{ text: 'Privacy policy', url: 'https://x.test/privacy' }]);
  });

  it('says which named colours had no place in the theme', () => {
    const { config, explanation } = design('A hotel concierge: categories Rooms, Dining, Spa; navy blue and gold; 50% transparency; a footer saying Powered by Grand Hotel');
    expect(config.theme?.primaryColor).toBe('#1e3a8a');
    expect(explanation).toMatch(/did not use "gold"/);
    expect(design('a blue and white theme').explanation).not.toMatch(/did not use/);
  });

  it('puts named topics into the tab they belong to instead of repeating them', () => {
    const { topics, categories, explanation } = design(velo);
    expect(categories.map((c) => c.label)).toEqual(['Repairs', 'Rentals', 'Orders']);
    const lower = titles(topics).map((t) => t.toLowerCase());
    expect(new Set(lower).size).toBe(lower.length);
    const categoryOf = (title: string) => topics.find((t) => t.title === title)?.category;
    expect([categoryOf('Book a repair'), categoryOf('Rental prices'), categoryOf('Track my order')]).toEqual(['repairs', 'rentals', 'orders']);
    expect(categoryOf('Return a bike')).toBeUndefined();
    for (const c of categories) expect(topics.filter((t) => t.category === c.id).length).toBeGreaterThanOrEqual(2);
    expect(explanation).toMatch(/Repairs, Rentals and Orders with \d+ topics \(including "Book a repair", "Rental prices" and "Track my order"\)/);
    // Adding a topic the tabs already hold does not repeat it either.
    const added = design('add a topic "Track my order"', design(velo).config);
    expect(added.topics.filter((t) => t.title.toLowerCase() === 'track my order')).toHaveLength(1);
  });

  it("keeps the owner's casing of topic titles and only capitalises the first letter", () => {
    expect(titles(design(velo).topics)).toEqual(expect.arrayContaining(['Book a repair', 'Rental prices', 'Track my order', 'Return a bike']));
    expect(titles(design('topics: installation, API keys, webhooks').topics)).toEqual(['Installation', 'API keys', 'Webhooks']);
    expect(design('categories: billing, technical support').categories.map((c) => c.label)).toEqual(['Billing', 'Technical Support']);
  });

  it('makes the labelled topic start the survey its words name, and leaves it out when no survey fits', () => {
    const { topics, explanation } = design(visit);
    expect(topics.filter((t) => t.title === 'Rate your last visit')).toEqual([expect.objectContaining({ actionType: 'survey', surveyId: 12 })]);
    expect(JSON.stringify(topics)).not.toMatch(/about rate/i);
    expect(explanation).toContain('a "Rate your last visit" topic that starts survey 12');
    const withId = design('a topic "Rate your last visit" that starts survey 12');
    expect(withId.topics.filter((t) => t.title === 'Rate your last visit')).toEqual([expect.objectContaining({ actionType: 'survey', surveyId: 12 })]);
    const noSurveys = design(visit, null, []);
    expect(titles([...noSurveys.topics, ...noSurveys.actions]).join()).not.toMatch(/rate your last visit/i);
    expect(noSurveys.explanation).toContain('I left out "Rate your last visit" because this bot has no surveys yet: create one on the Surveys page first.');
  });

  it('writes messages and descriptions that read as English for verb, noun and question titles', () => {
    const { topics } = design('topics: Rate your last visit, Order history, API keys');
    const by = (title: string) => topics.find((t) => t.title === title)!;
    expect(by('Rate your last visit')).toMatchObject({ message: 'How do I rate my last visit?', description: "We'll guide you step by step" });
    expect(by('Order history')).toMatchObject({ message: 'Can you tell me about order history?', description: 'Everything about order history' });
    expect(by('API keys')).toMatchObject({ message: 'Can you tell me about API keys?', description: 'Everything about API keys' });
    expect(design('a topic called "Where is my bike?"').topics[0]).toMatchObject({ message: 'Where is my bike?', description: 'Get an answer to this question' });
  });
});

describe('offlineDesigner: survey buttons for the bot\'s own surveys', () => {
  const survey = (id: number, name: string, status: DesignerSurvey['status'] = 'active', title = name): DesignerSurvey => ({ id, name, status, title });
  const surveyItems = (d: ReturnType<typeof design>) => [...d.topics, ...d.actions].filter((t) => t.actionType === 'survey');

  it('names the survey by the words of its name; the title is the survey\'s name', () => {
    const d = design('a topic that starts our customer satisfaction survey');
    expect(d.topics.filter((t) => t.actionType === 'survey')).toEqual([
      { id: 'survey-12', title: 'Customer satisfaction', description: 'Tell us what you think', icon: '📝', actionType: 'survey', surveyId: 12 },
    ]);
    expect(d.explanation).toContain('a "Customer satisfaction" topic that starts survey 12');
    expect(d.explanation).not.toMatch(/draft|tell me/);
  });

  it('uses the owner\'s quoted label, and says a draft survey cannot be started until it is activated', () => {
    const d = design('add a "Give feedback" button for the feedback survey');
    expect(d.actions).toEqual([expect.objectContaining({ title: 'Give feedback', actionType: 'survey', surveyId: 15 })]);
    expect(titles(d.topics)).not.toContain('Give feedback');
    expect(d.explanation).toContain('The "Product feedback" survey is still a draft, so visitors cannot start it until you activate it on the Surveys page.');
    const archived = design('a quick action for the feedback survey', null, [survey(4, 'Feedback', 'archived')]);
    expect(archived.actions[0]).toMatchObject({ surveyId: 4, title: 'Feedback' });
    expect(archived.explanation).toContain('The "Feedback" survey is archived, so visitors cannot start it until you activate it on the Surveys page.');
  });

  it('matches words of the survey\'s title too, and the journey\'s prompt', () => {
    expect(design('a topic for the "how did we do" survey').topics.find((t) => t.actionType === 'survey')).toMatchObject({ surveyId: 12, title: 'how did we do' });
    const surveys = [survey(3, 'Visit feedback'), survey(8, 'Newsletter', 'draft')];
    const d = design('a support home with a topic "Rate your visit" that starts the Visit feedback survey', null, surveys);
    expect(d.topics.filter((t) => t.title === 'Rate your visit')).toEqual([expect.objectContaining({ actionType: 'survey', surveyId: 3 })]);
  });

  it('takes "the survey" as the only active survey, or asks which one, naming them with ids', () => {
    expect(surveyItems(design('a quick action to take the survey'))).toEqual([expect.objectContaining({ surveyId: 12, title: 'Customer satisfaction' })]);
    expect(surveyItems(design('a quick action to take the survey', null, [survey(7, 'Onboarding', 'draft')]))[0]).toMatchObject({ surveyId: 7 });
    const two = [survey(1, 'Customer satisfaction'), survey(2, 'Delivery feedback'), survey(5, 'Old one', 'archived')];
    const asked = design('a quick action to take the survey', null, two);
    expect(surveyItems(asked)).toEqual([]);
    expect(asked.explanation).toContain('To add a survey button, tell me which survey it starts: "Customer satisfaction" (id 1) or "Delivery feedback" (id 2).');
    // The button's label tells the two apart.
    expect(surveyItems(design('a "Give feedback" button for our survey', null, two))).toEqual([expect.objectContaining({ surveyId: 2, title: 'Give feedback' })]);
    const tie = design('a topic for the feedback survey', null, [survey(1, 'Delivery feedback'), survey(2, 'Product feedback')]);
    expect(surveyItems(tie)).toEqual([]);
    expect(tie.explanation).toContain('tell me which survey it starts: "Delivery feedback" (id 1) or "Product feedback" (id 2)');
  });

  it('prefers the survey named exactly, then an active one, when several share the words', () => {
    const surveys = [survey(1, 'Product feedback'), survey(2, 'Feedback', 'draft')];
    expect(surveyItems(design('a button for the feedback survey', null, surveys))[0]).toMatchObject({ surveyId: 2 });
    expect(surveyItems(design('a button for the product survey', null, surveys))[0]).toMatchObject({ surveyId: 1 });
  });

  it('lets an explicit id win over the words', () => {
    expect(surveyItems(design('a button for the customer satisfaction survey 15'))).toEqual([expect.objectContaining({ surveyId: 15, title: 'Product feedback' })]);
  });

  it('makes a quoted label holding "survey" a survey button', () => {
    expect(design('a "Take our survey" button').actions).toEqual([expect.objectContaining({ actionType: 'survey', surveyId: 12, title: 'Take our survey' })]);
  });

  it('adds a button for each survey named, and one button for a survey named twice', () => {
    const d = design('a topic for the customer satisfaction survey and a quick action for the feedback survey');
    expect(d.topics.filter((t) => t.actionType === 'survey').map((t) => t.surveyId)).toEqual([12]);
    expect(d.actions.map((t) => t.surveyId)).toEqual([15]);
    expect(design('a button for the satisfaction survey; the satisfaction survey is important').actions).toHaveLength(1);
    // "the survey" after a named one is that one again, not a second button.
    expect(surveyItems(design('a button that starts survey 15. Put the survey first.'))).toEqual([expect.objectContaining({ surveyId: 15 })]);
  });

  it('finds a survey still called "New Survey" by its whole name, and asks which when several are', () => {
    const drafts = [survey(2, 'Feedback'), survey(5, 'New Survey', 'draft'), survey(6, 'New Survey', 'draft'), survey(7, 'New Survey', 'draft')];
    const asked = design('a topic "Go" that starts the New Survey survey', null, drafts);
    expect(surveyItems(asked)).toEqual([]);
    expect(asked.explanation).toBe(
      'I made the starter home screen: a "Welcome" header and one "Get Help" topic. To add "Go", tell me which survey it starts: "New Survey" (id 5), "New Survey" (id 6) or "New Survey" (id 7).',
    );
    const one = drafts.slice(0, 2);
    for (const prompt of ['a topic "Go" that starts the New Survey survey', 'a topic "Go" that starts New Survey']) {
      const d = design(prompt, null, one);
      expect(surveyItems(d), prompt).toEqual([expect.objectContaining({ id: 'survey-5', title: 'Go', surveyId: 5 })]);
      expect(d.explanation, prompt).toContain('I made a home screen with a "Go" topic that starts survey 5. The "New Survey" survey is still a draft');
    }
    expect(surveyItems(design('a button for the New Survey survey', null, one))).toEqual([expect.objectContaining({ title: 'New Survey', surveyId: 5 })]);
  });

  it('never adds two buttons for one survey asked for once with a label and once without', () => {
    const d = design('a topic "Rate us" for the satisfaction survey, then a topic for the satisfaction survey');
    expect(surveyItems(d)).toEqual([expect.objectContaining({ title: 'Rate us', surveyId: 12 })]);
    // Different labels are different buttons the owner asked for.
    expect(surveyItems(design('a topic "Rate us" for the satisfaction survey and a topic "Score us" for the satisfaction survey')).map((t) => t.title)).toEqual(['Rate us', 'Score us']);
  });

  it('adds the survey topic to the current design and keeps the rest', () => {
    const current = design('topics: Opening hours, Prices').config;
    const d = design('add a topic "Rate us" that starts our satisfaction survey', current);
    expect(titles(d.topics)).toEqual(['Opening hours', 'Prices', 'Rate us']);
    expect(d.topics[2]).toMatchObject({ actionType: 'survey', surveyId: 12 });
  });

  it('adds no survey button when asked for none', () => {
    for (const prompt of ['a help center with no survey', 'remove the feedback survey']) expect(surveyItems(design(prompt)), prompt).toEqual([]);
  });
});
