import { HOME_DESIGN_DEFAULTS } from '@parley/contracts';
import { fontSize, styleOf } from './homeTypes';

/**
 * Title and subtitle on the primary colour, or on nothing with `style.transparentBackground`;
 * their sizes are the configured ones, else the designer's defaults (16 px and 14 px).
 */
export function HomeHeader({ props }: { props: Record<string, unknown> }) {
  const style = styleOf(props);
  const title = typeof props.title === 'string' ? props.title : '';
  const subtitle = typeof props.subtitle === 'string' ? props.subtitle : '';
  if (!title && !subtitle) return null;
  return (
    <div className={`cw-home-header${style.transparentBackground ? ' is-transparent' : ''}`}>
      {title ? (
        <h3 style={{ fontSize: fontSize(style.titleFontSize, HOME_DESIGN_DEFAULTS.titleFontSize) }}>{title}</h3>
      ) : null}
      {subtitle ? <p style={{ fontSize: fontSize(style.descriptionFontSize, HOME_DESIGN_DEFAULTS.descriptionFontSize) }}>{subtitle}</p> : null}
    </div>
  );
}
