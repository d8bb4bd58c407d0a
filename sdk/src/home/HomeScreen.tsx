import { useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import type { HomeScreenConfig, HomeTopic } from '@parley/contracts';
import { safeUrl } from '../lib/safeUrl';
import { onColor, safeColor } from '../lib/theme';
import { CategoryTabs } from './CategoryTabs';
import { DEFAULT_HOME_SCREEN } from './defaultHome';
import { HomeFooter } from './HomeFooter';
import { HomeHeader } from './HomeHeader';
import { askItem, HomeSearch } from './HomeSearch';
import { backgroundOpacity, homeLayout } from './homeLayout';
import type { HomeSelect } from './homeTypes';
import { TopicGrid } from './TopicGrid';

export const NO_HOME_CONFIG = 'No home screen configuration found';

export interface HomeScreenProps {
  /** The bot's home screen; null or undefined shows the default home (or the notice, see `fallback`). */
  config?: HomeScreenConfig | null;
  /** What to show without a config: the built-in default home, or the "not found" notice. */
  fallback?: 'default' | 'notice';
  /**
   * An item was chosen: `kind` is `'topic'` for header and topic-grid topics (and the search's
   * "Ask: …" message), `'action'` for quick actions. Link items open their url instead, unless
   * `linksAsButtons` is set.
   */
  onSelect: HomeSelect;
  /** Base URL that relative image and link urls resolve against. */
  apiUrl?: string;
  /**
   * Take the colours from the surrounding widget (which has already resolved them, the embedder's
   * props first) instead of the config's own theme; the background image still applies.
   */
  inheritColors?: boolean;
  /**
   * Report link items through `onSelect` like any other item instead of opening their url:
   * for previews, where leaving for the linked site would lose the design being edited.
   */
  linksAsButtons?: boolean;
}

/**
 * Draws a home screen config: visible components of known types in `order`; topic grids below
 * category tabs follow the chosen category (`settings.enableCategories` without a tabs component
 * derives tabs from the topics' categories); `settings.enableSearch` adds a search box filtering
 * topics and quick actions; footers are pinned to the bottom; an optional background image
 * shows through at `(100 - backgroundImageTransparency)%` opacity.
 */
export function HomeScreen({ config, fallback = 'default', onSelect, apiUrl, inheritColors = false, linksAsButtons = false }: HomeScreenProps) {
  const home = config ?? (fallback === 'default' ? DEFAULT_HOME_SCREEN : null);
  // The chosen tab belongs to one design: a changed config starts again from its default tab.
  const key = useMemo(() => JSON.stringify(home), [home]);
  const initialCategory = home?.settings?.defaultCategory?.trim() || 'all';
  const [picked, setPicked] = useState({ key, category: initialCategory });
  const category = picked.key === key ? picked.category : initialCategory;
  const [query, setQuery] = useState('');
  if (!home) return <p className="cw-empty">{NO_HOME_CONFIG}</p>;

  const layout = homeLayout(home, { category, query });
  const theme = home.theme ?? {};
  const background = safeUrl(theme.backgroundImageUrl, apiUrl);
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
  const body: ReactNode[] = [];
  const footers: ReactNode[] = [];
  for (const { component, items, byCategory } of layout.components) {
    const props = component.props as Record<string, unknown>;
    if (component.type === 'header') body.push(<HomeHeader key={component.id} props={props} onSelect={topic} apiUrl={apiUrl} linksAsButtons={linksAsButtons} />);
    else if (component.type === 'footer') footers.push(<HomeFooter key={component.id} props={props} apiUrl={apiUrl} />);
    else if (component.type === 'category_tabs') {
      body.push(<CategoryTabs key={component.id} props={props} value={category} onChange={(c) => setPicked({ key, category: c })} />);
    } else if (items) {
      const grid = component.type === 'topic_grid';
      body.push(
        <TopicGrid
          key={component.id}
          props={props}
          items={items}
          onSelect={grid ? topic : action}
          variant={grid ? 'grid' : 'list'}
          emptyText={byCategory && !layout.searching ? 'No topics in this category' : ''}
          apiUrl={apiUrl}
          linksAsButtons={linksAsButtons}
        />,
      );
    }
  }
  if (layout.searchAt !== null) {
    body.splice(
      layout.searchAt,
      0,
      <HomeSearch key="cw-search" query={query} onQuery={setQuery} noMatch={layout.noMatch} onAsk={() => topic(askItem(query))} />,
    );
  }

  return (
    <div className="cw-home" style={style}>
      {background ? (
        <div className="cw-home-bg" aria-hidden="true" style={{ backgroundImage: `url("${background}")`, opacity: backgroundOpacity(theme.backgroundImageTransparency) }} />
      ) : null}
      <div className="cw-home-body">{body}</div>
      {footers}
    </div>
  );
}
