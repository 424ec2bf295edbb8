/**
 * Which era of MCP serves a POST: 2025's (`initialize`, our own transport) or 2026-07-28's (the
 * SDK's `createMcpHandler`). The SDK's `isLegacyRequest` decides, but its full classification
 * (three JSON-RPC schema parses, two of them failing with issue lists, and copies of the request's
 * fields: ~25 µs a call under bench:mcp) is run again by `createMcpHandler` on every 2026 request.
 * The two shapes nearly every request has are told apart here from what that classification
 * reads, with the SDK's own rules; anything else is left to `isLegacyRequest`.
 */
import { isJSONRPCRequest, isLegacyRequest } from '@modelcontextprotocol/server';
import { MAX_BODY_BYTES } from '../lib/request-limits';
import { isRecord } from './envelope';

/** The envelope key whose presence claims 2026-07-28 (the SDK's PROTOCOL_VERSION_META_KEY). */
const CLAIM = 'io.modelcontextprotocol/protocolVersion';
/** The first revision an `MCP-Protocol-Version` header names the modern era with (the SDK compares as strings). */
const FIRST_MODERN = '2026-07-28';

/** Whether the 2025-era transport serves this POST (`body` parsed, undefined if it is not JSON). */
export async function isLegacy(request: Request, body: unknown): Promise<boolean> {
  return quickEra(body, request.headers.get('mcp-protocol-version')) ?? isLegacyRequest(request, body, { maxRequestBodySize: MAX_BODY_BYTES });
}

/**
 * The era of a single JSON-RPC message, where the SDK's classification can have but one outcome:
 * - a message that claims the envelope in `params._meta` is modern (answered there, or refused
 *   there when the envelope or the routing headers are wrong), unless it is `initialize`, whose
 *   invalid claim the SDK sends to the 2025 handshake, or it looks like a posted response;
 * - a well-formed request with no claim, whose `MCP-Protocol-Version` (if any) names a 2025-era
 *   revision, is legacy.
 * Undefined otherwise (batches, notifications, responses, malformed messages).
 */
function quickEra(body: unknown, versionHeader: string | null): boolean | undefined {
  if (!isRecord(body) || 'result' in body || 'error' in body) return undefined;
  const meta = isRecord(body.params) ? body.params._meta : undefined;
  if (isRecord(meta) && CLAIM in meta) return body.method === 'initialize' ? undefined : false;
  const headerModern = versionHeader !== null && versionHeader.replace(/^[ \t]+|[ \t]+$/g, '') >= FIRST_MODERN;
  return !headerModern && isJSONRPCRequest(body) ? true : undefined;
}
