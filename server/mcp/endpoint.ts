/**
 * What the service's MCP endpoints share (the seed API's /api/mcp, UCP's binding at …/ucp/mcp):
 * Streamable HTTP, stateless (no session id), with the SDK's web-standard transport made per
 * request and answering JSON; POST only, the DNS-rebinding guard, and a credential checked on every
 * request. Every tool is an operation of the catalogue called through the same pipeline as REST
 * (`createCaller` with `createContext`), so no behaviour exists twice: an endpoint only maps MCP's
 * envelope and results, each its own way.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { Protocol } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ErrorCode, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import { z } from 'zod';
import { newScope, type RequestScope } from '../db/deadline';
import { ApiError } from '../errors/catalogue';
import { toApiError } from '../errors/from-unknown';
import type { BearerCredential } from '../identity/credentials';
import { MAX_BODY_BYTES } from '../lib/request-limits';
import { secondsLeft } from '../limits/limiter';
import { agentTrust } from '../limits/trust';
import { createCaller } from '../routers';
import type { HttpMessage } from '../signatures/message';
import type { RequestContext, Services } from '../trpc/context';
import { isRecord, type HttpHeaders, type ToolCallParams } from './envelope';
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
  /** The MCP Server answering one request, its handlers bound to `frame`. */
  server(frame: RequestFrame): Server;
  /** A refusal at the HTTP level (method, Origin, credential), in the endpoint's JSON-RPC shape. */
  refusal(err: ApiError): Response;
  /** A refusal of what the JSON-RPC body calls, before the SDK reads it, or undefined (the seed API's OAuth challenge). */
  screen?(body: unknown, credential: BearerCredential | undefined): Response | undefined;
}

/** One HTTP request to an endpoint: its JSON body may come parsed already, with its raw bytes. */
export type EndpointHandler = (request: Request, parsedBody?: unknown, rawBody?: Uint8Array, clientAddress?: string) => Promise<Response>;

/** A Server is made per request; left to itself each would build its own Ajv instance (~0.3 ms). */
export const jsonSchemaValidator = new AjvJsonSchemaValidator();

/** Serves `endpoint` over Streamable HTTP, from the client at `clientAddress` (its bucket; undefined: none known). */
export function streamableHttp(services: Services, endpoint: Endpoint): EndpointHandler {
  return async (request, parsedBody, rawBody, clientAddress) => {
    if (request.method !== 'POST') {
      return endpoint.refusal(new ApiError('method_not_allowed', { message: 'Method not allowed: this stateless MCP server takes POST only.', headers: { Allow: 'POST' } }));
    }
    if (!allowedOrigin(request.headers.get('origin'), services.config.publicBaseUrl)) {
      return endpoint.refusal(new ApiError('origin_refused', { message: 'Forbidden: the Origin is not this service (DNS rebinding protection).' }));
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
        return endpoint.refusal(toApiError(err, ''));
      }
    }
    // The body, and its bytes as sent: a request signature's Content-Digest covers them.
    let raw = rawBody ?? null;
    let body = parsedBody;
    if (body === undefined && raw === null) {
      raw = new Uint8Array(await request.clone().arrayBuffer());
      body = parseJson(raw);
    }
    const screened = endpoint.screen?.(body, credential);
    if (screened) return screened;
    // Stateless and answering JSON: once handleRequest returns, the server and its transport hold
    // nothing open. Closing them would only build and reject a "connection closed" error and
    // abort signals (~8% of a call), so they are left to the garbage collector.
    const url = pathAndQuery(request.url);
    const frame: RequestFrame = { scope, message: { method: request.method, url, headers: request.headers, body: raw }, pathname: url.split('?')[0] };
    const server = endpoint.server(frame);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true, maxRequestBodySize: MAX_BODY_BYTES });
    await server.connect(transport);
    const response = await transport.handleRequest(request, { parsedBody: body });
    if (!frame.status) return response;
    // The JSON answer is complete once handleRequest returns: only its status and headers change.
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(frame.status.headers)) headers.set(name, value);
    return new Response(response.body, { status: frame.status.status, headers });
  };
}

/** tools/call with its params unread: onToolCall checks them itself. */
const LOOSE_TOOL_CALL = z.object({ method: z.literal('tools/call'), params: z.unknown().optional() });

/**
 * Registers an endpoint's tools/call handler, its params' shape checked here: one that is not
 * tools/call's (`arguments` an array, a name that is no string) is JSON-RPC -32602 with a sentence
 * saying what is wrong. The SDK's Server parses tools/call with its own CallToolRequestSchema first
 * (its setRequestHandler overrides Protocol's to do so) and answers zod's issue list, as -32603
 * when the schema given was CallToolRequestSchema itself; Protocol's registers the loose schema as
 * it is. What a tool's arguments hold is the pipeline's to judge, after identification.
 */
export function onToolCall(server: Server, call: (params: ToolCallParams, headers: HttpHeaders) => Promise<CallToolResult>): void {
  Protocol.prototype.setRequestHandler.call(server, LOOSE_TOOL_CALL, (request: z.infer<typeof LOOSE_TOOL_CALL>, extra) =>
    call(toolCallParams(request.params), extra.requestInfo?.headers ?? {}),
  );
}

/** The params the transport let through (an object, if sent, whose `_meta` is an object), checked as tools/call's. */
function toolCallParams(params: unknown): ToolCallParams {
  const invalid = (message: string) => jsonRpcError(ErrorCode.InvalidParams, message);
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
export function invoke(ctx: RequestContext, operation: string, input: unknown): Promise<unknown> {
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
