import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { MountWidget } from '../element/widgetApi';
import { adoptStyles } from '../lib/adoptStyles';
import { styleRichMessagesIn } from '../messages/useRichMessages';
import css from '../styles/widget.css?inline';
import { WidgetRoot } from '../widget/WidgetRoot';
import { createCommandChannel } from './commandChannel';

/**
 * The full widget's entry, fetched by `<chat-widget>` after its launcher is drawn: adopts the
 * widget stylesheet into the element's shadow root and renders the widget into a container of
 * its own there (the rich messages' styles follow when their chunk arrives). The first render is synchronous, so the element can drop its launcher in the
 * same task.
 */
export const mountWidget: MountWidget = (shadow, props, nonce, configRequest) => {
  adoptStyles(shadow, css, nonce);
  const forgetRoot = styleRichMessagesIn(shadow, nonce);
  const container = document.createElement('div');
  shadow.append(container);
  const root = createRoot(container);
  const commands = createCommandChannel();
  const render = (next: typeof props) => root.render(createElement(WidgetRoot, { ...next, commands, configRequest }));
  flushSync(() => render(props));
  return {
    render,
    command: commands.send,
    unmount() {
      forgetRoot();
      root.unmount();
      container.remove();
    },
  };
};
