/**
 * The built-in provider (the default: no configuration). The human pays on the service's own
 * /pay/{token} page; the card is checked as a card network would (Luhn, an expiry not in the past,
 * a 3–4 digit CVC) and then Stripe's documented test cards decide, so the same numbers behave the
 * same here and in Stripe's test mode. Any other well-formed number is authorized: this is a
 * test-mode processor, no money moves.
 *
 * Its ledger of authorizations stands for the card network's own records, so it lives in this
 * provider (one per configuration, see select.ts), not in the service's database: an
 * authorization is taken, and captured or released, within the one request that pays.
 */
import { newId } from '../lib/ids';
import { CaptureRefused, type Authorization, type CardDetails, type CardProblems, type PaymentProvider } from './provider';

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

export type AuthorizationState = 'authorized' | 'captured' | 'released';

export interface LedgerEntry {
  amountCents: number;
  currency: string;
  state: AuthorizationState;
}

export interface BuiltinProvider extends PaymentProvider {
  readonly name: 'builtin';
  /** What happened to each authorization (tests assert a released one was never captured). */
  readonly ledger: ReadonlyMap<string, LedgerEntry>;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** MM/YY or MM/YYYY; the card is good through the last day of that month. */
export function expiryInFuture(expiry: string, now: Date): boolean | undefined {
  const m = expiry.replace(/\s/g, '').match(/^(\d{1,2})\/(\d{2}|\d{4})$/);
  if (!m) return undefined;
  const month = Number(m[1]);
  if (month < 1 || month > 12) return undefined;
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return Date.UTC(year, month, 1) > now.getTime();
}

const digitsOf = (number: string) => number.replace(/[\s-]/g, '');

/** The form's own mistakes, field by field; an empty object when the card is well-formed. */
export function cardProblems(card: CardDetails, now = new Date()): CardProblems {
  const problems: CardProblems = {};
  const digits = digitsOf(card.number);
  if (!digits) problems.number = 'required';
  else if (!/^\d{12,19}$/.test(digits)) problems.number = 'malformed';
  else if (!luhnValid(digits)) problems.number = 'luhn';
  const expiry = card.expiry.trim();
  const future = expiry ? expiryInFuture(expiry, now) : undefined;
  if (!expiry) problems.expiry = 'required';
  else if (future === undefined) problems.expiry = 'malformed';
  else if (!future) problems.expiry = 'expired';
  const cvc = card.cvc.trim();
  if (!cvc) problems.cvc = 'required';
  else if (!/^\d{3,4}$/.test(cvc)) problems.cvc = 'malformed';
  if (!card.name.trim()) problems.name = 'required';
  return problems;
}

export function builtinProvider(): BuiltinProvider {
  const ledger = new Map<string, LedgerEntry>();

  function entry(authorization: string): LedgerEntry {
    const found = ledger.get(authorization);
    if (!found) throw new Error(`unknown authorization ${authorization}`);
    return found;
  }

  return {
    name: 'builtin',
    ledger,
    // The page at /pay/{token} is the payment page: nothing to open elsewhere.
    open: async () => ({ url: null, reference: null }),

    async authorize(card, { amountCents, currency }): Promise<Authorization> {
      const problems = cardProblems(card);
      if (Object.keys(problems).length) return { status: 'invalid', problems };
      const decline = DECLINING_CARDS[digitsOf(card.number)];
      if (decline) return { status: 'declined', reason: decline };
      const authorization = newId('auth');
      ledger.set(authorization, { amountCents, currency, state: 'authorized' });
      return { status: 'authorized', authorization };
    },

    // Both are idempotent, as a card network's are under an idempotency key: a repeat changes nothing.
    async capture(authorization) {
      const e = entry(authorization);
      if (e.state === 'released') throw new CaptureRefused(`authorization ${authorization} was released; it cannot be captured`);
      e.state = 'captured';
    },
    async release(authorization) {
      const e = entry(authorization);
      if (e.state === 'captured') throw new Error(`authorization ${authorization} was captured; it cannot be released`);
      e.state = 'released';
    },
  };
}
