/**
 * The authorization server's parts on the real database (PGlite, or Postgres with DATABASE_URL):
 * the drizzle adapter's every method, the metadata documents, registration's checks, the rate
 * limits, consents and the keys. The flows themselves are in oauth-flow.test.ts.
 */
import http from 'node:http';
import { and, eq } from 'drizzle-orm';
import { errors } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthConsents, oauthRecords, rateLimitHits, users } from '../server/db/schema';
import { drizzleAdapter, idDigest, sweepOAuthRecords } from '../server/oauth/adapter';
import { listConsents, rememberedGrantId, revokeGrant, saveConsent, sweepOAuth } from '../server/oauth/consents';
import { oauthKeys, rotateOAuthKeys } from '../server/oauth/keys';
import { oauthServer, signedInPerson, type OAuthServer } from './support/oauth';

let s: OAuthServer;

beforeAll(async () => {
  s = await oauthServer();
});
afterAll(() => s?.close());

const db = () => s.app.services.db;
const rows = (model: string) => db().select().from(oauthRecords).where(eq(oauthRecords.model, model));

describe('the drizzle adapter', () => {
  it('keeps the SHA-256 of each id and no jti; find answers the payload with the id it was asked for', async () => {
    const tokens = drizzleAdapter(db())('AccessToken');
    await tokens.upsert('token-one', { jti: 'token-one', grantId: 'grant-a', accountId: 'acct_1', scope: 'buyer:write', exp: 2_000_000_000 }, 3600);
    const [row] = await rows('AccessToken');
    expect(row).toMatchObject({ idDigest: idDigest('token-one'), grantId: 'grant-a' });
    expect(JSON.stringify(row)).not.toContain('token-one');
    expect(row.payload).not.toHaveProperty('jti');
    expect(await tokens.find('token-one')).toEqual({ grantId: 'grant-a', accountId: 'acct_1', scope: 'buyer:write', exp: 2_000_000_000, jti: 'token-one' });
    expect(await tokens.find('token-two')).toBeUndefined();
    // Another model's row of the same id is another row.
    expect(await drizzleAdapter(db())('RefreshToken').find('token-one')).toBeUndefined();
  });

  it('upserts over the same id, and answers nothing past the expiry', async () => {
    const codes = drizzleAdapter(db())('AuthorizationCode');
    await codes.upsert('code-1', { grantId: 'g1', scope: 'a' }, 60);
    await codes.upsert('code-1', { grantId: 'g1', scope: 'b' }, 60);
    expect(await codes.find('code-1')).toMatchObject({ scope: 'b' });
    await db().update(oauthRecords).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(oauthRecords.idDigest, idDigest('code-1')));
    expect(await codes.find('code-1')).toBeUndefined();
    await sweepOAuthRecords(db());
    expect(await db().select().from(oauthRecords).where(eq(oauthRecords.idDigest, idDigest('code-1')))).toEqual([]);
  });

  it('consumes once: the row stays, marked; a second consume revokes the grant and is invalid_grant', async () => {
    const adapter = drizzleAdapter(db());
    const refresh = adapter('RefreshToken');
    const access = adapter('AccessToken');
    await adapter('Grant').upsert('grant-c', { accountId: 'acct_1', clientId: 'c' }, 3600);
    await refresh.upsert('rt-1', { grantId: 'grant-c' }, 3600);
    await access.upsert('at-1', { grantId: 'grant-c' }, 3600);
    await refresh.consume('rt-1');
    const consumed = await refresh.find('rt-1');
    expect(consumed).toMatchObject({ jti: 'rt-1', grantId: 'grant-c' });
    expect(typeof consumed!.consumed).toBe('number');
    // Two redemptions racing: the loser is refused and the family revoked.
    await expect(refresh.consume('rt-1')).rejects.toBeInstanceOf(errors.InvalidGrant);
    expect(await refresh.find('rt-1')).toBeUndefined();
    expect(await access.find('at-1')).toBeUndefined();
    expect(await adapter('Grant').find('grant-c')).toBeUndefined();
  });

  it('destroys one row, and revokes by grant only its own model', async () => {
    const adapter = drizzleAdapter(db());
    for (const model of ['AccessToken', 'RefreshToken']) {
      await adapter(model).upsert(`${model}-x`, { grantId: 'grant-x' }, 3600);
      await adapter(model).upsert(`${model}-y`, { grantId: 'grant-y' }, 3600);
    }
    await adapter('AccessToken').revokeByGrantId('grant-x');
    expect(await adapter('AccessToken').find('AccessToken-x')).toBeUndefined();
    expect(await adapter('AccessToken').find('AccessToken-y')).toBeDefined();
    expect(await adapter('RefreshToken').find('RefreshToken-x')).toBeDefined();
    await adapter('RefreshToken').destroy('RefreshToken-x');
    expect(await adapter('RefreshToken').find('RefreshToken-x')).toBeUndefined();
  });

  it('finds a session by its uid (without the cookie, which it never stored); grants carry their own id', async () => {
    const adapter = drizzleAdapter(db());
    await adapter('Session').upsert('cookie-value', { uid: 'uid-1', accountId: 'acct_1' }, 3600);
    expect(await adapter('Session').findByUid('uid-1')).toEqual({ uid: 'uid-1', accountId: 'acct_1' });
    expect(await adapter('Session').findByUid('uid-2')).toBeUndefined();
    await adapter('Grant').upsert('grant-own', { accountId: 'acct_1' }, 3600);
    const [grant] = await db().select().from(oauthRecords).where(and(eq(oauthRecords.model, 'Grant'), eq(oauthRecords.idDigest, idDigest('grant-own'))));
    expect(grant.grantId).toBe('grant-own');
    expect(grant.expiresAt).not.toBeNull();
    // A client is kept until destroyed.
    await adapter('Client').upsert('client-1', { client_id: 'client-1' });
    const [client] = await rows('Client');
    expect(client.expiresAt).toBeNull();
  });
});

describe('metadata', () => {
  it('discovery (both paths) names the issuer, the endpoints, S256, iss and the API scopes', async () => {
    for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']) {
      const res = await fetch(`${s.url}${path}`);
      expect(res.status, path).toBe(200);
      const doc = await res.json();
      expect(doc).toMatchObject({
        issuer: s.url,
        authorization_endpoint: `${s.url}/oauth/authorize`,
        token_endpoint: `${s.url}/oauth/token`,
        registration_endpoint: `${s.url}/oauth/register`,
        revocation_endpoint: `${s.url}/oauth/revoke`,
        jwks_uri: `${s.url}/oauth/jwks`,
        code_challenge_methods_supported: ['S256'],
        authorization_response_iss_parameter_supported: true,
        token_endpoint_auth_methods_supported: ['none'],
        response_types_supported: ['code'],
      });
      expect(doc.scopes_supported).toEqual(expect.arrayContaining(['buyer:write', 'checkout:write', 'dev.ucp.shopping.order:read']));
      expect(doc).not.toHaveProperty('userinfo_endpoint');
      expect(doc).not.toHaveProperty('pushed_authorization_request_endpoint');
      expect(doc).not.toHaveProperty('end_session_endpoint');
    }
  });

  it('follows the issuer whatever Host the request names', async () => {
    const body = await new Promise<string>((resolve, reject) => {
      const url = new URL(s.url);
      http
        .get({ host: url.hostname, port: url.port, path: '/.well-known/oauth-authorization-server', headers: { host: 'evil.example' } }, (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve(text));
        })
        .on('error', reject);
    });
    expect(JSON.parse(body)).toMatchObject({ issuer: s.url, token_endpoint: `${s.url}/oauth/token` });
  });

  it('publishes the ES256 public key only', async () => {
    const { keys } = await (await fetch(`${s.url}/oauth/jwks`)).json();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(keys[0]).not.toHaveProperty('d');
  });

  it('serves RFC 9728 documents for the API and the MCP server; other /.well-known/ paths are JSON 404s', async () => {
    const api = await (await fetch(`${s.url}/.well-known/oauth-protected-resource`)).json();
    expect(api).toMatchObject({ resource: s.url, authorization_servers: [s.url], bearer_methods_supported: ['header'] });
    expect(api.scopes_supported).toEqual(['buyer:write', 'checkout:write', 'dev.ucp.shopping.order:read']);
    const mcp = await (await fetch(`${s.url}/.well-known/oauth-protected-resource/api/mcp`)).json();
    expect(mcp).toMatchObject({ resource: `${s.url}/api/mcp`, authorization_servers: [s.url], scopes_supported: ['buyer:write', 'dev.ucp.shopping.order:read'] });
    const other = await fetch(`${s.url}/.well-known/oauth-authorization-server/extra`);
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ code: 'not_found' });
  });

  it('lets a browser-based agent call the token endpoint from the origin of its redirect URI only', async () => {
    const res = await fetch(`${s.url}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ redirect_uris: ['https://app.agent.example/cb'] }) });
    const { client_id } = await res.json();
    const token = (origin: string) =>
      fetch(`${s.url}/oauth/token`, { method: 'POST', headers: { origin, 'content-type': 'application/x-www-form-urlencoded' }, body: `grant_type=authorization_code&code=x&redirect_uri=https://app.agent.example/cb&client_id=${client_id}` });
    expect((await token('https://app.agent.example')).headers.get('access-control-allow-origin')).toBe('https://app.agent.example');
    expect((await token('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it.each(['/oauth/userinfo', '/oauth/', '/oauth', '/oauth/interaction', '/oauth/nothing/here'])(
    'answers the unknown path %s with a JSON 404: RFC 6749’s shape with the agent API’s code',
    async (path) => {
      for (const accept of ['text/html', 'application/json']) {
        const res = await fetch(`${s.url}${path}`, { headers: { accept } });
        expect(res.status, path).toBe(404);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(await res.json()).toEqual({ error: 'not_found', code: 'not_found', error_description: expect.stringContaining(path) });
      }
    },
  );

  it('answers an endpoint asked with a method it does not take 405 with Allow, in the same shape; the endpoints still work', async () => {
    for (const [method, path, allow] of [
      ['GET', '/oauth/register', 'POST'],
      ['GET', '/oauth/token', 'POST'],
      ['GET', '/oauth/revoke', 'POST'],
      ['POST', '/oauth/jwks', 'GET'],
      ['DELETE', '/oauth/authorize', 'GET, POST'],
    ]) {
      const res = await fetch(`${s.url}${path}`, { method, headers: { accept: 'text/html' } });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('allow')).toBe(allow);
      expect(await res.json()).toEqual({ error: 'method_not_allowed', code: 'method_not_allowed', error_description: expect.stringContaining(path) });
    }
    expect((await fetch(`${s.url}/oauth/jwks`)).status).toBe(200);
    const registered = await fetch(`${s.url}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ redirect_uris: ['https://agent.example/cb'] }) });
    expect(registered.status).toBe(201);
  });
});

describe('behind TLS (an https PUBLIC_BASE_URL, the process reached over http)', () => {
  it('publishes https endpoints and sets Secure cookies', async () => {
    const tls = await oauthServer({ PUBLIC_BASE_URL: 'https://api.example.test' });
    try {
      const get = (path: string) =>
        new Promise<http.IncomingMessage & { body: string }>((resolve, reject) => {
          const url = new URL(tls.url);
          http
            .get({ host: url.hostname, port: url.port, path, headers: { host: 'api.example.test' } }, (res) => {
              let body = '';
              res.on('data', (c) => (body += c));
              res.on('end', () => resolve(Object.assign(res, { body })));
            })
            .on('error', reject);
        });
      const doc = JSON.parse((await get('/.well-known/oauth-authorization-server')).body);
      expect(doc).toMatchObject({ issuer: 'https://api.example.test', authorization_endpoint: 'https://api.example.test/oauth/authorize' });
      const registered = await fetch(`${tls.url}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ redirect_uris: ['https://agent.example/cb'] }) });
      const { client_id } = await registered.json();
      const res = await get(`/oauth/authorize?client_id=${client_id}&response_type=code&redirect_uri=https://agent.example/cb&scope=buyer:write&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toMatch(/^\/oauth\/interaction\/[\w-]+$/);
      const cookies = res.headers['set-cookie'] ?? [];
      expect(cookies.length).toBeGreaterThan(0);
      for (const cookie of cookies) expect(cookie).toMatch(/; secure/i);
    } finally {
      await tls.close();
    }
  });
});

describe('registration', () => {
  const registerFrom = (ip: string, metadata: Record<string, unknown>) =>
    fetch(`${s.url}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(metadata) }).then(async (res) => ({ status: res.status, body: await res.json(), headers: res.headers, ip }));

  it('takes https and loopback http redirect URIs; refuses other http and custom schemes with invalid_redirect_uri', async () => {
    const ok = await registerFrom('local', { redirect_uris: ['https://agent.example/cb', 'http://127.0.0.1:8123/cb', 'http://localhost/cb', 'http://[::1]:9/cb'], client_name: 'Agent' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], client_name: 'Agent' });
    expect(ok.body).not.toHaveProperty('client_secret');
    expect(ok.body).not.toHaveProperty('registration_access_token');
    const plain = await registerFrom('local', { redirect_uris: ['http://agent.example/cb'] });
    expect(plain).toMatchObject({ status: 400, body: { error: 'invalid_redirect_uri', error_description: expect.stringContaining('https') } });
    const custom = await registerFrom('local', { redirect_uris: ['cursor://callback'], application_type: 'native' });
    expect(custom).toMatchObject({ status: 400, body: { error: 'invalid_redirect_uri' } });
  });

  it('is limited per client IP: 429 with Retry-After and an RFC 6749 body; so is the token endpoint', async () => {
    // Another instance on the same database, with small limits; it counts requests from its own address.
    const LIMITS = { registration: { limit: 3, windowSeconds: 3600 }, token: { limit: 3, windowSeconds: 60 } };
    const limited = await oauthServer({}, s.db, LIMITS);
    try {
      await s.app.services.db.delete(rateLimitHits);
      const register = () => fetch(`${limited.url}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ redirect_uris: ['https://agent.example/cb'] }) });
      for (let i = 0; i < LIMITS.registration.limit; i++) expect((await register()).status).toBe(201);
      const held = await register();
      expect(held.status).toBe(429);
      expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await held.json()).toMatchObject({ error: 'temporarily_unavailable', error_description: expect.stringContaining('registration') });
      const token = () => fetch(`${limited.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=refresh_token&refresh_token=x&client_id=nobody' });
      for (let i = 0; i < LIMITS.token.limit; i++) expect((await token()).status).not.toBe(429);
      const over = await token();
      expect(over.status).toBe(429);
      expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await over.json()).toMatchObject({ error: 'temporarily_unavailable' });
    } finally {
      await limited.close();
    }
  });
});

describe('consents', () => {
  it('are kept per account and client, live only while their grant is', async () => {
    const person = await signedInPerson(s);
    const grants = drizzleAdapter(db())('Grant');
    await grants.upsert('grant-kept', { accountId: person.accountId, clientId: 'client-k' }, 3600);
    await saveConsent(db(), person.accountId, { clientId: 'client-k', clientName: 'Kept', redirectHost: 'agent.example', scopes: ['buyer:write'], grantId: 'grant-kept' });
    await saveConsent(db(), person.accountId, { clientId: 'client-k', clientName: 'Kept', redirectHost: 'agent.example', scopes: ['buyer:write', 'checkout:write'], grantId: 'grant-kept' });
    expect(await rememberedGrantId(db(), person.accountId, 'client-k')).toBe('grant-kept');
    expect(await rememberedGrantId(db(), person.accountId, 'client-other')).toBeUndefined();
    const [listed] = await listConsents(db(), person.accountId);
    expect(listed).toMatchObject({ clientId: 'client-k', scopes: ['buyer:write', 'checkout:write'], grantId: 'grant-kept' });

    // The grant gone (a reused refresh token): the consent is neither remembered nor listed, and
    // the sweep deletes it (a consent with a live grant stays).
    await grants.upsert('grant-live', { accountId: person.accountId, clientId: 'client-l' }, 3600);
    await saveConsent(db(), person.accountId, { clientId: 'client-l', clientName: 'Live', redirectHost: 'agent.example', scopes: [], grantId: 'grant-live' });
    await grants.destroy('grant-kept');
    expect(await rememberedGrantId(db(), person.accountId, 'client-k')).toBeUndefined();
    expect((await listConsents(db(), person.accountId)).map((c) => c.clientId)).toEqual(['client-l']);
    await sweepOAuth(db());
    const left = await db().select({ clientId: oauthConsents.clientId }).from(oauthConsents).where(eq(oauthConsents.accountId, person.accountId));
    expect(left).toEqual([{ clientId: 'client-l' }]);
    await revokeGrant(db(), 'grant-live');

    // revokeGrant removes both, with the grant's tokens.
    await grants.upsert('grant-r', { accountId: person.accountId, clientId: 'client-r' }, 3600);
    await drizzleAdapter(db())('AccessToken').upsert('at-r', { grantId: 'grant-r' }, 3600);
    await saveConsent(db(), person.accountId, { clientId: 'client-r', clientName: null, redirectHost: 'x.example', scopes: [], grantId: 'grant-r' });
    await revokeGrant(db(), 'grant-r');
    expect(await listConsents(db(), person.accountId)).toEqual([]);
    expect(await drizzleAdapter(db())('AccessToken').find('at-r')).toBeUndefined();

    // An account deleted takes its consents with it.
    await saveConsent(db(), person.accountId, { clientId: 'client-d', clientName: null, redirectHost: 'x.example', scopes: [], grantId: 'grant-d' });
    await db().delete(users).where(eq(users.id, person.accountId));
    expect(await listConsents(db(), person.accountId)).toEqual([]);
  });
});

describe('keys', () => {
  it('are made once, and rotate keeping the previous ones to verify with', async () => {
    const keys = s.app.services.keys;
    const first = await oauthKeys(db(), keys);
    expect(await oauthKeys(db(), keys)).toEqual(first);
    expect(first.signing[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
    // Cookies are signed with the key derived from SECRETS_KEY, which a rotation of these keys leaves alone.
    expect(first.cookies).toEqual([keys.key('oauth-cookie').toString('base64url')]);
    const rotated = await rotateOAuthKeys(db(), keys);
    expect(rotated.signing).toHaveLength(2);
    expect(rotated.signing[1]).toEqual(first.signing[0]);
    expect(rotated.cookies).toEqual(first.cookies);
    const again = await rotateOAuthKeys(db(), keys);
    expect(again.signing).toHaveLength(2);
    expect(again.signing[1]).toEqual(rotated.signing[0]);
    expect(await oauthKeys(db(), keys)).toEqual(again);
  });
});
