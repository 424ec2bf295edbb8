/**
 * The OAuth endpoints with Postgres out of reach (refused connections, through the fault proxy):
 * 503 with Retry-After and an RFC 6749 body, never a 500, from the rate limit's count as from the
 * provider's own reads, and served again once the database is back. Needs a Postgres server
 * (DATABASE_URL; `.ci/run` provides one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxiedDatabase, type ProxiedDatabase } from './faults/fault-proxy';
import { oauthServer, type OAuthServer } from './support/oauth';

const serverUrl = process.env.DATABASE_URL;

let db: ProxiedDatabase;
let s: OAuthServer;

describe.skipIf(!serverUrl)('OAuth with Postgres out of reach (needs DATABASE_URL)', () => {
  beforeAll(async () => {
    db = await proxiedDatabase(serverUrl!, { prefix: 'acapi_oauth_fault', poolSize: 4 });
    s = await oauthServer({}, { database: db.service, drop: async () => {} });
  }, 60_000);

  afterAll(async () => {
    await s?.close();
    await db?.close();
  });

  it('answers 503 temporarily_unavailable with Retry-After, then serves again', async () => {
    const register = () =>
      fetch(`${s.url}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ redirect_uris: ['https://agent.example/cb'] }) });
    const registered = await register();
    expect(registered.status).toBe(201);
    const { client_id } = await registered.json();

    await db.proxy.set('refuse');
    const held = await register();
    expect(held.status).toBe(503);
    expect(held.headers.get('retry-after')).toBe('5');
    expect(await held.json()).toMatchObject({ error: 'temporarily_unavailable', error_description: expect.any(String) });
    // The provider's own read of the client (no rate limit in front of the authorization endpoint).
    const authorize = await fetch(`${s.url}/oauth/authorize?client_id=${client_id}&response_type=code&redirect_uri=https://agent.example/cb&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`, { redirect: 'manual' });
    expect(authorize.status).toBe(503);
    expect(authorize.headers.get('retry-after')).toBe('5');

    await db.proxy.set('pass');
    await expect.poll(async () => (await register()).status, { timeout: 10_000, interval: 500 }).toBe(201);
  });
});
