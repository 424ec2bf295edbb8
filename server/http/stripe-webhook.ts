/**
 * POST /api/webhooks/stripe: Stripe reporting on the Checkout Sessions of payment links. The
 * custom server routes it here before the gateway, because the signature covers the exact bytes
 * Stripe sent: the body is read raw (under the 1 MiB cap of every request) and verified with the
 * SDK against STRIPE_WEBHOOK_SECRET before anything is parsed or done.
 *
 * - `checkout.session.completed` for the session one of our links opened (payments/stripe-events.ts
 *   checks the shape, the link, the session, the amount and the currency): the human's card is
 *   authorized (manual capture) → the one domain function that places the order, then captures,
 *   or releases when it cannot place (a capture refused for good voids the order).
 * - anything else (other event types, other shapes, sessions not ours) is acknowledged, ignored
 *   and logged: 200 `{received: true, ignored: "<reason>"}`; nothing is released, since the
 *   payment may belong to another product on the same Stripe account.
 *
 * Replays: each handled event id is recorded in provider_events after its effect, and a recorded
 * id is answered at once without doing anything. The effect is itself idempotent (a second
 * completion of a paid link returns the same order and places nothing; capture and release go to
 * Stripe under the same keys), so two deliveries racing past the check still place one order.
 * The record comes after the effect so that a delivery that failed (503) is done again when
 * Stripe retries it.
 *
 * Answers: 200 `{received: true}` once handled (also when no order could be placed: the payment
 * was released and a retry would change nothing); 400 for a missing or wrong signature; 5xx when
 * the effect failed (503 for an outage, or STRIPE_WEBHOOK_SECRET not set), so Stripe delivers the
 * event again; 404 when Stripe is not configured at all (the endpoint does not exist here).
 */
import type { IncomingMessage } from 'node:http';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { providerEvents } from '../db/schema';
import { ApiError, errorBody } from '../errors/catalogue';
import { toApiError } from '../errors/from-unknown';
import { newId } from '../lib/ids';
import { completePayment, type CompletedPayment } from '../payments/complete';
import { actionFor, stripeEvent, type StripeEvent } from '../payments/stripe-events';
import type { Services } from '../trpc/context';
import { readBody, type RawHandler } from './node-adapter';

export const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe';

/** Stripe retries a failed delivery on its own schedule; this only fills the contract's header. */
const RETRY_AFTER_SECONDS = '60';

export function stripeWebhook(services: Services): RawHandler {
  return async (req, res) => {
    const requestId = newId('req');
    const send = (status: number, body: object, headers: Record<string, string> = {}) => {
      const text = JSON.stringify(body);
      res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)), 'Request-Id': requestId, ...headers });
      res.end(text);
    };
    const fail = (err: ApiError) => send(err.status, errorBody(err, requestId), err.headers);

    try {
      const parsed = stripeEvent.safeParse(await verifiedEvent(services, req));
      if (!parsed.success) {
        console.warn('Stripe webhook: a signed payload that is not an event was ignored.');
        return send(200, { received: true, ignored: 'unexpected_shape' });
      }
      const event = parsed.data;
      if (await alreadyHandled(services, event.id)) return send(200, { received: true });
      const action = await actionFor(services.db, event);
      if (action.act === 'ignore') {
        // Not recorded: acting on nothing needs no replay protection.
        console.warn(`Stripe event ${event.id} (${event.type}) ignored: ${action.reason} (${action.detail}).`);
        return send(200, { received: true, ignored: action.reason });
      }
      await complete(services, event, action.payment);
      await services.db.insert(providerEvents).values({ id: event.id, provider: 'stripe' }).onConflictDoNothing();
      send(200, { received: true });
    } catch (err) {
      fail(toApiError(err, requestId));
    }
  };
}

/** The verified payload: JSON signed with our secret, of a shape still to be checked. */
async function verifiedEvent(services: Services, req: IncomingMessage): Promise<unknown> {
  const stripe = services.config.stripe;
  if (!stripe) throw new ApiError('not_found');
  if (req.method !== 'POST') throw new ApiError('method_not_allowed', { headers: { Allow: 'POST' } });
  if (!stripe.webhookSecret) {
    console.error('A Stripe webhook arrived but STRIPE_WEBHOOK_SECRET is not set: it cannot be verified, so it is refused (Stripe will retry it).');
    throw new ApiError('service_unavailable', {
      message: 'This endpoint has no signing secret configured (STRIPE_WEBHOOK_SECRET); the event is refused until it has.',
      headers: { 'Retry-After': RETRY_AFTER_SECONDS },
    });
  }
  const body = await readBody(req);
  if (body === 'too_large') throw new ApiError('payload_too_large');
  const signature = req.headers['stripe-signature'];
  if (!body || typeof signature !== 'string') {
    throw new ApiError('webhook_signature_invalid', { message: 'The request carries no Stripe-Signature header or no body.' });
  }
  try {
    // A static check of the HMAC and timestamp (5 min tolerance): no client, no API call.
    return Stripe.webhooks.constructEvent(Buffer.from(body.buffer, body.byteOffset, body.byteLength), signature, stripe.webhookSecret);
  } catch (err) {
    if (err instanceof Stripe.errors.StripeSignatureVerificationError) throw new ApiError('webhook_signature_invalid', { cause: err });
    // Signed by Stripe's secret but not JSON: nothing Stripe sends.
    throw new ApiError('invalid_json', { cause: err });
  }
}

async function alreadyHandled(services: Services, eventId: string): Promise<boolean> {
  const [row] = await services.db.select({ id: providerEvents.id }).from(providerEvents).where(eq(providerEvents.id, eventId));
  return row !== undefined;
}

async function complete(services: Services, event: StripeEvent, payment: CompletedPayment): Promise<void> {
  const outcome = await completePayment(services, payment);
  // No new order (a short line, a link cancelled or expired meanwhile, paid already, or a capture
  // refused for good): whatever this payment did not buy was released, and a retry by Stripe
  // would change nothing.
  if (outcome.kind !== 'placed') console.warn(`Stripe event ${event.id}: link ${payment.linkId} placed no new order (${outcome.kind}).`);
}
