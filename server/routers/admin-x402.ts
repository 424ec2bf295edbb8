/**
 * The operator's side of x402 settlements (issue #43 §3): the payments left for review, whose
 * settle's answer was lost and whose validBefore has passed with no chain to ask (X402_RPC_URL
 * unset), and the operator's decision on one. Behind the ADMIN_TOKEN bearer, as every /api/admin
 * operation; `npm run x402:reconcile` does the same on the server.
 */
import { z } from 'zod';
import { decideReviewed, paymentsForReview, x402PaymentForReview } from '../payments/x402-review';
import { router } from '../trpc/init';
import { admin } from '../trpc/procedures';

const transaction = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'a transaction hash (0x and 64 hex digits)')
  .describe('With `place`: the transaction that moved the money to the payee, as the chain shows it.');

/** The payment of the decision example: `npm run openapi:examples` plays it on a payment of its own, left for review (test/support/openapi-examples.ts). */
export const EXAMPLE_X402_PAYMENT = 'xpay_01kt2j3m5v8x4q2w7e9r6t1y2b';

export const adminX402Router = router({
  paymentsForReview: admin
    .meta({
      examples: { all: { summary: 'The payments waiting for a decision', input: { limit: 100 } } },
      openapi: {
        method: 'GET',
        path: '/api/admin/x402/payments/review',
        tags: ['admin'],
        summary: 'List x402 payments left for review (ADMIN_TOKEN bearer)',
        description:
          'x402 payments whose settle went to the remote facilitator without an answer (a timeout, a 5xx, a process that died) and whose validBefore has passed, with no X402_RPC_URL for the chain to decide: each order stays pending_payment, its stock held, until an operator looks the payer’s nonce up on the chain and decides (POST /api/admin/x402/payments/{id}/decision). Oldest first. Needs `Authorization: Bearer <ADMIN_TOKEN>`.',
        protect: true,
      },
    })
    .input(z.object({ limit: z.coerce.number().int().min(1).max(500).default(100).describe('How many (default 100).') }))
    .output(z.object({ payments: z.array(x402PaymentForReview) }))
    .query(async ({ ctx, input }) => ({ payments: await paymentsForReview(ctx.db, input.limit) })),

  decidePayment: admin
    .meta({
      op: { errors: ['x402_payment_not_found', 'x402_payment_not_in_review'] },
      examples: {
        release: { summary: 'Release a payment the chain shows unused', input: { id: EXAMPLE_X402_PAYMENT, outcome: 'release' } },
        unknown: { summary: 'A payment that does not exist', input: { id: 'xpay_01kt2j3m5v8x4q2w7e9r6t1y4d', outcome: 'release' } },
      },
      openapi: {
        method: 'POST',
        path: '/api/admin/x402/payments/{id}/decision',
        tags: ['admin'],
        summary: 'Place or release an x402 payment left for review (ADMIN_TOKEN bearer)',
        description:
          '`place` (with `transaction`): the chain shows the authorization moved its amount to the payee: the order is placed, as a settle places it (the cart completed, the order webhook and confirmation e-mail sent). `release`: it did not, and cannot any more (validBefore has passed): the order is voided, its stock back, the cart open again with a payment_failed warning. A payment not left for review answers 409 x402_payment_not_in_review. Needs `Authorization: Bearer <ADMIN_TOKEN>`.',
        protect: true,
      },
    })
    .input(
      z
        .object({ id: z.string().max(64).describe('The payment (xpay_…).'), outcome: z.enum(['place', 'release']), transaction: transaction.optional() })
        .refine((d) => d.outcome === 'release' || d.transaction !== undefined, { message: '`place` needs the transaction that paid', path: ['transaction'] }),
    )
    .output(x402PaymentForReview)
    .mutation(({ ctx, input }) =>
      decideReviewed(ctx.services, input.id, input.outcome === 'place' ? { outcome: 'place', transaction: input.transaction as `0x${string}` } : { outcome: 'release' }),
    ),
});
