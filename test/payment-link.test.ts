/**
 * POST /api/agent/payment-link and the MCP tool `checkout`, through the real handler and database:
 * 201 with the link, the same request replayed, the live link again with 200, not-ready reasons
 * checked before the total ceiling, the ceiling's documented body, ownership, a cancelled link
 * (its page saying so), an expired link reopening the cart. Paying a link on the built-in page:
 * refused while its total is above the limit in force at that moment; a payment whose capture is
 * refused for good voids the order and opens the cart again.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rows, type Db } from '../server/db/client';
import { carts, orders, paymentLinks } from '../server/db/schema';
import { updateLimits } from '../server/domain/limits';
import type { BuiltinProvider } from '../server/payments/builtin';
import { completePayment } from '../server/payments/complete';
import { payPage } from '../server/payments/pay-page';
import { providerNamed } from '../server/payments/select';
import { freshKey } from './support/app';
import { agentApi, PROFILE, seedCart } from './support/cart-fixtures';
import { seedCatalog, seller } from './support/catalog-fixtures';
import { testServer, type TestServer } from './support/http';

const OTHER_AGENT = 'profile="https://other-agent.shopbot.dev/profile.json"';

let s: TestServer;
let db: Db;
let api: ReturnType<typeof agentApi>;

beforeAll(async () => {
  s = await testServer();
  db = s.app.services.db;
  api = agentApi(s);
  await seedCatalog(db, [
    {
      seller: seller('link-shop'),
      products: [
        { title: 'Enamel Kettle', variants: [[3200, 50]] },
        { title: 'Copper Whisk', variants: [[899, 50]] },
        { title: 'Grand Piano Lamp', variants: [[95000, 5]] },
      ],
    },
    // Delivers to Canada only: a US address leaves its items undeliverable.
    { seller: seller('north-only', { delivery: [{ country: 'CA', price_cents: 1500, min_days: 3, max_days: 6 }] }), products: [{ title: 'Maple Syrup', variants: [[1400, 10]] }] },
  ]);
});
afterAll(() => s?.close());
afterEach(() => updateLimits(db, { max_cart_total_cents: 100000, max_item_quantity: 20 }));


/** A cart of the test agent; `total` is what it costs with delivery to the default address. */
async function cart(items: [string, number][] = [['Enamel Kettle', 1], ['Copper Whisk', 2]], withAddress = true): Promise<{ id: string }> {
  return { id: await seedCart(db, items, withAddress ? undefined : null) };
}

const cartRow = async (id: string) => (await db.select().from(carts).where(eq(carts.id, id)))[0];

const checkout = (cartId: string, opts: { key?: string; agent?: string } = {}) => api('POST', '/api/agent/payment-link', { cart_id: cartId }, opts);
const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;

describe('POST /api/agent/payment-link', () => {
  it('answers 201 with a link to the pay page for the cart total, and moves the cart to checkout', async () => {
    const c = await cart();
    const res = await checkout(c.id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      url: expect.stringMatching(new RegExp(`^${s.url}/pay/[A-Za-z0-9_-]{43}$`)),
      expires_at: expect.any(String),
      cart_id: c.id,
      amount_cents: 3200 + 2 * 899 + 499, // under 50 USD: the seller's 4.99 delivery applies
      currency: 'USD',
      provider: 'builtin',
    });
    const hours = (Date.parse(res.body.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect((await cartRow(c.id)).status).toBe('checkout');
    expect(await payPage(s.app.services).view(tokenOf(res.body.url), {})).toMatchObject({ state: 'live', amount: '$54.97' });
  });

  it('replays the same request (same key) with its first answer, and answers the live link again with 200', async () => {
    const c = await cart();
    const key = freshKey();
    const first = await checkout(c.id, { key });
    const replay = await checkout(c.id, { key });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);

    const again = await checkout(c.id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const [{ n }] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM payment_links WHERE cart_id = ${c.id}`);
    expect(n).toBe(1);
  });

  it('replaces a live link whose amount the catalog’s prices no longer match', async () => {
    const c = await cart([['Copper Whisk', 1]]);
    const first = (await checkout(c.id)).body;
    await db.execute(sql`UPDATE variants SET price_cents = 999 WHERE id IN (SELECT variant_id FROM cart_items WHERE cart_id = ${c.id})`);
    const again = await checkout(c.id);
    expect(again.status).toBe(201);
    expect(again.body.amount_cents).toBe(999 + 499);
    expect(await payPage(s.app.services).view(tokenOf(first.url), {})).toEqual({ state: 'cancelled' });
    await db.execute(sql`UPDATE variants SET price_cents = 899 WHERE id IN (SELECT variant_id FROM cart_items WHERE cart_id = ${c.id})`);
  });

  it('refuses a cart that is not ready with 409 cart_not_ready and every reason', async () => {
    const empty = await cart([], false);
    const res = await checkout(empty.id);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('cart_not_ready');
    expect(res.body.details.reasons.map((r: { code: string }) => r.code).sort()).toEqual(['address_required', 'cart_empty']);

    const far = await cart([['Maple Syrup', 1], ['Copper Whisk', 1]]);
    const undeliverable = await checkout(far.id);
    expect(undeliverable.status).toBe(409);
    expect(undeliverable.body.details.reasons).toEqual([{ code: 'address_undeliverable', message: expect.stringMatching(/north/i) }]);
  });

  it('checks readiness before the total ceiling', async () => {
    const big = await cart([['Grand Piano Lamp', 2]], false); // 1,900 USD and no address
    const res = await checkout(big.id);
    expect(res.status).toBe(409);
    expect(res.body.details.reasons.map((r: { code: string }) => r.code)).toEqual(['address_required']);
  });

  it('refuses a total above the live ceiling with the spec’s documented body', async () => {
    const big = await cart([['Grand Piano Lamp', 2]]);
    const res = await checkout(big.id);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'cart_total_exceeds_limit',
      code: 'cart_total_exceeds_limit',
      max_cents: 100000,
      message: expect.stringContaining('1000.00'),
      details: { total_cents: 190000 },
    });
    // A tuned ceiling applies to the next request.
    await updateLimits(db, { max_cart_total_cents: 200000 });
    expect((await checkout(big.id)).status).toBe(201);
  });

  it('answers 404 cart_not_found for another caller’s cart, exactly as for none', async () => {
    const c = await cart();
    const other = await checkout(c.id, { agent: OTHER_AGENT });
    const none = await checkout('cart_01kt2j28pzwq817ysfzgf1gjtv');
    expect(other.status).toBe(404);
    expect(none.status).toBe(404);
    expect(other.body).toEqual({ ...none.body });
    expect(other.body.code).toBe('cart_not_found');
  });

  it('refuses cancelled and expired carts', async () => {
    const cancelled = await cart();
    await db.update(carts).set({ status: 'cancelled' }).where(eq(carts.id, cancelled.id));
    const res = await checkout(cancelled.id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'cart_not_open', details: { status: 'cancelled' } });

    const expired = await cart();
    await db.update(carts).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(carts.id, expired.id));
    expect((await checkout(expired.id)).body.code).toBe('cart_expired');
  });

  it('is cancelled by a cart change, which applies with a payment_link_cancelled warning; its page says so', async () => {
    const c = await cart();
    const link = (await checkout(c.id)).body;
    const before = await api('GET', `/api/agent/cart/${c.id}`);
    expect(before.body).toMatchObject({ status: 'checkout', links: { payment_link: link.url } });

    const whisk = before.body.line_items.find((l: { title: string }) => l.title === 'Copper Whisk');
    const changed = await api('PATCH', `/api/agent/cart/${c.id}/items/${whisk.id}`, { quantity: 3 });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ status: 'open', links: { payment_link: null } });
    expect(changed.body.messages).toContainEqual(expect.objectContaining({ type: 'warning', code: 'payment_link_cancelled' }));
    expect(await payPage(s.app.services).view(tokenOf(link.url), {})).toEqual({ state: 'cancelled' });

    const fresh = await checkout(c.id);
    expect(fresh.status).toBe(201);
    expect(fresh.body.url).not.toBe(link.url);
    expect(fresh.body.amount_cents).toBe(3200 + 3 * 899); // above 50 USD now: free delivery
  });

  it('expires unpaid after its lifetime: the cart is open again and the page says the link expired', async () => {
    const c = await cart();
    const link = (await checkout(c.id)).body;
    await db.update(paymentLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(paymentLinks.cartId, c.id));
    // The next request for the cart applies the expiry: a new link, and the old page says expired.
    const fresh = await checkout(c.id);
    expect(fresh.status).toBe(201);
    expect(fresh.body.url).not.toBe(link.url);
    expect(await payPage(s.app.services).view(tokenOf(link.url), {})).toEqual({ state: 'expired' });
  });

  it('expires on the page first too: whoever touches the link applies its expiry', async () => {
    const c = await cart();
    const link = (await checkout(c.id)).body;
    await db.update(paymentLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(paymentLinks.cartId, c.id));
    expect(await payPage(s.app.services).view(tokenOf(link.url), {})).toEqual({ state: 'expired' });
    expect((await cartRow(c.id)).status).toBe('open');
  });
});

describe('paying a link on the built-in page', () => {
  const CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada Lovelace' };
  const builtin = () => providerNamed(s.config, 'builtin') as BuiltinProvider;
  const ordersOf = (cartId: string) => db.select().from(orders).where(eq(orders.cartId, cartId));

  async function pay(token: string): Promise<string> {
    const page = payPage(s.app.services);
    const view = await page.view(token, {});
    if (view.state !== 'live' || !('form' in view.payment)) throw new Error(`not a live built-in link: ${view.state}`);
    return page.submit(token, { form_token: view.payment.form.formToken, ...CARD }, { origin: s.url, referer: null });
  }

  it('is refused while its total is above the limit in force when it is paid, saying why; payable once the limit allows it', async () => {
    const c = await cart();
    const token = tokenOf((await checkout(c.id)).body.url);
    const authorizations = new Set(builtin().ledger.keys());
    await updateLimits(db, { max_cart_total_cents: 5000 });

    const overLimit = { state: 'live', alert: expect.stringContaining('its total of $54.97 is above the network’s current limit of $50.00') };
    // Said before paying, and after the refused attempt.
    expect(await payPage(s.app.services).view(token, {})).toMatchObject(overLimit);
    expect(await pay(token)).toBe(`/pay/${token}`);
    expect(await payPage(s.app.services).view(token, {})).toMatchObject(overLimit);
    expect(await ordersOf(c.id)).toEqual([]);
    expect((await cartRow(c.id)).status).toBe('checkout');
    // The card was authorized, then released: nothing charged.
    const taken = [...builtin().ledger].filter(([id]) => !authorizations.has(id));
    expect(taken.map(([, entry]) => entry.state)).toEqual(['released']);

    await updateLimits(db, { max_cart_total_cents: 100000 });
    expect(await pay(token)).toBe(`/pay/${token}`);
    expect(await payPage(s.app.services).view(token, {})).toMatchObject({ state: 'paid' });
  });

  it('a capture the provider refuses for good voids the order: stock back, the cart open with payment_failed, the page saying so; the cart pays again', async () => {
    const c = await cart([['Copper Whisk', 3]]);
    const token = tokenOf((await checkout(c.id)).body.url);
    const [link] = await db.select().from(paymentLinks).where(eq(paymentLinks.cartId, c.id));
    const stock = async () => (await rows<{ stock: number }>(db, sql`SELECT v.stock FROM variants v JOIN products p ON p.id = v.product_id WHERE p.title = 'Copper Whisk'`))[0].stock;
    const before = await stock();
    // An authorization the card network let go of before the capture.
    const auth = await builtin().authorize!(CARD, { amountCents: link.amountCents, currency: 'USD' });
    if (auth.status !== 'authorized') throw new Error(auth.status);
    await builtin().release(auth.authorization, 'lapsed');

    const outcome = await completePayment(s.app.services, { linkId: link.id, authorization: auth.authorization, provider: 'builtin' });
    expect(outcome).toEqual({ kind: 'payment_failed', orderId: expect.stringMatching(/^ord_/) });
    expect((await ordersOf(c.id)).map((o) => o.status)).toEqual(['voided']);
    expect(await stock()).toBe(before);
    const view = await api('GET', `/api/agent/cart/${c.id}`);
    expect(view.body).toMatchObject({ status: 'open', order_id: null, links: { payment_link: null } });
    expect(view.body.messages).toContainEqual(expect.objectContaining({ type: 'warning', code: 'payment_failed' }));
    expect(await payPage(s.app.services).view(token, {})).toEqual({ state: 'failed' });
    // The same failure reported again changes nothing.
    expect(await completePayment(s.app.services, { linkId: link.id, authorization: auth.authorization, provider: 'builtin' })).toEqual({ kind: 'not_payable', reason: 'failed' });

    const again = await checkout(c.id);
    expect(again.status).toBe(201);
    expect(await pay(tokenOf(again.body.url))).toBe(`/pay/${tokenOf(again.body.url)}`);
    expect((await ordersOf(c.id)).map((o) => o.status).sort()).toEqual(['placed', 'voided']);
    expect(await stock()).toBe(before - 3);
    expect((await api('GET', `/api/agent/cart/${c.id}`)).body.messages).toEqual([]);
  });
});

describe('the MCP tool checkout', () => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: 'payment-link-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${s.url}/api/mcp`)));
  });
  afterAll(() => client?.close());

  const call = (args: Record<string, unknown>) =>
    client.callTool({ name: 'checkout', arguments: { meta: { 'ucp-agent': { profile: PROFILE } }, idempotency_key: freshKey(), ...args } }) as Promise<CallToolResult>;

  it('is listed as a tool that only returns a link a human confirms', async () => {
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === 'checkout')!;
    expect(tool.description).toMatch(/never completes a purchase/);
    expect(tool.description).toContain('max_cart_total_cents');
    expect(Object.keys(tool.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['cart_id', 'idempotency_key']));
  });

  it('returns the payment link of the caller’s cart, and the same live link on a second call', async () => {
    const c = await cart();
    const first = await call({ cart_id: c.id });
    expect(first.isError).toBeFalsy();
    expect(first.structuredContent).toMatchObject({ cart_id: c.id, amount_cents: 5497, currency: 'USD', provider: 'builtin' });
    const again = await call({ cart_id: c.id });
    expect(again.structuredContent).toEqual(first.structuredContent);
  });

  it('answers the total ceiling with the same object as REST in its error result', async () => {
    const big = await cart([['Grand Piano Lamp', 2]]);
    const result = await call({ cart_id: big.id });
    expect(result.isError).toBe(true);
    const body = JSON.parse((result.content[0] as { text: string }).text);
    const rest = await checkout(big.id);
    expect(body).toEqual(rest.body);
  });
});
