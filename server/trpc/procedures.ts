/**
 * The procedure kinds. Every operation is declared through one of them (`open`, `discovery`,
 * `credential(scope)`, `admin`), and the kind carries the contract's order of checks as one
 * middleware that runs before the input is parsed, on every transport alike:
 *
 *   retired (410) → (ACP's binding: API-Version, ./acp.ts) → credentials (401/403; 400 for a key
 *   sent with UCP-Agent; the admin token's tries 429, limits/admin-tries.ts) → UCP-Agent and
 *   Service-Buyer (on UCP's binding: the platform profile negotiated with, ./binding.ts; on ACP's,
 *   the request Signature when one is sent, 401) → rate
 *   limit (429; limits/limiter.ts) → (binding: the operation's capability) → idempotency key →
 *   input the transport could not decode (413, 415, invalid JSON) or no operation takes → input
 *   schema → operation
 *
 * Mutations add `.concat(idempotent)` after `.input()` (see idempotency.ts).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../errors/catalogue';
import { schemaIssuesIn } from '../errors/from-unknown';
import { invalidRequest, requestIssues } from '../errors/invalid-request';
import { resourceMetadataUrl, type BearerCredential } from '../identity/credentials';
import { parseServiceBuyer } from '../identity/service-buyer';
import { identifyAgentMemo } from '../identity/ucp-agent';
import { inputIssue } from '../lib/input-limits';
import { claimAdminTry, clearAdminTries } from '../limits/admin-tries';
import { secondsLeft, type RateState } from '../limits/limiter';
import type { RequestContext } from './context';
import { acpCredentialRequired, acpSignatureChecked, checkAcpCredential, checkApiVersion } from './acp';
import { checkCapability, negotiateCall } from './binding';
import { assertValidKey, keyOptional, keyRequired } from './idempotency';
import { signatureSent, verifyCallerSignature } from './signature';
import { t } from './init';
import type { Access, AppMeta, Scope } from './meta';

const KIND = Symbol('procedure kind');

/**
 * Steps 1–4: retired, credentials, the agent profile and buyer reference, then 4b the rate limit.
 * Runs once per request. Answers synchronously when nothing needs the database or the network
 * (an open call within a held lease, a credential resolved a moment ago), a promise otherwise:
 * the cached GET is answered without a turn of the microtask queue per step.
 */
export function admit(
  ctx: RequestContext,
  access: Access,
  meta: AppMeta | undefined,
  type: 'query' | 'mutation' | 'subscription',
  rawInput?: unknown,
): void | Promise<void> {
  if (ctx.admitted) return;
  const retired = meta?.op?.retired;
  if (retired) throw retiredError(retired, rawInput);
  if (access.kind === 'acp') checkApiVersion(ctx);
  const credentials = checkCredentials(ctx, access, type);
  return credentials ? credentials.then(() => identifyAndCount(ctx, access)) : identifyAndCount(ctx, access);
}

/** 410 endpoint_retired, naming the replacement for what the call carries (OperationPolicy.retired). */
function retiredError(retired: NonNullable<NonNullable<AppMeta['op']>['retired']>, rawInput: unknown): ApiError {
  const by = retired.byField;
  if (by && rawInput !== null && typeof rawInput === 'object' && by.field in rawInput) {
    return new ApiError('endpoint_retired', { message: by.message, details: { replacement: by.replacement } });
  }
  return new ApiError('endpoint_retired', { details: { replacement: retired.replacement } });
}

function identifyAndCount(ctx: RequestContext, access: Access): void | Promise<void> {
  // An ACP platform is its key: no profile names it, and ACP's Signature is not RFC 9421's.
  if (access.kind === 'acp') {
    const signed = acpSignatureChecked(ctx);
    return signed ? signed.then(() => countCall(ctx)) : countCall(ctx);
  }
  if (access.kind === 'binding') {
    const negotiated = negotiateCall(ctx);
    return negotiated ? negotiated.then(() => verifyAndCount(ctx)) : verifyAndCount(ctx);
  }
  // A linked call (an OAuth token with UCP-Agent) is the person's, credited to that platform.
  const linked = ctx.caller.credential?.kind === 'oauth';
  if (access.kind === 'open' || access.kind === 'discovery' || linked) identifyCaller(ctx, access.kind === 'open' && !ctx.caller.credential);
  return verifyAndCount(ctx);
}

/** 4a: the request signature of an open call that sends one, never a refusal (./signature.ts); then 4b. */
function verifyAndCount(ctx: RequestContext): void | Promise<void> {
  if (signatureSent(ctx)) return verifyCallerSignature(ctx).then(() => countCall(ctx));
  return countCall(ctx);
}

/**
 * 4b: the rate limit, for every identified caller of the agent surface (the service's own pages
 * call in-process and are not counted). Within a held lease this neither awaits nor allocates more
 * than the state.
 */
function countCall(ctx: RequestContext): void | Promise<void> {
  if (ctx.transport === 'internal') {
    ctx.admitted = true;
    return;
  }
  const taken = ctx.services.limits.take(ctx.caller, ctx.envelope.clientAddress);
  if (taken instanceof Promise) return taken.then((rate) => counted(ctx, rate));
  counted(ctx, taken);
}

function counted(ctx: RequestContext, rate: RateState | undefined): void {
  ctx.rate = rate;
  if (rate?.refused) throw rateLimited(rate);
  ctx.admitted = true;
}

/** 429 rate_limited: the window is spent until it ends; Retry-After and details.retry_after say when. */
function rateLimited(rate: RateState): ApiError {
  const seconds = secondsLeft(rate);
  const { name, quota, windowSeconds } = rate.policy;
  const whose = name === 'address' ? `This client address's allowance of ${quota} calls per ${windowSeconds} s, across every agent profile,` : `This caller's ${name} allowance of ${quota} calls per ${windowSeconds} s`;
  return new ApiError('rate_limited', {
    message: `${whose} is spent; the next window starts in ${seconds} s.`,
    details: { retry_after: seconds, policy: name },
    headers: { 'Retry-After': String(seconds) },
  });
}

/**
 * Step 3. An Authorization header is always honoured, never passed over for the open path; a
 * developer's session counts only where a developer session is what the operation needs. A promise
 * only when the database must be asked.
 */
function checkCredentials(ctx: RequestContext, access: Access, type: string): void | Promise<void> {
  const { envelope, services } = ctx;
  const conflict = envelope.identityConflict;
  if (conflict) {
    throw new ApiError('conflicting_credentials', {
      message: `${conflict.field} is named in ${conflict.places.join(' and ')} with different values: send it in one place (or the same value in each).`,
      details: conflict,
    });
  }
  const authorization = envelope.authorization ?? null;
  if (access.kind === 'admin') return checkAdmin(ctx, authorization);
  if (authorization !== null) {
    const recent = services.credentials.recent(authorization);
    if (recent) return checkBearer(ctx, access, recent);
    return services.credentials.bearer(authorization, ctx.db).then((credential) => checkBearer(ctx, access, credential));
  }
  if (access.kind === 'credential') return checkSession(ctx, access, type);
  if (access.kind === 'acp') throw acpCredentialRequired();
}

function checkBearer(ctx: RequestContext, access: Access, credential: BearerCredential): void {
  const { envelope, services } = ctx;
  ctx.caller.credential = credential;
  if (access.kind === 'acp') return checkAcpCredential(credential);
  const base = services.config.publicBaseUrl;
  // A buyer token verified through an OAuth token is taken where that token was, and refused alike.
  const resource = credential.kind === 'oauth' || credential.kind === 'buyer' ? credential.resource : null;
  if (resource !== null && !forThisResource(resource, envelope.transport, base)) {
    const what = credential.kind === 'oauth' ? 'This access token was issued' : 'This buyer token was verified through an access token issued';
    throw services.credentials.invalid(`${what} for ${resource}, not for this API: ask for a token with resource=${base}.`);
  }
  // The one exception: an OAuth token with UCP-Agent is the linked-buyer call. On UCP's binding
  // the profile accompanies every credential (./binding.ts).
  if (envelope.ucpAgent != null && credential.kind !== 'oauth' && access.kind !== 'binding') {
    throw new ApiError('conflicting_credentials', {
      message: 'Send either Authorization or UCP-Agent, not both: a network key or buyer token is the caller (drop UCP-Agent), or call as the agent profile without it.',
      details: { field: 'credential', places: ['Authorization', 'UCP-Agent'] },
    });
  }
  if (access.kind === 'credential' && !grants(credential, access)) throw insufficientScope(requiredScope(credential, access), base);
  // Scope first: a key without the scope is told the scope, one with it that it needs a buyer.
  if (access.kind === 'credential' && access.buyer && credential.kind === 'key') throw buyerCredentialRequired();
}

function buyerCredentialRequired(): ApiError {
  return new ApiError('buyer_credential_required', {
    message: `This key carries the scope, but settlement is a buyer's: call with the buyer token a verification answered (Authorization: Bearer bt_live_…), or an OAuth access token acting for the person.`,
    details: { required: 'buyer_token' },
  });
}

/** A credential operation called without Authorization: only a developer's session may stand in, for the operations that take one. */
async function checkSession(ctx: RequestContext, access: Extract<Access, { kind: 'credential' }>, type: string): Promise<void> {
  const { envelope, services } = ctx;
  const base = services.config.publicBaseUrl;
  if (access.scope !== 'developer_session' || !envelope.session) throw credentialRequired(access.scope, base);
  const session = await services.credentials.session(envelope.session, ctx.db);
  if (!session) throw credentialRequired(access.scope, base, 'Your session has ended or is not known: sign in again at /signin.');
  if (envelope.transport === 'rest' && type === 'mutation' && envelope.browserOrigin !== new URL(base).origin) {
    throw new ApiError('origin_refused', { details: { expected_origin: new URL(base).origin } });
  }
  ctx.caller.credential = session;
}

/**
 * REST takes tokens issued for the base URL; the MCP server also those for `<base>/api/mcp` (RFC
 * 8707 audiences). In-process callers act for the pages, whatever the token was for.
 */
function forThisResource(resource: string, transport: string, base: string): boolean {
  if (transport === 'internal' || resource === base) return true;
  return transport === 'mcp' && resource === `${base}/api/mcp`;
}

/** Whether a bearer credential carries what a credential operation needs. */
export function grants(credential: BearerCredential, access: Extract<Access, { kind: 'credential' }>): boolean {
  if (access.scope === 'buyer_token') {
    if (credential.kind === 'buyer') return true;
    return credential.kind === 'oauth' && (access.person ?? []).some((scope) => credential.scopes.includes(scope));
  }
  if (access.buyerToken && credential.kind === 'buyer') return true;
  return (credential.scopes as readonly string[]).includes(access.scope);
}

/**
 * The scope a refusal names: an OAuth token standing for the person is told the scope it could be
 * granted (a token cannot be granted buyer_token), anything else what the operation declares.
 */
export function requiredScope(credential: BearerCredential, access: Extract<Access, { kind: 'credential' }>): Scope {
  return credential.kind === 'oauth' && access.scope === 'buyer_token' && access.person?.length ? access.person[0] : access.scope;
}

export function insufficientScope(scope: Scope, base: string, message = `This credential does not carry ${scope}, which this operation needs.`): ApiError {
  return new ApiError('insufficient_scope', {
    message,
    details: { required: scope },
    headers: { 'WWW-Authenticate': `Bearer realm="agent-commerce", error="insufficient_scope", scope="${scope}", resource_metadata="${resourceMetadataUrl(base)}"` },
  });
}

export function credentialRequired(scope: Scope, base: string, message = `This operation needs a credential with ${scope}.`): ApiError {
  return new ApiError('credential_required', {
    message,
    details: { required: scope },
    headers: { 'WWW-Authenticate': `Bearer realm="agent-commerce", scope="${scope}", resource_metadata="${resourceMetadataUrl(base)}"` },
  });
}

/**
 * The admin bearer. A token sent is a try, counted against the client address before it is
 * compared (limits/admin-tries.ts: a few a minute, then 429), and a right one clears the count; a
 * call without an address (the in-process caller) is not counted.
 */
function checkAdmin(ctx: RequestContext, authorization: string | null): void | Promise<void> {
  const { adminToken } = ctx.services.config;
  if (!adminToken) throw new ApiError('admin_disabled');
  const token = authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (!token) {
    throw new ApiError('credential_required', {
      message: 'The admin API needs `Authorization: Bearer <ADMIN_TOKEN>`.',
      details: { required: 'ADMIN_TOKEN bearer' },
      headers: { 'WWW-Authenticate': 'Bearer realm="admin"' },
    });
  }
  const address = ctx.envelope.clientAddress;
  if (address === undefined) return compareAdmin(token, adminToken);
  return claimAdminTry(ctx.db, address).then(() => {
    compareAdmin(token, adminToken);
    return clearAdminTries(ctx.db, address);
  });
}

function compareAdmin(token: string, adminToken: string): void {
  if (!constantTimeEqual(token, adminToken)) throw new ApiError('admin_token_invalid');
}

function constantTimeEqual(a: string, b: string): boolean {
  // Hash first so the length never leaks and timingSafeEqual always compares equal-length buffers.
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

function identifyCaller(ctx: RequestContext, required: boolean): void {
  const { config } = ctx.services;
  const { ucpAgent, serviceBuyer } = ctx.envelope;
  if (ucpAgent != null) {
    const { agent, advisories } = identifyAgentMemo(ucpAgent, { baseUrl: config.publicBaseUrl, refusedFrom: config.profileHostRefusedFrom, pins: config.profileFetch.pins });
    ctx.caller.agent = agent;
    ctx.advisories.push(...advisories);
  } else if (required) {
    throw new ApiError('ucp_agent_required');
  }
  if (serviceBuyer != null) {
    const { buyer, advisories } = parseServiceBuyer(serviceBuyer, config.publicBaseUrl);
    ctx.caller.buyer = buyer;
    ctx.advisories.push(...advisories);
  }
}

/**
 * Steps 1–6 as one middleware: each middleware tRPC runs copies its options twice (as three
 * middlewares, ~2% of POST feedback's busy time in a profile), and these steps always run
 * together, in this order.
 *
 * 1–4: admit (and on UCP's binding, the operation's capability). 5: an idempotent operation needs a
 * well-formed key before its input is even read; one that takes a key if sent (UCP's create_* and
 * update_*, ACP's on MCP) needs a sent key to be well-formed. 6: input the transport could not
 * decode is refused only now, after the key check; so is input no operation takes (NUL, lone
 * surrogates, deep nesting: lib/input-limits.ts). The schema runs next; its refusal is answered
 * here, where the operation's schema is known on every transport, so an unknown field's issue can
 * name the closest valid one.
 */
function kindChecks(access: Access) {
  const middleware = t.middleware(async ({ ctx, meta, type, path, getRawInput, next }) => {
    const admitted = admit(ctx, access, meta, type, meta?.op?.retired ? await getRawInput() : undefined);
    if (admitted) await admitted;
    if (access.kind === 'binding') checkCapability(ctx, meta!.ucp!.capability);

    const key = ctx.envelope.idempotencyKey;
    if (meta?.idempotent === true && key == null && !keyOptional(ctx, meta)) throw keyRequired(ctx, meta);
    if (meta?.idempotent !== undefined && key != null) {
      assertValidKey(key, ctx, meta);
      ctx.idempotencyKey = key;
    }

    if (ctx.envelope.inputError) throw ctx.envelope.inputError;
    const issue = inputIssue(await getRawInput());
    if (issue) throw invalidRequest([issue]);
    const result = await next();
    const refused = !result.ok && result.error.code === 'BAD_REQUEST' && schemaIssuesIn(result.error);
    if (refused) throw invalidRequest(requestIssues(refused, ctx.services.operations.find((o) => o.name === path)?.input));
    return result;
  });
  // Tagged so the operation catalogue can tell which kind declared a procedure.
  for (const fn of middleware._middlewares) Object.assign(fn, { [KIND]: access });
  return middleware;
}

function kind(access: Access) {
  return t.procedure.use(kindChecks(access));
}

export const open = kind({ kind: 'open' });
export const discovery = kind({ kind: 'discovery' });
export const admin = kind({ kind: 'admin' });
/** An operation of UCP's shopping binding (./binding.ts); its meta names its capability (`ucp`). */
export const binding = kind({ kind: 'binding' });
/** An operation of ACP's binding (./acp.ts): API-Version and an acp:platform key on every call. */
export const acp = kind({ kind: 'acp' });
export const credential = (scope: Scope, opts: { buyerToken?: boolean; buyer?: boolean; person?: readonly Scope[] } = {}) => kind({ kind: 'credential', scope, ...opts });

/** The access a procedure was declared with, read from its kind's middleware. */
export function accessOf(middlewares: readonly unknown[]): Access | undefined {
  for (const m of middlewares) {
    const access = (m as { [KIND]?: Access })[KIND];
    if (access) return access;
  }
  return undefined;
}
