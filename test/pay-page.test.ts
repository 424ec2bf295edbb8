/**
 * The /pay/{token} page's view model and form handling (server/payments/pay-page.ts) and the one
 * domain function behind every provider (completePayment), without Next, over the real handler
 * and database: paying places the order, takes stock, completes the cart and captures; declines
 * and card mistakes keep the link payable; the form refuses other origins and forms; paying twice
 * places one order; a short line places nothing and releases the authorization uncaptured; a
 * moved price cancels the link. On Postgres, two buyers racing for the last unit: one order.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, type Db } from '../server/db/client';
import { carts, orders, paymentLinks, variants } from '../server/db/schema';
import type { BuiltinProvider } from '../server/payments/builtin';
import { completePayment } from '../server/payments/complete';
import { expiresInWords } from '../server/payments/expiry-words';
import { payPage, type PayPage, type PayPageView } from '../server/payments/pay-page';
import { providerNamed } from '../server/payments/select';
import { ADDRESS, agentApi, seedCart, variantId as variantOf } from './support/cart-fixtures';
import { seedCatalog, seller } from './support/catalog-fixtures';
import { setClock } from './support/clock';
import { testServer, type TestServer } from './support/http';

const CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada Lovelace' };

let s: TestServer;
let db: Db;
let page: PayPage;
let ledger: BuiltinProvider['ledger'];
let origin: { origin: string; referer: null };

beforeAll(async () => {
  s = await testServer();
  db = s.app.services.db;
  page = payPage(s.app.services);
  ledger = (providerNamed(s.config, 'builtin') as BuiltinProvider).ledger;
  origin = { origin: s.url, referer: null };
  await seedCatalog(db, [
    {
      seller: seller('pay-shop', { name: 'Pay Shop' }),
      products: [
        { title: 'Enamel Kettle', variants: [[3200, 50]] },
        { title: 'Copper Whisk', variants: [[899, 50]] },
      ],
    },
    { seller: seller('tea-house', { name: 'Tea House' }), products: [{ title: 'Oolong Tin', variants: [[1250, 40]] }] },
  ]);
});
afterAll(() => s?.close());

const variantId = (title: string) => variantOf(db, title);

async function api(method: string, path: string, body?: unknown): Promise<any> {
  const res = await agentApi(s)(method, path, body);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body;
}

/** A cart with these lines, its payment link and the page's token. */
async function linked(items: [string, number][] = [['Enamel Kettle', 1], ['Oolong Tin', 2]]) {
  const cart = { id: await seedCart(db, items) };
  const link = await api('POST', '/api/agent/payment-link', { cart_id: cart.id });
  const token = new URL(link.url).pathname.split('/').pop()!;
  const [row] = await db.select().from(paymentLinks).where(eq(paymentLinks.cartId, cart.id));
  return { cart, link, token, linkId: row.id };
}

async function formOf(token: string): Promise<{ action: string; formToken: string }> {
  const view = await page.view(token, {});
  if (view.state !== 'live' || !('form' in view.payment)) throw new Error(`not a live built-in link: ${view.state}`);
  return view.payment.form;
}

async function pay(token: string, card: Partial<typeof CARD> = {}, request: { origin: string | null; referer: string | null } = origin): Promise<string> {
  const { formToken } = await formOf(token);
  return page.submit(token, { form_token: formToken, ...CARD, ...card }, request);
}

/** The location's query, as the page receives it. */
function queryOf(location: string): Record<string, string> {
  return Object.fromEntries(new URL(location, s.url).searchParams);
}

const stockOf = async (title: string) => (await db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, await variantId(title))))[0].stock;
const cartRow = async (id: string) => (await db.select().from(carts).where(eq(carts.id, id)))[0];
const alertOf = (view: PayPageView) => (view.state === 'live' ? view.alert : null);

describe('the pay page', () => {
  it('shows the order per seller, the address, the totals and the card form of a live link', async () => {
    const { token, link } = await linked();
    const view = await page.view(token, {});
    expect(view).toMatchObject({
      state: 'live',
      amount: '$66.98', // each seller delivers for 4.99 under 50.00
      alert: null,
      summary: {
        groups: [
          { seller: 'Pay Shop', lines: [{ title: 'Enamel Kettle', quantity: 1, unitPrice: '$32.00', total: '$32.00' }], delivery: 'Delivery $4.99, 2–5 days' },
          { seller: 'Tea House', lines: [{ title: 'Oolong Tin', quantity: 2, unitPrice: '$12.50', total: '$25.00' }], delivery: 'Delivery $4.99, 2–5 days' },
        ],
        address: ['Ada Lovelace', '12 Analytical Way', 'Portland, OR, 97201', 'US'],
        totals: { subtotal: '$57.00', delivery: '$9.98', total: '$66.98' },
      },
      payment: { form: { action: `/pay/${token}/submit`, formToken: expect.any(String), errors: {} } },
    });
    expect(link.amount_cents).toBe(6698);
  });

  it('names the agent that made the link and says in words, on the service\'s clock, when it expires', async () => {
    const { token, link } = await linked();
    const expiresAt = new Date(link.expires_at);
    const restore = setClock(new Date(expiresAt.getTime() - 23.5 * 60_000).toISOString());
    try {
      expect(await page.view(token, {})).toMatchObject({ state: 'live', agent: 'agent.shopbot.dev', expiresAt, expiresIn: 'expires in 23 minutes' });
    } finally {
      restore();
    }
  });

  it('words an expiry as a person would say it', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    expect(expiresInWords(later(0.5), now)).toBe('expires in less than a minute');
    expect(expiresInWords(later(1), now)).toBe('expires in 1 minute');
    expect(expiresInWords(later(23.9), now)).toBe('expires in 23 minutes');
    expect(expiresInWords(later(89), now)).toBe('expires in 89 minutes');
    expect(expiresInWords(later(24 * 60), now)).toBe('expires in 24 hours');
    expect(expiresInWords(later(72 * 60), now)).toBe('expires in 3 days');
  });

  it('answers not_found for a token that names no link', async () => {
    expect(await page.view('x'.repeat(43), {})).toEqual({ state: 'not_found' });
    expect(await page.view('../../etc', {})).toEqual({ state: 'not_found' });
  });

  it('pays with the success card: the order is placed, stock taken, the cart completed and the charge captured', async () => {
    const { cart, token } = await linked([['Copper Whisk', 3]]);
    const before = await stockOf('Copper Whisk');
    const sizeBefore = ledger.size;
    expect(await pay(token)).toBe(`/pay/${token}`);

    const view = await page.view(token, {});
    expect(view.state).toBe('paid');
    if (view.state !== 'paid') return;
    expect(view.orderId).toMatch(/^ord_[0-9a-z]{26}$/);
    expect(view.summary.totals.total).toBe('$31.96'); // 3 × 8.99 + 4.99 delivery
    expect(await stockOf('Copper Whisk')).toBe(before! - 3);

    expect(await api('GET', `/api/agent/cart/${cart.id}`)).toMatchObject({ status: 'completed', order_id: view.orderId, links: { payment_link: null } });
    const [order] = await db.select().from(orders).where(eq(orders.id, view.orderId));
    expect(order).toMatchObject({ cartId: cart.id, status: 'placed', totals: { total_cents: 3196 }, shippingAddress: ADDRESS, payment: { provider: 'builtin' } });
    expect(ledger.size).toBe(sizeBefore + 1);
    expect(ledger.get(order.payment.reference)).toEqual({ amountCents: 3196, currency: 'USD', state: 'captured' });
  });

  it.each([
    ['4000 0000 0000 0002', 'generic_decline', /declined/i],
    ['4000000000009995', 'insufficient_funds', /insufficient funds/i],
  ])('declines %s with the reason announced; the link stays live and payable', async (number, reason, text) => {
    const { cart, token } = await linked();
    const location = await pay(token, { number });
    expect(queryOf(location)).toEqual({ declined: reason });
    const declined = await page.view(token, queryOf(location));
    expect(alertOf(declined)).toMatch(text);
    expect(alertOf(declined)).not.toContain(number.replace(/ /g, ''));
    expect((await cartRow(cart.id)).status).toBe('checkout');

    await pay(token);
    expect((await page.view(token, {})).state).toBe('paid');
  });

  it('refuses a malformed card field by field before anything is authorized', async () => {
    const { token } = await linked();
    const sizeBefore = ledger.size;
    const location = await pay(token, { number: '4242 4242 4242 4241', expiry: '01/20', cvc: '12', name: ' ' });
    expect(location).not.toContain('4242');
    const view = await page.view(token, queryOf(location));
    if (view.state !== 'live' || !('form' in view.payment)) throw new Error('expected the live form');
    expect(Object.keys(view.payment.form.errors).sort()).toEqual(['cvc', 'expiry', 'name', 'number']);
    expect(view.payment.form.errors.number).toMatch(/not valid/);
    expect(view.payment.form.errors.expiry).toMatch(/expired/);
    expect(view.alert).toMatch(/4 fields need attention/);
    expect(ledger.size).toBe(sizeBefore);
  });

  it('refuses a post from another origin, or without this link’s form token (CSRF)', async () => {
    const { token } = await linked();
    const sizeBefore = ledger.size;
    expect(await pay(token, {}, { origin: 'https://evil.example', referer: null })).toBe(`/pay/${token}?outcome=refused`);
    expect(await pay(token, {}, { origin: null, referer: 'https://evil.example/page' })).toBe(`/pay/${token}?outcome=refused`);
    expect(await page.submit(token, { ...CARD }, origin)).toBe(`/pay/${token}?outcome=refused`);
    const other = await linked();
    const otherForm = await formOf(other.token);
    expect(await page.submit(token, { ...CARD, form_token: otherForm.formToken }, origin)).toBe(`/pay/${token}?outcome=refused`);
    expect(ledger.size).toBe(sizeBefore);
    expect(alertOf(await page.view(token, { outcome: 'refused' }))).toMatch(/Nothing was charged/);
    // A same-origin Referer stands in for a missing Origin.
    expect(await pay(token, {}, { origin: null, referer: `${s.url}/pay/${token}` })).toBe(`/pay/${token}`);
  });

  it('places one order when paid twice at once; the second authorization is released, never captured', async () => {
    const { cart, token } = await linked();
    const { formToken } = await formOf(token);
    const sizeBefore = ledger.size;
    const submit = () => page.submit(token, { form_token: formToken, ...CARD }, origin);
    expect(await Promise.all([submit(), submit()])).toEqual([`/pay/${token}`, `/pay/${token}`]);
    const placed = await db.select().from(orders).where(eq(orders.cartId, cart.id));
    expect(placed).toHaveLength(1);
    expect(ledger.get(placed[0].payment.reference)!.state).toBe('captured');
    // The second post either found the link paid before authorizing, or authorized and was released.
    const taken = [...ledger.values()].slice(sizeBefore).map((e) => e.state);
    expect(taken.sort()).toEqual(taken.length === 1 ? ['captured'] : ['captured', 'released']);
  });

  it('places nothing when a line ran short since the link: the page names it, and the authorization is released uncaptured', async () => {
    const { cart, token, linkId } = await linked([['Copper Whisk', 2]]);
    await db.update(variants).set({ stock: 1 }).where(eq(variants.id, await variantId('Copper Whisk')));
    const sizeBefore = ledger.size;
    const location = await pay(token);
    expect(queryOf(location)).toEqual({ outcome: 'short' });
    expect(alertOf(await page.view(token, queryOf(location)))).toMatch(/Copper Whisk \(2 ordered, 1 left\)/);
    expect(await db.select().from(orders).where(eq(orders.cartId, cart.id))).toEqual([]);
    const [authorization] = [...ledger.keys()].slice(sizeBefore);
    expect(ledger.get(authorization)!.state).toBe('released');
    expect(await stockOf('Copper Whisk')).toBe(1);
    const [link] = await db.select().from(paymentLinks).where(eq(paymentLinks.id, linkId));
    expect(link.status).toBe('live');
    await db.update(variants).set({ stock: 50 }).where(eq(variants.id, await variantId('Copper Whisk')));
  });

  it('cancels a link whose cart no longer costs its amount: nothing charged, the cart open with a warning', async () => {
    const { cart, token } = await linked([['Enamel Kettle', 1]]);
    await db.update(variants).set({ priceCents: 3300 }).where(eq(variants.id, await variantId('Enamel Kettle')));
    const sizeBefore = ledger.size;
    expect(await pay(token)).toBe(`/pay/${token}`);
    expect(await page.view(token, {})).toEqual({ state: 'cancelled' });
    const got = await cartRow(cart.id);
    expect(got.status).toBe('open');
    expect(got.notices).toContainEqual(expect.objectContaining({ type: 'warning', code: 'payment_link_cancelled' }));
    expect([...ledger.values()].slice(sizeBefore).map((e) => e.state)).toEqual(['released']);
    await db.update(variants).set({ priceCents: 3200 }).where(eq(variants.id, await variantId('Enamel Kettle')));
  });
});

describe('completePayment', () => {
  it('is idempotent: the same payment reported again places nothing (and its capture is repeated harmlessly); another payment for a paid link is released', async () => {
    const { cart, linkId } = await linked();
    const builtin = providerNamed(s.config, 'builtin') as BuiltinProvider;
    const auth = await builtin.authorize!(CARD, { amountCents: 6698, currency: 'USD' });
    if (auth.status !== 'authorized') throw new Error('expected an authorization');
    const first = await completePayment(s.app.services, { linkId, authorization: auth.authorization, provider: 'builtin' });
    expect(first.kind).toBe('placed');
    const again = await completePayment(s.app.services, { linkId, authorization: auth.authorization, provider: 'builtin' });
    expect(again).toEqual({ kind: 'already_paid', orderId: (first as { orderId: string }).orderId });
    expect(ledger.get(auth.authorization)!.state).toBe('captured');
    expect(await db.select().from(orders).where(eq(orders.cartId, cart.id))).toHaveLength(1);

    // Another payment for the paid link (a second tab) is not charged.
    const second = await builtin.authorize!(CARD, { amountCents: 6698, currency: 'USD' });
    if (second.status !== 'authorized') throw new Error('expected an authorization');
    expect(await completePayment(s.app.services, { linkId, authorization: second.authorization, provider: 'builtin' })).toEqual(again);
    expect(ledger.get(second.authorization)!.state).toBe('released');
    expect(await db.select().from(orders).where(eq(orders.cartId, cart.id))).toHaveLength(1);
  });

  it('pays nothing for an unknown link or another provider’s, and releases that authorization', async () => {
    const builtin = providerNamed(s.config, 'builtin') as BuiltinProvider;
    const auth = await builtin.authorize!(CARD, { amountCents: 100, currency: 'USD' });
    if (auth.status !== 'authorized') throw new Error('expected an authorization');
    expect(await completePayment(s.app.services, { linkId: 'plink_nope', authorization: auth.authorization, provider: 'builtin' })).toEqual({
      kind: 'not_payable',
      reason: 'unknown',
    });
    expect(ledger.get(auth.authorization)!.state).toBe('released');
  });

  it.skipIf(!process.env.DATABASE_URL)('lets one of two buyers racing for the last unit pay (Postgres, pooled)', async () => {
    // PGlite is one connection: transactions cannot overlap there, so the race needs Postgres.
    await seedCatalog(db, [{ seller: seller('last-unit-shop'), products: [{ title: 'Only Teapot', variants: [[4100, 1]] }] }]);
    const buyers = await Promise.all([linked([['Only Teapot', 1]]), linked([['Only Teapot', 1]]), linked([['Only Teapot', 1]])]);
    const locations = await Promise.all(buyers.map((b) => pay(b.token)));
    const placed = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM orders WHERE cart_id IN (${sql.join(buyers.map((b) => sql`${b.cart.id}`), sql`, `)})`);
    expect(placed[0].n).toBe(1);
    expect(locations.filter((l) => l.endsWith('?outcome=short'))).toHaveLength(2);
    expect(await stockOf('Only Teapot')).toBe(0);
  });
});
