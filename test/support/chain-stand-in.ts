/**
 * A local stand-in for a chain's JSON-RPC endpoint (X402_RPC_URL), answering what viem's public
 * client asks when the settlement looks a lost settle up: eth_chainId, eth_blockNumber,
 * eth_getBlockByNumber, eth_getLogs and eth_getTransactionReceipt, as a node answers them.
 *
 * Its blocks follow the process clock (the faked one, in a test that sets it): block n is
 * `genesis + 2n` seconds, as Base makes one each 2 s, and the head is the last block not in the
 * future. A transfer recorded now (`transferWithAuthorization`) lands in the next block, with
 * USDC's two logs: AuthorizationUsed(authorizer, nonce), then Transfer(from, to, value).
 */
import type { AddressInfo } from 'node:net';
import { encodeAbiParameters, encodeEventTopics, keccak256, numberToHex, parseAbi, toHex, type Hex } from 'viem';
import { x402Network, type X402Network } from '../../server/x402/networks';
import { standInServer } from './stand-in-server';

const EIP3009 = parseAbi(['event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)', 'event Transfer(address indexed from, address indexed to, uint256 value)']);
const BLOCK_SECONDS = 2;

export interface ChainTransfer {
  from: Hex;
  to: Hex;
  value: bigint;
  nonce: Hex;
}

interface RpcLog {
  address: Hex;
  topics: Hex[];
  data: Hex;
  blockNumber: Hex;
  blockHash: Hex;
  transactionHash: Hex;
  transactionIndex: Hex;
  logIndex: Hex;
  removed: false;
}

export interface ChainStandin {
  url: string;
  env: { X402_RPC_URL: string };
  /** The JSON-RPC methods called, in order. */
  calls: string[];
  /** A transferWithAuthorization mined in the next block; its transaction hash. */
  transferWithAuthorization(transfer: ChainTransfer): Hex;
  /** The number of the last block not in the future. */
  head(): number;
  close(): Promise<void>;
}

export async function startChainStandin(opts: { network?: X402Network } = {}): Promise<ChainStandin> {
  const network = opts.network ?? x402Network('base-sepolia');
  // Ten days of blocks before now: a search for a block by its time has a real chain's depth to cross.
  const genesis = Math.floor(Date.now() / 1000) - 10 * 86_400;
  const head = () => Math.floor((Date.now() / 1000 - genesis) / BLOCK_SECONDS);
  const blockHash = (n: number) => keccak256(toHex(`block ${n}`));
  const logs: RpcLog[] = [];
  const calls: string[] = [];

  function block(n: number) {
    if (n < 0 || n > head()) return null;
    const number = numberToHex(n);
    return { number, hash: blockHash(n), parentHash: blockHash(n - 1), timestamp: numberToHex(genesis + n * BLOCK_SECONDS), transactions: [], gasLimit: '0x1c9c380', gasUsed: '0x0', baseFeePerGas: '0x1' };
  }

  function blockNumberOf(tag: unknown): number {
    if (tag === 'latest' || tag === 'safe' || tag === 'finalized' || tag === undefined) return head();
    if (tag === 'earliest') return 0;
    return Number(BigInt(tag as string));
  }

  function matches(log: RpcLog, filter: { address?: Hex | Hex[]; topics?: (Hex | Hex[] | null)[]; fromBlock?: string; toBlock?: string }): boolean {
    const n = Number(BigInt(log.blockNumber));
    if (n < blockNumberOf(filter.fromBlock ?? 'latest') || n > blockNumberOf(filter.toBlock ?? 'latest')) return false;
    const addresses = filter.address === undefined ? undefined : [filter.address].flat().map((a) => a.toLowerCase());
    if (addresses && !addresses.includes(log.address.toLowerCase())) return false;
    return (filter.topics ?? []).every((want, i) => want === null || [want].flat().some((t) => t.toLowerCase() === log.topics[i]?.toLowerCase()));
  }

  function receipt(hash: string) {
    const own = logs.filter((l) => l.transactionHash === hash);
    if (!own.length || Number(BigInt(own[0].blockNumber)) > head()) return null;
    const { blockNumber, blockHash: bh, transactionIndex } = own[0];
    return {
      transactionHash: hash,
      blockNumber,
      blockHash: bh,
      transactionIndex,
      from: '0x000000000000000000000000000000000000fac1',
      to: network.asset,
      status: '0x1',
      type: '0x2',
      gasUsed: '0x186a0',
      cumulativeGasUsed: '0x186a0',
      effectiveGasPrice: '0x1',
      contractAddress: null,
      logsBloom: `0x${'00'.repeat(256)}`,
      logs: own,
    };
  }

  function answer(method: string, params: any[]): unknown {
    switch (method) {
      case 'eth_chainId':
        return numberToHex(network.chainId);
      case 'eth_blockNumber':
        return numberToHex(head());
      case 'eth_getBlockByNumber':
        return block(blockNumberOf(params[0]));
      case 'eth_getLogs':
        // Only what is mined: a log of a block still in the future is not there yet.
        return logs.filter((l) => Number(BigInt(l.blockNumber)) <= head() && matches(l, params[0]));
      case 'eth_getTransactionReceipt':
        return receipt(params[0]);
      default:
        throw new Error(`the chain stand-in does not answer ${method}`);
    }
  }

  const server = standInServer((req, res, { raw }) => {
    const request = JSON.parse(raw);
    const one = (r: { id: unknown; method: string; params?: any[] }) => {
      calls.push(r.method);
      try {
        return { jsonrpc: '2.0', id: r.id, result: answer(r.method, r.params ?? []) };
      } catch (err) {
        return { jsonrpc: '2.0', id: r.id, error: { code: -32601, message: (err as Error).message } };
      }
    };
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(Array.isArray(request) ? request.map(one) : one(request)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    env: { X402_RPC_URL: url },
    calls,
    head,
    transferWithAuthorization({ from, to, value, nonce }) {
      const n = head() + 1;
      const transactionHash = keccak256(toHex(`transfer ${from} ${nonce} ${logs.length}`));
      const at = { blockNumber: numberToHex(n), blockHash: blockHash(n), transactionHash, transactionIndex: '0x0' as Hex, removed: false as const };
      logs.push(
        { ...at, address: network.asset, topics: encodeEventTopics({ abi: EIP3009, eventName: 'AuthorizationUsed', args: { authorizer: from, nonce } }) as Hex[], data: '0x', logIndex: '0x0' },
        { ...at, address: network.asset, topics: encodeEventTopics({ abi: EIP3009, eventName: 'Transfer', args: { from, to } }) as Hex[], data: encodeAbiParameters([{ type: 'uint256' }], [value]), logIndex: '0x1' },
      );
      return transactionHash;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
