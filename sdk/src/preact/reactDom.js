// What the browser bundles get for `react-dom` and `react-dom/client` (see react.js): preact's
// render is synchronous, so flushSync only runs its callback.
import { render } from 'preact';

export function createRoot(container) {
  return {
    render: (vnode) => render(vnode, container),
    unmount: () => render(null, container),
  };
}

export function flushSync(run) {
  return run();
}
