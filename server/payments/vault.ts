/**
 * The vault provider: ACP's delegated payments while this service is its own test PSP
 * (delegated-payment.ts). delegate_payment checked the card and recorded what Stripe's test card
 * would do (delegated-tokens.ts); this provider authorizes from that record, on the built-in
 * provider's ledger, and captures or releases as it does. Its links have nothing to open: the
 * token is the payment, made within the request that completes the checkout session.
 */
import type { DELEGATED_OUTCOMES } from '../db/schema';
import { testLedger, type LedgerEntry } from './builtin';
import type { Authorization, PaymentProvider } from './provider';

export type DelegatedOutcome = (typeof DELEGATED_OUTCOMES)[number];

export interface VaultProvider extends PaymentProvider {
  readonly name: 'vault';
  readonly ledger: ReadonlyMap<string, LedgerEntry>;
  /** Authorizes `amount` as the delegated card's recorded outcome says (a decline is Stripe's generic one: the record keeps no code). */
  authorizeRecorded(outcome: DelegatedOutcome, amount: { amountCents: number; currency: string }): Promise<Authorization>;
}

export function vaultProvider(): VaultProvider {
  const ledger = testLedger();
  return {
    name: 'vault',
    ledger: ledger.entries,
    open: async () => ({ url: null, reference: null }),
    async authorizeRecorded(outcome, { amountCents, currency }) {
      return outcome === 'decline' ? { status: 'declined', reason: 'generic_decline' } : ledger.authorize(amountCents, currency);
    },
    capture: ledger.capture,
    release: ledger.release,
  };
}
