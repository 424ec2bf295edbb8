/**
 * UCP's checkout sessions (checkout.md, fulfillment.md) over the project's carts: a checkout IS a
 * cart, its pricing and its payment link, and its id is the cart's. These functions are HTTP-free;
 * the binding's router adds the `ucp` member.
 *
 * Choices UCP leaves to a business:
 * - Status: an open cart is `incomplete` while a message says something is missing or wrong, else
 *   `requires_escalation`; a cart in checkout (a live payment link) is `requires_escalation`;
 *   `completed` once paid (with its `order`); cancelled and expired carts are `canceled`. Never
 *   `ready_for_complete`: no instrument a platform submits is taken (payment_handlers {}); a
 *   ready checkout says payment_required and the person pays at continue_url.
 * - continue_url is stable for the checkout's life (`<base>/checkout/{token}`, carts/checkout-link.ts):
 *   that page leads to the live payment link, making a fresh one when needed.
 * - Fulfillment: one shipping method with one destination; one group per seller when the platform
 *   supports several, else one group whose one option is every seller's delivery together.
 * - complete_checkout never charges: it answers the checkout as it is.
 */
import { continueUrl, makeCheckout, newCheckoutToken } from '../carts/checkout-link';
import { liveLink } from '../carts/links';
import { orderPage } from '../payments/continue';
import type { DeliveryGroup, PricedCart } from '../carts/pricing';
import { pricedWithSellers, type SellerPages } from '../carts/sellers';
import { assertMutable, touch, type CartNotice, type CartRow, type ShippingAddress } from '../carts/store';
import { shippingAddressSchema } from '../carts/view';
import { ApiError } from '../errors/catalogue';
import { newId } from '../lib/ids';
import type { Intersection } from '../negotiation/types';
import type {
  CheckoutBody,
  CompleteCheckoutRequest,
  CreateCheckoutRequest,
  DestinationRequest,
  FulfillmentRequest,
  FulfillmentResponse,
  UpdateCheckoutRequest,
} from './checkout-schemas';
import type { ErrorMessage, SessionMessage } from './session-schemas';
import {
  DESTINATION,
  refusedItems,
  sessionLineItems,
  sessionLinks,
  sessionMessages,
  sessionTotals,
  type Refused,
} from './session';
import {
  buyerOf,
  isClosed,
  insertSession,
  loadSession,
  replaceSession,
  sessionNotFound,
  takeLines,
  takeLinesAlongside,
  type SessionCall,
} from '../carts/sessions';
import { postalAddressOf } from '../carts/postal-address';

export const FULFILLMENT = 'dev.ucp.shopping.fulfillment';

export interface CheckoutCall extends SessionCall {
  /** The fulfillment extension as negotiated: undefined when it was not. */
  fulfillment: { multiGroup: boolean } | undefined;
}

/** The fulfillment terms of a call: negotiated or not, and the platform's supports_multi_group (platform_fulfillment_config.json). */
export function fulfillmentTerms(intersection: Intersection): CheckoutCall['fulfillment'] {
  const entry = intersection[FULFILLMENT];
  return entry && { multiGroup: entry.config?.supports_multi_group === true };
}

const PAYMENT_REQUIRED: ErrorMessage = {
  type: 'error',
  code: 'payment_required',
  severity: 'requires_buyer_input',
  content: 'Payment is taken on the business’s page: open continue_url so the person can review and pay.',
};

const HANDLER_UNSUPPORTED: ErrorMessage = {
  type: 'error',
  code: 'payment_handler_unsupported',
  severity: 'requires_buyer_input',
  path: '$.payment.instruments[0].handler_id',
  content: 'This business takes no payment instrument from a platform (it offers no payment handler): nothing was charged; open continue_url so the person can pay there.',
};

const missing = (path: string, content: string): ErrorMessage => ({ type: 'error', code: 'missing', severity: 'recoverable', path, content });

// ---------------------------------------------------------------- operations

export async function createCheckout(call: CheckoutCall, input: CreateCheckoutRequest): Promise<CheckoutBody | Refused> {
  if (input.cart_id !== undefined) return checkoutOfCart(call, input.cart_id, input.fulfillment);
  const taken = await takeLines(call.db, input.line_items ?? [], call.scope.seller);
  if (taken.allUnavailable) return { refused: refusedItems(taken) };
  const destination = call.fulfillment && destinationOf(input.fulfillment);
  const id = newId('cart');
  const cart = await insertSession(call, taken, {
    id,
    buyer: buyerOf(input.buyer),
    shippingAddress: destination?.address ?? null,
    notices: [...taken.notices, ...(destination?.notices ?? [])],
    checkoutTokenHash: newCheckoutToken(call.services.keys, id).hash,
  });
  return answer(call, cart, { atCreate: true });
}

/** create_checkout {cart_id}: the cart's lines and buyer; a cart already a checkout answers it unchanged. */
async function checkoutOfCart(call: CheckoutCall, cartId: string, fulfillment: FulfillmentRequest | undefined): Promise<CheckoutBody> {
  const { services, db } = call;
  const cart = await loadSession(call, cartId, 'cart', { lock: true });
  if (cart.checkoutTokenHash !== null) return answer(call, cart);
  if (isClosed(cart)) throw sessionNotFound('cart', cartId);
  assertMutable(cart);
  const destination = call.fulfillment && destinationOf(fulfillment);
  const made = await makeCheckout(db, services.keys, cart);
  // A destination sent is a change of the cart (touch); becoming a checkout alone is not.
  const changed = destination && (await touch(db, made, services.config, { notices: destination.notices, shippingAddress: destination.address ?? null }));
  return answer(call, changed || made, { atCreate: true });
}

export async function getCheckout(call: CheckoutCall, id: string): Promise<CheckoutBody> {
  return answer(call, await loadCheckout(call, id));
}

/** update_checkout: the lines, buyer and (with fulfillment) destination sent replace the checkout's. */
export async function updateCheckout(call: CheckoutCall, input: UpdateCheckoutRequest): Promise<CheckoutBody> {
  const taking = takeLinesAlongside(call.db, input.line_items, call.scope.seller);
  const cart = await loadCheckout(call, input.id, { lock: true });
  if (isClosed(cart)) return answer(call, cart, { extra: [notModifiable(cart)] });
  assertMutable(cart);
  const taken = await taking;
  const destination = call.fulfillment && destinationOf(input.fulfillment);
  return answer(
    call,
    await replaceSession(call, cart, taken, {
      notices: [...taken.notices, ...(destination?.notices ?? [])],
      buyer: buyerOf(input.buyer),
      // Without fulfillment negotiated the platform cannot see the destination, so it keeps.
      ...(call.fulfillment && { shippingAddress: destination?.address ?? null }),
    }),
  );
}

/** complete_checkout never charges: the checkout as it is, saying so when instruments were sent. */
export async function completeCheckout(call: CheckoutCall, input: CompleteCheckoutRequest): Promise<CheckoutBody> {
  const cart = await loadCheckout(call, input.id);
  const sent = (input.payment?.instruments?.length ?? 0) > 0;
  return answer(call, cart, { extra: sent && !isClosed(cart) ? [HANDLER_UNSUPPORTED] : [] });
}

/** cancel_checkout: the cart is cancelled, and its live payment link with it. */
export async function cancelCheckout(call: CheckoutCall, id: string): Promise<CheckoutBody> {
  const cart = await loadCheckout(call, id, { lock: true });
  if (isClosed(cart)) return answer(call, cart, { extra: [notModifiable(cart)] });
  assertMutable(cart);
  return answer(call, await touch(call.db, cart, call.services.config, { status: 'cancelled' }));
}

async function loadCheckout(call: CheckoutCall, id: string, opts: { lock?: boolean } = {}): Promise<CartRow> {
  const cart = await loadSession(call, id, 'checkout session', opts);
  // A cart that was never made a checkout (create_checkout {cart_id}) has none.
  if (cart.checkoutTokenHash === null) throw sessionNotFound('checkout session', id);
  return cart;
}

function notModifiable(cart: CartRow): ErrorMessage {
  return { type: 'error', code: 'not_modifiable', severity: 'unrecoverable', content: `The checkout is ${checkoutStatus(cart, false)} and can no longer change: start a new one.` };
}

function checkoutStatus(cart: CartRow, blocked: boolean): CheckoutBody['status'] {
  if (cart.status === 'completed') return 'completed';
  if (cart.status === 'cancelled' || cart.status === 'expired') return 'canceled';
  return cart.status === 'open' && blocked ? 'incomplete' : 'requires_escalation';
}

// ---------------------------------------------------------------- the answer

/**
 * The checkout as answered, from one pricing of the cart. `atCreate`: a checkout that needs an
 * address from a platform that cannot give one is refused (capabilities_incompatible) and, the
 * call's transaction rolled back, not made.
 */
async function answer(call: CheckoutCall, cart: CartRow, opts: { atCreate?: boolean; extra?: ErrorMessage[] } = {}): Promise<CheckoutBody> {
  const { services, db, scope } = call;
  const { config, keys } = services;
  const { priced, sellers } = await pricedWithSellers(db, cart, scope.seller);
  const needsAddress = priced.lines.length > 0 && cart.shippingAddress === null;
  if (opts.atCreate && needsAddress && !call.fulfillment) {
    throw new ApiError('capabilities_incompatible', {
      message: `This checkout ships goods, so it needs a destination, which only ${FULFILLMENT} carries: declare it in the platform profile to check out here.`,
    });
  }
  const closed = isClosed(cart);
  const messages: SessionMessage[] = closed ? [] : sessionMessages(priced, 'checkout');
  if (!closed) {
    if (!priced.lines.length) messages.push(missing('$.line_items', 'The checkout has no line items: add at least one.'));
    if (needsAddress && !messages.some((m) => m.path?.startsWith(DESTINATION))) {
      messages.push(missing(DESTINATION, 'Where should the order go? Give one shipping destination (fulfillment.methods[0].destinations).'));
    }
    if (!cart.buyer?.email) messages.push(missing('$.buyer.email', 'The buyer’s e-mail address is required: the order confirmation goes to it.'));
  }
  const status = checkoutStatus(cart, messages.some((m) => m.type === 'error'));
  if (status === 'requires_escalation') messages.push(PAYMENT_REQUIRED);
  messages.push(...(opts.extra ?? []));

  const link = cart.status === 'checkout' ? await liveLink(db, cart.id) : undefined;
  const url = await continueUrl(keys, config.publicBaseUrl, { id: cart.id, checkoutTokenHash: cart.checkoutTokenHash! });
  return {
    id: cart.id,
    status,
    currency: 'USD',
    line_items: sessionLineItems(priced),
    ...(cart.buyer && { buyer: cart.buyer }),
    totals: sessionTotals(priced),
    ...(messages.length && { messages }),
    links: sessionLinks(sellers),
    expires_at: (link?.expiresAt ?? cart.expiresAt).toISOString(),
    ...(!closed && { continue_url: url }),
    ...(call.fulfillment && { fulfillment: fulfillmentOf(cart, priced, sellers, call.fulfillment.multiGroup) }),
    ...(cart.status === 'completed' && cart.orderId && { order: { id: cart.orderId, permalink_url: (await orderPage(services, db, cart.id)) ?? url } }),
  };
}

// ---------------------------------------------------------------- fulfillment

const DESTINATION_ID = 'destination';

/** The address fields a destination needs, UCP's name → the cart address's. */
const ADDRESS_FIELDS = {
  first_name: 'name',
  last_name: 'name',
  street_address: 'line1',
  extended_address: 'line2',
  address_locality: 'city',
  address_region: 'region',
  postal_code: 'postal_code',
  address_country: 'country',
  phone_number: 'phone',
} as const;
const REQUIRED_FIELDS = ['first_name', 'last_name', 'street_address', 'address_locality', 'postal_code', 'address_country'] as const;

/**
 * The destination a fulfillment request gives (its shipping method's selected destination, else
 * its first), as the cart's address; or, when a field is missing or not one this service takes,
 * no address and a notice at each such field. Undefined when no destination was sent.
 */
function destinationOf(fulfillment: FulfillmentRequest | undefined): { address?: ShippingAddress; notices: CartNotice[] } | undefined {
  const method = fulfillment?.methods?.find((m) => m.type === undefined || m.type === 'shipping');
  const destinations = method?.destinations ?? [];
  const sent: DestinationRequest | undefined = destinations.find((d) => d.id !== undefined && d.id === method?.selected_destination_id) ?? destinations[0];
  if (!sent) return undefined;
  const notices: CartNotice[] = REQUIRED_FIELDS.filter((field) => !sent[field]).map((field) => ({
    type: 'error',
    code: 'missing',
    message: `The destination has no ${field.replace('_', ' ')}.`,
    path: `${DESTINATION}.${field}`,
  }));
  if (notices.length) return { notices };
  const parsed = shippingAddressSchema.safeParse({
    name: `${sent.first_name} ${sent.last_name}`,
    line1: sent.street_address,
    line2: sent.extended_address,
    city: sent.address_locality,
    region: sent.address_region,
    postal_code: sent.postal_code,
    country: sent.address_country,
    phone: sent.phone_number,
  });
  if (parsed.success) return { address: parsed.data as ShippingAddress, notices: [] };
  return {
    notices: parsed.error.issues.map((issue) => {
      const field = Object.entries(ADDRESS_FIELDS).find(([, own]) => own === issue.path[0])?.[0] ?? 'street_address';
      return { type: 'error', code: 'invalid', message: `The destination’s ${field.replace('_', ' ')} ${issue.message}.`, path: `${DESTINATION}.${field}` };
    }),
  };
}


function fulfillmentOf(cart: CartRow, priced: PricedCart, sellers: Map<string, SellerPages>, multiGroup: boolean): FulfillmentResponse {
  const address = cart.shippingAddress;
  const lineIds = (handle?: string) => priced.lines.filter((l) => handle === undefined || l.seller_handle === handle).map((l) => l.id);
  const sellerName = (handle: string) => sellers.get(handle)?.name ?? handle;
  const days = (min: number, max: number) => (min === max ? `Arrives in ${min} days` : `Arrives in ${min}–${max} days`);
  const option = (id: string, title: string, groups: DeliveryGroup[]) => ({
    id,
    title,
    description: days(Math.min(...groups.map((d) => d.min_days)), Math.max(...groups.map((d) => d.max_days))),
    totals: [{ type: 'total', amount: groups.reduce((sum, d) => sum + d.price_cents, 0) }],
  });
  const delivered = priced.delivery;
  const groups = !delivered.length
    ? []
    : multiGroup
      ? delivered.map((d) => ({
          id: `group_${d.seller_handle}`,
          line_item_ids: lineIds(d.seller_handle),
          options: [option(`delivery_${d.seller_handle}`, `Delivery by ${sellerName(d.seller_handle)}`, [d])],
          selected_option_id: `delivery_${d.seller_handle}`,
        }))
      : [
          {
            id: 'group',
            line_item_ids: delivered.flatMap((d) => lineIds(d.seller_handle)),
            options: [option('delivery', `Delivery by ${delivered.map((d) => sellerName(d.seller_handle)).join(' and ')}`, delivered)],
            selected_option_id: 'delivery',
          },
        ];
  return {
    methods: [
      {
        id: 'shipping',
        type: 'shipping',
        line_item_ids: lineIds(),
        destinations: address ? [{ id: DESTINATION_ID, ...postalAddressOf(address) }] : [],
        selected_destination_id: address ? DESTINATION_ID : null,
        groups,
      },
    ],
  };
}
