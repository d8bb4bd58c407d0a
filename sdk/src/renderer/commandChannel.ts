import type { WidgetCommand } from '../element/widgetApi';

/** Carries commands from the element to the rendered widget, keeping those sent before it listens. */
export interface CommandChannel {
  send(command: WidgetCommand): void;
  /** Starts delivering to `handler` (the queued commands first); answers the detach function. */
  listen(handler: (command: WidgetCommand) => void): () => void;
}

export function createCommandChannel(): CommandChannel {
  let handler: ((command: WidgetCommand) => void) | null = null;
  const queue: WidgetCommand[] = [];
  return {
    send(command) {
      if (handler) handler(command);
      else queue.push(command);
    },
    listen(next) {
      handler = next;
      for (const command of queue.splice(0)) next(command);
      return () => {
        if (handler === next) handler = null;
      };
    },
  };
}
