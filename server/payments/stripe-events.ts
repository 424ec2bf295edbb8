/**
 * Which Stripe events are ours to act on. One Stripe account may serve other products too, and a
 * signed event is only as good as what it names, so nothing is done for a payment unless the event
 * has the shape Stripe documents and its Checkout Session is the very session one of our links
 * opened, for the link's amount and currency. Everything else is ignored (with a reason, for the
 * webhook's answer and the log): nothing placed, nothing released, nothing for Stripe to retry.
 *
 * Only the fields used are parsed. Not `payment_status`: a manual-capture session completes
 * `unpaid` (authorized, captured by us once the order is placed).
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { paymentLinks } from '../db/schema';
import type { CompletedPayment } from './complete';

/** The envelope every Stripe event has. */
export const stripeEvent = z.object({ id: z.string().min(1), type: z.string().min(1), data: z.object({ object: z.looseObject({}) }) });
export type StripeEvent = z.infer<typeof stripeEvent>;

const completedSession = z.object({
  id: z.string().min(1),
  mode: z.string(),
  status: z.string().nullable(),
  client_reference_id: z.string().nullable(),
  // A PaymentIntent id, or the object when the event was expanded.
  payment_intent: z.union([z.string().min(1), z.object({ id: z.string().min(1) }).transform((pi) => pi.id)]).nullable(),
  amount_total: z.number().int().nullable(),
  currency: z.string().nullable(),
});

/** Why an event was not acted on: the webhook answers it as `ignored`. */
export type IgnoredReason =
  /** Not an event type the service acts on. */
  | 'event_type_not_handled'
  /** Not the shape Stripe sends for the event's type. */
  | 'unexpected_shape'
  /** A session that is not a completed, card-authorized payment. */
  | 'not_a_completed_payment'
  /** No payment link of ours (or another provider's link) is named. */
  | 'unknown_link'
  /** Our link, but another Checkout Session than the one it opened. */
  | 'session_mismatch'
  /** Our link's session, but not for the link's amount and currency. */
  | 'amount_mismatch';

export type EventAction = { act: 'complete'; payment: CompletedPayment } | { act: 'ignore'; reason: IgnoredReason; detail: string };

const ignore = (reason: IgnoredReason, detail: string): EventAction => ({ act: 'ignore', reason, detail });

/** What to do for a verified event: complete one of our links' payments, or nothing. */
export async function actionFor(db: Db, event: StripeEvent): Promise<EventAction> {
  if (event.type !== 'checkout.session.completed') return ignore('event_type_not_handled', event.type);
  const parsed = completedSession.safeParse(event.data.object);
  if (!parsed.success) return ignore('unexpected_shape', z.prettifyError(parsed.error).replaceAll('\n', ' '));
  const session = parsed.data;
  if (session.mode !== 'payment' || session.status !== 'complete' || !session.payment_intent) {
    return ignore('not_a_completed_payment', `session ${session.id}: mode ${session.mode}, status ${session.status}`);
  }
  // Read outside the paying transaction: a link's session, amount and currency never change.
  const [link] = session.client_reference_id ? await db.select().from(paymentLinks).where(eq(paymentLinks.id, session.client_reference_id)) : [];
  if (!link || link.provider !== 'stripe') return ignore('unknown_link', `session ${session.id} names ${session.client_reference_id ?? 'no link'}`);
  if (link.providerReference !== session.id) return ignore('session_mismatch', `link ${link.id} opened ${link.providerReference}, not ${session.id}`);
  if (session.amount_total !== link.amountCents || session.currency?.toUpperCase() !== link.currency) {
    return ignore('amount_mismatch', `session ${session.id}: ${session.amount_total} ${session.currency}, link ${link.id}: ${link.amountCents} ${link.currency}`);
  }
  return { act: 'complete', payment: { linkId: link.id, authorization: session.payment_intent, provider: 'stripe' } };
}
