import { HOME_DESIGN_DEFAULTS, homeComponentTypes, type HomeComponent, type HomeScreenConfig, type HomeTopic } from '@parley/contracts';
import { itemsOf, matchesQuery } from './homeTypes';

/** A component to draw; topic grids and quick actions come with the items left after filtering. */
type LaidOutComponent =
  | { component: HomeComponent; items?: undefined; byCategory?: undefined }
  | {
      component: HomeComponent;
      /** The items to show: the chosen category's (grids below tabs) and the search's matches. */
      items: HomeTopic[];
      /** A grid below tabs with a category other than "All" chosen. */
      byCategory: boolean;
    };

export interface HomeLayout {
  /** Visible components of known types in `order`, derived tabs included (footers too: the screen pins them). */
  components: LaidOutComponent[];
  /** Where the search box goes among the non-footer components (before that index); null without search. */
  searchAt: number | null;
  /** A search query is typed (search enabled and not blank). */
  searching: boolean;
  /** A search is typed and no topic or action matches it. */
  noMatch: boolean;
}

/**
 * What a home screen shows for the chosen category and search query, independent of any UI
 * framework: visible components of known types sorted by `order`; with categories enabled but
 * no tabs component, tabs derived from the topics' categories go above the first topic grid;
 * topic grids below tabs keep the chosen category's topics; a search keeps topics and actions
 * whose title, description or category contain it.
 */
export function homeLayout(home: HomeScreenConfig, view: { category: string; query: string }): HomeLayout {
  const settings = home.settings ?? {};
  const searching = !!settings.enableSearch && view.query.trim() !== '';
  const components = withDerivedTabs(orderedComponents(home.components), !!settings.enableCategories);
  let afterTabs = false;
  let matches = 0;
  const laidOut = components.map((component): LaidOutComponent => {
    if (component.type === 'category_tabs') afterTabs = true;
    if (component.type !== 'topic_grid' && component.type !== 'quick_actions') return { component };
    const grid = component.type === 'topic_grid';
    const byCategory = grid && afterTabs && view.category !== 'all';
    const items = itemsOf(grid ? component.props.topics : component.props.actions).filter(
      (item) => (!byCategory || item.category === view.category) && (!searching || matchesQuery(item, view.query)),
    );
    matches += items.length;
    return { component, items, byCategory };
  });
  // Under a leading header, where a visitor looks first; at the very top otherwise.
  const searchAt = settings.enableSearch ? (components[0]?.type === 'header' ? 1 : 0) : null;
  return { components: laidOut, searchAt, searching, noMatch: searching && matches === 0 };
}

/** The background image's opacity (0-1) for a transparency of 0-100; the default when unset or invalid. */
export function backgroundOpacity(transparency: number | undefined): number {
  const t = transparency ?? HOME_DESIGN_DEFAULTS.backgroundImageTransparency;
  const clamped = Number.isFinite(t) ? Math.min(100, Math.max(0, t)) : HOME_DESIGN_DEFAULTS.backgroundImageTransparency;
  return (100 - clamped) / 100;
}

/** Visible components of known types, sorted by `order` (ties keep their listed order). */
function orderedComponents(components: HomeComponent[] | undefined): HomeComponent[] {
  return (components ?? [])
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => c && c.visible !== false && (homeComponentTypes as readonly string[]).includes(c.type))
    .sort((a, b) => (a.c.order ?? a.i) - (b.c.order ?? b.i) || a.i - b.i)
    .map(({ c }) => c);
}

/**
 * With categories enabled but no tabs component, tabs made of the topics' own categories go
 * above the first topic grid (none when no topic has a category).
 */
function withDerivedTabs(components: HomeComponent[], enabled: boolean): HomeComponent[] {
  if (!enabled || components.some((c) => c.type === 'category_tabs')) return components;
  const categories = [
    ...new Set(components.flatMap((c) => (c.type === 'topic_grid' ? itemsOf(c.props.topics).map((t) => t.category?.trim() ?? '') : [])).filter(Boolean)),
  ];
  const at = components.findIndex((c) => c.type === 'topic_grid');
  if (!categories.length || at < 0) return components;
  const tabs: HomeComponent = { id: 'cw-derived-categories', type: 'category_tabs', props: { categories } };
  return [...components.slice(0, at), tabs, ...components.slice(at)];
}
