import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClampedAnswer } from './ClampedAnswer';

const LONG = `Other: ${'the pontoon lights were out again '.repeat(30)}`.trim();

/** The width of the page in characters per line; jsdom lays nothing out, so the text's height is computed from it. */
let charsPerLine = 40;
const LINE = 20;

/** Three lines while clamped, every line of the text otherwise, as a browser would measure. */
function layout() {
  const lines = (el: Element) => Math.max(1, Math.ceil((el.textContent ?? '').length / charsPerLine));
  vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockImplementation(function (this: Element) {
    return lines(this) * LINE;
  });
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
    return (this.classList.contains('line-clamp-3') ? Math.min(3, lines(this)) : lines(this)) * LINE;
  });
}

const text = () => screen.getByTestId('answer-text');

describe('ClampedAnswer', () => {
  beforeEach(() => {
    charsPerLine = 40;
    layout();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('a short answer shows whole, without a toggle', () => {
    render(<ClampedAnswer text="Search engine" />);
    expect(text().textContent).toBe('Search engine');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a long answer is cut to three lines with "Show more", which opens and closes it', () => {
    render(<ClampedAnswer text={LONG} />);
    const toggle = screen.getByRole('button', { name: 'Show more' });
    expect(text().className).toContain('line-clamp-3');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe(text().id);
    // The clamp hides the rest only visually: the whole answer stays in the text screen readers read.
    expect(text().textContent).toBe(LONG);

    fireEvent.click(toggle);
    expect(toggle.textContent).toBe('Show less');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(text().className).not.toContain('line-clamp-3');

    fireEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(screen.getByRole('button', { name: 'Show more' }).getAttribute('aria-expanded')).toBe('false');
    expect(text().className).toContain('line-clamp-3');
  });

  it('measures again when its width changes: the toggle comes and goes with the cut', () => {
    const observers: (() => void)[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly callback: () => void) {}
        observe() {
          observers.push(this.callback);
        }
        disconnect() {}
      },
    );
    charsPerLine = 2000;
    render(<ClampedAnswer text={LONG} />);
    expect(screen.queryByRole('button')).toBeNull();

    charsPerLine = 40;
    act(() => observers.at(-1)?.());
    expect(screen.getByRole('button', { name: 'Show more' })).toBeTruthy();

    charsPerLine = 2000;
    act(() => observers.at(-1)?.());
    expect(screen.queryByRole('button')).toBeNull();
  });
});
