/** Where the server publishes the `<chat-widget>` custom element bundle (sdk/dist/element.js). */
const WIDGET_ELEMENT_URL = '/widget-assets/element.js';

let loading: Promise<boolean> | null = null;

/**
 * Loads the custom element once. A missing bundle (the widget not built yet) resolves false
 * instead of throwing, so the page around it keeps working.
 */
export function loadWidgetElement(url: string = WIDGET_ELEMENT_URL): Promise<boolean> {
  if (typeof customElements !== 'undefined' && customElements.get('chat-widget')) return Promise.resolve(true);
  loading ??= import(/* @vite-ignore */ url)
    .then(() => true)
    .catch(() => {
      loading = null;
      return false;
    });
  return loading;
}
