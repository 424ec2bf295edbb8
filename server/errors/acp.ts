/**
 * How ACP's binding (`<base>/acp`, ACP 2026-04-17) answers a failure, from the same ApiError every
 * transport throws: ACP's flat `Error` (schema.agentic_checkout.json#/$defs/Error),
 * `{type, code, message, param?, supported_versions?}`, never the service's `{error, code}`.
 *
 * - `type` is one of ACP's three: `service_unavailable` for a 503, `processing_error` for any
 *   other 5xx, `invalid_request` for everything else, authentication and rate limits included
 *   (ACP has no type for them: MCPB § Authentication and Authorization Errors).
 * - `code` is the catalogue's, or ACP's own word for it where ACP names one (the catalogue's
 *   `acp.code`: idempotency_conflict, not_found, unauthorized…); the status likewise (`acp.status`:
 *   a reused idempotency key is 422, a closed session 405).
 * - `param` is a JSONPath into the request: `details.param` where the throw site names one, else
 *   the first schema issue's path.
 *
 * A problem within a session that still answers is not an Error but a MessageError in a 2xx answer
 * (server/acp/messages.ts).
 */
import { ERROR_CATALOGUE, type ApiError, type ErrorSpec } from './catalogue';
import type { RequestIssue } from './invalid-request';

/** The one ACP version this service speaks. */
export const ACP_VERSION = '2026-04-17';

export interface AcpError {
  type: 'invalid_request' | 'processing_error' | 'service_unavailable' | 'rate_limit_exceeded';
  code: string;
  message: string;
  param?: string;
  supported_versions?: string[];
}

const VERSION_CODES = new Set(['missing_api_version', 'unsupported_api_version']);

function specOf(err: ApiError): ErrorSpec {
  return ERROR_CATALOGUE[err.code];
}

export function acpStatus(err: ApiError): number {
  return specOf(err).acp?.status ?? err.status;
}

/**
 * `delegatePayment`: delegate_payment's own Error (schema.delegate_payment.json), whose closed
 * enums name a rate limit `rate_limit_exceeded`/`too_many_requests` (decision 6).
 */
export function acpErrorBody(err: ApiError, { delegatePayment = false } = {}): AcpError {
  const status = acpStatus(err);
  const type = status === 503 ? 'service_unavailable' : status >= 500 ? 'processing_error' : 'invalid_request';
  const body: AcpError = { type, code: specOf(err).acp?.code ?? err.code.toLowerCase(), message: err.message };
  if (delegatePayment && err.code === 'rate_limited') Object.assign(body, { type: 'rate_limit_exceeded', code: 'too_many_requests' });
  const param = paramOf(err.details);
  if (param !== undefined) body.param = param;
  if (VERSION_CODES.has(err.code)) body.supported_versions = [ACP_VERSION];
  return body;
}

function paramOf(details: Record<string, unknown> | undefined): string | undefined {
  if (typeof details?.param === 'string') return details.param;
  const issue = (details?.issues as RequestIssue[] | undefined)?.[0];
  return issue === undefined ? undefined : jsonPath(issue.path);
}

/** A schema issue's dotted path (`line_items.0.id`) as RFC 9535 JSONPath (`$.line_items[0].id`). */
export function jsonPath(dotted: string): string {
  if (dotted.startsWith('$')) return dotted;
  if (!dotted) return '$';
  return '$' + dotted.split('.').map((segment) => (/^\d+$/.test(segment) ? `[${segment}]` : /^[A-Za-z_][A-Za-z0-9_]*$/.test(segment) ? `.${segment}` : `[${JSON.stringify(segment)}]`)).join('');
}
