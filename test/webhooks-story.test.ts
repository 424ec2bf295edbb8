/**
 * The part of issue #35's story a browser cannot play (e2e/ucp-order-events.spec.ts plays the rest):
 * an order whose payment the provider refuses to capture for good is voided, and the platform that
 * placed it hears so after it heard of the order: the same order, with one `cancellation`
 * adjustment and nothing left of its lines. The refusal is the built-in provider's own: an
 * authorization released before the capture (as Stripe cancels one after seven days) cannot be
 * captured, and completePayment voids the order it just placed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cartOwner } from '../server/carts/store';
import type { Db } from '../server/db/client';
import { orderWebhookDeliveries, orders, paymentLinks } from '../server/db/schema';
import { issuePaymentLink } from '../server/payments/checkout';
import { completePayment } from '../server/payments/complete';
import { providerNamed } from '../server/payments/select';
import { DeliveryWorker } from '../server/webhooks/worker';
import { freshKey, testApp, testDatabase, type TestApp, type TestDatabase } from './support/app';
import { ADDRESS, seedCart } from './support/cart-fixtures';
import { seedCatalog, seller } from './support/catalog-fixtures';
import { platformCapability, platformProfile } from './support/platform-profile';
import { profileServer, type ProfileServer } from './support/profile-server';
import { UCP_SCHEMAS_MISSING, ucpAjv } from './support/ucp-schemas';

type Json = Record<string, any>;

const ORDER = 'dev.ucp.shopping.order';
const CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada Lovelace' };

let ps: ProfileServer;
let database: TestDatabase;
let t: TestApp;
let db: Db;
/** What the platform's webhook received, in order. */
const received: { headers: Record<string, string>; body: string }[] = [];

beforeAll(async () => {
  ps = await profileServer();
  ps.routes.set('/hooks/orders', (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const capabilities = { [ORDER]: [platformCapability(ORDER, { config: { webhook_url: `${ps.origin}/hooks/orders` } })] };
  ps.routes.set('/platform.json', { body: platformProfile({ capabilities }), headers: { 'cache-control': 'max-age=600' } });
  database = await testDatabase();
  t = await testApp(ps.env, database);
  db = t.app.services.db;
  await seedCatalog(db, [{ seller: seller('kettle-shop'), products: [{ title: 'Enamel Kettle', variants: [[3200, 500]] }] }]);
});
afterAll(async () => {
  await t?.close();
  await database?.drop();
  await ps?.close();
});

it('an order whose capture is refused for good reaches its platform placed, then voided: a cancellation adjustment, nothing left of its lines', async (ctx) => {
  const profileUrl = `${ps.origin}/platform.json`;
  const owner = cartOwner({ agent: { url: profileUrl, host: ps.host, hostKind: 'public' }, buyer: {} });
  const cartId = await seedCart(db, [['Enamel Kettle', 1]], ADDRESS, owner);
  const { link } = await db.transaction((tx) => issuePaymentLink(t.app.services, tx, { cartId, owner, idempotencyKey: freshKey() }));
  const [{ id: linkId }] = await db.select({ id: paymentLinks.id }).from(paymentLinks).where(eq(paymentLinks.cartId, cartId));
  // The card is authorized, then the authorization lapses before the payment is completed.
  const provider = providerNamed(t.app.services.config, 'builtin');
  const auth = await provider.authorize!(CARD, { amountCents: link.amount_cents, currency: 'USD' });
  if (auth.status !== 'authorized') throw new Error(`not authorized: ${JSON.stringify(auth)}`);
  await provider.release(auth.authorization, 'lapsed');

  const outcome = await completePayment(t.app.services, { linkId, authorization: auth.authorization, provider: 'builtin' });
  expect(outcome.kind).toBe('payment_failed');
  const [order] = await db.select().from(orders).where(eq(orders.cartId, cartId));
  expect(order.status).toBe('voided');
  const rows = await db.select().from(orderWebhookDeliveries).where(eq(orderWebhookDeliveries.orderId, order.id)).orderBy(orderWebhookDeliveries.occurredAt);
  expect(rows.map((r) => [r.event, r.profileUrl])).toEqual([['order_placed', profileUrl], ['order_voided', profileUrl]]);

  // One worker round sends the placement; the void waits for it, so it goes in the next.
  const worker = new DeliveryWorker(t.app.services);
  expect(await worker.runOnce()).toBe(1);
  expect(await worker.runOnce()).toBe(1);
  expect(received.map((r) => r.headers['webhook-id'])).toEqual(rows.map((r) => r.id));

  const [placed, voided] = received.map((r) => JSON.parse(r.body) as Json);
  expect(placed.line_items[0]).toMatchObject({ quantity: { original: 1, total: 1, fulfilled: 0 }, status: 'processing' });
  expect(placed.adjustments ?? []).toEqual([]);
  expect(voided).toMatchObject({ id: order.id, currency: placed.currency, totals: placed.totals });
  expect(voided.line_items[0]).toMatchObject({ id: placed.line_items[0].id, quantity: { original: 1, total: 0, fulfilled: 0 }, status: 'removed' });
  expect(voided.fulfillment).toEqual({ expectations: [], events: [] });
  expect(voided.adjustments).toEqual([
    expect.objectContaining({ type: 'cancellation', status: 'completed', occurred_at: expect.any(String), description: expect.any(String), line_items: [{ id: placed.line_items[0].id, quantity: -1 }] }),
  ]);
  expect(Date.parse(voided.adjustments[0].occurred_at)).toBeGreaterThanOrEqual(Number(received[0].headers['webhook-timestamp']) * 1000 - 1000);
  if (UCP_SCHEMAS_MISSING) return ctx.skip(UCP_SCHEMAS_MISSING);
  const validate = ucpAjv().getSchema('https://ucp.dev/schemas/shopping/order.json')!;
  for (const body of [placed, voided]) expect(validate(body), JSON.stringify(validate.errors, null, 2)).toBe(true);
});
