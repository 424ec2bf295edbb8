/**
 * OAuth access tokens on the agent API, through the real server, provider and database: a token a
 * person allowed is the person's call for that client on REST and MCP alike, for the resource it
 * was issued for; with UCP-Agent it is the linked call (no conflict); revoked, it fails within a
 * second; 401s tell a client where the authorization server is. `me` and `orders` need their
 * scopes; buyers registered with a token are the person's for that client, and a buyer token
 * verified through an MCP-only token is MCP-only.
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
import { startSmtpSink, type SmtpSink } from './support/smtp';
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
  /** What the consent page said each asked scope allows (empty when it was not shown). */
  consent: { scope: string; sentence: string }[];
}

interface IssueOptions {
  scope?: string;
  resource?: string;
  person?: Issued['person'] & { session: string };
  /** A client registered before (default: a new one). */
  client?: oauth.Client;
  /** Another server (over the same database) and its metadata. */
  on?: { server: OAuthServer; as: oauth.AuthorizationServer };
}

/** A person signs in, a new client (or `client`) asks for `scope` on `resource`, the person presses Allow: the tokens. */
async function issued({ scope = 'buyer:write dev.ucp.shopping.order:read', resource, person, client: registered, on = { server: s, as } }: IssueOptions = {}): Promise<Issued & { person: { session: string } }> {
  const { server: s, as } = on;
  resource ??= s.url;
  const who = person ?? (await signedInPerson(s));
  const browser = new Browser(s.url);
  browser.signIn(s.sessionCookieName, who.session);
  const client = registered ?? (await registerClient(as, REDIRECT, { client_name: 'Pipeline test' }));
  const { url, verifier, state } = await authorizationRequest(as, client, REDIRECT, { scope, resource });
  let { url: at } = await browser.follow(url.href);
  const uid = /\/oauth\/interaction\/([^/?]+)$/.exec(new URL(at).pathname)?.[1];
  let consent: Issued['consent'] = [];
  if (uid) {
    const view = await s.oauth.pages.interaction(uid, browser.cookies.get(s.sessionCookieName));
    if (view.state !== 'ready') throw new Error(`consent page: ${view.state}`);
    consent = view.scopes;
    const allowed = await browser.decide(view.action, 'allow');
    ({ url: at } = await browser.follow(refreshTarget(await allowed.text())!));
  }
  const params = oauth.validateAuthResponse(as, client, new URL(at), state);
  const res = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, verifier, { ...insecure, additionalParameters: { resource } });
  const answer = await oauth.processAuthorizationCodeResponse(as, client, res);
  return { accessToken: answer.access_token, client, person: who, consent };
}

const bearer = (token: string, extra: Record<string, string> = {}) => ({ Authorization: `Bearer ${token}`, ...extra });

/** A raw MCP tools/call, to read the HTTP answer as well as the tool's. */
function mcpCall(name: string, token: string, args: Record<string, unknown> = {}, server: OAuthServer = s): Promise<Response> {
  return fetch(`${server.url}/api/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...bearer(token) },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
}

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
    expect(res.headers.get('www-authenticate')).toContain('scope="dev.ucp.shopping.order:read"');
    expect(await res.json()).toMatchObject({ code: 'insufficient_scope', details: { required: 'dev.ucp.shopping.order:read' } });
  });

  it('me (REST and MCP get_buyer) needs buyer:write or dev.ucp.shopping.order:read: openid alone reads nothing', async () => {
    const bare = await issued({ scope: 'openid' });
    expect(bare.consent).toEqual([{ scope: 'openid', sentence: expect.stringContaining('not your e-mail address') }]);
    const refused = await s.call('GET', '/api/agent/buyer/me', { headers: bearer(bare.accessToken) });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toContain('scope="buyer:write"');
    const body = await refused.json();
    expect(body).toMatchObject({ code: 'insufficient_scope', details: { required: 'buyer:write' } });
    expect(JSON.stringify(body)).not.toContain(bare.person.email);
    // MCP refuses the call at the HTTP level, as for every tool the credential does not reach, so
    // a client widens its authorization (MCP authorization, step-up): nothing of the person is sent.
    const mcp = await mcpCall('get_buyer', bare.accessToken);
    expect(mcp.status).toBe(403);
    expect(mcp.headers.get('www-authenticate')).toBe(`Bearer error="insufficient_scope", scope="buyer:write", resource_metadata="${s.url}/.well-known/oauth-protected-resource/api/mcp"`);
    expect(await mcp.text()).not.toContain(bare.person.email);

    for (const scope of ['buyer:write', 'dev.ucp.shopping.order:read']) {
      const { accessToken, person, consent } = await issued({ scope });
      // The consent page said so.
      expect(consent).toEqual([{ scope, sentence: expect.stringMatching(/see your (own )?e-mail address/) }]);
      const me = await s.call('GET', '/api/agent/buyer/me', { headers: bearer(accessToken) });
      expect(me.status, scope).toBe(200);
      expect((await me.json()).email).toBe(person.email);
      const tool = await (await mcpCall('get_buyer', accessToken)).json();
      expect(tool.result.isError, scope).toBeFalsy();
      expect(tool.result.structuredContent.email).toBe(person.email);
    }
  });

  describe('buyers registered with an OAuth token', () => {
    let smtp: SmtpSink;
    let mailed: OAuthServer;
    let on: { server: OAuthServer; as: oauth.AuthorizationServer };
    beforeAll(async () => {
      smtp = await startSmtpSink();
      mailed = await oauthServer({ SMTP_URL: smtp.url }, s.db);
      on = { server: mailed, as: await discover(mailed.url) };
    });
    afterAll(async () => {
      await mailed?.close();
      await smtp?.close();
    });

    const post = (token: string, path: string, body: unknown) => mailed.call('POST', path, { headers: bearer(token, { 'Idempotency-Key': freshKey() }), body });

    /** Mails `buyerId` a code as `token` and reads it from the mail. */
    async function codeFor(token: string, buyerId: string, email: string): Promise<string> {
      const mail = smtp.nextMail(email);
      expect((await post(token, '/api/agent/buyer/otp', { buyer_id: buyerId })).status).toBe(202);
      return (await mail).text.match(/\b(\d{6})\b/)![1];
    }

    it('are the person’s for that client: another person on the same client sees none, gets a buyer of their own for the address, and cannot lock the first out', async () => {
      const client = await registerClient(on.as, REDIRECT, { client_name: 'Shared public client' });
      const first = await issued({ on, client });
      const second = await issued({ on, client });
      const email = `oauth-buyer-${freshKey()}@example.org`;
      const mine = await post(first.accessToken, '/api/agent/buyer', { email });
      expect(mine.status).toBe(201);
      const { buyer_id } = await mine.json();
      const [row] = await mailed.app.services.db.select().from(buyers).where(eq(buyers.id, buyer_id));
      expect(row.owner).toBe(`oauth:${client.client_id}:${first.person.accountId}`);
      // A code waits for the first person's buyer while the second person acts.
      const code = await codeFor(first.accessToken, buyer_id, email);

      // The second person sees none of it: the same address is a buyer of their own.
      const theirs = await post(second.accessToken, '/api/agent/buyer', { email: email.toUpperCase() });
      expect(theirs.status).toBe(201);
      const theirId = (await theirs.json()).buyer_id;
      expect(theirId).toMatch(/^buy_/);
      expect(theirId).not.toBe(buyer_id);
      for (const path of ['/api/agent/buyer/otp', '/api/agent/buyer/verify']) {
        const foreign = await post(second.accessToken, path, { buyer_id, ...(path.endsWith('verify') && { code: '000000' }) });
        expect(foreign.status, path).toBe(404);
        expect((await foreign.json()).code).toBe('buyer_not_found');
      }
      // Codes mailed for their buyer, and its lock, are theirs alone.
      const theirCode = await codeFor(second.accessToken, theirId, email);
      const wrong = theirCode === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) expect((await post(second.accessToken, '/api/agent/buyer/verify', { buyer_id: theirId, code: wrong })).status).toBe(400);
      expect((await post(second.accessToken, '/api/agent/buyer/verify', { buyer_id: theirId, code: theirCode })).status).toBe(429);
      // The first person's code still works, on its first try: neither replaced nor locked.
      const verified = await post(first.accessToken, '/api/agent/buyer/verify', { buyer_id, code });
      expect(verified.status).toBe(200);
      const { buyer_token } = await verified.json();

      const me = await mailed.call('GET', '/api/agent/buyer/me', { headers: bearer(buyer_token) });
      expect(await me.json()).toMatchObject({ id: buyer_id, email });
      // Its token dies with the grant that verified it.
      const { grantId } = (await readAccessToken(mailed.app.services.db, first.accessToken))!;
      await revokeGrant(mailed.app.services.db, grantId);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await mailed.call('GET', '/api/agent/buyer/me', { headers: bearer(buyer_token) })).status).toBe(401);
    });

    it('a buyer token verified through an MCP-only token is refused on REST as that token is, and served on MCP', async () => {
      const { accessToken } = await issued({ on, resource: `${mailed.url}/api/mcp` });
      const tool = async (name: string, args: Record<string, unknown>) => (await (await mcpCall(name, accessToken, args, mailed)).json()).result;
      const email = `mcp-buyer-${freshKey()}@example.org`;
      const { buyer_id } = (await tool('register_buyer', { email, idempotency_key: freshKey() })).structuredContent;
      const mail = smtp.nextMail(email);
      expect((await tool('request_buyer_code', { buyer_id, idempotency_key: freshKey() })).isError).toBeFalsy();
      const code = (await mail).text.match(/\b(\d{6})\b/)![1];
      const verified = await tool('verify_buyer', { buyer_id, code, idempotency_key: freshKey() });
      expect(verified.isError).toBeFalsy();
      const { buyer_token } = verified.structuredContent;

      const [token, buyerToken] = await Promise.all([accessToken, buyer_token].map((t) => mailed.call('GET', '/api/agent/buyer/me', { headers: bearer(t) })));
      expect(token.status).toBe(401);
      expect(buyerToken.status).toBe(token.status);
      const [tokenBody, buyerBody] = [await token.json(), await buyerToken.json()];
      expect(buyerBody.code).toBe(tokenBody.code);
      expect(buyerBody.error).toContain('/api/mcp');
      expect(buyerToken.headers.get('www-authenticate')).toBe(token.headers.get('www-authenticate'));

      const served = (await (await mcpCall('get_buyer', buyer_token, {}, mailed)).json()).result;
      expect(served.isError).toBeFalsy();
      expect(served.structuredContent).toMatchObject({ id: buyer_id, email });
    });
  });
});
