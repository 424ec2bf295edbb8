/**
 * Autonomous settlement: a buyer's agent pays a cart with x402 from a wallet the buyer linked, and
 * the order is placed without a person confirming. In the order:
 *
 *   1. the caller's cart, ready to pay, and a wallet linked → 2. no payment: 402 with the
 *   requirements → 3. a payment that cannot be read: 400 → 4. one that fails a check: 402 with
 *   the reason → 5. one transaction: the order placed `pending_payment` (stock taken), the payment
 *   recorded, the cart held → 6. the facilitator settles, outside any transaction, by whoever
 *   holds the payment's lease; then the order is placed (200) or voided (402), or, when the
 *   outcome is unknown, left pending for the same payment sent again (503) or the sweep.
 *
 * A pending order is never lost or doubled: the authorization is unique per (network, asset,
 * payer, nonce) across payments, a cart holds one pending payment, and only the lease holder
 * calls settle. The facilitator's time is not the request's: step 6 writes under a fresh deadline.
 *
 * With the local ledger as the facilitator, its transfer is rows of the same database: steps 1 to
 * 6 then run in one transaction (settleOnLedger), no order is ever pending, and the settlement
 * issues 16 statements where three transactions and two statements between them took 36
 * (test/x402-settlement-statements.test.ts).
 */
import { encodePaymentResponseHeader } from '@x402/core/http';
import { SettleError, VerifyError, type PaymentPayload, type PaymentRequirements, type SettleResponse } from '@x402/core/types';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { ownerOfCart, walletsOfCart } from '../buyers/wallets';
import { cancelLiveLink } from '../carts/links';
import { loadCart, paymentInProgress, type CartRow } from '../carts/store';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import { newScope } from '../db/deadline';
import { placeholderFor, placeholders, prepared, preparedRows } from '../db/prepared';
import { carts, x402Payments, type CartNotice } from '../db/schema';
import { ApiError } from '../errors/catalogue';
import { buyerOfNamespace, personOfNamespace } from '../identity/caller';
import { newId } from '../lib/ids';
import { cartOrder, confirmOrder, placeOrder, voidOrder, type OrderRequest, type OrderRow } from '../orders/place';
import type { HeldOrder } from '../orders/read';
import { enqueueOrderWebhook, type OrderWebhookServices } from '../orders/webhook';
import { pricedToPay } from './checkout';
import { enqueueOrderConfirmation } from './confirmation-mail';
import { refusalReason, type Expected } from '../x402/checks';
import type { X402 } from '../x402/facilitator';
import { LedgerRefusal, transactionOf, type Ledger } from '../x402/ledger';
import { authorizationKey, type PaymentRead, type SentPayment } from '../x402/payment';
import { chainVerdict, type SettleOutcome } from './x402-lost-settle';
import { checkoutOffer, paymentRefusal, UNITS_PER_CENT, v1Requirement, v2Requirement, type Offer } from '../x402/requirements';

export interface SettlementServices extends OrderWebhookServices {
  config: Pick<Config, 'publicBaseUrl' | 'cartTtlHours'> & { x402: Pick<Config['x402'], 'facilitatorTimeoutMs'> };
  database: Database;
  x402: X402;
}

export interface SettlementRequest {
  cartId: string;
  /** The caller's namespace: the cart's owner (a buyer's, or the person's for an OAuth client). */
  owner: string;
  payment: PaymentRead;
  idempotencyKey: string;
  /** Stores the success under the request's idempotency key, in the transaction that makes it. */
  storeSuccess?: (tx: Db, answer: SettledCheckout) => Promise<void>;
  /** The success answer's headers (the payment response header is added here before it is stored). */
  headers: Record<string, string>;
}

export interface SettledCheckout {
  order_id: string;
  cart_id: string;
  status: 'placed';
  amount_cents: number;
  currency: 'USD';
  payment: { scheme: 'exact'; network: string; asset: string; amount: string; payer: string; transaction: string };
}

export type PaymentRow = typeof x402Payments.$inferSelect;

const PAYMENT_IN_PROGRESS: CartNotice = {
  type: 'info',
  code: 'payment_in_progress',
  message: 'An x402 payment of this cart is being settled; its order is pending. The cart cannot change until the payment settles (the order is placed) or fails (the cart opens again).',
  path: null,
};

function offerFor(services: SettlementServices, cartId: string, totalCents: number): Offer {
  return checkoutOffer(services.x402, services.config.publicBaseUrl, cartId, totalCents);
}

/** A handle under a deadline of its own: the facilitator's time is not the request's. */
function fresh(services: SettlementServices): Db {
  return services.database.scoped(newScope());
}

/** Whom a cart pays for: its buyer (a buyer token's cart) or the person (an OAuth token's). */
function holderOf(owner: string) {
  return { buyerId: buyerOfNamespace(owner), accountId: personOfNamespace(owner) };
}

export async function settleCheckout(services: SettlementServices, db: Db, request: SettlementRequest): Promise<SettledCheckout> {
  const { x402 } = services;
  const sent = request.payment.kind === 'sent' ? request.payment.payment : undefined;
  if (sent && x402.ledger) {
    const { ledger } = x402;
    const done = await db.transaction((tx) => settleOnLedger(services, ledger, tx, request, sent));
    return 'order_id' in done ? done : settlePayment(services, done, request);
  }

  // 1. The cart; a payment it already holds (pending or settled) is answered as that payment.
  const cart = await loadCart(db, request.cartId, request.owner);
  const held = await heldPayment(services, db, cart, sent, request.idempotencyKey);
  if (held) return held.status === 'settled' ? settledAnswer(services, held, request) : settlePayment(services, held, request);
  const priced = await pricedToPay(db, cart);
  const wallets = await walletsOfCart(db, holderOf(request.owner));
  if (!wallets.size) throw walletRequired();
  const offer = offerFor(services, cart.id, priced.totals.total_cents);

  // 2–4. The payment: sent, readable, and passing every check.
  if (request.payment.kind === 'none') throw paymentRefusal('payment_required', offer);
  if (request.payment.kind === 'invalid') throw request.payment.error;
  const payment = sent!;
  const authorization = authorizationKey(payment, x402.network.asset);
  const reason =
    (await refusalReason(payment, expectedBy(services, offer), {
      payerRegistered: wallets.has(authorization.payer),
      nonceUsed: () => nonceUsed(db, authorization),
    })) ?? (await facilitatorVerdict(x402, payment, offer));
  if (reason) throw paymentRefusal('payment_rejected', offer, { reason });

  // 5. The order, pending, with its stock taken; the payment recorded; the cart held.
  const pending = await db.transaction((tx) => holdCart(services, tx, request, payment, authorization));
  // 6.
  return settlePayment(services, pending, request);
}

function walletRequired(): ApiError {
  return new ApiError('wallet_required', { message: 'No wallet is linked to this buyer: link the wallet that will pay (POST /api/agent/buyer/wallets, signed by it), then check out again.' });
}

/** What a payment for `offer` must be, now. */
function expectedBy(services: SettlementServices, offer: Offer): Expected {
  const { x402 } = services;
  return { network: x402.network, payTo: x402.payTo, amount: offer.amount, resource: offer.resource, now: nowSeconds(), maxTimeoutSeconds: offer.maxTimeoutSeconds };
}

/**
 * The payment of this cart the request sends again: its pending one, whatever the key (settled
 * now by whoever holds the lease), or its settled one, sent with the key that made it (the agent
 * retrying after a 503 gets the 200, whoever settled it). Any other payment of a cart that holds
 * one waits (payment_in_progress) or is refused (the cart is completed: cart_not_open).
 */
async function heldPayment(services: SettlementServices, db: Db, cart: CartRow, sent: SentPayment | undefined, key: string): Promise<PaymentRow | undefined> {
  const holds = cart.status === 'completed' || (cart.status === 'checkout' && cart.orderId);
  if (!holds) return undefined;
  const row = sent && (await findPayment(db, authorizationKey(sent, services.x402.network.asset)));
  if (row?.cartId === cart.id && (row.status === 'pending' || (row.status === 'settled' && row.idempotencyKey === key))) return row;
  if (cart.status === 'checkout') throw paymentInProgress();
  return undefined; // pricedToPay's assertMutable answers cart_not_open
}

// Every settlement runs these (db/prepared.ts).
type AuthorizationKey = ReturnType<typeof authorizationKey>;
const selectPayment = prepared<AuthorizationKey, PaymentRow[]>('x402_payment_by_authorization', (db) =>
  db
    .select()
    .from(x402Payments)
    .where(
      and(
        eq(x402Payments.network, sql.placeholder('network')),
        eq(x402Payments.asset, sql.placeholder('asset')),
        eq(x402Payments.payer, sql.placeholder('payer')),
        eq(x402Payments.nonce, sql.placeholder('nonce')),
      ),
    ),
);
/** Whether the authorization paid anything already: a payment of ours, or a transfer of the local ledger. */
const AUTHORIZATION_USED = sql`(EXISTS (SELECT 1 FROM x402_payments WHERE network = ${sql.placeholder('network')} AND asset = ${sql.placeholder('asset')}
                                  AND payer = ${sql.placeholder('payer')} AND nonce = ${sql.placeholder('nonce')})
                     OR EXISTS (SELECT 1 FROM x402_ledger_transfers WHERE network = ${sql.placeholder('network')} AND asset = ${sql.placeholder('asset')}
                                  AND from_address = ${sql.placeholder('payer')} AND nonce = ${sql.placeholder('nonce')}))`;
const authorizationUsed = preparedRows<AuthorizationKey, { used: boolean }>('x402_authorization_used', sql`SELECT ${AUTHORIZATION_USED} AS used`);
/**
 * The facts of a payment on the local ledger, read in one statement: whether the cart's holder
 * linked any wallet, whether the payer is one of them, whether the authorization was used, and
 * the payer's account row's balance (null: the ledger has no row for it yet).
 */
const ledgerFacts = preparedRows<
  AuthorizationKey & { owner: string | null; accountNetwork: string; accountAsset: string; account: string },
  { linked: boolean; registered: boolean; used: boolean; balance: string | null }
>(
  'x402_ledger_facts',
  sql`SELECT EXISTS (SELECT 1 FROM wallets WHERE owner = ${sql.placeholder('owner')}) AS linked,
             EXISTS (SELECT 1 FROM wallets WHERE owner = ${sql.placeholder('owner')} AND address = ${sql.placeholder('payer')}) AS registered,
             ${AUTHORIZATION_USED} AS used,
             (SELECT balance::text FROM x402_ledger_accounts WHERE network = ${sql.placeholder('accountNetwork')} AND asset = ${sql.placeholder('accountAsset')}
                AND address = ${sql.placeholder('account')}) AS balance`,
);
const PAYMENT_FIELDS = ['id', 'cartId', 'orderId', 'version', 'network', 'asset', 'payer', 'nonce', 'amount', 'validBefore', 'payload', 'idempotencyKey'] as const;
type PaymentValues = Pick<typeof x402Payments.$inferInsert, (typeof PAYMENT_FIELDS)[number]>;
const insertPendingPayment = prepared<PaymentValues, PaymentRow[]>('x402_payment_insert', (db) =>
  db.insert(x402Payments).values(placeholders(...PAYMENT_FIELDS)).onConflictDoNothing().returning(),
);
/** The same, settled in the transaction that records it (settleOnLedger). */
const insertSettledPayment = prepared<PaymentValues & { transaction: string; settledAt: Date }, PaymentRow[]>('x402_payment_insert_settled', (db) =>
  db
    .insert(x402Payments)
    .values({ ...placeholders(...PAYMENT_FIELDS, 'transaction', 'settledAt'), status: 'settled', settleAttempts: 1 })
    .onConflictDoNothing()
    .returning(),
);
const leasePayment = prepared<{ id: string; now: string; until: Date }, PaymentRow[]>('x402_payment_lease', (db) =>
  db
    .update(x402Payments)
    .set({ leaseUntil: placeholderFor<Date>('until'), settleAttempts: sql`${x402Payments.settleAttempts} + 1` })
    .where(
      and(
        eq(x402Payments.id, sql.placeholder('id')),
        eq(x402Payments.status, 'pending'),
        // A bare placeholder is not mapped as the column is: the time goes as text.
        or(isNull(x402Payments.leaseUntil), sql`${x402Payments.leaseUntil} < ${sql.placeholder('now')}::timestamptz`),
      ),
    )
    .returning(),
);

async function findPayment(db: Db, a: AuthorizationKey): Promise<PaymentRow | undefined> {
  const [row] = await selectPayment(db, a);
  return row;
}

async function nonceUsed(db: Db, a: AuthorizationKey): Promise<boolean> {
  const [{ used }] = await authorizationUsed(db, a);
  return used;
}

/** The facilitator's verify: the ledger's balance check (one signature check per request), or the remote one's verdict. */
async function facilitatorVerdict(x402: X402, payment: SentPayment, offer: Offer): Promise<string | undefined> {
  if (x402.ledger) return x402.ledger.balanceReason(payment);
  try {
    const verdict = await x402.facilitator.verify(payment.received as PaymentPayload, requirementsFor(payment, offer));
    return verdict.isValid ? undefined : (verdict.invalidReason ?? 'invalid_payment');
  } catch (err) {
    // A refusal answered with a 4xx; a 5xx says nothing about the payment, even with a body.
    if (err instanceof VerifyError && err.statusCode < 500 && err.invalidReason) return err.invalidReason;
    throw facilitatorUnavailable('verify', err);
  }
}

/** The requirements in the payment's own version (a v1 payment is judged against our v1 entry), typed as the v2-only interface wants. */
function requirementsFor(payment: SentPayment, offer: Offer): PaymentRequirements {
  return (payment.version === 1 ? v1Requirement(offer) : v2Requirement(offer)) as unknown as PaymentRequirements;
}

/**
 * Step 5, cart locked first as every cart change locks it: the checks of step 1 again, the cart
 * re-priced (a total that moved no longer matches the authorization), the live link cancelled, the
 * order placed pending and the payment recorded.
 */
async function holdCart(services: SettlementServices, tx: Db, request: SettlementRequest, payment: SentPayment, authorization: AuthorizationKey): Promise<PaymentRow> {
  const cart = await loadCart(tx, request.cartId, request.owner, { lock: true });
  const held = await heldPayment(services, tx, cart, payment, request.idempotencyKey);
  if (held) return held;
  const priced = await pricedToPay(tx, cart);
  const offer = offerFor(services, cart.id, priced.totals.total_cents);
  if (payment.authorization.value !== offer.amount) throw valueMoved(offer);
  await cancelLiveLink(tx, cart.id);
  const row = await recordPayment(tx, request, payment, authorization, offer, cartOrder(cart, priced, X402_PAID, { notice: PAYMENT_IN_PROGRESS }));
  return row;
}

/** An x402 order's payment; its reference, the payment's id, is recordPayment's. */
const X402_PAID = { provider: 'x402', reference: '' };

const valueMoved = (offer: Offer) => paymentRefusal('payment_rejected', offer, { reason: 'invalid_exact_evm_payload_authorization_value_mismatch' });

/**
 * The order placed and its payment recorded, pending or (`transaction`) settled; refused when
 * stock ran short or a price moved since the cart was priced, or when a payment committed since
 * the checks looked used the authorization. `alongside`: what else the placed order needs written,
 * sent with the payment's row (a refusal of that row rolls it back with the rest).
 */
async function recordPayment(
  tx: Db,
  request: SettlementRequest,
  payment: SentPayment,
  authorization: AuthorizationKey,
  offer: Offer,
  order: OrderRequest,
  transaction?: string,
  alongside?: (order: OrderRow) => Promise<void>,
): Promise<PaymentRow> {
  const id = newId('xpay');
  const placed = await placeOrder(tx, { ...order, payment: { ...order.payment, reference: id } });
  if (!placed.placed) {
    if (placed.priceChanged) throw valueMoved(offer);
    throw new ApiError('cart_not_ready', {
      message: 'The cart cannot be paid: a line asks for more units than the seller has now.',
      details: { reasons: placed.short.map((l) => ({ code: 'insufficient_stock', message: `${l.title} (${l.sku}): ${l.requested} asked, ${l.available} left.` })) },
    });
  }
  const values: PaymentValues = {
    id,
    cartId: order.cart.id,
    orderId: placed.order.id,
    version: payment.version,
    ...authorization,
    amount: String(payment.authorization.value),
    validBefore: new Date(Number(payment.authorization.validBefore) * 1000),
    payload: payment.received,
    idempotencyKey: request.idempotencyKey,
  };
  const [[row]] = await Promise.all([
    transaction ? insertSettledPayment(tx, { ...values, transaction, settledAt: new Date() }) : insertPendingPayment(tx, values),
    alongside?.(placed.order),
  ]);
  // Used by a payment committed since the checks looked: this transaction places nothing.
  if (!row) throw paymentRefusal('payment_rejected', offer, { reason: 'invalid_exact_evm_nonce_already_used' });
  return row;
}

/**
 * Steps 1 to 6 in one transaction when the local ledger is the facilitator: its transfer is rows
 * of the same database, so the order is placed with the payment settled, never pending, and a
 * crash anywhere leaves nothing written. The cart locked first; the checks of settleCheckout, in
 * its order, with the wallets, whether the authorization was used and the payer's balance read
 * in one statement; the order placed, the payment recorded settled; the success stored and the
 * ledger's transfer last, sent together, since every settlement of a payer, and every one to
 * payTo, waits on their account rows until the commit. A transfer the ledger refuses (the nonce or the balance
 * spent by a settlement that committed meanwhile) rolls it all back: 402 with its reason. Answers
 * the settled checkout, or a payment pending from before that the cart holds (step 6 settles it
 * after this transaction).
 */
async function settleOnLedger(services: SettlementServices, ledger: Ledger, tx: Db, request: SettlementRequest, payment: SentPayment): Promise<SettledCheckout | PaymentRow> {
  const cart = await loadCart(tx, request.cartId, request.owner, { lock: true });
  const held = await heldPayment(services, tx, cart, payment, request.idempotencyKey);
  if (held) return held.status === 'settled' ? settledAnswer(services, held, request) : held;
  const authorization = authorizationKey(payment, services.x402.network.asset);
  const account = ledger.accountKey(payment.authorization.from);
  // Two reads, sent together (one round trip): the cart's refusals still come before the wallet's.
  const [priced, [facts]] = await Promise.all([
    pricedToPay(tx, cart),
    ledgerFacts(tx, { ...authorization, owner: ownerOfCart(holderOf(request.owner)), accountNetwork: account.network, accountAsset: account.asset, account: account.address }),
  ]);
  if (!facts.linked) throw walletRequired();
  const offer = offerFor(services, cart.id, priced.totals.total_cents);
  const reason =
    (await refusalReason(payment, expectedBy(services, offer), { payerRegistered: facts.registered, nonceUsed: async () => facts.used })) ??
    ledger.shortOf(payment, ledger.held(facts.balance));
  if (reason) throw paymentRefusal('payment_rejected', offer, { reason });

  // A live link is only ever a checkout cart's (carts/store.ts touch skips the look-up alike).
  if (cart.status === 'checkout') await cancelLiveLink(tx, cart.id);
  const placing = { ...cartOrder(cart, priced, X402_PAID), settlesWithOrder: true };
  const announce = (order: OrderRow) => announcePlaced(services, tx, { order, owner: cart.owner, scope: cart.scope, acpPlatform: cart.acpPlatform, placedNow: true }, cart.buyer?.email != null);
  const row = await recordPayment(tx, request, payment, authorization, offer, placing, transactionOf(payment), announce);
  const answer = settledAnswer(services, row, request);
  try {
    // Independent rows, sent together: the stored answer is this request's own, the transfer last of the rest.
    await Promise.all([request.storeSuccess?.(tx, answer), ledger.transferIn(tx, payment)]);
  } catch (err) {
    if (err instanceof LedgerRefusal) throw paymentRefusal('payment_rejected', offer, { reason: err.reason });
    throw err;
  }
  return answer;
}

/** The placed order's webhook (when its cart credits a platform) and its buyer's confirmation (when the cart names an e-mail), in its transaction. */
async function announcePlaced(services: SettlementServices, tx: Db, order: HeldOrder | string, mailed: boolean): Promise<void> {
  await Promise.all([enqueueOrderWebhook(services, tx, order, 'order_placed'), mailed && enqueueOrderConfirmation(tx, typeof order === 'string' ? order : order.order.id)]);
}

/** After an unknown settle, these from a remote facilitator do not prove the money did not move. */
const AMBIGUOUS_AFTER_UNKNOWN = new Set(['invalid_exact_evm_nonce_already_used', 'invalid_exact_evm_payload_authorization_valid_before']);

/**
 * Step 6, by whoever holds the payment's lease. A request answers the outcome (200, 402 or 503);
 * the sweep passes no request and only records it.
 */
export async function settlePayment(services: SettlementServices, row: PaymentRow, request?: SettlementRequest): Promise<SettledCheckout> {
  const { x402, config } = services;
  const db = fresh(services);
  const leased = await takeLease(db, row.id, config.x402.facilitatorTimeoutMs);
  if (!leased) {
    const [now] = await db.select().from(x402Payments).where(eq(x402Payments.id, row.id));
    if (now?.status === 'settled') return settledAnswer(services, now, request);
    if (now?.status === 'failed') throw paymentRefusal('payment_rejected', offerOf(services, now), { reason: now.failureReason! });
    throw paymentInProgress();
  }
  // Past validBefore, after a settle of unknown outcome, the chain answers instead of the facilitator.
  const outcome = (await chainVerdict(services, leased)) ?? (await settleOnce(services, leased));
  if (outcome.kind === 'settled') return placeSettled(services, leased, outcome.response, request);
  const ambiguous = !x402.ledger && leased.settleAttempts > 1 && outcome.kind === 'failed' && !outcome.proven && AMBIGUOUS_AFTER_UNKNOWN.has(outcome.reason);
  if (outcome.kind === 'failed' && !ambiguous) {
    await fresh(services).transaction((tx) => voidPayment(tx, leased, outcome.reason, config.cartTtlHours));
    throw paymentRefusal('payment_rejected', offerOf(services, leased), { reason: outcome.reason });
  }
  if (ambiguous) console.warn(`x402 payment ${leased.id}: the facilitator now says ${(outcome as { reason: string }).reason} after an earlier settle of unknown outcome; it stays pending (the money may have moved): check the chain for nonce ${leased.nonce} of ${leased.payer}.`);
  await db.update(x402Payments).set({ leaseUntil: null }).where(eq(x402Payments.id, leased.id));
  throw new ApiError('service_unavailable', {
    message: 'The payment was sent to the facilitator, which has not said whether it settled. The order is pending and nothing is charged twice: send the same request again (same payment) after Retry-After.',
    headers: { 'Retry-After': '5' },
    cause: outcome.kind === 'unknown' ? outcome.cause : undefined,
  });
}

/** A settled payment recorded, its order placed (once, whoever records it first), and the answer. */
export async function placeSettled(services: SettlementServices, row: PaymentRow, response: SettleResponse, request?: SettlementRequest): Promise<SettledCheckout> {
  return (await fresh(services).transaction(async (tx) => {
    const answer = await recordSettled(services, tx, row, response, request);
    if (request?.storeSuccess) await request.storeSuccess(tx, answer);
    return answer;
  })) as SettledCheckout;
}

/** The lease: a conditional update, as idempotency claims are taken; counts the attempt. */
async function takeLease(db: Db, id: string, timeoutMs: number): Promise<PaymentRow | undefined> {
  const now = new Date();
  const [row] = await leasePayment(db, { id, now: now.toISOString(), until: new Date(now.getTime() + timeoutMs + 5_000) });
  return row;
}

/**
 * A definite failure: `{success: false}` answered with 200 or as a 4xx SettleError, for any
 * reason but `settlement_pending`. Everything else (a 5xx, a timeout, any other error, pending) is
 * unknown: the money may have moved.
 */
async function settleOnce(services: SettlementServices, row: PaymentRow): Promise<SettleOutcome> {
  const offer = offerOf(services, row);
  const requirements = row.version === 1 ? v1Requirement(offer) : v2Requirement(offer);
  try {
    const response = await services.x402.facilitator.settle(row.payload as unknown as PaymentPayload, requirements as unknown as PaymentRequirements);
    if (response.success) return { kind: 'settled', response };
    if (response.errorReason === 'settlement_pending') return { kind: 'unknown', cause: new Error('settlement_pending') };
    return { kind: 'failed', reason: response.errorReason ?? 'settlement_failed' };
  } catch (err) {
    const definite = err instanceof SettleError && err.statusCode >= 400 && err.statusCode < 500 && err.errorReason && err.errorReason !== 'settlement_pending';
    return definite ? { kind: 'failed', reason: err.errorReason! } : { kind: 'unknown', cause: err };
  }
}

/** What a recorded payment was accepted against: its cart's checkout, for the amount it authorized. */
function offerOf(services: SettlementServices, row: PaymentRow): Offer {
  return offerFor(services, row.cartId, Number(BigInt(row.amount) / UNITS_PER_CENT));
}

/** In the transaction `tx`: the payment settled and its order placed, each only if still pending; the answer. */
async function recordSettled(
  services: SettlementServices,
  tx: Db,
  row: PaymentRow,
  response: SettleResponse,
  request: SettlementRequest | undefined,
): Promise<SettledCheckout> {
  const [settled] = await tx
    .update(x402Payments)
    .set({ status: 'settled', transaction: response.transaction, settledAt: new Date(), leaseUntil: null })
    .where(and(eq(x402Payments.id, row.id), eq(x402Payments.status, 'pending')))
    .returning();
  const placed = await confirmOrder(tx, row.orderId);
  // The platform hears of an x402 order once it is placed; a pending one that never settles was never announced, so its void is not either.
  if (placed) await announcePlaced(services, tx, row.orderId, true);
  return settledAnswer(services, settled ?? row, request, response.transaction);
}

/** The 200 of a settled payment, with the payment response header in the payment's own version (and network form). */
function settledAnswer(services: SettlementServices, row: PaymentRow, request: SettlementRequest | undefined, transaction = row.transaction!): SettledCheckout {
  if (request) {
    const network = row.version === 1 ? services.x402.network.name : row.network;
    request.headers[row.version === 1 ? 'X-PAYMENT-RESPONSE' : 'PAYMENT-RESPONSE'] = encodePaymentResponseHeader({ success: true, transaction, network: network as `${string}:${string}`, payer: row.payer });
  }
  return {
    order_id: row.orderId,
    cart_id: row.cartId,
    status: 'placed',
    // The authorization's value is the order's total, to the cent (holdCart checked it).
    amount_cents: Number(BigInt(row.amount) / UNITS_PER_CENT),
    currency: 'USD',
    payment: { scheme: 'exact', network: row.network, asset: row.asset, amount: row.amount, payer: row.payer, transaction },
  };
}

/** A definite failure: the order voided (stock back), the payment failed, the cart open again with a fresh expiry and a message. */
export async function voidPayment(tx: Db, row: PaymentRow, reason: string, cartTtlHours: number): Promise<void> {
  await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, row.cartId)).for('update');
  const [failed] = await tx
    .update(x402Payments)
    .set({ status: 'failed', failureReason: reason, leaseUntil: null })
    .where(and(eq(x402Payments.id, row.id), eq(x402Payments.status, 'pending')))
    .returning({ id: x402Payments.id });
  if (!failed) return;
  await voidOrder(tx, row.orderId);
  const notice: CartNotice = {
    type: 'warning',
    code: 'payment_failed',
    message: `The x402 payment did not settle (${reason}), so order ${row.orderId} was voided and nothing was charged. The cart is open again: check out with a new payment.`,
    path: null,
  };
  await tx
    .update(carts)
    .set({ status: 'open', orderId: null, notices: [notice], updatedAt: new Date(), expiresAt: new Date(Date.now() + cartTtlHours * 3_600_000) })
    .where(eq(carts.id, row.cartId));
}

function facilitatorUnavailable(step: string, cause: unknown): ApiError {
  return new ApiError('service_unavailable', { message: `The payment facilitator did not answer the ${step}; nothing was charged. Retry after Retry-After.`, headers: { 'Retry-After': '5' }, cause });
}

const nowSeconds = () => BigInt(Math.floor(Date.now() / 1000));

/** Pending payments the sweep looks at per run. */
const SWEEP_BATCH = 100;

/**
 * Each minute, beside sweepExpired: pending payments older than twice the facilitator's timeout
 * whose lease lapsed (their request gave up, or its process died) are settled again, and those
 * past validBefore voided, by the same step 6. With a remote facilitator, one never sent to it
 * (no attempt) and past validBefore is voided without asking: no money can have moved; one sent
 * and unanswered is decided by the chain, or left for review (x402-lost-settle.ts).
 */
export async function sweepPayments(services: SettlementServices): Promise<{ settled: number; voided: number; pending: number }> {
  const db = fresh(services);
  const timeoutMs = services.config.x402.facilitatorTimeoutMs;
  const now = new Date();
  const due = await db
    .select()
    .from(x402Payments)
    .where(
      and(
        eq(x402Payments.status, 'pending'),
        lt(x402Payments.createdAt, new Date(now.getTime() - 2 * timeoutMs)),
        or(isNull(x402Payments.leaseUntil), lt(x402Payments.leaseUntil, now)),
        // Left for review (no chain to ask): an operator decides, not a retry each minute.
        services.x402.chain ? undefined : isNull(x402Payments.reviewSince),
      ),
    )
    .orderBy(x402Payments.createdAt)
    .limit(SWEEP_BATCH);
  const counts = { settled: 0, voided: 0, pending: 0 };
  for (const row of due) {
    if (!services.x402.ledger && row.settleAttempts === 0 && row.validBefore <= now) {
      await fresh(services).transaction((tx) => voidPayment(tx, row, 'invalid_exact_evm_payload_authorization_valid_before', services.config.cartTtlHours));
      counts.voided++;
      continue;
    }
    try {
      await settlePayment(services, row);
      counts.settled++;
    } catch (err) {
      if (err instanceof ApiError && err.code === 'payment_rejected') counts.voided++;
      else counts.pending++;
    }
  }
  return counts;
}
