import { safeUrl } from '../lib/safeUrl';
import { HOME_DESIGN_DEFAULTS, type HomeTopic } from '@parley/contracts';
import { fontSize, iconText, itemsOf, styleOf } from './homeTypes';

/**
 * Home items as a grid (topics) or a list (quick actions), filled or outlined, with the
 * configured font sizes. An item whose action is an http(s) URL is a link opening a new tab.
 */
export function TopicGrid({
  props,
  items = itemsOf(props.topics),
  category,
  onSelect,
  variant = 'grid',
  apiUrl,
}: {
  props: Record<string, unknown>;
  items?: HomeTopic[];
  category?: string;
  onSelect: (item: HomeTopic) => void;
  variant?: 'grid' | 'list';
  apiUrl?: string;
}) {
  const style = styleOf(props);
  const title = typeof props.title === 'string' ? props.title : '';
  const shown = category && category !== 'all' ? items.filter((t) => t.category === category) : items;
  const titleSize = fontSize(style.titleFontSize, HOME_DESIGN_DEFAULTS.titleFontSize);
  const descriptionSize = fontSize(style.descriptionFontSize, HOME_DESIGN_DEFAULTS.descriptionFontSize);
  return (
    <div className="cw-home-section">
      {title ? (
        <h3 className="cw-home-title" style={{ fontSize: titleSize }}>
          {title}
        </h3>
      ) : null}
      {shown.length ? (
        <ul className={`cw-items is-${variant} is-${style.itemStyle === 'outlined' ? 'outlined' : 'filled'}`}>
          {shown.map((item) => {
            const icon = iconText(item.icon);
            const body = (
              <>
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
              </>
            );
            const link = /^https?:/i.test(item.action ?? '') ? safeUrl(item.action, apiUrl) : null;
            return (
              <li key={item.id}>
                {link ? (
                  <a className="cw-item" href={link} target="_blank" rel="noopener noreferrer">
                    {body}
                  </a>
                ) : (
                  <button type="button" className="cw-item" onClick={() => onSelect(item)}>
                    {body}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="cw-muted">No topics in this category</p>
      )}
    </div>
  );
}
