/**
 * Plays every operation's example calls (its `examples` metadata) against a service over the demo
 * catalog: `npm run openapi:examples` records the answers into server/http/openapi/recorded-examples.json and
 * test/openapi.test.ts replays the calls to check that the recording is still what is answered.
 */
import { ensureDemoCatalog } from '../../server/catalog/demo';
import { EXAMPLE_AGENT, EXAMPLE_IDEMPOTENCY_KEY, type ExampleRecording } from '../../server/http/openapi/examples';
import { newId } from '../../server/lib/ids';
import { carts, orderWebhookDeliveries, x402Payments } from '../../server/db/schema';
import { orderLines, priceCart } from '../../server/carts/pricing';
import { placeOrder } from '../../server/orders/place';
import { EXAMPLE_X402_PAYMENT } from '../../server/routers/admin-x402';
import { issuePaymentLink } from '../../server/payments/checkout';
import { EXAMPLE_ORDER } from '../../server/routers/admin-orders';
import { EXAMPLE_DELIVERY } from '../../server/routers/webhooks';
import { payOnPage } from './orders';
import { EXAMPLE_CART, EXAMPLE_ITEM } from '../../server/routers/carts';
import { EXAMPLE_PRODUCT, EXAMPLE_PRODUCT_SKU } from '../../server/routers/catalog';
import { rows } from '../../server/db/client';
import { eq, sql } from 'drizzle-orm';
import type { Operation } from '../../server/trpc/meta';
import { SESSION_COOKIE } from '../../server/identity/session-cookie';
import { KEY_SCOPES } from '../../server/keys/network-keys';
import { createCaller } from '../../server/routers';
import { EXAMPLE_BUYER } from '../../server/routers/buyer';
import { EXAMPLE_KEY } from '../../server/routers/developer';
import { createContext } from '../../server/trpc/context';
import { BASE, testApp, type TestApp } from './app';
import { signedInDeveloper, verifiedBuyer } from './developer';

export const EXAMPLES_ADMIN_TOKEN = 'examples-admin-token-0123456789';
/** The session cookie of the developer the examples of developer operations sign in as. */
const EXAMPLES_SESSION = 'examples-developer-session-0123456789abcdef';
/** That developer's key (every scope) and a buyer token of one of its buyers, made by examplesApp. */
const credentials = { key: '', buyerToken: '' };

export type Recording = ExampleRecording['examples'];

/** A service over a fresh database seeded with the demo catalog, its admin API enabled. */
export async function examplesApp(): Promise<TestApp> {
  const t = await testApp({ ADMIN_TOKEN: EXAMPLES_ADMIN_TOKEN });
  await ensureDemoCatalog(t.db.database.db);
  const developer = await signedInDeveloper(t.db.database.db, { email: 'developer@example.org', session: EXAMPLES_SESSION });
  const caller = createCaller(createContext(t.app.services, { transport: 'internal', session: EXAMPLES_SESSION, idempotencyKey: 'examples-app-key-0001' }));
  const key = await caller.developer.mintNetworkKey({ name: 'Examples', scopes: [...KEY_SCOPES] });
  credentials.key = key.secret;
  credentials.buyerToken = (await verifiedBuyer(t.db.database.db, developer.accountId, key.id, 'ada@example.org', key.scopes.filter((s) => s !== 'buyer:write'))).token;
  return t;
}

export interface ExampleRequest {
  method: string;
  /** Path and query. */
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

/**
 * An example input as the service can answer it: EXAMPLE_PRODUCT stands for a demo product with
 * several variants (exampleProduct); EXAMPLE_CART and EXAMPLE_ITEM stand for a cart
 * of the example agent made for this call alone (from the create example's input: one line and a
 * US address; `agent`'s, the example agent's by default), so examples that change or cancel a
 * cart never meet each other's carts.
 */
export async function resolveExample(t: TestApp, input: Record<string, unknown>, agent = EXAMPLE_AGENT): Promise<Record<string, unknown>> {
  if (input.id === EXAMPLE_KEY) return { ...input, id: await exampleKey(t) };
  if (input.buyer_id === EXAMPLE_BUYER) return { ...input, buyer_id: await exampleBuyer(t) };
  if (input.id === EXAMPLE_ORDER) return { ...input, id: await exampleOrder(t) };
  if (input.id === EXAMPLE_DELIVERY) return { ...input, id: await exampleFailedDelivery(t) };
  if (input.id === EXAMPLE_X402_PAYMENT) return { ...input, id: await exampleReviewedPayment(t) };
  if (Object.values(input).includes(EXAMPLE_PRODUCT)) {
    const id = await exampleProduct(t);
    return Object.fromEntries(Object.entries(input).map(([k, v]) => [k, v === EXAMPLE_PRODUCT ? id : v]));
  }
  if (!Object.values(input).includes(EXAMPLE_CART)) return input;
  const create = t.app.services.operations.find((o) => o.name === 'carts.create')!;
  const { method, url, headers, body } = exampleRequest(create, create.examples['with-item-and-address'].input, `example-fixture-${newId('k')}`);
  const cart = await (await t.call(method, url, { headers: { ...headers, 'UCP-Agent': agent }, body })).json();
  const real: Record<string, string> = { [EXAMPLE_CART]: cart.id, [EXAMPLE_ITEM]: cart.line_items[0].id };
  return Object.fromEntries(Object.entries(input).map(([k, v]) => [k, typeof v === 'string' && Object.hasOwn(real, v) ? real[v] : v]));
}

/** The demo product EXAMPLE_PRODUCT stands for: the one holding EXAMPLE_PRODUCT_SKU. */
async function exampleProduct(t: TestApp): Promise<string> {
  const { seller_handle, sku } = EXAMPLE_PRODUCT_SKU;
  const [found] = await rows<{ product_id: string }>(
    t.db.database.db,
    sql`SELECT v.product_id FROM variants v JOIN sellers s ON s.id = v.seller_id WHERE s.handle = ${seller_handle} AND v.sku = ${sku}`,
  );
  return found.product_id;
}

/** An order (EXAMPLE_ORDER stands for it): a cart of the create example, paid on its built-in /pay page. */
async function exampleOrder(t: TestApp): Promise<string> {
  const db = t.db.database.db;
  const { id: cartId } = (await resolveExample(t, { id: EXAMPLE_CART })) as { id: string };
  const [{ owner }] = await db.select({ owner: carts.owner }).from(carts).where(eq(carts.id, cartId));
  const { link } = await db.transaction((tx) => issuePaymentLink(t.app.services, tx as unknown as typeof db, { cartId, owner, idempotencyKey: `example-fixture-${newId('k')}` }));
  await payOnPage(t.app.services, link.url);
  const [{ orderId }] = await db.select({ orderId: carts.orderId }).from(carts).where(eq(carts.id, cartId));
  return orderId!;
}

/** A delivery that failed for good (EXAMPLE_DELIVERY stands for it): the example order's, its attempts spent. */
async function exampleFailedDelivery(t: TestApp): Promise<string> {
  const db = t.db.database.db;
  const orderId = await exampleOrder(t);
  const [delivery] = await db
    .update(orderWebhookDeliveries)
    .set({ state: 'failed', attempts: 3, lastStatus: 500, lastError: 'answered 500', lastAttemptAt: new Date() })
    .where(eq(orderWebhookDeliveries.orderId, orderId))
    .returning({ id: orderWebhookDeliveries.id });
  return delivery.id;
}

/**
 * An x402 payment left for review (EXAMPLE_X402_PAYMENT stands for it): a cart of the create
 * example, its order pending, as a settle whose answer was lost leaves it once validBefore has
 * passed with no X402_RPC_URL (payments/x402-lost-settle.ts).
 */
async function exampleReviewedPayment(t: TestApp): Promise<string> {
  const db = t.db.database.db;
  const { id: cartId } = (await resolveExample(t, { id: EXAMPLE_CART })) as { id: string };
  const [cart] = await db.select().from(carts).where(eq(carts.id, cartId));
  const priced = await priceCart(db, cart);
  const id = newId('xpay');
  return db.transaction(async (t) => {
    const tx = t as unknown as typeof db;
    const placed = await placeOrder(tx, {
      cart: { id: cart.id, owner: cart.owner, platform: cart.platform, shippingAddress: cart.shippingAddress! },
      lines: orderLines(priced),
      totals: priced.totals,
      payment: { provider: 'x402', reference: id },
      pending: { notice: { type: 'info', code: 'payment_in_progress', message: 'An x402 payment of this cart is being settled.', path: null } },
    });
    if (!placed.placed) throw new Error('the example cart cannot be placed');
    const hour = 3_600_000;
    await tx.insert(x402Payments).values({
      id,
      cartId,
      orderId: placed.order.id,
      version: 2,
      network: 'eip155:84532',
      asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
      payer: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      nonce: `0x${'4e'.repeat(32)}`,
      amount: String(priced.totals.total_cents * 10_000),
      validBefore: new Date(Date.now() - hour),
      payload: {},
      idempotencyKey: `example-fixture-${newId('k')}`,
      settleAttempts: 1,
      reviewSince: new Date(Date.now() - hour + 60_000),
    });
    return id;
  });
}

/** A key the example developer mints for one call (EXAMPLE_KEY stands for it). */
async function exampleKey(t: TestApp): Promise<string> {
  const mint = t.app.services.operations.find((o) => o.name === 'developer.mintNetworkKey')!;
  const { method, url, headers, body } = exampleRequest(mint, mint.examples['buyer-agent'].input, `example-fixture-${newId('k')}`);
  return (await (await t.call(method, url, { headers, body })).json()).id;
}

/** A buyer the example key registers for one call (EXAMPLE_BUYER stands for it). */
async function exampleBuyer(t: TestApp): Promise<string> {
  const register = t.app.services.operations.find((o) => o.name === 'buyer.register')!;
  const { method, url, headers, body } = exampleRequest(register, { email: `someone-${newId('x')}@example.org` }, `example-fixture-${newId('k')}`);
  return (await (await t.call(method, url, { headers, body })).json()).buyer_id;
}

/**
 * The REST request of an example call, with the headers the operation's kind needs. The document
 * publishes EXAMPLE_IDEMPOTENCY_KEY; a player passes a key of each call's own.
 */
export function exampleRequest(operation: Operation, input: Record<string, unknown>, key = EXAMPLE_IDEMPOTENCY_KEY): ExampleRequest {
  const { method, path } = operation.rest!;
  const rest = { ...input };
  const resolved = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = String(rest[name]);
    delete rest[name];
    return encodeURIComponent(value);
  });
  const headers: Record<string, string> = {};
  const { access } = operation;
  if (access.kind === 'open' || access.kind === 'discovery') headers['UCP-Agent'] = EXAMPLE_AGENT;
  if (access.kind === 'admin') headers.Authorization = `Bearer ${EXAMPLES_ADMIN_TOKEN}`;
  if (access.kind === 'credential' && access.scope === 'developer_session') Object.assign(headers, { Cookie: `__Secure-${SESSION_COOKIE}=${EXAMPLES_SESSION}`, Origin: BASE });
  else if (access.kind === 'credential') {
    headers.Authorization = `Bearer ${access.scope === 'buyer_token' || access.buyer ? credentials.buyerToken : credentials.key}`;
  }
  if (operation.idempotent) headers['Idempotency-Key'] = key;
  if (method === 'GET' || method === 'DELETE') {
    const query = new URLSearchParams(Object.entries(rest).map(([k, v]) => [k, String(v)])).toString();
    return { method, url: query ? `${resolved}?${query}` : resolved, headers };
  }
  return { method, url: resolved, headers, body: Object.keys(rest).length ? rest : undefined };
}

/** Every example's answer. Reads run first, so that no example changes what a read answers. */
export async function playExamples(t: TestApp): Promise<Recording> {
  const operations = t.app.services.operations.filter((o) => o.rest && Object.keys(o.examples).length);
  operations.sort((a, b) => Number(a.type === 'mutation') - Number(b.type === 'mutation'));
  const recording: Recording = {};
  for (const operation of operations) {
    for (const [name, example] of Object.entries(operation.examples)) {
      const input = await resolveExample(t, example.input);
      const { method, url, headers, body } = exampleRequest(operation, input, `example-${operation.name}-${name}`.slice(0, 64));
      const res = await t.call(method, url, { headers, body });
      (recording[operation.name] ??= {})[name] = { status: res.status, body: await res.json() };
    }
  }
  return recording;
}

/** An answer without what differs from one database or run to the next: ids, times, link tokens and cursors. */
export function comparable(value: unknown, key = ''): unknown {
  if (typeof value === 'string') {
    if (key === 'nextCursor') return '<cursor>';
    // A webhook signing key is made at random for each database.
    if (['kid', 'x', 'y'].includes(key)) return `<${key}>`;
    return value
      .replace(/\b(prod|var|sel|fb|req|cart|item|plink|ord|key|buy|fev|xpay)_[0-9a-z]{26}\b/g, '$1_<id>')
      .replace(/^(ak|bt)_live_(?:[\w-]{43}|[\w-]{4})$/, '$1_live_<secret>')
      .replace(/^whsec_[\w-]{43}$/, 'whsec_<secret>')
      .replace(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, '<uuid>')
      .replace(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z$/, '<time>')
      .replace(/\/pay\/[\w-]+/g, '/pay/<token>');
  }
  if (Array.isArray(value)) return value.map((v) => comparable(v));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, comparable(v, k)]));
  return value;
}
