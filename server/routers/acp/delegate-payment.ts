/**
 * ACP's delegate_payment while this service is its own test PSP (rfc.delegate_payment.md §2.3;
 * issue #47 §3 (a), decision 5): `POST /acp/agentic_commerce/delegate_payment` takes the card the
 * user confirmed in the platform, bound to an allowance, and answers 201 with the one-time token
 * (`vt_…`) a checkout session's complete takes (payments/delegated-tokens.ts keeps its digest,
 * never the card number or CVC).
 */
import { delegatePaymentRequest, delegatePaymentResponse } from '../../acp/delegate-payment-schemas';
import { delegatePayment } from '../../payments/delegated-tokens';
import { keyIdOf } from '../../trpc/acp';
import { idempotent } from '../../trpc/idempotency';
import { router } from '../../trpc/init';
import { acp } from '../../trpc/procedures';

export const acpDelegatePaymentRouter = router({
  delegate: acp
    .meta({
      openapi: { method: 'POST', path: '/acp/agentic_commerce/delegate_payment', tags: ['acp'], summary: 'Delegate a card for one checkout session (ACP, test PSP)' },
      op: {
        successStatus: 201,
        errors: ['invalid_request', 'invalid_card', 'IDEMPOTENCY_KEY_REQUIRED', 'idempotency_key_reused', 'idempotency_request_in_progress'],
        // The input is the card: its idempotency record must not let a guessed number be confirmed.
        keyedFingerprint: true,
      },
    })
    .input(delegatePaymentRequest)
    .concat(idempotent)
    .output(delegatePaymentResponse)
    .mutation(async ({ ctx, input }) => {
      const { payment_method: card, allowance } = input;
      const { id, created } = await delegatePayment(ctx.db, {
        keyId: keyIdOf(ctx),
        card: { number: card.number, expMonth: card.exp_month, expYear: card.exp_year, cvc: card.cvc },
        allowance: {
          maxAmount: allowance.max_amount,
          currency: allowance.currency,
          checkoutSessionId: allowance.checkout_session_id,
          merchantId: allowance.merchant_id,
          expiresAt: new Date(allowance.expires_at),
        },
        metadata: input.metadata,
      });
      return { id, created: created.toISOString(), metadata: input.metadata };
    }),
});
