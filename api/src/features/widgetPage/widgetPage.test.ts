import { describe, expect, it } from 'vitest';

const kit = await import('../chat/testing/chatKit');

/** The iframe page of `userId`'s bot `guid`, with an optional query string. */
async function page(userId: string, guid: string, query?: Record<string, string>) {
  const route = kit.client.widget[':userId'][':guid'];
  const param = { userId, guid };
  // The page reads its query without a validator, so the typed client has no `query` argument:
  // a query is added to the route's typed URL and fetched raw.
  const res = query ? await kit.app.request(`${route.$url({ param }).pathname}?${new URLSearchParams(query)}`) : await route.$get({ param });
  return { status: res.status, html: await res.text(), csp: res.headers.get('content-security-policy'), type: res.headers.get('content-type') };
}

/** The JSON assigned to window.__PARLEY_WIDGET__ (read by `ChatWidget.init`) in the page. */
function injectedConfig(html: string) {
  const match = /window\.__PARLEY_WIDGET__ = (.*?);<\/script>/.exec(html);
  if (!match) throw new Error('no injected config');
  return JSON.parse(match[1]);
}

describe('/widget/{userId}/{guid}', () => {
  it('serves the iframe page with the widget config injected', async () => {
    const o = await kit.owner();
    const bot = await kit.newBot(o.cookie, {
      name: 'Frame </script><b>bot',
      homeScreenConfig: { components: [], theme: { primaryColor: '#ff0066', backgroundColor: '#000000', textColor: '#ffffff' } },
    });
    const { status, html, csp, type } = await page(o.user.id, bot.guid, { position: 'bottom-left' });
    expect(status).toBe(200);
    expect(type).toContain('text/html');
    expect(csp).toBe('frame-ancestors *');
    expect(html).toContain('<script src="/embed.js"');
    expect(html).not.toContain('</script><b>bot');
    expect(html).toContain('<title>Frame &lt;/script&gt;&lt;b&gt;bot</title>');
    const config = injectedConfig(html);
    expect(config).toMatchObject({
      apiUrl: 'http://localhost',
      embedded: true,
      chatbotConfig: { guid: bot.guid, name: 'Frame </script><b>bot', isActive: true, theme: { chat: { primary: '#ff0066' } } },
    });
    expect(config).not.toHaveProperty('sessionId');
    expect(config).toMatchObject({ apiUrl: 'http://localhost', chatbotId: bot.guid, embedded: true, chatbotConfig: { guid: bot.guid } });
    // One global only: nothing reads a second copy of the config.
    expect(html.match(/window\.__PARLEY_/g)).toHaveLength(1);
    const init = JSON.parse(/ChatWidget\.init\((.*?)\);/.exec(html)![1]);
    expect(init).toEqual({
      apiUrl: 'http://localhost',
      chatbotId: bot.guid,
      embedded: true,
      position: 'bottom-left',
      primaryColor: '#ff0066',
      backgroundColor: '#000000',
      textColor: '#ffffff',
    });
  });

  it('never adopts a session id from the URL and limits framing to the allowed domains', async () => {
    const o = await kit.owner();
    const bot = await kit.newBot(o.cookie, { name: 'Locked', allowedDomains: ['shop.example'] });
    // A link carrying someone else's session id would let its author read the visitor's chat.
    const foreign = kit.newSessionId();
    const { html, csp } = await page(`prefix|${o.user.id}`, bot.guid, { sessionId: foreign, session_id: foreign });
    expect(html).not.toContain(foreign);
    expect(injectedConfig(html)).not.toHaveProperty('sessionId');
    expect(JSON.parse(/ChatWidget\.init\((.*?)\);/.exec(html)![1])).not.toHaveProperty('sessionId');
    expect(csp).toBe("frame-ancestors 'self' https://shop.example http://shop.example");
  });

  it('shows the configuration error for an unknown bot or the wrong owner', async () => {
    const o = await kit.owner();
    const bot = await kit.newBot(o.cookie, { name: 'Mine' });
    for (const [userId, guid] of [
      [o.user.id, '00000000-0000-4000-8000-000000000000'],
      ['someone-else', bot.guid],
    ]) {
      const { status, html } = await page(userId, guid);
      expect(status, `${userId}/${guid}`).toBe(404);
      expect(html).toContain('Chat widget configuration error');
      expect(html).toContain('No valid chatbot configuration found');
      expect(html).not.toContain('embed.js');
    }
  });

  it('shows the inactive texts for a disabled bot', async () => {
    const o = await kit.owner();
    const bot = await kit.newBot(o.cookie, { name: 'Off', isActive: false });
    const { status, html } = await page(o.user.id, bot.guid);
    expect(status).toBe(200);
    expect(html).toContain('Chatbot is currently inactive');
    expect(html).toContain('This chatbot has been disabled by the administrator');
    expect(html).not.toContain('__PARLEY_WIDGET');
  });
});
