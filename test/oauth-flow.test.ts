/**
 * The OAuth 2.1 flow through the real server, provider and database, driven by oauth4webapi with a
 * cookie-keeping browser (test/support/oauth.ts): discovery, registration, authorization with
 * consent, iss, PKCE, refresh rotation and reuse, code reuse, remembered consent, checkout:write
 * asked every time, Deny, revocation (RFC 7009), Disconnect, and the access-token look-up the agent
 * API's pipeline uses.
 */
import { createHash } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthConsents, oauthRecords } from '../server/db/schema';
import { readAccessToken } from '../server/oauth/access-tokens';
import { OAUTH_LIMITS } from '../server/oauth/authorization-server';
import { idDigest } from '../server/oauth/adapter';
import { Browser, oauthServer, refreshTarget, signedInPerson, type OAuthServer } from './support/oauth';
import { authorizationRequest, discover, insecure, registerClient, type Started } from './support/oauth-client';

let s: OAuthServer;
let as: oauth.AuthorizationServer;
const REDIRECT = 'http://127.0.0.1:9/callback';

beforeAll(async () => {
  // Every client here registers from 127.0.0.1: room for more than one address's hourly share.
  s = await oauthServer({}, undefined, { ...OAUTH_LIMITS, registration: { limit: 200, windowSeconds: 3600 } });
  as = await discover(s.url);
});
afterAll(() => s?.close());

const register = (metadata: Record<string, unknown> = {}) => registerClient(as, REDIRECT, metadata);
const authorizationUrl = (client: oauth.Client, params: Record<string, string> = {}) => authorizationRequest(as, client, REDIRECT, params);

/** Runs the browser through the authorization: the consent page (pressing `decision`) if it comes up. */
async function authorize(browser: Browser, started: Started, decision: 'allow' | 'deny' = 'allow'): Promise<{ callback: URL; consented: boolean }> {
  let { response, url } = await browser.follow(started.url.href);
  let consented = false;
  const uid = /\/oauth\/interaction\/([^/?]+)$/.exec(new URL(url).pathname)?.[1];
  if (uid) {
    consented = true;
    const view = await s.oauth.pages.interaction(uid, browser.cookies.get(s.sessionCookieName));
    if (view.state !== 'ready') throw new Error(`consent page: ${view.state}`);
    const answer = await browser.decide(view.action, decision);
    const page = await answer.text();
    expect(answer.status, page).toBe(200);
    ({ response, url } = await browser.follow(refreshTarget(page)!));
  }
  expect(response.status).toBeGreaterThanOrEqual(300);
  return { callback: new URL(url), consented };
}

async function tokens(client: oauth.Client, started: Started, callback: URL): Promise<oauth.TokenEndpointResponse> {
  const params = oauth.validateAuthResponse(as, client, callback, started.state);
  const res = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, started.verifier, insecure);
  return oauth.processAuthorizationCodeResponse(as, client, res);
}

describe('the authorization code flow', () => {
  it('registers, asks the person, and issues tokens the pipeline can read', async () => {
    const person = await signedInPerson(s);
    const browser = new Browser(s.url);
    browser.signIn(s.sessionCookieName, person.session);
    const client = await register();
    const started = await authorizationUrl(client);
    const { callback, consented } = await authorize(browser, started);
    expect(consented).toBe(true);
    expect(callback.searchParams.get('iss')).toBe(s.url);
    const answer = await tokens(client, started, callback);
    expect(answer.token_type.toLowerCase()).toBe('bearer');
    expect(answer.expires_in).toBe(3600);
    expect(answer.refresh_token).toBeTruthy();
    const info = await readAccessToken(s.app.services.db, answer.access_token);
    expect(info).toMatchObject({ clientId: client.client_id, accountId: person.accountId, resource: s.url });
    expect(info!.scopes.sort()).toEqual(['buyer:write', 'dev.ucp.shopping.order:read']);
  });
});

/** A person signed in, in a browser of their own. */
async function personInBrowser() {
  const person = await signedInPerson(s);
  const browser = new Browser(s.url);
  browser.signIn(s.sessionCookieName, person.session);
  return { person, browser };
}

/** A fresh look-up (the pipeline's caches a second; a new one reads the database now). */
const lookUp = (token: string) => readAccessToken(s.app.services.db, token);

/** A refresh, with `params` beside the token (resource, scope: a name given twice is sent twice). */
async function refresh(client: oauth.Client, token: string, params: [string, string][] = []): Promise<oauth.TokenEndpointResponse> {
  return oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), token, { additionalParameters: params, ...insecure }));
}

async function refused(promise: Promise<unknown>): Promise<{ error: string; status: number; description?: string }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof oauth.ResponseBodyError) return { error: err.error, status: err.status, description: err.error_description };
    throw err;
  }
  throw new Error('expected an OAuth error');
}

describe('refresh tokens', () => {
  it('rotate on every use; reusing an old one revokes the whole family', async () => {
    const { browser } = await personInBrowser();
    const client = await register();
    const started = await authorizationUrl(client);
    const first = await tokens(client, started, (await authorize(browser, started)).callback);
    const second = await refresh(client, first.refresh_token!);
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect(await lookUp(second.access_token)).not.toBeNull();

    const reuse = await refused(refresh(client, first.refresh_token!));
    expect(reuse).toMatchObject({ error: 'invalid_grant', status: 400 });
    // The family is dead: the rotated refresh token and every access token of the grant.
    expect(await refused(refresh(client, second.refresh_token!))).toMatchObject({ error: 'invalid_grant' });
    expect(await lookUp(second.access_token)).toBeNull();
    expect(await lookUp(first.access_token)).toBeNull();
    // The consent went with the grant: the person is asked again, and the new tokens work.
    const again = await authorizationUrl(client);
    const next = await authorize(browser, again);
    expect(next.consented).toBe(true);
    expect(await lookUp((await tokens(client, again, next.callback)).access_token)).not.toBeNull();
  });

  it('naming a resource not granted is invalid_target, and the refresh token stays valid', async () => {
    const { browser } = await personInBrowser();
    const client = await register();
    const started = await authorizationUrl(client);
    const first = await tokens(client, started, (await authorize(browser, started)).callback);
    const asking = (resource: string | string[]) => refused(refresh(client, first.refresh_token!, [resource].flat().map((r): [string, string] => ['resource', r])));
    // Granted for the base URL: the MCP resource, the base with a slash (indicators compare
    // exactly, as the provider compares them) and another host are each refused.
    for (const resource of [`${s.url}/api/mcp`, `${s.url}/`, 'https://elsewhere.example/', [`${s.url}/api/mcp`, 'https://elsewhere.example/']]) {
      expect(await asking(resource)).toMatchObject({ error: 'invalid_target', status: 400 });
    }
    // Nothing was spent: the same refresh token still works, naming the granted resource or none.
    const named = await refresh(client, first.refresh_token!, [['resource', s.url]]);
    expect(await lookUp(named.access_token)).toMatchObject({ resource: s.url });
    expect(await lookUp((await refresh(client, named.refresh_token!)).access_token)).not.toBeNull();
  });

  it('asking for a scope not granted is invalid_scope, and the refresh token stays valid', async () => {
    const { browser } = await personInBrowser();
    const client = await register();
    const started = await authorizationUrl(client, { scope: 'buyer:write' });
    const first = await tokens(client, started, (await authorize(browser, started)).callback);
    const wider = await refused(refresh(client, first.refresh_token!, [['scope', 'buyer:write checkout:write']]));
    expect(wider).toMatchObject({ error: 'invalid_scope', status: 400 });
    expect((await refresh(client, first.refresh_token!)).scope).toBe('buyer:write');
  });

  it('last 30 days; access tokens an hour', async () => {
    const { browser } = await personInBrowser();
    const client = await register();
    const started = await authorizationUrl(client);
    const answer = await tokens(client, started, (await authorize(browser, started)).callback);
    const [row] = await s.app.services.db
      .select({ expiresAt: oauthRecords.expiresAt })
      .from(oauthRecords)
      .where(and(eq(oauthRecords.model, 'RefreshToken'), eq(oauthRecords.idDigest, idDigest(answer.refresh_token!))));
    const days = (row.expiresAt!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(answer.expires_in).toBe(3600);
  });
});

describe('authorization codes', () => {
  it('work once: a second redemption is refused and revokes what the first issued', async () => {
    const { browser } = await personInBrowser();
    const client = await register();
    const started = await authorizationUrl(client);
    const { callback } = await authorize(browser, started);
    const answer = await tokens(client, started, callback);
    expect(await refused(tokens(client, started, callback))).toMatchObject({ error: 'invalid_grant' });
    expect(await lookUp(answer.access_token)).toBeNull();
    expect(await refused(refresh(client, answer.refresh_token!))).toMatchObject({ error: 'invalid_grant' });
  });

  it('expire after 60 s (its row expired, no waiting)', async () => {
    const { browser } = await personInBrowser();
    const client = await register();
    const started = await authorizationUrl(client);
    const { callback } = await authorize(browser, started);
    const code = callback.searchParams.get('code')!;
    const [row] = await s.app.services.db
      .select({ expiresAt: oauthRecords.expiresAt })
      .from(oauthRecords)
      .where(and(eq(oauthRecords.model, 'AuthorizationCode'), eq(oauthRecords.idDigest, idDigest(code))));
    expect((row.expiresAt!.getTime() - Date.now()) / 1000).toBeLessThanOrEqual(60);
    await s.app.services.db
      .update(oauthRecords)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(oauthRecords.model, 'AuthorizationCode'), eq(oauthRecords.idDigest, idDigest(code))));
    expect(await refused(tokens(client, started, callback))).toMatchObject({ error: 'invalid_grant' });
  });

  it('need PKCE with S256 and the right verifier', async () => {
    const { browser } = await personInBrowser();
    const client = await register();
    // No code_challenge: refused at the authorization endpoint, back to the client.
    const none = await authorizationUrl(client);
    none.url.searchParams.delete('code_challenge');
    none.url.searchParams.delete('code_challenge_method');
    const noPkce = (await authorize(browser, none)).callback;
    expect(noPkce.searchParams.get('error')).toBe('invalid_request');
    expect(noPkce.searchParams.get('iss')).toBe(s.url);
    // plain: refused likewise.
    const plain = await authorizationUrl(client, { code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' });
    expect((await authorize(browser, plain)).callback.searchParams.get('error')).toBe('invalid_request');
    // The wrong verifier: the code is refused.
    const started = await authorizationUrl(client);
    const { callback } = await authorize(browser, started);
    const wrong = { ...started, verifier: oauth.generateRandomCodeVerifier() };
    expect(await refused(tokens(client, wrong, callback))).toMatchObject({ error: 'invalid_grant' });
  });
});

describe('consent', () => {
  it('is remembered per account and client; more scopes or checkout:write ask again', async () => {
    const { person, browser } = await personInBrowser();
    const client = await register();
    const first = await authorizationUrl(client, { scope: 'buyer:write' });
    expect((await authorize(browser, first)).consented).toBe(true);

    const again = await authorizationUrl(client, { scope: 'buyer:write' });
    const remembered = await authorize(browser, again);
    expect(remembered.consented).toBe(false);
    expect((await tokens(client, again, remembered.callback)).scope).toBe('buyer:write');

    const more = await authorizationUrl(client, { scope: 'buyer:write dev.ucp.shopping.order:read' });
    expect((await authorize(browser, more)).consented).toBe(true);

    // checkout:write: the page every time, even once allowed.
    for (let i = 0; i < 2; i++) {
      const pay = await authorizationUrl(client, { scope: 'checkout:write' });
      const { callback, consented } = await authorize(browser, pay);
      expect(consented).toBe(true);
      expect((await tokens(client, pay, callback)).scope).toBe('checkout:write');
    }

    const view = await s.oauth.pages.agents(person.session);
    expect(view!.agents).toHaveLength(1);
    expect(view!.agents[0]).toMatchObject({ clientId: client.client_id, name: 'Shopping helper', redirectHost: '127.0.0.1:9' });
    expect(view!.agents[0].scopes.map((w) => w.scope).sort()).toEqual(['buyer:write', 'checkout:write', 'dev.ucp.shopping.order:read']);
  });

  it('names the client, its redirect host and each scope in words, checkout:write with a warning', async () => {
    const { browser } = await personInBrowser();
    const client = await register();
    const started = await authorizationUrl(client, { scope: 'buyer:write checkout:write' });
    const { url } = await browser.follow(started.url.href);
    const uid = /\/oauth\/interaction\/([^/?]+)$/.exec(new URL(url).pathname)![1];
    const view = await s.oauth.pages.interaction(uid, browser.cookies.get(s.sessionCookieName));
    expect(view).toMatchObject({ state: 'ready', client: { name: 'Shopping helper', redirectHost: '127.0.0.1:9', documentHost: null }, action: `/oauth/interaction/${uid}/confirm` });
    if (view.state !== 'ready') throw new Error();
    expect(view.scopes.map((w) => w.scope)).toEqual(['buyer:write', 'checkout:write']);
    expect(view.scopes[1].warning).toMatch(/spend money/);
    // Signed out: the page sends the person to sign in and back.
    expect(await s.oauth.pages.interaction(uid, undefined)).toEqual({ state: 'signin', location: `/signin?callbackUrl=${encodeURIComponent(`/oauth/interaction/${uid}`)}` });
    // A form posted from another site does nothing.
    const forged = await browser.decide(view.action, 'allow', 'https://evil.example');
    expect(forged.status).toBe(403);
  });

  it('offers the MCP resource only its two scopes', async () => {
    const { browser } = await personInBrowser();
    const client = await register();
    const started = await authorizationUrl(client, { scope: 'buyer:write dev.ucp.shopping.order:read checkout:write', resource: `${s.url}/api/mcp` });
    const { callback } = await authorize(browser, started);
    const answer = await tokens(client, started, callback);
    expect(answer.scope!.split(' ').sort()).toEqual(['buyer:write', 'dev.ucp.shopping.order:read']);
    expect(await lookUp(answer.access_token)).toMatchObject({ resource: `${s.url}/api/mcp` });
    // The same resource with a trailing slash.
    const slash = await authorizationUrl(client, { scope: 'buyer:write', resource: `${s.url}/api/mcp/` });
    const viaSlash = await tokens(client, slash, (await authorize(browser, slash)).callback);
    expect(await lookUp(viaSlash.access_token)).toMatchObject({ resource: `${s.url}/api/mcp`, scopes: ['buyer:write'] });
    // Any other resource is refused.
    const other = await authorizationUrl(client, { resource: 'https://elsewhere.example/' });
    expect((await authorize(browser, other)).callback.searchParams.get('error')).toBe('invalid_target');
  });

  it('with openid, also an ES256 ID token naming the account', async () => {
    const { person, browser } = await personInBrowser();
    const client = await register();
    const started = await authorizationUrl(client, { scope: 'openid buyer:write' });
    const answer = await tokens(client, started, (await authorize(browser, started)).callback);
    expect(answer.id_token).toBeTruthy();
    const header = JSON.parse(Buffer.from(answer.id_token!.split('.')[0], 'base64url').toString());
    expect(header.alg).toBe('ES256');
    expect(oauth.getValidatedIdTokenClaims(answer)).toMatchObject({ sub: person.accountId, iss: s.url, aud: client.client_id });
    // The access token is the API's: its scope names the API's scopes only.
    expect(answer.scope).toBe('buyer:write');
  });

  it('Deny sends the client access_denied with iss', async () => {
    const { browser } = await personInBrowser();
    const client = await register();
    const started = await authorizationUrl(client);
    const { callback } = await authorize(browser, started, 'deny');
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('iss')).toBe(s.url);
    expect(() => oauth.validateAuthResponse(as, client, callback, started.state)).toThrow();
  });

  it('follows the account signed in now, not the one the provider remembered', async () => {
    const { browser } = await personInBrowser();
    const client = await register();
    const first = await authorizationUrl(client);
    await tokens(client, first, (await authorize(browser, first)).callback);
    const other = await signedInPerson(s);
    browser.signIn(s.sessionCookieName, other.session);
    const started = await authorizationUrl(client);
    const { callback, consented } = await authorize(browser, started);
    expect(consented).toBe(true);
    const answer = await tokens(client, started, callback);
    expect(await lookUp(answer.access_token)).toMatchObject({ accountId: other.accountId });
  });

  it('keeps one grant per person and client, even when the provider forgot the login', async () => {
    const { person, browser } = await personInBrowser();
    const client = await register();
    const first = await authorizationUrl(client, { scope: 'buyer:write' });
    const before = await tokens(client, first, (await authorize(browser, first)).callback);
    // The provider's login cookie gone (expired, or another browser profile): the page comes back.
    browser.cookies.delete('oauth_session');
    const second = await authorizationUrl(client, { scope: 'dev.ucp.shopping.order:read' });
    const { callback, consented } = await authorize(browser, second);
    expect(consented).toBe(true);
    const after = await tokens(client, second, callback);
    expect((await lookUp(after.access_token))!.grantId).toBe((await lookUp(before.access_token))!.grantId);
    // Disconnect ends both.
    await s.oauth.pages.disconnect(person.session, client.client_id);
    expect(await lookUp(before.access_token)).toBeNull();
    expect(await lookUp(after.access_token)).toBeNull();
  });

  it('Disconnect revokes the grant and its tokens', async () => {
    const { person, browser } = await personInBrowser();
    const client = await register();
    const started = await authorizationUrl(client);
    const answer = await tokens(client, started, (await authorize(browser, started)).callback);
    // The pipeline's resolver, which keeps an answer at most a second.
    const pipeline = (token: string) => s.app.services.credentials.bearer(`Bearer ${token}`).catch(() => null);
    expect(await pipeline(answer.access_token)).not.toBeNull();
    expect(await s.oauth.pages.disconnect(person.session, client.client_id)).toEqual({ ok: true, name: 'Shopping helper' });
    expect((await s.oauth.pages.agents(person.session))!.agents).toEqual([]);
    expect(await lookUp(answer.access_token)).toBeNull();
    // The pipeline's own look-up refuses it within a second.
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    expect(await pipeline(answer.access_token)).toBeNull();
    expect(await refused(refresh(client, answer.refresh_token!))).toMatchObject({ error: 'invalid_grant' });
    // Asked again, the page comes back.
    const again = await authorizationUrl(client);
    expect((await authorize(browser, again)).consented).toBe(true);
    expect(await s.oauth.pages.disconnect(person.session, 'no-such-client')).toMatchObject({ ok: false });
  });
});

describe('Disconnect after two approvals given in parallel', () => {
  it('revokes both grants: the tokens and refresh tokens of each are refused', async () => {
    const { person, browser } = await personInBrowser();
    const other = new Browser(s.url);
    other.signIn(s.sessionCookieName, person.session);
    const client = await register();
    // Both consent pages open before either is answered; then both Allows at once.
    const pages = await Promise.all(
      [browser, other].map(async (b) => {
        const started = await authorizationUrl(client);
        const { url } = await b.follow(started.url.href);
        const uid = /\/oauth\/interaction\/([^/?]+)$/.exec(new URL(url).pathname)![1];
        const view = await s.oauth.pages.interaction(uid, b.cookies.get(s.sessionCookieName));
        if (view.state !== 'ready') throw new Error(view.state);
        return { b, started, action: view.action };
      }),
    );
    // Allow on the first; the second Allow as it goes when it races the first: its look-up of the
    // person's consent ran before the first had saved one (the row is set aside for it), so it
    // makes a grant of its own, and the consent names only that one.
    const first = await pages[0].b.decide(pages[0].action, 'allow');
    const [kept] = await s.app.services.db.delete(oauthConsents).where(eq(oauthConsents.accountId, person.accountId)).returning();
    expect(kept.clientId).toBe(client.client_id);
    const answers = [first, await pages[1].b.decide(pages[1].action, 'allow')];
    const issued = await Promise.all(
      pages.map(async ({ b, started }, i) => tokens(client, started, new URL((await b.follow(refreshTarget(await answers[i].text())!)).url))),
    );
    const grants = await Promise.all(issued.map(async (t) => (await lookUp(t.access_token))!.grantId));
    expect(new Set(grants).size).toBe(2);

    expect(await s.oauth.pages.disconnect(person.session, client.client_id)).toEqual({ ok: true, name: 'Shopping helper' });
    for (const t of issued) {
      expect(await lookUp(t.access_token)).toBeNull();
      expect(await refused(refresh(client, t.refresh_token!))).toMatchObject({ error: 'invalid_grant' });
    }
    const left = await s.app.services.db.select({ grantId: oauthRecords.grantId }).from(oauthRecords).where(inArray(oauthRecords.grantId, grants));
    expect(left).toEqual([]);
  });
});

describe('revocation (RFC 7009)', () => {
  it('of an access token ends the tokens its grant issued, and keeps the consent', async () => {
    const { browser } = await personInBrowser();
    const client = await register();
    const started = await authorizationUrl(client);
    const answer = await tokens(client, started, (await authorize(browser, started)).callback);
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, oauth.None(), answer.access_token, insecure));
    expect(await lookUp(answer.access_token)).toBeNull();
    expect(await refused(refresh(client, answer.refresh_token!))).toMatchObject({ error: 'invalid_grant' });
    const again = await authorizationUrl(client);
    expect((await authorize(browser, again)).consented).toBe(false);
  });

  it('of a refresh token ends its grant: the consent is asked again', async () => {
    const { browser } = await personInBrowser();
    const client = await register();
    const started = await authorizationUrl(client);
    const answer = await tokens(client, started, (await authorize(browser, started)).callback);
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, oauth.None(), answer.refresh_token!, insecure));
    expect(await lookUp(answer.access_token)).toBeNull();
    expect(await refused(refresh(client, answer.refresh_token!))).toMatchObject({ error: 'invalid_grant' });
    const again = await authorizationUrl(client);
    expect((await authorize(browser, again)).consented).toBe(true);
    // Another client's token is not this client's to revoke: answered 200, nothing happens.
    const other = await register();
    const theirs = await authorizationUrl(other);
    const kept = await tokens(other, theirs, (await authorize(browser, theirs)).callback);
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, oauth.None(), kept.access_token, insecure));
    expect(await lookUp(kept.access_token)).not.toBeNull();
  });
});

describe('response_mode=form_post', () => {
  it('answers a page that posts the response to the redirect URI, its CSP letting it (and its script) do so', async () => {
    const { browser } = await personInBrowser();
    const client = await register();
    const started = await authorizationUrl(client, { response_mode: 'form_post' });
    const { url } = await browser.follow(started.url.href);
    const uid = /\/oauth\/interaction\/([^/?]+)$/.exec(new URL(url).pathname)![1];
    const view = await s.oauth.pages.interaction(uid, browser.cookies.get(s.sessionCookieName));
    if (view.state !== 'ready') throw new Error(view.state);
    const { response } = await browser.follow(refreshTarget(await (await browser.decide(view.action, 'allow')).text())!);
    expect(response.status).toBe(200);
    const page = await response.text();
    const csp = response.headers.get('content-security-policy')!;
    // The form goes to the client's origin (and nowhere else); the auto-submitting script runs by its hash.
    expect(csp.split(';').map((d) => d.trim())).toContain("form-action 'self' http://127.0.0.1:9");
    const script = /<script>([\s\S]*?)<\/script>/.exec(page)![1];
    expect(csp).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page).toContain(`<form method="post" action="${REDIRECT}">`);
    const fields = new URLSearchParams([...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map(([, name, value]) => [name, value]));
    expect(fields.get('iss')).toBe(s.url);
    const params = oauth.validateAuthResponse(as, client, fields, started.state);
    const res = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, started.verifier, insecure);
    expect(await lookUp((await oauth.processAuthorizationCodeResponse(as, client, res)).access_token)).not.toBeNull();
  });

  it('sends an error the same way, and a plain answer keeps form-action to the site itself', async () => {
    const { browser } = await personInBrowser();
    const client = await register();
    const started = await authorizationUrl(client, { response_mode: 'form_post', code_challenge_method: 'plain' });
    const { response } = await browser.follow(started.url.href);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-security-policy')).toContain("form-action 'self' http://127.0.0.1:9");
    expect(await response.text()).toContain('<input type="hidden" name="error" value="invalid_request"/>');
    const plain = await browser.request((await authorizationUrl(client, { redirect_uri: 'https://attacker.example/cb', response_mode: 'form_post' })).url.href);
    expect(plain.status).toBe(400);
    expect(plain.headers.get('content-security-policy')).toMatch(/form-action 'self'(;|$)/);
  });
});

describe('a request asking for nothing this service grants', () => {
  it.each([
    ['offline_access alone', () => ({ scope: 'offline_access' })],
    ['offline_access alone, with prompt=consent', () => ({ scope: 'offline_access', prompt: 'consent' })],
    ['no scope', () => ({})],
    ['a scope its resource does not offer', () => ({ scope: 'checkout:write', resource: `${s.url}/api/mcp` })],
  ])('(%s) goes back to the client at once: invalid_scope naming what to ask for, no consent page', async (_, params: () => Record<string, string>) => {
    const { browser } = await personInBrowser();
    const client = await register();
    const asked = params();
    const started = await authorizationUrl(client, asked);
    if (!asked.scope) started.url.searchParams.delete('scope');
    const { callback, consented } = await authorize(browser, started);
    expect(consented).toBe(false);
    expect(callback.origin + callback.pathname).toBe(REDIRECT);
    expect(callback.searchParams.get('error')).toBe('invalid_scope');
    expect(callback.searchParams.get('error_description')).toMatch(/ask for at least one of openid .*buyer:write/);
    expect(callback.searchParams.get('iss')).toBe(s.url);
  });

  it('offline_access beside a scope it grants is fine: a refresh token, as always', async () => {
    const { browser } = await personInBrowser();
    const client = await register();
    const started = await authorizationUrl(client, { scope: 'offline_access buyer:write' });
    const answer = await tokens(client, started, (await authorize(browser, started)).callback);
    expect(answer.scope).toBe('buyer:write');
    expect(answer.refresh_token).toBeTruthy();
  });
});

describe('refused requests', () => {
  it('an unregistered redirect_uri gets a page, never a redirect', async () => {
    const { browser } = await personInBrowser();
    const client = await register();
    const started = await authorizationUrl(client, { redirect_uri: 'https://attacker.example/cb' });
    const res = await browser.request(started.url.href);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await res.text()).toContain('redirect_uri');
  });
});
