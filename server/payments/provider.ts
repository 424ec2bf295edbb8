/**
 * Card payment providers, behind one interface: the built-in provider (the default; the human pays
 * on the service's own /pay/{token} page) and Stripe Checkout (with STRIPE_SECRET_KEY). Payment is
 * authorize → place the order → capture; an order that cannot be placed releases the
 * authorization, so nothing is charged for it. Another provider is one more module implementing
 * this interface.
 */

/** What a provider needs to open a payment for one payment link. */
export interface PaymentRequest {
  linkId: string;
  cartId: string;
  amountCents: number;
  currency: string;
  /** One line per cart line, for the provider's own summary page. */
  lines: { title: string; unitPriceCents: number; quantity: number }[];
  deliveryCents: number;
  /** The service's /pay/{token} page: where a provider's hosted page returns the human. */
  returnUrl: string;
  expiresAt: Date;
  /** Derived from the caller's Idempotency-Key: a retry of the same request opens nothing twice. */
  idempotencyKey: string;
}

export interface OpenedPayment {
  /** Where the human pays: null for the service's own /pay/{token} page. */
  url: string | null;
  /** The provider's id for the payment (e.g. a Checkout Session id), when it has one yet. */
  reference: string | null;
}

/** A card as the human typed it on the service's own /pay page. Never logged, stored or put in a URL. */
export interface CardDetails {
  number: string;
  /** MM/YY (MM/YYYY and spaces are accepted). */
  expiry: string;
  cvc: string;
  name: string;
}

/** Fields of the card form, as the page names its inputs. */
export const CARD_FIELDS = ['number', 'expiry', 'cvc', 'name'] as const;
export type CardField = (typeof CARD_FIELDS)[number];

/** What is wrong with a field: left empty, not in the field's format, failing the check digit, or in the past. */
export const CARD_PROBLEMS = ['required', 'malformed', 'luhn', 'expired'] as const;
export type CardProblem = (typeof CARD_PROBLEMS)[number];
export type CardProblems = Partial<Record<CardField, CardProblem>>;

export type Authorization =
  | { status: 'authorized'; authorization: string }
  /** The card is not well-formed: nothing was sent to the card network. */
  | { status: 'invalid'; problems: CardProblems }
  /** `reason` is a card-network decline code (Stripe's names: generic_decline, insufficient_funds…). */
  | { status: 'declined'; reason: string };

/** What a person is told for a decline code; unknown codes read as a plain decline. */
const DECLINE_MESSAGES: Record<string, string> = {
  generic_decline: 'Your card was declined.',
  insufficient_funds: 'Your card was declined: insufficient funds.',
  lost_card: 'Your card was declined: the card is reported lost.',
  stolen_card: 'Your card was declined: the card is reported stolen.',
  expired_card: 'Your card was declined: the card has expired.',
  incorrect_cvc: 'Your card was declined: the security code (CVC) is incorrect.',
  processing_error: 'Your card could not be processed. Try again in a moment.',
};

export function declineMessage(reason: string): string {
  return Object.hasOwn(DECLINE_MESSAGES, reason) ? DECLINE_MESSAGES[reason] : DECLINE_MESSAGES.generic_decline;
}

/**
 * The provider says this authorization can never be captured (cancelled or expired at the
 * provider, or refused by the card network): retrying cannot help, unlike an outage (a 503).
 */
export class CaptureRefused extends Error {
  override readonly name = 'CaptureRefused';
}

export interface PaymentProvider {
  /** `vault`: ACP's delegated tokens while the service is its own test PSP (vault.ts). */
  readonly name: 'builtin' | 'stripe' | 'vault';
  open(request: PaymentRequest): Promise<OpenedPayment>;
  /**
   * Providers whose card form is the service's own page authorize the amount here; hosted-page
   * providers (Stripe Checkout) leave it out: their authorization arrives by webhook.
   */
  authorize?(card: CardDetails, amount: { amountCents: number; currency: string }): Promise<Authorization>;
  /** Takes the authorized amount; throws CaptureRefused when it never can. */
  capture(authorization: string, idempotencyKey: string): Promise<void>;
  /** Releases an authorization: nothing is charged. One the provider released already is no error. */
  release(authorization: string, idempotencyKey: string): Promise<void>;
}
