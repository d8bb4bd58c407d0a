import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatWidgetProps } from '../widget/types';
import { defineChatWidget, type ChatWidgetElement } from './defineChatWidget';
import type { MountWidget, WidgetCommand } from './widgetApi';

/**
 * The element without the real widget: a fake renderer records what the element hands it, and
 * its loading is released by the test, so the time before the full widget arrives is visible.
 */
function fakeRenderer() {
  const log = { props: [] as ChatWidgetProps[], commands: [] as WidgetCommand[], unmounted: 0 };
  let release: () => void = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  const mountWidget: MountWidget = (shadow, props) => {
    const root = document.createElement('div');
    root.className = 'full-widget';
    root.innerHTML = '<button class="cw-launcher" aria-label="Open chat"></button>';
    shadow.append(root);
    log.props.push(props);
    return {
      render: (p) => log.props.push(p),
      command: (c) => log.commands.push(c),
      unmount: () => {
        log.unmounted++;
        root.remove();
      },
    };
  };
  const load = vi.fn(async () => {
    await arrived;
    return { mountWidget };
  });
  return { log, load, release, mountWidget };
}

let tags = 0;
/** Each test defines its own tag, bound to its own fake renderer. */
function element(load: () => Promise<{ mountWidget: MountWidget }>): ChatWidgetElement {
  const tag = `test-widget-${++tags}`;
  defineChatWidget(load, tag);
  return document.createElement(tag) as ChatWidgetElement;
}

const flush = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => document.body.replaceChildren());

describe('<chat-widget> before and after the full widget arrives', () => {
  it('draws its own launcher at once, then swaps it for the full widget', async () => {
    const fake = fakeRenderer();
    const el = element(fake.load);
    el.setAttribute('position', 'bottom-left');
    el.setAttribute('primary-color', '#0f766e');
    document.body.append(el);
    const light = el.shadowRoot!.querySelector<HTMLButtonElement>('.cw-launcher')!;
    expect(light.getAttribute('aria-label')).toBe('Open chat');
    expect(light.parentElement!.className).toBe('cw-root is-left');
    expect(light.parentElement!.style.getPropertyValue('--cw-primary')).toBe('#0f766e');
    expect(el.isReady).toBe(false);

    light.dispatchEvent(new Event('pointerenter'));
    expect(fake.load).toHaveBeenCalledTimes(1);
    fake.release();
    await flush();
    expect(el.isReady).toBe(true);
    expect(el.shadowRoot!.querySelectorAll('.cw-launcher')).toHaveLength(1);
    expect(el.shadowRoot!.querySelector('.full-widget .cw-launcher')).not.toBeNull();
    expect(fake.log.props[0]).toMatchObject({ position: 'bottom-left', primaryColor: '#0f766e' });
  });

  it('queues commands until the widget mounts and replays them in order; a click opens', async () => {
    const fake = fakeRenderer();
    const el = element(fake.load);
    document.body.append(el);
    el.sendMessage('Hello');
    el.shadowRoot!.querySelector<HTMLButtonElement>('.cw-launcher')!.click();
    el.reset();
    expect(fake.log.commands).toEqual([]);
    fake.release();
    await flush();
    expect(fake.log.commands).toEqual([{ type: 'sendMessage', text: 'Hello' }, { type: 'open' }, { type: 'reset' }]);
    el.toggle();
    el.close();
    expect(fake.log.commands.slice(3)).toEqual([{ type: 'toggle' }, { type: 'close' }]);
  });

  it('takes options as attributes, properties (also before upgrade) and update(); undefined clears one', async () => {
    const fake = fakeRenderer();
    const tag = `test-widget-${++tags}`;
    const early = document.createElement(tag) as ChatWidgetElement;
    early.chatbotId = 'set-before-define';
    defineChatWidget(fake.load, tag);
    customElements.upgrade(early);
    expect(early.chatbotId).toBe('set-before-define');

    early.setAttribute('embedded', '');
    document.body.append(early);
    fake.release();
    await flush();
    // Embedded widgets have no launcher to wait for: the full widget loads at once.
    expect(fake.load).toHaveBeenCalledTimes(1);
    expect(fake.log.props.at(-1)).toMatchObject({ chatbotId: 'set-before-define', embedded: true });
    early.update({ primaryColor: '#111111', chatbotId: undefined });
    expect(fake.log.props.at(-1)).toMatchObject({ primaryColor: '#111111', embedded: true });
    expect(fake.log.props.at(-1)!.chatbotId).toBeUndefined();
    early.identify({ userId: 'u-1', userHash: 'a'.repeat(64) });
    expect(fake.log.props.at(-1)!.identity).toEqual({ userId: 'u-1', userHash: 'a'.repeat(64) });
  });

  it('turns the widget callbacks into events: on/off handlers, DOM events, property callbacks', async () => {
    const fake = fakeRenderer();
    const el = element(fake.load);
    const onOpen = vi.fn();
    el.onOpen = onOpen;
    const heard: string[] = [];
    const handler = (m: { content: string }) => heard.push(m.content);
    el.on('message', handler);
    const dom: string[] = [];
    document.addEventListener('widget-close', () => dom.push('widget-close'));
    el.setAttribute('default-open', '');
    document.body.append(el);
    fake.release();
    await flush();
    const props = fake.log.props[0]!;
    props.onOpen!();
    props.onMessage!({ id: 1, sessionId: 's', sender: 'user', content: 'hi', messageType: 'text', createdAt: '' } as never);
    el.off('message', handler);
    props.onMessage!({ id: 2, sessionId: 's', sender: 'bot', content: 'ignored', messageType: 'text', createdAt: '' } as never);
    props.onClose!();
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(heard).toEqual(['hi']);
    expect(dom).toEqual(['widget-close']);

    // `ready` already happened: a late handler is still called.
    const ready = vi.fn();
    el.on('ready', ready);
    await flush();
    expect(ready).toHaveBeenCalledTimes(1);

    // Without onError the error is logged, and dispatched either way.
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const errors: unknown[] = [];
    el.addEventListener('widget-error', (e) => errors.push((e as CustomEvent).detail));
    props.onError!(new Error('boom'));
    expect(log).toHaveBeenCalled();
    expect(errors).toEqual([new Error('boom')]);
    log.mockRestore();
  });

  it('destroy() removes and unmounts it; a move keeps it mounted', async () => {
    const fake = fakeRenderer();
    const el = element(fake.load);
    document.body.append(el);
    el.open();
    fake.release();
    await flush();
    const other = document.body.appendChild(document.createElement('section'));
    other.append(el);
    await flush();
    expect(fake.log.unmounted).toBe(0);
    el.destroy();
    await flush();
    expect(el.isConnected).toBe(false);
    expect(fake.log.unmounted).toBe(1);
  });

  it('reports a widget that fails to load as an error and tries again on the next command', async () => {
    const later = fakeRenderer();
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ mountWidget: later.mountWidget });
    const el = element(load as never);
    const errors: string[] = [];
    el.onError = (e) => errors.push(e.message);
    document.body.append(el);
    el.open();
    await flush();
    expect(errors).toEqual(['offline']);
    el.open();
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
    expect(el.isReady).toBe(true);
    expect(later.log.commands).toEqual([{ type: 'open' }, { type: 'open' }]);
  });
});

describe('a press the swap interrupts', () => {
  it('opens the widget when the full widget replaces the launcher between pointerdown and click', async () => {
    const fake = fakeRenderer();
    const el = element(fake.load);
    document.body.append(el);
    const light = el.shadowRoot!.querySelector<HTMLButtonElement>('.cw-launcher')!;
    light.dispatchEvent(new Event('pointerenter'));
    light.dispatchEvent(new Event('pointerdown'));
    fake.release();
    await flush();
    expect(fake.log.commands).toEqual([{ type: 'open' }]);
  });
});
