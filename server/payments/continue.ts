/**
 * Where a checkout session's stable continue_url (`<base>/checkout/{token}`, carts/checkout-link.ts)
 * takes the person: to the cart's live payment link, to a fresh one when the last expired or a
 * change cancelled it, to the paid link's page once the order is placed, or to a page saying why
 * there is nothing to pay (app/checkout/[token]/route.ts words and serves the answer).
 *
 * Opening it is safe to repeat (a link prefetcher, a reload): the fresh link is issued under the
 * cart's row lock by issuePaymentLink, which answers the live link to whoever comes second, so a
 * cart never has two live links.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import { cartOfCheckoutToken } from '../carts/checkout-link';
import { linkPayPageUrl } from '../carts/links';
import type { PricedCart } from '../carts/pricing';
import { loadCart, type CartRow } from '../carts/store';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { paymentLinks } from '../db/schema';
import { centsToDecimal } from '../lib/money';
import { ApiError } from '../errors/catalogue';
import type { ServiceKeys } from '../secrets/keys';
import { issuePaymentLink, payCheck, type LinkServices } from './checkout';

/** What continuing a checkout uses of the service: issuing a link's, and the database to find the cart in. */
export interface ContinueServices extends LinkServices {
  db: Db;
}

export type ContinueAnswer =
  /** No checkout has this token: the service's 404. */
  | { kind: 'unknown' }
  /** Pay there (303): the live link, a fresh one, or, once paid, the paid link's page with the order. */
  | { kind: 'pay'; url: string }
  /** The cart cannot be paid yet: what the person's assistant still has to add or fix, in words. */
  | { kind: 'not_ready'; missing: string[] }
  /** An x402 payment of the cart is being settled: its order is pending. */
  | { kind: 'in_progress' }
  /** Paid without a payment link (x402): there is no pay page to send the person to. */
  | { kind: 'placed'; orderId: string }
  | { kind: 'ended'; reason: 'expired' | 'cancelled' }
  /** The payment provider could not open a link just now (the page answers 503). */
  | { kind: 'unavailable' };

export async function continueCheckout(services: ContinueServices, token: string): Promise<ContinueAnswer> {
  // Read before the transaction that locks it.
  const found = await cartOfCheckoutToken(services.db, token);
  if (!found) return { kind: 'unknown' };
  try {
    return (await services.db.transaction((tx) => continueLocked(services, tx, found))) as ContinueAnswer;
  } catch (err) {
    // The provider failing to open a link (Stripe down: service_unavailable); the checks above
    // ran under the cart's lock, so issuing refuses nothing else.
    if (err instanceof ApiError && err.status >= 500) return { kind: 'unavailable' };
    throw err;
  }
}

async function continueLocked(services: ContinueServices, tx: Db, found: Pick<CartRow, 'id' | 'owner'>): Promise<ContinueAnswer> {
  // Locked, with any due expiry applied: an expired link has opened the cart again.
  const cart = await loadCart(tx, found.id, found.owner, { lock: true });
  switch (cart.status) {
    case 'expired':
    case 'cancelled':
      return { kind: 'ended', reason: cart.status };
    case 'completed':
      return paidPage(services, tx, cart);
    case 'checkout':
      if (cart.orderId) return { kind: 'in_progress' };
  }
  // Open, or in checkout with a live link: that link, or a fresh one, once the cart is ready.
  const missing = await missingToPay(tx, cart);
  if (missing.length) return { kind: 'not_ready', missing };
  const issued = await issuePaymentLink(services, tx, { cartId: cart.id, owner: cart.owner, idempotencyKey: await continueKey(tx, cart) });
  return { kind: 'pay', url: issued.link.url };
}

/**
 * The key a fresh link is issued under. A link's id is derived from its owner, key and the cart's
 * last change (checkout.ts linkIdFor); a link that expired changed nothing, so the key counts the
 * links the cart has had: the next one never takes an ended link's id, while a retry of a request
 * that rolled back derives the same id again. No agent can send the NUL, so no agent's key is it.
 */
async function continueKey(tx: Db, cart: CartRow): Promise<string> {
  const [{ links }] = await tx.select({ links: count() }).from(paymentLinks).where(eq(paymentLinks.cartId, cart.id));
  return `continue_url\0${links}\0${cart.updatedAt.toISOString()}`;
}

/** The paid link's own page (the order's state), even when the person paid at the provider's. */
async function paidPage(services: ContinueServices, tx: Db, cart: CartRow): Promise<ContinueAnswer> {
  const url = await orderPage(services, tx, cart.id);
  return url ? { kind: 'pay', url } : { kind: 'placed', orderId: cart.orderId! };
}

/**
 * The page of a paid cart's order: its paid link's /pay/{token}, which shows the order (a Stripe
 * link's too, the page Stripe returns the person to). Undefined for an order paid with x402, which
 * has no link.
 */
export async function orderPage(services: { config: Pick<Config, 'publicBaseUrl'>; keys: ServiceKeys }, db: Db, cartId: string): Promise<string | undefined> {
  const [paid] = await db
    .select({ id: paymentLinks.id, tokenHash: paymentLinks.tokenHash })
    .from(paymentLinks)
    .where(and(eq(paymentLinks.cartId, cartId), eq(paymentLinks.status, 'paid')))
    .orderBy(desc(paymentLinks.createdAt))
    .limit(1);
  return paid && linkPayPageUrl(services.keys, services.config.publicBaseUrl, paid);
}

/** What keeps an open cart from being paid, each in words a person reads: none when it is ready. */
async function missingToPay(tx: Db, cart: CartRow): Promise<string[]> {
  const { priced, notReady, overCeiling } = await payCheck(tx, cart);
  // A UCP checkout is ready only with the buyer's e-mail address: the order's confirmation goes to it.
  const missing = cart.buyer?.email ? [] : ['your e-mail address, for the order confirmation'];
  for (const reason of notReady) missing.push(...inWords(reason, priced));
  if (overCeiling !== undefined) {
    missing.push(`a smaller order: its total of $${centsToDecimal(priced.totals.total_cents)} is above the limit of $${centsToDecimal(overCeiling)} per order`);
  }
  return missing;
}

function inWords(reason: string, priced: PricedCart): string[] {
  switch (reason) {
    case 'cart_empty':
      return ['something to buy: the cart is empty'];
    case 'address_required':
      return ['a shipping address'];
    case 'address_undeliverable':
      return priced.messages.filter((m) => m.code === 'address_undeliverable').map((m) => `a shipping address every seller delivers to (${m.message.replace(/\.$/, '')})`);
    case 'insufficient_stock':
      return priced.lines.filter((l) => l.stock !== null && l.stock < l.quantity).map((l) => `fewer of ${l.title}: ${l.quantity} in the cart, ${l.stock} in stock`);
    default:
      return [reason.replaceAll('_', ' ')];
  }
}

/**
 * Start-up's warning for an http PUBLIC_BASE_URL (development, tests): UCP platforms call only https
 * endpoints and send people only to https continue_urls.
 */
export function plainHttpWarning(publicBaseUrl: string): string | undefined {
  if (new URL(publicBaseUrl).protocol === 'https:') return undefined;
  return `PUBLIC_BASE_URL ${publicBaseUrl} is not https: real UCP platforms will refuse the binding's endpoints (${publicBaseUrl}/ucp) and its checkouts' continue_url; set an https PUBLIC_BASE_URL in production.`;
}
