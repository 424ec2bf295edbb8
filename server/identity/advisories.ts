/**
 * Advisories: something about a request should change but does not stop it. They never change
 * the status; REST carries them in `Service-Advisory` and a `service:advisories` body array.
 */

export const ADVISORY_CATALOGUE = {
  reserved_profile_host: 'The agent profile URL is on a reserved host name; such profiles will be refused from the refused_from date.',
  ip_profile_host: 'The agent profile URL names an IP address; such profiles will be refused from the refused_from date.',
  buyer_ref_invalid: 'Service-Buyer was dropped: ref must be 8–64 characters of A-Z a-z 0-9 . _ : - and the header an RFC 8941 dictionary.',
  buyer_ref_pii_dropped:
    'Service-Buyer was dropped because it looks like an e-mail address or telephone number; send an opaque id such as a keyed hash of your user id.',
  // Request signatures (signatures/verify.ts): each leaves the call served as an unsigned open call.
  signature_malformed:
    'The request signature was not used: Signature-Input and Signature must be RFC 9421 dictionaries, each label an inner list of quoted component names with its parameters and a byte-sequence signature.',
  signature_components_missing:
    'The request signature was not used: it must cover @method, @authority and @path; @query when there is a query; content-digest and content-type when there is a body; ucp-agent (naming the profile), idempotency-key and signature-agent when sent.',
  signature_params_invalid:
    'The request signature was not used: it needs created and expires (integers, expires at most 24 hours after created, created at most 60 s ahead of the service’s clock), a nonce of 8–128 characters and a keyid.',
  signature_expired: 'The request signature was not used: its expires time has passed (60 s of clock skew are allowed). Sign each request when you send it.',
  signature_digest_mismatch: 'The request signature was not used: Content-Digest (RFC 9530, sha-256 or sha-512) must match the body as sent.',
  signature_agent_mismatch:
    'The request signature was not used: a web-bot-auth signature needs Signature-Agent, an https URL on the agent profile’s host (a dictionary member named by the signature’s label, or a quoted URL).',
  signature_profile_unavailable:
    'The request signature was not used: the agent profile or key directory holding its key could not be fetched (https, no redirect, an answer within 5 s, a JSON object of at most 256 KiB, from a public address).',
  signature_key_unknown:
    'The request signature was not used: no key has its keyid (the default regime: a kid in the profile’s signing_keys[] or keys[]; web-bot-auth: a key in the directory whose RFC 7638 thumbprint it is).',
  signature_algorithm_unsupported:
    'The request signature was not used: keys are EC P-256 (ES256, ecdsa-p256-sha256), EC P-384 (ES384, ecdsa-p384-sha384) or OKP Ed25519 (EdDSA, ed25519), and a JWK alg or a Signature-Input alg must fit the key.',
  signature_invalid: 'The request signature was not used: it does not verify with the key over the request as received (@authority is the service’s public host).',
  signature_replayed: 'The request signature was not used: its nonce was already used with this key. Use a fresh nonce on every request.',
  signature_nonce_unchecked:
    'The request signature was not used: the store that remembers nonces across the service’s instances did not answer, so the nonce could not be checked and the call was served unsigned. Retry later with a fresh nonce for the signed tier.',
  profile_fetch_limited:
    'The request signature was not used: its agent profile or key directory was not fetched, because this client address has had the service fetch 30 documents (profiles, key directories, OAuth client metadata) in the last minute; an answer the service already holds is still used. Sign with a profile it has fetched, or wait for the next minute.',
} as const;

export type AdvisoryCode = keyof typeof ADVISORY_CATALOGUE;

export interface Advisory {
  code: AdvisoryCode;
  message: string;
  documentation: string;
  /** The day from which the behaviour is refused; null for advisories that announce no refusal. */
  refused_from: string | null;
}

/** `detail` says what in this request caused it, after the catalogue's sentence. */
export function advisory(code: AdvisoryCode, baseUrl: string, refusedFrom: string | null = null, detail?: string): Advisory {
  return {
    code,
    message: detail ? `${ADVISORY_CATALOGUE[code]} Here: ${detail}.` : ADVISORY_CATALOGUE[code],
    documentation: `${baseUrl}/api/agent/docs/overview#advisory-${code}`,
    refused_from: refusedFrom,
  };
}

/** `Service-Advisory: reserved_profile_host;refused_from="2027-03-01", buyer_ref_invalid` */
export function serviceAdvisoryHeader(advisories: readonly Advisory[]): string {
  return advisories.map((a) => (a.refused_from ? `${a.code};refused_from="${a.refused_from}"` : a.code)).join(', ');
}
