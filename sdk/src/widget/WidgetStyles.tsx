import { colorVars, DEFAULT_COLORS, resolveColors } from '../lib/theme';
import launcherCss from '../styles/launcher.css?inline';
import richCss from '../styles/rich.css?inline';
import widgetCss from '../styles/widget.css?inline';
import type { CSSProperties, ReactNode } from 'react';

/**
 * The widget stylesheet plus a themed root, for rendering widget parts (such as `HomeScreen`
 * in a designer preview) inside your own shadow root.
 */
export function WidgetStyles({ children, primaryColor = DEFAULT_COLORS.primary, backgroundColor = DEFAULT_COLORS.background, textColor = DEFAULT_COLORS.text }: {
  children?: ReactNode;
  primaryColor?: string;
  backgroundColor?: string;
  textColor?: string;
}) {
  const style = colorVars(resolveColors({ primaryColor, backgroundColor, textColor })) as CSSProperties;
  return (
    <div className="cw-root" style={style}>
      <style>{launcherCss + widgetCss + richCss}</style>
      {children}
    </div>
  );
}
