/**
 * The service's node:http server with the OAuth authorization server wired as server/main.ts wires
 * it (Auth.js's sessions say who is signed in), over a test database, and a small browser: a cookie
 * jar that follows the provider's redirects and posts the consent page's form, as Chromium would.
 * Pages are not served (no Next): the consent page's content is read through its facade.
 */
import { randomBytes } from 'node:crypto';
import { createAuth } from '../../server/accounts/auth';
import { sessionDigest } from '../../server/accounts/adapter';
import { createAccounts } from '../../server/accounts/facade';
import { sessions, users } from '../../server/db/schema';
import { createHttpServer } from '../../server/http/server';
import { createAuthorizationServer, OAUTH_LIMITS, type AuthorizationServer } from '../../server/oauth/authorization-server';
import { testApp, type TestApp, type TestDatabase } from './app';
import { freePort, listenOn } from './ports';
import * as oauth from 'oauth4webapi';
import { authorizationRequest, insecure, registerClient } from './oauth-client';

export interface OAuthServer extends TestApp {
  /** Where it listens (PUBLIC_BASE_URL unless `env` names another). */
  url: string;
  oauth: AuthorizationServer;
  sessionCookieName: string;
  close(): Promise<void>;
}

export async function oauthServer(env: Record<string, string> = {}, existing?: TestDatabase, limits: Partial<typeof OAUTH_LIMITS> = OAUTH_LIMITS): Promise<OAuthServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t = await testApp({ PUBLIC_BASE_URL: url, ...env }, existing);
  const auth = createAuth(t.app.services);
  const accounts = createAccounts(t.app.services, auth);
  const base = t.config.publicBaseUrl;
  const oauth = await createAuthorizationServer({
    db: t.app.services.db,
    serviceKeys: t.app.services.keys,
    base,
    trustProxy: t.config.trustProxy,
    sessionCookieName: accounts.sessionCookieName,
    signedIn: accounts.signedIn,
    clientDocuments: t.app.services.profiles.clients,
    limits,
  });
  const transports = { base, trustProxy: t.config.trustProxy, gateway: t.app.gateway, mcp: t.app.mcp, webhooks: t.app.webhooks, auth: auth.handle, oauth };
  const { server } = createHttpServer(transports, (_req, res) => res.writeHead(404).end());
  await listenOn(server, port);
  return {
    ...t,
    url,
    oauth,
    sessionCookieName: accounts.sessionCookieName,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await t.close();
    },
  };
}

let people = 0;

/** A developer account with a live session, as a sign-in from the e-mailed link leaves it. */
export async function signedInPerson(s: OAuthServer): Promise<{ accountId: string; email: string; session: string }> {
  const email = `person-${process.pid}-${++people}@example.com`;
  const [user] = await s.app.services.db.insert(users).values({ email, emailVerified: new Date() }).returning({ id: users.id });
  const session = randomBytes(32).toString('base64url');
  await s.app.services.db.insert(sessions).values({ sessionToken: sessionDigest(session), userId: user.id, expires: new Date(Date.now() + 86_400_000) });
  return { accountId: user.id, email, session };
}

/** A browser's cookies (by name; paths are not needed for one flow at a time) and its requests. */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(private readonly base: string) {}

  signIn(cookieName: string, session: string): void {
    this.cookies.set(cookieName, session);
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(new URL(url, this.base), { ...init, headers, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const [name, value] = pair.split(/=(.*)/s);
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    return res;
  }

  /** Follows redirects on the service's origin; stops at the first one elsewhere (the client's redirect_uri) or at a page. */
  async follow(url: string): Promise<{ response: Response; url: string }> {
    let current = new URL(url, this.base).href;
    for (let hops = 0; hops < 10; hops++) {
      const response = await this.request(current);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { response, url: current };
      const next = new URL(location, current);
      if (next.origin !== new URL(this.base).origin) return { response, url: next.href };
      current = next.href;
    }
    throw new Error('too many redirects');
  }

  /** Presses Allow or Deny on the consent page whose form posts to `action`; the answer is a page that moves on by itself. */
  decide(action: string, decision: 'allow' | 'deny', origin = this.base): Promise<Response> {
    return this.request(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      body: new URLSearchParams({ decision }),
    });
  }
}

/** Where a page's meta refresh goes (the confirm endpoint's answer), or null. */
export function refreshTarget(html: string): string | null {
  const url = /<meta http-equiv="refresh" content="0;url=([^"]+)">/.exec(html)?.[1];
  return url ? url.replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/&quot;/g, '"') : null;
}

export type Person = { accountId: string; email: string; session: string };

const GRANT_REDIRECT = 'http://127.0.0.1:9/callback';

/**
 * A person signs in, a new client asks for `scope` on the base URL, the person presses Allow: the
 * client's access token (as test/oauth-pipeline.test.ts gets one).
 */
export async function grantedToken(s: OAuthServer, as: oauth.AuthorizationServer, scope: string, person?: Person): Promise<{ accessToken: string; clientId: string; person: Person }> {
  const who = person ?? (await signedInPerson(s));
  const browser = new Browser(s.url);
  browser.signIn(s.sessionCookieName, who.session);
  const client = await registerClient(as, GRANT_REDIRECT, { client_name: 'Granted test client' });
  const { url, verifier, state } = await authorizationRequest(as, client, GRANT_REDIRECT, { scope, resource: s.url });
  let { url: at } = await browser.follow(url.href);
  const uid = /\/oauth\/interaction\/([^/?]+)$/.exec(new URL(at).pathname)?.[1];
  if (uid) {
    const view = await s.oauth.pages.interaction(uid, browser.cookies.get(s.sessionCookieName));
    if (view.state !== 'ready') throw new Error(`consent page: ${view.state}`);
    const allowed = await browser.decide(view.action, 'allow');
    ({ url: at } = await browser.follow(refreshTarget(await allowed.text())!));
  }
  const params = oauth.validateAuthResponse(as, client, new URL(at), state);
  const res = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, GRANT_REDIRECT, verifier, { ...insecure, additionalParameters: { resource: s.url } });
  const answer = await oauth.processAuthorizationCodeResponse(as, client, res);
  return { accessToken: answer.access_token, clientId: client.client_id, person: who };
}
