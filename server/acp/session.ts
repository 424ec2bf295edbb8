/**
 * What ACP's checkout sessions and carts share in ACP's words, from the cart priced once
 * (carts/pricing.ts): line items, totals, messages, links, buyer, and ACP's items taken into the
 * cart (carts/sessions.ts holds the cart-line rules).
 *
 * Messages (issue #47 §2): a problem in a session that still answers is a MessageError in ACP's
 * closed codes: insufficient_stock → out_of_stock, quantity_exceeds_limit → quantity_exceeded,
 * cart_total_exceeds_limit → maximum_exceeded, address_undeliverable → region_restricted, an item
 * not taken → out_of_stock; missing and invalid as they are. A warning ACP's enum lacks
 * (payment_failed) goes as info. Each is plain text, its param a JSONPath into ACP's shape.
 */
import { lineTitle, type PricedCart } from '../carts/pricing';
import type { SellerPages } from '../carts/sellers';
import { takeLines, type LineRequest, type TakenLines } from '../carts/sessions';
import type { CartBuyer, CartNotice } from '../carts/store';
import type { Db } from '../db/client';
import type { AcpMessage } from './session-schemas';

/** Where a session's address is (fulfillment_details): undeliverable and missing addresses point here. */
export const ADDRESS = '$.fulfillment_details.address';

// ---------------------------------------------------------------- taking items

/** ACP's items (`{id, quantity}`) as the cart's line requests. */
export function lineRequests(items: { id: string; quantity: number }[]): LineRequest[] {
  return items.map((i) => ({ item: { id: i.id }, quantity: i.quantity }));
}

export function takeItems(db: Db, items: { id: string; quantity: number }[]): Promise<TakenLines> {
  return takeLines(db, lineRequests(items), null);
}

// ---------------------------------------------------------------- answering

/** ACP's Total, as every total is answered: with its display text. */
const totalOf = (type: string, display_text: string, amount: number) => ({ type, display_text, amount });

export function lineItems(priced: PricedCart, sellers: Map<string, SellerPages>) {
  return priced.lines.map((l) => ({
    id: l.id,
    item: { id: l.variant_id },
    quantity: l.quantity,
    name: lineTitle(l),
    unit_amount: l.unit_price_cents,
    product_id: l.product_id,
    sku: l.sku,
    variant_id: l.variant_id,
    marketplace_seller_details: { name: sellers.get(l.seller_handle)?.name ?? l.seller_handle },
    totals: [totalOf('items_base_amount', 'Items', l.line_total_cents), totalOf('subtotal', 'Subtotal', l.line_total_cents), totalOf('total', 'Total', l.line_total_cents)],
  }));
}

/** The session's totals: items, subtotal, delivery once priced, total (no tax is computed: decision 8). */
export function sessionTotals(priced: PricedCart) {
  const { subtotal_cents, delivery_cents, total_cents } = priced.totals;
  return [
    totalOf('items_base_amount', 'Items', subtotal_cents),
    totalOf('subtotal', 'Subtotal', subtotal_cents),
    ...(priced.delivery.length ? [totalOf('fulfillment', 'Delivery', delivery_cents)] : []),
    totalOf('total', 'Total', total_cents),
  ];
}

const POLICY_LINKS = [
  ['terms', 'terms_of_use', 'Terms of use'],
  ['privacy', 'privacy_policy', 'Privacy policy'],
  ['returns', 'return_policy', 'Return policy'],
  ['shipping', 'shipping_policy', 'Shipping policy'],
] as const;

/** Each seller's four policy pages, titled with the seller's name. */
export function sessionLinks(sellers: Map<string, SellerPages>) {
  return [...sellers.values()].flatMap((s) => POLICY_LINKS.map(([policy, type, title]) => ({ type, title: `${s.name}: ${title}`, url: s.policy_urls[policy] })));
}

/** The buyer as ACP's Buyer, which needs an e-mail address: without one, none is answered. */
export function buyerView(buyer: CartBuyer | null) {
  return buyer?.email ? { ...buyer, email: buyer.email } : undefined;
}

/** Pricing's and the cart's codes in ACP's MessageError words. */
const ERROR_CODES: Record<string, string> = {
  insufficient_stock: 'out_of_stock',
  quantity_exceeds_limit: 'quantity_exceeded',
  cart_total_exceeds_limit: 'maximum_exceeded',
  address_undeliverable: 'region_restricted',
  item_unavailable: 'out_of_stock',
  missing: 'missing',
  invalid: 'invalid',
};

/** Pricing's messages an ACP answer leaves out: a session says what it misses itself; a cancelled link is continue_url's business. */
const LEFT_OUT = new Set(['address_required', 'payment_link_cancelled']);

export function errorMessage(code: string, param: string | undefined, content: string, resolution: AcpMessage['resolution'] = 'recoverable'): AcpMessage {
  return { type: 'error', code, ...(param !== undefined && { param }), resolution, content_type: 'plain', content };
}

/**
 * The session's messages (pricing's and the last write's notices) in ACP's words. `view`: a cart
 * has no address, so it leaves out what points there.
 */
export function sessionMessages(priced: PricedCart, view: 'cart' | 'checkout'): AcpMessage[] {
  return priced.messages.flatMap((m: CartNotice): AcpMessage[] => {
    if (LEFT_OUT.has(m.code)) return [];
    const param = acpParam(m.path);
    if (view === 'cart' && param?.startsWith('$.fulfillment_details')) return [];
    const at = param === undefined ? {} : { param };
    if (m.type === 'error') return [errorMessage(ERROR_CODES[m.code] ?? 'invalid', param, m.message)];
    return [{ type: 'info', ...at, content_type: 'plain', content: m.message }];
  });
}

/** A cart message's path as a JSONPath into ACP's shape. */
function acpParam(path: string | null): string | undefined {
  if (path === null) return undefined;
  if (path === 'delivery' || path === 'shipping_address') return ADDRESS;
  return path.startsWith('$') ? path : `$.${path}`;
}
