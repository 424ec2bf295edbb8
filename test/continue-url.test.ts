/**
 * A UCP checkout's continue_url, `<base>/checkout/{token}` (server/payments/continue.ts, served by
 * app/checkout/[token]/route.ts), over the service's real node:http server and database. Next
 * is stood in for by a page handler that calls the route itself, so the custom server's page rules
 * (the JSON 404 for clients that do not ask for HTML, 503 on an outage) apply as in production.
 * It leads to the live payment link, or a fresh one once the last expired or a change cancelled it
 * (never two live links, however often it is opened), to the paid link's page once the order is
 * placed, and otherwise to a page saying in words what is missing or that the checkout ended.
 */
import type http from 'node:http';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET } from '../app/checkout/[token]/route';
import { newCheckoutToken } from '../server/carts/checkout-link';
import type { Db } from '../server/db/client';
import { carts, paymentLinks, type CartBuyer } from '../server/db/schema';
import { createHttpServer } from '../server/http/server';
import { pageUnavailable } from '../server/http/page-outage';
import { continueCheckout, plainHttpWarning } from '../server/payments/continue';
import { payPage, type PayPage } from '../server/payments/pay-page';
import { registerRuntime, type Runtime } from '../server/runtime';
import { testApp, type TestApp } from './support/app';
import { agentApi, seedCart } from './support/cart-fixtures';
import { seedCatalog, seller } from './support/catalog-fixtures';
import { setClock } from './support/clock';
import { freePort, listenOn } from './support/ports';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const BUYER: CartBuyer = { email: 'grace@example.org', first_name: 'Grace' };

let t: TestApp;
let db: Db;
let url: string;
let server: http.Server;
let pay: PayPage;

/** Next's part: /checkout/{token} answered by its route handler, anything else missing. */
async function nextStandIn(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const token = /^\/checkout\/([^/?]+)$/.exec(req.url ?? '')?.[1];
  if (!token) return void res.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Page not found</h1>');
  const response = await GET(new Request(url + req.url), { params: Promise.resolve({ token }) });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  t = await testApp({ PUBLIC_BASE_URL: url });
  db = t.app.services.db;
  pay = payPage(t.app.services);
  // What server/main.ts registers for the pages; the accounts and OAuth facades are not needed here.
  registerRuntime({ services: t.app.services, payPage: pay, continueCheckout: (token) => continueCheckout(t.app.services, token), pageUnavailable } as Runtime);
  ({ server } = createHttpServer({ base: url, gateway: t.app.gateway, mcp: t.app.mcp, webhooks: t.app.webhooks }, nextStandIn));
  await listenOn(server, port);
  await seedCatalog(db, [{ seller: seller('continue-shop', { name: 'Continue Shop' }), products: [{ title: 'Stoneware Jug', variants: [[2400, 50]] }, { title: 'Linen Towel', variants: [[900, 1]] }] }]);
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

const api = async (method: string, path: string, body?: unknown) => {
  const res = await agentApi(t)(method, path, body);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body;
};

/** A cart made a checkout session as create_checkout makes one: its token's hash and its buyer stored. */
async function checkout(items: [string, number][] = [['Stoneware Jug', 1]], opts: { buyer?: CartBuyer; address?: null } = {}) {
  const id = await seedCart(db, items, opts.address);
  const { token, hash } = newCheckoutToken(t.app.services.keys, id);
  await db.update(carts).set({ checkoutTokenHash: hash, buyer: opts.buyer ?? BUYER }).where(eq(carts.id, id));
  return { id, token };
}

const open = (token: string, accept = BROWSER) => fetch(`${url}/checkout/${token}`, { redirect: 'manual', headers: { accept } });
const linksOf = (cartId: string) => db.select().from(paymentLinks).where(eq(paymentLinks.cartId, cartId)).orderBy(paymentLinks.createdAt);
const tokenOf = (location: string) => new URL(location).pathname.split('/').pop()!;

async function redirected(token: string): Promise<string> {
  const res = await open(token);
  expect(res.status, await res.clone().text()).toBe(303);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return res.headers.get('location')!;
}

async function page(token: string, status = 200): Promise<{ html: string; headers: Headers }> {
  const res = await open(token);
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  return { html: await res.text(), headers: res.headers };
}

describe('GET /checkout/{token}', () => {
  it('sends the person to the live payment link', async () => {
    const c = await checkout();
    const link = await api('POST', '/api/agent/payment-link', { cart_id: c.id });
    expect(await redirected(c.token)).toBe(link.url);
    expect(await redirected(c.token)).toBe(link.url);
    expect(await linksOf(c.id)).toHaveLength(1);
  });

  it('issues a payment link for a ready cart, and opened again (a prefetcher, a reload) answers the same one', async () => {
    const c = await checkout();
    const [first, second] = await Promise.all([redirected(c.token), redirected(c.token)]);
    expect(first).toMatch(new RegExp(`^${url}/pay/[A-Za-z0-9_-]{43}$`));
    expect(second).toBe(first);
    expect(await redirected(c.token)).toBe(first);
    const links = await linksOf(c.id);
    expect(links.map((l) => l.status)).toEqual(['live']);
    expect(links[0].amountCents).toBe(2400 + 499);
    expect(await pay.view(tokenOf(first), {})).toMatchObject({ state: 'live', amount: '$28.99' });
  });

  it('makes a fresh link once a cart change cancelled the last', async () => {
    const c = await checkout();
    const before = await redirected(c.token);
    const cart = await api('GET', `/api/agent/cart/${c.id}`);
    await api('PATCH', `/api/agent/cart/${c.id}/items/${cart.line_items[0].id}`, { quantity: 2 });
    const after = await redirected(c.token);
    expect(after).not.toBe(before);
    expect((await linksOf(c.id)).map((l) => [l.status, l.amountCents])).toEqual([
      ['cancelled', 2899],
      ['live', 2 * 2400 + 499],
    ]);
    expect(await pay.view(tokenOf(before), {})).toEqual({ state: 'cancelled' });
  });

  it('makes a fresh link, with a new id, once the last expired without the cart changing', async () => {
    const c = await checkout();
    const before = await redirected(c.token);
    const [expiring] = await linksOf(c.id);
    const restore = setClock(new Date(expiring.expiresAt.getTime() + 60_000).toISOString());
    try {
      const after = await redirected(c.token);
      expect(after).not.toBe(before);
      const links = await linksOf(c.id);
      expect(links.map((l) => l.status)).toEqual(['expired', 'live']);
      expect(links[1].id).not.toBe(links[0].id);
      expect(await redirected(c.token)).toBe(after);
    } finally {
      restore();
    }
    // A link whose expiry was set in the past by hand (another instance's clock) goes the same way.
    await db.update(paymentLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(and(eq(paymentLinks.cartId, c.id), eq(paymentLinks.status, 'live')));
    await redirected(c.token);
    // Sorted: the second link was made on the moved clock, so it is the newest by created_at.
    const links = await linksOf(c.id);
    expect(links.map((l) => l.status).sort()).toEqual(['expired', 'expired', 'live']);
    expect(new Set(links.map((l) => l.id)).size).toBe(3);
  });

  it('says in words what is missing before the order can be paid, under the site’s bar, with the page security headers, and makes no link', async () => {
    const c = await checkout([['Linen Towel', 3]], { buyer: { first_name: 'Grace' }, address: null });
    const { html, headers } = await page(c.token);
    expect(html).toContain('This order is not ready to pay yet');
    // The bar of the pay page (app/_components/site-header.tsx): the service's name, leading home, in the site's look.
    expect(html).toContain('<header class="site-header"><a href="/" class="site-name">Agent Commerce</a></header>');
    expect(html).toMatch(/<style>[^<]*\.site-header \{/);
    expect(html).toContain('your e-mail address, for the order confirmation');
    expect(html).toContain('a shipping address');
    expect(html).toContain('fewer of Linen Towel: 3 in the cart, 1 in stock');
    expect(html).toContain('Go back to your assistant');
    expect(html).toContain(`href="/checkout/${c.token}"`);
    expect(headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('same-origin');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('cache-control')).toBe('no-store');
    expect(await linksOf(c.id)).toEqual([]);

    // A cart with everything but the buyer's e-mail is not ready either: the confirmation goes there.
    const noEmail = await checkout([['Stoneware Jug', 1]], { buyer: {} });
    const missing = (await page(noEmail.token)).html;
    expect(missing).toContain('Still missing: your e-mail address, for the order confirmation.');
    expect(await linksOf(noEmail.id)).toEqual([]);
  });

  it('sends a paid checkout to the paid link’s page, which shows the order', async () => {
    const c = await checkout();
    const location = await redirected(c.token);
    const token = tokenOf(location);
    const view = await pay.view(token, {});
    if (view.state !== 'live' || !('form' in view.payment)) throw new Error(`not payable: ${view.state}`);
    const card = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Grace Hopper' };
    await pay.submit(token, { form_token: view.payment.form.formToken, ...card }, { origin: url, referer: null });
    expect((await db.select().from(carts).where(eq(carts.id, c.id)))[0].status).toBe('completed');
    expect(await redirected(c.token)).toBe(location);
    expect(await pay.view(token, {})).toMatchObject({ state: 'paid' });
  });

  it('says so when the checkout was cancelled or expired, or while an x402 payment of it is settling', async () => {
    const cancelled = await checkout();
    await db.update(carts).set({ status: 'cancelled' }).where(eq(carts.id, cancelled.id));
    expect((await page(cancelled.token)).html).toContain('It was cancelled, so nothing was charged');

    const expired = await checkout();
    await db.update(carts).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(carts.id, expired.id));
    const ended = (await page(expired.token)).html;
    expect(ended).toContain('This checkout has ended');
    expect(ended).toContain('It expired before it was paid');

    const settling = await checkout();
    await db.update(carts).set({ status: 'checkout', orderId: 'order_settling' }).where(eq(carts.id, settling.id));
    expect((await page(settling.token)).html).toContain('Your payment is in progress');
    expect(await linksOf(settling.id)).toEqual([]);
  });

  it('answers an unknown token with the 404 page, and a client that does not ask for HTML with the JSON 404', async () => {
    for (const token of ['x'.repeat(43), 'short', newCheckoutToken(t.app.services.keys, 'cart_never_made').token]) {
      const res = await open(token);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('Page not found');
    }
    const json = await open('x'.repeat(43), 'application/json');
    expect(json.status).toBe(404);
    expect(await json.json()).toMatchObject({ code: 'not_found' });
  });
});

describe('start-up with an http PUBLIC_BASE_URL', () => {
  it('warns that UCP platforms refuse http endpoints and continue_urls; an https base is quiet', () => {
    expect(plainHttpWarning('http://localhost:3000')).toMatch(/^PUBLIC_BASE_URL http:\/\/localhost:3000 is not https: real UCP platforms will refuse/);
    expect(plainHttpWarning('https://shop.example')).toBeUndefined();
  });
});
