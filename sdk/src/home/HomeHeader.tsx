import { HOME_DESIGN_DEFAULTS, type HomeTopic } from '@parley/contracts';
import { HomeItem } from './HomeItem';
import { fontSize, iconText, itemsOf, styleOf } from './homeTypes';

/**
 * Title, subtitle and optional topic buttons on the primary colour, or straight on the home's
 * background (and its image) with `style.transparentBackground`, in the text colour so it stays
 * readable there; sizes are the configured ones, else the designer's defaults (16 px and 14 px).
 */
export function HomeHeader({
  props,
  onSelect,
  apiUrl,
  linksAsButtons,
}: {
  props: Record<string, unknown>;
  onSelect: (item: HomeTopic) => void;
  apiUrl?: string;
  linksAsButtons?: boolean;
}) {
  const style = styleOf(props);
  const title = typeof props.title === 'string' ? props.title : '';
  const subtitle = typeof props.subtitle === 'string' ? props.subtitle : '';
  const topics = itemsOf(props.topics);
  if (!title && !subtitle && !topics.length) return null;
  const descriptionSize = fontSize(style.descriptionFontSize, HOME_DESIGN_DEFAULTS.descriptionFontSize);
  return (
    <div className={`cw-home-header${style.transparentBackground ? ' is-transparent' : ''}`}>
      {title ? <h3 style={{ fontSize: fontSize(style.titleFontSize, HOME_DESIGN_DEFAULTS.titleFontSize) }}>{title}</h3> : null}
      {subtitle ? <p style={{ fontSize: descriptionSize }}>{subtitle}</p> : null}
      {topics.length ? (
        <div className="cw-header-topics">
          {topics.map((topic) => {
            const icon = iconText(topic.icon);
            return (
              <HomeItem key={topic.id} item={topic} className="cw-header-topic" onSelect={onSelect} apiUrl={apiUrl} linkAsButton={linksAsButtons}>
                <span style={{ fontSize: descriptionSize }}>
                  {icon ? <span aria-hidden="true">{icon} </span> : null}
                  {topic.title}
                </span>
              </HomeItem>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
