import { useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { HOME_DESIGN_DEFAULTS, homeComponentTypes, type HomeComponent, type HomeScreenConfig, type HomeTopic } from '@parley/contracts';
import { safeUrl } from '../lib/safeUrl';
import { onColor, safeColor } from '../lib/theme';
import { CategoryTabs } from './CategoryTabs';
import { DEFAULT_HOME_SCREEN } from './defaultHome';
import { HomeFooter } from './HomeFooter';
import { HomeHeader } from './HomeHeader';
import { askItem, HomeSearch } from './HomeSearch';
import { type HomeSelect, itemsOf, matchesQuery } from './homeTypes';
import { TopicGrid } from './TopicGrid';

export const NO_HOME_CONFIG = 'No home screen configuration found';

export interface HomeScreenProps {
  /** The bot's home screen; null or undefined shows the default home (or the notice, see `fallback`). */
  config?: HomeScreenConfig | null;
  /** What to show without a config: the built-in default home, or the "not found" notice. */
  fallback?: 'default' | 'notice';
  /**
   * An item was chosen: `kind` is `'topic'` for header and topic-grid topics (and the search's
   * "Ask: …" message), `'action'` for quick actions. Link topics open their url instead.
   */
  onSelect: HomeSelect;
  /** Base URL that relative image and link urls resolve against. */
  apiUrl?: string;
  /**
   * Take the colours from the surrounding widget (which has already resolved them, the embedder's
   * props first) instead of the config's own theme; the background image still applies.
   */
  inheritColors?: boolean;
}

/**
 * Draws a home screen config: visible components of known types in `order`; topic grids below
 * category tabs follow the chosen category (`settings.enableCategories` without a tabs component
 * derives tabs from the topics' categories); `settings.enableSearch` adds a search box filtering
 * topics and quick actions; footers are pinned to the bottom; an optional background image
 * shows through at `(100 - backgroundImageTransparency)%` opacity.
 */
export function HomeScreen({ config, fallback = 'default', onSelect, apiUrl, inheritColors = false }: HomeScreenProps) {
  const home = config ?? (fallback === 'default' ? DEFAULT_HOME_SCREEN : null);
  // The chosen tab belongs to one design: a changed config starts again from its default tab.
  const key = useMemo(() => JSON.stringify(home), [home]);
  const initialCategory = home?.settings?.defaultCategory?.trim() || 'all';
  const [picked, setPicked] = useState({ key, category: initialCategory });
  const category = picked.key === key ? picked.category : initialCategory;
  const [query, setQuery] = useState('');
  if (!home) return <p className="cw-empty">{NO_HOME_CONFIG}</p>;

  const settings = home.settings ?? {};
  const searching = !!settings.enableSearch && query.trim() !== '';
  const components = withDerivedTabs(orderedComponents(home.components), !!settings.enableCategories);
  const theme = home.theme ?? {};
  const background = safeUrl(theme.backgroundImageUrl, apiUrl);
  const transparency = clamp(theme.backgroundImageTransparency ?? HOME_DESIGN_DEFAULTS.backgroundImageTransparency, 0, 100);
  const style = (
    inheritColors
      ? {}
      : {
          '--cw-primary': safeColor(theme.primaryColor),
          '--cw-on-primary': onColor(safeColor(theme.primaryColor)),
          '--cw-bg': safeColor(theme.backgroundColor),
          '--cw-text': safeColor(theme.textColor),
        }
  ) as CSSProperties;

  const topic = (item: HomeTopic) => onSelect(item, 'topic');
  const action = (item: HomeTopic) => onSelect(item, 'action');
  let afterTabs = false;
  let matches = 0;
  const body: ReactNode[] = [];
  const footers: ReactNode[] = [];
  for (const component of components) {
    const props = component.props as Record<string, unknown>;
    if (component.type === 'header') body.push(<HomeHeader key={component.id} props={props} onSelect={topic} apiUrl={apiUrl} />);
    else if (component.type === 'footer') footers.push(<HomeFooter key={component.id} props={props} apiUrl={apiUrl} />);
    else if (component.type === 'category_tabs') {
      afterTabs = true;
      body.push(<CategoryTabs key={component.id} props={props} value={category} onChange={(c) => setPicked({ key, category: c })} />);
    } else {
      const grid = component.type === 'topic_grid';
      const byCategory = grid && afterTabs && category !== 'all';
      const items = itemsOf(grid ? props.topics : props.actions).filter(
        (item) => (!byCategory || item.category === category) && (!searching || matchesQuery(item, query)),
      );
      matches += items.length;
      body.push(
        <TopicGrid
          key={component.id}
          props={props}
          items={items}
          onSelect={grid ? topic : action}
          variant={grid ? 'grid' : 'list'}
          emptyText={byCategory && !searching ? 'No topics in this category' : ''}
          apiUrl={apiUrl}
        />,
      );
    }
  }
  if (settings.enableSearch) {
    // Under a leading header, where a visitor looks first; at the very top otherwise.
    const at = components[0]?.type === 'header' ? 1 : 0;
    body.splice(
      at,
      0,
      <HomeSearch key="cw-search" query={query} onQuery={setQuery} noMatch={searching && matches === 0} onAsk={() => topic(askItem(query))} />,
    );
  }

  return (
    <div className="cw-home" style={style}>
      {background ? (
        <div className="cw-home-bg" aria-hidden="true" style={{ backgroundImage: `url("${background}")`, opacity: (100 - transparency) / 100 }} />
      ) : null}
      <div className="cw-home-body">{body}</div>
      {footers}
    </div>
  );
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

function clamp(n: number, min: number, max: number): number {
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : HOME_DESIGN_DEFAULTS.backgroundImageTransparency;
}
