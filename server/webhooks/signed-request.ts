/**
 * The headers of one attempt (issue #35 §3; order.md § Order Event Webhook, signatures.md § REST
 * Request Signing): Standard Webhooks' Webhook-Id and Webhook-Timestamp (the event's time, the same
 * at every attempt), Content-Digest of the stored bytes, the business profile that signs as
 * UCP-Agent, the Webhook-Id again as Idempotency-Key, and an RFC 9421 signature over all of them.
 * The signature is made afresh at each attempt: `created` is when it was sent, which is how a
 * platform judges freshness. Its parameters are keyid, created and expires: signatures.md derives
 * the algorithm from the key's curve, so `alg` is not sent.
 *
 * The signature base is built here (RFC 9421 §2.5) rather than with http-message-signatures: every
 * component is one of ours, with a value this file makes, so the general library's parsing of
 * structured fields and messages is not needed, and it cost a delivery ~0.3 ms of CPU. The tests
 * verify what is sent with that library.
 */
import { sign, type KeyObject } from 'node:crypto';
import { contentDigest } from '../signatures/content-digest';

/** How long a signature stays valid after it was made. */
const SIGNATURE_LIFETIME_S = 300;

export interface SignedDelivery {
  id: string;
  occurredAt: Date;
  body: string;
}

export interface WebhookSigningKey {
  kid: string;
  privateKey: KeyObject;
}

/** The components signed: `@query` only when the URL has one (signatures.md). */
export function signedComponents(url: URL): string[] {
  return ['@method', '@authority', '@path', ...(url.search ? ['@query'] : []), 'ucp-agent', 'content-digest', 'content-type', 'webhook-id', 'webhook-timestamp', 'idempotency-key'];
}

export function signedHeaders(delivery: SignedDelivery, url: URL, signerProfile: string, key: WebhookSigningKey, now: Date): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'webhook-id': delivery.id,
    'webhook-timestamp': String(Math.floor(delivery.occurredAt.getTime() / 1000)),
    'content-digest': contentDigest(delivery.body),
    'ucp-agent': `profile="${signerProfile}"`,
    'idempotency-key': delivery.id,
  };
  const created = Math.floor(now.getTime() / 1000);
  const components = signedComponents(url);
  const params = `(${components.map((c) => `"${c}"`).join(' ')});keyid="${key.kid}";created=${created};expires=${created + SIGNATURE_LIFETIME_S}`;
  const base = [...components.map((c) => `"${c}": ${componentValue(c, url, headers)}`), `"@signature-params": ${params}`].join('\n');
  // ES256 as signatures.md has it: r‖s, 64 bytes, not DER.
  const signature = sign('sha256', Buffer.from(base), { key: key.privateKey, dsaEncoding: 'ieee-p1363' });
  return { ...headers, 'signature-input': `sig1=${params}`, signature: `sig1=:${signature.toString('base64')}:` };
}

/** A component's value (RFC 9421 §2.2): URL's host is the authority lowercased, without a default port. */
function componentValue(component: string, url: URL, headers: Record<string, string>): string {
  switch (component) {
    case '@method':
      return 'POST';
    case '@authority':
      return url.host;
    case '@path':
      return url.pathname;
    case '@query':
      return url.search;
    default:
      return headers[component];
  }
}
