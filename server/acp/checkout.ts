/**
 * ACP 2026-04-17's checkout sessions (rfc.agentic_checkout.md) over the project's carts, as
 * server/ucp/checkout.ts maps UCP's: a session IS a cart, its pricing and its payment link, and its
 * id is the cart's; the cart's acp_platform names the platform's account (its orders' webhooks go
 * there). HTTP-free; the router (server/routers/acp/) adds nothing but the transport.
 *
 * Choices ACP leaves to a seller (issue #47 §2):
 * - Status: an open cart with an error message is `not_ready_for_payment`, else `ready_for_payment`
 *   (lines, buyer.email, an address every seller delivers to, within limits); a cart being paid
 *   (a live payment link) `complete_in_progress`; paid `completed` (with its `order`); cancelled
 *   `canceled`; expired `expired`. Never `authentication_required`: no 3DS.
 * - An item id the catalog does not have is a 400 (param at it) and nothing is written; a line over
 *   max_item_quantity is not taken and says quantity_exceeded.
 * - Update changes only what it sends (ACP's absent means "do not modify").
 * - Cancelling, updating or completing a closed session is 405.
 * - One shipping option per seller, each preselected; the address is fulfillment_details.address.
 */
import { continueUrl, newCheckoutToken } from '../carts/checkout-link';
import { linkPayPageUrl, liveLink } from '../carts/links';
import type { DeliveryGroup, PricedCart } from '../carts/pricing';
import { pricedWithSellers, sellerPages, type SellerPages } from '../carts/sellers';
import { insertSession, isClosed, loadSession, replaceSession, takeLinesAlongside, buyerOf, type SessionCall, type TakenLines } from '../carts/sessions';
import { assertMutable, touch, type CartNotice, type CartRow, type ShippingAddress } from '../carts/store';
import { shippingAddressSchema } from '../carts/view';
import { ApiError } from '../errors/catalogue';
import { newId } from '../lib/ids';
import { orderPage } from '../payments/continue';
import { payWithDelegatedToken, payWithSharedPaymentToken, type CartLock, type DelegatedPaymentOutcome, type DelegatedPaymentServices, type PaidCart } from '../payments/delegated-payment';
import type { CheckoutSession, CompleteCheckoutRequest, CreateCheckoutRequest, UpdateCheckoutRequest } from './checkout-schemas';
import type { FulfillmentDetailsRequest } from './session-schemas';
import { handlerIds, handlerPsp, sessionCapabilities, type HandlerPsp } from './payment-handler';
import { ACP_VERSION } from '../errors/acp';
import { ADDRESS, buyerView, errorMessage, lineItems, lineRequests, sessionLinks, sessionMessages, sessionTotals, takeItems } from './session';
import type { AcpMessage } from './session-schemas';

export interface CheckoutCall extends SessionCall {
  /** Complete pays through the service's providers: what paying with a token uses. */
  services: SessionCall['services'] & Omit<DelegatedPaymentServices, 'db'>;
  /** The service's ACP merchant id (acpMerchantId), which its payment handler names. */
  merchantId: string;
}

// ---------------------------------------------------------------- operations

export async function createCheckout(call: CheckoutCall, input: CreateCheckoutRequest): Promise<CheckoutSession> {
  const taken = knownItems(await takeItems(call.db, input.line_items));
  const address = addressOf(input.fulfillment_details);
  const id = newId('cart');
  const cart = await insertSession(call, taken, {
    id,
    buyer: buyerOf(input.buyer),
    shippingAddress: address?.address ?? null,
    notices: [...taken.notices, ...(address?.notices ?? [])],
    checkoutTokenHash: newCheckoutToken(call.services.keys, id).hash,
  });
  return answer(call, cart);
}

export async function getCheckout(call: CheckoutCall, id: string): Promise<CheckoutSession> {
  return answer(call, await loadCheckout(call, id));
}

/** Changes what the update sends: lines (replaced whole), buyer, address. */
export async function updateCheckout(call: CheckoutCall, input: UpdateCheckoutRequest): Promise<CheckoutSession> {
  const taking = input.line_items && takeLinesAlongside(call.db, lineRequests(input.line_items), null);
  const cart = await openCheckout(call, input.id, 'updated');
  const taken = taking && knownItems(await taking);
  const address = addressOf(input.fulfillment_details);
  const kept = (n: CartNotice) => (taken ? !n.path?.startsWith('$.line_items') : true) && (address ? n.path !== ADDRESS && !n.path?.startsWith(`${ADDRESS}.`) : true);
  const notices = [...cart.notices.filter(kept), ...(taken?.notices ?? []), ...(address?.notices ?? [])];
  return answer(
    call,
    await replaceSession(call, cart, taken, {
      notices,
      ...(input.buyer && { buyer: buyerOf(input.buyer) }),
      ...(address && { shippingAddress: address.address ?? null }),
    }),
  );
}

export async function cancelCheckout(call: CheckoutCall, id: string): Promise<CheckoutSession> {
  const cart = await openCheckout(call, id, 'canceled');
  return answer(call, await touch(call.db, cart, call.services.config, { status: 'cancelled' }));
}

/**
 * Completes the session with the token payment_data carries, through the PSP its handler names:
 * this service's vault (a `vt_…` token delegated here) or Stripe (a shared payment token). What
 * every transport's complete runs.
 */
export async function completeCheckout(call: CheckoutCall, input: CompleteCheckoutRequest, keyId: string): Promise<CheckoutSession> {
  const { token, psp } = completionOf(call, input);
  const services = { ...call.services, db: call.db };
  // Paying locks the session in its own transaction: the one read of it before paying.
  const cart: CartLock = (tx) => openCheckout({ ...call, db: tx }, input.id, 'completed');
  const outcome =
    psp === 'stripe'
      ? await payWithSharedPaymentToken(services, { cart, token })
      : await payWithDelegatedToken(services, { cart, keyId, token, merchantId: call.merchantId });
  return answerPaid(call, input.id, outcome);
}

/**
 * What complete takes before it pays, reading nothing: payment_data naming a handler this service
 * offers now with a token. Answers the token and the PSP that pays it; paying then refuses a
 * session that cannot be paid (404, 405).
 */
export function completionOf(call: CheckoutCall, input: CompleteCheckoutRequest): { token: string; psp: HandlerPsp } {
  const { payment_data: payment } = input;
  const { stripe } = call.services.config;
  if (payment.purchase_order_number !== undefined && payment.instrument === undefined) {
    throw refusedPayment('$.payment_data.purchase_order_number', 'A purchase order is not taken: a checkout here completes only with a card token delegated for this session.');
  }
  if (payment.handler_id === undefined || payment.instrument === undefined) {
    throw refusedPayment('$.payment_data', 'Send handler_id and instrument: a checkout here completes only with a card token delegated for this session.');
  }
  const psp = handlerPsp(payment.handler_id, stripe);
  if (!psp) throw refusedPayment('$.payment_data.handler_id', `No payment handler ${JSON.stringify(payment.handler_id.slice(0, 60))} here: the handlers are ${handlerIds(stripe).join(', ')}.`);
  const { type, credential } = payment.instrument;
  if (type !== 'card' || credential.type !== 'spt') {
    const token = psp === 'stripe' ? '"spt_…"}}: a shared payment token Stripe issued' : '"vt_…"}}: a token delegated through POST /acp/agentic_commerce/delegate_payment';
    throw refusedPayment('$.payment_data.instrument.credential', `The instrument must be {type: "card", credential: {type: "spt", token: ${token}.`);
  }
  return { token: credential.token, psp };
}

/**
 * The session after paying it with a delegated token (payments/delegated-payment.ts): placed →
 * completed with its order; declined → still ready_for_payment, saying payment_declined (decision
 * 3); short of stock, over a limit or moved prices → the session as it now stands, whose messages
 * say what changed.
 */
export async function answerPaid(call: CheckoutCall, id: string, outcome: DelegatedPaymentOutcome): Promise<CheckoutSession> {
  // A placed order's answer needs its sellers besides the session: both read at once.
  const paid = outcome.kind === 'placed' && outcome.paid ? { ...outcome.paid, sellers: sellerPages(call.db, id, null) } : undefined;
  paid?.sellers.catch(() => {}); // awaited by answer(), unless the session's read refuses first
  const cart = await loadCheckout(call, id);
  if (outcome.kind === 'declined') return answer(call, cart, [errorMessage('payment_declined', '$.payment_data', `${outcome.message} Nothing was charged: delegate another card.`, 'requires_buyer_input')]);
  if (outcome.kind === 'over_limit') {
    const over = `The total of ${outcome.amountCents} cents is above the ${outcome.maxCents} cents this payment may take: remove items or delegate a larger allowance.`;
    return answer(call, cart, [errorMessage('maximum_exceeded', '$.totals', over)]);
  }
  // An order placed with the pricing that fixed its link answers from it: the lines and prices it was placed at.
  return answer(call, cart, [], paid);
}

// ---------------------------------------------------------------- refusals

function refusedPayment(param: string, message: string): ApiError {
  return new ApiError('payment_data_unsupported', { message: `${message} Nothing was charged.`, details: { param } });
}

/** An item the catalog does not have is the request's fault (400, param at it), and nothing is written. */
function knownItems(taken: TakenLines): TakenLines {
  const unknown = taken.notices.find((n) => n.code === 'item_unavailable');
  if (unknown) throw new ApiError('variant_not_found', { message: unknown.message, details: { param: `${unknown.path}.id` } });
  return taken;
}

async function loadCheckout(call: CheckoutCall, id: string, opts: { lock?: boolean } = {}): Promise<CartRow> {
  const cart = await loadSession(call, id, 'checkout session', opts);
  // A cart never made a session (ACP's carts) is not one.
  if (cart.checkoutTokenHash === null) throw new ApiError('cart_not_found', { message: `No checkout session ${id} is yours here.` });
  return cart;
}

/** The session, locked, while it may still change; a closed one is 405 (AC §4.5). */
async function openCheckout(call: CheckoutCall, id: string, verb: string, { lock = true } = {}): Promise<CartRow> {
  const cart = await loadCheckout(call, id, { lock });
  if (isClosed(cart)) {
    throw new ApiError('cart_not_open', {
      message: `The checkout session is ${statusOf(cart, false)} and can no longer be ${verb}: start a new one.`,
      details: { status: statusOf(cart, false) },
      headers: { Allow: 'GET' },
    });
  }
  assertMutable(cart);
  return cart;
}

// ---------------------------------------------------------------- the answer

function statusOf(cart: CartRow, blocked: boolean): CheckoutSession['status'] {
  if (cart.status === 'completed') return 'completed';
  if (cart.status === 'cancelled') return 'canceled';
  if (cart.status === 'expired') return 'expired';
  if (cart.status === 'checkout') return 'complete_in_progress';
  return blocked ? 'not_ready_for_payment' : 'ready_for_payment';
}

/**
 * The session as answered, from one pricing of the cart (`paid`'s, when the call just paid it: a
 * pricing again would find the same lines and prices); `extra`: messages of this call (a decline).
 */
async function answer(call: CheckoutCall, cart: CartRow, extra: AcpMessage[] = [], paid?: PaidCart & { sellers: Promise<Map<string, SellerPages>> }): Promise<CheckoutSession> {
  const { services, db } = call;
  const { config, keys } = services;
  const { priced, sellers } = paid ? { priced: paid.priced, sellers: await paid.sellers } : await pricedWithSellers(db, cart, null);
  const closed = isClosed(cart);
  const messages = closed ? [] : sessionMessages(priced, 'checkout');
  if (!closed) {
    if (!priced.lines.length) messages.push(errorMessage('missing', '$.line_items', 'The session has no line items: add at least one.'));
    if (cart.shippingAddress === null && !messages.some((m) => m.param?.startsWith(ADDRESS))) {
      messages.push(errorMessage('missing', ADDRESS, 'Where should the order go? Give fulfillment_details.address.', 'requires_buyer_input'));
    }
    if (!cart.buyer?.email) messages.push(errorMessage('missing', '$.buyer.email', 'The buyer’s e-mail address is required: the order confirmation goes to it.', 'requires_buyer_input'));
  }
  messages.push(...extra);
  const status = statusOf(cart, messages.some((m) => m.type === 'error' && !extra.includes(m)));
  const link = cart.status === 'checkout' ? await liveLink(db, cart.id) : undefined;
  const url = await continueUrl(keys, config.publicBaseUrl, { id: cart.id, checkoutTokenHash: cart.checkoutTokenHash! });
  const options = fulfillmentOptions(cart, priced, sellers);
  const buyer = buyerView(cart.buyer);
  return {
    id: cart.id,
    protocol: { version: ACP_VERSION },
    capabilities: sessionCapabilities(call.merchantId, config.stripe),
    ...(buyer && { buyer }),
    status,
    currency: 'usd',
    line_items: lineItems(priced, sellers),
    ...(cart.shippingAddress && { fulfillment_details: fulfillmentDetails(cart.shippingAddress) }),
    fulfillment_options: options.map((o) => o.option),
    selected_fulfillment_options: options.map((o) => o.selected),
    totals: sessionTotals(priced),
    messages,
    links: sessionLinks(sellers),
    expires_at: (link?.expiresAt ?? cart.expiresAt).toISOString(),
    ...(!closed && { continue_url: url }),
    ...(cart.status === 'completed' && cart.orderId && { order: { id: cart.orderId, checkout_session_id: cart.id, permalink_url: (await (paid ? linkPayPageUrl(keys, config.publicBaseUrl, paid.link) : orderPage(services, db, cart.id))) ?? url } }),
  };
}

// ---------------------------------------------------------------- fulfillment

/** One shipping option per seller that delivers to the address, each selected for that seller's lines. */
function fulfillmentOptions(cart: CartRow, priced: PricedCart, sellers: Map<string, SellerPages>) {
  const day = 86_400_000;
  const from = cart.updatedAt.getTime();
  return priced.delivery.map((d: DeliveryGroup) => {
    const id = `delivery_${d.seller_handle}`;
    return {
      option: {
        type: 'shipping' as const,
        id,
        title: `Delivery by ${sellers.get(d.seller_handle)?.name ?? d.seller_handle}`,
        earliest_delivery_time: new Date(from + d.min_days * day).toISOString(),
        latest_delivery_time: new Date(from + d.max_days * day).toISOString(),
        totals: [
          { type: 'fulfillment', display_text: 'Delivery', amount: d.price_cents },
          { type: 'total', display_text: 'Total', amount: d.price_cents },
        ],
      },
      selected: { type: 'shipping' as const, option_id: id, item_ids: priced.lines.filter((l) => l.seller_handle === d.seller_handle).map((l) => l.id) },
    };
  });
}

function fulfillmentDetails(address: ShippingAddress) {
  return {
    name: address.name,
    ...(address.phone && { phone_number: address.phone }),
    ...(address.email && { email: address.email }),
    address: {
      name: address.name,
      line_one: address.line1,
      ...(address.line2 && { line_two: address.line2 }),
      city: address.city,
      state: address.region ?? '',
      country: address.country,
      postal_code: address.postal_code,
    },
  };
}

/** The cart's field each of ACP's address fields fills. */
const ADDRESS_FIELDS: Record<string, string> = { name: 'name', line1: 'line_one', line2: 'line_two', city: 'city', region: 'state', postal_code: 'postal_code', country: 'country', phone: 'phone_number', email: 'email' };

/**
 * The address fulfillment_details gives, as the cart's; or, when a field is not one this service
 * takes, no address and a notice at each such field. Undefined when no address was sent.
 */
function addressOf(details: FulfillmentDetailsRequest | undefined): { address?: ShippingAddress; notices: CartNotice[] } | undefined {
  const sent = details?.address;
  if (!sent) return undefined;
  const parsed = shippingAddressSchema.safeParse({
    name: sent.name,
    line1: sent.line_one,
    line2: sent.line_two,
    city: sent.city,
    region: sent.state,
    postal_code: sent.postal_code,
    country: sent.country,
    phone: details.phone_number,
    email: details.email,
  });
  if (parsed.success) return { address: parsed.data as ShippingAddress, notices: [] };
  return {
    notices: parsed.error.issues.map((issue) => {
      const field = ADDRESS_FIELDS[String(issue.path[0])] ?? 'line_one';
      const where = field === 'phone_number' || field === 'email' ? `$.fulfillment_details.${field}` : `${ADDRESS}.${field}`;
      return { type: 'error', code: 'invalid', message: `The address’s ${field.replace('_', ' ')} ${issue.message}.`, path: where };
    }),
  };
}
