/**
 * The authorization server as the custom server (http/server.ts) calls it, with node req/res:
 * `handle` for the provider's own paths, `confirm` for the consent page's Allow and Deny, `pages`
 * for the Next pages (through runtime.ts). Built once per process by server/main.ts.
 */
import type http from 'node:http';
import type Provider from 'oidc-provider';
import { hit, type RateRule } from '../db/rate-limits';
import { isDatabaseUnavailable } from '../errors/from-unknown';
import { clientAddressBucket } from '../lib/client-ip';
import { forgetSession } from './adapter';
import { rememberedGrantId, saveConsent } from './consents';
import { oauthKeys } from './keys';
import type { ServiceKeys } from '../secrets/keys';
import { createOAuthPages, type OAuthPages } from './pages';
import { createProvider, errorPage, INTERACTION_PATH, ROUTES, type ProviderDeps } from './provider';
import { OIDC_SCOPES, resolveResource, resourceScopes } from './scopes';

/**
 * Per client address (an IPv6 /64: lib/client-ip.ts): an agent registers once, and redeems a code
 * or refreshes now and then; a person starts an authorization now and then (each may make the
 * service fetch a Client ID Metadata Document).
 */
export const OAUTH_LIMITS: Record<'registration' | 'token' | 'authorize', RateRule> = {
  registration: { limit: 30, windowSeconds: 60 * 60 },
  token: { limit: 120, windowSeconds: 60 },
  authorize: { limit: 60, windowSeconds: 60 },
};

/**
 * What the confirm endpoint answers: a page saying why not, a redirect to sign in, or the way on to
 * the provider, which sends the browser back to the client. That last step is a page that moves on
 * by itself (a meta refresh), not a redirect: a redirect answering a form post is held to the
 * consent page's CSP `form-action 'self'`, which the client's redirect URI, on another origin, fails.
 */
export type ConfirmOutcome =
  | { kind: 'page'; status: number; title: string; message: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'continue'; location: string; allowed: boolean };

export interface AuthorizationServer {
  provider: Provider;
  /** /oauth/* (but the interaction paths) and the two discovery documents. */
  handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void>;
  /** POST /oauth/interaction/<uid>/confirm: the outcome to render. */
  confirm(req: http.IncomingMessage, res: http.ServerResponse, uid: string): Promise<ConfirmOutcome>;
  pages: OAuthPages;
}

export interface AuthorizationServerDeps extends Omit<ProviderDeps, 'keys'> {
  /** The service's keys: the provider's own are sealed and its cookies signed under them. */
  serviceKeys: ServiceKeys;
  /** Overrides of OAUTH_LIMITS (tests). */
  limits?: Partial<typeof OAUTH_LIMITS>;
}

const DISCOVERY = new Set(['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']);
const CONFIRM = new RegExp(`^${INTERACTION_PATH}/([A-Za-z0-9_-]{1,64})/confirm$`);

/** Whether the provider answers this path (its endpoints and discovery; not the consent page). */
export function isProviderPath(pathname: string): boolean {
  return DISCOVERY.has(pathname) || pathname === '/oauth' || (pathname.startsWith('/oauth/') && !pathname.startsWith(`${INTERACTION_PATH}/`));
}

/** The interaction uid of a confirm path, or undefined. */
export function confirmUid(pathname: string): string | undefined {
  return CONFIRM.exec(pathname)?.[1];
}

/** A consent form posts a few dozen bytes. */
const MAX_CONFIRM_BODY = 4 * 1024;

export async function createAuthorizationServer(deps: AuthorizationServerDeps): Promise<AuthorizationServer> {
  const { db, base, signedIn, sessionCookieName } = deps;
  const limits = { ...OAUTH_LIMITS, ...deps.limits };
  const provider = createProvider({ ...deps, keys: await oauthKeys(db, deps.serviceKeys) });
  const callback = provider.callback();
  const origin = new URL(base).origin;

  function rfc6749(res: http.ServerResponse, status: number, error: string, description: string, headers: Record<string, string> = {}): void {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
    res.end(JSON.stringify({ error, error_description: description }));
  }

  async function limited(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): Promise<boolean> {
    const which = limitOf(req.method ?? 'GET', pathname);
    if (!which) return false;
    const verdict = await hit(db, `oauth-${which}:${clientAddressBucket(req.headers['x-forwarded-for'] as string | undefined)}`, limits[which]);
    if (verdict.allowed) return false;
    req.resume();
    const rule = limits[which];
    const description = `Too many ${which} requests from this address: at most ${rule.limit} in ${rule.windowSeconds / 60} minutes. Try again in ${verdict.retryAfterSeconds} seconds.`;
    const retryAfter = { 'Retry-After': String(verdict.retryAfterSeconds) };
    if (which !== 'authorize') {
      rfc6749(res, 429, 'temporarily_unavailable', description, retryAfter);
      return true;
    }
    // A browser is at the authorization endpoint: a page, as the provider's own refusals there are.
    res.writeHead(429, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...retryAfter });
    res.end(errorPage(description));
    return true;
  }

  async function confirm(req: http.IncomingMessage, res: http.ServerResponse, uid: string): Promise<ConfirmOutcome> {
    const expired: ConfirmOutcome = {
      kind: 'page',
      status: 400,
      title: 'This request has expired',
      message: 'This consent page is no longer valid (it lasts 30 minutes, and works only in the browser that opened it). Nothing was shared. Go back to the agent and start again.',
    };
    // Cross-site posts are refused (the interaction cookie is SameSite=Lax too, so they carry none).
    const from = req.headers.origin ?? (req.headers.referer ? URL.parse(req.headers.referer)?.origin : undefined);
    if (from !== origin) {
      req.resume();
      return { kind: 'page', status: 403, title: 'This form did not come from this site', message: 'Nothing was allowed or denied. Open the consent page from the agent again.' };
    }
    const form = await readForm(req);
    if (!form) return { kind: 'page', status: 400, title: 'This form could not be read', message: 'Nothing was allowed or denied. Open the consent page again and press Allow or Deny.' };
    const decision = form.get('decision');

    let interaction;
    try {
      interaction = await provider.interactionDetails(req, res);
    } catch (err) {
      if (isDatabaseUnavailable(err)) throw err;
      return expired;
    }
    if (interaction.uid !== uid) return expired;
    const account = await signedIn(cookieValue(req.headers.cookie, sessionCookieName));
    if (!account) return { kind: 'redirect', location: `/signin?callbackUrl=${encodeURIComponent(`${INTERACTION_PATH}/${uid}`)}` };

    if (decision !== 'allow') {
      const denied = { error: 'access_denied', error_description: 'The person denied the request.' };
      return { kind: 'continue', location: await provider.interactionResult(req, res, denied, { mergeWithLastSubmission: false }), allowed: false };
    }

    const clientId = String(interaction.params.client_id);
    const client = await provider.Client.find(clientId);
    if (!client) return expired;
    // The provider remembered someone else's login: the person signed in now is the one allowing.
    if (interaction.session && interaction.session.accountId !== account.accountId) {
      await forgetSession(db, interaction.session.uid);
      delete interaction.session;
      await interaction.save(interaction.exp - Math.floor(Date.now() / 1000));
    }

    // One grant per person and client: the one this request found, else the remembered one (the
    // provider found none when its login had lapsed), so Disconnect revokes everything ever allowed.
    const found = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
    const existing =
      found?.accountId === account.accountId
        ? found
        : await rememberedGrantId(db, account.accountId, clientId).then((id) => (id ? provider.Grant.find(id) : undefined));
    const grant = existing ?? new provider.Grant({ accountId: account.accountId, clientId });
    const requested = new Set(String(interaction.params.scope ?? '').split(' ').filter(Boolean));
    grant.addOIDCScope(OIDC_SCOPES.filter((s) => requested.has(s)));
    // The resource as the request named it (the provider keys the grant by that indicator).
    const indicators = ([] as unknown[]).concat(interaction.params.resource ?? base).map(String);
    for (const indicator of indicators) {
      const resource = resolveResource(base, indicator);
      if (resource) grant.addResourceScope(indicator, resourceScopes(base)[resource].filter((s) => requested.has(s)));
    }
    const grantId = await grant.save();

    const scopes = new Set(grant.getOIDCScope().split(' ').filter(Boolean));
    for (const indicator of Object.keys(grant.resources ?? {})) for (const s of grant.getResourceScope(indicator).split(' ').filter(Boolean)) scopes.add(s);
    const redirectUri = String(interaction.params.redirect_uri ?? client.redirectUris?.[0] ?? '');
    await saveConsent(db, account.accountId, {
      clientId,
      clientName: client.clientName ?? null,
      redirectHost: URL.parse(redirectUri)?.host ?? '',
      scopes: [...scopes],
      grantId,
    });
    const result = { login: { accountId: account.accountId }, consent: { grantId } };
    return { kind: 'continue', location: await provider.interactionResult(req, res, result, { mergeWithLastSubmission: false }), allowed: true };
  }

  return {
    provider,
    async handle(req, res) {
      const pathname = (req.url ?? '/').split('?')[0];
      if (await limited(req, res, pathname)) return;
      await callback(req, res);
    },
    confirm,
    pages: createOAuthPages({ db, provider, signedIn }),
  };
}

/** Which per-address limit a request to the provider counts against, if any. */
function limitOf(method: string, pathname: string): keyof typeof OAUTH_LIMITS | undefined {
  if (pathname === ROUTES.authorization) return method === 'GET' || method === 'HEAD' || method === 'POST' ? 'authorize' : undefined;
  if (method !== 'POST') return undefined;
  return pathname === ROUTES.registration ? 'registration' : pathname === ROUTES.token ? 'token' : undefined;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** The urlencoded form of a consent post, or null when it is not one (or too large). */
function readForm(req: http.IncomingMessage): Promise<URLSearchParams | null> {
  if (!String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
    req.resume();
    return Promise.resolve(null);
  }
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_CONFIRM_BODY) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_CONFIRM_BODY ? null : new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });
}
