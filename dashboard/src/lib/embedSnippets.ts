/** The copy-paste snippets shown on the landing, docs, embed and test pages. */
/**
 * The one-line script tag: `async`, configured by data attributes (no inline handler, so it also
 * works on sites with a strict Content-Security-Policy); the API is the script's own origin.
 */
export function scriptTagSnippet(origin: string, chatbotId: string, position: 'bottom-right' | 'bottom-left' = 'bottom-right') {
  const place = position === 'bottom-right' ? '' : ` data-position="${position}"`;
  return `<script async src="${origin}/embed.js" data-chatbot-id="${chatbotId}"${place}></script>`;
}

export function customElementSnippet(origin: string, chatbotId: string) {
  return `<script type="module" src="${origin}/widget-assets/element.js"></script>\n<chat-widget api-url="${origin}" chatbot-id="${chatbotId}"></chat-widget>`;
}

export function iframeSnippet(origin: string, userId: string, chatbotId: string) {
  return `<iframe src="${origin}/widget/${userId}/${chatbotId}" width="400" height="600" style="border:0" title="Chat"></iframe>`;
}

/** A user id may carry a prefix before "|"; widget URLs use the part after it, as the API's widget route does. */
export function widgetUserId(userId: string) {
  return userId.includes('|') ? userId.slice(userId.lastIndexOf('|') + 1) : userId;
}
