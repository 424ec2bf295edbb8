/**
 * Ed25519 verification, with libsodium where its addon loads, else with node:crypto.
 *
 * For a signed agent (RFC 9421, Web Bot Auth) the verification is most of what its call costs.
 * OpenSSL 3's one-shot EdDSA verification, which node:crypto runs, takes ~105 µs of CPU on this
 * kind of machine, libsodium's ~51 µs, on Node 20 and 24 alike (docs/benchmarks.md). The addon,
 * `sodium-native`, is an optional dependency with prebuilt binaries for the common platforms;
 * where none fits (musl, say) the import fails and node:crypto verifies as before.
 *
 * For every key a signer makes, the two accept the same signatures (RFC 8032's, cofactorless;
 * neither accepts an S ≥ L). libsodium also refuses keys and signature points of small order or
 * encoded non-canonically, which no key pair made by a signer has: a key of small order is one
 * for which anyone can forge a signature (OpenSSL 3.0, Node 20's, accepts such a forgery; 3.5,
 * Node 24's, refuses it too).
 */
import { createRequire } from 'node:module';
import { verify, type KeyObject } from 'node:crypto';

/** The one function of sodium-native this service calls. */
interface Sodium {
  crypto_sign_verify_detached(signature: Buffer, message: Buffer, publicKey: Buffer): boolean;
}

export type Ed25519Backend = 'libsodium' | 'node:crypto';

const sodium = loadSodium();

/** The backend every verifier uses unless told otherwise. */
export const ED25519_BACKEND: Ed25519Backend = sodium ? 'libsodium' : 'node:crypto';

function loadSodium(): Sodium | undefined {
  try {
    return createRequire(import.meta.url)('sodium-native') as Sodium;
  } catch {
    return undefined;
  }
}

const SIGNATURE_BYTES = 64;
const KEY_BYTES = 32;

/**
 * A verifier for an imported Ed25519 public key. `backend` is for tests, which hold the two
 * equal; libsodium is asked only where it loaded.
 */
export function ed25519Verifier(key: KeyObject, backend: Ed25519Backend = ED25519_BACKEND): (data: Buffer, signature: Buffer) => boolean {
  if (backend === 'libsodium') {
    if (!sodium) throw new Error('libsodium (sodium-native) did not load on this platform');
    const raw = Buffer.from(key.export({ format: 'jwk' }).x!, 'base64url');
    if (raw.length !== KEY_BYTES) throw new Error('an Ed25519 public key is 32 bytes');
    // The addon asserts the lengths (a throw, not a false): a signature of another length is refused here.
    return (data, signature) => signature.length === SIGNATURE_BYTES && sodium.crypto_sign_verify_detached(signature, data, raw);
  }
  return (data, signature) => verify(null, data, key, signature);
}
