/**
 * Who signed a digest: the Ethereum address whose key made a 65-byte secp256k1 signature (r ‖ s ‖ v).
 * libsecp256k1 compiled to WASM (tiny-secp256k1) recovers the key in ~0.9 ms of CPU here, where
 * viem's JavaScript (@noble/curves) takes ~5 ms, about a quarter of what an x402 checkout cost the
 * service's CPU before (docs/benchmarks.md, bench:cart).
 */
import { recover } from 'tiny-secp256k1';
import { getAddress, hexToBytes, keccak256, type Address, type Hex } from 'viem';

/** Half the curve's order: a larger s is the malleable twin of a valid signature, which EIP-2 (and USDC's ECRecover) refuses. */
const HALF_ORDER = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

/**
 * The address that signed `digest`, or undefined when `signature` is not one the chain takes:
 * low-s, and `v` 27 or 28. USDC's ECRecover refuses any other `v`, the bare recovery id 0/1 that
 * some signers write included, so a payment signed so would be accepted here and fail on chain.
 */
export function signerOf(digest: Hex, signature: Hex): Address | undefined {
  try {
    const bytes = hexToBytes(signature);
    if (bytes.length !== 65) return undefined;
    const recoveryId = bytes[64] - 27;
    if ((recoveryId !== 0 && recoveryId !== 1) || BigInt(`0x${signature.slice(66, 130)}`) > HALF_ORDER) return undefined;
    const key = recover(hexToBytes(digest), bytes.subarray(0, 64), recoveryId, false);
    // The address is the last 20 bytes of the keccak256 of the uncompressed key without its 0x04 prefix.
    return key ? getAddress(`0x${keccak256(key.subarray(1)).slice(-40)}`) : undefined;
  } catch {
    // Not hex, r or s out of range, or r no point's x: no one's signature.
    return undefined;
  }
}
