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
import { digitsOf, expiryInFuture, luhnValid, testCardDecline, wellFormedCvc, wellFormedNumber } from './card-checks';
import { CaptureRefused, type Authorization, type CardDetails, type CardProblems, type PaymentProvider } from './provider';

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

/** The form's own mistakes, field by field; an empty object when the card is well-formed. */
export function cardProblems(card: CardDetails, now = new Date()): CardProblems {
  const problems: CardProblems = {};
  const digits = digitsOf(card.number);
  if (!digits) problems.number = 'required';
  else if (!wellFormedNumber(digits)) problems.number = 'malformed';
  else if (!luhnValid(digits)) problems.number = 'luhn';
  const expiry = card.expiry.trim();
  const future = expiry ? expiryInFuture(expiry, now) : undefined;
  if (!expiry) problems.expiry = 'required';
  else if (future === undefined) problems.expiry = 'malformed';
  else if (!future) problems.expiry = 'expired';
  const cvc = card.cvc.trim();
  if (!cvc) problems.cvc = 'required';
  else if (!wellFormedCvc(cvc)) problems.cvc = 'malformed';
  if (!card.name.trim()) problems.name = 'required';
  return problems;
}

/**
 * The test processor's ledger: each authorization it took and what became of it, standing for the
 * card network's records. Capture and release are idempotent, as a card network's are under an
 * idempotency key: a repeat changes nothing. Shared with the vault provider (vault.ts).
 */
export function testLedger() {
  const entries = new Map<string, LedgerEntry>();

  function entry(authorization: string): LedgerEntry {
    const found = entries.get(authorization);
    if (!found) throw new Error(`unknown authorization ${authorization}`);
    return found;
  }

  return {
    entries: entries as ReadonlyMap<string, LedgerEntry>,
    authorize(amountCents: number, currency: string): Authorization {
      const authorization = newId('auth');
      entries.set(authorization, { amountCents, currency, state: 'authorized' });
      return { status: 'authorized', authorization };
    },
    async capture(authorization: string): Promise<void> {
      const e = entry(authorization);
      if (e.state === 'released') throw new CaptureRefused(`authorization ${authorization} was released; it cannot be captured`);
      e.state = 'captured';
    },
    async release(authorization: string): Promise<void> {
      const e = entry(authorization);
      if (e.state === 'captured') throw new Error(`authorization ${authorization} was captured; it cannot be released`);
      e.state = 'released';
    },
  };
}

export function builtinProvider(): BuiltinProvider {
  const ledger = testLedger();
  return {
    name: 'builtin',
    ledger: ledger.entries,
    // The page at /pay/{token} is the payment page: nothing to open elsewhere.
    open: async () => ({ url: null, reference: null }),

    async authorize(card, { amountCents, currency }): Promise<Authorization> {
      const problems = cardProblems(card);
      if (Object.keys(problems).length) return { status: 'invalid', problems };
      const decline = testCardDecline(digitsOf(card.number));
      if (decline) return { status: 'declined', reason: decline };
      return ledger.authorize(amountCents, currency);
    },
    capture: ledger.capture,
    release: ledger.release,
  };
}
