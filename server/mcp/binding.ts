/**
 * UCP's shopping binding over MCP (UCP 2026-04-08, mcp.openrpc.json) at `<base>/ucp/mcp` and each
 * seller's `<base>/store/{handle}/ucp/mcp`: the binding's operations as tools (binding-tools.ts),
 * answered as overview.md § Error Handling has it for MCP. A success, or a business outcome
 * (not_found, capabilities_incompatible), is a result whose structuredContent is the answer or
 * UCP's error_response. Anything else is a JSON-RPC error whose data is the REST body: -32001 for
 * discovery and version failures, -32602 for invalid params, and -32000 otherwise; it keeps its
 * HTTP status (a rate limit's 429 with Retry-After, 401, 403, 503), except that discovery failures
 * and invalid params are sent as 200, so an SDK client, which reads no body of another status,
 * gets error.data.
 */
import { bindingTarget } from '../domain/ucp-endpoints';
import { SERVICE_VERSION } from '../domain/ucp-profile';
import type { ApiError } from '../errors/catalogue';
import { toApiError } from '../errors/from-unknown';
import { invalidRequest, type RequestIssue } from '../errors/invalid-request';
import { isUcpOutcome, ucpJsonRpcCode, ucpStatus, ucpTransportBody, ucpTravelsAs200OnMcp, type UcpTransportBody } from '../errors/ucp';
import { newId } from '../lib/ids';
import { bindingFailure } from '../routers/ucp/failure';
import type { Services } from '../trpc/context';
import type { BindingTool } from './binding-tools';
import { jsonRpcError, onToolCall, resultMeta, SERVER_OPTIONS, ToolServer, type Endpoint } from './endpoint';
import { bindingCallEnvelope } from './envelope';
import { listedTools } from './tools';

/** The binding's MCP endpoint under the network's `/ucp` and each seller's `/store/{handle}/ucp`. */
export const BINDING_MCP_PATH = '/ucp/mcp';

/** What every tool shares, said once. */
const INSTRUCTIONS = `UCP 2026-04-08 shopping binding (dev.ucp.shopping) of the Agent Commerce network's catalog; at /store/{handle}/ucp/mcp, of that seller's products only.
Every tools/call names your platform profile: meta["ucp-agent"] = {"profile": "https://…"} (or the UCP-Agent header). It is fetched and negotiated with; a change also takes meta["idempotency-key"]. The REST request body goes under the argument the tool names (catalog).
Business outcomes (not_found, capabilities_incompatible) are results: structuredContent is UCP's error_response (ucp.status "error", messages). Errors are JSON-RPC errors whose data is {code, content, messages}: -32001 your profile could not be used (continue_url is the web fallback), -32602 invalid params, -32000 otherwise, with the HTTP status (401, 403, 429 with data.retry_after, 503).`;

export function bindingEndpoint(services: Services, tools: readonly BindingTool[]): Endpoint {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const listed = { tools: listedTools(tools) };

  return {
    server(frame) {
      const server = new ToolServer(
        { name: 'agent-commerce-ucp', title: 'Agent Commerce (UCP shopping)', version: SERVICE_VERSION },
        { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS, ...SERVER_OPTIONS },
      );
      server.setRequestHandler('tools/list', () => listed);
      onToolCall(services, server, frame, byName, {
        envelope: (tool, params, headers) => bindingCallEnvelope(tool, params, headers, bindingTarget(frame.pathname)?.seller),
        failure(thrown, tool, ctx, envelope) {
          const caught = toApiError(thrown, ctx.requestId);
          // The envelope's own refusals already name arguments; the pipeline's name the input's fields.
          const err = caught === envelope.inputError ? caught : inArgumentTerms(caught, tool);
          const answer = bindingFailure(ctx, err, tool.capability);
          if (isUcpOutcome(err)) return { content: [{ type: 'text', text: JSON.stringify(answer.body) }], structuredContent: answer.body as unknown as Record<string, unknown>, ...resultMeta(ctx) };
          if (!ucpTravelsAs200OnMcp(err)) frame.status ??= { status: answer.status, headers: err.headers };
          throw rpcError(err, answer.body as UcpTransportBody);
        },
      });
      return server;
    },
    refusal(err, id = null) {
      const error = rpcError(err, ucpTransportBody(err, newId('req')));
      return Response.json({ jsonrpc: '2.0', error: { code: error.code, message: error.message, data: error.data }, id }, { status: ucpStatus(err), headers: err.headers });
    },
  };
}

/** The JSON-RPC error of a failure; a wait (429, 503) is also `data.retry_after`, in seconds, where MCP clients read it. */
function rpcError(err: ApiError, body: UcpTransportBody): Error & { code: number; data: unknown } {
  const retryAfter = Number(err.headers['Retry-After']);
  const data = Number.isFinite(retryAfter) && err.headers['Retry-After'] !== undefined ? { ...body, retry_after: retryAfter } : body;
  return jsonRpcError(ucpJsonRpcCode(err), err.message, data) as Error & { code: number; data: unknown };
}

/**
 * invalid_request names the operation's input fields; on MCP a body field is under the body's
 * argument (`catalog.query`), and a path parameter is an argument of its own.
 */
function inArgumentTerms(err: ApiError, tool: BindingTool): ApiError {
  const issues = err.code === 'invalid_request' ? (err.details?.issues as RequestIssue[] | undefined) : undefined;
  if (!issues || tool.body === undefined) return err;
  const body = tool.body;
  const argument = (path: string) => (tool.pathParameters.includes(path.split('.')[0]) ? path : path ? `${body}.${path}` : body);
  return invalidRequest(issues.map((issue) => ({ ...issue, path: argument(issue.path) })));
}
