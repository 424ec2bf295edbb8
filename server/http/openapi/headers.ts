/**
 * The headers of /api/openapi.json's operations: the request headers an operation reads
 * (identification, signatures, idempotency, the x402 payment) and those each answer carries.
 */
import { REQUEST_ID } from '../../trpc/context';
import type { Operation } from '../../trpc/meta';
import type { ErrorCode } from '../../errors/catalogue';
import { HEADERS, type Json } from './components';
import { EDGE_CODES, counted, hasBody } from './errors';
import { EXAMPLE_AGENT, EXAMPLE_IDEMPOTENCY_KEY } from './examples';
import { paysWithX402, x402Parameters, type X402Example, type X402Header } from './x402';

const headerRef = (name: keyof typeof HEADERS | X402Header) => ({ $ref: `#/components/headers/${name}` });

export function headerParameters(operation: Operation, x402: X402Example): Json[] {
  const { access } = operation;
  const params: Json[] = [];
  if (!operation.policy.retired && (access.kind === 'open' || access.kind === 'discovery')) {
    params.push({
      name: 'UCP-Agent',
      in: 'header',
      required: false,
      description:
        access.kind === 'open'
          ? 'Your agent’s profile URL: `profile="https://…"` (RFC 8941 dictionary) or the bare https URL. Required unless the call carries a network key in Authorization (then send no UCP-Agent: both is 400 conflicting_credentials).'
          : 'Optional here; validated when sent. Your agent’s profile URL: `profile="https://…"` (RFC 8941 dictionary) or the bare https URL.',
      schema: { type: 'string' },
      example: EXAMPLE_AGENT,
    });
    params.push({
      name: 'Service-Buyer',
      in: 'header',
      required: false,
      description: 'Optional buyer reference, for attribution only: `ref="…", session="…"` (ref: 8–64 of A-Z a-z 0-9 . _ : -; never an e-mail address or telephone number).',
      schema: { type: 'string' },
      example: 'ref="u_7f3a9c21", session="conv-2041"',
    });
    params.push(...signatureParameters(operation));
  }
  if (!operation.policy.retired && operation.acceptsKey) {
    params.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: operation.idempotent,
      description: `16–64 printable ASCII characters, fresh per logical request; a retry reuses it with the same input and gets the first outcome.${operation.idempotent ? '' : ' Optional: without it the call runs as any call does.'}`,
      schema: { type: 'string', minLength: 16, maxLength: 64, pattern: '^[\\x20-\\x7e]{16,64}$' },
      example: EXAMPLE_IDEMPOTENCY_KEY,
    });
  }
  if (paysWithX402(operation)) params.push(...x402Parameters(x402));
  params.push({
    name: 'Request-Id',
    in: 'header',
    required: false,
    description: 'Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.',
    schema: { type: 'string', pattern: REQUEST_ID.source },
    example: 'shopbot-7d2f1c9e',
  });
  return params;
}

/**
 * An open call may be signed (RFC 9421; Web Bot Auth): optional, never a refusal. The served
 * overview's signed_requests says what to cover and which advisory a failure gives. Declared once
 * under components.parameters and referenced by every open operation (inline, they added ~26 KB
 * to the document an agent may read).
 */
const SIGNING = 'How to sign: /api/agent/docs/overview#signed-requests.';
export const SIGNATURE_PARAMETERS: Record<string, Json> = {
  'Signature-Input': {
    name: 'Signature-Input',
    in: 'header',
    required: false,
    description: `RFC 9421 signature parameters: at most 3 labels; covering @method, @authority, @path (@query when there is one), ucp-agent and, when sent, idempotency-key and signature-agent, and content-digest and content-type when a body is sent; with created, expires (≤ 24 h apart), nonce and keyid. A signature that does not verify serves the call as open, with an advisory. ${SIGNING}`,
    schema: { type: 'string' },
    example: 'sig1=("@method" "@authority" "@path" "ucp-agent");created=1767225600;expires=1767225900;nonce="b3k2pZq9LmX0";keyid="agent-2026";alg="ed25519"',
  },
  Signature: {
    name: 'Signature',
    in: 'header',
    required: false,
    description: `RFC 9421 signatures, by the labels of Signature-Input (ES256, ES384 or Ed25519; ECDSA as raw r‖s). ${SIGNING}`,
    schema: { type: 'string' },
    example: 'sig1=:dGhlIHNpZ25hdHVyZSBieXRlcyBpbiBiYXNlNjQ=:',
  },
  'Signature-Agent': {
    name: 'Signature-Agent',
    in: 'header',
    required: false,
    description: `Web Bot Auth (tag="web-bot-auth"): the https key directory, on the profile's host; a dictionary member named by the label, or the legacy quoted string. ${SIGNING}`,
    schema: { type: 'string' },
    example: 'sig1="https://agent.shopbot.dev/.well-known/http-message-signatures-directory"',
  },
  'Content-Digest': {
    name: 'Content-Digest',
    in: 'header',
    required: false,
    description: `RFC 9530 digest of the body as sent (sha-256 or sha-512); covered by a signature of a request with a body, and checked against the bytes received. ${SIGNING}`,
    schema: { type: 'string' },
    example: 'sha-256=:RK/0qy18MlBSVnWgjwz6lZEWjP/lF5HF9bvEF8FabDg=:',
  },
};

function signatureParameters(operation: Operation): Json[] {
  const withBody = operation.rest !== undefined && hasBody(operation.rest.method);
  const names = withBody ? ['Signature-Input', 'Signature', 'Signature-Agent', 'Content-Digest'] : ['Signature-Input', 'Signature', 'Signature-Agent'];
  return names.map((name) => ({ $ref: `#/components/parameters/${name}` }));
}

export function responseHeaders(operation: Operation, status: number, codes: readonly ErrorCode[]): Json {
  const { access } = operation;
  const headers: Json = {
    'Request-Id': codes.some((c) => EDGE_CODES.includes(c))
      ? { ...HEADERS['Request-Id'], required: false, description: `${HEADERS['Request-Id'].description} Absent on ${EDGE_CODES.join(' and ')}, answered before a request exists.` }
      : headerRef('Request-Id'),
    'Service-Agent-Trust': codes.some((c) => EDGE_CODES.includes(c))
      ? { ...HEADERS['Service-Agent-Trust'], required: false, description: `${HEADERS['Service-Agent-Trust'].description} Absent on ${EDGE_CODES.join(' and ')}.` }
      : headerRef('Service-Agent-Trust'),
  };
  // Counted callers learn their policy on every answer past the rate-limit step: refusals of the
  // credential (401) and of the method (405) come before it.
  if (counted(operation) && status !== 401 && status !== 405) {
    headers['RateLimit-Policy'] = headerRef('RateLimit-Policy');
    headers.RateLimit = headerRef('RateLimit');
  }
  const identifies = access.kind === 'open' || access.kind === 'discovery';
  // Advisories come from the identity step: answers refused before or by it carry none.
  if (identifies && !operation.policy.retired && status !== 401 && status !== 405) headers['Service-Advisory'] = headerRef('Service-Advisory');
  const unstored = operation.policy.ownTransactions?.unstored ?? [];
  const replayable = status < 400 || codes.some((c) => operation.policy.errors?.includes(c) && status < 500 && !unstored.includes(c));
  if (operation.acceptsKey && replayable) headers['Idempotent-Replayed'] = headerRef('Idempotent-Replayed');
  if (status === 503 || status === 429 || codes.includes('idempotency_request_in_progress') || codes.includes('payment_in_progress')) headers['Retry-After'] = headerRef('Retry-After');
  if (paysWithX402(operation) && status === 402) headers['PAYMENT-REQUIRED'] = headerRef('PAYMENT-REQUIRED');
  if (paysWithX402(operation) && status < 300) Object.assign(headers, { 'PAYMENT-RESPONSE': headerRef('PAYMENT-RESPONSE'), 'X-PAYMENT-RESPONSE': headerRef('X-PAYMENT-RESPONSE') });
  if (status === 405) headers.Allow = headerRef('Allow');
  if (status === 401) headers['WWW-Authenticate'] = headerRef('WWW-Authenticate');
  if (status === 403 && codes.includes('insufficient_scope')) {
    headers['WWW-Authenticate'] = { ...HEADERS['WWW-Authenticate'], required: false, description: 'Sent with insufficient_scope: the scope needed (RFC 6750).' };
  }
  return headers;
}
