/**
 * The operator's side of x402, behind the ADMIN_TOKEN bearer as every /api/admin operation:
 * - the payments left for review, whose settle's answer was lost and whose validBefore has passed
 *   with no chain to ask (X402_RPC_URL unset), and the operator's decision on one
 *   (`npm run x402:reconcile` does the same on the server);
 * - a wallet's top-up on the local ledger (no money moves), so that a test wallet can pay more
 *   than X402_LOCAL_BALANCE while the service runs: on the embedded database `npm run x402:fund`
 *   comes here, since PGlite lets one process open its folder. An Idempotency-Key, when sent,
 *   makes a retry after a lost answer add nothing twice.
 */
import { getAddress } from 'viem';
import { z } from 'zod';
import { ApiError } from '../errors/catalogue';
import { decideReviewed, paymentsForReview, x402PaymentForReview } from '../payments/x402-review';
import { idempotentIfKeyed } from '../trpc/idempotency';
import { router } from '../trpc/init';
import { admin } from '../trpc/procedures';

const transaction = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'a transaction hash (0x and 64 hex digits)')
  .describe('With `place`: the transaction that moved the money to the payee, as the chain shows it.');

/** The payment of the decision example: `npm run openapi:examples` plays it on a payment of its own, left for review (test/support/openapi-examples.ts). */
export const EXAMPLE_X402_PAYMENT = 'xpay_01kt2j3m5v8x4q2w7e9r6t1y2b';

const atomicUnits = z.string().regex(/^\d{1,19}$/, 'a decimal integer string');

export const ledgerTopUpRequest = z
  .object({
    address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'an EVM address (0x and 40 hex digits)').describe('The wallet to top up, in any case.'),
    amount: z
      .string()
      .regex(/^[1-9]\d{0,17}$/, 'a positive decimal integer string below 10^18')
      .describe('What to add, in the asset’s atomic units (USDC has 6 decimals: 12500000 is 12.5 USDC); below 10^18.'),
  })
  .strict();

export const ledgerTopUp = z
  .object({
    address: z.string().describe('The wallet, checksummed.'),
    network: z.string().describe('The ledger’s chain as X402_NETWORK names it (base-sepolia).'),
    asset: z.string().describe('The token the balance is of (USDC’s contract on that chain).'),
    amount: atomicUnits.describe('What was added, in atomic units.'),
    balance: atomicUnits.describe('What the wallet holds now, in atomic units.'),
  })
  .meta({ id: 'LedgerTopUp' });

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
  fundLedger: admin
    .meta({
      op: { errors: ['x402_ledger_not_in_use', 'x402_ledger_balance_limit'] },
      examples: { 'top-up': { summary: 'Add 250 USDC to a test wallet', input: { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: '250000000' } } },
      openapi: {
        method: 'POST',
        path: '/api/admin/x402/ledger/top-ups',
        tags: ['admin'],
        summary: 'Top up a wallet on the local x402 ledger (ADMIN_TOKEN bearer)',
        description:
          'Adds `amount` (atomic units) to a wallet on the local ledger, the facilitator that settles x402 payments when X402_FACILITATOR_URL is unset (no money moves), and answers the new balance. A wallet the ledger has not seen starts from X402_LOCAL_BALANCE. With a remote facilitator: 409 x402_ledger_not_in_use. `npm run x402:fund` calls it when a server holds the embedded database. An Idempotency-Key, when sent, makes a retry answer the first outcome. Needs `Authorization: Bearer <ADMIN_TOKEN>`.',
        protect: true,
      },
    })
    .input(ledgerTopUpRequest)
    .concat(idempotentIfKeyed)
    .output(ledgerTopUp)
    .mutation(async ({ ctx, input }) => {
      const { ledger } = ctx.services.x402;
      if (!ledger) throw new ApiError('x402_ledger_not_in_use');
      const balance = await ledger.fund(input.address, BigInt(input.amount), ctx.db);
      return { address: getAddress(input.address), network: ledger.network.name, asset: ledger.network.asset, amount: input.amount, balance: String(balance) };
    }),
});
