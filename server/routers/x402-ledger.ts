/**
 * The operator's top-up of a wallet on the local x402 ledger (no money moves), so that a test
 * wallet can pay more than X402_LOCAL_BALANCE while the service runs: on the embedded database
 * `npm run x402:fund` comes here, since PGlite lets one process open its folder. Behind the
 * ADMIN_TOKEN bearer, as every /api/admin operation; an Idempotency-Key, when sent, makes a retry
 * after a lost answer add nothing twice.
 */
import { getAddress } from 'viem';
import { z } from 'zod';
import { ApiError } from '../errors/catalogue';
import { idempotentIfKeyed } from '../trpc/idempotency';
import { router } from '../trpc/init';
import { admin } from '../trpc/procedures';

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

export const x402LedgerRouter = router({
  fund: admin
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
