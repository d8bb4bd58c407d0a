import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer } from '../../../test/closeServer';
import { createUserAndCookie, newBot } from '../../../test/helpers';
import { retrieve } from '../knowledge/retrieve';
import { addWebsiteSource, waitForIdle } from '../sources/sources.service';
import { offlineReply } from './offlineModel';

/**
 * A new owner's own 8-page product manual (issue 16): answers came with unrelated sentences
 * attached, a raw table row, and one wrong step for "how do I put it in pairing mode".
 */
const PAGES: Record<string, { title: string; body: string }> = {
  '/': {
    title: 'Parley Buds manual',
    body: `<p>Parley Buds are wireless earbuds with active noise cancelling. This manual explains pairing, charging, the controls and how to care for them.</p>
      <p>Start with <a href="/pairing">pairing your headphones</a>, then read about <a href="/charging">charging</a>.</p>`,
  },
  '/pairing': {
    title: 'Pairing your headphones',
    body: `<p>Parley Buds remember up to eight phones. Follow these steps to put them in pairing mode and connect a new phone.</p>
      <ol><li>Turn the headphones off.</li><li>Press and hold the power button for 7 seconds until the light flashes blue and red.</li>
      <li>Open Bluetooth settings on your phone and pick 'Parley Buds'.</li></ol>
      <p>After that they connect by themselves whenever you take them out of the case.</p>`,
  },
  '/charging': {
    title: 'Charging and battery',
    body: `<p>Put the earbuds in the case to charge them. A full charge takes 90 minutes. Ten minutes in the case give two hours of listening.</p>
      <p>The case charges over USB-C or on any Qi wireless charger. The light on the case turns green when it is full.</p>`,
  },
  '/specs': {
    title: 'Technical specifications',
    body: `<p>The figures below were measured at half volume with noise cancelling on.</p>
      <table><thead><tr><th>Specification</th><th>Parley Buds</th><th>Charging case</th></tr></thead>
      <tbody><tr><td>Battery life</td><td>8 hours</td><td>30 hours in total</td></tr>
      <tr><td>Weight</td><td>5.4 g per earbud</td><td>48 g</td></tr>
      <tr><td>Bluetooth</td><td>5.3</td><td>-</td></tr>
      <tr><td>Water resistance</td><td>IPX4</td><td>none</td></tr></tbody></table>`,
  },
  '/controls': {
    title: 'Touch controls',
    body: `<p>Both earbuds have a touch surface on the outside.</p>
      <ul><li>Tap once to play or pause.</li><li>Tap twice to skip to the next track.</li><li>Touch and hold for 2 seconds to switch noise cancelling on or off.</li></ul>
      <p>You can change what each touch does in the Parley app.</p>`,
  },
  '/troubleshooting': {
    title: 'Troubleshooting',
    body: `<p>If the headphones do not show up on your phone, make sure the light flashes blue and red. Forget Parley Buds in the Bluetooth settings of your phone and try pairing again.</p>
      <p>If one earbud stays silent, put both back in the case for ten seconds. Sound that cuts out is often caused by a phone more than 10 metres away.</p>`,
  },
  '/reset': {
    title: 'Factory reset',
    body: `<p>A factory reset removes all pairings and restores the default settings.</p>
      <ol><li>Put both earbuds in the case.</li><li>Press and hold the case button for 15 seconds until the light flashes white.</li><li>Pair the headphones with your phone again.</li></ol>`,
  },
  '/care': {
    title: 'Care and warranty',
    body: `<p>Parley Buds are water resistant (IPX4): they survive sweat and rain, but not swimming. Clean them with a dry cloth and never with alcohol.</p>
      <p>Every pair comes with a two-year warranty. The warranty does not cover lost earbuds.</p>`,
  },
};

function startManualSite() {
  const nav = Object.entries(PAGES)
    .map(([path, p]) => `<a href="${path}">${p.title}</a>`)
    .join(' ');
  const server = http.createServer((req, res) => {
    const page = PAGES[new URL(req.url ?? '/', 'http://x').pathname];
    if (!page) return res.writeHead(404, { 'content-type': 'text/html' }).end('<p>Not found</p>');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><title>${page.title} | Parley Buds</title></head><body><nav>${nav}</nav><main><h1>${page.title}</h1>${page.body}</main></body></html>`);
  });
  return new Promise<{ url: string; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => closeServer(server) })),
  );
}

let site: { url: string; close: () => Promise<void> };
let botId: number;
const bot = { name: 'Buds helper', model: 'offline', temperature: 0.7, maxTokens: 500, systemPrompt: '', welcomeMessage: 'Hi!', fallbackMessage: 'I do not know that yet.' };

async function reply(question: string) {
  return offlineReply({ bot, history: [], visibleQuestion: question, passages: await retrieve(botId, question, { limit: 5 }) });
}

beforeAll(async () => {
  site = await startManualSite();
  const { cookie } = await createUserAndCookie();
  botId = (await newBot(cookie)).id;
  const source = await addWebsiteSource(botId, { url: `${site.url}/`, maxPages: 20 });
  await waitForIdle(source.id);
});
afterAll(() => site.close());

const pairing = { title: 'Pairing your headphones', path: '/pairing' };
const specs = { title: 'Technical specifications', path: '/specs' };

describe('offline answers from a product manual', () => {
  it.each([
    [
      'how do I put it in pairing mode',
      pairing,
      // the whole procedure in order, not the one step that shares most words with the question
      "Follow these steps to put them in pairing mode and connect a new phone.\n1. Turn the headphones off.\n2. Press and hold the power button for 7 seconds until the light flashes blue and red.\n3. Open Bluetooth settings on your phone and pick 'Parley Buds'.",
    ],
    // a table row as a sentence with its headers, without the next row
    ['what is the battery life', specs, 'Battery life: Parley Buds 8 hours, Charging case 30 hours in total.'],
    ['how much does it weigh', specs, 'Weight: Parley Buds 5.4 g per earbud, Charging case 48 g.'],
    // no neighbouring sentence or list item that is about something else
    ['how do I skip a track?', { title: 'Touch controls', path: '/controls' }, '- Tap twice to skip to the next track.'],
    ['how long does a full charge take?', { title: 'Charging and battery', path: '/charging' }, 'A full charge takes 90 minutes.'],
    ['how long is the warranty?', { title: 'Care and warranty', path: '/care' }, 'Every pair comes with a two-year warranty.'],
  ])('%s', async (question, page, text) => {
    const answer = await reply(question);
    expect(answer.text).toBe(text);
    expect(answer.text).not.toContain('|');
    expect(answer.sources).toEqual([{ title: page.title, url: `${site.url}${page.path}` }]);
  });

  it('cites the page every line of the answer was taken from', async () => {
    for (const question of ['how do I put it in pairing mode', 'what is the battery life', 'how do I reset them?', 'how do I skip a track?']) {
      const passages = await retrieve(botId, question, { limit: 5 });
      const answer = offlineReply({ bot, history: [], visibleQuestion: question, passages });
      const cited = passages.filter((p) => p.url === answer.sources[0]?.url).map((p) => p.content).join('\n');
      for (const line of answer.text.split('\n')) expect(cited, question).toContain(line);
    }
  });
});
