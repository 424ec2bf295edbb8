/**
 * What a checkout asks to be paid: one `exact` requirement on the configured chain, for the cart's
 * total in USDC, to the service's address, for this checkout's URL. Offered twice, as x402 clients
 * of either version read it: v1's `accepts` in the 402 body, v2's PaymentRequired in the
 * PAYMENT-REQUIRED header.
 */
import type { PaymentRequired } from '@x402/core/types';
import { encodePaymentRequiredHeader } from '@x402/core/http';
import { ApiError } from '../errors/catalogue';
import type { X402Network } from './networks';

/** USDC has 6 decimals, a cent is 10⁻²: a cent is 10⁴ atomic units. */
export const UNITS_PER_CENT = 10_000n;

export interface Offer {
  network: X402Network;
  payTo: `0x${string}`;
  /** Atomic units of the asset. */
  amount: bigint;
  /** `<base>/api/agent/cart/{id}/checkout`. */
  resource: string;
  description: string;
  maxTimeoutSeconds: number;
}

/** The resource a checkout's payment is for: its own URL, which a v2 payment must name. */
export function checkoutResource(publicBaseUrl: string, cartId: string): string {
  return `${publicBaseUrl}/api/agent/cart/${encodeURIComponent(cartId)}/checkout`;
}

/** What the checkout of a cart of `totalCents` asks: the configured chain and payee, the total in USDC. */
export function checkoutOffer(x402: Pick<Offer, 'network' | 'payTo' | 'maxTimeoutSeconds'>, publicBaseUrl: string, cartId: string, totalCents: number): Offer {
  return {
    network: x402.network,
    payTo: x402.payTo,
    amount: BigInt(totalCents) * UNITS_PER_CENT,
    resource: checkoutResource(publicBaseUrl, cartId),
    description: `Cart ${cartId}: ${(totalCents / 100).toFixed(2)} USD`,
    maxTimeoutSeconds: x402.maxTimeoutSeconds,
  };
}

/** x402 v1's requirement, as the 402 body's `accepts` lists it. */
export function v1Requirement(offer: Offer) {
  return {
    scheme: 'exact',
    network: offer.network.name,
    maxAmountRequired: String(offer.amount),
    resource: offer.resource,
    description: offer.description,
    mimeType: 'application/json',
    payTo: offer.payTo,
    maxTimeoutSeconds: offer.maxTimeoutSeconds,
    asset: offer.network.asset,
    outputSchema: null,
    extra: offer.network.extra,
  };
}

/** x402 v2's requirement, as PAYMENT-REQUIRED's `accepts` lists it. */
export function v2Requirement(offer: Offer) {
  return {
    scheme: 'exact',
    network: offer.network.caip2,
    amount: String(offer.amount),
    asset: offer.network.asset,
    payTo: offer.payTo,
    maxTimeoutSeconds: offer.maxTimeoutSeconds,
    extra: offer.network.extra,
  };
}

export function v2PaymentRequired(offer: Offer, error: string): PaymentRequired {
  return {
    x402Version: 2,
    error,
    resource: { url: offer.resource, description: offer.description, mimeType: 'application/json' },
    accepts: [v2Requirement(offer)],
  };
}

/**
 * 402 payment_required (nothing sent) or payment_rejected (`reason` in x402's words): v1's body
 * fields at the top of `{error, code}` (errorBody moves them there) and v2's header beside it.
 */
export function paymentRefusal(code: 'payment_required' | 'payment_rejected', offer: Offer, opts: { message?: string; reason?: string } = {}): ApiError {
  const error = new ApiError(code, { message: opts.message });
  return new ApiError(code, {
    message: error.message,
    details: { x402Version: 1, accepts: [v1Requirement(offer)], ...(opts.reason !== undefined && { reason: opts.reason }) },
    headers: { 'PAYMENT-REQUIRED': encodePaymentRequiredHeader(v2PaymentRequired(offer, opts.reason ?? error.message)) },
  });
}
