/**
 * The stable continue_url of a checkout session of UCP's binding: `<base>/checkout/{token}`, where
 * the token is an HMAC of the checkout's id (its cart's id) under a key derived from SECRETS_KEY,
 * made the way payment-link tokens are (./links.ts). The cart stores only the token's SHA-256, for
 * the page's lookup; the URL is derived again whenever a checkout is answered, so it never changes
 * while the payment links it leads to come and go.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { carts } from '../db/schema';
import type { ServiceKeys } from '../secrets/keys';
import { storedToken, tokenHash, tokenUnder } from './links';

/** The token and its hash for a cart becoming a checkout session (create_checkout stores the hash). */
export function newCheckoutToken(keys: ServiceKeys, cartId: string): { token: string; hash: string } {
  const token = tokenUnder(keys.key('checkout-link'), cartId);
  return { token, hash: tokenHash(token) };
}

/**
 * Makes the (locked, mutable) cart a checkout session: it stores its token's hash. Answers the
 * cart as it now stands.
 */
export async function makeCheckout<C extends { id: string }>(db: Db, keys: ServiceKeys, cart: C): Promise<C & { checkoutTokenHash: string }> {
  const checkoutTokenHash = newCheckoutToken(keys, cart.id).hash;
  await db.update(carts).set({ checkoutTokenHash }).where(eq(carts.id, cart.id));
  return { ...cart, checkoutTokenHash };
}

/**
 * A checkout's continue_url: its token made under the current key, the previous one (a rotation of
 * SECRETS_KEY), whichever its stored hash is of, so the URL a platform holds keeps working.
 */
export async function continueUrl(keys: ServiceKeys, publicBaseUrl: string, cart: { id: string; checkoutTokenHash: string }): Promise<string> {
  return `${publicBaseUrl}/checkout/${await storedToken(keys, 'checkout-link', cart.id, cart.checkoutTokenHash)}`;
}

/** The cart whose continue_url carries `token` (its id and owner, loadCart's key), if any. */
export async function cartOfCheckoutToken(db: Db, token: string): Promise<{ id: string; owner: string } | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const [cart] = await db.select({ id: carts.id, owner: carts.owner }).from(carts).where(eq(carts.checkoutTokenHash, tokenHash(token)));
  return cart;
}
