import { WIDGET_CONFIG_GLOBAL, type PublicChatbotConfig } from '@parley/contracts';

export const CONFIG_ERROR_TITLE = 'Chat widget configuration error';
export const CONFIG_ERROR_TEXT = 'No valid chatbot configuration found';
export const INACTIVE_TITLE = 'Chatbot is currently inactive';
export const INACTIVE_TEXT = 'This chatbot has been disabled by the administrator';

export type WidgetInitOptions = {
  position: 'bottom-right' | 'bottom-left';
  primaryColor?: string;
  backgroundColor?: string;
  textColor?: string;
};

/**
 * The iframe page: the bot's public config is injected as `window.__PARLEY_WIDGET__` (read by
 * `ChatWidget.init`), so the embedded widget starts without a config round trip; then
 * `/embed.js` is loaded and `ChatWidget.init` called in embedded mode.
 */
export function renderWidgetPage(config: { apiUrl: string; chatbotConfig: PublicChatbotConfig }, options: WidgetInitOptions): string {
  const init = {
    apiUrl: config.apiUrl,
    chatbotId: config.chatbotConfig.guid,
    embedded: true,
    ...options,
  };
  return page(
    config.chatbotConfig.name,
    `<div id="parley-widget-root"></div>
<script>window.${WIDGET_CONFIG_GLOBAL} = ${scriptJson({ ...init, chatbotConfig: config.chatbotConfig })};</script>
<script src="/embed.js" onerror="document.getElementById('parley-widget-root').textContent='The chat widget could not be loaded.'"></script>
<script>if (window.ChatWidget) window.ChatWidget.init(${scriptJson(init)});</script>`,
  );
}

/** The spec's error and inactive screens, for a missing, mismatched or disabled bot. */
export function renderWidgetMessage(title: string, text: string): string {
  return page(
    title,
    `<main class="notice" role="alert"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></main>`,
  );
}

function page(title: string, body: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
html,body{margin:0;height:100%;background:transparent;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937}
.notice{display:flex;flex-direction:column;align-items:center;justify-content:center;height:100%;padding:24px;box-sizing:border-box;text-align:center}
.notice h1{font-size:18px;margin:0 0 8px}.notice p{font-size:14px;margin:0;color:#6b7280}
</style>
</head>
<body>
${body}
</body>
</html>`;
}

/** JSON safe inside a <script> element. */
function scriptJson(value: unknown) {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}
