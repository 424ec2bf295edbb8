/**
 * ACP's checkout over MCP (ACP 2026-04-17, docs/mcp-binding.md "MCPB") at `<base>/acp/mcp`: the
 * checkout session operations of ACP's REST binding as tools (acp-tools.ts), each call run through
 * the same pipeline as REST (the `acp` procedure kind: API-Version from meta.api_version, the
 * platform's key, idempotency keys in REST's namespace for the same path, the rate limit).
 *
 * - A success is the REST answer, as structuredContent and as text (MCPB § Response Mapping).
 * - A failure is JSON-RPC error -32000 whose data is ACP's flat Error as REST's body has it,
 *   authorization (403 on REST) included (§ Error Handling), sent over HTTP 200 so that an SDK
 *   client, which reads no body of another status, gets error.data; a wait (429, 503) keeps its
 *   Retry-After header. -32602 is only for arguments that are not MCPB's {meta, id, payload}.
 * - The endpoint itself needs a credential on every request, protocol methods included (MCPB:
 *   authentication is the MCP server's, not a tool argument): none, or one not recognised, is HTTP
 *   401 with WWW-Authenticate, as on the other MCP endpoints.
 */
import { ACP_PATH } from '../domain/acp-endpoints';
import { ACP_VERSION } from '../errors/acp';
import { SERVICE_VERSION } from '../domain/ucp-profile';
import { acpErrorBody, acpStatus } from '../errors/acp';
import type { ApiError } from '../errors/catalogue';
import { toApiError } from '../errors/from-unknown';
import { invalidRequest } from '../errors/invalid-request';
import { ACP_SCOPE, acpCredentialRequired } from '../trpc/acp';
import type { Services } from '../trpc/context';
import type { AcpTool } from './acp-tools';
import { idOf, jsonRpcError, onToolCall, SERVER_OPTIONS, ToolServer, type Endpoint } from './endpoint';
import { acpArgumentIssues, acpCallEnvelope } from './envelope';
import { listedTools } from './tools';

/** JSON-RPC's server error, the one code of every ACP failure (MCPB § Error Handling). */
const ACP_FAILURE = -32000;
const INVALID_PARAMS = -32602;

/** What every tool shares, said once. */
const INSTRUCTIONS = `ACP ${ACP_VERSION} checkout (Agentic Commerce Protocol, MCP binding) of the Agent Commerce network: each tool is the REST operation under ${ACP_PATH}, on the same sessions.
The credential is this endpoint's Authorization: Bearer <a network key with ${ACP_SCOPE}>. Every tools/call takes {meta, id, payload}: meta.api_version "${ACP_VERSION}" (required), meta.idempotency_key (optional; REST's Idempotency-Key on the same path), meta.request_id; id the session's; payload the REST request body.
A result is the REST answer (structuredContent, and as text). A failure is JSON-RPC error -32000 whose data is ACP's Error {type, code, message, param?, supported_versions?}: read data.code. -32602: the arguments are not {meta, id, payload}. Completing takes a token delegated for the session (POST ${ACP_PATH}/agentic_commerce/delegate_payment, REST).`;

export function acpEndpoint(services: Services, tools: readonly AcpTool[]): Endpoint {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const listed = { tools: listedTools(tools) };

  function refusal(err: ApiError, id: ReturnType<typeof idOf> = null): Response {
    return Response.json({ jsonrpc: '2.0', error: { code: ACP_FAILURE, message: err.message, data: acpErrorBody(err) }, id }, { status: acpStatus(err), headers: err.headers });
  }

  return {
    server(frame) {
      const server = new ToolServer(
        { name: 'agent-commerce-acp', title: 'Agent Commerce (ACP checkout)', version: SERVICE_VERSION },
        { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS, ...SERVER_OPTIONS },
      );
      server.setRequestHandler('tools/list', () => listed);
      onToolCall(services, server, frame, byName, {
        envelope(tool, params, headers) {
          const issues = acpArgumentIssues(tool, params.arguments ?? {});
          if (issues.length) {
            const err = invalidRequest(issues);
            throw jsonRpcError(INVALID_PARAMS, err.message, acpErrorBody(err));
          }
          return acpCallEnvelope(tool, params, headers);
        },
        failure(thrown, _tool, ctx) {
          const err = toApiError(thrown, ctx.requestId);
          const retryAfter = err.headers['Retry-After'];
          if (retryAfter !== undefined) frame.status ??= { status: 200, headers: { 'Retry-After': retryAfter } };
          throw jsonRpcError(ACP_FAILURE, err.message, acpErrorBody(err));
        },
      });
      return server;
    },
    refusal,
    // Every request names the platform: MCP clients authorize per connection, on an HTTP 401.
    screen: (body, credential) => (credential ? undefined : refusal(acpCredentialRequired(), idOf(body))),
  };
}
