/**
 * Stripe Checkout as the payment provider (with STRIPE_SECRET_KEY). A payment link opens a Checkout
 * Session in manual-capture mode: the human's card is authorized on Stripe's page, the signed
 * webhook (http/stripe-webhook.ts) reports the completed session, the order is placed, and only
 * then is the PaymentIntent captured, or cancelled when the order cannot be placed.
 *
 * ACP's delegated payments with Stripe (issue #47 §3 (b)) authorize otherwise: a manual-capture
 * PaymentIntent created and confirmed from the shared payment token the agent's platform granted
 * us (authorizeSharedToken), then the order is placed and the PaymentIntent captured or cancelled
 * as above.
 *
 * Every call carries an idempotency key derived from ours, so a request retried after a 503 (ours
 * or Stripe's) reaches Stripe with the same key and opens, captures or cancels nothing twice.
 */
import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import type { StripeConfig } from '../config';
import { ApiError } from '../errors/catalogue';
import { CaptureRefused, type Authorization, type OpenedPayment, type PaymentProvider, type PaymentRequest } from './provider';

/**
 * One retry inside the SDK (after 0.5–1 s, same idempotency key) absorbs a dropped connection or a
 * single 5xx; past that the agent gets a 503 at once and retries itself rather than waiting on us.
 */
const MAX_NETWORK_RETRIES = 1;
/** Stripe answers a Checkout Session in well under a second; 8 s means it is not answering. */
const TIMEOUT_MS = 8_000;
/** Retry-After of the 503 an outage answers (delta-seconds). */
const RETRY_AFTER_SECONDS = 5;

/**
 * A Checkout Session may expire 30 min to 24 h after Stripe creates it; the cap keeps 10 min from
 * the 24 h edge for clock skew. Its expiry is the link's, rounded down to 10 minutes: Stripe
 * compares a retried request's parameters with the first one's, and a link opened again after a
 * 503 gets a new expiry a few seconds later, which rounds to the same value (unless a 10-minute
 * boundary falls between the two tries: then a second session, whose twin nobody got the URL of).
 */
const SESSION_MIN_LIFE_MS = 31 * 60_000;
const SESSION_MAX_LIFE_MS = 24 * 3_600_000 - 10 * 60_000;
const SESSION_EXPIRY_STEP_MS = 10 * 60_000;

export function stripeClient(config: StripeConfig): Stripe {
  const api = config.apiUrl ? new URL(config.apiUrl) : undefined;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: MAX_NETWORK_RETRIES,
    timeout: TIMEOUT_MS,
    telemetry: false,
    ...(api && { host: api.hostname, port: api.port || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol === 'http:' ? 'http' : 'https' }),
  });
}

/**
 * The API version whose PaymentIntents take `payment_method_data.shared_payment_granted_token`: a
 * preview (https://docs.stripe.com/changelog/dahlia/2026-04-22/shared-payment-granted-token),
 * pinned on that one request; every other call keeps the SDK's version.
 */
export const SHARED_TOKEN_API_VERSION = '2026-04-22.preview';

/** A payment to authorize from a shared payment token: the link it pays, fixed at its amount. */
export interface SharedTokenPayment {
  linkId: string;
  cartId: string;
  amountCents: number;
  currency: string;
}

/** Stripe refused the token itself (unknown, used, expired, another currency or below the amount): nothing was authorized. */
export interface TokenRefusal {
  status: 'token_refused';
  message: string;
}

export interface StripeProvider extends PaymentProvider {
  readonly name: 'stripe';
  /**
   * A manual-capture PaymentIntent for `payment`, created and confirmed from the shared payment
   * token `token` under `idempotencyKey` (a retry after a 503 reaches the same PaymentIntent).
   * Throws 503 service_unavailable when Stripe does not answer.
   */
  authorizeSharedToken(token: string, payment: SharedTokenPayment, idempotencyKey: string): Promise<Authorization | TokenRefusal>;
}

/**
 * PaymentIntentCreateParams as the pinned preview takes them. The SDK's types (stripe 23.1.0, API
 * 2026-10-28.endive) lack the shared token, and name the method types `allowed_payment_method_types`
 * (added 2026-07-29), where this version still takes `payment_method_types`: both are typed here and
 * passed through in one cast (authorizeSharedToken).
 */
type SharedTokenIntentParams = Omit<Stripe.PaymentIntentCreateParams, 'payment_method_data'> & {
  payment_method_types: ['card'];
  payment_method_data: { shared_payment_granted_token: string };
};

function sharedTokenIntentParams(token: string, payment: SharedTokenPayment): SharedTokenIntentParams {
  return {
    amount: payment.amountCents,
    currency: payment.currency.toLowerCase(),
    capture_method: 'manual',
    confirm: true,
    // Cards authorize synchronously: no redirect for the agent to follow.
    payment_method_types: ['card'],
    payment_method_data: { shared_payment_granted_token: token },
    metadata: { link_id: payment.linkId, cart_id: payment.cartId },
  };
}

export function stripeProvider(config: StripeConfig, client: Stripe = stripeClient(config)): StripeProvider {
  if (!config.webhookSecret) {
    console.warn('STRIPE_WEBHOOK_SECRET is not set: Stripe Checkout payments cannot complete (the webhook answers 503 until it is).');
  }
  const provider: StripeProvider = {
    name: 'stripe',

    async open(request): Promise<OpenedPayment> {
      const params = sessionParams(request);
      const session = await call(() => client.checkout.sessions.create(params, { idempotencyKey: openKey(request.idempotencyKey, params) }));
      if (!session.url) throw new Error(`Stripe returned Checkout Session ${session.id} without a url`);
      return { url: session.url, reference: session.id };
    },

    async authorizeSharedToken(token, payment, idempotencyKey) {
      const params = sharedTokenIntentParams(token, payment);
      let intent: Stripe.PaymentIntent;
      try {
        intent = await call(() =>
          client.paymentIntents.create(params as unknown as Stripe.PaymentIntentCreateParams, { idempotencyKey: `authorize:${idempotencyKey}`, apiVersion: SHARED_TOKEN_API_VERSION }),
        );
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError) return { status: 'declined', reason: err.decline_code ?? err.code ?? 'generic_decline' };
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.param?.includes('shared_payment_granted_token')) return { status: 'token_refused', message: err.message };
        throw err;
      }
      if (intent.status === 'requires_capture') return { status: 'authorized', authorization: intent.id };
      // Anything else (an authentication the agent cannot perform here) is not an authorization: let it go.
      await provider.release(intent.id, idempotencyKey);
      return { status: 'declined', reason: 'authentication_required' };
    },

    // Keys are namespaced per endpoint: Stripe refuses one key reused on another endpoint.
    async capture(authorization, idempotencyKey) {
      try {
        await call(() => client.paymentIntents.capture(authorization, {}, { idempotencyKey: `capture:${idempotencyKey}` }));
      } catch (err) {
        // Captured already (Stripe keeps an idempotency key 24 h; a later retry meets the result).
        if (stateRefusedIn(err) === 'succeeded') return;
        if (refusedForGood(err)) throw new CaptureRefused(`Stripe refused to capture ${authorization}: ${(err as Error).message}`, { cause: err });
        throw err;
      }
    },

    async release(authorization, idempotencyKey) {
      try {
        await call(() => client.paymentIntents.cancel(authorization, {}, { idempotencyKey: `release:${idempotencyKey}` }));
      } catch (err) {
        // Cancelled already: by us under another key, or by Stripe when the authorization expired.
        if (stateRefusedIn(err) !== 'canceled') throw err;
      }
    },
  };
  return provider;
}

/**
 * The PaymentIntent's status when Stripe refused a capture or cancel because of it
 * (`payment_intent_unexpected_state`: Stripe's error carries the PaymentIntent).
 */
function stateRefusedIn(err: unknown): string | undefined {
  if (!(err instanceof Stripe.errors.StripeInvalidRequestError) || err.code !== 'payment_intent_unexpected_state') return undefined;
  return err.payment_intent?.status;
}

/**
 * A capture that can never succeed: the PaymentIntent is past capturing (cancelled, or its
 * authorization expired), or the card network refused it. Outages were turned into 503s by call().
 */
function refusedForGood(err: unknown): boolean {
  return (
    err instanceof Stripe.errors.StripeCardError ||
    (err instanceof Stripe.errors.StripeInvalidRequestError && (err.code === 'payment_intent_unexpected_state' || err.code === 'charge_expired_for_capture'))
  );
}

export function sessionParams(request: PaymentRequest, now = Date.now()): Stripe.Checkout.SessionCreateParams {
  const currency = request.currency.toLowerCase();
  const linesCents = request.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  // The link fixed the amount the human confirms; Stripe's total must be that amount, to the cent.
  if (linesCents + request.deliveryCents !== request.amountCents) {
    throw new Error(`payment ${request.linkId}: lines ${linesCents} + delivery ${request.deliveryCents} ≠ amount ${request.amountCents}`);
  }
  return {
    mode: 'payment',
    // Cards authorize synchronously (no delayed methods), so a completed session means an
    // authorized PaymentIntent.
    allowed_payment_method_types: ['card'],
    payment_intent_data: { capture_method: 'manual', metadata: { link_id: request.linkId, cart_id: request.cartId } },
    line_items: request.lines.map((line) => ({
      quantity: line.quantity,
      price_data: { currency, unit_amount: line.unitPriceCents, product_data: { name: line.title } },
    })),
    // The address was set on the cart and delivery priced there: Stripe only shows the amount.
    shipping_options: [
      {
        shipping_rate_data: {
          type: 'fixed_amount',
          display_name: request.deliveryCents ? 'Delivery' : 'Free delivery',
          fixed_amount: { amount: request.deliveryCents, currency },
        },
      },
    ],
    client_reference_id: request.linkId,
    metadata: { link_id: request.linkId, cart_id: request.cartId },
    success_url: request.returnUrl,
    cancel_url: request.returnUrl,
    expires_at: sessionExpiry(request.expiresAt, now),
  };
}

/** The link's expiry in epoch seconds, rounded (down; up to the shortest life) into the window Stripe accepts. */
function sessionExpiry(linkExpiresAt: Date, now: number): number {
  const step = (ms: number, round: (x: number) => number) => round(ms / SESSION_EXPIRY_STEP_MS) * SESSION_EXPIRY_STEP_MS;
  const latest = step(Math.min(linkExpiresAt.getTime(), now + SESSION_MAX_LIFE_MS), Math.floor);
  return Math.max(step(now + SESSION_MIN_LIFE_MS, Math.ceil), latest) / 1000;
}

/**
 * Our key plus a digest of the parameters: the same request retried reaches Stripe with the same
 * key (one session), while a request whose parameters changed under the same key of ours (the
 * cart changed between tries) opens a new session instead of failing on Stripe's
 * idempotency_error; the session nobody received the URL of expires unpaid.
 */
function openKey(ours: string, params: Stripe.Checkout.SessionCreateParams): string {
  return `open:${createHash('sha256').update(ours).update('\0').update(JSON.stringify(params)).digest('base64url')}`;
}

/**
 * Stripe unreachable, timing out, rate-limiting or failing on its side is temporary: 503 with
 * Retry-After, which idempotency does not store, so the caller's retry runs again. Anything else
 * (a refused key, a bad parameter) is our fault and stays an internal error.
 */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (err) {
    if (isOutage(err)) {
      throw new ApiError('service_unavailable', {
        message: 'The card payment provider (Stripe) is not answering. Retry after the Retry-After delay with the same Idempotency-Key.',
        headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
        cause: err,
      });
    }
    throw err;
  }
}

function isOutage(err: unknown): boolean {
  if (!(err instanceof Stripe.errors.StripeError)) return false;
  return (
    err instanceof Stripe.errors.StripeConnectionError ||
    err instanceof Stripe.errors.StripeAPIError ||
    err instanceof Stripe.errors.StripeRateLimitError ||
    (err.statusCode ?? 0) >= 500
  );
}
