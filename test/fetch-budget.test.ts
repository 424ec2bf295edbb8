/**
 * The outbound fetch budget (#30 §10): what one client address may make an instance fetch — agent
 * profiles and key directories for signatures, OAuth Client ID Metadata Documents — is at most 30
 * documents a minute; past it an open call is served unsigned with profile_fetch_limited (never
 * refused), an authorization names no client it could not fetch, and GET /oauth/authorize has a
 * per-address limit answered with the HTML error page. Documents come from a local HTTPS server
 * under a pinned .test name, which counts the requests it serves: a call past the budget must
 * reach it not at all.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rateLimitHits } from '../server/db/schema';
import { FetchBudget } from '../server/profiles/budget';
import { BASE, testApp, testDatabase, type TestApp, type TestDatabase } from './support/app';
import { setClock } from './support/clock';
import { oauthServer } from './support/oauth';
import { profileServer, type ProfileServer } from './support/profile-server';
import { signRequest, testKey } from './support/signing';

const WINDOW_START = '2031-05-01T10:00:00Z';
const LIMITS = '/api/agent/platform/limits';
const key = testKey('ES256');

let ps: ProfileServer;
let db: TestDatabase;
/** Made after the clock is set: the verifier and the budget read the clock they were made with. */
let t: TestApp;
let restoreClock: (() => void) | undefined;
let profiles = 0;

beforeAll(async () => {
  ps = await profileServer();
  db = await testDatabase();
});
afterAll(async () => {
  await db?.drop();
  await ps?.close();
});
afterEach(() => {
  restoreClock?.();
  restoreClock = undefined;
});

/** A profile URL the service has never fetched, published with the signing key. */
function freshProfile(): { url: string; path: string } {
  const path = `/agents/${++profiles}/profile.json`;
  ps.routes.set(path, { body: { signing_keys: [key.jwk] }, headers: { 'cache-control': 'max-age=600' } });
  return { url: `${ps.origin}${path}`, path };
}

/** A GET of the limits signed by the profile's key, from `address`. */
async function signedCall(profile: string, address: string, transport: 'rest' | 'mcp' = 'rest') {
  if (transport === 'rest') {
    const headers = await signRequest({ method: 'GET', url: BASE + LIMITS, headers: { 'ucp-agent': `profile="${profile}"` } }, { key });
    const res = await t.call('GET', LIMITS, { headers, address });
    return { trust: res.headers.get('service-agent-trust'), advisories: res.headers.get('service-advisory'), status: res.status, body: await res.json() };
  }
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_platform_limits', arguments: {} } });
  const headers = await signRequest(
    { method: 'POST', url: `${BASE}/api/mcp`, headers: { 'ucp-agent': `profile="${profile}"`, 'content-type': 'application/json' }, body },
    { key },
  );
  const res = await t.call('POST', '/api/mcp', { headers: { ...headers, accept: 'application/json, text/event-stream' }, raw: body, address });
  const { result } = await res.json();
  const advisories = result._meta['ai.service/advisories'] as { code: string }[] | undefined;
  return { trust: result._meta['ai.service/agent-trust'] as string, advisories: advisories?.map((a) => a.code).join(', ') ?? null, status: res.status, body: result };
}

describe('signature documents', () => {
  it('fetches 30 fresh profiles for one address a minute; the 31st call is served unsigned with profile_fetch_limited, fetching nothing', async () => {
    restoreClock = setClock(WINDOW_START);
    t = await testApp(ps.env, db);
    const address = '198.51.100.1';
    const fetched = Array.from({ length: 30 }, freshProfile);
    for (const { url } of fetched) {
      const call = await signedCall(url, address);
      expect(call.trust, JSON.stringify(call.body)).toMatch(/^signed;/);
    }
    const over = freshProfile();
    const limited = await signedCall(over.url, address);
    expect(limited.status).toBe(200);
    expect(limited.trust).toBe('open');
    expect(limited.advisories).toBe('profile_fetch_limited');
    expect(limited.body['service:advisories'][0]).toMatchObject({ code: 'profile_fetch_limited', refused_from: null, message: expect.stringContaining(over.url) });
    expect(ps.hits.get(over.path)).toBeUndefined();
    for (const { path } of fetched) expect(ps.hits.get(path)).toBe(1);

    // A document already held costs nothing: still verified.
    expect((await signedCall(fetched[0].url, address)).trust).toMatch(/^signed;/);
    // MCP counts under the same address.
    const overMcp = await signedCall(over.url, address, 'mcp');
    expect(overMcp.trust).toBe('open');
    expect(overMcp.advisories).toBe('profile_fetch_limited');
    expect(ps.hits.get(over.path)).toBeUndefined();
    // Another address has its own budget, and fetches it.
    expect((await signedCall(over.url, '2001:db8:9::1')).trust).toMatch(/^signed;/);
    expect(ps.hits.get(over.path)).toBe(1);
    // The next minute, the first address may have the service fetch again.
    const later = freshProfile();
    vi.setSystemTime(new Date(Date.parse(WINDOW_START) + 60_000));
    expect((await signedCall(later.url, address)).trust).toMatch(/^signed;/);
  });

  it('keeps its memory bounded: past its addresses a window, a new one fetches nothing until the window ends', () => {
    let now = Date.parse(WINDOW_START);
    const budget = new FetchBudget(() => now, { perAddress: 2, windowSeconds: 60, maxAddresses: 3 });
    expect(['a', 'a', 'a'].map((a) => budget.take(a))).toEqual([true, true, false]);
    expect([budget.take('b'), budget.take('c'), budget.take('d'), budget.take('b')]).toEqual([true, true, false, true]);
    expect(budget.take(undefined)).toBe(true);
    now += 60_000;
    expect([budget.take('d'), budget.take('a')]).toEqual([true, true]);
  });
});

describe('OAuth', () => {
  const REDIRECT = 'http://127.0.0.1:9/callback';
  const authorize = (base: string, clientId: string) =>
    fetch(`${base}/oauth/authorize?${new URLSearchParams({ client_id: clientId, response_type: 'code', redirect_uri: REDIRECT, scope: 'openid', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGWSJpKmQ4', code_challenge_method: 'S256', state: 'st' })}`, { redirect: 'manual' });

  it('fetches at most 30 fresh client metadata documents per address a minute: past them the authorization names no client', async () => {
    restoreClock = setClock(WINDOW_START);
    const s = await oauthServer(ps.env, db);
    try {
      const documents = Array.from({ length: 31 }, (_, i) => {
        const path = `/clients/${profiles}-${i}/client.json`;
        const clientId = `${ps.origin}${path}`;
        ps.routes.set(path, { body: { client_id: clientId, client_name: 'Budget', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' } });
        return { path, clientId };
      });
      for (const { clientId } of documents.slice(0, 30)) expect((await authorize(s.url, clientId)).status).toBe(303);
      const over = await authorize(s.url, documents[30].clientId);
      expect(over.status, `${over.headers.get('location')} ${ps.hits.get(documents[30].path)}`).toBe(400);
      expect(over.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await over.text()).toContain('was not fetched');
      expect(ps.hits.get(documents[30].path)).toBeUndefined();
      // A document it holds still serves.
      expect((await authorize(s.url, documents[0].clientId)).status).toBe(303);
    } finally {
      await s.close();
    }
  });

  it('limits GET /oauth/authorize per address, answering over it with the HTML error page and Retry-After', async () => {
    const s = await oauthServer({}, db, { authorize: { limit: 3, windowSeconds: 60 } });
    try {
      // The test before counted its authorizations from this address too.
      await s.app.services.db.delete(rateLimitHits);
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await authorize(s.url, 'nobody')).status);
      expect(statuses.every((status) => status !== 429)).toBe(true);
      const over = await authorize(s.url, 'nobody');
      expect(over.status).toBe(429);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(over.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const page = await over.text();
      expect(page).toContain('<h1>This authorization request was refused</h1>');
      expect(page).toContain('Too many authorize requests from this address: at most 3 in 1 minutes.');
    } finally {
      await s.close();
    }
  });
});
