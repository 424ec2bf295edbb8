/**
 * What a card network checks of a card before anything is sent for it, and Stripe's documented test
 * cards: shared by the built-in provider's /pay form (builtin.ts) and ACP's delegate_payment
 * (delegated-tokens.ts), so the same numbers behave the same on both, and as in Stripe's test mode.
 */

/** Stripe's test cards that fail (https://docs.stripe.com/testing#declined-payments) and their decline codes. */
const DECLINING_CARDS: Record<string, string> = {
  '4000000000000002': 'generic_decline',
  '4000000000009995': 'insufficient_funds',
  '4000000000009987': 'lost_card',
  '4000000000009979': 'stolen_card',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000119': 'processing_error',
};

/** The decline code of a test card that fails (its digits), or undefined for one that authorizes. */
export function testCardDecline(digits: string): string | undefined {
  return Object.hasOwn(DECLINING_CARDS, digits) ? DECLINING_CARDS[digits] : undefined;
}

/** The card number as digits: the spaces and dashes people type taken out. */
export const digitsOf = (number: string) => number.replace(/[\s-]/g, '');

/** 12 to 19 digits: the lengths card numbers (and network tokens) have. */
export const wellFormedNumber = (digits: string) => /^\d{12,19}$/.test(digits);

/** A 3–4 digit security code. */
export const wellFormedCvc = (cvc: string) => /^\d{3,4}$/.test(cvc);

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** MM/YY or MM/YYYY; the card is good through the last day of that month. Undefined when malformed. */
export function expiryInFuture(expiry: string, now: Date): boolean | undefined {
  const m = expiry.replace(/\s/g, '').match(/^(\d{1,2})\/(\d{2}|\d{4})$/);
  if (!m) return undefined;
  const month = Number(m[1]);
  if (month < 1 || month > 12) return undefined;
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return Date.UTC(year, month, 1) > now.getTime();
}
