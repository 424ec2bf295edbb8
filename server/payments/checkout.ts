/**
 * Issuing a payment link: the checkout an agent can do. It never completes a purchase: the link
 * opens a page where a human confirms and pays (ours with the built-in provider, Stripe Checkout
 * with STRIPE_SECRET_KEY). The link fixes the amount for its life; asking again while it is live
 * answers the same link, and any change to the cart cancels it (carts/store.ts).
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { cartCeiling, lineTitle, notReadyReasons, priceCart, type PricedCart } from '../carts/pricing';
import { assertMutable, loadCart, type CartRow } from '../carts/store';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { placeholderFor, placeholders, prepared } from '../db/prepared';
import { carts, paymentLinks } from '../db/schema';
import { centsToDecimal } from '../lib/money';
import { ApiError } from '../errors/catalogue';
import { newId } from '../lib/ids';
import type { ServiceKeys } from '../secrets/keys';
import { cancelLiveLink, linkToken, linkUrl, liveLink, payPageUrl, tokenHash } from '../carts/links';
import type { PaymentProvider } from './provider';
import { paymentProvider } from './select';

/** What issuing a link uses of the service: the provider's settings, and the keys a link's token is made under. */
export interface LinkServices {
  config: Config;
  keys: ServiceKeys;
}

export interface PaymentLinkView {
  url: string;
  expires_at: string;
  cart_id: string;
  amount_cents: number;
  /** The network settles in USD only (links are issued from USD carts). */
  currency: 'USD';
  provider: 'builtin' | 'stripe';
}

export interface CheckoutRequest {
  cartId: string;
  /** The caller's namespace: the cart's owner. */
  owner: string;
  /** The caller's idempotency key: a retried request opens the same link at the provider. */
  idempotencyKey: string;
}

/** The link, and whether this call issued it (201) or it was live already (200). */
export interface IssuedLink {
  link: PaymentLinkView;
  created: boolean;
}

export type LinkRow = typeof paymentLinks.$inferSelect;

/**
 * The checks run in the contract's order: the caller's cart → it can still change → it is ready
 * to pay → its total is within the live ceiling → its live link (while it still asks the cart's
 * total), or a new one. Runs in the
 * request's transaction (`tx`), holding the cart's row lock throughout.
 */
export async function issuePaymentLink(services: LinkServices, tx: Db, request: CheckoutRequest): Promise<IssuedLink> {
  const cart = await loadCart(tx, request.cartId, request.owner, { lock: true });
  const { link, created } = await linkAtTotal(services, tx, cart, paymentProvider(services.config), request);
  return { link: await view(services, link), created };
}

/** Who opens a link: a provider, or (delegated payments) one that opens nothing at the provider but names it. */
export type LinkOpener = Pick<PaymentProvider, 'name' | 'open'>;

/**
 * The (locked) cart's link at its total, with `provider`: its live link when that one still asks
 * the cart's total and is the same provider's (completePayment pays a link only through the
 * provider that opened it), else a new one, the other cancelled. The cart priced to pay first
 * (pricedToPay's refusals), and answered with the link.
 */
export async function linkAtTotal(services: LinkServices, tx: Db, cart: CartRow, provider: LinkOpener, request: CheckoutRequest): Promise<{ link: LinkRow; created: boolean; priced: PricedCart }> {
  // The live link is read with the pricing, one round trip for both; a refusal of the pricing stands.
  const [priced, live] = await Promise.all([pricedToPay(tx, cart), liveLink(tx, cart.id)]);
  if (live?.amountCents === priced.totals.total_cents && live.provider === provider.name) return { link: live, created: false, priced };
  // A catalog price moved since the live link fixed its amount (or another provider opened it): that link could not be paid here.
  if (live) await cancelLiveLink(tx, cart.id);
  return { link: await openLink(services, tx, cart, priced, provider, request), created: true, priced };
}

const NOT_READY: Record<string, string> = {
  cart_empty: 'The cart has no items: add at least one.',
  address_required: 'The cart has no shipping address: set one with POST /api/agent/cart/{id}/shipping-address.',
  address_undeliverable: 'A seller does not deliver to the shipping address: remove its items or change the address.',
  insufficient_stock: 'A line asks for more units than the seller has: lower its quantity.',
};

/** A cart priced, and what keeps it from being paid (none when it is ready). */
export interface PayCheck {
  priced: PricedCart;
  /** Pricing's reasons, as cart_not_ready's details.reasons name them. */
  notReady: string[];
  /** The live max_cart_total_cents, when the total is above it. */
  overCeiling?: number;
}

/**
 * The one check of a cart before it is paid, for every way of paying and of saying what is still
 * missing (continue.ts): it is priced, pricing says whether it is ready, and a cart with lines has
 * its total held to the live ceiling (which its pricing statement read: no statement more).
 */
export async function payCheck(db: Db, cart: CartRow): Promise<PayCheck> {
  const priced = await priceCart(db, cart);
  const ceiling = priced.lines.length ? await cartCeiling(db, priced) : undefined;
  return { priced, notReady: notReadyReasons(priced), ...(ceiling !== undefined && priced.totals.total_cents > ceiling && { overCeiling: ceiling }) };
}

/**
 * The (loaded) cart priced to pay, or the refusal in the contract's order: it can still change
 * (assertMutable), it is ready to pay (cart_not_ready), its total is within the live ceiling
 * (cart_total_exceeds_limit).
 */
export async function pricedToPay(db: Db, cart: CartRow): Promise<PricedCart> {
  assertMutable(cart);
  const { priced, notReady, overCeiling } = await payCheck(db, cart);
  if (notReady.length) {
    throw new ApiError('cart_not_ready', {
      message: `The cart cannot be paid yet: ${notReady.join(', ')}.`,
      details: {
        // The cart's own message names the seller or line where it has one.
        reasons: notReady.map((code) => ({ code, message: priced.messages.find((m) => m.code === code)?.message ?? NOT_READY[code] })),
      },
    });
  }
  if (overCeiling !== undefined) {
    const totalCents = priced.totals.total_cents;
    throw new ApiError('cart_total_exceeds_limit', {
      message: `The cart total of ${centsToDecimal(totalCents)} USD is above the platform ceiling of ${centsToDecimal(overCeiling)} USD. Remove items or lower quantities, then ask for the link again.`,
      details: { max_cents: overCeiling, total_cents: totalCents },
    });
  }
  return priced;
}

async function openLink(services: LinkServices, tx: Db, cart: CartRow, priced: PricedCart, provider: LinkOpener, request: CheckoutRequest): Promise<LinkRow> {
  const { config, keys } = services;
  const id = linkIdFor(cart, request);
  const token = linkToken(keys, id);
  const expiresAt = new Date(Date.now() + config.paymentLinkTtlHours * 3_600_000);
  const opened = await provider.open({
    linkId: id,
    cartId: cart.id,
    amountCents: priced.totals.total_cents,
    currency: priced.totals.currency,
    lines: priced.lines.map((l) => ({ title: lineTitle(l), unitPriceCents: l.unit_price_cents, quantity: l.quantity })),
    deliveryCents: priced.totals.delivery_cents,
    returnUrl: payPageUrl(config.publicBaseUrl, token),
    expiresAt,
    idempotencyKey: createHash('sha256').update(`${request.owner}\0${request.idempotencyKey}`).digest('base64url'),
  });
  // The cart moves to checkout in the same round trip as the link's insert (a failed insert aborts the transaction).
  const [[link]] = await Promise.all([
    insertLink(tx, {
      id,
      cartId: cart.id,
      tokenHash: tokenHash(token),
      amountCents: priced.totals.total_cents,
      currency: priced.totals.currency,
      provider: provider.name,
      providerReference: opened.reference,
      providerUrl: opened.url,
      expiresAt,
    }),
    cartInCheckout(tx, { cartId: cart.id, updatedAt: new Date() }),
  ]);
  return link;
}

// Every link issued runs these (db/prepared.ts).
const insertLink = prepared<Omit<typeof paymentLinks.$inferInsert, 'status' | 'createdAt' | 'closedAt'>, LinkRow[]>('payment_link_insert', (db) =>
  db
    .insert(paymentLinks)
    .values(placeholders('id', 'cartId', 'tokenHash', 'amountCents', 'currency', 'provider', 'providerReference', 'providerUrl', 'expiresAt'))
    .returning(),
);
const cartInCheckout = prepared<{ cartId: string; updatedAt: Date }, unknown>('payment_link_cart_checkout', (db) =>
  db.update(carts).set({ status: 'checkout', updatedAt: placeholderFor<Date>('updatedAt') }).where(eq(carts.id, sql.placeholder('cartId'))),
);

/**
 * The same request retried (after a 503, say, which rolled everything back) gets the same link id,
 * so the provider sees the same request and opens nothing twice: the id is derived from the
 * caller, its key and the cart as it stands. Any committed link changed the cart (it moved to
 * checkout), so no later request derives that id again. 80 bits of the digest stand in for the
 * id's random part; the cart's last change stands in for its time.
 */
function linkIdFor(cart: CartRow, request: CheckoutRequest): string {
  const digest = createHash('sha256').update(`${request.owner}\0${request.idempotencyKey}\0${cart.id}\0${cart.updatedAt.toISOString()}`).digest();
  return newId('plink', cart.updatedAt.getTime(), digest.subarray(0, 10));
}

async function view(services: LinkServices, link: LinkRow): Promise<PaymentLinkView> {
  return {
    url: await linkUrl(services.keys, services.config.publicBaseUrl, link),
    expires_at: link.expiresAt.toISOString(),
    cart_id: link.cartId,
    amount_cents: link.amountCents,
    currency: link.currency as PaymentLinkView['currency'],
    provider: link.provider as PaymentLinkView['provider'],
  };
}
