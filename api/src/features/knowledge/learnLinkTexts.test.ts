import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer } from '../../../test/closeServer';
import { createUserAndCookie, newBot } from '../../../test/helpers';
import { offlineReply } from '../ai/offlineModel';
import { addWebsiteSource, waitForIdle } from '../sources/sources.service';
import { askedWords, learnLinkTexts, namesOf } from './learnLinkTexts';
import { retrieve } from './retrieve';

/**
 * A help centre whose articles are numbered, not named: only the links in its menu say which is
 * the refund policy. The refund article itself never says "refund" or "policy".
 */
const PAGES: Record<string, { title: string; body: string }> = {
  '/': { title: 'Fernwood Outdoor', body: 'Fernwood Outdoor sells tents, stoves and sleeping bags for every season, shipped from our barn in Vermont.' },
  '/help/article-17': { title: 'Article 17', body: 'Send the item back within 30 days of delivery and we pay the full amount back into your account within a week.' },
  '/help/article-9': { title: 'Article 9', body: 'Parcels leave our barn within two working days and arrive within a week anywhere in the country.' },
  '/help/article-3': { title: 'Article 3', body: 'Our privacy policy explains which cookies we set and how long we keep your address.' },
};
const MENU = '<nav><a href="/help/article-17">Refund policy</a> <a href="/help/article-9">Delivery times</a> <a href="/help/article-3">Privacy</a> <a href="/">Home</a> <a href="/help/article-9">Next</a></nav>';

let server: http.Server;
let base: string;
let bot: Awaited<ReturnType<typeof newBot>>;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const page = PAGES[new URL(req.url ?? '/', 'http://x').pathname];
    if (!page) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
      `<!doctype html><html><head><title>${page.title}</title></head><body>${MENU}<main><h1>${page.title}</h1><p>${page.body}</p></main></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { cookie } = await createUserAndCookie();
  bot = await newBot(cookie);
  await addWebsiteSource(bot.id, { url: `${base}/`, maxPages: 10 });
  await waitForIdle();
});
afterAll(() => closeServer(server));

describe('link texts', () => {
  it('learns what the site’s links call each page, leaving out links that name no page', async () => {
    const texts = await learnLinkTexts(bot.id);
    expect(namesOf(texts, `${base}/help/article-17`, askedWords('What is your refund policy?'))).toEqual(['Refund policy']);
    expect(namesOf(texts, `${base}/help/article-9`, askedWords('What are your delivery times?'))).toEqual(['Delivery times']);
    // the menu's "Next" and "Home" name no page; a page's links to itself are left out
    expect(namesOf(texts, `${base}/`, askedWords('next home page'))).toBeNull();
    // a text counts only when the question says all of it
    expect(namesOf(texts, `${base}/help/article-17`, askedWords('Where is your privacy policy?'))).toBeNull();
  });

  it('answers "what is your refund policy?" from the article the menu calls "Refund policy", which never says so', async () => {
    const question = 'What is your refund policy?';
    const passages = await retrieve(bot.id, question);
    expect(passages[0]?.url).toBe(`${base}/help/article-17`);
    const reply = offlineReply({ bot, history: [], visibleQuestion: question, passages });
    expect(reply.sources).toEqual([{ title: 'Article 17', url: `${base}/help/article-17` }]);
    expect(reply.text).toContain('Send the item back within 30 days');
  });

  it('finds a page by the words of its link even when a longer question holds them apart', async () => {
    const passages = await retrieve(bot.id, 'How long are your delivery times to Canada?');
    expect(passages[0]?.url).toBe(`${base}/help/article-9`);
  });
});
