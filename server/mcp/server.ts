/**
 * The MCP server: the seed API's tools at /api/mcp, UCP's shopping binding at `<base>/ucp/mcp`
 * and each seller's `<base>/store/{handle}/ucp/mcp` (binding.ts), and ACP's checkout at
 * `<base>/acp/mcp` (acp.ts), each endpoint with its own tools and instructions over the same
 * Streamable HTTP handling (endpoint.ts). None lists another's tools. This module serves /api/mcp itself and sends each request to its endpoint.
 *
 * Protocol methods (initialize or server/discover, ping, tools/list, resources/list and resources/read
 * of the limits) need no agent profile; tools/call does, like every open REST call.
 */
import { ResourceNotFoundError } from '@modelcontextprotocol/server';
import { ACP_MCP_PATH } from '../domain/acp-endpoints';
import { readLimits } from '../domain/limits';
import { bindingTarget } from '../domain/ucp-endpoints';
import { SERVICE_VERSION } from '../domain/ucp-profile';
import { errorBody, type ErrorBody } from '../errors/catalogue';
import type { RequestIssue } from '../errors/invalid-request';
import { toApiError } from '../errors/from-unknown';
import type { BearerCredential } from '../identity/credentials';
import type { Services } from '../trpc/context';
import type { Access } from '../trpc/meta';
import { grants, requiredScope } from '../trpc/procedures';
import { acpEndpoint } from './acp';
import { buildAcpTools, type AcpTool } from './acp-tools';
import { BINDING_MCP_PATH, bindingEndpoint } from './binding';
import { buildBindingTools, type BindingTool } from './binding-tools';
import { idOf, onToolCall, pathAndQuery, resultMeta, SERVER_OPTIONS, streamableHttp, ToolServer, type Endpoint, type EndpointHandler, type JsonRpcId } from './endpoint';
import { toolCallEnvelope } from './envelope';
import { buildTools, LIMITS_RESOURCE, listedTools, type Tool } from './tools';

export const MCP_PATH = '/api/mcp';
/** What an OAuth client is offered for the MCP resource: the buyer tools' scopes (MCP never settles). */
export const MCP_SCOPES = ['buyer:write', 'dev.ucp.shopping.order:read'];

export interface McpServer {
  /** The seed API's tools, at /api/mcp (their OpenRPC document: openrpc.ts). */
  tools: readonly Tool[];
  /** UCP's binding's tools, at `<base>/ucp/mcp` and each seller's `<base>/store/{handle}/ucp/mcp`. */
  bindingTools: readonly BindingTool[];
  /** ACP's checkout tools, at `<base>/acp/mcp`. */
  acpTools: readonly AcpTool[];
  /** Whether a request path (without its query) is one of the MCP endpoints. */
  serves(pathname: string): boolean;
  /**
   * Serves one HTTP request to an endpoint `serves` names (its JSON body may come parsed already,
   * with its raw bytes), from the client at `clientAddress` (its bucket; undefined: none known).
   */
  handle: EndpointHandler;
}

/** What every tool shares, said once here rather than in each tool's description. */
const INSTRUCTIONS = `Agent Commerce: search one network catalog across many sellers, look up sellers and their policies, build carts, and report problems. The tool checkout never completes a purchase: it returns a payment link a human confirms. Quickest path: search_catalog, quick_buy with an Offer's identifier and the address, then checkout.
Identify your agent on every tools/call with your profile URL: the UCP-Agent HTTP header (profile="https://…"), params._meta["ucp-agent"] or the meta["ucp-agent"] argument, as {"profile": "https://…"} (without it: ucp_agent_required). An optional buyer reference goes in _meta["ai.service.buyer"] or meta["ai.service.buyer"] as {ref, session}.
Tools that change data need an idempotency_key argument (16–64 printable ASCII, fresh per logical request; a retry reuses it with the same arguments and never acts twice). Keys share one namespace per caller with the REST Idempotency-Key header.
Read the live cart limits from the resource ${LIMITS_RESOURCE}. Failures are isError results with {error, code} (also at _meta["ai.service/error"]); a tool's description names its own codes, and every code is explained by read_docs {"slug": "errors"}. Advisories arrive at _meta["ai.service/advisories"]. An argument several tools share is described where tools/list first lists it.`;

const LIMITS_DESCRIPTION = 'The live cart limits: the same record as GET /api/agent/platform/limits.';

export function createMcpServer(services: Services): McpServer {
  const tools = buildTools(services.operations);
  const bindingTools = buildBindingTools(services.operations);
  const api = streamableHttp(services, apiEndpoint(services, tools));
  const binding = streamableHttp(services, bindingEndpoint(services, bindingTools));
  const acpTools = buildAcpTools(services.operations);
  const acp = streamableHttp(services, acpEndpoint(services, acpTools));
  return {
    tools,
    bindingTools,
    acpTools,
    serves: (pathname) => pathname === MCP_PATH || pathname === ACP_MCP_PATH || isBindingMcp(pathname),
    handle(request, parsedBody, rawBody, clientAddress) {
      const pathname = pathAndQuery(request.url).split('?')[0];
      const endpoint = pathname === MCP_PATH ? api : pathname === ACP_MCP_PATH ? acp : binding;
      return endpoint(request, parsedBody, rawBody, clientAddress);
    },
  };
}

/** `<base>/ucp/mcp` or `<base>/store/{handle}/ucp/mcp` (checked cheaply first: every REST request asks). */
function isBindingMcp(pathname: string): boolean {
  return pathname.endsWith(BINDING_MCP_PATH) && bindingTarget(pathname)?.path === BINDING_MCP_PATH;
}

/** /api/mcp: the seed API's tools and the limits resource; failures are isError results. */
function apiEndpoint(services: Services, tools: readonly Tool[]): Endpoint {
  // RFC 9728: where a client learns which authorization server issues tokens for this resource.
  const resourceMetadata = `${services.config.publicBaseUrl}/.well-known/oauth-protected-resource${MCP_PATH}`;
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const listed = { tools: listedTools(tools) };

  return {
    // A Server for one HTTP request, its database work under the request's deadline.
    server(frame, era) {
      const server = new ToolServer(
        { name: 'agent-commerce', title: 'Agent Commerce', version: SERVICE_VERSION },
        { capabilities: { tools: { listChanged: false }, resources: { listChanged: false } }, instructions: INSTRUCTIONS, ...SERVER_OPTIONS },
      );
      server.setRequestHandler('tools/list', () => listed);
      onToolCall(services, server, frame, byName, {
        envelope: toolCallEnvelope,
        failure(thrown, tool, ctx) {
          const body = inToolTerms(errorBody(toApiError(thrown, ctx.requestId), ctx.requestId), tool.argumentOf);
          // No structuredContent: clients validate it against the output schema even on errors.
          return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }], _meta: { 'ai.service/error': body, ...resultMeta(ctx)._meta } };
        },
      });
      server.setRequestHandler('resources/list', () => ({
        resources: [{ uri: LIMITS_RESOURCE, name: 'platform-limits', title: 'Live cart limits', mimeType: 'application/json', description: LIMITS_DESCRIPTION }],
      }));
      // 2026-07-28's resources capability answers templates/list too (this server has no template);
      // 2025 clients keep the answer they had, method not found.
      if (era === 'modern') server.setRequestHandler('resources/templates/list', () => ({ resourceTemplates: [] }));
      server.setRequestHandler('resources/read', async (request) => {
        // -32602 with data.uri in both eras: the SDK's codecs send MCP's older -32002 so.
        if (request.params.uri !== LIMITS_RESOURCE) throw new ResourceNotFoundError(request.params.uri, `Resource not found: ${request.params.uri}`);
        const limits = await readLimits(services.database.scoped(frame.scope));
        return { contents: [{ uri: LIMITS_RESOURCE, mimeType: 'application/json', text: JSON.stringify(limits) }] };
      });
      return server;
    },
    refusal: (err, id) => protocolError(err.status, err.message, err.headers, id),
    // A call of a tool that needs a credential the request lacks is challenged at the HTTP level
    // too: an MCP client starts (401) or widens (403) its OAuth authorization only on those.
    screen(body, credential) {
      const needed = credentialToolsCalled(body, byName);
      return needed.length ? challenge(needed, credential, resourceMetadata, idOf(body)) : undefined;
    },
  };
}

type CredentialAccess = Extract<Access, { kind: 'credential' }>;

/** The access of each tool a JSON-RPC message (or batch) calls that needs a credential. */
function credentialToolsCalled(body: unknown, byName: Map<string, Tool>): CredentialAccess[] {
  const messages = Array.isArray(body) ? body : [body];
  return messages.flatMap((m) => {
    const name = (m as { method?: unknown; params?: { name?: unknown } } | null)?.method === 'tools/call' ? (m as { params?: { name?: unknown } }).params?.name : undefined;
    const access = typeof name === 'string' ? byName.get(name)?.operation.access : undefined;
    return access?.kind === 'credential' ? [access] : [];
  });
}

/**
 * 401 without a credential, naming the resource's metadata and every scope the buyer tools use (one
 * consent serves them all); 403 when the credential lacks what a called tool needs.
 */
function challenge(needed: CredentialAccess[], credential: BearerCredential | undefined, resourceMetadata: string, id: JsonRpcId): Response | undefined {
  if (!credential) {
    const message = `Unauthorized: ${needed[0].scope === 'buyer_token' ? 'this tool needs a buyer token' : `this tool needs a credential with ${needed[0].scope}`} in the Authorization header.`;
    return protocolError(401, message, { 'WWW-Authenticate': `Bearer resource_metadata="${resourceMetadata}", scope="${MCP_SCOPES.join(' ')}"` }, id);
  }
  const missing = needed.find((access) => !grants(credential, access));
  if (!missing) return undefined;
  const scope = requiredScope(credential, missing);
  return protocolError(403, `Forbidden: the credential does not carry ${scope}, which this tool needs.`, {
    'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${scope}", resource_metadata="${resourceMetadata}"`,
  }, id);
}

function protocolError(status: number, message: string, headers: Record<string, string> = {}, id: JsonRpcId = null): Response {
  return Response.json({ jsonrpc: '2.0', error: { code: -32000, message }, id }, { status, headers });
}

/**
 * An invalid_request body names the operation's input fields; a tool's caller knows them by their
 * argument names (`cart_id`, not the REST path's `id`), so issue paths and the names quoted or
 * listed in the prose are renamed.
 */
function inToolTerms(body: ErrorBody, argumentOf: Record<string, string>): ErrorBody {
  const issues = body.details?.issues as RequestIssue[] | undefined;
  if (!issues || !Object.keys(argumentOf).length) return body;
  const rename = (name: string) => (Object.hasOwn(argumentOf, name) ? argumentOf[name] : name);
  const prose = (text: string) =>
    text
      .replace(/'([^']*)'/g, (_, name: string) => `'${rename(name)}'`)
      .replace(/(the parameters are )([^.;]*)/g, (_, lead: string, list: string) => lead + list.split(', ').map(rename).join(', '))
      .replace(/(^|; |: )([A-Za-z_]\w*)(?=[.:])/g, (_, lead: string, name: string) => lead + rename(name));
  const renamed = issues.map((issue) => {
    const [head, ...rest] = issue.path.split('.');
    return { ...issue, path: [rename(head), ...rest].join('.'), message: prose(issue.message) };
  });
  return { ...body, error: prose(body.error), details: { ...body.details, issues: renamed } };
}
