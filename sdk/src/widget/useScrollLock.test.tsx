import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPEN_PANEL_PROPS } from '../test/panelProps';
import { ChatPanel } from './ChatPanel';
import { useScrollLock } from './useScrollLock';

/** A `matchMedia` whose full-screen query matches while `phone` is true, with working change events. */
function stubMatchMedia(phone: boolean) {
  const queries: string[] = [];
  const listeners = new Set<() => void>();
  const mql = {
    get matches() {
      return phone;
    },
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => {
      queries.push(query);
      return mql;
    }),
  );
  return {
    queries,
    listeners,
    resize(toPhone: boolean) {
      phone = toPhone;
      act(() => {
        for (const fn of [...listeners]) fn();
      });
    },
  };
}

function Lock({ enabled }: { enabled: boolean }) {
  useScrollLock(enabled);
  return null;
}

const html = () => document.documentElement;
const body = () => document.body;
const overflow = (el: HTMLElement) => [el.style.getPropertyValue('overflow'), el.style.getPropertyPriority('overflow')];


afterEach(() => {
  cleanup();
  html().removeAttribute('style');
  body().removeAttribute('style');
});

describe('useScrollLock', () => {
  it('locks <html> and <body> on a phone-sized screen and takes nothing else', () => {
    const media = stubMatchMedia(true);
    const { unmount } = render(<Lock enabled />);
    expect(media.queries).toEqual(['(max-width: 767.98px)']);
    expect(overflow(html())).toEqual(['hidden', 'important']);
    expect(overflow(body())).toEqual(['hidden', 'important']);
    unmount();
    // No style attribute before, none after.
    expect(html().hasAttribute('style')).toBe(false);
    expect(body().hasAttribute('style')).toBe(false);
    expect(media.listeners.size).toBe(0);
  });

  it('restores exactly the inline values the page had', () => {
    stubMatchMedia(true);
    html().style.setProperty('overflow', 'scroll');
    body().style.setProperty('color', 'red');
    body().style.setProperty('overflow-y', 'auto', 'important');
    const before = [html().getAttribute('style'), body().getAttribute('style')];
    const { unmount } = render(<Lock enabled />);
    expect(overflow(html())).toEqual(['hidden', 'important']);
    expect(overflow(body())).toEqual(['hidden', 'important']);
    unmount();
    expect([html().getAttribute('style'), body().getAttribute('style')]).toEqual(before);
    expect(overflow(html())).toEqual(['scroll', '']);
    expect([body().style.getPropertyValue('overflow-y'), body().style.getPropertyPriority('overflow-y')]).toEqual(['auto', 'important']);
    expect(body().style.getPropertyValue('color')).toBe('red');
  });

  it('keeps an empty style attribute the page had', () => {
    stubMatchMedia(true);
    body().setAttribute('style', '');
    render(<Lock enabled />).unmount();
    expect(body().getAttribute('style')).toBe('');
  });

  it('locks nothing on a larger screen, but follows the screen across the breakpoint', () => {
    const media = stubMatchMedia(false);
    const { unmount } = render(<Lock enabled />);
    expect(html().hasAttribute('style')).toBe(false);
    media.resize(true);
    expect(overflow(body())).toEqual(['hidden', 'important']);
    media.resize(false);
    expect(body().hasAttribute('style')).toBe(false);
    media.resize(true);
    unmount();
    expect(body().hasAttribute('style')).toBe(false);
  });

  it('locks nothing when disabled (embedded) or without matchMedia', () => {
    stubMatchMedia(true);
    render(<Lock enabled={false} />);
    expect(html().hasAttribute('style')).toBe(false);
    expect(body().hasAttribute('style')).toBe(false);
    vi.unstubAllGlobals();
    expect(typeof window.matchMedia).toBe('undefined');
    render(<Lock enabled />);
    expect(body().hasAttribute('style')).toBe(false);
  });

  it('two open widgets: the page unlocks when the last one closes, with the first values', () => {
    stubMatchMedia(true);
    body().style.setProperty('overflow', 'auto');
    const first = render(<Lock enabled />);
    const second = render(<Lock enabled />);
    first.unmount();
    expect(overflow(body())).toEqual(['hidden', 'important']);
    second.unmount();
    expect(overflow(body())).toEqual(['auto', '']);
  });
});

describe('ChatPanel on a phone', () => {
  it('locks the page while it is mounted and restores it when it unmounts', () => {
    stubMatchMedia(true);
    html().style.setProperty('overflow', 'auto');
    const { rerender, unmount } = render(<ChatPanel {...OPEN_PANEL_PROPS} />);
    expect(overflow(html())).toEqual(['hidden', 'important']);
    expect(overflow(body())).toEqual(['hidden', 'important']);
    // Still locked during the closing animation.
    rerender(<ChatPanel {...OPEN_PANEL_PROPS} phase="closing" />);
    expect(overflow(body())).toEqual(['hidden', 'important']);
    unmount();
    expect(overflow(html())).toEqual(['auto', '']);
    expect(body().hasAttribute('style')).toBe(false);
  });

  it('embedded (iframe) locks nothing', () => {
    stubMatchMedia(true);
    render(<ChatPanel {...OPEN_PANEL_PROPS} embedded />);
    expect(html().hasAttribute('style')).toBe(false);
    expect(body().hasAttribute('style')).toBe(false);
  });
});
