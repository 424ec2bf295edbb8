/**
 * How UCP's shopping binding answers a failure (overview.md § Error Handling), from the same
 * ApiError every transport throws:
 *
 * - a business outcome (a catalogue entry with `ucp.outcome`: not found, capabilities
 *   incompatible) is HTTP 200 with UCP's `error_response` exactly, which allows nothing else at its
 *   top level;
 * - anything else keeps its status, with UCP's transport shape `{code, content}`, the service's
 *   `{error, code}` rule (`error` is the same prose), and `messages` as identity-linking clients
 *   read them.
 *
 * On MCP the transport body is `error.data` of a JSON-RPC error whose code says which kind it is.
 */
import { ERROR_CATALOGUE, type ApiError, type ErrorSpec, type UcpSeverity } from './catalogue';

export interface UcpMessage {
  type: 'error';
  code: string;
  content: string;
  severity: UcpSeverity;
  path?: string;
}

export interface UcpTransportBody {
  code: string;
  content: string;
  error: string;
  messages: UcpMessage[];
  continue_url?: string;
  details?: Record<string, unknown>;
  request_id?: string;
}

/** The `ucp` member a binding answer carries: the version, and the negotiated capabilities relevant to it. */
export interface UcpResponseMeta {
  version: string;
  status?: 'success' | 'error';
  capabilities?: Record<string, { version: string }[]>;
}

export interface UcpErrorResponse {
  ucp: UcpResponseMeta & { status: 'error' };
  messages: UcpMessage[];
  continue_url?: string;
}

/** The discovery and version failures, which MCP answers as JSON-RPC -32001 (overview.md § Error Codes). */
const DISCOVERY_CODES = new Set(['invalid_profile_url', 'profile_unreachable', 'profile_malformed', 'version_unsupported']);
/** A request that is not well formed as UCP signs it: JSON-RPC's invalid request. */
const INVALID_REQUEST_CODES = new Set(['digest_mismatch', 'algorithm_unsupported']);
/**
 * Input the operation could not take: MCP's invalid params. A change's idempotency key missing or
 * malformed is one too: on MCP it is an argument (meta["idempotency-key"]).
 */
const INVALID_PARAMS_CODES = new Set(['invalid_request', 'invalid_json', 'request_too_large', 'IDEMPOTENCY_KEY_REQUIRED', 'idempotency_key_invalid']);

function specOf(err: ApiError): ErrorSpec {
  return ERROR_CATALOGUE[err.code];
}

/** The platform profile could not be had or is at another version: a person may still go on at the business's own pages. */
export function isNegotiationFailure(err: ApiError): boolean {
  return DISCOVERY_CODES.has(err.code);
}

export function isUcpOutcome(err: ApiError): boolean {
  return specOf(err).ucp?.outcome === true;
}

/** The message an error is on the binding: UCP's code for it, the prose, and how a platform should take it. */
export function ucpMessage(err: ApiError): UcpMessage {
  const spec = specOf(err);
  return { type: 'error', code: spec.ucp?.code ?? err.code, content: err.message, severity: spec.ucp?.severity ?? defaultSeverity(ucpStatus(err)) };
}

/**
 * A platform can fix its input or retry what failed (recoverable); a resource that is not there,
 * or gone, it cannot (unrecoverable).
 */
function defaultSeverity(status: number): UcpSeverity {
  return status === 404 || status === 410 ? 'unrecoverable' : 'recoverable';
}


/** The HTTP status a failure answers on the binding (UCP's where it gives another: key_not_found is a signature's 401). */
export function ucpStatus(err: ApiError): number {
  return specOf(err).ucp?.status ?? err.status;
}

/** A non-2xx answer's body. */
export function ucpTransportBody(err: ApiError, requestId: string, continueUrl?: string): UcpTransportBody {
  const message = ucpMessage(err);
  const body: UcpTransportBody = { code: message.code, content: message.content, error: message.content, messages: [message] };
  if (continueUrl) body.continue_url = continueUrl;
  if (err.details) body.details = err.details;
  if (err.status >= 500) body.request_id = requestId;
  return body;
}

/** A business outcome's body: UCP's error_response. */
export function ucpOutcomeBody(err: ApiError, ucp: UcpResponseMeta, continueUrl?: string): UcpErrorResponse {
  const body: UcpErrorResponse = { ucp: { ...ucp, status: 'error' }, messages: [ucpMessage(err)] };
  if (continueUrl) body.continue_url = continueUrl;
  return body;
}

/**
 * The JSON-RPC error code of a binding failure on MCP: discovery and version failures -32001,
 * input the operation cannot take -32602, a server fault -32603, every other protocol error -32000.
 */
export function ucpJsonRpcCode(err: ApiError): number {
  if (isNegotiationFailure(err)) return -32001;
  if (INVALID_PARAMS_CODES.has(err.code)) return -32602;
  if (INVALID_REQUEST_CODES.has(err.code)) return -32600;
  if (ucpStatus(err) === 500) return -32603;
  return -32000;
}

/** Whether MCP answers it with HTTP 200 (the JSON-RPC error carries it) rather than its own status. */
export function ucpTravelsAs200OnMcp(err: ApiError): boolean {
  return isNegotiationFailure(err) || INVALID_PARAMS_CODES.has(err.code);
}
