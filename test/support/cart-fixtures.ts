/**
 * Carts for cart and payment tests: a cart of the test agent (AGENT's profile) written straight to
 * the tables, and REST calls as that agent makes them.
 */
import { sql } from 'drizzle-orm';
import { cartOwner } from '../../server/carts/store';
import { rows, type Db } from '../../server/db/client';
import { cartItems, carts, type ShippingAddress } from '../../server/db/schema';
import { newId } from '../../server/lib/ids';
import { agentHeaders, freshKey, type TestApp } from './app';

export const PROFILE = 'https://agent.shopbot.dev/profile.json';
export const OWNER = cartOwner({ agent: { url: PROFILE, host: 'agent.shopbot.dev', hostKind: 'public' }, buyer: {} });

export const ADDRESS: ShippingAddress = { name: 'Ada Lovelace', line1: '12 Analytical Way', city: 'Portland', region: 'OR', postal_code: '97201', country: 'US' };

/** The id of the (first) variant of the product titled `title`. */
export async function variantId(db: Db, title: string): Promise<string> {
  const [v] = await rows<{ id: string }>(db, sql`SELECT v.id FROM variants v JOIN products p ON p.id = v.product_id WHERE p.title = ${title} ORDER BY v.sku LIMIT 1`);
  if (!v) throw new Error(`no product titled ${title}`);
  return v.id;
}

/** A new open cart holding `items` ([product title, quantity]); returns its id. */
export async function seedCart(db: Db, items: [string, number][], address: ShippingAddress | null = ADDRESS, owner = OWNER): Promise<string> {
  const id = newId('cart');
  await db.insert(carts).values({ id, owner, shippingAddress: address, expiresAt: new Date(Date.now() + 7 * 24 * 3_600_000) });
  for (const [title, quantity] of items) {
    await db.insert(cartItems).values({ id: newId('item'), cartId: id, variantId: await variantId(db, title), quantity });
  }
  return id;
}

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

/** REST calls of the test agent: every mutation with a fresh Idempotency-Key unless `key` is given; `agent` calls as another profile. */
export function agentApi(t: Pick<TestApp, 'call'>) {
  return async (method: string, path: string, body?: unknown, opts: { key?: string; agent?: string } = {}): Promise<Answer> => {
    const headers = agentHeaders(method === 'GET' ? {} : { 'Idempotency-Key': opts.key ?? freshKey() });
    if (opts.agent) headers['UCP-Agent'] = opts.agent;
    const res = await t.call(method, path, { headers, body });
    return { status: res.status, headers: res.headers, body: await res.json() };
  };
}
