/**
 * The cart as every cart endpoint and tool answers it, and the shipping address it takes. One zod
 * definition each feeds REST, the OpenAPI document, MCP and OpenRPC.
 */
import { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { CART_STATUSES } from '../db/schema';
import { linkUrl, liveLink } from './links';
import { COUNTRY_CODES, countryCode } from './countries';
import { priceCart, type PricedCart } from './pricing';
import type { CartRow } from './store';
import { emailAddress } from '../lib/email';
import type { ServiceKeys } from '../secrets/keys';


const text = (max: number) => z.string().trim().min(1).max(max);

/**
 * A country is stored as its alpha-2 code, and taken as any name countries.ts reads ("us", "USA",
 * "United States" → "US"): agents copy them from prose as often as from data, and UCP's postal
 * address allows all three. One check, so an invalid country is one message.
 */
const country = z
  .string()
  .overwrite((text) => countryCode(text) ?? text)
  .refine((code) => COUNTRY_CODES.has(code), 'is not a country: give its ISO 3166-1 alpha-2 code, e.g. US, GB, DE (an alpha-3 code such as USA, or its English name, is taken too)');

export const shippingAddressSchema = z
  .object({
    name: text(200).describe('The recipient’s full name.'),
    line1: text(200).describe('Street address, first line.'),
    line2: text(200).describe('Apartment, suite or floor.').optional(),
    city: text(100).describe('City or town.'),
    region: text(100).describe('State, province or county, where the country uses one (e.g. OR).').optional(),
    postal_code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{0,11}$/, 'must be 1–12 letters, digits, spaces or hyphens')
      .describe('Postal or ZIP code.'),
    country: country.describe('ISO 3166-1 alpha-2 country code, e.g. US; in any case, and an alpha-3 code (USA) or the English name (United States) is taken too: stored and answered as alpha-2. Delivery is priced for it.'),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9][0-9 ().-]{4,29}$/, 'must be a phone number of digits, spaces and ( ) . - with an optional leading +')
      .describe('A phone number for the carrier, ideally in E.164 form (+15035550100).')
      .optional(),
    email: emailAddress().describe('An e-mail address for delivery updates.').optional(),
  })
  .strict()
  .meta({ id: 'ShippingAddress' });

export type ShippingAddressInput = z.infer<typeof shippingAddressSchema>;

const cents = (what: string) => z.number().int().describe(`${what}, in US cents.`);

const lineItem = z
  .object({
    id: z.string().describe('The line’s id (item_…): name it to change the quantity or remove the line.'),
    variant_id: z.string().describe('The variant (var_…): the Offer `identifier` in search results.'),
    sku: z.string().describe('The seller’s SKU of the variant (unique per seller only).'),
    product_id: z.string().describe('The product the variant belongs to.'),
    seller_handle: z.string().describe('The seller who sells and ships it.'),
    title: z.string().describe('The product’s title, as the catalog has it now.'),
    variant_title: z.string().describe('The variant’s options joined, e.g. "M / Blue"; empty when it has none.'),
    unit_price_cents: cents('The catalog’s price now (never a client’s)'),
    quantity: z.number().int().describe('Units on this line.'),
    line_total_cents: cents('unit_price_cents × quantity'),
    availability: z
      .enum(['https://schema.org/InStock', 'https://schema.org/OutOfStock'])
      .describe('schema.org availability now, as in search results. A quantity above the stock also leaves an insufficient_stock message.'),
  })
  .meta({ id: 'CartLineItem' });

const deliveryGroup = z
  .object({
    seller_handle: z.string().describe('The seller whose items this delivery carries.'),
    price_cents: cents('Delivery price for this seller’s items (0 above the zone’s free-delivery threshold)'),
    min_days: z.number().int().describe('Fewest days to delivery.'),
    max_days: z.number().int().describe('Most days to delivery.'),
  })
  .meta({ id: 'CartDelivery' });

const totals = z
  .object({
    subtotal_cents: cents('Sum of the lines'),
    delivery_cents: cents('Sum of the delivery groups (0 before an address is set)'),
    total_cents: cents('subtotal_cents + delivery_cents: what a payment link asks for, within max_cart_total_cents'),
    currency: z.literal('USD').describe('Always USD.'),
  })
  .meta({ id: 'CartTotals' });

const message = z
  .object({
    type: z.enum(['error', 'warning', 'info']).describe('error: keeps the cart from being paid; warning: something changed; info: a next step.'),
    code: z
      .string()
      .describe('Stable identifier: address_required, address_undeliverable, insufficient_stock, cart_total_exceeds_limit, payment_link_cancelled, payment_failed.'),
    message: z.string().describe('What happened and what to do, in prose.'),
    path: z.string().nullable().describe('The part of the cart it is about, e.g. "line_items[0]", "delivery", "shipping_address", "totals".'),
  })
  .meta({ id: 'CartMessage' });

const timestamp = (what: string) => z.iso.datetime().describe(what);

export const cartSchema = z
  .object({
    id: z.string().describe('The cart’s id (cart_…). Only the caller that created the cart can read or change it.'),
    status: z
      .enum(CART_STATUSES)
      .describe(
        'open: can change; checkout: a payment link is live (a change cancels it and reopens the cart), or an x402 payment is settling (order_id names its pending order; nothing may change until it ends); completed: paid, see order_id; cancelled; expired (7 days after its last change).',
      ),
    currency: z.literal('USD').describe('Always USD.'),
    line_items: z.array(lineItem).describe('One line per variant, oldest first; at most 100.'),
    shipping_address: shippingAddressSchema.nullable().describe('Where the order goes; null until set.'),
    delivery: z.array(deliveryGroup).describe('One group per seller that delivers to the address; [] before an address is set.'),
    totals,
    messages: z.array(message).describe('What keeps the cart from being paid (error), what changed (warning), and next steps (info).'),
    order_id: z.string().nullable().describe('The order (ord_…) once the cart is paid; null before.'),
    expires_at: timestamp('When the cart expires if it does not change again.'),
    created_at: timestamp('When the cart was created.'),
    updated_at: timestamp('When the cart last changed.'),
    links: z
      .object({
        self: z.string().describe('This cart (GET).'),
        payment_link: z.string().nullable().describe('Where a human pays while the cart is in checkout; null otherwise.'),
      })
      .describe('Related URLs.'),
  })
  .meta({ id: 'Cart' });

export type Cart = z.infer<typeof cartSchema>;

/** What rendering a cart reads of the service: its URLs' base, and the keys a payment link's URL is made under. */
export interface CartViewServices {
  config: Pick<Config, 'publicBaseUrl'>;
  keys: ServiceKeys;
}

/** The cart as answered, priced now unless the caller priced it already. */
export async function renderCart(services: CartViewServices, db: Db, cart: CartRow, priced?: PricedCart): Promise<Cart> {
  const { config, keys } = services;
  const p = priced ?? (await priceCart(db, cart));
  const link = cart.status === 'checkout' ? await liveLink(db, cart.id) : undefined;
  return {
    id: cart.id,
    status: cart.status,
    currency: 'USD',
    line_items: p.lines.map(({ stock: _stock, ...line }) => line),
    shipping_address: cart.shippingAddress,
    delivery: p.delivery,
    totals: { ...p.totals, currency: 'USD' },
    messages: p.messages,
    order_id: cart.orderId,
    expires_at: cart.expiresAt.toISOString(),
    created_at: cart.createdAt.toISOString(),
    updated_at: cart.updatedAt.toISOString(),
    links: {
      self: `${config.publicBaseUrl}/api/agent/cart/${cart.id}`,
      payment_link: link ? await linkUrl(keys, config.publicBaseUrl, link) : null,
    },
  };
}
