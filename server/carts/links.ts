/**
 * Payment links as part of a cart's state: a cart in checkout has one live link, which any change
 * to the cart cancels. They live with the carts, and payments/ (providers, checkout, the page)
 * builds on them, so the two folders import one way only. A link's token is an HMAC of its id under
 * a key derived from SECRETS_KEY (every instance derives the same token, so the live link can be
 * answered again), and only the token's SHA-256 is stored, for the page's lookup: the token itself
 * is nowhere at rest, and the database alone cannot make it.
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { paymentLinks } from '../db/schema';
import { hmacSha256, sameSecret } from '../lib/secrets';
import type { ServiceKeys } from '../secrets/keys';

/** A token: the HMAC of the id it stands for (a link's; a checkout's: checkout-link.ts) under `key`. */
export const tokenUnder = (key: Buffer, id: string) => hmacSha256(key, id).toString('base64url');

/** The token of a new link. */
export function linkToken(keys: ServiceKeys, linkId: string): string {
  return tokenUnder(keys.key('payment-link'), linkId);
}

/**
 * The token of a stored link: made under the current key, the previous one (a rotation) or the one
 * stored before SECRETS_KEY (an upgrade), whichever its stored hash is of.
 */
function storedLinkToken(keys: ServiceKeys, link: { id: string; tokenHash: string }): Promise<string> {
  return storedToken(keys, 'payment-link', link.id, link.tokenHash);
}

/** The token of `id` whose SHA-256 is `hash`, under whichever key of `purpose` it was made. */
export async function storedToken(keys: ServiceKeys, purpose: 'payment-link' | 'checkout-link', id: string, hash: string): Promise<string> {
  for (const key of await keys.verifying(purpose)) {
    const token = tokenUnder(key, id);
    if (sameSecret(tokenHash(token), hash)) return token;
  }
  throw new Error(`${id} (${purpose}) was made under a key no longer configured (SECRETS_KEY_PREVIOUS removed too early?)`);
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function payPageUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl}/pay/${token}`;
}

/** The cart's live link, if any: its id, and where the human pays (the provider's page or ours). */
export async function liveLink(db: Db, cartId: string): Promise<typeof paymentLinks.$inferSelect | undefined> {
  const [link] = await selectLiveLink(db, { cartId, now: new Date().toISOString() });
  return link;
}

// Every payment link issued and every session answered while one is live runs it (db/prepared.ts).
// A placeholder in a condition is not encoded by its column: the time goes as text.
const selectLiveLink = prepared<{ cartId: string; now: string }, (typeof paymentLinks.$inferSelect)[]>('payment_link_live', (db) =>
  db
    .select()
    .from(paymentLinks)
    .where(and(eq(paymentLinks.cartId, sql.placeholder('cartId')), eq(paymentLinks.status, 'live'), sql`${paymentLinks.expiresAt} > ${sql.placeholder('now')}::timestamptz`)),
);

/**
 * Cancels the cart's live link (a cart change while a link is live: the link's page then says so).
 * Returns whether there was one. The caller holds the cart's row lock and moves the cart back to open.
 */
export async function cancelLiveLink(db: Db, cartId: string): Promise<boolean> {
  const cancelled = await db
    .update(paymentLinks)
    .set({ status: 'cancelled', closedAt: new Date() })
    .where(and(eq(paymentLinks.cartId, cartId), eq(paymentLinks.status, 'live')))
    .returning({ id: paymentLinks.id });
  return cancelled.length > 0;
}

/** Where the human pays for `link`: the provider's hosted page, or the service's own /pay/{token}. */
export async function linkUrl(keys: ServiceKeys, publicBaseUrl: string, link: { id: string; tokenHash: string; providerUrl: string | null }): Promise<string> {
  return link.providerUrl ?? linkPayPageUrl(keys, publicBaseUrl, link);
}

/**
 * The service's own /pay/{token} page of a stored link, whatever its provider: once the link is
 * paid it shows the order, a Stripe link's too (UCP's order permalink_url).
 */
export async function linkPayPageUrl(keys: ServiceKeys, publicBaseUrl: string, link: { id: string; tokenHash: string }): Promise<string> {
  return payPageUrl(publicBaseUrl, await storedLinkToken(keys, link));
}
