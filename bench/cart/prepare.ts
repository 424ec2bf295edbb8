/**
 * What every step of bench:cart runs on: a fresh database, the platform profile host, the service
 * started (its start migrates and seeds the demo catalog), the variants each step takes, the carts
 * of step 1, step 2's ready carts and step 4's ACP platform key.
 */
import type { Child } from '../lib/processes';
import { databaseUrl, recreateDatabase, withDatabase } from '../lib/database';
import { platformProfileHost, type PlatformProfileHost } from '../lib/platform-profile';
import { BENCH_RATE_LIMITS } from '../lib/rate-limits';
import type { AddPlan } from './adds';
import { acpCaller } from './acp';
import { cartCount, dbName, inParallel, OPEN_CALL, orderCount, pool, running, send, startServer, WARM_ORDERS, type CallerHeaders } from './common';
import { keyCaller, readyCarts, type OrderCarts } from './orders';

export interface Prepared {
  platform: PlatformProfileHost;
  /** The environment every server of the run starts with. */
  env: Record<string, string | undefined>;
  service: { child: Child; url: string };
  plan: AddPlan;
  /** Step 2's variants (its bare side's are step 4's too). */
  orderVariants: string[];
  settleVariants: string[];
  orderCarts: OrderCarts;
  /** Step 4's ACP platform: a key with acp:platform, minted as the keyed caller's, and the API version. */
  acp: CallerHeaders;
}

export async function prepareRun(): Promise<Prepared> {
  console.error(`Fresh database ${dbName}…`);
  const url = await recreateDatabase(dbName);
  // The platform profile UCP's binding is called with (step 4), and step 2's orders with webhooks
  // on are credited to; the service starts able to fetch it.
  const platform = (running.platform = await platformProfileHost());
  const env: Record<string, string | undefined> = { ...process.env, ...platform.server.env, ...BENCH_RATE_LIMITS, NODE_ENV: 'production', DATABASE_URL: url, DATABASE_POOL_SIZE: String(pool) };

  // The service first: its start migrates the fresh database and seeds the demo catalog.
  const service = await startServer('service', env);
  const { addVariants, orderVariants } = await withDatabase(dbName, async (sql) => {
    // Adds never run into the quantity ceiling or stock: the work measured is the add's.
    await sql`update platform_limits set max_item_quantity = 2000000000, max_cart_total_cents = 2000000000`;
    const add = await sql<{ id: string }[]>`select id from variants where stock is null order by id limit 10`;
    // One unit of another product per order, from sellers delivering to the US, with stock tracked.
    const order = await sql<{ id: string }[]>`
      select distinct on (v.product_id) v.id from variants v join sellers s on s.id = v.seller_id
      where v.stock >= 1 and s.delivery @> '[{"country": "US"}]'::jsonb order by v.product_id, v.id limit ${4 * orderCount + 3 * WARM_ORDERS}`;
    return { addVariants: add.map((r) => r.id), orderVariants: order.map((r) => r.id) };
  });
  const needed = 4 * orderCount + 3 * WARM_ORDERS;
  if (orderVariants.length < needed) throw new Error(`the demo catalog has ${orderVariants.length} products to order, ${needed} needed: lower --orders`);
  // The warm-ups take the last few (step 2's off and on, then step 3's); the last quarter of the rest is settled with x402 (step 3).
  const warmVariants = orderVariants.splice(4 * orderCount);
  const settleVariants = [...orderVariants.splice(3 * orderCount), ...warmVariants.splice(2 * WARM_ORDERS)];
  const plan: AddPlan = { carts: [], variants: addVariants };
  await inParallel(Array.from({ length: cartCount }), 20, async () => {
    const cart = await send(service.url, 'POST', '/api/agent/cart', {});
    if (cart.status !== 201) throw new Error(`POST /api/agent/cart answered ${cart.status}`);
    plan.carts.push(cart.body.id);
  });
  console.error(`  ${cartCount} carts for the adds; ${3 * orderCount} ready carts with a payment link for the orders…`);
  // Step 2's carts: made with a key (webhooks off), by an open call naming the bench platform (on), and for the bare side.
  const keyed = await keyCaller(databaseUrl(dbName));
  const onCall = { 'UCP-Agent': platform.agent };
  const orderCarts: OrderCarts = {
    off: await readyCarts(service.url, orderVariants.slice(0, orderCount), keyed),
    on: await readyCarts(service.url, orderVariants.slice(orderCount, 2 * orderCount), onCall),
    bare: await readyCarts(service.url, orderVariants.slice(2 * orderCount), OPEN_CALL),
    warmOff: await readyCarts(service.url, warmVariants.slice(0, WARM_ORDERS), keyed),
    warmOn: await readyCarts(service.url, warmVariants.slice(WARM_ORDERS), onCall),
  };
  const acp = acpCaller(await keyCaller(databaseUrl(dbName), ['acp:platform']));
  return { platform, env, service, plan, orderVariants, settleVariants, orderCarts, acp };
}
