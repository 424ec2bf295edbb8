/**
 * The yardstick for `bench:cart`: a bare `node:http` + `postgres` server doing the service's SQL
 * for POST /api/agent/cart/{id}/items, with nothing else (no router, no tRPC, no zod). Run as a
 * child process by bench/cart.ts:
 *
 *   PORT=… DATABASE_URL=… [DATABASE_POOL_SIZE=10] node --import tsx bench/bare-cart-server.ts
 *
 * POST /api/agent/cart/{id}/items   UCP-Agent, Idempotency-Key, JSON {variant_id, quantity}; the
 *   service's statements in its order: claim INSERT … ON CONFLICT DO NOTHING RETURNING; BEGIN;
 *   the cart FOR UPDATE (owner-scoped); the variant; the limits row with the cart's lines; the
 *   line upsert adding to its quantity; the cart's new lifetime RETURNING *; the priced lines (one
 *   join); the idempotency record done with the answer; COMMIT. The answer is the same Cart JSON.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import postgres from 'postgres';
import { postgresOptions } from '../server/db/client';
import { readBody, runBareServer, send } from './lib/bare-server';

const started = performance.now();
const port = Number(process.env.PORT ?? 3100);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const publicBaseUrl = process.env.PUBLIC_BASE_URL ?? `http://127.0.0.1:${port}`;
const CART_TTL_MS = 7 * 24 * 3_600_000;

const sql = postgres(url, postgresOptions(Number(process.env.DATABASE_POOL_SIZE ?? 10), 'bench-bare-cart'));

const KEY = /^[\x20-\x7e]{16,64}$/;
const PROFILE = /profile="([^"]+)"/;
const ITEMS_PATH = /^\/api\/agent\/cart\/([^/]+)\/items$/;

class Refusal {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {}
}

function newId(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}${randomBytes(10).toString('hex')}`;
}

interface Line {
  id: string;
  variant_id: string;
  quantity: number;
  sku: string;
  product_id: string;
  price_cents: number;
  stock: number | null;
  options: Record<string, string>;
  title: string;
  seller_handle: string;
  delivery: { country: string; price_cents: number; free_over_cents?: number | null; min_days: number; max_days: number }[];
}

async function addItem(tx: postgres.TransactionSql, owner: string, cartId: string, variantId: string, quantity: number) {
  const [cart] = await tx`select * from carts where id = ${cartId} and owner = ${owner} for update`;
  if (!cart) throw new Refusal(404, { error: 'No such cart.', code: 'cart_not_found' });
  if (cart.status !== 'open' && cart.status !== 'checkout') throw new Refusal(409, { error: 'The cart can no longer change.', code: 'cart_not_open' });
  if (cart.expires_at.getTime() <= Date.now()) throw new Refusal(409, { error: 'The cart expired.', code: 'cart_expired' });
  const [variant] = await tx`select v.id, v.sku, s.handle as seller_handle, v.stock from variants v join sellers s on s.id = v.seller_id where v.id in (${variantId})`;
  if (!variant) throw new Refusal(404, { error: 'No such variant.', code: 'variant_not_found' });
  const state = await tx`select l.max_item_quantity, ci.variant_id, ci.quantity from platform_limits l left join cart_items ci on ci.cart_id = ${cartId} where l.id = 1`;
  const existing = state.filter((l) => l.variant_id !== null);
  const line = existing.find((l) => l.variant_id === variantId);
  if (!line && existing.length >= 100) throw new Refusal(400, { error: 'A cart holds at most 100 lines.', code: 'cart_line_limit' });
  const merged = (line?.quantity ?? 0) + quantity;
  if (merged > state[0].max_item_quantity) throw new Refusal(400, { error: 'Quantity above the limit.', code: 'quantity_exceeds_limit' });
  if (variant.stock !== null && merged > variant.stock) throw new Refusal(409, { error: 'Not enough stock.', code: 'insufficient_stock' });
  await tx`insert into cart_items (id, cart_id, variant_id, quantity, created_at) values (${newId('item')}, ${cartId}, ${variantId}, ${quantity}, clock_timestamp())
           on conflict (cart_id, variant_id) do update set quantity = cart_items.quantity + excluded.quantity`;
  const now = new Date();
  const [touched] = await tx`update carts set status = 'open', notices = ${tx.json([])}, updated_at = ${now}, expires_at = ${new Date(now.getTime() + CART_TTL_MS)}
                             where id = ${cartId} returning *`;
  const lines = await tx<Line[]>`
    select ci.id, ci.variant_id, ci.quantity, v.sku, v.product_id, v.price_cents, v.stock, v.options, p.title, s.handle as seller_handle, s.delivery
    from cart_items ci join variants v on v.id = ci.variant_id join products p on p.id = v.product_id join sellers s on s.id = v.seller_id
    where ci.cart_id = ${cartId} order by ci.created_at, ci.id`;
  return render(touched, lines);
}

/** The service's Cart JSON, computed the same way (server/carts/pricing.ts, view.ts). */
function render(cart: postgres.Row, lines: Line[]) {
  const messages: { type: string; code: string; message: string; path: string | null }[] = [];
  const line_items = lines.map((r, i) => {
    if (r.stock !== null && r.stock < r.quantity) messages.push({ type: 'error', code: 'insufficient_stock', message: `${r.title}: short`, path: `line_items[${i}]` });
    return {
      id: r.id,
      variant_id: r.variant_id,
      sku: r.sku,
      product_id: r.product_id,
      seller_handle: r.seller_handle,
      title: r.title,
      variant_title: Object.values(r.options).join(' / '),
      unit_price_cents: r.price_cents,
      quantity: r.quantity,
      line_total_cents: r.price_cents * r.quantity,
      availability: r.stock === null || r.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    };
  });
  const delivery: { seller_handle: string; price_cents: number; min_days: number; max_days: number }[] = [];
  const country = cart.shipping_address?.country;
  if (!country) messages.push({ type: 'info', code: 'address_required', message: 'Set a shipping address to price delivery.', path: 'shipping_address' });
  else {
    for (const handle of new Set(lines.map((r) => r.seller_handle))) {
      const mine = lines.filter((r) => r.seller_handle === handle);
      const zone = mine[0].delivery.find((z) => z.country === country);
      if (!zone) {
        messages.push({ type: 'error', code: 'address_undeliverable', message: `${handle} does not deliver to ${country}.`, path: 'delivery' });
        continue;
      }
      const subtotal = mine.reduce((s, r) => s + r.price_cents * r.quantity, 0);
      const free = zone.free_over_cents != null && subtotal >= zone.free_over_cents;
      delivery.push({ seller_handle: handle, price_cents: free ? 0 : zone.price_cents, min_days: zone.min_days, max_days: zone.max_days });
    }
  }
  const subtotal = line_items.reduce((s, l) => s + l.line_total_cents, 0);
  const deliveryCents = delivery.reduce((s, d) => s + d.price_cents, 0);
  return {
    id: cart.id,
    status: cart.status,
    currency: 'USD',
    line_items,
    shipping_address: cart.shipping_address,
    delivery,
    totals: { subtotal_cents: subtotal, delivery_cents: deliveryCents, total_cents: subtotal + deliveryCents, currency: 'USD' },
    messages: [...messages, ...cart.notices],
    order_id: cart.order_id,
    expires_at: cart.expires_at.toISOString(),
    created_at: cart.created_at.toISOString(),
    updated_at: cart.updated_at.toISOString(),
    links: { self: `${publicBaseUrl}/api/agent/cart/${cart.id}`, payment_link: null },
  };
}

async function idempotentAdd(namespace: string, key: string, fingerprint: string, owner: string, cartId: string, variantId: string, quantity: number) {
  const claimed = await sql`insert into idempotency_records (namespace, key, fingerprint, state) values (${namespace}, ${key}, ${fingerprint}, 'running')
                            on conflict do nothing returning key`;
  if (!claimed.length) {
    const [record] = await sql`select fingerprint, state, response_body from idempotency_records where namespace = ${namespace} and key = ${key}`;
    if (record && record.fingerprint === fingerprint && record.state === 'done') return { status: 201, body: record.response_body.data };
    return { status: 409, body: { error: 'Idempotency-Key in use.', code: 'idempotency_conflict' } };
  }
  try {
    const data = await sql.begin(async (tx) => {
      const cart = await addItem(tx, owner, cartId, variantId, quantity);
      await tx`update idempotency_records set state = 'done', response_headers = ${tx.json({})}, response_body = ${tx.json({ ok: true, data: cart } as never)}
               where namespace = ${namespace} and key = ${key}`;
      return cart;
    });
    return { status: 201, body: data };
  } catch (err) {
    if (err instanceof Refusal) {
      await sql`update idempotency_records set state = 'done', response_headers = ${sql.json({})}, response_body = ${sql.json({ ok: false, error: err.body } as never)}
                where namespace = ${namespace} and key = ${key}`;
      return err;
    }
    await sql`delete from idempotency_records where namespace = ${namespace} and key = ${key} and state = 'running'`.catch(() => {});
    throw err;
  }
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const path = req.url?.split('?')[0] ?? '';
  const match = ITEMS_PATH.exec(path);
  if (!match || req.method !== 'POST') return send(res, 404, { error: 'Not found.', code: 'not_found' });
  const raw = await readBody(req);
  const agent = req.headers['ucp-agent'];
  const profile = typeof agent === 'string' ? PROFILE.exec(agent)?.[1] : undefined;
  if (!profile) return send(res, 400, { error: 'UCP-Agent is required.', code: 'ucp_agent_required' });
  const key = req.headers['idempotency-key'];
  if (typeof key !== 'string' || !KEY.test(key)) return send(res, 400, { error: 'Idempotency-Key is required.', code: 'IDEMPOTENCY_KEY_REQUIRED' });
  if (!req.headers['content-type']?.startsWith('application/json')) return send(res, 415, { error: 'JSON only.', code: 'unsupported_media_type' });
  let item: { variant_id?: unknown; quantity?: unknown };
  try {
    item = JSON.parse(raw);
  } catch {
    return send(res, 400, { error: 'Invalid JSON.', code: 'invalid_json' });
  }
  const { variant_id, quantity } = item;
  if (typeof variant_id !== 'string' || !Number.isInteger(quantity) || (quantity as number) < 1) {
    return send(res, 400, { error: 'variant_id and a whole quantity ≥ 1 are required.', code: 'invalid_request' });
  }
  const cartId = decodeURIComponent(match[1]);
  const fingerprint = createHash('sha256').update(`POST ${path}\n`).update(raw).digest('base64url');
  const owner = `agent:${profile}`;
  const out = await idempotentAdd(owner, key, fingerprint, owner, cartId, variant_id, quantity as number);
  send(res, out.status, out.body);
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((err) => {
    console.error('bare failure', err);
    if (!res.headersSent) send(res, 500, { error: 'internal', code: 'internal_error' });
    else res.end();
  });
});
await runBareServer('bare cart server', server, sql, port, started);
