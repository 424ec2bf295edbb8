/**
 * Step 2 of bench:cart: ready carts with a live payment link each, paid through the service's own
 * completePayment (webhooks off and on) against the same statements issued bare.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { postgresOptions } from '../../server/db/client';
import type { KeyScope } from '../../server/keys/network-keys';
import { completePayment } from '../../server/payments/complete';
import { providerNamed } from '../../server/payments/select';
import { DeliveryWorker } from '../../server/webhooks/worker';
import { databaseUrl, withDatabase } from '../lib/database';
import type { PlatformProfileHost } from '../lib/platform-profile';
import { ADDRESS, dbName, failures, inParallel, mintKey, OPEN_CALL, orderCount, pool, send, serviceInProcess, timed, WARM_ORDERS, type CallerHeaders, type PlaceResult } from './common';

const CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Bench Buyer' };

export interface Link {
  id: string;
  cart_id: string;
  amount_cents: number;
}

/** A cart of one unit of `variant`, with an address and a live payment link: the seed API's quick-buy and payment-link. Answers the cart's id. */
export async function seedPurchase(url: string, variant: string, caller = OPEN_CALL): Promise<string> {
  const cart = await send(url, 'POST', '/api/agent/quick-buy', { variant_id: variant, quantity: 1, shipping_address: ADDRESS }, caller);
  if (cart.status !== 201) throw new Error(`quick-buy answered ${cart.status} ${JSON.stringify(cart.body).slice(0, 300)}`);
  const link = await send(url, 'POST', '/api/agent/payment-link', { cart_id: cart.body.id }, caller);
  if (link.status !== 201) throw new Error(`payment-link answered ${link.status} ${JSON.stringify(link.body).slice(0, 300)}`);
  return cart.body.id;
}

/** A cart for each variant (each of another product), ready to pay, made through the service by `caller`; answers their ids. */
export async function readyCarts(url: string, variants: string[], caller: CallerHeaders): Promise<Set<string>> {
  const carts = new Set<string>();
  await inParallel(variants, 20, async (variant) => {
    carts.add(await seedPurchase(url, variant, caller));
  });
  return carts;
}

/** A caller with a network key of `scopes`: its carts credit no UCP platform and its account registers no ACP webhook URL, so their orders enqueue no webhook. */
export async function keyCaller(url: string, scopes: KeyScope[] = ['checkout:write']): Promise<CallerHeaders> {
  const { app } = await serviceInProcess(url, 2);
  try {
    const { key } = await mintKey(app, scopes);
    return { Authorization: `Bearer ${key.secret}` };
  } finally {
    await app.close();
  }
}

export async function liveLinks(carts: Set<string>): Promise<Link[]> {
  const links = await withDatabase(dbName, (sql) => sql<Link[]>`select id, cart_id, amount_cents from payment_links where status = 'live'`);
  return links.filter((l) => carts.has(l.cart_id));
}

export interface ServicePlaced {
  /** With webhooks off, also the bench process's CPU µs per order (step 4 adds it to UCP's purchase). */
  off: PlaceResult & { nodeCpu: number };
  on: PlaceResult;
  /** Webhooks the receiver had when the last "on" order was placed, and seconds until it had them all. */
  sentDuringRun: number;
  drainSeconds: number;
}

/**
 * The service's way: the built-in provider authorizes, completePayment places the order and
 * captures; one app in-process, as a server process runs it (so the CPU of the bench's process in
 * the "off" blocks, where nothing else in it runs, is what a payment costs a server, less HTTP). `off` are carts whose orders enqueue
 * no webhook, `on` carts whose orders do, to `platform`'s webhook_url. First the warm-up carts of
 * each side, untimed, with a DeliveryWorker sending until the platform has them all (code compiled,
 * the signing key read, connections open). Then blocks off, on, on, off (half a side each), so
 * neither side always runs first; the worker sends during the "on" blocks, then is given the time
 * it needs to send the rest (untimed, reported) before the last "off" block, which would otherwise
 * pay for sending "on"'s orders.
 */
export async function placeThroughService(url: string, sides: Record<'off' | 'on' | 'warmOff' | 'warmOn', Link[]>, platform: PlatformProfileHost): Promise<ServicePlaced> {
  const { config, app } = await serviceInProcess(url, pool, platform.server.env);
  // As start-up does: the keys kept from before SECRETS_KEY are read before any transaction runs,
  // else each payment's transaction would wait for a second connection of the pool to read them.
  await app.services.keys.loadLegacy();
  const provider = providerNamed(config, 'builtin');
  const worker = new DeliveryWorker(app.services);
  const pay = (links: Link[]) =>
    timed(links, async (link) => {
      const auth = await provider.authorize!(CARD, { amountCents: link.amount_cents, currency: 'USD' });
      if (auth.status !== 'authorized') throw new Error(`the success card was not authorized: ${JSON.stringify(auth)}`);
      const outcome = await completePayment(app.services, { linkId: link.id, authorization: auth.authorization, provider: 'builtin' });
      return outcome.kind === 'placed';
    });
  const sum = { off: { seconds: 0, placed: 0, count: 0, cpu: 0 }, on: { seconds: 0, placed: 0, count: 0, cpu: 0 } };
  const block = async (side: 'off' | 'on', links: Link[]) => {
    const cpu = process.cpuUsage();
    const r = await pay(links);
    const used = process.cpuUsage(cpu);
    Object.assign(sum[side], {
      seconds: sum[side].seconds + links.length / r.ordersPerSecond,
      placed: sum[side].placed + r.placed,
      count: sum[side].count + links.length,
      cpu: sum[side].cpu + used.user + used.system,
    });
  };
  /** Waits (up to 5 minutes) until the platform has received `count` webhooks; answers the seconds it took. */
  const received = async (count: number) => {
    const started = performance.now();
    while (platform.webhooks.size < count && performance.now() - started < 300_000) await new Promise((resolve) => setTimeout(resolve, 100));
    return (performance.now() - started) / 1000;
  };
  const half = (links: Link[]) => Math.ceil(links.length / 2);
  try {
    worker.start();
    await pay(sides.warmOff);
    await pay(sides.warmOn);
    await received(sides.warmOn.length);
    await worker.stop();
    const before = platform.webhooks.size;
    await block('off', sides.off.slice(0, half(sides.off)));
    worker.start();
    await block('on', sides.on.slice(0, half(sides.on)));
    await block('on', sides.on.slice(half(sides.on)));
    const sentDuringRun = platform.webhooks.size - before;
    const drainSeconds = await received(before + sides.on.length);
    await worker.stop();
    await block('off', sides.off.slice(half(sides.off)));
    const result = (side: 'off' | 'on') => ({ ordersPerSecond: sum[side].count / sum[side].seconds, placed: sum[side].placed });
    return { off: { ...result('off'), nodeCpu: sum.off.cpu / sum.off.count }, on: result('on'), sentDuringRun, drainSeconds };
  } finally {
    await worker.stop();
    await app.close();
  }
}

/** The same statements as completePayment and placeOrder issue, bare (the provider's ledger is in memory: nothing to add). */
export async function placeBare(url: string, links: Link[]): Promise<PlaceResult> {
  const sql = postgres(url, postgresOptions(pool, 'bench-bare-orders'));
  try {
    return await timed(links, (link) =>
      sql.begin(async (tx) => {
        const [found] = await tx`select cart_id from payment_links where id = ${link.id}`;
        const [cart] = await tx`select * from carts where id = ${found.cart_id} for update`;
        const [live] = await tx`select * from payment_links where id = ${link.id} for update`;
        if (live.status !== 'live') return false;
        const lines = await tx`
          select ci.id, ci.variant_id, ci.quantity, v.sku, v.product_id, v.price_cents, v.stock, v.options, p.title, s.handle as seller_handle, s.delivery
          from cart_items ci join variants v on v.id = ci.variant_id join products p on p.id = v.product_id join sellers s on s.id = v.seller_id
          where ci.cart_id = ${cart.id} order by ci.created_at, ci.id`;
        const ids = tx.json(lines.map((l) => l.variant_id));
        await tx`select p.id from products p where p.id in (select product_id from variants where id = any (array(select jsonb_array_elements_text(${ids})))) order by p.id for update of p`;
        const locked = await tx`select id, stock, price_cents from variants where id = any (array(select jsonb_array_elements_text(${ids}))) order by id for update`;
        const stock = new Map(locked.map((v) => [v.id, v.stock as number | null]));
        if (lines.some((l) => { const left = stock.get(l.variant_id); return left === undefined || (left !== null && left < l.quantity); })) return false;
        const taken = tx.json(lines.map((l) => ({ id: l.variant_id, quantity: l.quantity })));
        await tx`update variants v set stock = v.stock - x.quantity from jsonb_to_recordset(${taken}) as x(id text, quantity int)
                 where v.id = x.id and v.id = any (array(select y.id from jsonb_to_recordset(${taken}) as y(id text))) and v.stock is not null`;
        await tx`update products p set stock_max = s.stock_max, price_min_in_stock = s.price_min_in_stock
                 from (select product_id, max(coalesce(stock, 2147483647)) as stock_max, min(price_cents) filter (where stock is null or stock > 0) as price_min_in_stock
                       from variants where product_id in (select product_id from variants where id = any (array(select jsonb_array_elements_text(${ids})))) group by product_id) s
                 where p.id = s.product_id`;
        const orderId = `ord_${randomBytes(13).toString('hex')}`;
        const subtotal = lines.reduce((s, l) => s + l.price_cents * l.quantity, 0);
        await tx`insert into orders (id, cart_id, owner, line_items, totals, shipping_address, payment)
                 values (${orderId}, ${cart.id}, ${cart.owner}, ${tx.json(lines.map((l) => ({ variant_id: l.variant_id, quantity: l.quantity })))},
                         ${tx.json({ subtotal_cents: subtotal, delivery_cents: link.amount_cents - subtotal, total_cents: link.amount_cents, currency: 'USD' })},
                         ${tx.json(cart.shipping_address)}, ${tx.json({ provider: 'builtin', reference: `auth_${orderId}` })}) returning *`;
        await tx`update carts set status = 'completed', order_id = ${orderId}, notices = ${tx.json([])}, updated_at = ${new Date()} where id = ${cart.id}`;
        await tx`update payment_links set status = 'paid', closed_at = ${new Date()} where id = ${link.id}`;
        return true;
      }),
    );
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Step 2's ready carts by side: webhooks off and on, their warm-ups, and the bare side's. */
export type OrderCarts = Record<'off' | 'on' | 'warmOff' | 'warmOn' | 'bare', Set<string>>;

/**
 * Step 2: the service's way first, webhooks off and on, then bare; every order must be placed,
 * and each with webhooks on delivered to `platform`.
 */
export async function measureOrders(orderCarts: OrderCarts, platform: PlatformProfileHost): Promise<{ servicePlaced: ServicePlaced; barePlaced: PlaceResult }> {
  process.stderr.write(`  orders: ${orderCount} a side through the service's completePayment, webhooks off and on… `);
  const servicePlaced = await placeThroughService(
    databaseUrl(dbName),
    { off: await liveLinks(orderCarts.off), on: await liveLinks(orderCarts.on), warmOff: await liveLinks(orderCarts.warmOff), warmOn: await liveLinks(orderCarts.warmOn) },
    platform,
  );
  process.stderr.write(`off ${Math.round(servicePlaced.off.ordersPerSecond)}/s, on ${Math.round(servicePlaced.on.ordersPerSecond)}/s; bare… `);
  const barePlaced = await placeBare(databaseUrl(dbName), await liveLinks(orderCarts.bare));
  process.stderr.write(`${Math.round(barePlaced.ordersPerSecond)}/s\n`);
  for (const [name, r] of [['webhooks off', servicePlaced.off], ['webhooks on', servicePlaced.on], ['bare', barePlaced]] as const) {
    if (r.placed !== orderCount) failures.push(`orders (${name}): ${r.placed} of ${orderCount} placed`);
  }
  const [{ orders, deliveries, delivered }] = await withDatabase(dbName, (sql) => sql`
    select (select count(*)::int from orders o join carts c on c.id = o.cart_id where c.acp_platform is null) as orders, (select count(*)::int from order_webhook_deliveries) as deliveries,
           (select count(*)::int from order_webhook_deliveries where profile_url = ${platform.url} and state = 'delivered') as delivered`);
  if (orders !== 3 * orderCount + 2 * WARM_ORDERS) failures.push(`orders: ${orders} rows for ${3 * orderCount + 2 * WARM_ORDERS} placed`);
  // One delivery per order with webhooks on (the warm-up's included), none for the others, and each received.
  const onOrders = orderCount + WARM_ORDERS;
  if (deliveries !== onOrders || delivered !== onOrders || platform.webhooks.size !== onOrders) {
    failures.push(`webhooks: ${deliveries} outbox rows, ${delivered} delivered, ${platform.webhooks.size} received, for ${onOrders} orders with webhooks on`);
  }

  return { servicePlaced, barePlaced };
}
