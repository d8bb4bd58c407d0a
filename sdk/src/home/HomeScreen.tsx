import { useState, type CSSProperties } from 'react';
import { HOME_DESIGN_DEFAULTS, homeComponentTypes, type HomeComponent, type HomeScreenConfig, type HomeTopic } from '@parley/contracts';
import { safeUrl } from '../lib/safeUrl';
import { onColor, safeColor } from '../lib/theme';
import { CategoryTabs } from './CategoryTabs';
import { DEFAULT_HOME_SCREEN } from './defaultHome';
import { HomeFooter } from './HomeFooter';
import { HomeHeader } from './HomeHeader';
import { QuickActions } from './QuickActions';
import { TopicGrid } from './TopicGrid';

export const NO_HOME_CONFIG = 'No home screen configuration found';

export interface HomeScreenProps {
  /** The bot's home screen; null or undefined shows the default home (or the notice, see `fallback`). */
  config?: HomeScreenConfig | null;
  /** What to show without a config: the built-in default home, or the "not found" notice. */
  fallback?: 'default' | 'notice';
  /** A topic or action was chosen. */
  onSelect: (item: HomeTopic) => void;
  apiUrl?: string;
}

/**
 * Draws a home screen config: visible components of known types in `order`; topic grids below
 * category tabs follow the chosen category; footers are pinned to the bottom; an optional
 * background image shows through at `(100 - backgroundImageTransparency)%` opacity.
 */
export function HomeScreen({ config, fallback = 'default', onSelect, apiUrl }: HomeScreenProps) {
  const home = config ?? (fallback === 'default' ? DEFAULT_HOME_SCREEN : null);
  const [category, setCategory] = useState<string>(home?.settings?.defaultCategory ?? 'all');
  if (!home) return <p className="cw-empty">{NO_HOME_CONFIG}</p>;

  const components = orderedComponents(home.components);
  const theme = home.theme ?? {};
  const background = safeUrl(theme.backgroundImageUrl, apiUrl);
  const transparency = clamp(theme.backgroundImageTransparency ?? HOME_DESIGN_DEFAULTS.backgroundImageTransparency, 0, 100);
  const style = {
    '--cw-primary': safeColor(theme.primaryColor),
    '--cw-on-primary': onColor(safeColor(theme.primaryColor)),
    '--cw-bg': safeColor(theme.backgroundColor),
    '--cw-text': safeColor(theme.textColor),
  } as CSSProperties;

  let afterTabs = false;
  const render = (component: HomeComponent) => {
    const props = component.props ?? {};
    switch (component.type) {
      case 'header':
        return <HomeHeader key={component.id} props={props} />;
      case 'category_tabs':
        afterTabs = true;
        return <CategoryTabs key={component.id} props={props} value={category} onChange={setCategory} />;
      case 'topic_grid':
        return <TopicGrid key={component.id} props={props} category={afterTabs ? category : undefined} onSelect={onSelect} apiUrl={apiUrl} />;
      case 'quick_actions':
        return <QuickActions key={component.id} props={props} onSelect={onSelect} apiUrl={apiUrl} />;
      case 'footer':
        return <HomeFooter key={component.id} props={props} apiUrl={apiUrl} />;
      default:
        return null;
    }
  };

  return (
    <div className="cw-home" style={style}>
      {background ? (
        <div className="cw-home-bg" aria-hidden="true" style={{ backgroundImage: `url("${background}")`, opacity: (100 - transparency) / 100 }} />
      ) : null}
      <div className="cw-home-body">{components.filter((c) => c.type !== 'footer').map(render)}</div>
      {components.filter((c) => c.type === 'footer').map(render)}
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

function clamp(n: number, min: number, max: number): number {
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : HOME_DESIGN_DEFAULTS.backgroundImageTransparency;
}
