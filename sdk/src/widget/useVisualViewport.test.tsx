import { act, cleanup, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPEN_PANEL_PROPS } from '../test/panelProps';
import { ChatPanel } from './ChatPanel';
import { useVisualViewport } from './useVisualViewport';

/** A stand-in for `window.visualViewport` (jsdom has none): an event target with a size and offset. */
class FakeVisualViewport extends EventTarget {
  height = 844;
  offsetTop = 0;
  listeners = 0;
  override addEventListener(...args: Parameters<EventTarget['addEventListener']>) {
    this.listeners++;
    super.addEventListener(...args);
  }
  override removeEventListener(...args: Parameters<EventTarget['removeEventListener']>) {
    this.listeners--;
    super.removeEventListener(...args);
  }
  /** The on-screen keyboard opens (or the page scrolls under it): the visible part changes. */
  move(height: number, offsetTop: number, event: 'resize' | 'scroll') {
    this.height = height;
    this.offsetTop = offsetTop;
    act(() => {
      this.dispatchEvent(new Event(event));
    });
  }
}

function installViewport() {
  const viewport = new FakeVisualViewport();
  Object.defineProperty(window, 'visualViewport', { configurable: true, value: viewport });
  return viewport;
}

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(window, 'visualViewport');
});

function Panel({ enabled = true }: { enabled?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useVisualViewport(ref, enabled);
  return <div ref={ref} data-testid="panel" />;
}

const vars = (el: HTMLElement) => [el.style.getPropertyValue('--cw-vv-height'), el.style.getPropertyValue('--cw-vv-top')];

describe('useVisualViewport', () => {
  it('sizes the panel to the visual viewport and follows its resize and scroll', () => {
    const viewport = installViewport();
    render(<Panel />);
    const panel = screen.getByTestId('panel');
    expect(vars(panel)).toEqual(['844px', '0px']);
    // The keyboard takes the lower part of the screen.
    viewport.move(508.5, 0, 'resize');
    expect(vars(panel)).toEqual(['508.5px', '0px']);
    // The browser scrolls the visual viewport down to the focused field.
    viewport.move(508.5, 120, 'scroll');
    expect(vars(panel)).toEqual(['508.5px', '120px']);
  });

  it('uses the CSSOM only (no style attribute written, for a strict style-src)', () => {
    installViewport();
    const setAttribute = vi.spyOn(Element.prototype, 'setAttribute');
    render(<Panel />);
    expect(setAttribute.mock.calls.filter(([name]) => name === 'style')).toEqual([]);
    expect(vars(screen.getByTestId('panel'))).toEqual(['844px', '0px']);
  });

  it('removes its listeners and properties when the panel goes', () => {
    const viewport = installViewport();
    const { unmount } = render(<Panel />);
    const panel = screen.getByTestId('panel');
    expect(viewport.listeners).toBe(2);
    unmount();
    expect(viewport.listeners).toBe(0);
    expect(vars(panel)).toEqual(['', '']);
  });

  it('sets nothing without visualViewport, so the stylesheet falls back to 100%', () => {
    expect(window.visualViewport ?? null).toBeNull();
    render(<Panel />);
    expect(vars(screen.getByTestId('panel'))).toEqual(['', '']);
  });

  it('sets nothing when disabled', () => {
    const viewport = installViewport();
    render(<Panel enabled={false} />);
    expect(vars(screen.getByTestId('panel'))).toEqual(['', '']);
    expect(viewport.listeners).toBe(0);
  });
});

describe('ChatPanel and the visual viewport', () => {

  it('the floating panel follows the visual viewport', () => {
    const viewport = installViewport();
    render(<ChatPanel {...OPEN_PANEL_PROPS} />);
    const panel = screen.getByRole('dialog');
    expect(vars(panel)).toEqual(['844px', '0px']);
    viewport.move(400, 30, 'resize');
    expect(vars(panel)).toEqual(['400px', '30px']);
  });

  it('the embedded panel fills its frame and ignores it', () => {
    const viewport = installViewport();
    render(<ChatPanel {...OPEN_PANEL_PROPS} embedded />);
    expect(vars(screen.getByRole('dialog'))).toEqual(['', '']);
    expect(viewport.listeners).toBe(0);
  });
});
