/**
 * ACP's delegate_payment while this service is its own test PSP (issue #47 §3 (a)): a platform
 * hands over the card its user confirmed, bound to an allowance (one checkout session of this
 * merchant, a currency, a maximum amount, an expiry), and gets back a one-time token (`vt_…`) that
 * completes that session and nothing else (delegated-payment.ts).
 *
 * The card is checked as a card network would (Luhn; the expiry and CVC only when sent, unlike the
 * /pay form, which asks for both), and Stripe's test cards decide what it will do when charged
 * (card-checks.ts). What is kept: the token's SHA-256, the allowance, the key that asked and the
 * last four digits. Never the card number or CVC: they are read here and dropped.
 */
import type { Db } from '../db/client';
import { acpDelegatedTokens } from '../db/schema';
import { ApiError } from '../errors/catalogue';
import { newSecret, secretDigest } from '../lib/secrets';
import { digitsOf, expiryInFuture, luhnValid, testCardDecline, wellFormedCvc, wellFormedNumber } from './card-checks';

/** The token's prefix: ACP's examples name vault tokens `vt_…`. */
export const DELEGATED_TOKEN_PREFIX = 'vt_';

/** The merchant id allowances name for this service: the host of its public base URL. */
export function acpMerchantId(publicBaseUrl: string): string {
  return new URL(publicBaseUrl).host;
}

export interface DelegationRequest {
  /** The network key that asked: only it may pay with the token. */
  keyId: string;
  card: { number: string; expMonth?: string; expYear?: string; cvc?: string };
  allowance: { maxAmount: number; currency: string; checkoutSessionId: string; merchantId: string; expiresAt: Date };
  metadata: Record<string, string>;
}

/** Checks the card (Luhn; expiry and CVC only when sent) → ApiError('invalid_card', {details: {param}}), records the token. */
export async function delegatePayment(db: Db, request: DelegationRequest, now = new Date()): Promise<{ id: string; created: Date }> {
  const digits = digitsOf(request.card.number);
  checkCard(request.card, digits, now);
  const id = newSecret(DELEGATED_TOKEN_PREFIX);
  const { allowance } = request;
  await db.insert(acpDelegatedTokens).values({
    tokenHash: secretDigest(id),
    keyId: request.keyId,
    checkoutSessionId: allowance.checkoutSessionId,
    merchantId: allowance.merchantId,
    maxAmount: allowance.maxAmount,
    currency: allowance.currency,
    expiresAt: allowance.expiresAt,
    cardLast4: digits.slice(-4),
    outcome: testCardDecline(digits) ? 'decline' : 'authorize',
    metadata: request.metadata,
    createdAt: now,
  });
  return { id, created: now };
}

/** The first thing wrong with the card, as DP's Error names it: invalid_card, `param` the field's JSONPath. */
function checkCard(card: DelegationRequest['card'], digits: string, now: Date): void {
  const invalid = (field: string, message: string) => new ApiError('invalid_card', { message, details: { param: `$.payment_method.${field}` } });
  if (!wellFormedNumber(digits)) throw invalid('number', 'The card number must be 12 to 19 digits.');
  if (!luhnValid(digits)) throw invalid('number', 'The card number is not valid: it fails the Luhn check digit.');
  if (card.expMonth !== undefined || card.expYear !== undefined) {
    if (card.expMonth === undefined || !/^\d{1,2}$/.test(card.expMonth) || Number(card.expMonth) < 1 || Number(card.expMonth) > 12) {
      throw invalid('exp_month', 'The expiration month must be 01 to 12 (sent with exp_year).');
    }
    const future = card.expYear !== undefined && /^(\d{2}|\d{4})$/.test(card.expYear) ? expiryInFuture(`${card.expMonth}/${card.expYear}`, now) : undefined;
    if (future === undefined) throw invalid('exp_year', 'The expiration year must be four digits (sent with exp_month).');
    if (!future) throw invalid('exp_year', 'The card has expired.');
  }
  if (card.cvc !== undefined && !wellFormedCvc(card.cvc)) throw invalid('cvc', 'The card verification code must be 3 or 4 digits.');
}
