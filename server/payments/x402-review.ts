/**
 * The operator's side of x402 settlements that cannot end by themselves: payments past validBefore
 * whose settle's answer was lost, with no chain to ask (no X402_RPC_URL; x402-lost-settle.ts marks
 * them). Listed by the admin API and `npm run x402:reconcile`; the operator, having looked the
 * authorization up on the chain, decides: place (the money arrived: the order is placed as a
 * settle places it) or release (it did not: the order voided, the stock back, the cart open again,
 * as a refused settle leaves them).
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { newScope } from '../db/deadline';
import { x402Payments } from '../db/schema';
import { ApiError } from '../errors/catalogue';
import { placeSettled, voidPayment, type PaymentRow, type SettlementServices } from './x402-settlement';

/** The reason a released payment records (its cart's payment_failed message quotes it). */
export const RELEASED_AFTER_REVIEW = 'released_after_review';

export type ReviewDecision = { outcome: 'place'; transaction: `0x${string}` } | { outcome: 'release' };

const timestamp = z.string().describe('RFC 3339.');

/** A payment as the operator sees it (the admin API's answer). */
export const x402PaymentForReview = z
  .object({
    id: z.string().describe('The payment (xpay_…).'),
    order_id: z.string().describe('Its order, pending_payment while the payment is pending.'),
    cart_id: z.string(),
    status: z.enum(['pending', 'settled', 'failed']).describe('pending until decided; then settled (placed) or failed (released).'),
    network: z.string().describe('CAIP-2.'),
    asset: z.string().describe('The token (USDC) contract.'),
    payer: z.string().describe('The authorization’s `from`: look its nonce up on the chain.'),
    nonce: z.string().describe('The EIP-3009 nonce (bytes32).'),
    amount: z.string().describe('Atomic units of the asset (USDC: 6 decimals).'),
    valid_before: timestamp,
    settle_attempts: z.number().int().describe('Settles sent to the facilitator.'),
    created_at: timestamp,
    review_since: timestamp.nullable().describe('When it was left for review.'),
    transaction: z.string().nullable().describe('Once placed, the transaction given.'),
    failure_reason: z.string().nullable().describe('Once released, why (released_after_review).'),
  })
  .meta({ id: 'X402PaymentForReview' });

export type ReviewedPayment = z.infer<typeof x402PaymentForReview>;

function viewOf(row: PaymentRow): ReviewedPayment {
  return {
    id: row.id,
    order_id: row.orderId,
    cart_id: row.cartId,
    status: row.status,
    network: row.network,
    asset: row.asset,
    payer: row.payer,
    nonce: row.nonce,
    amount: row.amount,
    valid_before: row.validBefore.toISOString(),
    settle_attempts: row.settleAttempts,
    created_at: row.createdAt.toISOString(),
    review_since: row.reviewSince?.toISOString() ?? null,
    transaction: row.transaction,
    failure_reason: row.failureReason,
  };
}

/** The payments waiting for a decision, oldest first. */
export async function paymentsForReview(db: Db, limit: number): Promise<ReviewedPayment[]> {
  const rows = await db
    .select()
    .from(x402Payments)
    .where(and(eq(x402Payments.status, 'pending'), isNotNull(x402Payments.reviewSince)))
    .orderBy(asc(x402Payments.createdAt))
    .limit(limit);
  return rows.map(viewOf);
}

/**
 * The operator's decision on one payment left for review, answered as the payment then stands.
 * A payment that is not (any more) left for review is refused: it was decided, or something else
 * still decides it. Each outcome is conditional on the payment still pending, so a settle that
 * lands meanwhile is never undone or doubled.
 */
export async function decideReviewed(services: SettlementServices, id: string, decision: ReviewDecision): Promise<ReviewedPayment> {
  const db = services.database.scoped(newScope());
  const row = await paymentById(db, id);
  if (row.status !== 'pending' || !row.reviewSince) {
    throw new ApiError('x402_payment_not_in_review', { message: `x402 payment ${id} is ${row.status}${row.status === 'pending' ? ' and not left for review' : ''}: there is nothing to decide.`, details: { status: row.status } });
  }
  if (decision.outcome === 'place') {
    await placeSettled(services, row, { success: true, transaction: decision.transaction, network: row.network as `${string}:${string}`, payer: row.payer });
  } else {
    await db.transaction((tx) => voidPayment(tx, row, RELEASED_AFTER_REVIEW, services.config.cartTtlHours));
  }
  return viewOf(await paymentById(db, id));
}

async function paymentById(db: Db, id: string): Promise<PaymentRow> {
  const [row] = await db.select().from(x402Payments).where(eq(x402Payments.id, id));
  if (!row) throw new ApiError('x402_payment_not_found', { message: `No x402 payment ${JSON.stringify(id)}.` });
  return row;
}
