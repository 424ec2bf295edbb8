/**
 * The hand-packed EIP-712 digest of a TransferWithAuthorization (x402/authorization-digest.ts)
 * against viem's generic hashTypedData, over random authorizations on both chains, the edges of
 * uint256 included, and with the wallets' own signatures recovered through it.
 */
import { randomBytes } from 'node:crypto';
import { authorizationTypes } from '@x402/evm';
import { hashTypedData } from 'viem';
import { describe, expect, it } from 'vitest';
import { signerOf } from '../server/lib/secp256k1';
import { authorizationDigest } from '../server/x402/authorization-digest';
import { x402Network } from '../server/x402/networks';
import type { Authorization } from '../server/x402/payment';
import { WALLETS } from './support/x402-agent';

const NETWORKS = [x402Network('base-sepolia'), x402Network('base')];
const UINT256_MAX = 2n ** 256n - 1n;

const hex = (bytes: number) => `0x${randomBytes(bytes).toString('hex')}` as `0x${string}`;
/** A uint256 of random width, the edges among them. */
function uint(): bigint {
  const pick = randomBytes(1)[0] % 8;
  if (pick === 0) return 0n;
  if (pick === 1) return UINT256_MAX;
  return BigInt(hex(1 + (randomBytes(1)[0] % 32)));
}

function randomAuthorization(): Authorization {
  const address = () => (randomBytes(1)[0] % 2 ? hex(20).toUpperCase().replace('0X', '0x') : hex(20)) as `0x${string}`;
  return { from: address(), to: address(), value: uint(), validAfter: uint(), validBefore: uint(), nonce: hex(32) };
}

const viemDigest = (network: (typeof NETWORKS)[number], message: Authorization) =>
  hashTypedData({
    domain: { name: network.extra.name, version: network.extra.version, chainId: network.chainId, verifyingContract: network.asset },
    types: authorizationTypes,
    primaryType: 'TransferWithAuthorization',
    message: { ...message, from: message.from.toLowerCase() as `0x${string}`, to: message.to.toLowerCase() as `0x${string}` },
  });

describe('authorizationDigest', () => {
  it('equals viem’s hashTypedData for 500 random authorizations on each chain', () => {
    for (const network of NETWORKS) {
      for (let i = 0; i < 500; i++) {
        const a = randomAuthorization();
        expect(authorizationDigest(network, a), JSON.stringify(a, (_, v) => (typeof v === 'bigint' ? String(v) : v))).toBe(viemDigest(network, a));
      }
    }
  });

  it('recovers the wallet that signed the authorization with viem, and no one else for another chain’s', async () => {
    const [sepolia, base] = NETWORKS;
    const a: Authorization = { ...randomAuthorization(), from: WALLETS.alice.address, to: hex(20), value: 18_000_000n, validAfter: 0n, validBefore: 2n ** 40n };
    const signature = await WALLETS.alice.signTypedData({
      domain: { name: sepolia.extra.name, version: sepolia.extra.version, chainId: sepolia.chainId, verifyingContract: sepolia.asset },
      types: authorizationTypes,
      primaryType: 'TransferWithAuthorization',
      message: a,
    });
    expect(signerOf(authorizationDigest(sepolia, a), signature)).toBe(WALLETS.alice.address);
    expect(signerOf(authorizationDigest(base, a), signature)).not.toBe(WALLETS.alice.address);
  });
});
