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
export type CardField = 'number' | 'expiry' | 'cvc' | 'name';

export type Authorization =
  | { status: 'authorized'; authorization: string }
  /** The card is not well-formed: nothing was sent to the card network. */
  | { status: 'invalid'; fields: Partial<Record<CardField, string>> }
  | { status: 'declined'; reason: string; message: string };

export interface PaymentProvider {
  readonly name: 'builtin' | 'stripe';
  open(request: PaymentRequest): Promise<OpenedPayment>;
  /**
   * Providers whose card form is the service's own page authorize the amount here; hosted-page
   * providers (Stripe Checkout) leave it out: their authorization arrives by webhook.
   */
  authorize?(card: CardDetails, amount: { amountCents: number; currency: string }): Promise<Authorization>;
  /** Takes the authorized amount. */
  capture(authorization: string, idempotencyKey: string): Promise<void>;
  /** Releases an authorization: nothing is charged. */
  release(authorization: string, idempotencyKey: string): Promise<void>;
}
