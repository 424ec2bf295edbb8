/**
 * An MCP client that knows only the server's URL, against `npm start`: the SDK's own client runs
 * its own OAuth flow when a buyer tool answers 401 (protected-resource metadata, registration,
 * PKCE), a person signs in from the e-mailed link and presses Allow in Chromium, and the buyer
 * tools then work end to end, the buyer's code read from a real SMTP server this file starts.
 */
import http from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect, test } from '@playwright/test';
import { linkIn, startSmtpSink, type SmtpSink } from '../test/support/smtp';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const SMTP_PORT = PORT + 1;
// The MCP client's redirect URI: a loopback server this file starts, where the browser lands.
const REDIRECT = `http://127.0.0.1:${PORT + 3}/callback`;

let smtp: SmtpSink;
let landing: http.Server;
test.beforeAll(async () => {
  smtp = await startSmtpSink(SMTP_PORT);
  landing = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('back at the MCP client'));
  await new Promise<void>((resolve) => landing.listen(PORT + 3, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  await smtp?.close();
  await new Promise((resolve) => landing?.close(resolve));
});

/** What a desktop MCP client keeps between runs, in memory; it hands the authorization URL to the test. */
class MemoryProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  authorizationUrl?: URL;
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata() {
    return { redirect_uris: [REDIRECT], client_name: 'E2E MCP client', token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

function result(r: unknown): Record<string, any> {
  const call = r as CallToolResult;
  expect(call.isError, JSON.stringify(call.content)).toBeFalsy();
  return call.structuredContent as Record<string, any>;
}

test('the MCP SDK client authorizes itself with one consent, then registers and verifies a buyer, whose token reads the buyer and its orders', async ({ page, baseURL }) => {
  const provider = new MemoryProvider();
  const transport = new StreamableHTTPClientTransport(new URL(`${baseURL}/api/mcp`), { authProvider: provider });
  const client = new Client({ name: 'e2e-mcp-oauth', version: '1.0.0' });
  // Protocol methods are open: the client connects without any authorization.
  await client.connect(transport);

  const email = `mcp-person-${Date.now()}@example.com`;
  // A buyer tool answers 401 with the resource metadata: the SDK discovers, registers and sends the person to authorize.
  await expect(client.callTool({ name: 'register_buyer', arguments: { email, idempotency_key: `e2e-register-${Date.now()}` } })).rejects.toBeInstanceOf(UnauthorizedError);
  expect(provider.authorizationUrl?.searchParams.get('scope')).toBe('buyer:write dev.ucp.shopping.order:read');
  expect(provider.authorizationUrl?.searchParams.get('resource')).toBe(`${baseURL}/api/mcp`);

  // The person: signed out, so first the e-mailed link, then the consent page, then back at the client.
  await page.goto(provider.authorizationUrl!.href);
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Foauth%2Finteraction%2F/);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await page.goto(linkIn(await smtp.nextMail(email)));
  await page.getByRole('button', { name: `Sign in as ${email}` }).click();
  await expect(page.getByRole('heading', { name: 'Allow “E2E MCP client” to use' })).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL((url) => url.href.startsWith(REDIRECT));
  await transport.finishAuth(new URL(page.url()).searchParams.get('code')!);

  // The same client, now with its token: the buyer tools end to end.
  const { buyer_id } = result(await client.callTool({ name: 'register_buyer', arguments: { email, idempotency_key: `e2e-register-${Date.now()}` } }));
  const mail = smtp.nextMail(email);
  result(await client.callTool({ name: 'request_buyer_code', arguments: { buyer_id, idempotency_key: `e2e-code-${Date.now()}` } }));
  const code = (await mail).text.match(/\b(\d{6})\b/)![1];
  const verified = result(await client.callTool({ name: 'verify_buyer', arguments: { buyer_id, code, idempotency_key: `e2e-verify-${Date.now()}` } }));
  expect(verified.buyer_token).toMatch(/^bt_live_/);
  // With the OAuth token the person is known: get_buyer is them, and their orders (none yet).
  expect(result(await client.callTool({ name: 'get_buyer', arguments: {} }))).toMatchObject({ email });
  expect(result(await client.callTool({ name: 'list_buyer_orders', arguments: {} }))).toEqual({ orders: [], nextCursor: null });
  await client.close();

  // The buyer token acts for that buyer: another client holding it reads the buyer and the buyer's orders.
  const asBuyer = new Client({ name: 'e2e-mcp-buyer', version: '1.0.0' });
  await asBuyer.connect(new StreamableHTTPClientTransport(new URL(`${baseURL}/api/mcp`), { requestInit: { headers: { Authorization: `Bearer ${verified.buyer_token}` } } }));
  expect(result(await asBuyer.callTool({ name: 'get_buyer', arguments: {} }))).toMatchObject({ id: buyer_id, email, verified_at: expect.any(String) });
  expect(result(await asBuyer.callTool({ name: 'list_buyer_orders', arguments: { limit: 10 } }))).toEqual({ orders: [], nextCursor: null });
  await asBuyer.close();
});
