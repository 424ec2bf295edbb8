/**
 * What UCP's carts and checkout sessions share in UCP's words (the session itself, a cart row, is
 * carts/sessions.ts's): the line items, totals, messages and links of an answer, from the cart
 * priced once (carts/pricing.ts), and a create refused because no item sent could be taken.
 * Pricing's insufficient_stock is UCP's out_of_stock.
 */
import { lineTitle, type PricedCart } from '../carts/pricing';
import type { SellerPages } from '../carts/sellers';
import type { TakenLines } from '../carts/sessions';
import type { ErrorMessage, SessionMessage } from './session-schemas';

/** Where a checkout's one destination is (fulfillment.md): missing fields and undeliverable addresses point here. */
export const DESTINATION = '$.fulfillment.methods[0].destinations[0]';

/** A create that takes nothing: every item sent was unavailable. */
export interface Refused {
  refused: ErrorMessage[];
}

/** The messages of a refused create: each item sent, unrecoverable, since nothing was made. */
export function refusedItems(taken: TakenLines): ErrorMessage[] {
  return taken.notices.map((n) => ({ type: 'error', code: n.code, content: n.message, severity: 'unrecoverable', path: n.path! }));
}

// ---------------------------------------------------------------- answering

const POLICY_LINKS = [
  ['terms', 'terms_of_service', 'Terms of service'],
  ['privacy', 'privacy_policy', 'Privacy policy'],
  ['returns', 'refund_policy', 'Refund policy'],
  ['shipping', 'shipping_policy', 'Shipping policy'],
] as const;

/** Each seller's four policy pages, titled with the seller's name. */
export function sessionLinks(sellers: Map<string, SellerPages>) {
  return [...sellers.values()].flatMap((s) => POLICY_LINKS.map(([policy, type, title]) => ({ type, url: s.policy_urls[policy], title: `${s.name}: ${title}` })));
}

export function sessionLineItems(priced: PricedCart) {
  return priced.lines.map((l) => ({
    id: l.id,
    item: { id: l.variant_id, title: lineTitle(l), price: l.unit_price_cents },
    quantity: l.quantity,
    totals: [
      { type: 'subtotal', amount: l.line_total_cents },
      { type: 'total', amount: l.line_total_cents },
    ],
  }));
}

/** UCP's totals: one subtotal, the delivery once it is priced, one total. */
export function sessionTotals(priced: PricedCart) {
  const { subtotal_cents, delivery_cents, total_cents } = priced.totals;
  return [
    { type: 'subtotal', display_text: 'Subtotal', amount: subtotal_cents },
    ...(priced.delivery.length ? [{ type: 'fulfillment', display_text: 'Delivery', amount: delivery_cents }] : []),
    { type: 'total', display_text: 'Total', amount: total_cents },
  ];
}

/** Pricing's codes in UCP's words. */
const UCP_CODES: Record<string, string> = { insufficient_stock: 'out_of_stock' };
/**
 * Pricing's messages a UCP answer leaves out: the address is a checkout's own `missing` message,
 * and a cancelled payment link is the continue_url's business (it makes a fresh one).
 */
const LEFT_OUT = new Set(['address_required', 'payment_link_cancelled']);

/**
 * Where only a checkout's messages point: its destination (a write's notices about the address
 * sent, delivery that cannot reach it). A cart has no fulfillment, so a cart behind a checkout
 * leaves them to the checkout.
 */
const CHECKOUT_ONLY = '$.fulfillment';

/**
 * The session's messages (pricing's and the last write's notices) as UCP's, for the view answered:
 * a cart's leave out the checkout's own. An error is recoverable.
 */
export function sessionMessages(priced: PricedCart, view: 'cart' | 'checkout'): SessionMessage[] {
  return priced.messages.flatMap((m): SessionMessage[] => {
    if (LEFT_OUT.has(m.code)) return [];
    const code = UCP_CODES[m.code] ?? m.code;
    const path = ucpPath(m.path);
    if (view === 'cart' && path?.startsWith(CHECKOUT_ONLY)) return [];
    const at = path === undefined ? {} : { path };
    return [m.type === 'error' ? { type: 'error', code, content: m.message, severity: 'recoverable', ...at } : { type: m.type, code, content: m.message, ...at }];
  });
}

/** A cart message's path as a JSONPath into UCP's shape. */
function ucpPath(path: string | null): string | undefined {
  if (path === null) return undefined;
  if (path.startsWith('$')) return path;
  if (path === 'delivery' || path === 'shipping_address') return DESTINATION;
  return `$.${path}`;
}
