import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

describe('the rich message chunk', () => {
  it('shows typing dots until the components arrive, then the message; text never waits for it', async () => {
    vi.resetModules();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.doMock('./richMessages', async () => {
      await gate;
      return vi.importActual('./richMessages');
    });
    // Fresh modules: nothing fetched yet, and the chat context of the same module graph.
    const { BotContent } = await import('./BotContent');
    const { renderWithChat } = await import('../test/renderWithChat');
    const menu = [{ id: 'a', text: 'Apples' }];
    renderWithChat(
      <>
        <BotContent content="Plain **text**" messageType="text" metadata={{}} messageKey="t" />
        <BotContent content="Pick one" messageType="menu" metadata={{ options: menu }} messageKey="m" />
      </>,
    );
    expect(screen.getByText('text').tagName).toBe('STRONG');
    expect(screen.getByRole('status', { name: 'Loading message' })).toBeTruthy();
    release();
    expect(await screen.findByRole('button', { name: 'Apples' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading message' })).toBeNull();
    vi.doUnmock('./richMessages');
  });

  it('brings its styles into each widget root, after the widget sheet so they win its ties, once', async () => {
    vi.resetModules();
    const { styleRichMessagesIn, loadRichMessages } = await import('./useRichMessages');
    const host = document.createElement('div');
    const shadow = host.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<style>.widget{}</style><div class="cw-root"></div>';
    const forget = styleRichMessagesIn(shadow, 'n0nce');
    // Not fetched yet: nothing added.
    expect(shadow.querySelectorAll('style')).toHaveLength(1);
    await loadRichMessages();
    const last = shadow.lastElementChild as HTMLStyleElement;
    expect(last.tagName).toBe('STYLE');
    expect(last.nonce).toBe('n0nce');
    expect(last.textContent).toContain('.cw-rate');
    expect(last.textContent).toContain('.cw-btn');
    // A root registered after the fetch gets them at once; a forgotten one no longer does.
    forget();
    const other = document.createElement('div').attachShadow({ mode: 'open' });
    styleRichMessagesIn(other);
    expect(other.querySelector('style')?.textContent).toContain('.cw-check');
  });
});
