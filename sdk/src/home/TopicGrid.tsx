import { HOME_DESIGN_DEFAULTS, type HomeTopic } from '@parley/contracts';
import { HomeItem } from './HomeItem';
import { fontSize, iconText, styleOf } from './homeTypes';

/**
 * Home items as a grid (topics) or a list (quick actions), filled or outlined, with the
 * configured font sizes. `items` are the ones to show (already filtered by category or search);
 * without any, `emptyText` is shown, or nothing at all when it is empty.
 */
export function TopicGrid({
  props,
  items,
  onSelect,
  variant = 'grid',
  emptyText = '',
  apiUrl,
  linksAsButtons,
}: {
  props: Record<string, unknown>;
  items: HomeTopic[];
  onSelect: (item: HomeTopic) => void;
  variant?: 'grid' | 'list';
  emptyText?: string;
  apiUrl?: string;
  linksAsButtons?: boolean;
}) {
  const style = styleOf(props);
  const title = typeof props.title === 'string' ? props.title : '';
  const titleSize = fontSize(style.titleFontSize, HOME_DESIGN_DEFAULTS.titleFontSize);
  const descriptionSize = fontSize(style.descriptionFontSize, HOME_DESIGN_DEFAULTS.descriptionFontSize);
  if (!items.length && !emptyText) return null;
  return (
    <div className="cw-home-section">
      {title ? (
        <h3 className="cw-home-title" style={{ fontSize: titleSize }}>
          {title}
        </h3>
      ) : null}
      {items.length ? (
        <ul className={`cw-items is-${variant} is-${style.itemStyle === 'outlined' ? 'outlined' : 'filled'}`}>
          {items.map((item) => {
            const icon = iconText(item.icon);
            return (
              <li key={item.id}>
                <HomeItem item={item} className="cw-item" onSelect={onSelect} apiUrl={apiUrl} linkAsButton={linksAsButtons}>
                  {icon ? (
                    <span className="cw-item-icon" aria-hidden="true">
                      {icon}
                    </span>
                  ) : null}
                  <span className="cw-item-text">
                    <span className="cw-item-title" style={{ fontSize: titleSize }}>
                      {item.title}
                    </span>
                    {item.description ? (
                      <span className="cw-item-desc" style={{ fontSize: descriptionSize }}>
                        {item.description}
                      </span>
                    ) : null}
                  </span>
                </HomeItem>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="cw-muted">{emptyText}</p>
      )}
    </div>
  );
}
