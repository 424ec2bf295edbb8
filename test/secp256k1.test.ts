/**
 * signerOf (server/lib/secp256k1.ts) names the same signer viem does for any key and digest, and
 * no one for what the chain would refuse: the high-s twin of a valid signature, a `v` that is not
 * 27 or 28 (the bare recovery id 0/1 included), a wrong length, r or s out of range.
 */
import fc from 'fast-check';
import { bytesToHex, keccak256, recoverAddress, toHex, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { signerOf } from '../server/lib/secp256k1';
import { bareRecoveryId, highSTwin } from './support/x402-agent';

const KEY: Hex = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const account = privateKeyToAccount(KEY);

const sign = (digest: Hex, key: Hex = KEY) => privateKeyToAccount(key).sign({ hash: digest });

describe('signerOf', () => {
  it('recovers the address viem recovers, for any key and digest', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.uint8Array({ minLength: 32, maxLength: 32 }), async (secret, message) => {
        const key = keccak256(secret);
        const digest = keccak256(message);
        const signature = await sign(digest, key);
        expect(signerOf(digest, signature)).toBe(await recoverAddress({ hash: digest, signature }));
        expect(signerOf(digest, signature)).toBe(privateKeyToAccount(key).address);
      }),
      { numRuns: 40 },
    );
  });

  it('names no one for v as the bare recovery id 0/1, though the curve accepts it: USDC’s ECRecover takes only 27/28', async () => {
    const digest = keccak256(toHex('order'));
    const bare = bareRecoveryId(await sign(digest));
    expect(await recoverAddress({ hash: digest, signature: bare })).toBe(account.address);
    expect(signerOf(digest, bare)).toBeUndefined();
  });

  it('names no one for the high-s twin of a valid signature, though the curve accepts it', async () => {
    const digest = keccak256(toHex('order'));
    const twin = highSTwin(await sign(digest));
    expect(await recoverAddress({ hash: digest, signature: twin })).toBe(account.address);
    expect(signerOf(digest, twin)).toBeUndefined();
  });

  it('names no one for a malformed signature', async () => {
    const digest = keccak256(toHex('order'));
    const signature = await sign(digest);
    const malformed: Hex[] = [
      signature.slice(0, 130) as Hex, // 64 bytes
      `${signature}00`, // 66 bytes
      `${signature.slice(0, 130)}1d` as Hex, // v = 29
      `${signature.slice(0, 130)}02` as Hex, // v = 2
      `0x${'00'.repeat(32)}${signature.slice(66)}` as Hex, // r = 0
      `0x${'ff'.repeat(64)}1b`, // r and s ≥ n
      bytesToHex(new Uint8Array(65)),
      `0x${'zz'.repeat(65)}` as Hex, // not hex
    ];
    for (const bad of malformed) expect(signerOf(digest, bad), bad).toBeUndefined();
  });

  it('names another signer for another digest', async () => {
    const signature = await sign(keccak256(toHex('order')));
    expect(signerOf(keccak256(toHex('another order')), signature)).not.toBe(account.address);
  });
});
