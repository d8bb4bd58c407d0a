import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Obj = Record<string, unknown>;
type FakeSubscription = {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  metadata: Record<string, string>;
  items: { object: 'list'; data: { id: string; object: 'subscription_item'; price: { id: string; object: 'price' }; quantity: number; current_period_start: number; current_period_end: number }[] };
};

/** One request the SDK made, decoded: method, path and the form-encoded body as flat keys. */
export type StripeCall = { method: string; path: string; body: Record<string, string>; idempotencyKey?: string };

/**
 * A small Stripe-compatible API server for tests: the real `stripe` SDK talks to it over HTTP
 * (host/port/protocol), so requests are built, encoded and parsed exactly as against Stripe. It
 * keeps customers, Checkout Sessions and subscriptions in memory and records every call.
 */
export async function startFakeStripe() {
  const calls: StripeCall[] = [];
  const customers = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, FakeSubscription>();
  const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

  const server = createServer(async (req, res) => {
    const body = await readForm(req);
    const url = new URL(req.url ?? '/', 'http://stripe.test');
    const path = url.pathname;
    calls.push({ method: req.method ?? 'GET', path, body, idempotencyKey: req.headers['idempotency-key'] as string | undefined });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(payload));
    };
    const missing = () => send(404, { error: { type: 'invalid_request_error', message: `No such object: ${path}` } });

    if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_test_')) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (req.method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', email: body.email, metadata: pick(body, 'metadata') };
      customers.set(customer.id, customer);
      return send(200, customer);
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const sessionId = id('cs_test');
      const session = {
        id: sessionId,
        object: 'checkout.session',
        mode: body.mode,
        customer: body.customer,
        client_reference_id: body.client_reference_id,
        metadata: pick(body, 'metadata'),
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        subscription: null as string | null,
        price: body['line_items[0][price]'],
        subscription_metadata: pick(body, 'subscription_data[metadata]'),
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
      };
      sessions.set(sessionId, session);
      return send(200, session);
    }
    const subMatch = path.match(/^\/v1\/subscriptions\/([\w-]+)$/);
    if (subMatch) {
      const sub = subscriptions.get(subMatch[1]!);
      if (!sub) return missing();
      if (req.method === 'DELETE') sub.status = 'canceled';
      if (req.method === 'POST') {
        if (body.cancel_at_period_end !== undefined) sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
        if (body['items[0][price]']) {
          const item = sub.items.data.find((i) => i.id === body['items[0][id]']);
          if (!item) return send(400, { error: { type: 'invalid_request_error', message: 'No such subscription item' } });
          item.price = { id: body['items[0][price]'], object: 'price' };
        }
        Object.assign(sub.metadata, pick(body, 'metadata'));
      }
      return send(200, sub);
    }
    return missing();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    sessions,
    subscriptions,
    /**
     * What Stripe does when the visitor pays on the Checkout page: a subscription for the
     * session's price, a month long from `now`. Answers the `checkout.session.completed` event.
     */
    payCheckout(sessionId: string, now = new Date()) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`unknown session ${sessionId}`);
      const start = Math.floor(now.getTime() / 1000);
      const end = start + 30 * 86_400;
      const sub: FakeSubscription = {
        id: id('sub'),
        object: 'subscription',
        customer: session.customer as string,
        status: 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        metadata: session.subscription_metadata as Record<string, string>,
        items: {
          object: 'list',
          data: [{ id: id('si'), object: 'subscription_item', price: { id: session.price as string, object: 'price' }, quantity: 1, current_period_start: start, current_period_end: end }],
        },
      };
      subscriptions.set(sub.id, sub);
      session.subscription = sub.id;
      return event('checkout.session.completed', { ...session, status: 'complete' });
    },
    /** Stripe renewing a subscription: the next period, as `customer.subscription.updated`. */
    renew(subscriptionId: string) {
      const sub = subscriptions.get(subscriptionId)!;
      for (const item of sub.items.data) {
        item.current_period_start = item.current_period_end;
        item.current_period_end += 30 * 86_400;
      }
      return event('customer.subscription.updated', sub);
    },
    /** A payment outcome: the subscription's new status, as `customer.subscription.updated`. */
    setStatus(subscriptionId: string, status: string) {
      const sub = subscriptions.get(subscriptionId)!;
      sub.status = status;
      return event('customer.subscription.updated', sub);
    },
    /** Stripe ending a subscription (period over after a cancel, or canceled in its dashboard). */
    end(subscriptionId: string) {
      const sub = subscriptions.get(subscriptionId)!;
      sub.status = 'canceled';
      return event('customer.subscription.deleted', sub);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  function event(type: string, object: unknown) {
    return JSON.stringify({ id: id('evt'), object: 'event', type, api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), data: { object: structuredClone(object) } });
  }
}

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

/** `metadata[planId]=x` style keys under `prefix`, as an object. */
function pick(body: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key.startsWith(`${prefix}[`)) out[key.slice(prefix.length + 1, -1)] = value;
  }
  return out;
}

const WEBHOOK_SECRET = 'whsec_test_parley';

/** The fake, with the app's Stripe settings pointed at it: start it before env.ts is first imported. */
export async function startStripeBilling() {
  const fake = await startFakeStripe();
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: 'sk_test_parley',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_BASIC: 'price_basic',
    STRIPE_PRICE_PREMIUM: 'price_premium',
    STRIPE_PRICE_ULTRA: 'price_ultra',
    STRIPE_API_URL: fake.url,
    PUBLIC_URL: 'https://parley.example.com',
  });
  return fake;
}

/** Signed the way Stripe signs (the SDK's own test helper), with our secret or another. */
export function signedWebhook(payload: string, secret = WEBHOOK_SECRET) {
  return new Stripe('sk_test_unused').webhooks.generateTestHeaderString({ payload, secret });
}

/** Posts `payload` to the app's webhook as Stripe would; a null signature sends none. */
export async function deliverWebhook(payload: string, signature: string | null = signedWebhook(payload)) {
  const { app } = await import('../src/app');
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== null) headers['stripe-signature'] = signature;
  const res = await app.request('/api/billing/webhook', { method: 'POST', body: payload, headers });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
