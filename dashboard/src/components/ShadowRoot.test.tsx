import { fireEvent, render, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ShadowRoot } from './ShadowRoot';

describe('ShadowRoot', () => {
  it('renders its children, stylesheet included, inside an open shadow root of its host', () => {
    const onClick = vi.fn();
    const { getByTestId, rerender } = render(
      <ShadowRoot data-testid="host" className="mt-4">
        <style>{'p { color: rgb(255, 0, 0); }'}</style>
        <button type="button" onClick={onClick}>
          Inside
        </button>
      </ShadowRoot>,
    );
    const host = getByTestId('host');
    expect(host.className).toBe('mt-4');
    expect(host.textContent).toBe('');
    const shadow = host.shadowRoot!;
    expect(shadow.mode).toBe('open');
    const inside = within(shadow as unknown as HTMLElement).getByText('Inside');
    // The stylesheet lives in the shadow root, where it reaches nothing of the page.
    expect(shadow.querySelector('style')).toBeTruthy();
    expect(document.querySelector('style')).toBeNull();
    fireEvent.click(inside);
    expect(onClick).toHaveBeenCalledOnce();
    // A re-render keeps the same root and updates what is in it.
    rerender(
      <ShadowRoot data-testid="host">
        <p>Changed</p>
      </ShadowRoot>,
    );
    expect(getByTestId('host').shadowRoot).toBe(shadow);
    expect(shadow.textContent).toBe('Changed');
  });
});
