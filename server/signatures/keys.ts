/**
 * Public keys as a profile or a key directory publishes them (JWK), and what verifies with each:
 * `EC` P-256 → ecdsa-p256-sha256, P-384 → ecdsa-p384-sha384, `OKP` Ed25519 → ed25519 (RFC 9421
 * names; ECDSA signatures as raw r‖s). A JWK `alg`, where present, must fit its key (ES256, ES384,
 * EdDSA or Ed25519). Keys are imported once per key set and kept with it, so a verification costs
 * the signature check, never a key import.
 */
import { createPublicKey } from 'node:crypto';
import { createVerifier, type Verifier, type VerifyingKey } from 'http-message-signatures';
import { calculateJwkThumbprint } from 'jose';
import { ed25519Verifier } from '../lib/ed25519';

export type SignatureAlgorithm = 'ecdsa-p256-sha256' | 'ecdsa-p384-sha384' | 'ed25519';

/** The members of a public JWK this service reads; anything else in a document is dropped. */
export interface PublicJwk {
  kty: string;
  crv?: string;
  x?: string;
  y?: string;
  n?: string;
  e?: string;
  kid?: string;
  alg?: string;
  use?: string;
}

/** A document lists many keys rarely; past this many the rest are not read. */
export const MAX_KEYS = 100;

/**
 * A member longer than this is not a key's: the longest this service verifies with is 96
 * characters (P-384's), an RSA modulus of 4096 bits 683. A key with one is not kept, so that what a
 * document's keys cost the cache is bounded (about 100 keys × 9 members × 1 KiB at most).
 */
export const MAX_KEY_MEMBER_CHARS = 1024;

const JWK_MEMBERS = ['kty', 'crv', 'x', 'y', 'n', 'e', 'kid', 'alg', 'use'] as const;

export type UsableKey = { ok: true; key: VerifyingKey; algorithm: SignatureAlgorithm } | { ok: false; reason: string };

export class KeySet {
  private thumbprints?: Promise<Map<string, PublicJwk>>;
  private readonly usable = new Map<PublicJwk, UsableKey>();

  constructor(readonly keys: readonly PublicJwk[]) {}

  byKid(kid: string): PublicJwk | undefined {
    return this.keys.find((k) => k.kid === kid);
  }

  /** The key whose RFC 7638 SHA-256 thumbprint is `thumbprint` (computed once per key set). */
  async byThumbprint(thumbprint: string): Promise<PublicJwk | undefined> {
    this.thumbprints ??= (async () => {
      const map = new Map<string, PublicJwk>();
      for (const key of this.keys) {
        try {
          map.set(await calculateJwkThumbprint(key as Parameters<typeof calculateJwkThumbprint>[0], 'sha256'), key);
        } catch {
          // A key without the members its thumbprint needs is no key anyone can name.
        }
      }
      return map;
    })();
    return (await this.thumbprints).get(thumbprint);
  }

  /** The verifier of `jwk`, imported on first use and kept. */
  verifier(jwk: PublicJwk): UsableKey {
    let usable = this.usable.get(jwk);
    if (!usable) {
      usable = importKey(jwk);
      this.usable.set(jwk, usable);
    }
    return usable;
  }
}

/** The algorithm a JWK verifies with, or why it cannot be used. */
export function algorithmOf(jwk: PublicJwk): { ok: true; algorithm: SignatureAlgorithm } | { ok: false; reason: string } {
  const named = (algorithm: SignatureAlgorithm, algs: string[]) =>
    jwk.alg === undefined || algs.includes(jwk.alg)
      ? ({ ok: true, algorithm } as const)
      : ({ ok: false, reason: `the key's alg ${jwk.alg} does not fit a ${jwk.kty} ${jwk.crv} key (${algs.join(' or ')})` } as const);
  if (jwk.use !== undefined && jwk.use !== 'sig') return { ok: false, reason: `the key is for use "${jwk.use}", not "sig"` };
  if (jwk.kty === 'EC' && jwk.crv === 'P-256') return named('ecdsa-p256-sha256', ['ES256']);
  if (jwk.kty === 'EC' && jwk.crv === 'P-384') return named('ecdsa-p384-sha384', ['ES384']);
  if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519') return named('ed25519', ['EdDSA', 'Ed25519']);
  return { ok: false, reason: `a ${jwk.kty}${jwk.crv ? ` ${jwk.crv}` : ''} key; accepted: EC P-256 (ES256), EC P-384 (ES384), OKP Ed25519` };
}

function importKey(jwk: PublicJwk): UsableKey {
  const fit = algorithmOf(jwk);
  if (!fit.ok) return fit;
  try {
    const keyObject = createPublicKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }, format: 'jwk' });
    // Ed25519 through lib/ed25519.ts (libsodium where it loads: half of OpenSSL's cost), the rest through the library.
    const ed25519 = fit.algorithm === 'ed25519' ? ed25519Verifier(keyObject) : undefined;
    const verify: Verifier = ed25519 ? async (data, signature) => ed25519(data, signature) : createVerifier(keyObject, fit.algorithm);
    return { ok: true, algorithm: fit.algorithm, key: { id: jwk.kid, algs: [fit.algorithm], verify } };
  } catch {
    return { ok: false, reason: `the ${jwk.crv} key is not a valid public key` };
  }
}

/** A JWK's public members (a private `d` sent by mistake is not kept), or undefined for no key: no kty, or a member too long to be a key's. */
function publicJwk(value: unknown): PublicJwk | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const source = value as Record<string, unknown>;
  if (typeof source.kty !== 'string') return undefined;
  const jwk: Record<string, string> = {};
  for (const member of JWK_MEMBERS) {
    const text = source[member];
    if (typeof text !== 'string') continue;
    if (text.length > MAX_KEY_MEMBER_CHARS) return undefined;
    jwk[member] = text;
  }
  return jwk as unknown as PublicJwk;
}

/** The first MAX_KEYS keys of a list of JWKs, each with its public members only; anything that is no key is skipped. */
export function jwks(list: unknown): PublicJwk[] {
  const keys: PublicJwk[] = [];
  if (!Array.isArray(list)) return keys;
  for (const item of list) {
    if (keys.length === MAX_KEYS) break;
    const jwk = publicJwk(item);
    if (jwk) keys.push(jwk);
  }
  return keys;
}

/**
 * The keys of a fetched document, read both ways, since one URL may be named as a profile and as a
 * directory: as an agent profile (UCP 2026-04-08's `signing_keys[]`, then a JWK Set's `keys[]`,
 * which UCP's next version keeps alone) and as a Web Bot Auth key directory (`keys[]`).
 */
export interface DocumentKeys {
  profile: KeySet;
  directory: KeySet;
}

export function documentKeys(document: Record<string, unknown>): DocumentKeys {
  const signing = jwks(document.signing_keys);
  const keys = jwks(document.keys);
  return { profile: new KeySet([...signing, ...keys].slice(0, MAX_KEYS)), directory: new KeySet(keys) };
}
