/**
 * Whether an EIP-3009 authorization paid us, as the chain says, for a remote facilitator's settle
 * whose answer was lost (X402_RPC_URL, through viem's public client). Asked only once validBefore
 * has passed: from then on nothing can move the authorization's money, so what the chain holds up
 * to a confirmed block is final.
 *
 * USDC's `authorizationState(authorizer, nonce)` is not enough: it is also true after
 * `cancelAuthorization`, or when the payer spent the nonce on another transfer. So the
 * `AuthorizationUsed(authorizer, nonce)` log is looked for between when the payment was recorded
 * and validBefore, and its transaction's receipt read: the token's `Transfer` log that follows it
 * must move `value` from the payer to `payTo`.
 */
import { createPublicClient, decodeEventLog, getAddress, http, isAddressEqual, parseAbi, type Block, type PublicClient } from 'viem';
import type { X402Network } from './networks';

/**
 * Blocks on top of the one whose answer is taken (20 s on Base, a block each 2 s): what a sequencer
 * reorganises is younger. validBefore + this wait is when a lost settle can end.
 */
export const CONFIRMATIONS = 10n;
/**
 * How long before the payment was recorded its transfer is looked for: the service's clock and
 * the chain's may differ (a transfer cannot be older than the payment, which the service records
 * before any facilitator sees it).
 */
const CLOCK_SKEW_SECONDS = 300n;

const EIP3009 = parseAbi(['event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)', 'event Transfer(address indexed from, address indexed to, uint256 value)']);

/** The authorization as the service recorded it (x402_payments), times in Unix seconds. */
export interface RecordedAuthorization {
  payer: `0x${string}`;
  nonce: `0x${string}`;
  value: bigint;
  payTo: `0x${string}`;
  /** When the service recorded the payment, before any facilitator could settle it. */
  recordedAt: bigint;
  validBefore: bigint;
}

export type ChainOutcome =
  /** The authorization moved `value` to payTo, in a confirmed block. */
  | { kind: 'paid'; transaction: `0x${string}` }
  /** Its nonce was used by a transfer that did not pay us (the payer spent it elsewhere). */
  | { kind: 'elsewhere'; transaction: `0x${string}` }
  /** Unused up to a confirmed block past validBefore: it can never move money now. */
  | { kind: 'unused' }
  /** No confirmed block past validBefore yet: ask again later. */
  | { kind: 'unconfirmed' };

export interface ChainReader {
  /** The endpoint's host, for the logs: an RPC URL often carries a provider's key in its path. */
  host: string;
  outcome(authorization: RecordedAuthorization): Promise<ChainOutcome>;
}

export function chainReader(rpcUrl: string, network: X402Network): ChainReader {
  // cacheTime 0: viem keeps the head it read for its polling interval (4 s); each question wants the head now.
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 1 }), cacheTime: 0 });
  return { host: new URL(rpcUrl).host, outcome: (a) => outcomeOn(client, network, a) };
}

async function outcomeOn(client: PublicClient, network: X402Network, a: RecordedAuthorization): Promise<ChainOutcome> {
  const chainId = await client.getChainId();
  if (chainId !== network.chainId) throw new Error(`X402_RPC_URL serves chain ${chainId}, not ${network.name} (${network.chainId})`);
  const head = await client.getBlockNumber();
  if (head < CONFIRMATIONS) return { kind: 'unconfirmed' };
  const confirmed = await client.getBlock({ blockNumber: head - CONFIRMATIONS });
  if (confirmed.timestamp < a.validBefore) return { kind: 'unconfirmed' };

  // Only blocks between the payment's recording and validBefore can hold its transfer (USDC
  // requires block.timestamp < validBefore): a bounded range, as providers cap eth_getLogs.
  const from = await lastBlockAtOrBefore(client, a.recordedAt - CLOCK_SKEW_SECONDS, await client.getBlock({ blockNumber: 0n }), confirmed);
  const to = await lastBlockAtOrBefore(client, a.validBefore, from, confirmed);
  const uses = await client.getContractEvents({
    address: network.asset,
    abi: EIP3009,
    eventName: 'AuthorizationUsed',
    args: { authorizer: a.payer, nonce: a.nonce },
    fromBlock: from.number!,
    toBlock: to.number!,
    strict: true,
  });
  const use = uses.find((log) => !log.removed);
  if (!use) return { kind: 'unused' };
  const receipt = await client.getTransactionReceipt({ hash: use.transactionHash });
  return paidUs(receipt.status === 'success' ? receipt.logs : [], use.logIndex, network, a) ? { kind: 'paid', transaction: use.transactionHash } : { kind: 'elsewhere', transaction: use.transactionHash };
}

/**
 * Whether the token's log right after the AuthorizationUsed one is the Transfer of `value` from
 * the payer to payTo. USDC emits the two in that order for one authorization; taking the next log,
 * not any matching Transfer, keeps a transaction that settles several authorizations of one payer
 * (a facilitator's batch) from crediting ours with another's transfer.
 */
function paidUs(logs: { address: `0x${string}`; logIndex: number | null; data: `0x${string}`; topics: readonly `0x${string}`[] }[], useIndex: number, network: X402Network, a: RecordedAuthorization): boolean {
  const next = logs.filter((l) => isAddressEqual(l.address, network.asset) && l.logIndex !== null && l.logIndex > useIndex).sort((x, y) => x.logIndex! - y.logIndex!)[0];
  if (!next) return false;
  try {
    const transfer = decodeEventLog({ abi: EIP3009, eventName: 'Transfer', data: next.data, topics: next.topics as [`0x${string}`, ...`0x${string}`[]] });
    return isAddressEqual(transfer.args.from, a.payer) && isAddressEqual(transfer.args.to, getAddress(a.payTo)) && transfer.args.value === a.value;
  } catch {
    return false; // not a Transfer
  }
}

/**
 * The last block whose timestamp is at most `t`, between `lo` and `hi` (lo's if t precedes it,
 * hi's if t follows it): interpolated from the timestamps (two reads on a chain of even block
 * times), every other step halved so that an uneven chain still ends in log2 steps.
 */
async function lastBlockAtOrBefore(client: PublicClient, t: bigint, lo: Block, hi: Block): Promise<Block> {
  if (t < lo.timestamp) return lo;
  if (t >= hi.timestamp) return hi;
  for (let step = 0; hi.number! - lo.number! > 1n; step++) {
    const span = hi.number! - lo.number!;
    const guess = step % 2 === 0 ? lo.number! + ((t - lo.timestamp) * span) / (hi.timestamp - lo.timestamp) : lo.number! + span / 2n;
    const at = await client.getBlock({ blockNumber: clamp(guess, lo.number! + 1n, hi.number! - 1n) });
    if (at.timestamp <= t) lo = at;
    else hi = at;
  }
  return lo;
}

const clamp = (n: bigint, min: bigint, max: bigint) => (n < min ? min : n > max ? max : n);
