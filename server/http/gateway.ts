/**
 * The agent REST gateway: routing, body reading and rendering. It fills the request envelope from
 * the headers, routes (404, 405; a retired path goes to its procedure for every method), decodes
 * the body, and hands the call to the procedure through trpc-to-openapi; the procedure kind applies
 * the contract's order of checks. Every failure is rendered as `{error, code}`, but on UCP's binding
 * in UCP's shapes (errors/ucp.ts) and on ACP's in ACP's `Error` (errors/acp.ts).
 */
import { ApiError, errorBody } from '../errors/catalogue';
import { toApiError } from '../errors/from-unknown';
import { serviceAdvisoryHeader, type Advisory } from '../identity/advisories';
import { rateLimitHeader } from '../limits/limiter';
import { agentTrust } from '../limits/trust';
import type { AppRouter } from '../routers';
import { createContext, type RequestContext, type RequestEnvelope, type Services } from '../trpc/context';
import { sessionCookieName } from '../identity/session-cookie';
import { admit } from '../trpc/procedures';
import { ACP_KEY } from '../trpc/idempotency';
import { createOpenApiBridge } from './openapi-bridge';
import { decodeBody, queryOnBodyOperation, readQuery, requestTarget, uncarriedParameter, type RequestTarget } from './rest-input';
import { buildRouteTable, type Route } from './routes';
import { bindingFailure } from '../routers/ucp/failure';
import { takeApiKey } from '../identity/api-key';
import { bindingTarget } from '../domain/ucp-endpoints';
import { DELEGATE_PAYMENT_PATH, isAcpPath } from '../domain/acp-endpoints';
import { acpErrorBody, acpStatus } from '../errors/acp';

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
  /** The client's address bucket (http/client-address.ts); undefined when there is none. */
  clientAddress?: string;
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type Gateway = (req: ApiRequest) => Promise<ApiResponse>;

/** A document served as it is: its JSON text (generated once), and its Cache-Control unless five minutes. */
export interface ServedDocument {
  text: () => string;
  cacheControl?: string;
}

/** Documents by path. */
export type Documents = Record<string, ServedDocument>;

export function createGateway(services: Services, router: AppRouter, documents: Documents): Gateway {
  const { config, responses } = services;
  const routes = buildRouteTable(services.operations);
  const execute = createOpenApiBridge(router);
  const sessionCookie = sessionCookieName(config.publicBaseUrl);

  /**
   * The answer's per-caller headers are added here, to a copy of `answer`'s: never to
   * `ctx.response.headers` or a cached answer's, which are stored and handed to other callers.
   */
  function finish(ctx: RequestContext, status: number, answer: Record<string, string>, body: string): ApiResponse {
    const headers = copyHeaders(answer);
    headers['Request-Id'] = ctx.requestId;
    if (ctx.response.replayed) headers['Idempotent-Replayed'] = 'true';
    // ACP's answers echo the key they were sent with (AC §3.1), when it is one ACP allows.
    const key = ctx.envelope.idempotencyKey;
    if (ctx.envelope.acp && key != null && ACP_KEY.test(key)) headers['Idempotency-Key'] = key;
    headers['Service-Agent-Trust'] = agentTrust(ctx.caller);
    if (ctx.rate) {
      headers['RateLimit-Policy'] = ctx.rate.policies.header;
      headers['RateLimit'] = rateLimitHeader(ctx.rate);
    }
    if (ctx.advisories.length) {
      headers['Service-Advisory'] = serviceAdvisoryHeader(ctx.advisories);
      // UCP's binding carries them in the header only: a body member would make an error_response
      // invalid, and UCP's warning messages are shown to buyers.
      if (ctx.negotiated === undefined && ctx.envelope.seller === undefined && !ctx.envelope.acp && body.startsWith('{')) body = withAdvisories(body, ctx.advisories);
    }
    return { status, headers, body };
  }

  function failure(ctx: RequestContext, cause: unknown, binding?: Route | null): ApiResponse {
    const err = toApiError(cause, ctx.requestId);
    if (ctx.envelope.acp) {
      const body = acpErrorBody(err, { delegatePayment: ctx.envelope.acp.path === DELEGATE_PAYMENT_PATH });
      return finish(ctx, acpStatus(err), jsonHeaders(err.headers), JSON.stringify(body));
    }
    if (binding !== undefined) {
      const answer = bindingFailure(ctx, err, binding?.operation.meta.ucp?.capability);
      return finish(ctx, answer.status, jsonHeaders(err.headers), JSON.stringify(answer.body));
    }
    return finish(ctx, err.status, jsonHeaders(err.headers), JSON.stringify(errorBody(err, ctx.requestId)));
  }

  /**
   * The identity step first, so a refused caller is never answered from the cache; a promise only
   * when that step waits on something.
   */
  function cachedAnswer(route: Route, ctx: RequestContext, cacheKey: string): ApiResponse | undefined | Promise<ApiResponse | undefined> {
    const admitted = admit(ctx, route.operation.access, route.operation.meta, route.operation.type);
    return admitted ? admitted.then(() => fromCache(ctx, cacheKey)) : fromCache(ctx, cacheKey);
  }

  function fromCache(ctx: RequestContext, cacheKey: string): ApiResponse | undefined {
    const cached = responses.get(cacheKey);
    return cached && finish(ctx, cached.status, cached.headers, cached.body);
  }

  async function run(route: Route, ctx: RequestContext, url: RequestTarget, body: unknown, cacheKey: string, pathname: string, binding: boolean): Promise<ApiResponse> {
    const outcome = await execute({
      ctx,
      method: route.method,
      pathAndQuery: pathname + url.search,
      query: route.bodyless ? readQuery(url.searchParams, route.queryKinds) : undefined,
      body,
    });
    if (!outcome.ok) return failure(ctx, outcome.error, binding ? route : undefined);
    const { policy } = route.operation;
    const status = ctx.response.status ?? policy.successStatus ?? 200;
    const headers = jsonHeaders(ctx.response.headers);
    if (cacheKey) responses.set(cacheKey, policy.cacheMs!, { status, headers, body: outcome.body });
    return finish(ctx, status, headers, outcome.body);
  }

  return async function handleApiRequest(req: ApiRequest): Promise<ApiResponse> {
    const envelope = restEnvelope(req, sessionCookie);
    const ctx = createContext(services, envelope);
    // A call of UCP's binding is answered in UCP's shapes from the first check on (errors/ucp.ts).
    let binding: Route | null | undefined;
    try {
      const url = requestTarget(req.url, config.publicBaseUrl);
      const method = req.method.toUpperCase();
      if (isAcpPath(url.pathname)) envelope.acp = acpEnvelope(req, url.pathname);
      const target = bindingTarget(url.pathname);
      if (target) {
        binding = null;
        if (target.seller !== undefined) envelope.seller = target.seller;
        takeApiKey(envelope, req.headers.get('x-api-key'));
      }
      const pathname = target?.path ?? url.pathname;
      const document = documents[pathname];
      if (document) {
        if (method !== 'GET' && method !== 'HEAD') throw new ApiError('method_not_allowed', { headers: { Allow: 'GET' } });
        return finish(ctx, 200, { 'Content-Type': 'application/json', 'Cache-Control': document.cacheControl ?? 'public, max-age=300' }, document.text());
      }

      const match = routes.match(pathname);
      if (!match) throw new ApiError('not_found', { message: `No endpoint at ${url.pathname}.` });
      // HEAD is GET without a body (node:http drops the body of HEAD responses).
      const route = match.retired ?? match.byMethod.get(method === 'HEAD' ? 'GET' : method);
      if (!route) throw new ApiError('method_not_allowed', { headers: { Allow: match.allow } });
      if (target) binding = route;

      let body: unknown;
      if (!route.bodyless) {
        const decoded = decodeBody(req.body, req.headers.get('content-type'));
        if (decoded.ok) body = decoded.value;
        if (envelope.acp) envelope.acp.body = body;
        envelope.inputError = decoded.ok ? queryOnBodyOperation(url.searchParams) : decoded.error;
      } else {
        envelope.inputError = uncarriedParameter(url.searchParams, route.queryKinds);
      }
      const cacheKey = route.operation.policy.cacheMs ? url.pathname + url.search : '';
      if (cacheKey) {
        const cached = cachedAnswer(route, ctx, cacheKey);
        const answer = cached instanceof Promise ? await cached : cached;
        if (answer) return answer;
      }
      return await run(route, ctx, url, body, cacheKey, pathname, target !== undefined);
    } catch (err) {
      return failure(ctx, err, binding);
    }
  };
}

/**
 * Header records are built by assignment, never by spread: on Node 20 every property added to an
 * object made with `{...x}` cost ~1.4 µs (measured), and an answer gets up to six after it is made
 * (Request-Id, Service-Agent-Trust, the two RateLimit headers, Content-Length, nosniff) — more
 * than the rest of a cached GET together.
 */
function copyHeaders(source: Record<string, string> | undefined, into: Record<string, string> = {}): Record<string, string> {
  for (const name in source) into[name] = source[name];
  return into;
}

/**
 * A JSON object's text with `service:advisories` as its last member, written into the text before
 * its closing brace: the answer was serialised a moment before, and parsing it back to add one
 * member cost as much as the serialising (a search page: ~10 KB each way). No answer holds the
 * member already.
 */
function withAdvisories(body: string, advisories: Advisory[]): string {
  const end = body.lastIndexOf('}');
  const empty = body.slice(0, end).trimEnd().endsWith('{');
  return `${body.slice(0, end)}${empty ? '' : ','}"service:advisories":${JSON.stringify(advisories)}${body.slice(end)}`;
}

function jsonHeaders(extra: Record<string, string> | undefined): Record<string, string> {
  return copyHeaders(extra, { 'Content-Type': 'application/json' });
}

function restEnvelope(req: ApiRequest, sessionCookie: string): RequestEnvelope {
  const { headers } = req;
  const cookies = headers.get('cookie');
  return {
    transport: 'rest',
    requestId: headers.get('request-id'),
    ucpAgent: headers.get('ucp-agent'),
    serviceBuyer: headers.get('service-buyer'),
    authorization: headers.get('authorization'),
    session: cookies === null ? null : cookieValue(cookies, sessionCookie),
    browserOrigin: headers.get('origin') ?? originOf(headers.get('referer')),
    idempotencyKey: headers.get('idempotency-key'),
    payment: { xPayment: headers.get('x-payment'), paymentSignature: headers.get('payment-signature') },
    clientAddress: req.clientAddress,
    // The request itself, as received: read only when it carries a signature.
    message: req,
  };
}

/** A call of ACP's binding: its API-Version, the path its idempotency keys are scoped to, and its request Signature if any. */
function acpEnvelope(req: ApiRequest, path: string): NonNullable<RequestEnvelope['acp']> {
  const signature = req.headers.get('signature');
  const timestamp = req.headers.get('timestamp');
  return { apiVersion: req.headers.get('api-version'), path, ...(signature !== null && { signature }), ...(timestamp !== null && { timestamp }) };
}

function cookieValue(header: string, name: string): string | null {
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return null;
}

function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
