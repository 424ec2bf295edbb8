/**
 * ACP 2026-04-17's delegate_payment (schema.delegate_payment.json: DelegatePaymentRequest and
 * …Response) as zod schemas. The card's number and CVC are read by payments/delegated-tokens.ts and
 * dropped: never answered, logged or kept.
 */
import { z } from 'zod';
import { singleLine } from '../lib/input-limits';

const metadata = z.record(z.string().max(100), z.string().max(500));

const card = z.strictObject({
  type: z.literal('card'),
  card_number_type: z.enum(['fpan', 'network_token']),
  number: z.string().max(40),
  exp_month: z.string().max(2).optional(),
  exp_year: z.string().max(4).optional(),
  name: singleLine(200).optional(),
  cvc: z.string().max(4).optional(),
  cryptogram: z.string().max(200).optional(),
  eci_value: z.string().max(2).optional(),
  checks_performed: z.array(z.enum(['avs', 'cvv', 'ani', 'auth0'])).max(4).optional(),
  iin: z.string().max(8).optional(),
  display_card_funding_type: z.enum(['credit', 'debit', 'prepaid']),
  display_wallet_type: singleLine(100).optional(),
  display_brand: singleLine(100).optional(),
  display_last4: z.string().regex(/^[0-9]{4}$/).optional(),
  metadata,
  virtual: z.boolean().optional(),
});

export const delegatePaymentRequest = z.strictObject({
  payment_method: card,
  allowance: z.strictObject({
    reason: z.literal('one_time'),
    max_amount: z.int().min(0),
    currency: z.string().regex(/^[a-z]{3}$/),
    checkout_session_id: singleLine(64),
    merchant_id: singleLine(256),
    expires_at: z.iso.datetime({ offset: true }),
  }),
  billing_address: z.looseObject({}).optional(),
  risk_signals: z.array(z.strictObject({ type: z.literal('card_testing'), score: z.int(), action: z.enum(['blocked', 'manual_review', 'authorized']) })).min(1).max(20),
  metadata,
});
export type DelegatePaymentRequest = z.infer<typeof delegatePaymentRequest>;

export const delegatePaymentResponse = z.object({ id: z.string(), created: z.string(), metadata });
