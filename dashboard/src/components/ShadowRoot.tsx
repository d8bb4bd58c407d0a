import { useLayoutEffect, useRef, useState, type HTMLAttributes } from 'react';
import { createPortal } from 'react-dom';

/**
 * A host element with an open shadow root, its children portalled inside: what they render
 * (widget parts with the widget's own stylesheet) is styled exactly as on a customer's site,
 * untouched by the dashboard's CSS and without leaking into it. Open, so tests and assistive
 * technology can reach in. Handlers belong inside: React sees a click in the root twice on
 * its way out (once at the root, once at the page's own root), so one outside would run twice.
 */
export function ShadowRoot({ children, ...props }: HTMLAttributes<HTMLDivElement>) {
  const host = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<globalThis.ShadowRoot | null>(null);
  useLayoutEffect(() => {
    const el = host.current;
    if (el) setRoot(el.shadowRoot ?? el.attachShadow({ mode: 'open' }));
  }, []);
  return (
    <div ref={host} {...props}>
      {root ? createPortal(children, root) : null}
    </div>
  );
}
