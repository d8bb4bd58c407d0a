/** What the server injects into the widget page for iframe embedding (see WidgetPage). */
export type InjectedWidgetConfig = {
  apiUrl?: string;
  embedded?: boolean;
  chatbotConfig?: { id?: number | string; guid?: string; name?: string; isActive?: boolean } & Record<string, unknown>;
};

/** Same global as api/src/features/widget-page/renderWidgetPage.ts; read loosely, it is untrusted input. */
export function injectedWidgetConfig(): InjectedWidgetConfig | undefined {
  if (typeof window === 'undefined') return undefined;
  const value = (window as { __PARLEY_WIDGET_CONFIG__?: unknown }).__PARLEY_WIDGET_CONFIG__;
  return value && typeof value === 'object' ? (value as InjectedWidgetConfig) : undefined;
}

/** Embedded mode: query embedded=true, or the injected configuration's embedded flag (spec §2). */
export function isEmbeddedMode(search: string = typeof window === 'undefined' ? '' : window.location.search): boolean {
  return new URLSearchParams(search).get('embedded') === 'true' || injectedWidgetConfig()?.embedded === true;
}
