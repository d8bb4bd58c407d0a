import { colorVars, resolveColors } from '../lib/theme';
import { LAUNCHER_ICONS } from '../widget/launcherIcons';
import type { ChatWidgetOptions } from './widgetApi';

/** The loader's launcher, drawn without any framework until the full widget replaces it. */
export interface DrawnLauncher {
  /** Position and colours follow the options. */
  update(options: ChatWidgetOptions): void;
  /** True while the visitor's focus is on it (the full widget's launcher then takes the focus). */
  hasFocus(): boolean;
  /**
   * True when a press began on it but has not become a click yet: if the full widget replaces it
   * in between, the click never happens, so the press counts as one.
   */
  pressed(): boolean;
  remove(): void;
}

const SVG = 'http://www.w3.org/2000/svg';

/**
 * Draws the closed launcher into `shadow`, the same button the full widget draws (class, label,
 * icon, place), so the swap is invisible. Hover, focus and touch announce an `intent` (fetch the
 * widget now); a click asks to open. Styles come from launcher.css, adopted by the element.
 */
export function drawLauncher(shadow: ShadowRoot, options: ChatWidgetOptions, on: { intent: () => void; click: () => void }): DrawnLauncher {
  const root = document.createElement('div');
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'cw-launcher';
  button.setAttribute('aria-label', 'Open chat');
  button.setAttribute('aria-expanded', 'false');
  const svg = document.createElementNS(SVG, 'svg');
  for (const [k, v] of Object.entries({ viewBox: '0 0 24 24', width: '28', height: '28', 'aria-hidden': 'true', focusable: 'false' })) svg.setAttribute(k, v);
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('fill', 'currentColor');
  path.setAttribute('d', LAUNCHER_ICONS.open);
  svg.append(path);
  button.append(svg);
  for (const type of ['pointerenter', 'focus', 'touchstart']) button.addEventListener(type, on.intent, { passive: true });
  let down = false;
  for (const [type, value] of [['pointerdown', true], ['pointerleave', false], ['pointercancel', false]] as const) {
    button.addEventListener(type, () => {
      down = value;
    });
  }
  button.addEventListener('click', () => {
    down = false;
    on.click();
  });
  root.append(button);

  const update = (next: ChatWidgetOptions) => {
    root.className = `cw-root is-${next.position === 'bottom-left' ? 'left' : 'right'}`;
    for (const [name, value] of Object.entries(colorVars(resolveColors(next)))) {
      if (value) root.style.setProperty(name, value);
      else root.style.removeProperty(name);
    }
  };
  update(options);
  shadow.append(root);
  return { update, hasFocus: () => shadow.activeElement === button, pressed: () => down, remove: () => root.remove() };
}
