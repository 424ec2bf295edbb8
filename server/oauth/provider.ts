/**
 * The OAuth 2.1 authorization server: oidc-provider, issuer PUBLIC_BASE_URL, with every default
 * this service needs changed said where it is changed. Public clients only (an agent cannot keep a
 * secret, and a stored client secret would be one more thing a copy of the database gives away),
 * PKCE with S256 always, refresh tokens rotated on every use, opaque access tokens for the API (the
 * base URL) or its MCP server, consent on our own page (app/oauth/interaction/).
 */
import { eq } from 'drizzle-orm';
import Provider, { errors, interactionPolicy, type AdapterFactory, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { forLog } from '../errors/for-log';
import { isDatabaseUnavailable } from '../errors/from-unknown';
import { drizzleAdapter, type ClientDocuments } from './adapter';
import { checkClientMetadata } from './client-metadata-rules';
import { allowFormAction } from './form-post';
import { rememberedGrantId } from './consents';
import type { OAuthKeys } from './keys';
import { API_SCOPES, OIDC_SCOPES, resolveResource, resourceScopes } from './scopes';

/** Lifetimes in seconds (published in the served docs and docs/accounts-and-oauth.md). */
export const TTL = {
  accessToken: 60 * 60,
  refreshToken: 30 * 24 * 60 * 60,
  code: 60,
  /** A consent is remembered this long (or until Disconnect); refresh tokens never outlive it. */
  grant: 365 * 24 * 60 * 60,
  /** Time to sign in (the e-mailed link lasts 10 minutes) and answer the consent page. */
  interaction: 30 * 60,
  /** The provider's memory of who logged in; checked against the signed-in account every time. */
  session: 30 * 24 * 60 * 60,
} as const;

export const ROUTES = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  registration: '/oauth/register',
  revocation: '/oauth/revoke',
  jwks: '/oauth/jwks',
} as const;

/** The methods each endpoint answers (oidc-provider's routes for the features enabled below). */
const ENDPOINT_METHODS: Record<string, string[]> = {
  [ROUTES.authorization]: ['GET', 'POST'],
  [ROUTES.token]: ['POST'],
  [ROUTES.registration]: ['POST'],
  [ROUTES.revocation]: ['POST'],
  [ROUTES.jwks]: ['GET'],
  '/.well-known/openid-configuration': ['GET'],
  '/.well-known/oauth-authorization-server': ['GET'],
};

/** The methods of the endpoint at `path` (an authorization resumed after consent is /oauth/authorize/<uid>), or undefined. */
export function endpointMethods(path: string): string[] | undefined {
  return ENDPOINT_METHODS[path] ?? (path.startsWith(`${ROUTES.authorization}/`) ? ['GET'] : undefined);
}

/** The consent page of an interaction is `${INTERACTION_PATH}/<uid>`; its form posts to `…/<uid>/confirm`. */
export const INTERACTION_PATH = '/oauth/interaction';

export interface ProviderDeps {
  db: Db;
  base: string;
  trustProxy: boolean;
  keys: OAuthKeys;
  /** Auth.js's session cookie: the signed-in developer account is the person an authorization is for. */
  sessionCookieName: string;
  signedIn(session: string | undefined): Promise<{ accountId: string; email: string } | null>;
  /** OAuth Client ID Metadata Documents: a client_id that is an https URL is looked up there. */
  clientDocuments: ClientDocuments;
}

export function createProvider({ db, base, trustProxy, keys, sessionCookieName, signedIn, clientDocuments }: ProviderDeps): Provider {
  const resources = resourceScopes(base);
  const { Check, base: basePolicy } = interactionPolicy;
  const policy = basePolicy();
  // The provider remembers a login in its own cookie; the person is whoever is signed in to the
  // service now. Signed out, or signed in as someone else: ask again (the page signs in).
  policy.get('login')!.checks.add(
    new Check('signed_in_account', 'the signed-in account is not the one logged in here', async (ctx) => {
      const account = await signedIn(ctx.cookies.get(sessionCookieName, { signed: false }));
      return !account || account.accountId !== ctx.oidc.session?.accountId;
    }),
  );
  // A request asking for nothing this service grants (no scope, offline_access alone, or only scopes
  // the named resource does not offer) would bring the person to a page with nothing to allow, and
  // the client access_denied after Allow (the provider issues no grant without a scope). It is sent
  // back at once as RFC 6749 (3.3) says: invalid_scope, naming what may be asked for. (Refresh tokens
  // come with every grant here, offline_access or not.)
  policy.get('login')!.checks.add(
    new Check('nothing_grantable', 'the request asks for no scope this service grants', (ctx) => {
      const { oidc } = ctx;
      const offered = new Set(['openid', ...Object.values(oidc.resourceServers ?? {}).flatMap((rs) => [...rs.scopes])]);
      if ([...oidc.requestParamScopes].some((scope) => offered.has(scope))) return false;
      const scopes = [...offered].join(' ');
      throw new errors.InvalidScope(`nothing asked for can be granted (no scope, or offline_access alone, grants nothing here): ask for at least one of ${scopes}; a refresh token comes with every grant, offline_access or not`, scopes);
    }),
  );
  // checkout:write spends money: it is granted only by pressing Allow, never from a remembered consent.
  policy.get('consent')!.checks.add(
    new Check('checkout_write_requested', 'checkout:write needs the person to allow it each time', (ctx) => {
      const { oidc } = ctx;
      const offered = Object.values(oidc.resourceServers ?? {}).some((rs) => rs.scopes.has('checkout:write'));
      return offered && oidc.requestParamScopes.has('checkout:write') && !oidc.result?.consent;
    }),
  );

  const configuration: Configuration = {
    adapter: drizzleAdapter(db, clientDocuments) as unknown as AdapterFactory,
    clientAuthMethods: ['none'],
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: 'ES256',
    },
    responseTypes: ['code'],
    scopes: [...OIDC_SCOPES],
    claims: { openid: ['sub'] },
    jwks: { keys: keys.signing },
    enabledJWA: { idTokenSigningAlgValues: ['ES256'] },
    cookies: {
      keys: keys.cookies,
      names: { session: 'oauth_session', interaction: 'oauth_interaction', resume: 'oauth_resume' },
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    routes: ROUTES,
    // A browser-based agent may call the token and revocation endpoints from its own origin: the
    // origin of one of its redirect URIs (oidc-provider's default, said here rather than warned about).
    clientBasedCORS: (_ctx, origin, client) => origin !== 'null' && (client.redirectUris ?? []).some((uri) => URL.parse(uri)?.origin === origin),
    features: {
      // Our consent page replaces the development one; there is no userinfo (agents need no profile).
      devInteractions: { enabled: false },
      userinfo: { enabled: false },
      registration: { enabled: true, initialAccessToken: false, issueRegistrationAccessToken: false },
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      // Not offered: the API checks bearer tokens only, and none of these routes is ours to document.
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      resourceIndicators: {
        enabled: true,
        // Without it a request naming no resource gets a token with no API scope.
        defaultResource: async (_ctx, _client, oneOf) => chooseResource(base, oneOf),
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, indicator) => {
          const resource = resolveResource(base, indicator);
          if (!resource) throw new errors.InvalidTarget(`unknown resource: use ${Object.keys(resources).join(' or ')}`);
          return { scope: resources[resource].join(' '), audience: base, accessTokenFormat: 'opaque', accessTokenTTL: TTL.accessToken };
        },
      },
    },
    pkce: { required: () => true },
    // The default issues refresh tokens only for offline_access.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Every use rotates, but a refresh naming a resource the token was not granted is refused
    // first: the provider checks the resource only after it has consumed the token (spent, for a
    // request it then refuses), and this runs just before that.
    rotateRefreshToken: async (ctx) => {
      const token = ctx.oidc.entities.RefreshToken;
      const asked = ctx.oidc.params?.resource as string | string[] | undefined;
      if (token && asked !== undefined) {
        // As the provider resolves it: several named, the default picks one; then exactly as granted.
        const resource = Array.isArray(asked) ? chooseResource(base, asked) : asked;
        if (resource && !token.resourceIndicators.has(resource)) {
          throw new errors.InvalidTarget(`this refresh token was not granted for ${resource}: refresh without resource, or authorize again for it`);
        }
      }
      return true;
    },
    // Tokens live by their own lifetimes, not the provider's login cookie.
    expiresWithSession: async () => false,
    extraTokenClaims: async (_ctx, token) => {
      const server = (token as { resourceServer?: { identifier(): string } }).resourceServer;
      return server ? { resource: resolveResource(base, server.identifier()) ?? server.identifier() } : undefined;
    },
    extraClientMetadata: {
      // The validator runs once per declared property, on the metadata as sent (before the
      // provider's own type checks); software_id (RFC 7591) is one the provider does not know, and
      // its turn checks every member's type and the redirect URIs (the default takes any http URI).
      properties: ['software_id'],
      validator(_ctx, key, _value, metadata) {
        if (key !== 'software_id') return;
        checkClientMetadata(metadata);
        // MCP clients register the scopes the resource's metadata lists. The provider checks a
        // client's `scope` against its own scopes only, and the API's are offered through resource
        // indicators: they are left out of the registered list rather than refused.
        if (typeof metadata.scope === 'string') {
          const own = metadata.scope.split(' ').filter((scope) => !(API_SCOPES as readonly string[]).includes(scope));
          metadata.scope = own.length ? own.join(' ') : undefined;
        }
      },
    },
    async findAccount(_ctx, sub) {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, sub));
      return user ? { accountId: user.id, claims: async () => ({ sub: user.id }) } : undefined;
    },
    // Consents are per account and client in the database, not in the provider's login cookie.
    async loadExistingGrant(ctx) {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId ?? (oidc.session?.accountId ? await rememberedGrantId(db, oidc.session.accountId, oidc.client!.clientId) : undefined);
      return grantId ? oidc.provider.Grant.find(grantId) : undefined;
    },
    interactions: { policy, url: async (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}` },
    ttl: {
      AccessToken: TTL.accessToken,
      AuthorizationCode: TTL.code,
      IdToken: TTL.accessToken,
      Grant: TTL.grant,
      Interaction: TTL.interaction,
      Session: TTL.session,
      RefreshToken(ctx) {
        const grant = ctx?.oidc.entities.Grant;
        const left = grant?.exp ? grant.exp - Math.floor(Date.now() / 1000) : TTL.refreshToken;
        return Math.max(1, Math.min(TTL.refreshToken, left));
      },
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(out.error_description ?? out.error);
    },
  };

  const provider = new Provider(base, configuration);
  provider.proxy = trustProxy;
  // Registration decides on a secret from the request as sent, before any check (so its types are
  // checked first: it reads the algorithm members as text, and a deeply nested one overflowed the
  // stack): one that names no auth method would get a client_secret (stored, answered, and never
  // usable, since every client here is public). (A static the type definitions leave out.)
  const Client = provider.Client as unknown as { needsSecret(metadata: Record<string, unknown>): boolean };
  const needsSecret = Client.needsSecret.bind(Client);
  Client.needsSecret = (metadata) => {
    checkClientMetadata(metadata);
    return needsSecret({ token_endpoint_auth_method: 'none', ...metadata });
  };

  // A database out of reach is 503 with Retry-After (never the provider's 500), and every failure
  // under /oauth/ has an RFC 6749 body, unknown paths included.
  provider.on('server_error', (ctx: KoaContextWithOIDC, err: unknown) => {
    if (isDatabaseUnavailable(err)) ctx.state.databaseUnavailable = true;
    else console.error(`[oauth] server error: ${forLog(err)}`);
  });
  const issuer = new URL(base);
  provider.use(async (ctx, next) => {
    // Endpoint URLs are built from the request's protocol and host: they are the issuer's, whatever
    // Host or scheme the request arrived with, so the metadata always matches the issuer.
    Object.defineProperties(ctx.request, { protocol: { value: issuer.protocol.slice(0, -1) }, host: { value: issuer.host }, hostname: { value: issuer.hostname } });
    await next();
    if (ctx.state.databaseUnavailable && ctx.status >= 500) {
      ctx.status = 503;
      ctx.set('Retry-After', '5');
      ctx.body = { error: 'temporarily_unavailable', error_description: 'The service cannot reach its database for a moment; try again shortly.' };
    } else if (ctx.status === 404 && !ctx.body) {
      // No route took it: an endpoint asked with another method, or a path that is no endpoint.
      // RFC 6749's shape (error a code, error_description prose) with the agent API's code beside
      // it, so an OAuth library and an agent branching on `code` both read it.
      const allowed = endpointMethods(ctx.path);
      const [code, description] = allowed
        ? ['method_not_allowed', `${ctx.path} takes ${allowed.join(' or ')}, not ${ctx.method}.`]
        : ['not_found', `No OAuth endpoint at ${ctx.path}: /.well-known/oauth-authorization-server names them all.`];
      ctx.status = allowed ? 405 : 404;
      if (allowed) ctx.set('Allow', allowed.join(', '));
      ctx.body = { error: code, code, error_description: description };
    }
    // response_mode=form_post: the provider's answer is a page whose script posts the response to
    // the client's redirect URI, which the page CSP's `form-action 'self'` would block. That
    // origin is added, once the URI is one the client registered (the provider checked it too).
    const { oidc } = ctx;
    const redirectUri = oidc?.params?.redirect_uri;
    if (oidc?.params?.response_mode === 'form_post' && ctx.response.is('html') && typeof redirectUri === 'string' && oidc.client?.redirectUriAllowed(redirectUri)) {
      const csp = ctx.response.get('content-security-policy');
      if (csp) ctx.set('content-security-policy', allowFormAction(csp, new URL(redirectUri).origin));
    }
    // The metadata names the API's scopes too; they are offered through resource indicators.
    if (ctx.oidc?.route === 'discovery' && ctx.status === 200 && ctx.body && typeof ctx.body === 'object') {
      const body = ctx.body as { scopes_supported?: string[] };
      body.scopes_supported = [...new Set([...(body.scopes_supported ?? []), ...API_SCOPES])];
      // A client may be named by the https URL of its metadata document instead of registering (adapter.ts).
      (body as Record<string, unknown>).client_id_metadata_document_supported = true;
    }
  });
  return provider;
}

/** The resource a request naming none (`oneOf` undefined), or several, is for: the API's, if among them. */
function chooseResource(base: string, oneOf: readonly string[] | undefined): string {
  return oneOf ? (oneOf.includes(base) ? base : oneOf[0]) : base;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page an authorization request gets when it cannot be sent back to its client (e.g. an unknown redirect_uri, or too many from one address). */
export function errorPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Authorization refused · Agent Commerce</title></head><body><main><h1>This authorization request was refused</h1><p role="alert">${escape(message)}</p><p>Nothing was shared with the agent. Go back to it and try again; if this keeps happening, its developer needs to fix the request.</p></main></body></html>`;
}
