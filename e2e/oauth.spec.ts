/**
 * OAuth 2.1 end to end against `npm start`: an agent (oauth4webapi) that knows only the base URL
 * discovers the authorization server, registers itself, and sends a person's browser (Chromium) to
 * authorize; the person signs in from the e-mailed link (a real SMTP server this file starts) and
 * presses Allow. Then the token endpoint: PKCE, iss, rotation, reuse, revocation; the refusals; a
 * second authorization that skips the page; Disconnect in "Connected agents". axe-core, the page
 * headers and 375 px on the consent page and the connected agents.
 */
import http from 'node:http';
import type https from 'node:https';
import { expect, test, type Page } from '@playwright/test';
import * as oauth from 'oauth4webapi';
import { authorizationRequest, discover, insecure, registerClient, type Started } from '../test/support/oauth-client';
import { linkIn, startSmtpSink, type SmtpSink } from '../test/support/smtp';
import { agentsHost, serveAgentsHost } from './support/agents-host';
import { checkAtBothWidths, expectPageHeaders, snapshot } from './support/page-checks';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const SMTP_PORT = PORT + 1;
// The agent's redirect URI: a loopback server this file starts, where the browser lands.
const REDIRECT = `http://127.0.0.1:${PORT + 2}/callback`;

// A client named by its metadata document, published on the agents' host (pinned for the service).
const CIMD_CLIENT_ID = `${agentsHost(PORT).origin}/oauth/client.json`;

let smtp: SmtpSink;
let agent: http.Server;
let agentsServer: https.Server;
let as: oauth.AuthorizationServer;
/** What browsers posted to the agent's redirect URI (response_mode=form_post), in order. */
const posted: URLSearchParams[] = [];
test.beforeAll(async ({ baseURL }) => {
  smtp = await startSmtpSink(SMTP_PORT);
  agent = http.createServer(async (req, res) => {
    if (req.method === 'POST') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      posted.push(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    }
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end('back at the agent');
  });
  await new Promise<void>((resolve) => agent.listen(PORT + 2, '127.0.0.1', resolve));
  const document = { client_id: CIMD_CLIENT_ID, client_name: 'Self-named helper', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] };
  agentsServer = await serveAgentsHost(PORT, new Map([['/oauth/client.json', document]]));
  as = await discover(baseURL!);
});
test.afterAll(async () => {
  await smtp?.close();
  await new Promise((resolve) => agent?.close(resolve));
  await new Promise((resolve) => agentsServer?.close(resolve));
});

let n = 0;
const newAddress = () => `oauth-${Date.now()}-${++n}@example.com`;

const register = (metadata: Record<string, unknown> = {}) => registerClient(as, REDIRECT, { client_name: 'E2E shopping agent', ...metadata });
const start = (client: oauth.Client, params: Record<string, string> = {}) => authorizationRequest(as, client, REDIRECT, params);

async function waitForCallback(page: Page): Promise<URL> {
  await page.waitForURL((url) => url.href.startsWith(REDIRECT));
  return new URL(page.url());
}

/** Signs in from the e-mailed link on the /signin page the consent page sent us to; back on the consent page. */
async function signInFromMail(page: Page, email: string) {
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Foauth%2Finteraction%2F/);
  await expect(page.getByRole('status')).toContainText('An agent asked to act for you');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await page.goto(linkIn(await smtp.nextMail(email)));
  await page.getByRole('button', { name: `Sign in as ${email}` }).click();
  await expect(page).toHaveURL(/\/oauth\/interaction\/[^/]+$/);
}

/** A new authorization whose consent page comes up (the last grant was revoked): Allow, back at the agent. */
async function allowAgain(page: Page, client: oauth.Client): Promise<{ started: Started; callback: URL }> {
  const started = await start(client);
  await page.goto(started.url.href);
  await page.getByRole('button', { name: 'Allow' }).click();
  return { started, callback: await waitForCallback(page) };
}

async function redeem(client: oauth.Client, started: Started, callback: URL): Promise<oauth.TokenEndpointResponse> {
  const params = oauth.validateAuthResponse(as, client, callback, started.state);
  return oauth.processAuthorizationCodeResponse(as, client, await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, started.verifier, insecure));
}

const refresh = async (client: oauth.Client, token: string) =>
  oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), token, insecure));

const limits = (baseURL: string, token: string) => fetch(`${baseURL}/api/agent/platform/limits`, { headers: { Authorization: `Bearer ${token}` } });

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof oauth.ResponseBodyError) return err.error;
    throw err;
  }
  throw new Error('expected an OAuth error');
}

test('an agent registers, a person signs in and allows it, and the tokens work, rotate and die as OAuth 2.1 says', async ({ page, baseURL }, testInfo) => {
  // No script error and no failed request on the way (a browser's own /favicon.ico guess aside).
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('response', (res) => res.status() >= 400 && !res.url().endsWith('/favicon.ico') && errors.push(`${res.status()} ${res.url()}`));

  // Discovery says what the agent needs.
  expect(as.issuer).toBe(baseURL);
  expect(as.code_challenge_methods_supported).toEqual(['S256']);
  expect(as.scopes_supported).toEqual(expect.arrayContaining(['buyer:write', 'checkout:write', 'dev.ucp.shopping.order:read']));
  expect(as.authorization_response_iss_parameter_supported).toBe(true);
  expect(as.registration_endpoint).toBe(`${baseURL}/oauth/register`);
  expect(as.revocation_endpoint).toBe(`${baseURL}/oauth/revoke`);

  const client = await register();
  const first = await start(client);
  await page.goto(first.url.href);
  await signInFromMail(page, newAddress());

  // The consent page: who asks, what for; checked before pressing Allow.
  await expect(page.getByRole('heading', { name: 'Allow “E2E shopping agent” to use your account?' })).toBeVisible();
  await expect(page.getByText('unverified')).toBeVisible();
  await expect(page.getByText(`127.0.0.1:${PORT + 2}`)).toBeVisible();
  await expect(page.getByText('Register buyers and confirm their e-mail addresses')).toBeVisible();
  expectPageHeaders((await page.reload())!.headers(), '/oauth/interaction');
  await checkAtBothWidths(page, testInfo, 'oauth-consent');
  await page.getByRole('button', { name: 'Allow' }).click();
  const callback = await waitForCallback(page);
  expect(callback.searchParams.get('iss')).toBe(baseURL);

  const tokens = await redeem(client, first, callback);
  expect(tokens.expires_in).toBe(3600);
  expect(tokens.scope!.split(' ').sort()).toEqual(['buyer:write', 'dev.ucp.shopping.order:read']);
  // The agent API takes the token (no UCP-Agent needed).
  expect((await limits(baseURL!, tokens.access_token)).status).toBe(200);

  // A second authorization is remembered: straight back to the agent, no page.
  const second = await start(client);
  await page.goto(second.url.href);
  const renewed = await redeem(client, second, await waitForCallback(page));

  // Refresh: rotated; the old one reused kills the family (and the consent with its grant).
  const rotated = await refresh(client, renewed.refresh_token!);
  expect(rotated.refresh_token).not.toBe(renewed.refresh_token);
  expect((await limits(baseURL!, rotated.access_token)).status).toBe(200);
  expect(await refusal(refresh(client, renewed.refresh_token!))).toBe('invalid_grant');
  expect(await refusal(refresh(client, rotated.refresh_token!))).toBe('invalid_grant');
  // …and its access tokens are refused by the API within a second.
  await expect.poll(async () => (await limits(baseURL!, rotated.access_token)).status, { timeout: 1_500, intervals: [100] }).toBe(401);
  expect((await limits(baseURL!, tokens.access_token)).status).toBe(401);

  // Asked again; a code works once, and its reuse kills what it issued.
  const third = await allowAgain(page, client);
  const issued = await redeem(client, third.started, third.callback);
  expect(await refusal(redeem(client, third.started, third.callback))).toBe('invalid_grant');
  expect(await refusal(refresh(client, issued.refresh_token!))).toBe('invalid_grant');

  // Revocation (RFC 7009) of a live refresh token: refused afterwards.
  const fourth = await allowAgain(page, client);
  const live = await redeem(client, fourth.started, fourth.callback);
  expect((await limits(baseURL!, live.access_token)).status).toBe(200);
  await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, oauth.None(), live.refresh_token!, insecure));
  expect(await refusal(refresh(client, live.refresh_token!))).toBe('invalid_grant');
  await expect.poll(async () => (await limits(baseURL!, live.access_token)).status, { timeout: 1_500, intervals: [100] }).toBe(401);

  // Connected agents: the one consent left (the revocation ended it, so allow once more).
  await allowAgain(page, client);
  const res = await page.goto('/dashboard/agents');
  expectPageHeaders(res!.headers(), '/dashboard/agents');
  await expect(page.getByRole('heading', { name: 'E2E shopping agent' })).toBeVisible();
  await checkAtBothWidths(page, testInfo, 'connected-agents');
  expect(errors).toEqual([]);
});

test('refused: no PKCE, plain, a wrong verifier, an unknown redirect URI, a plain-http client, Deny', async ({ page, baseURL }) => {
  const client = await register();
  await page.goto((await start(client)).url.href);
  await signInFromMail(page, newAddress());
  await page.getByRole('button', { name: 'Allow' }).click();
  await waitForCallback(page);

  const noPkce = await start(client);
  const url = new URL(noPkce.url);
  url.searchParams.delete('code_challenge');
  url.searchParams.delete('code_challenge_method');
  await page.goto(url.href);
  expect((await waitForCallback(page)).searchParams.get('error')).toBe('invalid_request');

  await page.goto((await start(client, { code_challenge: 'x'.repeat(43), code_challenge_method: 'plain' })).url.href);
  expect((await waitForCallback(page)).searchParams.get('error')).toBe('invalid_request');

  const started = await start(client);
  await page.goto(started.url.href);
  const callback = await waitForCallback(page);
  expect(await refusal(redeem(client, { ...started, verifier: oauth.generateRandomCodeVerifier() }, callback))).toBe('invalid_grant');

  const unknown = await page.goto((await start(client, { redirect_uri: 'https://attacker.example/cb' })).url.href);
  expect(unknown!.status()).toBe(400);
  expect(page.url()).toContain(`${baseURL}/oauth/authorize`);
  await expect(page.getByRole('alert')).toContainText('redirect_uri');

  const plainHttp = await fetch(`${baseURL}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ redirect_uris: ['http://agent.example/callback'], token_endpoint_auth_method: 'none' }),
  });
  expect(plainHttp.status).toBe(400);
  expect(await plainHttp.json()).toMatchObject({ error: 'invalid_redirect_uri' });

  const denied = await start(client, { scope: 'checkout:write' });
  await page.goto(denied.url.href);
  await expect(page.getByText('could spend money without asking you first')).toBeVisible();
  await page.getByRole('button', { name: 'Deny' }).click();
  const answer = await waitForCallback(page);
  expect(answer.searchParams.get('error')).toBe('access_denied');
  expect(answer.searchParams.get('iss')).toBe(baseURL);
});

test('without JavaScript: sign in, Allow (the page moves on by itself), and Disconnect in connected agents', async ({ browser, baseURL }, testInfo) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const client = await register({ client_name: 'Agent to disconnect' });
  const started = await start(client);
  await page.goto(started.url.href);
  await signInFromMail(page, newAddress());
  await page.getByRole('button', { name: 'Allow' }).click();
  // Without JavaScript the meta refresh still moves on to the agent.
  const tokens = await redeem(client, started, await waitForCallback(page));

  await page.goto('/dashboard/agents');
  await expect(page.getByRole('heading', { name: 'Agent to disconnect' })).toBeVisible();
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByRole('status')).toContainText('“Agent to disconnect” was disconnected');
  await expect(page.getByText('No agent is connected to your account.')).toBeVisible();
  await snapshot(page, testInfo, 'connected-agents-empty-no-js');
  expect(await refusal(refresh(client, tokens.refresh_token!))).toBe('invalid_grant');
  await expect.poll(async () => (await limits(baseURL!, tokens.access_token)).status, { timeout: 1_500, intervals: [100] }).toBe(401);
  await context.close();
});

test('a client named by its metadata document: the consent page leads with the host that published it, above its own name', async ({ page }, testInfo) => {
  const host = new URL(CIMD_CLIENT_ID).host;
  const client: oauth.Client = { client_id: CIMD_CLIENT_ID, token_endpoint_auth_method: 'none' };
  const started = await start(client);
  await page.goto(started.url.href);
  await signInFromMail(page, newAddress());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Allow the agent from ${host} to use your account?`);
  const from = page.locator('dd', { hasText: host });
  const name = page.locator('dd', { hasText: 'Self-named helper' });
  await expect(from.getByText('checked')).toBeVisible();
  await expect(name.getByText('unverified')).toBeVisible();
  // The checked host comes first, the self-chosen name below it.
  expect((await from.boundingBox())!.y).toBeLessThan((await name.boundingBox())!.y);
  await checkAtBothWidths(page, testInfo, 'oauth-consent-cimd');
  await page.getByRole('button', { name: 'Allow' }).click();
  expect(await redeem(client, started, await waitForCallback(page))).toMatchObject({ token_type: expect.stringMatching(/bearer/i) });
});

test('response_mode=form_post: the browser posts the code to the agent, the CSP letting it', async ({ page, baseURL }) => {
  const violations: string[] = [];
  page.on('console', (message) => /Content Security Policy/i.test(message.text()) && violations.push(message.text()));
  const client = await register();
  const started = await start(client, { response_mode: 'form_post' });
  await page.goto(started.url.href);
  await signInFromMail(page, newAddress());
  const before = posted.length;
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL(REDIRECT);
  await expect(page.getByText('back at the agent')).toBeVisible();
  expect(posted).toHaveLength(before + 1);
  const answer = posted[before];
  expect(answer.get('iss')).toBe(baseURL);
  const params = oauth.validateAuthResponse(as, client, answer, started.state);
  const tokens = await oauth.processAuthorizationCodeResponse(as, client, await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, started.verifier, insecure));
  expect((await limits(baseURL!, tokens.access_token)).status).toBe(200);
  expect(violations).toEqual([]);
});
