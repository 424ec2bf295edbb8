/**
 * The chains x402 settles on here, with the USDC each uses, as @x402/evm's default-asset table
 * gives them: the x402 v1 name, the CAIP-2 id v2 uses, and the token's EIP-712 domain (`extra`),
 * which both the payer's signature and our check of it are made under.
 */
import { getDefaultAsset } from '@x402/evm';
import type { X402Config } from '../config';

export interface X402Network {
  /** x402 v1's name for it. */
  name: X402Config['network'];
  /** CAIP-2, as x402 v2 names it. */
  caip2: `eip155:${number}`;
  chainId: number;
  /** The USDC contract (EIP-3009). */
  asset: `0x${string}`;
  decimals: number;
  /** The token's EIP-712 domain name and version, as offered in `extra`. */
  extra: { name: string; version: string };
}

const CHAIN_IDS: Record<X402Config['network'], number> = { 'base-sepolia': 84532, base: 8453 };

export function x402Network(name: X402Config['network']): X402Network {
  const chainId = CHAIN_IDS[name];
  const caip2 = `eip155:${chainId}` as const;
  const usdc = getDefaultAsset(caip2);
  return { name, caip2, chainId, asset: usdc.asset as `0x${string}`, decimals: usdc.decimals, extra: { name: usdc.name, version: usdc.version } };
}

/** A network as a payment names it (v1 name or CAIP-2), in CAIP-2 form; undefined when it is neither of ours. */
export function caip2Of(network: string): string | undefined {
  if (/^eip155:\d+$/.test(network)) return network;
  return Object.hasOwn(CHAIN_IDS, network) ? `eip155:${CHAIN_IDS[network as X402Config['network']]}` : undefined;
}
