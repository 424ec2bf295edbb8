/**
 * Every x402 settlement ends (issue #43 §3). A remote facilitator (a local stand-in) moves the
 * money of settles whose answers are lost, and refuses a repeated or expired settle, as one on a
 * chain does; the service dies with settles in flight. Before validBefore nothing can tell whether
 * the money moved; after it, the chain (a stand-in JSON-RPC node, X402_RPC_URL) decides at a
 * confirmed block: paid to us → the order placed; unused, or spent elsewhere → released (stock
 * back, the cart open, a new payment taken). Without X402_RPC_URL the payment is left for review,
 * said once, listed by the admin API and `npm run x402:reconcile`, and an operator decides.
 * On PGlite and, with DATABASE_URL, on Postgres.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../server/db/client';
import { carts, orders, variants, x402Payments } from '../server/db/schema';
import { sweepPayments } from '../server/payments/x402-settlement';
import { CONFIRMATIONS } from '../server/x402/chain-outcome';
import { freshKey, TEST_SECRETS_KEY, testApp, testDatabase, type TestApp, type TestDatabase } from './support/app';
import { seedCart, variantId } from './support/cart-fixtures';
import { seedCatalog, seller } from './support/catalog-fixtures';
import { startChainStandin, type ChainStandin } from './support/chain-stand-in';
import { setClock } from './support/clock';
import { signedInDeveloper } from './support/developer';
import { startFacilitatorStandin, type FacilitatorStandin } from './support/facilitator-stand-in';
import { startSmtpSink, type SmtpSink } from './support/smtp';
import { checkoutAs, linkWallet, mintKey, paymentFor, verifiedBuyer, WALLETS } from './support/x402-agent';

const PAY_TO = '0x209693Bc6afc0C5328bA36FaF03C514EF312287C';
const ELSEWHERE = '0x000000000000000000000000000000000000dEaD';
const LANTERN = 'Storm Lantern';
const ADMIN = 'admin-token-for-x402-review-0123456789';
/** maxTimeoutSeconds (validBefore), the sweep's minute and the confirmation wait (2 s blocks), with a margin. */
const PAST_THE_END = 300 + 60 + Number(CONFIRMATIONS) * 2 + 30;

let smtp: SmtpSink;
let chain: ChainStandin;
let facilitator: FacilitatorStandin;

interface Shop {
  t: TestApp;
  buyer: { id: string; token: string };
}

/** A service paid through the facilitator stand-in, with a lantern seller and a verified buyer whose wallet is Alice's. */
async function openShop(env: Record<string, string>, database?: TestDatabase): Promise<Shop> {
  const t = await testApp({ ...facilitator.env, X402_FACILITATOR_TIMEOUT_MS: '1500', X402_PAY_TO: PAY_TO, SMTP_URL: smtp.url, MAIL_FROM: 'Agent Commerce <codes@agent-commerce.test>', ...env }, database);
  await seedCatalog(t.app.services.db, [{ seller: seller('lantern-works'), products: [{ title: LANTERN, variants: [[2500, 40]] }] }]);
  const dev = await signedInDeveloper(t.app.services.db);
  const buyer = await verifiedBuyer(t, smtp, await mintKey(t, dev, ['buyer:write', 'checkout:write', 'dev.ucp.shopping.order:read']));
  expect((await linkWallet(t, buyer.token, WALLETS.alice)).status).toBe(201);
  return { t, buyer };
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  chain = await startChainStandin();
  facilitator = await startFacilitatorStandin({ chain });
});
afterAll(async () => {
  await facilitator?.close();
  await chain?.close();
  await smtp?.close();
});

/** A cart of one lantern, its 402, and Alice's payment for it. */
async function signedCart(shop: Shop): Promise<{ cartId: string; key: string; headers: Record<string, string>; nonce: `0x${string}`; value: bigint }> {
  const cartId = await seedCart(shop.t.app.services.db, [[LANTERN, 1]], undefined, `buyer:${shop.buyer.id}`);
  const key = freshKey();
  const required = await checkoutAs(shop.t, shop.buyer.token, cartId, { key });
  expect(required.status).toBe(402);
  const { headers, payload } = await paymentFor(required, WALLETS.alice);
  const { nonce, value } = (payload.payload as { authorization: { nonce: `0x${string}`; value: string } }).authorization;
  return { cartId, key, headers, nonce, value: BigInt(value) };
}

/** Runs `body` with the clock `seconds` ahead (the chain stand-in's blocks follow it). */
async function later<T>(seconds: number, body: () => Promise<T>): Promise<T> {
  const restore = setClock(new Date(Date.now() + seconds * 1000).toISOString());
  try {
    return await body();
  } finally {
    restore();
  }
}

async function stockOf(shop: Shop): Promise<number> {
  const db = shop.t.app.services.db;
  const [v] = await db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, await variantId(db, LANTERN)));
  return v.stock!;
}

async function stateOf(shop: Shop, cartIds: string[]) {
  const db = shop.t.app.services.db;
  return {
    carts: await db.select().from(carts).where(inArray(carts.id, cartIds)),
    orders: await db.select().from(orders).where(inArray(orders.cartId, cartIds)),
    payments: await db.select().from(x402Payments).where(inArray(x402Payments.cartId, cartIds)),
  };
}

/** What a sweep's run leaves: its counts, with every console line it wrote. */
async function sweep(shop: Shop): Promise<{ counts: Awaited<ReturnType<typeof sweepPayments>>; said: string[] }> {
  const said: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line) => void said.push(String(line)));
  const warn = vi.spyOn(console, 'warn').mockImplementation((line) => void said.push(String(line)));
  try {
    return { counts: await sweepPayments(shop.t.app.services), said };
  } finally {
    log.mockRestore();
    warn.mockRestore();
  }
}

describe('with X402_RPC_URL, the chain decides', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop(chain.env);
  });
  afterAll(async () => {
    await shop?.t.close();
  });

  it('the probe: 15 settles in flight when the process dies, 10 of them moved money with the answers lost; past validBefore + the sweep + the confirmation wait, each is an order or released, none held', async () => {
    const before = await stockOf(shop);
    const paying: Awaited<ReturnType<typeof signedCart>>[] = [];
    for (let i = 0; i < 15; i++) paying.push(await signedCart(shop));
    // Ten settles move the money and lose the answer; five fail before the money moves.
    facilitator.next('/settle', ...Array<'lost'>(10).fill('lost'), ...Array(5).fill({ status: 502 }));
    const answered = await Promise.all(paying.map((p) => checkoutAs(shop.t, shop.buyer.token, p.cartId, { key: p.key, headers: p.headers })));
    expect(answered.map((r) => r.status)).toEqual(Array(15).fill(503));
    const cartIds = paying.map((p) => p.cartId);
    const moved = new Set(facilitator.settled.filter((s) => paying.some((p) => s.endsWith(`:${p.nonce}`))));
    expect(moved.size).toBe(10);
    // kill -9 mid-settle: every payment pending, its lease still held by the dead process.
    await shop.t.app.services.db.update(x402Payments).set({ leaseUntil: new Date(Date.now() + 11_500) }).where(inArray(x402Payments.cartId, cartIds));
    expect(await stockOf(shop)).toBe(before - 15);

    // Before validBefore the sweep asks the facilitator, which refuses what it settled: nothing can end yet.
    const early = await later(60, () => sweep(shop));
    expect(early.counts).toEqual({ settled: 5, voided: 0, pending: 10 });
    // (The five the facilitator never settled, it settles now: their orders are placed.)
    const settledEarly = (await stateOf(shop, cartIds)).payments.filter((p) => p.status === 'settled').length;
    expect(settledEarly).toBe(5);

    const settles = facilitator.calls.filter((c) => c.path === '/settle').length;
    const { counts, said } = await later(PAST_THE_END, () => sweep(shop));
    expect(counts).toEqual({ settled: 10, voided: 0, pending: 0 });
    // The chain answered, not the facilitator; each outcome said once.
    expect(facilitator.calls.filter((c) => c.path === '/settle').length).toBe(settles);
    expect(said.filter((l) => l.includes('paid us in'))).toHaveLength(10);

    const after = await stateOf(shop, cartIds);
    expect(after.payments.map((p) => p.status)).toEqual(Array(15).fill('settled'));
    expect(after.orders.map((o) => o.status)).toEqual(Array(15).fill('placed'));
    expect(after.carts.map((c) => c.status)).toEqual(Array(15).fill('completed'));
    expect(await stockOf(shop)).toBe(before - 15);
    // Each settled by the chain carries the transaction that paid, as the chain has it.
    const mined = after.payments.filter((p) => moved.has(`${p.payer}:${p.nonce}`));
    expect(mined).toHaveLength(10);
    for (const p of mined) expect(p.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    // Nothing is left to sweep, and the buyer sending the same payment gets its order.
    expect((await later(PAST_THE_END, () => sweep(shop))).counts).toEqual({ settled: 0, voided: 0, pending: 0 });
    const again = await checkoutAs(shop.t, shop.buyer.token, paying[0].cartId, { key: paying[0].key, headers: paying[0].headers });
    expect(again.status, await again.clone().text()).toBe(200);
  });

  it('settles of unknown outcome whose money never moved: released once the chain shows them unused past validBefore at a confirmed block (not before), the stock back, the cart paid anew', async () => {
    const before = await stockOf(shop);
    const paying = [await signedCart(shop), await signedCart(shop)];
    facilitator.next('/settle', { status: 502 }, { status: 504 });
    for (const p of paying) expect((await checkoutAs(shop.t, shop.buyer.token, p.cartId, { key: p.key, headers: p.headers })).status).toBe(503);
    const cartIds = paying.map((p) => p.cartId);

    // validBefore has passed, but no confirmed block is past it yet: pending, the chain asked again later.
    const unconfirmed = await later(300 + 5, () => sweep(shop));
    expect(unconfirmed.counts).toEqual({ settled: 0, voided: 0, pending: 2 });
    expect((await stateOf(shop, cartIds)).payments.map((p) => p.status)).toEqual(['pending', 'pending']);

    const { counts, said } = await later(PAST_THE_END, () => sweep(shop));
    expect(counts).toEqual({ settled: 0, voided: 2, pending: 0 });
    expect(said.filter((l) => l.includes('unused past its validBefore'))).toHaveLength(2);
    const after = await stateOf(shop, cartIds);
    expect(after.payments.map((p) => [p.status, p.failureReason])).toEqual(Array(2).fill(['failed', 'invalid_exact_evm_payload_authorization_valid_before']));
    expect(after.orders.map((o) => o.status)).toEqual(['voided', 'voided']);
    for (const cart of after.carts) expect(cart).toMatchObject({ status: 'open', orderId: null, notices: [expect.objectContaining({ code: 'payment_failed' })] });
    expect(await stockOf(shop)).toBe(before);

    // The next attempt is taken: a new payment of the same cart settles.
    const fresh = paying[0];
    const required = await checkoutAs(shop.t, shop.buyer.token, fresh.cartId);
    const paid = await checkoutAs(shop.t, shop.buyer.token, fresh.cartId, { headers: (await paymentFor(required, WALLETS.alice)).headers });
    expect(paid.status, await paid.clone().text()).toBe(200);
  });

  it('an authorization whose nonce the payer spent elsewhere (AuthorizationUsed, but its Transfer pays someone else): released', async () => {
    const before = await stockOf(shop);
    const p = await signedCart(shop);
    facilitator.next('/settle', { status: 500 });
    expect((await checkoutAs(shop.t, shop.buyer.token, p.cartId, { key: p.key, headers: p.headers })).status).toBe(503);
    const spent = chain.transferWithAuthorization({ from: WALLETS.alice.address, to: ELSEWHERE, value: p.value, nonce: p.nonce });
    // authorizationState(alice, nonce) is now true: the facilitator refuses a repeat as spent, which proves nothing.
    facilitator.next('/settle', { refuse: 'invalid_exact_evm_nonce_already_used' });
    expect((await checkoutAs(shop.t, shop.buyer.token, p.cartId, { key: p.key, headers: p.headers })).status).toBe(503);
    expect((await stateOf(shop, [p.cartId])).payments[0].status).toBe('pending');

    const { counts, said } = await later(PAST_THE_END, () => sweep(shop));
    expect(counts).toEqual({ settled: 0, voided: 1, pending: 0 });
    expect(said.join('\n')).toContain(`spent by ${spent}, which did not pay us`);
    const after = await stateOf(shop, [p.cartId]);
    expect(after.payments[0]).toMatchObject({ status: 'failed', failureReason: 'invalid_exact_evm_nonce_already_used' });
    expect(after.orders[0].status).toBe('voided');
    expect(after.carts[0].status).toBe('open');
    expect(await stockOf(shop)).toBe(before);
  });
});

/** A database a command can open too: a PGlite folder (closed while the command runs) or a Postgres database. */
async function sharedDatabase(): Promise<{ db: TestDatabase; env: Record<string, string>; reopen(): Promise<TestDatabase> }> {
  if (process.env.DATABASE_URL) {
    const db = await testDatabase();
    return { db, env: { DATABASE_URL: db.url! }, reopen: async () => ({ ...db, database: await openDatabase({ databaseUrl: db.url!, poolSize: 4 }) }) };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acapi-x402-review-'));
  const open = async (): Promise<TestDatabase> => {
    const database = await openDatabase({ dataDir });
    return { database, drop: () => database.close() };
  };
  return { db: await open(), env: { DATA_DIR: dataDir, DATABASE_URL: '' }, reopen: open };
}

async function reconcile(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/x402-reconcile.ts', ...args], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, SECRETS_KEY: TEST_SECRETS_KEY, ...facilitator.env, X402_PAY_TO: PAY_TO, ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err: any) {
    return { code: err.code as number, stdout: err.stdout as string, stderr: err.stderr as string };
  }
}

describe('without X402_RPC_URL, an operator decides', () => {
  it('left for review past validBefore, said once; listed by the admin API; placed there or released by npm run x402:reconcile', async () => {
    const shared = await sharedDatabase();
    let shop = await openShop({ ADMIN_TOKEN: ADMIN }, shared.db);
    const admin = (method: string, url: string, body?: unknown) => shop.t.call(method, url, { headers: { authorization: `Bearer ${ADMIN}` }, body });
    const before = await stockOf(shop);
    const paying = [await signedCart(shop), await signedCart(shop)];
    facilitator.next('/settle', 'lost', 'lost');
    for (const p of paying) expect((await checkoutAs(shop.t, shop.buyer.token, p.cartId, { key: p.key, headers: p.headers })).status).toBe(503);
    const cartIds = paying.map((p) => p.cartId);

    const settles = facilitator.calls.filter((c) => c.path === '/settle').length;
    const first = await later(PAST_THE_END, () => sweep(shop));
    expect(first.counts).toEqual({ settled: 0, voided: 0, pending: 2 });
    expect(first.said.filter((l) => l.includes('left for review'))).toHaveLength(2);
    // The next minutes: not retried, not said again.
    const next = await later(PAST_THE_END + 60, () => sweep(shop));
    expect(next).toEqual({ counts: { settled: 0, voided: 0, pending: 0 }, said: [] });
    expect(facilitator.calls.filter((c) => c.path === '/settle').length).toBe(settles);

    const { payments } = await (await admin('GET', '/api/admin/x402/payments/review')).json();
    const byCart = (cartId: string) => payments.find((p: { cart_id: string }) => p.cart_id === cartId);
    expect(payments).toHaveLength(2);
    expect(byCart(paying[0].cartId)).toMatchObject({ status: 'pending', payer: WALLETS.alice.address, nonce: paying[0].nonce, amount: String(paying[0].value), settle_attempts: 2, review_since: expect.any(String) });
    expect((await shop.t.call('GET', '/api/admin/x402/payments/review', { headers: { authorization: 'Bearer wrong' } })).status).toBe(403);

    // Placed through the admin API, with the transaction the operator found on the chain.
    const transaction = `0x${'5e'.repeat(32)}`;
    expect((await (await admin('POST', `/api/admin/x402/payments/${byCart(paying[0].cartId).id}/decision`, { outcome: 'place' })).json()).code).toBe('invalid_request');
    const placed = await admin('POST', `/api/admin/x402/payments/${byCart(paying[0].cartId).id}/decision`, { outcome: 'place', transaction });
    expect(placed.status, await placed.clone().text()).toBe(200);
    expect(await placed.json()).toMatchObject({ status: 'settled', transaction });
    const again = await admin('POST', `/api/admin/x402/payments/${byCart(paying[0].cartId).id}/decision`, { outcome: 'release' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'x402_payment_not_in_review', details: { status: 'settled' } });
    expect((await (await admin('POST', '/api/admin/x402/payments/xpay_nobody/decision', { outcome: 'release' })).json()).code).toBe('x402_payment_not_found');

    // Released by the command on the server (the service stopped: on PGlite it holds the folder).
    const releasing = byCart(paying[1].cartId).id;
    await shop.t.app.close();
    const listed = await reconcile([], shared.env);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('1 x402 payment(s) left for review');
    expect(listed.stdout).toContain(releasing);
    expect((await reconcile(['place', releasing, '0x12'], shared.env)).stderr).toContain('is not a transaction hash');
    const released = await reconcile(['release', releasing], shared.env);
    expect(released.code, released.stderr).toBe(0);
    expect(released.stdout).toContain(`${releasing}: released`);
    expect((await reconcile(['release', releasing], shared.env)).stderr).toContain('(x402_payment_not_in_review)');

    const reopened = await shared.reopen();
    shop = { ...shop, t: await testApp({ ...facilitator.env, X402_PAY_TO: PAY_TO, ADMIN_TOKEN: ADMIN }, reopened) };
    const after = await stateOf(shop, cartIds);
    const cart = (id: string) => after.carts.find((c) => c.id === id)!;
    expect(cart(paying[0].cartId).status).toBe('completed');
    expect(cart(paying[1].cartId)).toMatchObject({ status: 'open', orderId: null });
    expect(after.orders.map((o) => [o.cartId, o.status]).sort()).toEqual([[paying[0].cartId, 'placed'], [paying[1].cartId, 'voided']].sort());
    expect(await stockOf(shop)).toBe(before - 1);
    expect((await (await admin('GET', '/api/admin/x402/payments/review')).json()).payments).toEqual([]);
    await shop.t.app.close();
    await shared.db.drop().catch(() => {});
    if (shared.env.DATA_DIR) fs.rmSync(shared.env.DATA_DIR, { recursive: true, force: true });
  }, 120_000);
});
