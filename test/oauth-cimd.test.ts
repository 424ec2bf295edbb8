/**
 * OAuth Client ID Metadata Documents: an MCP-style client that never registers, naming itself by
 * the https URL of its metadata document (MCP's authorization revision of 2026-07-28 prefers
 * them). The document is served by a local HTTPS server under a pinned .test name and fetched by
 * the profile fetcher under its SSRF rules; the whole flow runs (consent, PKCE, tokens) and the
 * token serves the MCP server through the SDK's client.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAccessToken } from '../server/oauth/access-tokens';
import { Browser, oauthServer, refreshTarget, signedInPerson, type OAuthServer } from './support/oauth';
import { authorizationRequest, discover, insecure } from './support/oauth-client';
import { profileServer, type ProfileServer } from './support/profile-server';

let ps: ProfileServer;
let s: OAuthServer;
let as: oauth.AuthorizationServer;
let CLIENT_ID: string;
const REDIRECT = 'http://127.0.0.1:9/callback';

const metadata = (clientId: string, extra: Record<string, unknown> = {}) => ({
  client_id: clientId,
  client_name: 'Shopping helper (CIMD)',
  client_uri: 'https://agents.test/',
  redirect_uris: [REDIRECT],
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  token_endpoint_auth_method: 'none',
  ...extra,
});

beforeAll(async () => {
  ps = await profileServer();
  CLIENT_ID = `${ps.origin}/oauth/client.json`;
  ps.routes.set('/oauth/client.json', { body: metadata(CLIENT_ID), headers: { 'cache-control': 'max-age=3600' } });
  s = await oauthServer(ps.env);
  as = await discover(s.url);
});
afterAll(async () => {
  await s?.close();
  await ps?.close();
});

/** The person signs in and the browser goes through the authorization; the redirect back to the client, or the page it stopped at. */
async function authorize(clientId: string, params: Record<string, string> = {}) {
  const person = await signedInPerson(s);
  const browser = new Browser(s.url);
  browser.signIn(s.sessionCookieName, person.session);
  const client: oauth.Client = { client_id: clientId, token_endpoint_auth_method: 'none' };
  const started = await authorizationRequest(as, client, REDIRECT, params);
  let { response, url } = await browser.follow(started.url.href);
  const uid = /\/oauth\/interaction\/([^/?]+)$/.exec(new URL(url).pathname)?.[1];
  let clientName: string | undefined;
  if (uid) {
    const view = await s.oauth.pages.interaction(uid, browser.cookies.get(s.sessionCookieName));
    if (view.state !== 'ready') throw new Error(`consent page: ${view.state}`);
    clientName = JSON.stringify(view);
    const answer = await browser.decide(view.action, 'allow');
    ({ response, url } = await browser.follow(refreshTarget(await answer.text())!));
  }
  return { person, client, started, response, url, consentPage: clientName };
}

describe('a client named by its metadata document', () => {
  it('is advertised in the authorization server metadata', () => {
    expect(as.client_id_metadata_document_supported).toBe(true);
  });

  it('goes through consent, PKCE and the token endpoint, and its token serves the MCP server', async () => {
    const { person, client, started, url, consentPage } = await authorize(CLIENT_ID, { resource: `${s.url}/api/mcp` });
    // The host that published the document leads the page; the name is the document's own claim.
    expect(JSON.parse(consentPage!).client).toEqual({ documentHost: new URL(CLIENT_ID).host, name: 'Shopping helper (CIMD)', redirectHost: '127.0.0.1:9' });
    const callback = new URL(url);
    expect(callback.origin + callback.pathname).toBe(REDIRECT);
    const params = oauth.validateAuthResponse(as, client, callback, started.state);
    const res = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, started.verifier, insecure);
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, res);
    expect(await readAccessToken(s.app.services.db, tokens.access_token)).toMatchObject({ clientId: CLIENT_ID, accountId: person.accountId, resource: `${s.url}/api/mcp` });

    const mcp = new Client({ name: 'cimd-client', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${s.url}/api/mcp`), { requestInit: { headers: { authorization: `Bearer ${tokens.access_token}` } } }));
    try {
      const result = (await mcp.callTool({ name: 'get_platform_limits', arguments: {} })) as CallToolResult;
      expect(result.isError).toBeFalsy();
    } finally {
      await mcp.close();
    }
    // Refreshing reads the same (cached) document.
    const refreshed = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure));
    expect(refreshed.access_token).toBeTruthy();
    expect(ps.hits.get('/oauth/client.json')).toBe(1);
  });

  it.each([
    ['whose client_id is not its own URL', '/oauth/other.json', (id: string) => metadata(`${id}x`), /client/i],
    ['with a redirect URI on plain http elsewhere', '/oauth/insecure.json', (id: string) => metadata(id, { redirect_uris: ['http://shop.example/callback'] }), /redirect_uris must use https/],
    ['with a client secret', '/oauth/secret.json', (id: string) => metadata(id, { client_secret: 'shh' }), /client/i],
  ])('is refused: a document %s', async (_, path, document, says) => {
    const id = `${ps.origin}${path}`;
    ps.routes.set(path, { body: document(id) });
    const person = await signedInPerson(s);
    const browser = new Browser(s.url);
    browser.signIn(s.sessionCookieName, person.session);
    const started = await authorizationRequest(as, { client_id: id, token_endpoint_auth_method: 'none' }, REDIRECT);
    const { response, url } = await browser.follow(started.url.href);
    // Never sent back to the redirect URI the document names: the provider's own error page.
    expect(new URL(url).origin).toBe(s.url);
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(says);
  });

  it('is refused when its document cannot be fetched under the SSRF rules (a name resolving nowhere public)', async () => {
    const person = await signedInPerson(s);
    const browser = new Browser(s.url);
    browser.signIn(s.sessionCookieName, person.session);
    const started = await authorizationRequest(as, { client_id: 'https://127.0.0.1/oauth/client.json', token_endpoint_auth_method: 'none' }, REDIRECT);
    const { response } = await browser.follow(started.url.href);
    expect(response.status).toBe(400);
  });
});
