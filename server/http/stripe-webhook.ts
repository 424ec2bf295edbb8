/**
 * POST /api/webhooks/stripe: Stripe reporting on the Checkout Sessions of payment links. The
 * custom server routes it here before the gateway, because the signature covers the exact bytes
 * Stripe sent: the body is read raw (under the 1 MiB cap of every request) and verified with the
 * SDK against STRIPE_WEBHOOK_SECRET before anything is parsed or done.
 *
 * - `checkout.session.completed`: the human's card is authorized (manual capture) → the one domain
 *   function that places the order, then captures, or releases when it cannot place.
 * - every other event type is acknowledged and ignored.
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
import { completePayment } from '../payments/complete';
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
      const event = await verifiedEvent(services, req);
      if (await alreadyHandled(services, event.id)) return send(200, { received: true });
      await handle(services, event);
      await services.db.insert(providerEvents).values({ id: event.id, provider: 'stripe' }).onConflictDoNothing();
      send(200, { received: true });
    } catch (err) {
      fail(toApiError(err, requestId));
    }
  };
}

async function verifiedEvent(services: Services, req: IncomingMessage): Promise<Stripe.Event> {
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

async function handle(services: Services, event: Stripe.Event): Promise<void> {
  if (event.type !== 'checkout.session.completed') return;
  const session = event.data.object;
  const authorization = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  // Only our sessions: payment mode, opened for a link (client_reference_id), card authorized.
  if (session.mode !== 'payment' || session.status !== 'complete' || !session.client_reference_id || !authorization) return;
  const outcome = await completePayment(services, { linkId: session.client_reference_id, authorization, provider: 'stripe' });
  // No new order (a short line, a link cancelled or expired meanwhile, or paid already): whatever
  // this payment did not buy was released, and a retry by Stripe would change nothing.
  if (outcome.kind !== 'placed') console.warn(`Stripe event ${event.id}: session ${session.id} placed no new order (${outcome.kind}).`);
}
