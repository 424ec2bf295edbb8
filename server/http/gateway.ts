/**
 * The agent REST gateway: the one place where HTTP meets the procedures. It applies the
 * contract's order of checks (route, method, credentials, UCP-Agent, Idempotency-Key, body) from
 * each operation's metadata, hands the request to trpc-to-openapi, and shapes every failure as
 * `{error, code}`. Procedures see only a RequestContext, never headers.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';
import { ApiError, errorBody } from '../errors/catalogue';
import { assertValidKey, callerNamespace, requestFingerprint } from '../idempotency';
import { serviceAdvisoryHeader } from '../identity/advisories';
import { parseServiceBuyer } from '../identity/service-buyer';
import { identifyAgent } from '../identity/ucp-agent';
import { newId } from '../lib/ids';
import type { AppRouter } from '../routers';
import type { Services } from '../services';
import type { RequestContext } from '../trpc/context';
import { toApiError } from './errors';
import type { Route } from './routes';

export const MAX_BODY_BYTES = 1024 * 1024;

export interface HeaderReader {
  get(name: string): string | null;
}

export interface ApiRequest {
  method: string;
  /** Path and query, as on the request line. */
  url: string;
  headers: HeaderReader;
  /** Raw body; `too_large` when it exceeded MAX_BODY_BYTES (reading stopped there). */
  body: Uint8Array | null | 'too_large';
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;
const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

interface Captured {
  status: number;
  headers: Record<string, string>;
  body: string;
}

interface Pending {
  ctx: RequestContext;
  route: Route;
  error?: unknown;
}

export type Gateway = (req: ApiRequest) => Promise<ApiResponse>;

export function createGateway(services: Services, appRouter: AppRouter, openApiDocument: () => string): Gateway {
  const { config } = services;
  const { routes } = services;
  // Keyed by the forwarded Request (for createContext and onError) and by its context (for responseMeta).
  const pending = new WeakMap<object, Pending>();

  const execute = createOpenApiNodeHttpHandler({
    router: appRouter,
    maxBodySize: MAX_BODY_BYTES,
    createContext: ({ req }: { req: object }) => pending.get(req)!.ctx,
    responseMeta: ({ ctx, errors }: { ctx?: RequestContext; errors: unknown[] }) => {
      if (errors.length || !ctx) return {};
      const { route } = pending.get(ctx)!;
      return { status: route.meta.op.successStatus ?? 200, headers: ctx.response.headers };
    },
    onError: ({ error, req }: { error: unknown; req: object }) => {
      const p = pending.get(req);
      if (p) p.error = error;
    },
  } as never) as unknown as (req: Request, res: object) => Promise<void>;

  function invoke(request: Request): Promise<Captured> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = {};
      const res = {
        statusCode: 200,
        setHeader(name: string, value: string) {
          headers[name] = value;
        },
        end(body: string) {
          resolve({ status: res.statusCode, headers, body });
        },
      };
      execute(request, res).catch(reject);
    });
  }

  function checkAdmin(req: ApiRequest): void {
    if (!config.adminToken) throw new ApiError('admin_disabled');
    const auth = req.headers.get('authorization');
    const token = auth?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
    if (!token) {
      throw new ApiError('credential_required', {
        message: 'The admin API needs `Authorization: Bearer <ADMIN_TOKEN>`.',
        details: { required: 'ADMIN_TOKEN bearer' },
        headers: { 'WWW-Authenticate': 'Bearer realm="admin"' },
      });
    }
    if (!constantTimeEqual(token, config.adminToken)) throw new ApiError('admin_token_invalid');
  }

  /** Steps 3–5 of the contract's order: credentials, UCP-Agent, Idempotency-Key (and Service-Buyer). */
  function identify(req: ApiRequest, route: Route, ctx: RequestContext): void {
    const op = route.meta.op;
    if (op.access === 'admin') return checkAdmin(req);
    if (req.headers.get('authorization') !== null) {
      // No credential can be issued yet, so every presented one is unknown. Never fall back.
      throw new ApiError('invalid_credential', {
        message: 'The credential in the Authorization header is not recognised. Open endpoints need no Authorization header, only UCP-Agent.',
        headers: { 'WWW-Authenticate': 'Bearer realm="agent-commerce", error="invalid_token"' },
      });
    }
    if (op.access === 'credential') {
      throw new ApiError('credential_required', {
        message: `This operation needs a credential with ${op.required}.`,
        details: { required: op.required },
        headers: { 'WWW-Authenticate': `Bearer realm="agent-commerce", scope="${op.required}"` },
      });
    }

    const agentHeader = req.headers.get('ucp-agent');
    if (agentHeader !== null) {
      const { agent, advisories } = identifyAgent(agentHeader, {
        baseUrl: config.publicBaseUrl,
        refusedFrom: config.profileHostRefusedFrom,
      });
      ctx.caller.agent = agent;
      ctx.advisories.push(...advisories);
    } else if (op.access === 'open') {
      throw new ApiError('ucp_agent_required');
    }

    if (MUTATIONS.has(route.method) && route.path.startsWith('/api/agent/')) {
      const key = req.headers.get('idempotency-key');
      if (key === null) throw new ApiError('IDEMPOTENCY_KEY_REQUIRED');
      assertValidKey(key);
      ctx.idempotency = { namespace: callerNamespace(ctx.caller), key, fingerprint: '' };
    }

    const buyerHeader = req.headers.get('service-buyer');
    if (buyerHeader !== null) {
      const { buyer, advisories } = parseServiceBuyer(buyerHeader, config.publicBaseUrl);
      ctx.caller.buyer = buyer;
      ctx.advisories.push(...advisories);
    }
  }

  /** Step 6: a JSON body of at most 1 MiB (an empty body needs no Content-Type). */
  function parseBody(req: ApiRequest): unknown {
    if (req.body === 'too_large') throw new ApiError('payload_too_large');
    if (!req.body || req.body.length === 0) return undefined;
    const type = req.headers.get('content-type');
    if (!type || !JSON_TYPE.test(type)) {
      throw new ApiError('unsupported_media_type', {
        message: `Request bodies must be application/json${type ? `, not ${type.split(';')[0]}` : ''}.`,
      });
    }
    try {
      return JSON.parse(Buffer.from(req.body).toString('utf8'));
    } catch (err) {
      throw new ApiError('invalid_json', { message: `The request body is not valid JSON: ${(err as Error).message}` });
    }
  }

  function finish(ctx: RequestContext, status: number, headers: Record<string, string>, body: string): ApiResponse {
    headers['Request-Id'] = ctx.requestId;
    if (ctx.advisories.length) {
      headers['Service-Advisory'] = serviceAdvisoryHeader(ctx.advisories);
      if (body.startsWith('{')) {
        body = JSON.stringify({ ...JSON.parse(body), 'service:advisories': ctx.advisories });
      }
    }
    return { status, headers, body };
  }

  function failure(ctx: RequestContext, cause: unknown): ApiResponse {
    const err = toApiError(cause, ctx.requestId);
    const headers: Record<string, string> = { 'Content-Type': 'application/json', ...err.headers };
    if (ctx.response.replayed) headers['Idempotent-Replayed'] = 'true';
    return finish(ctx, err.status, headers, JSON.stringify(errorBody(err, ctx.requestId)));
  }

  return async function handle(req: ApiRequest): Promise<ApiResponse> {
    const incomingId = req.headers.get('request-id');
    const ctx: RequestContext = {
      requestId: incomingId && REQUEST_ID.test(incomingId) ? incomingId : newId('req'),
      services,
      db: services.db,
      caller: { buyer: {} },
      advisories: [],
      response: { headers: {} },
    };
    try {
      const url = new URL(req.url, config.publicBaseUrl);
      const method = req.method.toUpperCase();
      if (url.pathname === '/api/openapi.json') {
        if (method !== 'GET') throw new ApiError('method_not_allowed', { headers: { Allow: 'GET' } });
        return finish(ctx, 200, { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=300' }, openApiDocument());
      }

      const match = routes.match(url.pathname);
      if (!match) throw new ApiError('not_found', { message: `No endpoint at ${url.pathname}.` });
      // HEAD is GET without a body (node:http drops the body of HEAD responses).
      const route = match.retired ?? match.byMethod.get(method === 'HEAD' ? 'GET' : method);
      if (!route) throw new ApiError('method_not_allowed', { headers: { Allow: match.allow } });

      let input: unknown;
      if (!route.meta.op.retired) {
        identify(req, route, ctx);
        input = parseBody(req);
        if (ctx.idempotency) ctx.idempotency.fingerprint = requestFingerprint(`${route.method} ${url.pathname}`, input);
      }
      const { cacheMs } = route.meta.op;
      const cacheKey = cacheMs ? url.pathname + url.search : '';
      const cached = cacheMs ? services.responses.get(cacheKey) : undefined;
      if (cached) return finish(ctx, cached.status, { ...cached.headers }, cached.body);

      const forwarded = adapterRequest(route.method, url.pathname + url.search, input);
      const p: Pending = { ctx, route };
      pending.set(forwarded, p);
      pending.set(ctx, p);

      const out = await invoke(forwarded);
      if (p.error !== undefined || out.status >= 400) return failure(ctx, p.error ?? new Error(`status ${out.status}`));
      if (cacheMs) services.responses.set(cacheKey, cacheMs, { status: out.status, headers: out.headers, body: out.body });
      const headers: Record<string, string> = { ...out.headers };
      if (ctx.response.replayed) headers['Idempotent-Replayed'] = 'true';
      return finish(ctx, out.status, headers, out.body ?? '');
    } catch (err) {
      return failure(ctx, err);
    }
  };
}

const ADAPTER_HEADERS = new Headers({ 'content-type': 'application/json' });
const NEVER_ABORTED = new AbortController().signal;

/**
 * The request handed to trpc-to-openapi. Everything it checks has been checked above, so it only
 * needs what it reads: method, url, the JSON content type, a signal, the parsed body (it takes
 * `req.body` as already parsed) and a writable `query` it caches. A real `Request` costs ~6 µs to
 * build, a tenth of a cheap call; this object passes its `instanceof Request` checks at ~1 µs.
 */
function adapterRequest(method: string, pathAndQuery: string, body: unknown): Request {
  return Object.create(Request.prototype, {
    method: { value: method },
    url: { value: `http://gateway${pathAndQuery}` },
    headers: { value: ADAPTER_HEADERS },
    signal: { value: NEVER_ABORTED },
    body: { value: method === 'GET' || method === 'DELETE' ? null : (body ?? {}) },
    query: { value: undefined, writable: true },
  });
}

function constantTimeEqual(a: string, b: string): boolean {
  // Hash first so the length never leaks and timingSafeEqual always compares equal-length buffers.
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}
