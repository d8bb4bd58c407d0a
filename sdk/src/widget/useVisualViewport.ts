import { useEffect, type RefObject } from 'react';

/** Custom properties the full-screen panel is sized with (widget.css, below 768 px). */
const VIEWPORT_HEIGHT_PROPERTY = '--cw-vv-height';
const VIEWPORT_TOP_PROPERTY = '--cw-vv-top';

/**
 * Keeps `--cw-vv-height` and `--cw-vv-top` on the panel equal to the visual viewport's height
 * and offset, so the full-screen panel (and its composer at the bottom) ends where the
 * on-screen keyboard begins instead of behind it. Follows the viewport's `resize` and `scroll`.
 *
 * The properties are set through the CSSOM (`style.setProperty`), which a strict
 * `style-src 'self'` policy allows. Without `window.visualViewport` nothing is set and the
 * stylesheet falls back to the full layout viewport. widget.css only reads them in full-screen
 * mode, so they change nothing on larger screens.
 */
export function useVisualViewport(panel: RefObject<HTMLElement | null>, enabled: boolean) {
  useEffect(() => {
    const el = panel.current;
    const viewport = typeof window === 'undefined' ? null : window.visualViewport;
    if (!enabled || !el || !viewport) return;
    const apply = () => {
      el.style.setProperty(VIEWPORT_HEIGHT_PROPERTY, `${viewport.height}px`);
      el.style.setProperty(VIEWPORT_TOP_PROPERTY, `${viewport.offsetTop}px`);
    };
    apply();
    viewport.addEventListener('resize', apply);
    viewport.addEventListener('scroll', apply);
    return () => {
      viewport.removeEventListener('resize', apply);
      viewport.removeEventListener('scroll', apply);
      el.style.removeProperty(VIEWPORT_HEIGHT_PROPERTY);
      el.style.removeProperty(VIEWPORT_TOP_PROPERTY);
    };
  }, [panel, enabled]);
}
