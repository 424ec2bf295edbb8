/**
 * An agent's side of request signatures, with `http-message-signatures` itself (the client library
 * an agent would use): keys of the three accepted kinds with their public JWKs, Content-Digest, and
 * a request signed over the components the service asks for.
 */
import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { createSigner, httpbis } from 'http-message-signatures';
import { calculateJwkThumbprint } from 'jose';
import { contentDigest } from '../../server/signatures/content-digest';

export type KeyKind = 'ES256' | 'ES384' | 'Ed25519';

const ALGORITHMS = { ES256: 'ecdsa-p256-sha256', ES384: 'ecdsa-p384-sha384', Ed25519: 'ed25519' } as const;

export interface TestKey {
  kind: KeyKind;
  /** The RFC 9421 algorithm name. */
  algorithm: (typeof ALGORITHMS)[KeyKind];
  privateKey: KeyObject;
  /** The public JWK as a profile publishes it. */
  jwk: Record<string, string>;
}

export function testKey(kind: KeyKind, kid = `${kind.toLowerCase()}-${randomBytes(4).toString('hex')}`): TestKey {
  const { privateKey, publicKey } =
    kind === 'Ed25519' ? generateKeyPairSync('ed25519') : generateKeyPairSync('ec', { namedCurve: kind === 'ES256' ? 'P-256' : 'P-384' });
  const jwk = { ...(publicKey.export({ format: 'jwk' }) as Record<string, string>), kid, use: 'sig' };
  return { kind, algorithm: ALGORITHMS[kind], privateKey, jwk };
}

/** The key's RFC 7638 thumbprint: its keyid under Web Bot Auth. */
export function thumbprint(key: TestKey): Promise<string> {
  const { kty, crv, x, y } = key.jwk;
  return calculateJwkThumbprint({ kty, crv, x, ...(y ? { y } : {}) });
}

export interface SignOptions {
  key: TestKey;
  /** Defaults to the JWK's kid. */
  keyid?: string;
  label?: string;
  /** Covered components; by default every one the service asks for, for this request. */
  fields?: string[];
  /** Seconds since the epoch; default now, and now + 300. */
  created?: number;
  expires?: number;
  nonce?: string;
  tag?: string;
  alg?: string;
}

export interface Unsigned {
  method: string;
  /** Absolute, on the service's base URL. */
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** What the service asks a signature to cover on this request. */
export function requiredFields(req: Unsigned, label = 'sig1'): string[] {
  const url = new URL(req.url);
  const has = (name: string) => Object.keys(req.headers).some((h) => h.toLowerCase() === name);
  const fields = ['@method', '@authority', '@path'];
  if (url.search) fields.push('@query');
  if (req.body) fields.push('content-digest', 'content-type');
  for (const name of ['ucp-agent', 'idempotency-key', 'service-buyer']) if (has(name)) fields.push(name);
  if (has('signature-agent')) {
    const value = Object.entries(req.headers).find(([h]) => h.toLowerCase() === 'signature-agent')![1];
    fields.push(value.startsWith('"') ? 'signature-agent' : `signature-agent;key="${label}"`);
  }
  return fields;
}

/** The request's headers with Content-Digest (when it has a body), Signature-Input and Signature added. */
export async function signRequest(req: Unsigned, opts: SignOptions): Promise<Record<string, string>> {
  const headers = { ...req.headers };
  if (req.body && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-digest')) headers['content-digest'] = contentDigest(req.body);
  const label = opts.label ?? 'sig1';
  const created = opts.created ?? Math.floor(Date.now() / 1000);
  const paramValues: Record<string, string | Date> = {
    created: new Date(created * 1000),
    expires: new Date((opts.expires ?? created + 300) * 1000),
    nonce: opts.nonce ?? randomBytes(16).toString('base64url'),
    keyid: opts.keyid ?? opts.key.jwk.kid,
  };
  const params = ['created', 'expires', 'nonce', 'keyid'];
  if (opts.tag) {
    paramValues.tag = opts.tag;
    params.push('tag');
  }
  if (opts.alg) {
    paramValues.alg = opts.alg;
    params.push('alg');
  }
  const signed = await httpbis.signMessage(
    {
      key: createSigner(opts.key.privateKey, opts.key.algorithm, opts.keyid ?? opts.key.jwk.kid),
      name: label,
      fields: opts.fields ?? requiredFields({ ...req, headers }, label),
      params,
      paramValues: paramValues as never,
    },
    { method: req.method, url: req.url, headers },
  );
  return signed.headers as Record<string, string>;
}

/** The signature parameters besides keyid, as a UCP platform may send them (none at all in UCP's examples). */
export interface UcpParams {
  created?: number;
  expires?: number;
  nonce?: string;
  alg?: string;
}

/**
 * Signs as UCP's signatures.md does (`Signature-Input: sig1=(…);keyid="…"`): keyid, then only the
 * parameters given. signRequest (test/support/signing.ts) always adds created, expires and nonce.
 */
export async function ucpSign(req: Unsigned, key: TestKey, params: UcpParams = {}, fields?: string[]): Promise<Record<string, string>> {
  const headers = { ...req.headers };
  if (req.body) headers['content-digest'] = contentDigest(req.body);
  const names = (['created', 'expires', 'nonce', 'alg'] as const).filter((name) => params[name] !== undefined);
  const values: Record<string, unknown> = { keyid: key.jwk.kid, created: null };
  for (const name of names) values[name] = name === 'created' || name === 'expires' ? new Date((params[name] as number) * 1000) : params[name];
  const signed = await httpbis.signMessage(
    { key: createSigner(key.privateKey, key.algorithm, key.jwk.kid), name: 'sig1', fields: fields ?? requiredFields({ ...req, headers }), params: [...names, 'keyid'], paramValues: values as never },
    { method: req.method, url: req.url, headers },
  );
  return signed.headers as Record<string, string>;
}
