import { describe, expect, it } from 'vitest';
import type { HomeComponent, HomeScreenConfig, HomeTopic } from '@parley/contracts';
import { backgroundOpacity, homeLayout } from './homeLayout';

const topics: HomeTopic[] = [
  { id: 'b1', title: 'Invoices', description: 'Download a PDF', category: 'billing' },
  { id: 'b2', title: 'Refunds', description: 'Money back', category: 'billing' },
  { id: 's1', title: 'Install', description: 'Set up the widget', category: 'technical' },
];
const grid = (id: string, order: number, items: HomeTopic[] = topics): HomeComponent => ({ id, type: 'topic_grid', order, props: { topics: items } });
const header: HomeComponent = { id: 'head', type: 'header', order: 0, props: { title: 'Hi' } };
const footer: HomeComponent = { id: 'foot', type: 'footer', order: 9, props: { text: 'Powered by Parley', links: [] } };
const actions: HomeComponent = { id: 'qa', type: 'quick_actions', order: 5, props: { actions: [{ id: 'go', title: 'Talk to billing', actionType: 'start_chat' }] } };

const ids = (home: HomeScreenConfig, view = { category: 'all', query: '' }) => homeLayout(home, view).components.map((c) => c.component.id);
const shown = (home: HomeScreenConfig, view: { category: string; query: string }) =>
  homeLayout(home, view).components.flatMap((c) => (c.items ? [[c.component.id, c.items.map((i) => i.id)]] : []));

describe('homeLayout', () => {
  it('keeps visible components of known types sorted by order, ties in listed order', () => {
    const home = {
      components: [
        footer,
        grid('g2', 3),
        { id: 'carousel', type: 'carousel', order: 1, props: {} },
        { ...grid('hidden', 1), visible: false },
        grid('g1', 3),
        header,
      ],
    } as unknown as HomeScreenConfig;
    expect(ids(home)).toEqual(['head', 'g2', 'g1', 'foot']);
    expect(ids({ components: [] })).toEqual([]);
  });

  it('filters only the grids below the category tabs by the chosen category', () => {
    const home: HomeScreenConfig = { components: [grid('above', 0), { id: 'tabs', type: 'category_tabs', order: 1, props: { categories: ['billing'] } }, grid('below', 2)] };
    expect(shown(home, { category: 'billing', query: '' })).toEqual([
      ['above', ['b1', 'b2', 's1']],
      ['below', ['b1', 'b2']],
    ]);
    expect(homeLayout(home, { category: 'billing', query: '' }).components.map((c) => c.items && c.byCategory)).toEqual([false, undefined, true]);
    expect(shown(home, { category: 'all', query: '' })[1]).toEqual(['below', ['b1', 'b2', 's1']]);
  });

  it('derives tabs from the topics’ categories above the first grid when categories are enabled without tabs', () => {
    const home: HomeScreenConfig = { components: [header, grid('g', 1), footer], settings: { enableCategories: true } };
    const layout = homeLayout(home, { category: 'technical', query: '' });
    expect(layout.components.map((c) => c.component.type)).toEqual(['header', 'category_tabs', 'topic_grid', 'footer']);
    expect(layout.components[1]!.component.props).toEqual({ categories: ['billing', 'technical'] });
    expect(layout.components[2]!.items?.map((i) => i.id)).toEqual(['s1']);
    // Not when disabled, when tabs exist, or when no topic has a category.
    expect(ids({ components: [grid('g', 0)] })).toEqual(['g']);
    expect(ids({ components: [grid('g', 0, [{ id: 'x', title: 'No category' }])], settings: { enableCategories: true } })).toEqual(['g']);
  });

  it('searches topics and quick actions by title, description or category when search is enabled', () => {
    const home: HomeScreenConfig = { components: [header, grid('g', 1), actions, footer], settings: { enableSearch: true } };
    const view = (query: string) => homeLayout(home, { category: 'all', query });
    expect(shown(home, { category: 'all', query: 'BILLING' })).toEqual([
      ['g', ['b1', 'b2']],
      ['qa', ['go']],
    ]);
    expect(shown(home, { category: 'all', query: 'widget' })).toEqual([
      ['g', ['s1']],
      ['qa', []],
    ]);
    expect([view('   ').searching, view('   ').noMatch]).toEqual([false, false]);
    expect([view('kettle').searching, view('kettle').noMatch]).toEqual([true, true]);
    // Without search enabled, a query filters nothing.
    expect(shown({ components: [grid('g', 0)] }, { category: 'all', query: 'zzz' })).toEqual([['g', ['b1', 'b2', 's1']]]);
  });

  it('puts the search box under a leading header, else at the top, and nowhere without search', () => {
    const on = { enableSearch: true };
    expect(homeLayout({ components: [header, grid('g', 1)], settings: on }, { category: 'all', query: '' }).searchAt).toBe(1);
    expect(homeLayout({ components: [grid('g', 0), { ...header, order: 1 }], settings: on }, { category: 'all', query: '' }).searchAt).toBe(0);
    expect(homeLayout({ components: [header, grid('g', 1)] }, { category: 'all', query: '' }).searchAt).toBeNull();
  });

  it('turns the background transparency into an opacity, clamped, defaulting to 20', () => {
    expect([backgroundOpacity(0), backgroundOpacity(75), backgroundOpacity(100)]).toEqual([1, 0.25, 0]);
    expect([backgroundOpacity(-5), backgroundOpacity(250)]).toEqual([1, 0]);
    expect([backgroundOpacity(undefined), backgroundOpacity(Number.NaN)]).toEqual([0.8, 0.8]);
  });
});
