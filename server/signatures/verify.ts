/**
 * Request signatures (RFC 9421, and Web Bot Auth), verified with `http-message-signatures`. The
 * verifier says whether a signature is used and, if not, why (an advisory code); whether that
 * refuses the call is the pipeline's (trpc/signature.ts: never on the seed API, on UCP's binding yes).
 *
 * At most the first 3 labels of `Signature-Input` are tried, in order; the first that verifies
 * counts, else the advisory is the first label's. Each label is checked in this order, everything
 * up to the digest and Signature-Agent before anything is fetched:
 *
 *   parse (signature_malformed) → covered components (signature_components_missing) → created,
 *   expires, nonce, keyid (signature_params_invalid; signature_expired) → Content-Digest
 *   (signature_digest_mismatch) → Signature-Agent for web-bot-auth (signature_agent_mismatch) →
 *   the profile or directory (signature_profile_unavailable) → the key (signature_key_unknown,
 *   signature_algorithm_unsupported) → the signature (signature_invalid) → the nonce, kept in the
 *   shared store until expires + 60 s (signature_replayed; signature_nonce_unchecked when the store
 *   does not answer, which UCP's binding answers 503 instead).
 *
 * Each label is verified on its own (the library's `verifyMessage` would check every label it is
 * given and keep the last result).
 *
 * Two sets of rules for the parameters. The seed API's: created, expires, nonce and keyid on every
 * signature. UCP's shopping binding (`{ binding: true }`) follows UCP's signature profile
 * (signatures.md § REST Request Signing, § Replay Protection): keyid alone is enough; created and
 * expires are checked as above when sent; replay is the business of the covered Idempotency-Key,
 * so a nonce is not asked for, but one that is sent is remembered and its replay refused as on the
 * seed API (until expires + 60 s, or for a day when the signature has no expires). The covered
 * components are the same under both: they are UCP's own list.
 */
import { hash } from 'node:crypto';
import { httpbis, type ComponentParser, type VerifyingKey } from 'http-message-signatures';
import { isInnerList, parseDictionary, serializeItem, serializeList, type Dictionary, type InnerList, type Parameters } from 'structured-headers';
import { apiErrorIn, isDatabaseUnavailable } from '../errors/from-unknown';
import type { AdvisoryCode } from '../identity/advisories';
import { profileUrlOf } from '../identity/ucp-agent';
import type { ProfileFetcher } from '../profiles';
import type { DocumentCache } from '../profiles/cache';
import { contentDigestProblem } from './content-digest';
import { readDictionary } from './dictionary';
import { documentKeys, type DocumentKeys, type KeySet, type PublicJwk } from './keys';
import type { HttpMessage } from './message';
import { directoryUrl, signatureAgentUrl } from './signature-agent';
import { originOf, plainSignatureBase, type Origin } from './signature-base';

export const SIGNATURE_LIMITS = {
  labels: 3,
  /** Clock skew allowed on created and expires. */
  toleranceSeconds: 60,
  /** expires − created at most. */
  lifetimeSeconds: 86_400,
  nonce: { min: 8, max: 128 },
} as const;

/** Why a signature was not used: one of the signature_* advisories, or profile_fetch_limited (its document was not fetched for this client). */
export type SignatureAdvisoryCode = Extract<AdvisoryCode, `signature_${string}` | 'profile_fetch_limited'>;

export type Regime = 'default' | 'web-bot-auth';

export interface VerifyOptions {
  /** A call of UCP's shopping binding: its signature profile's parameters (see the header). */
  binding?: boolean;
  /**
   * The profile's signing keys, already held (the binding's negotiated profile): the default
   * regime looks keyid up there instead of fetching the profile a second time.
   */
  profileKeys?: KeySet;
}

export type Verification =
  | { ok: true; keyid: string; regime: Regime; profile: string; coversServiceBuyer: boolean }
  | { ok: false; code: SignatureAdvisoryCode; reason: string };

type Failure = Extract<Verification, { ok: false }>;

/** Insert-if-absent of a nonce until `expiresAtMs` (limits/store.ts): false when seen already. */
export interface NonceStore {
  rememberNonce(key: string, expiresAtMs: number): Promise<boolean>;
}

export interface VerifierDeps {
  /** PUBLIC_BASE_URL: `@authority` is its host[:port], whatever Host the request came with. */
  baseUrl: string;
  /** Profiles and key directories are fetched through it, and kept as the keys they hold. */
  fetcher: ProfileFetcher;
  now?: () => number;
}

interface Label {
  name: string;
  member: InnerList;
  signature: ArrayBuffer;
  /** The member's text as received, when it is what serializing `member` would write (dictionary.ts). */
  text?: { list: string; items: string[] };
}

const fail = (code: SignatureAdvisoryCode, reason: string): Failure => ({ ok: false, code, reason });

export class SignatureVerifier {
  /** One verification per message: the calls of an MCP batch share their POST's signature (and nonce). */
  private readonly verified = new WeakMap<HttpMessage, { profile: string; binding: boolean; result: Promise<Verification> }>();
  private readonly now: () => number;
  private readonly origin: Origin;
  /** Profiles and key directories by URL, as their keys. */
  readonly documents: DocumentCache<DocumentKeys>;

  constructor(private readonly deps: VerifierDeps) {
    this.now = deps.now ?? Date.now;
    this.origin = originOf(deps.baseUrl);
    this.documents = deps.fetcher.cache(documentKeys);
  }

  /**
   * Verifies the signature of `message`, sent by the agent whose profile is `profile` (its URL and
   * host); a verified nonce is remembered in `nonces`, the store every instance shares. A document
   * fetched for it counts against the fetch budget of the client at `address` (profiles/budget.ts).
   * `options.binding` applies the rules of UCP's shopping binding (see the header).
   */
  verify(message: HttpMessage, profile: { url: string; host: string }, nonces: NonceStore, address?: string, options: VerifyOptions = {}): Promise<Verification> {
    const binding = options.binding === true;
    const known = this.verified.get(message);
    if (known && known.profile === profile.url && known.binding === binding) return known.result;
    const result = this.verifyMessage(message, profile, nonces, address, binding, options.profileKeys);
    this.verified.set(message, { profile: profile.url, binding, result });
    return result;
  }

  private async verifyMessage(message: HttpMessage, profile: { url: string; host: string }, nonces: NonceStore, address: string | undefined, binding: boolean, held?: KeySet): Promise<Verification> {
    const parsed = parseLabels(message);
    if (!Array.isArray(parsed)) return parsed;
    // On MCP the profile may come from _meta; a signature vouches for it only through the header.
    const header = message.headers.get('ucp-agent');
    if (header === null || profileOf(header) !== profile.url) {
      return fail('signature_components_missing', 'the UCP-Agent header must name the agent profile (and the signature cover it); on MCP send it as an HTTP header');
    }
    let first: Failure | undefined;
    for (const label of parsed) {
      const outcome = await this.verifyLabel(message, profile, label, nonces, address, binding, held);
      if (outcome.ok) return outcome;
      first ??= outcome;
    }
    return first!;
  }

  private async verifyLabel(
    message: HttpMessage,
    profile: { url: string; host: string },
    label: Label,
    nonces: NonceStore,
    address: string | undefined,
    binding: boolean,
    held?: KeySet,
  ): Promise<Verification> {
    const [items, params] = label.member;
    const covered = items.map(([name, itemParams]) => ({ name: name as string, params: itemParams }));
    const target = splitTarget(message.url);
    const hasBody = message.body !== null && (message.body === 'too_large' || message.body.length > 0);

    const missing = missingComponents(message, covered, label.name, target.query !== null, hasBody);
    if (missing.length) return fail('signature_components_missing', `the signature ${label.name} does not cover ${missing.join(', ')}`);

    const p = signatureParams(params, binding);
    if (!p.ok) return p;
    const nowSeconds = Math.floor(this.now() / 1000);
    if (p.created !== undefined && p.created > nowSeconds + SIGNATURE_LIMITS.toleranceSeconds) return fail('signature_params_invalid', `created (${p.created}) is more than ${SIGNATURE_LIMITS.toleranceSeconds} s ahead of the service's clock (${nowSeconds})`);
    if (p.expires !== undefined && p.expires < nowSeconds - SIGNATURE_LIMITS.toleranceSeconds) return fail('signature_expired', `expires (${p.expires}) has passed (the service's clock: ${nowSeconds})`);

    if (hasBody) {
      if (message.body === 'too_large') return fail('signature_digest_mismatch', 'the body is larger than the service reads, so its digest cannot be checked');
      const problem = contentDigestProblem(message.headers.get('content-digest'), message.body as Uint8Array);
      if (problem) return fail('signature_digest_mismatch', problem);
    }

    const regime: Regime = p.tag === 'web-bot-auth' ? 'web-bot-auth' : 'default';
    let source = profile.url;
    if (regime === 'web-bot-auth') {
      const agentHeader = message.headers.get('signature-agent');
      if (agentHeader === null) return fail('signature_agent_mismatch', 'a web-bot-auth signature needs Signature-Agent, the URL of its key directory');
      const agent = signatureAgentUrl(agentHeader, label.name);
      if (!agent.ok) return fail('signature_agent_mismatch', agent.reason);
      const directory = directoryUrl(agent.url, profile.host);
      if (!directory.ok) return fail('signature_agent_mismatch', directory.reason);
      source = directory.url;
    }

    const found = held && regime === 'default' ? heldKey(held, source, p.keyid) : await this.findKey(source, regime, p.keyid, address);
    if (!found.ok) return found;
    const usable = found.keys.verifier(found.jwk);
    if (!usable.ok) return fail('signature_algorithm_unsupported', usable.reason);
    if (p.alg !== undefined && p.alg !== usable.algorithm) return fail('signature_algorithm_unsupported', `alg ${p.alg} does not fit the key, which verifies ${usable.algorithm}`);

    const crypto = await checkSignature(message, label, target, usable.key, this.origin);
    if (crypto) return crypto;

    if (p.nonce !== undefined) {
      const key = `sig-nonce:${hash('sha256', `${source}\n${p.keyid}\n${p.nonce}`, 'base64url')}`;
      // Without expires (the binding's signatures), a nonce is kept as long as the longest lifetime allowed.
      const until = p.expires ?? nowSeconds + SIGNATURE_LIMITS.lifetimeSeconds;
      let fresh: boolean;
      try {
        fresh = await nonces.rememberNonce(key, (until + SIGNATURE_LIMITS.toleranceSeconds) * 1000);
      } catch (err) {
        // A nonce nobody could check is never taken as new: the seed API serves the call unsigned
        // (advised); UCP's binding, which refuses a signature it cannot use, answers the store's 503.
        if (binding || !storeUnavailable(err)) throw err;
        return fail('signature_nonce_unchecked', `the shared store that keeps nonces did not answer, so the nonce of ${label.name} could not be checked`);
      }
      if (!fresh) return fail('signature_replayed', `the nonce of ${label.name} was already used with this key`);
    }

    return { ok: true, keyid: p.keyid, regime, profile: profile.url, coversServiceBuyer: covered.some((c) => c.name === 'service-buyer') };
  }

  /** The key named by `keyid` (default: its kid; web-bot-auth: its thumbprint), refetching the document once for a key not (yet) in it. */
  private async findKey(source: string, regime: Regime, keyid: string, address: string | undefined): Promise<{ ok: true; keys: KeySet; jwk: PublicJwk } | Failure> {
    const what = regime === 'web-bot-auth' ? 'key directory' : 'agent profile';
    let lookup = this.documents.peek(source) ?? (await this.documents.get(source, address));
    for (;;) {
      if (!lookup.ok) {
        return lookup.limited
          ? fail('profile_fetch_limited', `the ${what} ${source} was not fetched: ${lookup.reason}`)
          : fail('signature_profile_unavailable', `the ${what} ${source} is unavailable: ${lookup.reason}`);
      }
      const keys = regime === 'web-bot-auth' ? lookup.value.directory : lookup.value.profile;
      const jwk = regime === 'web-bot-auth' ? await keys.byThumbprint(keyid) : keys.byKid(keyid);
      if (jwk) return { ok: true, keys, jwk };
      const again = lookup.fresh ? undefined : await this.documents.refetch(source, address);
      if (!again) {
        return fail(
          'signature_key_unknown',
          regime === 'web-bot-auth' ? `no key in ${source} has the RFC 7638 thumbprint ${keyid}` : `no key in ${source} (signing_keys[] or keys[]) has kid ${keyid}`,
        );
      }
      lookup = again;
    }
  }
}

/** The shared store could not answer (Redis's 503, a database out of reach): not a failure of the signature. */
function storeUnavailable(err: unknown): boolean {
  return apiErrorIn(err)?.code === 'service_unavailable' || isDatabaseUnavailable(err);
}

function heldKey(keys: KeySet, source: string, keyid: string): { ok: true; keys: KeySet; jwk: PublicJwk } | Failure {
  const jwk = keys.byKid(keyid);
  return jwk ? { ok: true, keys, jwk } : fail('signature_key_unknown', `no key in ${source} (signing_keys[]) has kid ${keyid}`);
}

/** The profile URL a UCP-Agent header names; agents send the same header every time, so it is parsed once. */
function profileOf(header: string): string | null {
  let url = profiles.get(header);
  if (url === undefined) {
    try {
      url = new URL(profileUrlOf(header)).href;
    } catch {
      url = null;
    }
    if (profiles.size >= 10_000) profiles.clear();
    profiles.set(header, url);
  }
  return url;
}
const profiles = new Map<string, string | null>();

/** The first labels of Signature-Input, each with its signature, or why they cannot be read. */
function parseLabels(message: HttpMessage): Label[] | Failure {
  const inputHeader = message.headers.get('signature-input') ?? '';
  const signatureHeader = message.headers.get('signature');
  if (signatureHeader === null) return fail('signature_malformed', 'Signature-Input is sent without Signature');
  // The shapes signers send are read directly; anything else goes to the RFC 8941 parser (dictionary.ts).
  const fastInputs = readDictionary(inputHeader);
  const fastSignatures = fastInputs && readDictionary(signatureHeader);
  let inputs: Dictionary;
  let signatures: Dictionary;
  if (fastSignatures) {
    inputs = fastInputs!.dictionary;
    signatures = fastSignatures.dictionary;
  } else {
    try {
      inputs = parseDictionary(inputHeader);
      signatures = parseDictionary(signatureHeader);
    } catch {
      return fail('signature_malformed', 'Signature-Input and Signature must be RFC 8941 dictionaries');
    }
  }
  if (!inputs.size) return fail('signature_malformed', 'Signature-Input names no signature');
  const labels: Label[] = [];
  for (const [name, member] of [...inputs].slice(0, SIGNATURE_LIMITS.labels)) {
    if (!isInnerList(member) || member[0].some(([item]) => typeof item !== 'string')) {
      return fail('signature_malformed', `Signature-Input ${name} must be an inner list of quoted component names with parameters`);
    }
    const signature = signatures.get(name);
    if (!signature || !(signature[0] instanceof ArrayBuffer)) return fail('signature_malformed', `Signature has no byte sequence (:<base64>:) for ${name}`);
    labels.push({ name, member, signature: signature[0], text: fastSignatures ? fastInputs!.canonical.get(name) : undefined });
  }
  return labels;
}

/** The path and the query (without its `?`; null when there is none) exactly as received. */
function splitTarget(target: string): { path: string; query: string | null } {
  let raw = target;
  if (!raw.startsWith('/')) {
    // The absolute form of a request line (a proxy's): its path and query as written.
    const at = raw.indexOf('/', raw.indexOf('//') + 2);
    raw = at < 0 ? '/' : raw.slice(at);
  }
  const q = raw.indexOf('?');
  if (q < 0) return { path: raw, query: null };
  const query = raw.slice(q + 1).split('#')[0];
  return { path: raw.slice(0, q) || '/', query: query ? query : null };
}

/** RFC 9421's `@path` and `@query` are the request's own, not as a URL parser would normalise them. */
function rawComponents(target: { path: string; query: string | null }): ComponentParser {
  return (name) => (name === '@path' ? [target.path] : name === '@query' ? [`?${target.query ?? ''}`] : null);
}

function missingComponents(
  message: HttpMessage,
  covered: { name: string; params: Parameters }[],
  label: string,
  hasQuery: boolean,
  hasBody: boolean,
): string[] {
  const required = ['@method', '@authority', '@path'];
  if (hasQuery) required.push('@query');
  if (hasBody) required.push('content-digest', 'content-type');
  for (const header of ['ucp-agent', 'idempotency-key']) if (message.headers.get(header) !== null) required.push(header);
  const missing = required.filter((name) => !covered.some((c) => c.name === name && !c.params.has('req')));
  // Signature-Agent: the whole field, or (dictionary form) the member named by this label.
  if (message.headers.get('signature-agent') !== null) {
    const ok = covered.some((c) => c.name === 'signature-agent' && (!c.params.has('key') || c.params.get('key') === label));
    if (!ok) missing.push(`"signature-agent";key="${label}"`);
  }
  return missing;
}

/** The signature's parameters; created, expires and nonce are always there under the seed API's rules. */
interface Params {
  ok: true;
  created?: number;
  expires?: number;
  nonce?: string;
  keyid: string;
  alg?: string;
  tag?: string;
}

/** Under the binding's rules (`binding`) created, expires and nonce may be left out, but are checked when sent. */
function signatureParams(params: Parameters, binding: boolean): Params | Failure {
  const created = params.get('created');
  const expires = params.get('expires');
  const nonce = params.get('nonce');
  const keyid = params.get('keyid');
  const alg = params.get('alg');
  const tag = params.get('tag');
  // created, expires and nonce are checked always under the seed API's rules, when sent under the binding's.
  const always = !binding;
  const problems: string[] = [];
  if ((always || created !== undefined) && !Number.isInteger(created)) problems.push('created must be an integer (seconds since the epoch)');
  if ((always || expires !== undefined) && !Number.isInteger(expires)) problems.push('expires must be an integer (seconds since the epoch)');
  const { min, max } = SIGNATURE_LIMITS.nonce;
  if ((always || nonce !== undefined) && (typeof nonce !== 'string' || nonce.length < min || nonce.length > max)) problems.push(`nonce must be a string of ${min}–${max} characters`);
  if (typeof keyid !== 'string' || !keyid) problems.push('keyid must be a non-empty string');
  if (alg !== undefined && typeof alg !== 'string') problems.push('alg must be a string');
  if (tag !== undefined && typeof tag !== 'string') problems.push('tag must be a string');
  if (!problems.length && created !== undefined && expires !== undefined) {
    const lifetime = (expires as number) - (created as number);
    if (lifetime < 0 || lifetime > SIGNATURE_LIMITS.lifetimeSeconds) problems.push(`expires must come after created by at most ${SIGNATURE_LIMITS.lifetimeSeconds} s (it is ${lifetime} s)`);
  }
  if (problems.length) return fail('signature_params_invalid', problems.join('; '));
  return {
    ok: true,
    created: created as number | undefined,
    expires: expires as number | undefined,
    nonce: nonce as string | undefined,
    keyid: keyid as string,
    alg: alg as string | undefined,
    tag: tag as string | undefined,
  };
}

/**
 * Null when the signature verifies. The signature base is written directly for the plain forms
 * signers send (signature-base.ts), else built by the library's own createSignatureBase and
 * formatSignatureBase, from this label as parsed above: `verifyMessage` would serialise and parse
 * both headers again and repeat the checks already made.
 */
async function checkSignature(message: HttpMessage, label: Label, target: { path: string; query: string | null }, key: VerifyingKey, origin: Origin): Promise<Failure | null> {
  const headers: Record<string, string> = {};
  for (const [name] of label.member[0]) {
    const field = (name as string).toLowerCase();
    if (field.startsWith('@') || field in headers) continue;
    const value = message.headers.get(field);
    if (value === null) return fail('signature_invalid', `the signature covers ${field}, which the request does not carry`);
    headers[field] = value;
  }
  const params = label.text?.list ?? serializeList([label.member]);
  try {
    const base = plainSignatureBase(label.member[0], params, { method: message.method, origin, target, headers }) ?? libraryBase(message.method, label, params, target, headers, origin);
    const verified = await key.verify(Buffer.from(base), Buffer.from(label.signature));
    return verified ? null : fail('signature_invalid', `the signature ${label.name} does not verify with key ${key.id}`);
  } catch (err) {
    return fail('signature_invalid', `the signature base cannot be built: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** The signature base as http-message-signatures builds it: for components with parameters (`;sf`, `;key`, `;req`…). */
function libraryBase(method: string, label: Label, params: string, target: { path: string; query: string | null }, headers: Record<string, string>, origin: Origin): string {
  const fields = label.text?.items ?? label.member[0].map((item) => serializeItem(item));
  const request = { method, url: origin.url + target.path + (target.query === null ? '' : `?${target.query}`), headers };
  const base = httpbis.createSignatureBase({ fields, componentParser: rawComponents(target) }, request);
  base.push(['"@signature-params"', [params]]);
  return httpbis.formatSignatureBase(base);
}

