/**
 * lib/ed25519.ts verifies with libsodium where its addon loads, else with node:crypto.
 * Both must answer alike for every signature a signer can make or an attacker can alter, so that
 * a platform without the addon behaves as one with it. Where they may differ, on keys of small
 * order, libsodium's refusal is held here too.
 */
import { createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ED25519_BACKEND, ed25519Verifier, type Ed25519Backend } from '../server/lib/ed25519';

const BACKENDS: Ed25519Backend[] = ED25519_BACKEND === 'libsodium' ? ['libsodium', 'node:crypto'] : ['node:crypto'];
/** The group order L: an S of L or more is not a canonical signature. */
const L = 2n ** 252n + 27742317777372353535851937790883648493n;

const publicKey = (x: Buffer) => createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: x.toString('base64url') }, format: 'jwk' });
const hex = (text: string) => Buffer.from(text, 'hex');

/** Both backends' answers for one check. */
function answers(key: ReturnType<typeof publicKey>, data: Buffer, signature: Buffer): boolean[] {
  return BACKENDS.map((backend) => ed25519Verifier(key, backend)(data, signature));
}

describe('Ed25519 verification', () => {
  it('uses libsodium on glibc Linux, where sodium-native ships a prebuilt addon', (ctx) => {
    const glibc = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header?.glibcVersionRuntime;
    if (process.platform !== 'linux' || !['x64', 'arm64'].includes(process.arch) || !glibc) return ctx.skip('no prebuilt addon for this platform');
    try {
      createRequire(import.meta.url).resolve('sodium-native');
    } catch {
      return ctx.skip('sodium-native is not installed (npm install --omit=optional)');
    }
    expect(ED25519_BACKEND).toBe('libsodium');
  });

  it('accepts RFC 8032’s first test vector and refuses it altered', () => {
    const key = publicKey(hex('d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a'));
    const signature = hex('e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b');
    expect(answers(key, Buffer.alloc(0), signature)).toEqual(BACKENDS.map(() => true));
    expect(answers(key, Buffer.from('x'), signature)).toEqual(BACKENDS.map(() => false));
  });

  it('answers alike on either backend for signed, altered, truncated and foreign signatures', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(), fc.integer({ min: 0, max: 7 }), (bytes, at, bit) => {
        const data = Buffer.from(bytes);
        const { publicKey: key, privateKey } = generateKeyPairSync('ed25519');
        const signature = sign(null, data, privateKey);
        const flipped = Buffer.from(signature);
        flipped[at % 64] ^= 1 << bit;
        const other = Buffer.from(data);
        if (other.length) other[at % other.length] ^= 1 << bit;
        const foreign = generateKeyPairSync('ed25519').publicKey;
        const cases: [typeof key, Buffer, Buffer, boolean][] = [
          [key, data, signature, true],
          [key, data, flipped, false],
          [key, Buffer.concat([data, Buffer.from([0])]), signature, false],
          [foreign, data, signature, false],
          [key, data, signature.subarray(0, 63), false],
          [key, data, Buffer.concat([signature, Buffer.from([0])]), false],
          [key, data, Buffer.alloc(0), false],
        ];
        if (other.length) cases.push([key, other, signature, false]);
        for (const [k, d, s, expected] of cases) expect(answers(k, d, s)).toEqual(BACKENDS.map(() => expected));
      }),
      { numRuns: 50 },
    );
  });

  it('refuses an S of L or more (the same signature made malleable)', () => {
    const data = Buffer.from('GET /api/agent/platform/limits');
    const { publicKey: key, privateKey } = generateKeyPairSync('ed25519');
    const signature = sign(null, data, privateKey);
    const s = BigInt(`0x${Buffer.from(signature.subarray(32)).reverse().toString('hex')}`) + L;
    const malleable = Buffer.concat([signature.subarray(0, 32), Buffer.from(s.toString(16).padStart(64, '0'), 'hex').reverse()]);
    expect(answers(key, data, signature)).toEqual(BACKENDS.map(() => true));
    expect(answers(key, data, malleable)).toEqual(BACKENDS.map(() => false));
  });

  it('with libsodium, a key of small order verifies nothing: the identity’s trivial forgery is refused', (ctx) => {
    if (ED25519_BACKEND !== 'libsodium') return ctx.skip('sodium-native did not load on this platform');
    const identity = Buffer.alloc(32);
    identity[0] = 1;
    const forgery = Buffer.concat([identity, Buffer.alloc(32)]); // R = the identity, S = 0
    // node:crypto's answer is its OpenSSL's: 3.0 (Node 20) accepts this forgery, 3.5 (Node 24) refuses it.
    expect(ed25519Verifier(publicKey(identity), 'libsodium')(Buffer.from('any request'), forgery)).toBe(false);
  });
});
