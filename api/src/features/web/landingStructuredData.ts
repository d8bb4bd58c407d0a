import { planLabel } from '@parley/contracts';
import type { Plan } from '../../db/schema';
import { env } from '../../env';
import { listPlans } from '../subscription/subscription.service';

/**
 * The landing page's JSON-LD: Parley as an Organization and as a SoftwareApplication with one
 * Offer per plan. Rendered by the server into the HTML of `/` so crawlers see it without
 * running the app, and built from the plans table on every request so the prices search
 * engines show are the ones `/pricing` shows, never a copy that drifts.
 */
export async function landingStructuredData(origin: string, given?: readonly Plan[]) {
  const plans = given ?? (await listPlans());
  const organizationId = `${origin}/#organization`;
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Organization',
        '@id': organizationId,
        name: 'Parley',
        url: `${origin}/`,
        // dashboard/public/favicon.svg, copied into the build by Vite.
        logo: `${origin}/favicon.svg`,
      },
      {
        '@type': 'SoftwareApplication',
        '@id': `${origin}/#software`,
        name: 'Parley',
        applicationCategory: 'BusinessApplication',
        operatingSystem: 'Web',
        description: LANDING_DESCRIPTION,
        url: `${origin}/`,
        publisher: { '@id': organizationId },
        ...(plans.length > 0 && { offers: plans.map((plan) => planOffer(plan, origin)) }),
      },
    ],
  };
}

/** The dashboard's index.html for `/`, with the landing page's JSON-LD at the end of <head>. */
export async function withLandingStructuredData(html: string, requestUrl: string): Promise<string> {
  const script = ldJsonScript(await landingStructuredData(siteOrigin(requestUrl)));
  // A replacer function: a "$&" or "$'" in plan text must not be read as a replacement pattern.
  return html.replace(/<\/head>/i, (end) => `${script}${end}`);
}

/**
 * A `<script type="application/ld+json">` element holding `data`. `<`, `>` and `&` are written
 * as JSON escapes so no text in the data can close the element or open a comment, and U+2028/9
 * so the content stays valid JavaScript for any tool that reads it as such.
 */
export function ldJsonScript(data: unknown): string {
  const json = JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<script type="application/ld+json">${json}</script>`;
}

/** The landing copy: LandingPage's DESCRIPTION and the meta description of dashboard/index.html. */
const LANDING_DESCRIPTION =
  'Create intelligent, customizable AI chatbots for your website in minutes. Train them on your own content and embed them with one line of code.';

function planOffer(plan: Plan, origin: string) {
  const price = (plan.price / 100).toFixed(2);
  const priceCurrency = plan.currency.toUpperCase();
  return {
    '@type': 'Offer',
    name: planLabel(plan),
    price,
    priceCurrency,
    description: plan.description,
    url: `${origin}/pricing`,
    // Paid plans are billed monthly; Free has nothing to bill.
    ...(plan.price > 0 && {
      priceSpecification: { '@type': 'UnitPriceSpecification', price, priceCurrency, billingDuration: 'P1M', unitText: 'MONTH' },
    }),
  };
}

/** PUBLIC_URL's origin when set (the address crawlers should index), else the request's. */
function siteOrigin(requestUrl: string): string {
  return new URL(env.PUBLIC_URL ?? requestUrl).origin;
}
