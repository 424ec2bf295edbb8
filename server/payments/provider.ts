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

export interface PaymentProvider {
  readonly name: 'builtin' | 'stripe';
  open(request: PaymentRequest): Promise<OpenedPayment>;
  /** Takes the authorized amount. */
  capture(authorization: string, idempotencyKey: string): Promise<void>;
  /** Releases an authorization: nothing is charged. */
  release(authorization: string, idempotencyKey: string): Promise<void>;
}
