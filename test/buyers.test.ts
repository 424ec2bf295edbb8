/**
 * Buyers through the real gateway, database and a real SMTP server: registering (per account),
 * codes (mailed after commit, rate limited, expiring, 5 tries claimed before the check's
 * transaction, so parallel guesses are counted too), buyer tokens (bound to the verifying key, sealed on replay), the
 * buyer's record and orders (a cart made with the token, paid on the pay page), and order status
 * for keys and buyers. On PGlite and, with DATABASE_URL, on Postgres.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerCodes, buyers, idempotencyRecords } from '../server/db/schema';
import { payPage } from '../server/payments/pay-page';
import { createCaller } from '../server/routers';
import { createContext } from '../server/trpc/context';
import { agentHeaders, BASE, freshKey, testApp, type TestApp } from './support/app';
import { ADDRESS, variantId } from './support/cart-fixtures';
import { seedSmallCatalog } from './support/catalog-fixtures';
import { signedInDeveloper, type Developer } from './support/developer';
import { startSmtpSink, type SmtpSink } from './support/smtp';

let t: TestApp;
let smtp: SmtpSink;
let dev: Developer;
/** A key with buyer:write and the order scope, and one with no scopes. */
let writer: string;
let plain: string;

const CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada Lovelace' };

async function mint(d: Developer, scopes: string[]): Promise<{ id: string; secret: string }> {
  const caller = createCaller(createContext(t.app.services, { transport: 'internal', session: d.session, idempotencyKey: freshKey() }));
  return caller.developer.mintNetworkKey({ name: 'buyers', scopes: scopes as never });
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await testApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Agent Commerce <codes@agent-commerce.test>' });
  await seedSmallCatalog(t.db.database.db);
  dev = await signedInDeveloper(t.app.services.db);
  ({ secret: writer } = await mint(dev, ['buyer:write', 'dev.ucp.shopping.order:read']));
  ({ secret: plain } = await mint(dev, []));
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const db = () => t.app.services.db;
const bearer = (secret: string, extra: Record<string, string> = {}) => ({ Authorization: `Bearer ${secret}`, ...extra });

function post(path: string, body: unknown, secret = writer, key = freshKey()): Promise<Response> {
  return t.call('POST', path, { headers: bearer(secret, { 'Idempotency-Key': key }), body });
}

async function registered(email = `person-${freshKey()}@example.org`): Promise<{ buyer_id: string; email: string }> {
  const res = await post('/api/agent/buyer', { email, name: 'Ada Lovelace' });
  expect(res.status).toBe(201);
  return { ...(await res.json()), email };
}

/** Sends a code and reads it from the mail the buyer received. */
async function codeFor(buyer: { buyer_id: string; email: string }): Promise<string> {
  const mail = smtp.nextMail(buyer.email);
  const res = await post('/api/agent/buyer/otp', { buyer_id: buyer.buyer_id });
  expect(res.status, await res.clone().text()).toBe(202);
  return (await mail).text.match(/\b(\d{6})\b/)![1];
}

async function verified(): Promise<{ buyer_id: string; email: string; token: string }> {
  const buyer = await registered();
  const code = await codeFor(buyer);
  const res = await post('/api/agent/buyer/verify', { buyer_id: buyer.buyer_id, code });
  expect(res.status).toBe(200);
  return { ...buyer, token: (await res.json()).buyer_token };
}

describe('registering', () => {
  it('201 for a new address, 200 with the same buyer for it again in any case; another account gets its own buyer', async () => {
    const buyer = await registered('Grace.Hopper@Example.org');
    expect(buyer).toMatchObject({ buyer_id: expect.stringMatching(/^buy_[0-9a-z]{26}$/), status: 'unverified' });
    const again = await post('/api/agent/buyer', { email: 'grace.hopper@example.ORG' });
    expect(again.status).toBe(200);
    expect((await again.json()).buyer_id).toBe(buyer.buyer_id);
    const [row] = await db().select().from(buyers).where(eq(buyers.id, buyer.buyer_id));
    expect(row.email).toBe('grace.hopper@example.org');

    const other = await signedInDeveloper(db());
    const { secret } = await mint(other, ['buyer:write']);
    const theirs = await post('/api/agent/buyer', { email: 'grace.hopper@example.org' }, secret);
    expect(theirs.status).toBe(201);
    const theirId = (await theirs.json()).buyer_id;
    expect(theirId).not.toBe(buyer.buyer_id);
    // Neither sees the other's.
    const foreign = await post('/api/agent/buyer/otp', { buyer_id: theirId });
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).code).toBe('buyer_not_found');
  });

  it('needs buyer:write: open callers 401 naming it, a key without it 403', async () => {
    const open = await t.call('POST', '/api/agent/buyer', { headers: agentHeaders({ 'Idempotency-Key': freshKey() }), body: { email: 'a@example.org' } });
    expect(open.status).toBe(401);
    expect(await open.json()).toMatchObject({ code: 'credential_required', details: { required: 'buyer:write' } });
    const scopeless = await post('/api/agent/buyer', { email: 'a@example.org' }, plain);
    expect(scopeless.status).toBe(403);
    expect(await scopeless.json()).toMatchObject({ code: 'insufficient_scope', details: { required: 'buyer:write' } });
  });
});

describe('codes', () => {
  it('mails a 6-digit code after commit; a 6th in an hour is 429 with Retry-After', async () => {
    const buyer = await registered();
    const first = await codeFor(buyer);
    expect(first).toMatch(/^\d{6}$/);
    const [stored] = await db().select().from(buyerCodes).where(eq(buyerCodes.buyerId, buyer.buyer_id));
    expect(stored.codeHash).not.toContain(first);
    for (let i = 0; i < 4; i++) await codeFor(buyer);
    const sixth = await post('/api/agent/buyer/otp', { buyer_id: buyer.buyer_id });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(3_500);
    expect((await sixth.json()).code).toBe('rate_limited');
  });

  it('a mail server refusing the code answers 503; the same Idempotency-Key then sends it', async () => {
    const buyer = await registered();
    const key = freshKey();
    smtp.refuse(true);
    try {
      const refused = await post('/api/agent/buyer/otp', { buyer_id: buyer.buyer_id }, writer, key);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      smtp.refuse(false);
    }
    const mail = smtp.nextMail(buyer.email);
    const retried = await post('/api/agent/buyer/otp', { buyer_id: buyer.buyer_id }, writer, key);
    expect(retried.status).toBe(202);
    expect((await mail).subject).toMatch(/\d{6}/);
  });

  it('a wrong code says how many tries are left; the 6th try after 5 wrong ones is locked, each with its own key', async () => {
    const buyer = await registered();
    const code = await codeFor(buyer);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 5; i++) {
      const res = await post('/api/agent/buyer/verify', { buyer_id: buyer.buyer_id, code: wrong });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'invalid_code', details: { attempts_left: 5 - i } });
    }
    const locked = await post('/api/agent/buyer/verify', { buyer_id: buyer.buyer_id, code });
    expect(locked.status).toBe(429);
    expect((await locked.json()).code).toBe('code_attempts_exceeded');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
  });

  it('45 wrong codes at once: exactly 5 are checked (400) and 40 refused (429); the right code during the lock is refused too', async () => {
    const buyer = await registered();
    const code = await codeFor(buyer);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(Array.from({ length: 45 }, () => post('/api/agent/buyer/verify', { buyer_id: buyer.buyer_id, code: wrong })));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    for (const res of answers.filter((r) => r.status === 400)) expect((await res.json()).code).toBe('invalid_code');
    const right = await post('/api/agent/buyer/verify', { buyer_id: buyer.buyer_id, code });
    expect(right.status).toBe(429);
    expect((await right.json()).code).toBe('code_attempts_exceeded');
  });

  it('a right code clears the tries before it; a replay of a wrong one spends none', async () => {
    const buyer = await registered();
    const code = await codeFor(buyer);
    const wrong = code === '000000' ? '111111' : '000000';
    const key = freshKey();
    for (let i = 0; i < 3; i++) expect((await post('/api/agent/buyer/verify', { buyer_id: buyer.buyer_id, code: wrong }, writer, key)).status).toBe(400);
    const missed = await post('/api/agent/buyer/verify', { buyer_id: buyer.buyer_id, code: wrong });
    expect(await missed.json()).toMatchObject({ details: { attempts_left: 3 } });
    expect((await post('/api/agent/buyer/verify', { buyer_id: buyer.buyer_id, code })).status).toBe(200);
    const again = await codeFor(buyer);
    const next = await post('/api/agent/buyer/verify', { buyer_id: buyer.buyer_id, code: again === '000000' ? '111111' : '000000' });
    expect(await next.json()).toMatchObject({ code: 'invalid_code', details: { attempts_left: 4 } });
  });

  it('tries at another account’s buyer are 404 and spend nothing of its tries', async () => {
    const buyer = await registered();
    const code = await codeFor(buyer);
    const stranger = await signedInDeveloper(t.app.services.db);
    const { secret } = await mint(stranger, ['buyer:write']);
    for (let i = 0; i < 6; i++) expect((await post('/api/agent/buyer/verify', { buyer_id: buyer.buyer_id, code: '000000' }, secret)).status).toBe(404);
    expect((await post('/api/agent/buyer/verify', { buyer_id: buyer.buyer_id, code })).status).toBe(200);
  });

  it('an expired code is 400 code_expired', async () => {
    const buyer = await registered();
    const code = await codeFor(buyer);
    await db().update(buyerCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(buyerCodes.buyerId, buyer.buyer_id));
    const res = await post('/api/agent/buyer/verify', { buyer_id: buyer.buyer_id, code });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('code_expired');
  });
});

describe('buyer tokens', () => {
  it('the right code verifies the buyer and answers a token once; its replay answers it from a sealed copy', async () => {
    const buyer = await registered();
    const code = await codeFor(buyer);
    const key = freshKey();
    const first = await post('/api/agent/buyer/verify', { buyer_id: buyer.buyer_id, code }, writer, key);
    const text = await first.text();
    const body = JSON.parse(text);
    expect(body).toEqual({
      buyer_token: expect.stringMatching(/^bt_live_[A-Za-z0-9_-]{43}$/),
      expires_at: expect.any(String),
      buyer: { id: buyer.buyer_id, email: buyer.email, name: 'Ada Lovelace', verified_at: expect.any(String), linked_platforms: [] },
    });
    expect(new Date(body.expires_at).getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);
    const replay = await post('/api/agent/buyer/verify', { buyer_id: buyer.buyer_id, code }, writer, key);
    expect(await replay.text()).toBe(text);
    const [record] = await db().select().from(idempotencyRecords).where(eq(idempotencyRecords.key, key));
    expect(record.responseBody).not.toContain(body.buyer_token.slice(8));
    // The code is used up.
    const again = await post('/api/agent/buyer/verify', { buyer_id: buyer.buyer_id, code });
    expect((await again.json()).code).toBe('code_expired');
  });

  it('me answers the buyer; a key there is 403 naming buyer_token; revoking the verifying key ends the token', async () => {
    const other = await signedInDeveloper(db());
    const { id, secret } = await mint(other, ['buyer:write']);
    const email = `short-lived-${freshKey()}@example.org`;
    const buyer = await (await post('/api/agent/buyer', { email }, secret)).json();
    const mail = smtp.nextMail(email);
    await post('/api/agent/buyer/otp', { buyer_id: buyer.buyer_id }, secret);
    const code = (await mail).text.match(/\b(\d{6})\b/)![1];
    const { buyer_token } = await (await post('/api/agent/buyer/verify', { buyer_id: buyer.buyer_id, code }, secret)).json();

    const me = await t.call('GET', '/api/agent/buyer/me', { headers: bearer(buyer_token) });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: buyer.buyer_id, email });
    const withKey = await t.call('GET', '/api/agent/buyer/me', { headers: bearer(secret) });
    expect(withKey.status).toBe(403);
    expect(await withKey.json()).toMatchObject({ code: 'insufficient_scope', details: { required: 'buyer_token' } });
    // A buyer token does not register buyers.
    expect((await post('/api/agent/buyer', { email: 'x@example.org' }, buyer_token)).status).toBe(403);

    await t.call('DELETE', `/api/developer/network-keys/${id}`, { headers: { Cookie: other.cookie(BASE), Origin: BASE } });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const dead = await t.call('GET', '/api/agent/buyer/me', { headers: bearer(buyer_token) });
    expect(dead.status).toBe(401);
    expect((await dead.json()).code).toBe('invalid_credential');
  });
});

describe('orders', () => {
  /** A cart made with `secret`, paid by a person on the pay page: its order id, and whom the page said it was for. */
  async function paidOrder(secret: string): Promise<string> {
    return (await paid(secret)).orderId;
  }

  async function paid(secret: string): Promise<{ orderId: string; for: string | null }> {
    const cart = await (
      await post('/api/agent/quick-buy', { variant_id: await variantId(db(), 'Trail Backpack'), quantity: 1, shipping_address: ADDRESS }, secret)
    ).json();
    const link = await (await post('/api/agent/payment-link', { cart_id: cart.id }, secret)).json();
    const token = new URL(link.url).pathname.split('/').pop()!;
    const page = payPage(t.app.services);
    const view = await page.view(token, {});
    if (view.state !== 'live' || !('form' in view.payment)) throw new Error(`not a live link: ${view.state}`);
    await page.submit(token, { form_token: view.payment.form.formToken, ...CARD }, { origin: BASE, referer: null });
    const done = await (await t.call('GET', `/api/agent/cart/${cart.id}`, { headers: bearer(secret) })).json();
    expect(done.status).toBe('completed');
    return { orderId: done.order_id, for: view.buyer };
  }

  it('a cart made with the buyer token places the buyer’s order: listed newest first in pages, with its status history', async () => {
    const buyer = await verified();
    const first = await paid(buyer.token);
    // The pay page tells the person whose order it is.
    expect(first.for).toBe(buyer.email);
    const older = first.orderId;
    const newer = await paidOrder(buyer.token);
    const page1 = await (await t.call('GET', '/api/agent/buyer/orders?limit=1', { headers: bearer(buyer.token) })).json();
    expect(page1.orders.map((o: { order_id: string }) => o.order_id)).toEqual([newer]);
    expect(page1.orders[0]).toMatchObject({ status: 'placed', totals: { currency: 'USD' }, line_items: [expect.objectContaining({ title: 'Trail Backpack', quantity: 1 })] });
    const page2 = await (await t.call('GET', `/api/agent/buyer/orders?limit=1&cursor=${encodeURIComponent(page1.nextCursor)}`, { headers: bearer(buyer.token) })).json();
    expect(page2).toEqual({ orders: [expect.objectContaining({ order_id: older })], nextCursor: null });

    const status = await t.call('GET', `/api/agent/order-status?order_id=${newer}`, { headers: bearer(buyer.token) });
    expect(await status.json()).toEqual({ order_id: newer, status: 'placed', history: [{ status: 'placed', at: expect.any(String) }], fulfillment: [], deliveries: [] });
    // Another buyer's token, and a key whose carts did not make it, see no such order.
    const stranger = await verified();
    for (const secret of [stranger.token, writer]) {
      const hidden = await t.call('GET', `/api/agent/order-status?order_id=${newer}`, { headers: bearer(secret) });
      expect(hidden.status).toBe(404);
      expect((await hidden.json()).code).toBe('order_not_found');
    }
    expect((await (await t.call('GET', '/api/agent/buyer/orders', { headers: bearer(stranger.token) })).json()).orders).toEqual([]);
  });

  it('a key with dev.ucp.shopping.order:read reads orders of carts it made; without the scope 403', async () => {
    const { orderId, for: whom } = await paid(writer);
    expect(whom).toBeNull();
    const res = await t.call('GET', `/api/agent/order-status?order_id=${orderId}`, { headers: bearer(writer) });
    expect(res.status).toBe(200);
    expect((await res.json()).history).toEqual([{ status: 'placed', at: expect.any(String) }]);
    const scopeless = await t.call('GET', `/api/agent/order-status?order_id=${orderId}`, { headers: bearer(plain) });
    expect(scopeless.status).toBe(403);
    expect(await scopeless.json()).toMatchObject({ code: 'insufficient_scope', details: { required: 'dev.ucp.shopping.order:read' } });
    // orders lists a buyer's: a key is 403 there.
    expect((await t.call('GET', '/api/agent/buyer/orders', { headers: bearer(writer) })).status).toBe(403);
  });
});

