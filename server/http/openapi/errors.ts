/**
 * The errors /api/openapi.json declares: which catalogue codes each operation can answer, and the
 * closed schema of each code's body (its `details` from errors/details.ts).
 */
import type { z } from 'zod';
import { ERROR_CATALOGUE, type ErrorCode, type ErrorSpec } from '../../errors/catalogue';
import { ERROR_DETAILS } from '../../errors/details';
import type { Operation } from '../../trpc/meta';
import { ref, type Json } from './components';
import { jsonSchemaOf } from './json-schema';
import { X402_BODIES, X402_REQUIREMENT } from './x402';

/**
 * Refusals of the HTTP server itself, for any request: what Node's parser cannot read. They are
 * written on the socket before there is a request, so they carry no Request-Id.
 */
export const EDGE_CODES: readonly ErrorCode[] = ['malformed_request', 'request_header_fields_too_large'];

/** Which catalogue codes an operation can answer, from its kind, policy and method. */
export function errorCodesFor(operation: Operation): ErrorCode[] {
  const { access, policy, idempotent } = operation;
  if (policy.retired) return ['endpoint_retired', ...EDGE_CODES];
  const codes: ErrorCode[] = ['method_not_allowed', ...EDGE_CODES];
  if (access.kind === 'credential') codes.push('credential_required', 'invalid_credential', 'insufficient_scope');
  if (access.kind === 'credential' && access.buyer) codes.push('buyer_credential_required');
  if (access.kind === 'credential' && access.scope === 'developer_session' && operation.type === 'mutation') codes.push('origin_refused');
  // The admin API is not counted against a policy, but its tries at the token are (limits/admin-tries.ts).
  if (access.kind === 'admin') codes.push('admin_disabled', 'credential_required', 'admin_token_invalid', 'rate_limited');
  if (access.kind === 'open') codes.push('ucp_agent_required');
  if (access.kind === 'open' || access.kind === 'discovery') {
    codes.push('invalid_credential', 'conflicting_credentials', 'ucp_agent_invalid', 'ucp_agent_insecure_url', 'reserved_profile_host', 'ip_profile_host');
  }
  // Step 4b: every identified caller of the agent surface is counted against its policy.
  if (counted(operation)) codes.push('rate_limited');
  if (idempotent) codes.push('IDEMPOTENCY_KEY_REQUIRED');
  if (operation.acceptsKey) codes.push('idempotency_key_invalid', 'idempotency_key_reused', 'idempotency_request_in_progress');
  if (operation.rest && hasBody(operation.rest.method)) codes.push('invalid_json', 'unsupported_media_type', 'payload_too_large');
  // Even an operation without fields refuses input none takes (NUL, lone surrogates: lib/input-limits.ts).
  codes.push('invalid_request');
  codes.push(...(policy.errors ?? []), 'internal_error', 'service_unavailable');
  return [...new Set(codes)];
}

/** Whether the operation's callers are counted against a rate-limit policy (all but the admin API). */
export const counted = (operation: Operation) => operation.access.kind !== 'admin' && !operation.policy.retired;

export const hasBody = (method: string) => method !== 'GET' && method !== 'DELETE';

export const errorSchemaName = (code: ErrorCode) => `Error.${code}`;

/** The closed schema of one code's error body. */
export function errorSchema(code: ErrorCode): Json {
  const spec: ErrorSpec = ERROR_CATALOGUE[code];
  const properties: Json = {
    error: { type: 'string', description: 'What went wrong, in prose; may be reworded: branch on code.' },
    code: { type: 'string', const: code },
  };
  const required = ['error', 'code'];
  if (spec.retryable) {
    properties.retryable = { type: 'boolean', const: true, description: 'The same request can succeed later.' };
    required.push('retryable');
  }
  if (code === 'cart_total_exceeds_limit') {
    // The spec's documented body: `error` is the code itself, the prose is in `message`.
    properties.error = { type: 'string', const: code };
    properties.max_cents = { type: 'integer', description: 'The cart total ceiling, in US cents (max_cart_total_cents).' };
    properties.message = { type: 'string', description: 'What went wrong, in prose; may be reworded.' };
    required.push('max_cents', 'message');
  }
  if (X402_BODIES.includes(code)) {
    // x402 v1's payment-required body, at the top where its clients read it (errorBody puts it there).
    properties.x402Version = { type: 'integer', const: 1, description: 'x402 v1: this body is its payment-required answer; v2’s is the PAYMENT-REQUIRED header.' };
    properties.accepts = { type: 'array', minItems: 1, items: ref(X402_REQUIREMENT), description: 'The ways to pay, any one of which settles the checkout.' };
    required.push('x402Version', 'accepts');
  }
  const details = (ERROR_DETAILS as Partial<Record<ErrorCode, z.ZodType>>)[code];
  if (details) {
    const optional = details.safeParse(undefined).success;
    properties.details = jsonSchemaOf(optional ? (details as z.ZodOptional<z.ZodType>).unwrap() : details, 'output');
    if (!optional) required.push('details');
  }
  // Always there but in the HTTP server's last-resort 500, when the gateway itself failed.
  if (spec.status >= 500) properties.request_id = { type: 'string', description: 'The request’s id, to quote when reporting the failure.' };
  properties['service:advisories'] = ref('ServiceAdvisories');
  return { type: 'object', description: `${spec.status} ${code}: ${spec.message} ${spec.hint}`, properties, required, additionalProperties: false };
}
