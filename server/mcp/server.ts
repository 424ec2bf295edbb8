/**
 * The MCP server: Streamable HTTP at /api/mcp, stateless (no session id), with the SDK's
 * web-standard transport made per request and answering JSON. Every tool is an operation of the
 * catalogue called through the same pipeline as REST (`createCaller` with `createContext`), so no
 * behaviour exists twice; this module only maps MCP's envelope and results.
 *
 * Protocol methods (initialize, ping, tools/list, resources/list and resources/read of the limits)
 * need no agent profile; tools/call does, like every open REST call.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { newScope, type RequestScope } from '../db/deadline';
import { readLimits } from '../domain/limits';
import { SERVICE_VERSION } from '../domain/ucp-profile';
import { errorBody, type ErrorBody } from '../errors/catalogue';
import type { RequestIssue } from '../errors/invalid-request';
import { toApiError } from '../errors/from-unknown';
import { MAX_BODY_BYTES } from '../lib/request-limits';
import { secondsLeft } from '../limits/limiter';
import { agentTrust } from '../limits/trust';
import { createCaller } from '../routers';
import type { BearerCredential } from '../identity/credentials';
import { createContext, type RequestContext, type Services } from '../trpc/context';
import type { Access } from '../trpc/meta';
import { grants, requiredScope } from '../trpc/procedures';
import type { HttpMessage } from '../signatures/message';
import { toolCallEnvelope, type HttpHeaders } from './envelope';
import { allowedOrigin } from './origin';
import { buildTools, LIMITS_RESOURCE, listedTools, type Tool } from './tools';

export const MCP_PATH = '/api/mcp';
/** What an OAuth client is offered for the MCP resource: the buyer tools' scopes (MCP never settles). */
export const MCP_SCOPES = ['buyer:write', 'dev.ucp.shopping.order:read'];

export interface McpServer {
  path: typeof MCP_PATH;
  tools: readonly Tool[];
  /**
   * Serves one HTTP request to /api/mcp (its JSON body may come parsed already, with its raw
   * bytes), from the client at `clientAddress` (its bucket; undefined: none known).
   */
  handle(request: Request, parsedBody?: unknown, rawBody?: Uint8Array, clientAddress?: string): Promise<Response>;
}

/** What every tool shares, said once here rather than in each tool's description. */
const INSTRUCTIONS = `Agent Commerce: search one network catalog across many sellers, look up sellers and their policies, build carts, and report problems. The tool checkout never completes a purchase: it returns a payment link a human confirms. Quickest path: search_catalog, quick_buy with an Offer's identifier and the address, then checkout.
Identify your agent on every tools/call with your profile URL: the UCP-Agent HTTP header (profile="https://…"), params._meta["ucp-agent"] or the meta["ucp-agent"] argument, as {"profile": "https://…"} (without it: ucp_agent_required). An optional buyer reference goes in _meta["ai.service.buyer"] or meta["ai.service.buyer"] as {ref, session}.
Tools that change data need an idempotency_key argument (16–64 printable ASCII, fresh per logical request; a retry reuses it with the same arguments and never acts twice). Keys share one namespace per caller with the REST Idempotency-Key header.
Read the live cart limits from the resource ${LIMITS_RESOURCE}. Failures are isError results with {error, code} (also at _meta["ai.service/error"]); a tool's description names its own codes, and every code is explained by read_docs {"slug": "errors"}. Advisories arrive at _meta["ai.service/advisories"]. An argument several tools share is described where tools/list first lists it.`;

const LIMITS_DESCRIPTION = 'The live cart limits: the same record as GET /api/agent/platform/limits.';

export function createMcpServer(services: Services): McpServer {
  const tools = buildTools(services.operations);
  // RFC 9728: where a client learns which authorization server issues tokens for this resource.
  const resourceMetadata = `${services.config.publicBaseUrl}/.well-known/oauth-protected-resource${MCP_PATH}`;
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  // A Server is made per request; left to itself each would build its own Ajv instance (~0.3 ms).
  const jsonSchemaValidator = new AjvJsonSchemaValidator();
  const listed = { tools: listedTools(tools) };

  async function callTool(name: string, params: { arguments?: Record<string, unknown>; _meta?: Record<string, unknown> }, headers: HttpHeaders, scope: RequestScope, message: HttpMessage): Promise<CallToolResult> {
    const tool = byName.get(name);
    if (!tool) throw jsonRpcError(ErrorCode.InvalidParams, `Unknown tool: ${name}. tools/list names them.`);
    const { envelope, input } = toolCallEnvelope(tool, params, headers);
    // A request signature covers the POST, so every call of a batch shares it (verified once).
    envelope.message = message;
    envelope.clientAddress = scope.address;
    const ctx = createContext(services, envelope, scope);
    try {
      const data = (await invoke(ctx, tool.operation.name, input)) as Record<string, unknown>;
      return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data, ...resultMeta(ctx) };
    } catch (err) {
      const body = inToolTerms(errorBody(toApiError(err, ctx.requestId), ctx.requestId), tool.argumentOf);
      // No structuredContent: clients validate it against the output schema even on errors.
      return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }], _meta: { 'ai.service/error': body, ...resultMeta(ctx)._meta } };
    }
  }

  /** A Server for one HTTP request, its database work under the request's deadline `scope`. */
  function newServer(scope: RequestScope, message: HttpMessage): Server {
    const server = new Server(
      { name: 'agent-commerce', title: 'Agent Commerce', version: SERVICE_VERSION },
      { capabilities: { tools: { listChanged: false }, resources: { listChanged: false } }, instructions: INSTRUCTIONS, jsonSchemaValidator },
    );
    server.setRequestHandler(ListToolsRequestSchema, () => listed);
    server.setRequestHandler(CallToolRequestSchema, (request, extra) => callTool(request.params.name, request.params, extra.requestInfo?.headers ?? {}, scope, message));
    server.setRequestHandler(ListResourcesRequestSchema, () => ({
      resources: [{ uri: LIMITS_RESOURCE, name: 'platform-limits', title: 'Live cart limits', mimeType: 'application/json', description: LIMITS_DESCRIPTION }],
    }));
    server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
      if (request.params.uri !== LIMITS_RESOURCE) throw jsonRpcError(RESOURCE_NOT_FOUND, `Resource not found: ${request.params.uri}`, { uri: request.params.uri });
      const limits = await readLimits(services.database.scoped(scope));
      return { contents: [{ uri: LIMITS_RESOURCE, mimeType: 'application/json', text: JSON.stringify(limits) }] };
    });
    return server;
  }

  return {
    path: MCP_PATH,
    tools,
    async handle(request, parsedBody, rawBody, clientAddress) {
      if (request.method !== 'POST') return protocolError(405, 'Method not allowed: this stateless MCP server takes POST only.', { Allow: 'POST' });
      if (!allowedOrigin(request.headers.get('origin'), services.config.publicBaseUrl)) {
        return protocolError(403, 'Forbidden: the Origin is not this service (DNS rebinding protection).');
      }
      // A credential is checked on every request, protocol methods included, and refused at the
      // HTTP level as MCP's authorization spec has it: a client then knows to fix it, not retry.
      const scope = newScope(clientAddress);
      const db = services.database.scoped(scope);
      const authorization = request.headers.get('authorization');
      let credential: BearerCredential | undefined;
      if (authorization !== null) {
        try {
          credential = await services.credentials.bearer(authorization, db);
        } catch (err) {
          // invalid_credential (401), or the database out of reach (503 with Retry-After).
          const refusal = toApiError(err, '');
          return protocolError(refusal.status, refusal.message, refusal.headers);
        }
      }
      // The body, and its bytes as sent: a request signature's Content-Digest covers them.
      let raw = rawBody ?? null;
      let body = parsedBody;
      if (body === undefined && raw === null) {
        raw = new Uint8Array(await request.clone().arrayBuffer());
        body = parseJson(raw);
      }
      // A call of a tool that needs a credential the request lacks is challenged at the HTTP level
      // too: an MCP client starts (401) or widens (403) its OAuth authorization only on those.
      const needed = credentialToolsCalled(body, byName);
      if (needed.length) {
        const refusal = challenge(needed, credential, resourceMetadata);
        if (refusal) return refusal;
      }
      // Stateless and answering JSON: once handleRequest returns, the server and its transport hold
      // nothing open. Closing them would only build and reject a "connection closed" error and
      // abort signals (~8% of a call), so they are left to the garbage collector.
      const server = newServer(scope, { method: request.method, url: pathAndQuery(request.url), headers: request.headers, body: raw });
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true, maxRequestBodySize: MAX_BODY_BYTES });
      await server.connect(transport);
      return transport.handleRequest(request, { parsedBody: body });
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
function challenge(needed: CredentialAccess[], credential: BearerCredential | undefined, resourceMetadata: string): Response | undefined {
  if (!credential) {
    const message = `Unauthorized: ${needed[0].scope === 'buyer_token' ? 'this tool needs a buyer token' : `this tool needs a credential with ${needed[0].scope}`} in the Authorization header.`;
    return protocolError(401, message, { 'WWW-Authenticate': `Bearer resource_metadata="${resourceMetadata}", scope="${MCP_SCOPES.join(' ')}"` });
  }
  const missing = needed.find((access) => !grants(credential, access));
  if (!missing) return undefined;
  const scope = requiredScope(credential, missing);
  return protocolError(403, `Forbidden: the credential does not carry ${scope}, which this tool needs.`, {
    'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${scope}", resource_metadata="${resourceMetadata}"`,
  });
}

/** Runs an operation in-process through the pipeline, by its procedure path. */
function invoke(ctx: RequestContext, operation: string, input: unknown): Promise<unknown> {
  const procedure = operation.split('.').reduce<any>((node, segment) => node[segment], createCaller(ctx));
  return procedure(input);
}

/**
 * A tool result's per-call `_meta`: advisories, a replay, who the caller was taken for (as REST's
 * Service-Agent-Trust) and, once the call was counted, its rate limit (as REST's RateLimit headers).
 */
function resultMeta(ctx: RequestContext): { _meta: Record<string, unknown> } {
  const meta: Record<string, unknown> = {};
  if (ctx.advisories.length) meta['ai.service/advisories'] = ctx.advisories;
  if (ctx.response.replayed) meta['ai.service/idempotent-replayed'] = true;
  meta['ai.service/agent-trust'] = agentTrust(ctx.caller);
  const { rate } = ctx;
  if (rate) {
    const { name, quota, windowSeconds } = rate.policy;
    // As RateLimit: the policy that refused, else the one with fewer calls left; `policies` as RateLimit-Policy.
    const policies = rate.policies.policies.map((p) => ({ policy: p.name, quota: p.quota, window: p.windowSeconds }));
    meta['ai.service/rate-limit'] = { policy: name, quota, window: windowSeconds, remaining: rate.remaining, reset: secondsLeft(rate), policies };
  }
  return { _meta: meta };
}

function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The path and query of an absolute URL, as written (the node adapter's Request keeps the request line's). */
function pathAndQuery(url: string): string {
  const at = url.indexOf('/', url.indexOf('//') + 2);
  return at < 0 ? '/' : url.slice(at);
}

/** MCP's code for an unknown resource URI. */
const RESOURCE_NOT_FOUND = -32002;

/**
 * A JSON-RPC error for the SDK to answer with. Not McpError, whose message carries an
 * "MCP error <code>:" prefix that the SDK would send and clients prefix again.
 */
function jsonRpcError(code: number, message: string, data?: unknown): Error {
  return Object.assign(new Error(message), { code, data });
}

function protocolError(status: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }, { status, headers });
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
