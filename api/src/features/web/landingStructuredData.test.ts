import { readFileSync } from 'node:fs';
import path from 'node:path';
import { planLabel } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { ensureStarted } from '../../../test/helpers';
import { app } from '../../app';
import { db } from '../../db/client';
import { plans } from '../../db/schema';
import { env } from '../../env';
import { ROOT_DIR } from '../../lib/paths';
import { listPlans, seedPlans } from '../subscription/subscription.service';
import { landingStructuredData, ldJsonScript } from './landingStructuredData';

// The pages are served from a temporary build folder holding the dashboard's index.html
// source, so this runs without `npm run build` and through the same routes as production.
vi.mock('../../lib/paths', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../lib/paths')>();
  const { copyFileSync, mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dist = mkdtempSync(path.join(tmpdir(), 'parley-dist-'));
  copyFileSync(path.join(original.ROOT_DIR, 'dashboard', 'index.html'), path.join(dist, 'index.html'));
  return { ...original, DASHBOARD_DIST: dist };
});

const LD_JSON = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g;

/** The page at `url` and the parsed JSON of each of its ld+json scripts. */
async function page(url: string) {
  await ensureStarted();
  const res = await app.request(url);
  const html = await res.text();
  return { status: res.status, type: res.headers.get('content-type'), html, ld: [...html.matchAll(LD_JSON)].map((m) => JSON.parse(m[1]!)) };
}

type Node = Record<string, unknown> & { '@type': string };
const node = (ld: { '@graph': Node[] }, type: string) => ld['@graph'].find((n) => n['@type'] === type)!;

describe('landing page structured data', () => {
  it('serves / with one JSON-LD graph in <head>: the Organization and the app with an offer per plan', async () => {
    const { status, type, html, ld } = await page('http://parley.example/');
    expect(status).toBe(200);
    expect(type).toContain('text/html');
    expect(ld).toHaveLength(1);
    expect(html.indexOf('application/ld+json')).toBeLessThan(html.indexOf('</head>'));
    const graph = ld[0];
    expect(graph['@context']).toBe('https://schema.org');
    expect(graph['@graph'].map((n: Node) => n['@type'])).toEqual(['Organization', 'SoftwareApplication']);

    const origin = 'http://parley.example';
    const org = node(graph, 'Organization');
    expect(org).toEqual({ '@type': 'Organization', '@id': `${origin}/#organization`, name: 'Parley', url: `${origin}/`, logo: `${origin}/favicon.svg` });
    const appNode = node(graph, 'SoftwareApplication');
    expect(appNode).toMatchObject({
      name: 'Parley',
      applicationCategory: 'BusinessApplication',
      operatingSystem: 'Web',
      url: `${origin}/`,
      publisher: { '@id': org['@id'] },
    });
    // The landing copy, not a claim of its own: index.html's meta description says the same.
    const meta = /<meta\s+name="description"\s+content="([^"]*)"/.exec(readFileSync(path.join(ROOT_DIR, 'dashboard', 'index.html'), 'utf8'));
    expect(appNode.description).toBe(meta![1]);

    const dbPlans = await listPlans();
    expect(dbPlans).toHaveLength(4);
    const offers = appNode.offers as Node[];
    expect(offers.map((o) => [o.name, o.price, o.priceCurrency, o.description])).toEqual(
      dbPlans.map((p) => [planLabel(p), (p.price / 100).toFixed(2), p.currency.toUpperCase(), p.description]),
    );
    expect(offers.map((o) => o.name)).toContain('Trial');
    expect(offers.map((o) => o.name)).not.toContain('Free');
    for (const [i, offer] of offers.entries()) {
      expect(offer['@type']).toBe('Offer');
      expect(offer.url).toBe(`${origin}/pricing`);
      expect(offer.priceCurrency).toBe('USD');
      if (dbPlans[i]!.price === 0) expect(offer).not.toHaveProperty('priceSpecification');
      else
        expect(offer.priceSpecification).toEqual({
          '@type': 'UnitPriceSpecification',
          price: offer.price,
          priceCurrency: 'USD',
          billingDuration: 'P1M',
          unitText: 'MONTH',
        });
    }
  });

  it("uses PUBLIC_URL's origin when set", async () => {
    env.PUBLIC_URL = 'https://chat.example.com/some/path';
    try {
      const { ld } = await page('http://internal:3000/');
      const appNode = node(ld[0], 'SoftwareApplication');
      expect(appNode.url).toBe('https://chat.example.com/');
      expect((appNode.offers as Node[])[0]!.url).toBe('https://chat.example.com/pricing');
    } finally {
      delete env.PUBLIC_URL;
    }
  });

  it('reads the plans at request time and keeps their text inside the script', async () => {
    const evil = "</script><script>alert(1)</script> <!-- $' $& \u2028";
    await db.update(plans).set({ description: evil }).where(eq(plans.id, 'basic'));
    try {
      const { html, ld } = await page('/');
      expect(html).not.toContain('alert(1)</script>');
      expect(html.match(/<\/script/g)).toHaveLength(html.match(/<script/g)!.length);
      expect(ld).toHaveLength(1);
      const offers = node(ld[0], 'SoftwareApplication').offers as Node[];
      expect(offers.find((o) => o.name === 'Basic')!.description).toBe(evil);
      // "$'" and "$&" in the text are not replacement patterns: the page is not duplicated.
      expect(html.match(/<\/head>/g)).toHaveLength(1);
      expect(html.match(/<div id="root">/g)).toHaveLength(1);
    } finally {
      await seedPlans();
    }
  });

  it('leaves the JSON-LD to the landing page: other pages get the plain index.html', async () => {
    for (const url of ['/pricing', '/docs', '/dashboard']) {
      const { status, html, ld } = await page(url);
      expect(status).toBe(200);
      expect(html).toContain('<div id="root"></div>');
      expect(ld).toEqual([]);
    }
  });
});

describe('ldJsonScript', () => {
  it('escapes what could end the script element and parses back to the same data', () => {
    const data = { description: '</script><script>alert(1)</script>', other: '<!-- a & b > c --> \u2028\u2029 "quoted" \\' };
    const script = ldJsonScript(data);
    const inner = script.slice('<script type="application/ld+json">'.length, -'</script>'.length);
    expect(script.startsWith('<script type="application/ld+json">')).toBe(true);
    expect(script.endsWith('</script>')).toBe(true);
    expect(inner).not.toMatch(/[<>&\u2028\u2029]/);
    expect(inner.toLowerCase()).not.toContain('</script');
    expect(inner).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(inner)).toEqual(data);
  });
});

describe('landingStructuredData', () => {
  const plan = { id: 'x', name: 'Team', description: 'For teams.', price: 1999, currency: 'eur', features: [], maxBots: 1, maxMessagesPerMonth: 1, sortOrder: 0 };

  it('writes minor units as a decimal price and leaves offers out when there are no plans', async () => {
    const [, withPlan] = (await landingStructuredData('https://x.example', [plan]))['@graph'];
    expect(withPlan).toMatchObject({ offers: [{ name: 'Team', price: '19.99', priceCurrency: 'EUR', priceSpecification: { price: '19.99' } }] });
    const [, withoutPlans] = (await landingStructuredData('https://x.example', []))['@graph'];
    expect(withoutPlans).not.toHaveProperty('offers');
  });
});
