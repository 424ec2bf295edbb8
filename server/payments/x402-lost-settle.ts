/**
 * How a settle whose answer was lost ends. With a remote facilitator, once a settle of unknown
 * outcome went out (a timeout, a 5xx, a process that died mid-settle), the facilitator's later
 * "nonce already used" or "expired" proves nothing: the money may have moved. Before validBefore
 * the settlement asks the facilitator again; after it the chain is asked instead (X402_RPC_URL),
 * and its answer at a confirmed block is final: paid to us → the order is placed; unused, or used
 * by a transfer that did not pay us → released as any definite failure is. Without a chain to ask,
 * the payment is marked for review, once, and an operator decides (x402-review.ts).
 *
 * The local ledger needs none of this: its settle knows its own transfers.
 */
import type { SettleResponse } from '@x402/core/types';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { newScope } from '../db/deadline';
import { x402Payments } from '../db/schema';
import type { X402 } from '../x402/facilitator';
import { parseSentPayment } from '../x402/payment';
import { reasonOf } from '../errors/for-log';

/** What one settle (or the chain, in its place) says. `proven`: a failure no lost answer can hide. */
export type SettleOutcome = { kind: 'settled'; response: SettleResponse } | { kind: 'failed'; reason: string; proven?: true } | { kind: 'unknown'; cause: unknown };

type PaymentRow = typeof x402Payments.$inferSelect;

/** @x402/evm's words for the two ways an authorization ends without paying us. */
const EXPIRED_UNUSED = 'invalid_exact_evm_payload_authorization_valid_before';
const USED_ELSEWHERE = 'invalid_exact_evm_nonce_already_used';

/**
 * The chain's verdict on a leased payment (its settleAttempts counts this attempt), or undefined
 * when the facilitator is still the one to ask: the ledger settles, no settle went out before this
 * one, or validBefore has not passed.
 */
export async function chainVerdict(services: { x402: X402; database: Database }, row: PaymentRow): Promise<SettleOutcome | undefined> {
  const { x402 } = services;
  if (x402.ledger || row.settleAttempts < 2 || row.validBefore > new Date()) return undefined;
  if (!x402.chain) return { kind: 'unknown', cause: await markForReview(services.database, row) };
  const payment = parseSentPayment(row.payload, row.version === 1 ? 1 : 2);
  if (typeof payment === 'string') throw new Error(`x402 payment ${row.id}: its recorded payload cannot be read (${payment})`);
  const { from, to, value, nonce, validBefore } = payment.authorization;
  let said;
  try {
    said = await x402.chain.outcome({ payer: from, nonce, value, payTo: to, validBefore, recordedAt: BigInt(Math.floor(row.createdAt.getTime() / 1000)) });
  } catch (err) {
    console.warn(`x402 payment ${row.id}: the chain at ${x402.chain.host} did not say whether its settle moved the money (${chainFailure(err)}); it stays pending and is asked again.`);
    return { kind: 'unknown', cause: err };
  }
  const where = `nonce ${nonce} of ${row.payer}`;
  switch (said.kind) {
    case 'unconfirmed':
      return { kind: 'unknown', cause: new Error('no confirmed block past validBefore yet') };
    case 'paid':
      console.log(`x402 payment ${row.id}: the chain shows ${where} paid us in ${said.transaction}; order ${row.orderId} is placed.`);
      return { kind: 'settled', response: { success: true, transaction: said.transaction, network: row.network as `${string}:${string}`, payer: row.payer } };
    case 'elsewhere':
      console.log(`x402 payment ${row.id}: the chain shows ${where} spent by ${said.transaction}, which did not pay us; order ${row.orderId} is voided.`);
      return { kind: 'failed', reason: USED_ELSEWHERE, proven: true };
    case 'unused':
      console.log(`x402 payment ${row.id}: the chain shows ${where} unused past its validBefore; order ${row.orderId} is voided.`);
      return { kind: 'failed', reason: EXPIRED_UNUSED, proven: true };
  }
}

/** Marks the payment for review and says so once, whichever instance marks it first. */
async function markForReview(database: Database, row: PaymentRow): Promise<Error> {
  const [marked] = await database
    .scoped(newScope())
    .update(x402Payments)
    .set({ reviewSince: new Date() })
    .where(and(eq(x402Payments.id, row.id), isNull(x402Payments.reviewSince)))
    .returning({ id: x402Payments.id });
  if (marked) {
    console.warn(
      `x402 payment ${row.id} (order ${row.orderId}): a settle of unknown outcome, past its validBefore, and no X402_RPC_URL to ask the chain whether nonce ${row.nonce} of ${row.payer} paid us: left for review. Decide with npm run x402:reconcile (or the admin API); set X402_RPC_URL to let the chain decide.`,
    );
  }
  return new Error('left for review: no chain to ask');
}

/**
 * A failed call to the chain in one line: viem's short message, never its full one, which names
 * the RPC URL (a provider's key is often in it) and the request's body.
 */
function chainFailure(err: unknown): string {
  const short = (err as { shortMessage?: unknown }).shortMessage;
  return typeof short === 'string' ? short : reasonOf(err);
}
