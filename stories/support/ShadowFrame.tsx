import { useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { WidgetStyles } from '../../sdk/src/widget/WidgetStyles';
import type { ParleyParameters } from './parleyParameters';

/**
 * Renders widget parts the way the widget shows them: inside an open shadow root, under the
 * widget's own stylesheet and themed root, in a frame the size of a chat panel. Storybook's
 * page CSS cannot reach in, so what the story shows is what a customer site shows.
 */
export function ShadowFrame({ children, frame = {}, colors = {} }: { children: ReactNode; frame?: ParleyParameters['frame']; colors?: ParleyParameters['colors'] }) {
  const host = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  useLayoutEffect(() => {
    const el = host.current;
    if (el) setRoot(el.shadowRoot ?? el.attachShadow({ mode: 'open' }));
  }, []);
  const height = frame.height ?? 600;
  const panel: CSSProperties = {
    width: frame.width ?? 420,
    maxWidth: '100%',
    height: height === 'auto' ? undefined : height,
    display: 'flex',
    flexDirection: 'column',
    overflow: 'hidden',
    background: 'var(--cw-bg)',
    border: '1px solid #e5e7eb',
    borderRadius: 16,
    boxShadow: '0 12px 48px rgba(0, 0, 0, 0.12)',
  };
  return (
    <div ref={host} data-story-shadow="">
      {root
        ? createPortal(
            <WidgetStyles {...colors}>
              <div className="story-panel" style={panel}>
                {children}
              </div>
            </WidgetStyles>,
            root,
          )
        : null}
    </div>
  );
}
