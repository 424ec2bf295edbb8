/**
 * The local facilitator, used when no X402_FACILITATOR_URL is set: x402's verify, settle and
 * supported over a ledger in the database instead of a chain. No money moves. Balances are rows
 * (`x402_ledger_accounts`, atomic units of the asset); an address the ledger has not seen holds
 * X402_LOCAL_BALANCE; `npm run x402:fund` tops one up. Each settled authorization is one transfer
 * (`x402_ledger_transfers`, unique per network, asset, from and nonce, as EIP-3009 nonces are
 * single-use on the token), and its `transaction` is the keccak256 of the signature, so settling
 * the same authorization again finds it and answers the same success.
 *
 * Reasons are @x402/evm's words, as a facilitator on the chain would give them.
 */
import type { FacilitatorClient } from '@x402/core/http';
import type { Network, PaymentPayload, PaymentRequirements, SettleResponse, SupportedResponse, VerifyResponse } from '@x402/core/types';
import { and, eq, sql } from 'drizzle-orm';
import { getAddress, keccak256 } from 'viem';
import type { Db } from '../db/client';
import { ApiError } from '../errors/catalogue';
import { x402LedgerAccounts as accounts, x402LedgerTransfers as transfers } from '../db/schema';
import { preparedRows } from '../db/prepared';
import { newId } from '../lib/ids';
import { signedByPayer, termsReason, transferReason } from './checks';
import { caip2Of, type X402Network } from './networks';
import { authorizationKey, parseSentPayment, type SentPayment } from './payment';

export const INSUFFICIENT_BALANCE = 'invalid_exact_evm_insufficient_balance';
const NONCE_USED = 'invalid_exact_evm_nonce_already_used';
const EXPIRED = 'invalid_exact_evm_payload_authorization_valid_before';
/** @x402/evm's word for a payload that is not an exact EVM authorization. */
const UNREADABLE = 'unsupported_payload_type';
/** Postgres's bigint, what a balance or a transfer's value can be at most. */
const INT8_MAX = 2n ** 63n - 1n;

export interface LedgerOptions {
  network: X402Network;
  /** What an address the ledger has not seen holds, in the asset's atomic units (X402_LOCAL_BALANCE). */
  localBalance: number;
}

/** What the requirements ask, read in the payment's own version. */
interface Required {
  scheme: string;
  /** As the requirements name it (a v1 name or CAIP-2): echoed in the answers. */
  network: string;
  asset: string | undefined;
  payTo: string;
  amount: bigint;
  resource: string | undefined;
  maxTimeoutSeconds: number;
}

/** A transfer as settle compares it (the value as text: a bigint past 2^53 reads exactly). */
interface Transfer {
  to: string;
  value: string;
  transaction: string;
}

/** A refusal thrown out of the transaction the transfer is written in, so that what it wrote rolls back. */
export class LedgerRefusal extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

// Every settle runs this, built once (db/prepared.ts): drizzle's builder cost ~0.3 ms of Node CPU a
// statement here (bench:cart's --cpu-prof of the service settling).
type TransferValues = { id: string; network: string; chain: string; asset: string; from: string; to: string; value: string; nonce: string; transaction: string; balance: string; now: string };
/**
 * A transfer in one statement (four round trips before): recorded unless the authorization's
 * exists (it waits on the index for one in flight), and only then the value moved. The parties'
 * accounts are upserted in address order, so two transfers in opposite directions wait for each
 * other instead of deadlocking; an unseen address starts from X402_LOCAL_BALANCE (`balance`). A
 * party is moved only if it holds what it pays (`pays`, the value for the payer, nothing for a
 * payee; a payment to oneself still needs the value), read on the row as it stands once locked;
 * an unseen payer too poor is left out. The row proposed for an existing account is never
 * written, but Postgres checks it against `balance >= 0` first: it is kept at zero or above. `moved` short of
 * `parties` means the payer held too little, and the caller rolls back what was written.
 */
const transferAndMove = preparedRows<TransferValues, { made: string | null; parties: number; moved: number }>(
  'ledger_transfer_move',
  sql`WITH made AS (
        INSERT INTO x402_ledger_transfers (id, network, asset, from_address, to_address, value, nonce, transaction)
        VALUES (${sql.placeholder('id')}, ${sql.placeholder('network')}, ${sql.placeholder('asset')}, ${sql.placeholder('from')}, ${sql.placeholder('to')},
                ${sql.placeholder('value')}::bigint, ${sql.placeholder('nonce')}, ${sql.placeholder('transaction')})
        ON CONFLICT DO NOTHING RETURNING id
      ), parties AS (
        SELECT address, sum(delta) AS delta, max(pays) AS pays
        FROM (VALUES (${sql.placeholder('from')}::text, -${sql.placeholder('value')}::bigint, ${sql.placeholder('value')}::bigint),
                     (${sql.placeholder('to')}::text, ${sql.placeholder('value')}::bigint, 0::bigint)) AS m(address, delta, pays)
        GROUP BY address
      ), moved AS (
        INSERT INTO x402_ledger_accounts AS a (network, asset, address, balance, updated_at)
        SELECT ${sql.placeholder('chain')}, ${sql.placeholder('asset')}, p.address, greatest(${sql.placeholder('balance')}::bigint + p.delta, 0), ${sql.placeholder('now')}::timestamptz
        FROM parties p
        WHERE EXISTS (SELECT 1 FROM made)
          AND (${sql.placeholder('balance')}::bigint >= p.pays
               OR EXISTS (SELECT 1 FROM x402_ledger_accounts e WHERE e.network = ${sql.placeholder('chain')} AND e.asset = ${sql.placeholder('asset')} AND e.address = p.address))
        ORDER BY p.address
        ON CONFLICT (network, asset, address) DO UPDATE SET balance = a.balance + (SELECT delta FROM parties WHERE parties.address = a.address), updated_at = EXCLUDED.updated_at
        WHERE a.balance >= (SELECT pays FROM parties WHERE parties.address = a.address)
        RETURNING a.address
      )
      SELECT (SELECT id FROM made) AS made, (SELECT count(*) FROM parties)::int AS parties, (SELECT count(*) FROM moved)::int AS moved`,
);

export class Ledger implements FacilitatorClient {
  readonly network: X402Network;
  readonly localBalance: number;

  /** `db` gives a handle under a fresh database deadline: a settle must not spend its caller's. */
  constructor(
    private readonly db: () => Db,
    opts: LedgerOptions,
  ) {
    this.network = opts.network;
    this.localBalance = opts.localBalance;
  }

  /**
   * Every check, standalone: the requirements are ours, the payment's terms meet them, `from`
   * signed it, its nonce is unused and `from` holds the value. x402 v2 requirements name no
   * resource (it is the PaymentRequired's, beside them), so a v2 payment is held to a resource
   * only when both the requirements (v1's `resource` field, or v2 requirements a caller extended)
   * and the payment name one: whether a payment is for this checkout is the service's check
   * (checks.ts), made before any facilitator is asked.
   */
  async verify(payload: PaymentPayload, requirements: PaymentRequirements): Promise<VerifyResponse> {
    const read = readRequest(payload, requirements);
    if (typeof read === 'string') return { isValid: false, invalidReason: UNREADABLE, invalidMessage: `The payment ${read}` };
    const { payment: p, required } = read;
    const payer = getAddress(p.authorization.from);
    const refuse = (invalidReason: string): VerifyResponse => ({ isValid: false, invalidReason, payer });

    const held = required.resource !== undefined && p.resourceUrl !== undefined;
    const terms =
      this.requirementsReason(required) ??
      termsReason(held ? p : { ...p, resourceUrl: '' }, {
        network: this.network,
        payTo: required.payTo as `0x${string}`,
        amount: required.amount,
        resource: held ? required.resource! : '',
        now: nowSeconds(),
        maxTimeoutSeconds: required.maxTimeoutSeconds,
      });
    if (terms) return refuse(terms);
    if (!signedByPayer(p, this.network)) return refuse('invalid_exact_evm_signature');
    if (await this.transferOf(this.db(), p)) return refuse(NONCE_USED);
    const poor = await this.balanceReason(p);
    if (poor) return refuse(poor);
    return { isValid: true, payer };
  }

  /**
   * The transfer, in one transaction. It does not check the signature again: the service checked
   * it once in this request (checks.ts, "one signature check per request"), and a settle retried
   * later (a 503 answered, the sweep) sends the payment it accepted then. Besides what the
   * transfer is (chain, recipient, amount), only what can change between verify and settle is
   * checked: the nonce (another settle may have used it) and validBefore (time passed);
   * validAfter only moves further into the past.
   *
   * Concurrent settles of one authorization meet on the transfer's unique index: the second
   * insert waits for the first transaction, then finds its transfer and answers as a repeat (or,
   * the first rolled back, goes on). Two authorizations of one wallet meet on its account row:
   * the second debit waits, then sees the balance the first left.
   */
  async settle(payload: PaymentPayload, requirements: PaymentRequirements): Promise<SettleResponse> {
    const read = readRequest(payload, requirements);
    const network = requirements.network;
    if (typeof read === 'string') return { success: false, errorReason: UNREADABLE, errorMessage: `The payment ${read}`, transaction: '', network };
    const { payment: p, required } = read;
    const payer = getAddress(p.authorization.from);
    const answer = (reason: string | undefined, transaction = ''): SettleResponse =>
      reason ? { success: false, errorReason: reason, payer, transaction: '', network } : { success: true, payer, transaction, network };
    // The same authorization settled again answers the same success; its nonce under another signature is spent.
    const repeat = (prior: Transfer) => {
      const same = prior.transaction === transactionOf(p) && prior.to === getAddress(p.authorization.to) && BigInt(prior.value) === p.authorization.value;
      return answer(same ? undefined : NONCE_USED, prior.transaction);
    };

    const terms = this.requirementsReason(required) ?? transferReason(p, { network: this.network, payTo: required.payTo as `0x${string}`, amount: required.amount });
    if (terms) return answer(terms);
    // More than a bigint holds is more than any balance (and would not fit the transfer's row).
    if (p.authorization.value > INT8_MAX) return answer(INSUFFICIENT_BALANCE);
    try {
      return await this.db().transaction(async (tx) => {
        const prior = await this.transferOf(tx, p);
        if (prior) return repeat(prior);
        if (p.authorization.validBefore <= nowSeconds()) return answer(EXPIRED);
        const transaction = await this.transfer(tx, p);
        // A settle of the same authorization committed while this one waited on the index.
        return transaction ? answer(undefined, transaction) : repeat((await this.transferOf(tx, p))!);
      });
    } catch (err) {
      if (err instanceof LedgerRefusal) return answer(err.reason);
      throw err;
    }
  }

  /**
   * The transfer of a payment the service checked, as one step of the caller's transaction `tx`
   * (the settlement’s, which places the order in it: payments/x402-settlement.ts): nothing is
   * asked of the payment but what settle holds it to besides its terms. A nonce used meanwhile or a
   * balance spent meanwhile throws LedgerRefusal, and the caller rolls back. Answers the transfer's
   * transaction, as settle answers it.
   */
  async transferIn(tx: Db, p: SentPayment): Promise<`0x${string}`> {
    if (p.authorization.value > INT8_MAX) throw new LedgerRefusal(INSUFFICIENT_BALANCE);
    if (p.authorization.validBefore <= nowSeconds()) throw new LedgerRefusal(EXPIRED);
    const transaction = await this.transfer(tx, p);
    if (!transaction) throw new LedgerRefusal(NONCE_USED);
    return transaction;
  }

  async getSupported(): Promise<SupportedResponse> {
    return {
      kinds: [
        { x402Version: 1, scheme: 'exact', network: this.network.name as Network },
        { x402Version: 2, scheme: 'exact', network: this.network.caip2 },
      ],
      extensions: [],
      // No signer: the ledger sends no transaction anywhere.
      signers: {},
    };
  }

  /**
   * Whether `from` holds the payment's value now: the read-only check verify makes. Settle checks
   * again, under the account's lock.
   */
  async balanceReason(payment: SentPayment): Promise<typeof INSUFFICIENT_BALANCE | undefined> {
    return this.shortOf(payment, await this.balance(payment.authorization.from));
  }

  /** The same, of a balance read by the caller (accountKey's row, with a statement of its own). */
  shortOf(payment: SentPayment, balance: bigint): typeof INSUFFICIENT_BALANCE | undefined {
    return balance >= payment.authorization.value ? undefined : INSUFFICIENT_BALANCE;
  }

  /** What `address` holds, in atomic units: X402_LOCAL_BALANCE until the ledger has seen it. */
  async balance(address: string): Promise<bigint> {
    const [row] = await this.db()
      .select({ balance: sql<string>`${accounts.balance}::text` })
      .from(accounts)
      .where(this.account(address));
    return this.held(row?.balance);
  }

  /** An account's balance as read (text, or undefined when the ledger has no row for it yet), in atomic units. */
  held(balance: string | null | undefined): bigint {
    return BigInt(balance ?? this.localBalance);
  }

  /**
   * Adds `units` to `address` (an unseen address starts from X402_LOCAL_BALANCE); the new balance.
   * `db` is the caller's transaction when it has one (the admin API's). A balance past a bigint is
   * refused (x402_ledger_balance_limit), before Postgres's overflow would fail the statement.
   */
  async fund(address: string, units: bigint, db: Db = this.db()): Promise<bigint> {
    if (units <= 0n) throw new RangeError(`a top-up is a positive amount, got ${units}`);
    const tooMuch = () => new ApiError('x402_ledger_balance_limit', { details: { max_balance: String(INT8_MAX) } });
    if (BigInt(this.localBalance) + units > INT8_MAX) throw tooMuch();
    const [row] = await db
      .insert(accounts)
      .values({ ...this.accountKey(address), balance: sql`${String(this.localBalance)}::bigint + ${String(units)}::bigint` })
      .onConflictDoUpdate({
        target: [accounts.network, accounts.asset, accounts.address],
        set: { balance: sql`${accounts.balance} + ${String(units)}::bigint`, updatedAt: new Date() },
        setWhere: sql`${accounts.balance} <= ${String(INT8_MAX - units)}::bigint`,
      })
      .returning({ balance: sql<string>`${accounts.balance}::text` });
    if (!row) throw tooMuch();
    return BigInt(row.balance);
  }

  /** The requirements name this ledger's scheme, chain and asset. */
  private requirementsReason(required: Required): string | undefined {
    if (required.scheme !== 'exact') return 'invalid_exact_evm_scheme';
    if (caip2Of(required.network) !== this.network.caip2) return 'invalid_exact_evm_network_mismatch';
    if (required.asset !== undefined && required.asset.toLowerCase() !== this.network.asset.toLowerCase()) return 'invalid_exact_evm_network_mismatch';
    return undefined;
  }

  /**
   * The transfer recorded and the value moved, in `tx`; undefined, with nothing written, when the
   * authorization's transfer exists already (it waited on the index for one that committed).
   * Throws LedgerRefusal when the payer holds too little: the caller rolls back the transfer.
   */
  private async transfer(tx: Db, p: SentPayment): Promise<`0x${string}` | undefined> {
    const transaction = transactionOf(p);
    const [done] = await transferAndMove(tx, {
      id: newId('ltr'),
      ...this.authorizationKey(p),
      chain: this.network.caip2,
      to: getAddress(p.authorization.to),
      value: String(p.authorization.value),
      transaction,
      balance: String(this.localBalance),
      now: new Date().toISOString(),
    });
    if (done.made === null) return undefined;
    if (done.moved !== done.parties) throw new LedgerRefusal(INSUFFICIENT_BALANCE);
    return transaction;
  }

  private transferOf(db: Db, p: SentPayment): Promise<Transfer | undefined> {
    const key = this.authorizationKey(p);
    return db
      .select({ to: transfers.to, value: sql<string>`${transfers.value}::text`, transaction: transfers.transaction })
      .from(transfers)
      .where(and(eq(transfers.network, key.network), eq(transfers.asset, key.asset), eq(transfers.from, key.from), eq(transfers.nonce, key.nonce)))
      .then((rows) => rows[0]);
  }

  /** The authorization's identity, as the settlement looks it up (x402/payment.ts), in the transfer's columns. */
  private authorizationKey(p: SentPayment) {
    const { network, asset, payer, nonce } = authorizationKey(p, this.network.asset);
    return { network, asset, from: payer, nonce };
  }

  /** The account row of `address` on this ledger's chain and asset. */
  accountKey(address: string) {
    return { network: this.network.caip2, asset: this.network.asset, address: getAddress(address) };
  }

  private account(address: string) {
    const key = this.accountKey(address);
    return and(eq(accounts.network, key.network), eq(accounts.asset, key.asset), eq(accounts.address, key.address));
  }
}

/**
 * The payment and the requirements, each in the payment's own version; a phrase when the payment
 * cannot be read. Requirements without the amount or recipient are the caller's mistake: thrown.
 */
function readRequest(payload: PaymentPayload, requirements: PaymentRequirements): { payment: SentPayment; required: Required } | string {
  const version = (payload as { x402Version?: unknown }).x402Version === 1 ? 1 : 2;
  const payment = parseSentPayment(payload, version);
  if (typeof payment === 'string') return payment;
  const r = requirements as unknown as Record<string, unknown>;
  const amount = version === 1 ? r.maxAmountRequired : r.amount;
  const maxTimeoutSeconds = r.maxTimeoutSeconds;
  if (typeof amount !== 'string' || !/^\d+$/.test(amount) || typeof r.payTo !== 'string' || typeof r.network !== 'string' || !Number.isSafeInteger(maxTimeoutSeconds)) {
    throw new TypeError(`x402 v${version} requirements need scheme, network, payTo, maxTimeoutSeconds and ${version === 1 ? 'maxAmountRequired' : 'amount'}: ${JSON.stringify(requirements)}`);
  }
  return {
    payment,
    required: {
      scheme: String(r.scheme),
      network: r.network,
      asset: typeof r.asset === 'string' ? r.asset : undefined,
      payTo: r.payTo,
      amount: BigInt(amount),
      resource: typeof r.resource === 'string' ? r.resource : undefined,
      maxTimeoutSeconds: maxTimeoutSeconds as number,
    },
  };
}

const nowSeconds = () => BigInt(Math.floor(Date.now() / 1000));

/** The ledger's transaction of an authorization: the keccak256 of its signature. */
export function transactionOf(p: Pick<SentPayment, 'signature'>): `0x${string}` {
  return keccak256(p.signature);
}
