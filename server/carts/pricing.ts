/**
 * A cart priced from the catalog as it is now: prices, titles and stock are re-read on every
 * render and change (a client never sends a price), delivery is priced per seller from the
 * seller's zone for the address's country (free above the zone's free_over_cents), and the
 * messages say what keeps the cart from being paid, the live max_cart_total_cents included: an
 * agent learns a cart is over it from every cart answer, not first from a refused payment link.
 */
import { sql } from 'drizzle-orm';
import { availabilityOf } from '../catalog/jsonld';
import type { Db } from '../db/client';
import { preparedRows } from '../db/prepared';
import type { CartNotice, DeliveryZone, OrderLine, OrderTotals } from '../db/schema';
import { readLimits } from '../domain/limits';
import { centsToDecimal } from '../lib/money';
import type { CartRow } from './store';

/** A cart line priced now: what an order line records (variant_title: the options joined, "M / Blue"), and more. */
export interface PricedLine extends OrderLine {
  /** The line item's id (item_…). */
  id: string;
  /** schema.org availability, as search results' offers say it. */
  availability: ReturnType<typeof availabilityOf>;
  /** Units in stock now; null = not tracked (always available). */
  stock: number | null;
}

/** A line's title as people read it: the product's, with its variant's in brackets. */
export function lineTitle(line: { title: string; variant_title: string }): string {
  return line.variant_title ? `${line.title} (${line.variant_title})` : line.title;
}

/** What an order records of each priced line (the order's own copy, at the prices paid). */
export function orderLines(priced: PricedCart): OrderLine[] {
  return priced.lines.map((l) => ({
    item_id: l.id,
    variant_id: l.variant_id,
    sku: l.sku,
    product_id: l.product_id,
    seller_handle: l.seller_handle,
    title: l.title,
    variant_title: l.variant_title,
    unit_price_cents: l.unit_price_cents,
    quantity: l.quantity,
    line_total_cents: l.line_total_cents,
  }));
}

export interface DeliveryGroup {
  seller_handle: string;
  price_cents: number;
  min_days: number;
  max_days: number;
}

export interface PricedCart {
  lines: PricedLine[];
  /** One group per seller that delivers to the address; [] before an address is set. */
  delivery: DeliveryGroup[];
  totals: OrderTotals;
  messages: CartNotice[];
  /**
   * max_cart_total_cents as the pricing statement read it, in the caller's transaction (not
   * through the limits cache); undefined for a cart without lines. Use cartCeiling().
   */
  maxCartTotalCents: number | undefined;
}

interface LineRow {
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
  delivery: DeliveryZone[];
  max_cart_total_cents: number;
}

/**
 * A cart's lines priced now, built once (db/prepared.ts): every cart answer runs it. The live
 * ceiling rides on every line, read in the same statement (as adding items reads
 * max_item_quantity): no round trip more per render. A cart without lines totals 0, within any.
 */
const selectPricedLines = preparedRows<{ cartId: string }, LineRow>(
  'cart_priced_lines',
  sql`SELECT ci.id, ci.variant_id, ci.quantity, v.sku, v.product_id, v.price_cents, v.stock, v.options,
             p.title, s.handle AS seller_handle, s.delivery,
             (SELECT max_cart_total_cents FROM platform_limits WHERE id = 1) AS max_cart_total_cents
      FROM cart_items ci
      JOIN variants v ON v.id = ci.variant_id
      JOIN products p ON p.id = v.product_id
      JOIN sellers s ON s.id = v.seller_id
      WHERE ci.cart_id = ${sql.placeholder('cartId')}
      ORDER BY ci.created_at, ci.id`,
);

export async function priceCart(db: Db, cart: CartRow): Promise<PricedCart> {
  const found = await selectPricedLines(db, { cartId: cart.id });
  const messages: CartNotice[] = [];
  const lines = found.map((r, i): PricedLine => {
    if (r.stock !== null && r.stock < r.quantity) {
      messages.push({
        type: 'error',
        code: 'insufficient_stock',
        message: `${r.title}: ${r.quantity} in the cart, ${r.stock} in stock.`,
        path: `line_items[${i}]`,
      });
    }
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
      availability: availabilityOf(r.stock),
      stock: r.stock,
    };
  });

  const delivery: DeliveryGroup[] = [];
  const country = cart.shippingAddress?.country;
  if (!country) {
    messages.push({ type: 'info', code: 'address_required', message: 'Set a shipping address to price delivery.', path: 'shipping_address' });
  } else {
    for (const handle of new Set(found.map((r) => r.seller_handle))) {
      const sellerLines = found.filter((r) => r.seller_handle === handle);
      const zone = sellerLines[0].delivery.find((z) => z.country === country);
      if (!zone) {
        messages.push({ type: 'error', code: 'address_undeliverable', message: `${handle} does not deliver to ${country}.`, path: 'delivery' });
        continue;
      }
      const subtotal = sellerLines.reduce((sum, r) => sum + r.price_cents * r.quantity, 0);
      const free = zone.free_over_cents != null && subtotal >= zone.free_over_cents;
      delivery.push({ seller_handle: handle, price_cents: free ? 0 : zone.price_cents, min_days: zone.min_days, max_days: zone.max_days });
    }
  }

  const subtotal = lines.reduce((sum, l) => sum + l.line_total_cents, 0);
  const deliveryCents = delivery.reduce((sum, d) => sum + d.price_cents, 0);
  const total = subtotal + deliveryCents;
  const ceiling = found[0]?.max_cart_total_cents;
  // Said while the cart can still change or be paid; a paid or closed cart has nothing to fix.
  if (ceiling !== undefined && total > ceiling && (cart.status === 'open' || cart.status === 'checkout')) messages.push(overCeiling(total, ceiling));
  return {
    lines,
    delivery,
    totals: { subtotal_cents: subtotal, delivery_cents: deliveryCents, total_cents: total, currency: cart.currency },
    messages: [...messages, ...cart.notices],
    maxCartTotalCents: ceiling,
  };
}

/**
 * The live max_cart_total_cents for a priced cart: what its pricing statement read, in the same
 * transaction, so paying and opening a link cost no statement more for it; read apart only for a
 * cart without lines.
 */
export async function cartCeiling(db: Db, priced: PricedCart): Promise<number> {
  return priced.maxCartTotalCents ?? (await readLimits(db)).max_cart_total_cents;
}

/** The message of a cart over max_cart_total_cents: the ceiling, the amount over, what to do. */
function overCeiling(totalCents: number, maxCents: number): CartNotice {
  return {
    type: 'error',
    code: 'cart_total_exceeds_limit',
    message: `The cart total of ${centsToDecimal(totalCents)} USD is ${centsToDecimal(totalCents - maxCents)} USD over the limit of ${centsToDecimal(maxCents)} USD per cart (max_cart_total_cents ${maxCents}): remove items or lower quantities; until then a payment link is refused.`,
    path: 'totals',
  };
}

/** What keeps the cart from being paid, as stable codes (cart_not_ready's details.reasons). */
export function notReadyReasons(priced: PricedCart): string[] {
  const reasons: string[] = [];
  if (!priced.lines.length) reasons.push('cart_empty');
  for (const code of ['address_required', 'address_undeliverable', 'insufficient_stock']) {
    if (priced.messages.some((m) => m.code === code)) reasons.push(code);
  }
  return reasons;
}
