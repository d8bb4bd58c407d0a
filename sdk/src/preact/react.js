// What the browser bundles get for `react`: core preact and its hooks, plus the few things the
// widget uses from preact/compat (useSyncExternalStore, text inputs' onChange meaning onInput,
// `event.nativeEvent`), at a fraction of compat's size. Build-only (rollup alias); the unit tests
// run on real React and the browser journeys on this.
import { options } from 'preact';
import { useLayoutEffect, useState } from 'preact/hooks';

export { createContext, createElement, Fragment } from 'preact';
export { useCallback, useContext, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';

/** React's store subscription, for the chat controller: re-renders when the snapshot changes. */
export function useSyncExternalStore(subscribe, getSnapshot) {
  const value = getSnapshot();
  const [, force] = useState(0);
  useLayoutEffect(() => {
    let last = getSnapshot();
    const check = () => {
      const next = getSnapshot();
      if (!Object.is(next, last)) {
        last = next;
        force((n) => n + 1);
      }
    };
    check();
    return subscribe(check);
  }, [subscribe, getSnapshot]);
  return value;
}

const TEXT_LIKE = /^(?:textarea|input|select)$/;
const previous = options.vnode;
// React fires onChange on every keystroke; the DOM's change event waits for blur.
options.vnode = (vnode) => {
  const props = vnode.props;
  if (typeof vnode.type === 'string' && TEXT_LIKE.test(vnode.type) && props.onChange && !/^(?:checkbox|radio|file)$/.test(props.type)) {
    props.onInput = props.onChange;
    props.onChange = undefined;
  }
  previous?.(vnode);
};

const previousEvent = options.event;
// Handlers get the DOM event itself; React code reads some fields from `nativeEvent`.
options.event = (event) => {
  event.nativeEvent = event;
  return previousEvent ? previousEvent(event) : event;
};
