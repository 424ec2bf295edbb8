/**
 * OAuth access tokens on the agent API, through the real server, provider and database: a token a
 * person allowed is the person's call for that client on REST and MCP alike, for the resource it
 * was issued for; with UCP-Agent it is the linked call (no conflict); revoked, it fails within a
 * second; 401s tell a client where the authorization server is.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buyers, orders } from '../server/db/schema';
import { readAccessToken } from '../server/oauth/access-tokens';
import { revokeGrant } from '../server/oauth/consents';
import { payPage } from '../server/payments/pay-page';
import { agentHeaders, freshKey } from './support/app';
import { ADDRESS, variantId } from './support/cart-fixtures';
import { seedSmallCatalog } from './support/catalog-fixtures';
import { startSmtpSink } from './support/smtp';
import { Browser, oauthServer, refreshTarget, signedInPerson, type OAuthServer } from './support/oauth';
import { authorizationRequest, discover, insecure, registerClient } from './support/oauth-client';

let s: OAuthServer;
let as: oauth.AuthorizationServer;
const REDIRECT = 'http://127.0.0.1:9/callback';

beforeAll(async () => {
  s = await oauthServer();
  as = await discover(s.url);
});
afterAll(() => s?.close());

interface Issued {
  accessToken: string;
  client: oauth.Client;
  person: { accountId: string; email: string };
}

interface IssueOptions {
  scope?: string;
  resource?: string;
  person?: Issued['person'] & { session: string };
  /** Another server (over the same database) and its metadata. */
  on?: { server: OAuthServer; as: oauth.AuthorizationServer };
}

/** A person signs in, a new client asks for `scope` on `resource`, the person presses Allow: the tokens. */
async function issued({ scope = 'buyer:write dev.ucp.shopping.order:read', resource, person, on = { server: s, as } }: IssueOptions = {}): Promise<Issued & { person: { session: string } }> {
  const { server: s, as } = on;
  resource ??= s.url;
  const who = person ?? (await signedInPerson(s));
  const browser = new Browser(s.url);
  browser.signIn(s.sessionCookieName, who.session);
  const client = await registerClient(as, REDIRECT, { client_name: 'Pipeline test' });
  const { url, verifier, state } = await authorizationRequest(as, client, REDIRECT, { scope, resource });
  let { url: at } = await browser.follow(url.href);
  const uid = /\/oauth\/interaction\/([^/?]+)$/.exec(new URL(at).pathname)?.[1];
  if (uid) {
    const view = await s.oauth.pages.interaction(uid, browser.cookies.get(s.sessionCookieName));
    if (view.state !== 'ready') throw new Error(`consent page: ${view.state}`);
    const allowed = await browser.decide(view.action, 'allow');
    ({ url: at } = await browser.follow(refreshTarget(await allowed.text())!));
  }
  const params = oauth.validateAuthResponse(as, client, new URL(at), state);
  const res = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, verifier, { ...insecure, additionalParameters: { resource } });
  const answer = await oauth.processAuthorizationCodeResponse(as, client, res);
  return { accessToken: answer.access_token, client, person: who };
}

const bearer = (token: string, extra: Record<string, string> = {}) => ({ Authorization: `Bearer ${token}`, ...extra });

it('a client that registers the scopes the resource metadata lists (as the MCP SDK does) is registered', async () => {
  const res = await oauth.dynamicClientRegistrationRequest(
    as,
    { redirect_uris: [REDIRECT], client_name: 'MCP-style client', token_endpoint_auth_method: 'none', scope: 'buyer:write dev.ucp.shopping.order:read' },
    insecure,
  );
  expect((await oauth.processDynamicClientRegistrationResponse(res)).client_id).toBeTruthy();
  const unknown = await oauth.dynamicClientRegistrationRequest(as, { redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none', scope: 'admin:everything' }, insecure);
  await expect(oauth.processDynamicClientRegistrationResponse(unknown)).rejects.toMatchObject({ error: 'invalid_client_metadata' });
});

describe('an OAuth access token on REST', () => {
  it('is the person’s call: open operations need no UCP-Agent; with UCP-Agent it is the linked call, not a conflict', async () => {
    const { accessToken } = await issued();
    expect((await s.call('GET', '/api/agent/platform/limits', { headers: bearer(accessToken) })).status).toBe(200);
    const linked = await s.call('GET', '/api/agent/platform/limits', { headers: bearer(accessToken, agentHeaders()) });
    expect(linked.status).toBe(200);
  });

  it('carts made with it belong to the person for that client alone', async () => {
    const first = await issued();
    const second = await issued({ person: first.person });
    const cart = await (await s.call('POST', '/api/agent/cart', { headers: bearer(first.accessToken, { 'Idempotency-Key': freshKey() }), body: {} })).json();
    expect((await s.call('GET', `/api/agent/cart/${cart.id}`, { headers: bearer(first.accessToken) })).status).toBe(200);
    expect((await s.call('GET', `/api/agent/cart/${cart.id}`, { headers: bearer(second.accessToken) })).status).toBe(404);
  });

  it('a token for the MCP resource is refused on REST (401), and served on MCP', async () => {
    const { accessToken } = await issued({ resource: `${s.url}/api/mcp` });
    const rest = await s.call('GET', '/api/agent/platform/limits', { headers: bearer(accessToken) });
    expect(rest.status).toBe(401);
    expect((await rest.json()).error).toContain('/api/mcp');
    const mcp = new Client({ name: 'oauth-pipeline', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${s.url}/api/mcp`), { requestInit: { headers: bearer(accessToken) } }));
    try {
      const result = (await mcp.callTool({ name: 'get_platform_limits', arguments: {} })) as CallToolResult;
      expect(result.isError).toBeFalsy();
    } finally {
      await mcp.close();
    }
  });

  it('revoked (RFC 7009), it answers 401 within a second, with a challenge naming the resource metadata', async () => {
    const { accessToken, client } = await issued();
    const res = await oauth.revocationRequest(as, client, oauth.None(), accessToken, insecure);
    await oauth.processRevocationResponse(res);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const refused = await s.call('GET', '/api/agent/platform/limits', { headers: bearer(accessToken) });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe(
      `Bearer realm="agent-commerce", error="invalid_token", resource_metadata="${s.url}/.well-known/oauth-protected-resource"`,
    );
  });

  it('a scoped operation without the scope is 403 insufficient_scope naming it', async () => {
    const { accessToken } = await issued({ scope: 'dev.ucp.shopping.order:read' });
    const res = await s.call('POST', '/api/agent/buyer', { headers: bearer(accessToken, { 'Idempotency-Key': freshKey() }), body: { email: 'a@example.org' } });
    expect(res.status).toBe(403);
    expect(res.headers.get('www-authenticate')).toContain('scope="buyer:write"');
    expect(await res.json()).toMatchObject({ code: 'insufficient_scope', details: { required: 'buyer:write' } });
  });
});

describe('the person behind an OAuth token', () => {
  const PLATFORM = 'https://platform.shopbot.dev/profile.json';
  const CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada Lovelace' };

  /** A cart made with `headers`, paid by the person on the pay page: its order id, and whom the page said it was for. */
  async function paidOrder(headers: Record<string, string>): Promise<{ orderId: string; for: string | null }> {
    const body = { variant_id: await variantId(s.app.services.db, 'Trail Backpack'), quantity: 1, shipping_address: ADDRESS };
    const cart = await (await s.call('POST', '/api/agent/quick-buy', { headers: { ...headers, 'Idempotency-Key': freshKey() }, body })).json();
    const link = await (await s.call('POST', '/api/agent/payment-link', { headers: { ...headers, 'Idempotency-Key': freshKey() }, body: { cart_id: cart.id } })).json();
    const token = new URL(link.url).pathname.split('/').pop()!;
    const page = payPage(s.app.services);
    const view = await page.view(token, {});
    if (view.state !== 'live' || !('form' in view.payment)) throw new Error(`not a live link: ${view.state}`);
    await page.submit(token, { form_token: view.payment.form.formToken, ...CARD }, { origin: s.url, referer: null });
    const done = await (await s.call('GET', `/api/agent/cart/${cart.id}`, { headers })).json();
    return { orderId: done.order_id, for: view.buyer };
  }

  beforeAll(() => seedSmallCatalog(s.app.services.db));

  it('me is the person; a linked call (with UCP-Agent) is credited to the platform; orders are the person’s from every client', async () => {
    const first = await issued();
    const me = await (await s.call('GET', '/api/agent/buyer/me', { headers: bearer(first.accessToken) })).json();
    expect(me).toEqual({ id: first.person.accountId, email: first.person.email, name: null, verified_at: expect.any(String), linked_platforms: [] });

    const linked = await paidOrder(bearer(first.accessToken, { 'UCP-Agent': `profile="${PLATFORM}"` }));
    expect(linked.for).toBe(first.person.email);
    const [order] = await s.app.services.db.select().from(orders).where(eq(orders.id, linked.orderId));
    expect(order).toMatchObject({ accountId: first.person.accountId, platform: PLATFORM, buyerId: null });
    const again = await (await s.call('GET', '/api/agent/buyer/me', { headers: bearer(first.accessToken) })).json();
    expect(again.linked_platforms).toEqual([PLATFORM]);

    // Another client the same person connected sees the order too; its status with its history.
    const second = await issued({ person: first.person });
    const listed = await (await s.call('GET', '/api/agent/buyer/orders', { headers: bearer(second.accessToken) })).json();
    expect(listed.orders.map((o: { order_id: string }) => o.order_id)).toEqual([linked.orderId]);
    const status = await (await s.call('GET', `/api/agent/order-status?order_id=${linked.orderId}`, { headers: bearer(second.accessToken) })).json();
    expect(status).toMatchObject({ status: 'placed', history: [{ status: 'placed' }] });
    // Someone else's token sees none of it.
    const stranger = await issued();
    expect((await (await s.call('GET', '/api/agent/buyer/orders', { headers: bearer(stranger.accessToken) })).json()).orders).toEqual([]);
  });

  it('orders need dev.ucp.shopping.order:read on the token', async () => {
    const { accessToken } = await issued({ scope: 'buyer:write' });
    const res = await s.call('GET', '/api/agent/buyer/orders', { headers: bearer(accessToken) });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'insufficient_scope', details: { required: 'buyer_token' } });
  });

  it('buyers registered with a client’s token are the client’s; their tokens die with its grant', async () => {
    const smtp = await startSmtpSink();
    const mailed = await oauthServer({ SMTP_URL: smtp.url }, s.db);
    try {
      const person = await signedInPerson(mailed);
      const { accessToken } = await issued({ person, on: { server: mailed, as: await discover(mailed.url) } });
      const { grantId } = (await readAccessToken(mailed.app.services.db, accessToken))!;
      const email = `oauth-buyer-${freshKey()}@example.org`;
      const post = (path: string, body: unknown) => mailed.call('POST', path, { headers: bearer(accessToken, { 'Idempotency-Key': freshKey() }), body });
      const buyer = await (await post('/api/agent/buyer', { email })).json();
      const [row] = await mailed.app.services.db.select().from(buyers).where(eq(buyers.id, buyer.buyer_id));
      expect(row.owner).toMatch(/^client:/);
      const mail = smtp.nextMail(email);
      expect((await post('/api/agent/buyer/otp', { buyer_id: buyer.buyer_id })).status).toBe(202);
      const code = (await mail).text.match(/\b(\d{6})\b/)![1];
      const { buyer_token } = await (await post('/api/agent/buyer/verify', { buyer_id: buyer.buyer_id, code })).json();
      expect((await mailed.call('GET', '/api/agent/buyer/me', { headers: bearer(buyer_token) })).status).toBe(200);
      await revokeGrant(mailed.app.services.db, grantId);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await mailed.call('GET', '/api/agent/buyer/me', { headers: bearer(buyer_token) })).status).toBe(401);
    } finally {
      await mailed.close();
      await smtp.close();
    }
  });

});
