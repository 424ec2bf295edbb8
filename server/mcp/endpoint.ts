/**
 * What the service's MCP endpoints share (the seed API's /api/mcp, UCP's binding at …/ucp/mcp):
 * Streamable HTTP, stateless (no session id, a server per request: any instance answers any
 * request), answering JSON; POST only, the DNS-rebinding guard, and a credential checked on every
 * request. Both eras of MCP are served on the same URL behind that edge: 2026-07-28 (a `_meta`
 * envelope on every request, `server/discover`) through the SDK's `createMcpHandler`, and 2025
 * (`initialize`) through a per-request streamable transport of our own, so its answers stay JSON.
 * Every tool is an operation of the catalogue called through the same pipeline as REST
 * (`createCaller` with `createContext`), so no behaviour exists twice: an endpoint only maps MCP's
 * envelope and results, each its own way.
 */
import {
  createMcpHandler,
  ProtocolErrorCode,
  Server,
  WebStandardStreamableHTTPServerTransport,
  type CallToolResult,
  type JSONRPCRequest,
  type ProtocolEra,
  type Result,
  type ServerOptions,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/server/validators/ajv';
import { newScope, type RequestScope } from '../db/deadline';
import { ApiError } from '../errors/catalogue';
import { toApiError } from '../errors/from-unknown';
import type { BearerCredential } from '../identity/credentials';
import { MAX_BODY_BYTES } from '../lib/request-limits';
import { secondsLeft } from '../limits/limiter';
import { agentTrust } from '../limits/trust';
import type { Operation } from '../trpc/meta';
import { createCaller } from '../routers';
import type { HttpMessage } from '../signatures/message';
import { createContext, type RequestContext, type RequestEnvelope, type Services } from '../trpc/context';
import { isRecord, type HttpHeaders, type ToolCallParams } from './envelope';
import { isLegacy } from './era';
import { allowedOrigin } from './origin';

/** What the handlers of one HTTP request share. */
export interface RequestFrame {
  /** The request's database deadline and client address. */
  scope: RequestScope;
  /** The POST as received: a request signature covers it, so every call of a batch shares it (verified once). */
  message: HttpMessage;
  /** The path the request named: an endpoint served at several paths reads its scope from it. */
  pathname: string;
  /**
   * The HTTP status (and headers) a tool call's failure keeps instead of the transport's 200, set
   * by the first call of the request that keeps one (UCP's binding: a rate limit's 429).
   */
  status?: { status: number; headers: Record<string, string> };
}

export interface Endpoint {
  /** The MCP Server answering one request of `era` ('legacy': 2025, 'modern': 2026-07-28), its handlers bound to `frame`. */
  server(frame: RequestFrame, era: ProtocolEra): Server;
  /** A refusal at the HTTP level (method, Origin, credential), in the endpoint's JSON-RPC shape, echoing the request's id when read. */
  refusal(err: ApiError, id?: JsonRpcId): Response;
  /** A refusal of what the JSON-RPC body calls, before the SDK reads it, or undefined (the seed API's OAuth challenge). */
  screen?(body: unknown, credential: BearerCredential | undefined): Response | undefined;
}

export type JsonRpcId = string | number | null;

/** One HTTP request to an endpoint: its JSON body may come parsed already, with its raw bytes. */
export type EndpointHandler = (request: Request, parsedBody?: unknown, rawBody?: Uint8Array, clientAddress?: string) => Promise<Response>;

/** What every endpoint's Server is made with, in both eras. */
export const SERVER_OPTIONS = {
  // A Server is made per request; left to itself each would build its own Ajv instance (~0.3 ms).
  jsonSchemaValidator: new AjvJsonSchemaValidator(),
  // 2026-07-28's cache hints: the tool and resource lists and `server/discover` change only with a
  // deploy, and are the same for every caller. What a resource holds (the live limits) keeps the
  // SDK's default, `ttlMs: 0`, private.
  cacheHints: {
    'tools/list': { ttlMs: 300_000, cacheScope: 'public' },
    'resources/list': { ttlMs: 300_000, cacheScope: 'public' },
    'server/discover': { ttlMs: 300_000, cacheScope: 'public' },
  },
  // No tool asks the client for input, so the service issues no requestState: one sent back was
  // never its own, and is refused as invalid params (the SDK's -32602 "Invalid or expired requestState").
  requestState: {
    verify(): never {
      throw new Error('This service issues no requestState.');
    },
  },
} satisfies ServerOptions;

/** Serves `endpoint` over Streamable HTTP, from the client at `clientAddress` (its bucket; undefined: none known). */
export function streamableHttp(services: Services, endpoint: Endpoint): EndpointHandler {
  // 2026-07-28: the SDK's entry checks the envelope and the routing headers, answers
  // server/discover and subscriptions/listen, and asks the factory for the request's server, which
  // finds its frame by the Request it was handed. 2025 requests never reach it ('reject').
  const frames = new WeakMap<Request, RequestFrame>();
  const modern = createMcpHandler(({ requestInfo }) => endpoint.server(frames.get(requestInfo!)!, 'modern'), { legacy: 'reject', maxRequestBodySize: MAX_BODY_BYTES });
  return async (request, parsedBody, rawBody, clientAddress) => {
    if (request.method !== 'POST') {
      return endpoint.refusal(new ApiError('method_not_allowed', { message: 'Method not allowed: this stateless MCP server takes POST only.', headers: { Allow: 'POST' } }));
    }
    // The body, and its bytes as sent: a request signature's Content-Digest covers them.
    let raw = rawBody ?? null;
    let body = parsedBody;
    if (body === undefined && raw === null) {
      raw = new Uint8Array(await request.clone().arrayBuffer());
      body = parseJson(raw);
    }
    const id = idOf(body);
    if (!allowedOrigin(request.headers.get('origin'), services.config.publicBaseUrl)) {
      return endpoint.refusal(new ApiError('origin_refused', { message: 'Forbidden: the Origin is not this service (DNS rebinding protection).' }), id);
    }
    // A credential is checked on every request, protocol methods included, and refused at the
    // HTTP level as MCP's authorization spec has it: a client then knows to fix it, not retry.
    const scope = newScope(clientAddress);
    const authorization = request.headers.get('authorization');
    let credential: BearerCredential | undefined;
    if (authorization !== null) {
      try {
        credential = await services.credentials.bearer(authorization, services.database.scoped(scope));
      } catch (err) {
        // invalid_credential (401), or the database out of reach (503 with Retry-After).
        return endpoint.refusal(toApiError(err, ''), id);
      }
    }
    const screened = endpoint.screen?.(body, credential);
    if (screened) return screened;
    const url = pathAndQuery(request.url);
    const frame: RequestFrame = { scope, message: { method: request.method, url, headers: request.headers, body: raw }, pathname: url.split('?')[0] };
    let response: Response;
    if (await isLegacy(request, body)) {
      response = await legacy(endpoint.server(frame, 'legacy'), request, body);
    } else {
      frames.set(request, frame);
      response = await modern.fetch(request, { parsedBody: body });
    }
    if (!frame.status) return response;
    // The JSON answer is complete once the handler returns: only its status and headers change.
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(frame.status.headers)) headers.set(name, value);
    return new Response(response.body, { status: frame.status.status, headers });
  };
}

/**
 * 2025-era MCP, stateless: a transport of our own per request, answering JSON. (The SDK's own
 * stateless fallback makes its transport without `enableJsonResponse`, so a 2025 client would get
 * an event stream.) Once handleRequest returns, the server and its transport hold nothing open.
 * Closing them would only build and reject a "connection closed" error and abort signals (~8% of a
 * call), so they are left to the garbage collector.
 */
async function legacy(server: Server, request: Request, body: unknown): Promise<Response> {
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true, maxRequestBodySize: MAX_BODY_BYTES });
  await server.connect(transport);
  return transport.handleRequest(request, { parsedBody: body });
}

/** A request's JSON-RPC id, when its body parsed far enough to name one (a batch has none of its own). */
export function idOf(body: unknown): JsonRpcId {
  const id = isRecord(body) ? body.id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/**
 * The low-level Server with tools/call's params checked our way first: one that is not
 * tools/call's shape (`arguments` an array, a name that is no string) is JSON-RPC -32602 with a
 * sentence saying what is wrong. The SDK checks tools/call against its own schema in this same
 * hook and answers its schema library's issue list. What a tool's arguments hold is the
 * pipeline's to judge, after identification. Not McpServer: it would validate arguments against
 * the input schema before our pipeline identifies the caller.
 */
export class ToolServer extends Server {
  protected override _wrapHandler(method: string, handler: (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>) {
    if (method !== 'tools/call') return super._wrapHandler(method, handler);
    // Not the SDK's tools/call wrapper: it validates the request a second time (`handler` already
    // did, against the era's wire schema) and our result against the result schema, which our
    // results meet by construction (content and structuredContent or isError, never
    // input_required: test/mcp*.test.ts check them with the SDKs' clients). That was a fifth of
    // what SDK v2 added to a call (docs/benchmarks.md, bench:mcp).
    return (request: JSONRPCRequest, ctx: ServerContext) => {
      toolCallParams(request.params);
      // The service issues no requestState (no tool asks for input): one sent back is not its own.
      if (ctx.mcpReq.requestState() !== undefined) throw jsonRpcError(ProtocolErrorCode.InvalidParams, 'Invalid or expired requestState', { reason: 'invalid_request_state' });
      return handler(request, ctx);
    };
  }

  /**
   * The SDK closes every 2026 exchange once its answer is out, and its close builds a "Connection
   * closed" error for whatever still waits on the connection: on a server made for one request,
   * nothing (it sends no requests of its own; a handler still running means the client went away,
   * and the error only aborts it). Capturing that error's stack was ~20 µs of every 2026 call, a
   * fifth of what the era costs over 2025's (docs/benchmarks.md, bench:mcp); it is built without one.
   */
  protected override _onclose(): void {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super._onclose();
    } finally {
      Error.stackTraceLimit = limit;
    }
  }
}

/** An endpoint's tool: the operation it calls. */
interface PipelineTool {
  name: string;
  operation: Operation;
}

/** How an endpoint maps its tools' calls: where the envelope comes from, and how a failure is answered. */
export interface ToolMapping<T extends PipelineTool> {
  envelope(tool: T, params: ToolCallParams, headers: HttpHeaders): { envelope: RequestEnvelope; input: Record<string, unknown> };
  /** A failed call's result, or a JSON-RPC error thrown. */
  failure(thrown: unknown, tool: T, ctx: RequestContext, envelope: RequestEnvelope): CallToolResult;
}

/**
 * Registers an endpoint's tools/call: the tool by name, its envelope, the pipeline, and the
 * operation's answer as text and structuredContent with the call's `_meta`.
 */
export function onToolCall<T extends PipelineTool>(services: Services, server: Server, frame: RequestFrame, tools: ReadonlyMap<string, T>, mapping: ToolMapping<T>): void {
  server.setRequestHandler('tools/call', async (request) => {
    const params = toolCallParams(request.params);
    const tool = tools.get(params.name);
    if (!tool) throw jsonRpcError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${params.name}. tools/list names them.`);
    const { envelope, input } = mapping.envelope(tool, params, frame.message.headers);
    envelope.message = frame.message;
    envelope.clientAddress = frame.scope.address;
    const ctx = createContext(services, envelope, frame.scope);
    try {
      const data = (await invoke(ctx, tool.operation.name, input)) as Record<string, unknown>;
      return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data, ...resultMeta(ctx) };
    } catch (thrown) {
      return mapping.failure(thrown, tool, ctx, envelope);
    }
  });
}

/** The params as sent (an object, if sent, whose `_meta` is an object), checked as tools/call's. */
function toolCallParams(params: unknown): ToolCallParams {
  const invalid = (message: string) => jsonRpcError(ProtocolErrorCode.InvalidParams, message);
  if (!isRecord(params)) throw invalid('tools/call needs params: an object with the tool’s name and its arguments ({"name": "…", "arguments": {…}}).');
  const { name, arguments: args, _meta: meta } = params;
  if (typeof name !== 'string') throw invalid(`tools/call params.name must be the tool’s name, a string (tools/list names them), not ${kindOf(name)}.`);
  if (args !== undefined && !isRecord(args)) throw invalid(`tools/call params.arguments must be an object of the tool’s arguments by name, as its inputSchema has them, not ${kindOf(args)}.`);
  return { name, arguments: args, _meta: meta as ToolCallParams['_meta'] };
}

/** What a JSON value is, in a refusal's words. */
function kindOf(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
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
export function resultMeta(ctx: RequestContext): { _meta: Record<string, unknown> } {
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

/**
 * A JSON-RPC error for the SDK to answer with. Not McpError, whose message carries an
 * "MCP error <code>:" prefix that the SDK would send and clients prefix again.
 */
export function jsonRpcError(code: number, message: string, data?: unknown): Error {
  return Object.assign(new Error(message), { code, data });
}

function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The path and query of an absolute URL, as written (the node adapter's Request keeps the request line's). */
export function pathAndQuery(url: string): string {
  const at = url.indexOf('/', url.indexOf('//') + 2);
  return at < 0 ? '/' : url.slice(at);
}
