/**
 * Network keys through the real gateway and database: minting, listing and revoking with a
 * developer's session (and its Origin), both limits, the mint a never-used key gives back, sealed
 * replays, and other accounts' keys. On PGlite and, with DATABASE_URL, on Postgres (where twelve
 * concurrent mints race for real).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackReports, idempotencyRecords, networkKeys } from '../server/db/schema';
import { CredentialResolver } from '../server/identity/credentials';
import { MAX_ACTIVE_KEYS, MINTS_PER_HOUR } from '../server/keys/network-keys';
import { secretDigest } from '../server/lib/secrets';
import { createCaller } from '../server/routers';
import { createContext } from '../server/trpc/context';
import { agentHeaders, BASE, freshKey, testApp, type TestApp } from './support/app';
import { signedInDeveloper, type Developer } from './support/developer';

let t: TestApp;

beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.services.db;

/** Headers of a change made from the dashboard: the session cookie and the service's own Origin. */
function asDeveloper(dev: Developer, extra: Record<string, string> = {}): Record<string, string> {
  return { Cookie: dev.cookie(BASE), Origin: BASE, ...extra };
}

function mint(dev: Developer, body: unknown = { name: 'ci agent', scopes: [] }, headers: Record<string, string> = {}): Promise<Response> {
  return t.call('POST', '/api/developer/network-keys', { headers: asDeveloper(dev, { 'Idempotency-Key': freshKey(), ...headers }), body });
}

async function mintedSecret(dev: Developer, scopes: string[] = []): Promise<{ id: string; secret: string }> {
  const res = await mint(dev, { name: `key ${scopes.join(' ') || 'open'}`, scopes });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

/** Keys minted long enough ago that they no longer count against the hourly mint rate. */
async function oldKeys(dev: Developer, n: number): Promise<void> {
  const createdAt = new Date(Date.now() - 2 * 3_600_000);
  await db()
    .insert(networkKeys)
    .values(Array.from({ length: n }, (_, i) => ({ id: `key_old${dev.accountId}${i}`, accountId: dev.accountId, name: `old ${i}`, prefix: 'ak_live_old0', secretHash: `old-${dev.accountId}-${i}`, scopes: [], createdAt })));
}

describe('minting', () => {
  it('answers the secret once; the database keeps its digest, the prefix and the scopes', async () => {
    const dev = await signedInDeveloper(db());
    const res = await mint(dev, { name: 'Shopping agent', scopes: ['buyer:write', 'dev.ucp.shopping.order:read'] });
    expect(res.status).toBe(201);
    const key = await res.json();
    expect(key).toEqual({
      id: expect.stringMatching(/^key_[0-9a-z]{26}$/),
      name: 'Shopping agent',
      prefix: key.secret.slice(0, 12),
      scopes: ['buyer:write', 'dev.ucp.shopping.order:read'],
      created_at: expect.any(String),
      secret: expect.stringMatching(/^ak_live_[A-Za-z0-9_-]{43}$/),
    });
    const [row] = await db().select().from(networkKeys).where(eq(networkKeys.id, key.id));
    expect(row.secretHash).toBe(secretDigest(key.secret));
    expect(JSON.stringify(row)).not.toContain(key.secret.slice(8));
  });

  it('a replay answers the same key and secret byte for byte, while the stored record holds no secret', async () => {
    const dev = await signedInDeveloper(db());
    const headers = asDeveloper(dev, { 'Idempotency-Key': freshKey() });
    const body = { name: 'replayed', scopes: ['buyer:write'] };
    const first = await t.call('POST', '/api/developer/network-keys', { headers, body });
    const again = await t.call('POST', '/api/developer/network-keys', { headers, body });
    const firstText = await first.text();
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.text()).toBe(firstText);
    const { secret } = JSON.parse(firstText);
    const records = await db().select().from(idempotencyRecords).where(eq(idempotencyRecords.key, headers['Idempotency-Key']));
    expect(records).toHaveLength(1);
    expect(records[0].namespace).toBe(`account:${dev.accountId}`);
    expect(records[0].responseBody).not.toContain(secret.slice(8));
    // Sealed as a whole: no JSON in the clear, only base64url.
    expect(records[0].responseBody).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('needs an Idempotency-Key and a valid body', async () => {
    const dev = await signedInDeveloper(db());
    const noKey = await t.call('POST', '/api/developer/network-keys', { headers: asDeveloper(dev), body: { name: 'x', scopes: [] } });
    expect((await noKey.json()).code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    for (const body of [{ name: '', scopes: [] }, { name: 'x'.repeat(65), scopes: [] }, { name: 'x', scopes: ['admin'] }, { name: 'x' }]) {
      const res = await mint(dev, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).code).toBe('invalid_request');
    }
  });
});

describe('the developer session', () => {
  it('none → 401 credential_required; an ended or unknown one → 401 asking to sign in', async () => {
    const none = await t.call('GET', '/api/developer/network-keys');
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: 'credential_required', details: { required: 'developer_session' } });
    const unknown = await t.call('GET', '/api/developer/network-keys', { headers: { Cookie: '__Secure-authjs.session-token=made-up' } });
    expect(unknown.status).toBe(401);
    expect((await unknown.json()).error).toContain('sign in');
  });

  it('an Authorization header is honoured: an unknown key 401, a valid key 403 insufficient_scope', async () => {
    const dev = await signedInDeveloper(db());
    const { secret } = await mintedSecret(dev);
    const bad = await t.call('GET', '/api/developer/network-keys', { headers: { Cookie: dev.cookie(BASE), Authorization: 'Bearer ak_live_nope' } });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toContain('invalid_token');
    const key = await t.call('GET', '/api/developer/network-keys', { headers: { Cookie: dev.cookie(BASE), Authorization: `Bearer ${secret}` } });
    expect(key.status).toBe(403);
    expect(await key.json()).toMatchObject({ code: 'insufficient_scope', details: { required: 'developer_session' } });
  });

  it('changes need the service’s own Origin (or a same-origin Referer); reads do not', async () => {
    const dev = await signedInDeveloper(db());
    const cookie = { Cookie: dev.cookie(BASE), 'Idempotency-Key': freshKey() };
    const body = { name: 'x', scopes: [] };
    for (const headers of [cookie, { ...cookie, Origin: 'https://evil.example' }, { ...cookie, Origin: 'null' }, { ...cookie, Referer: 'https://evil.example/api.test.local' }]) {
      const res = await t.call('POST', '/api/developer/network-keys', { headers, body });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'origin_refused', details: { expected_origin: BASE } });
    }
    const refused = await t.call('DELETE', '/api/developer/network-keys/key_x', { headers: { Cookie: dev.cookie(BASE) } });
    expect((await refused.json()).code).toBe('origin_refused');
    const viaReferer = await t.call('POST', '/api/developer/network-keys', { headers: { ...cookie, Referer: `${BASE}/dashboard` }, body });
    expect(viaReferer.status).toBe(201);
    expect((await t.call('GET', '/api/developer/network-keys', { headers: { Cookie: dev.cookie(BASE) } })).status).toBe(200);
  });

  it('pages act through the same procedures in-process, with the session and no Origin', async () => {
    const dev = await signedInDeveloper(db());
    const caller = createCaller(createContext(t.app.services, { transport: 'internal', session: dev.session, idempotencyKey: freshKey() }));
    const minted = await caller.developer.mintNetworkKey({ name: 'from the dashboard', scopes: [] });
    const { keys } = await createCaller(createContext(t.app.services, { transport: 'internal', session: dev.session })).developer.listNetworkKeys({});
    expect(keys.map((k) => k.id)).toEqual([minted.id]);
  });
});

describe('listing and revoking', () => {
  it('lists the account’s keys newest first; revokes any of them, again with the same record', async () => {
    const dev = await signedInDeveloper(db());
    const first = await mintedSecret(dev);
    const second = await mintedSecret(dev, ['buyer:write']);
    const list = await (await t.call('GET', '/api/developer/network-keys', { headers: { Cookie: dev.cookie(BASE) } })).json();
    expect(list.keys.map((k: { id: string }) => k.id)).toEqual([second.id, first.id]);
    expect(list.keys[0]).toEqual({
      id: second.id,
      name: 'key buyer:write',
      prefix: second.secret.slice(0, 12),
      scopes: ['buyer:write'],
      created_at: expect.any(String),
      last_used_at: null,
      revoked_at: null,
    });
    expect(JSON.stringify(list)).not.toContain(second.secret);

    const revoked = await t.call('DELETE', `/api/developer/network-keys/${first.id}`, { headers: asDeveloper(dev) });
    expect(revoked.status).toBe(200);
    const record = await revoked.json();
    expect(record).toMatchObject({ id: first.id, revoked_at: expect.any(String) });
    const again = await t.call('DELETE', `/api/developer/network-keys/${first.id}`, { headers: asDeveloper(dev) });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(record);
  });

  it('another account’s key, or an unknown id, is 404 key_not_found', async () => {
    const owner = await signedInDeveloper(db());
    const other = await signedInDeveloper(db());
    const { id } = await mintedSecret(owner);
    for (const path of [`/api/developer/network-keys/${id}`, '/api/developer/network-keys/key_unknown']) {
      const res = await t.call('DELETE', path, { headers: asDeveloper(other) });
      expect(res.status).toBe(404);
      expect((await res.json()).code).toBe('key_not_found');
    }
    const [row] = await db().select().from(networkKeys).where(eq(networkKeys.id, id));
    expect(row.revokedAt).toBeNull();
  });

  it('a revoked key answers 401 invalid_credential within a second', async () => {
    const dev = await signedInDeveloper(db());
    const { id, secret } = await mintedSecret(dev);
    const limits = () => t.call('GET', '/api/agent/platform/limits', { headers: { Authorization: `Bearer ${secret}` } });
    expect((await limits()).status).toBe(200);
    await t.call('DELETE', `/api/developer/network-keys/${id}`, { headers: asDeveloper(dev) });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const res = await limits();
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe('invalid_credential');
  });

  it('calls of one key that find no answer in the cache share one look-up; a malformed header is refused to each', async () => {
    const dev = await signedInDeveloper(db());
    const { id, secret } = await mintedSecret(dev);
    let selects = 0;
    const counted = new Proxy(db(), {
      get: (target, name, receiver) => {
        if (name === 'select') selects++;
        return Reflect.get(target, name, receiver);
      },
    });
    const resolver = new CredentialResolver(counted, BASE);
    const answers = await Promise.all(Array.from({ length: 20 }, () => resolver.bearer(`Bearer ${secret}`)));
    expect(selects).toBe(1);
    expect(answers.map((a) => a.kind === 'key' && a.keyId)).toEqual(Array(20).fill(id));
    const refused = await Promise.allSettled(Array.from({ length: 3 }, () => resolver.bearer('Bearer not-a-credential')));
    expect(refused.map((r) => r.status === 'rejected' && (r.reason as { code?: string }).code)).toEqual(Array(3).fill('invalid_credential'));
  });
});

describe('limits per account', () => {
  it(`a ${MINTS_PER_HOUR + 1}th mint in an hour is 429 rate_limited with Retry-After, and is not stored for replay`, async () => {
    const dev = await signedInDeveloper(db());
    for (let i = 0; i < MINTS_PER_HOUR; i++) await mintedSecret(dev);
    const key = freshKey();
    const res = await mint(dev, undefined, { 'Idempotency-Key': key });
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3_500);
    expect(retryAfter).toBeLessThanOrEqual(3_600);
    expect(await res.json()).toMatchObject({ code: 'rate_limited', retryable: true });
    expect(await db().select().from(idempotencyRecords).where(eq(idempotencyRecords.key, key))).toEqual([]);
  });

  it('a key revoked before its first use gives its mint back; a used one does not', async () => {
    const dev = await signedInDeveloper(db());
    const keys = [];
    for (let i = 0; i < MINTS_PER_HOUR; i++) keys.push(await mintedSecret(dev));
    // Used, then revoked: its mint still counts.
    expect((await t.call('GET', '/api/agent/platform/limits', { headers: { Authorization: `Bearer ${keys[0].secret}` } })).status).toBe(200);
    await t.call('DELETE', `/api/developer/network-keys/${keys[0].id}`, { headers: asDeveloper(dev) });
    expect((await mint(dev)).status).toBe(429);
    // Never used, then revoked: the mint comes back.
    await t.call('DELETE', `/api/developer/network-keys/${keys[1].id}`, { headers: asDeveloper(dev) });
    expect((await mint(dev)).status).toBe(201);
    expect((await mint(dev)).status).toBe(429);
  });

  it(`${MAX_ACTIVE_KEYS} active keys → 409 key_limit_reached, checked before the mint rate; revoking frees a slot`, async () => {
    const dev = await signedInDeveloper(db());
    await oldKeys(dev, MAX_ACTIVE_KEYS - MINTS_PER_HOUR);
    for (let i = 0; i < MINTS_PER_HOUR; i++) await mintedSecret(dev);
    const full = await mint(dev);
    expect(full.status).toBe(409);
    expect(await full.json()).toMatchObject({ code: 'key_limit_reached', details: { max_active_keys: MAX_ACTIVE_KEYS } });
    await t.call('DELETE', `/api/developer/network-keys/key_old${dev.accountId}0`, { headers: asDeveloper(dev) });
    // A slot is free, but the hour's mints are spent.
    expect((await mint(dev)).status).toBe(429);
  });

  it('twelve concurrent mints: exactly five succeed and the rest are 429, on every database', async () => {
    const dev = await signedInDeveloper(db());
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => mint(dev, { name: `race ${i}`, scopes: [] })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(MINTS_PER_HOUR).fill(201), ...Array(12 - MINTS_PER_HOUR).fill(429)]);
    expect(await db().select().from(networkKeys).where(eq(networkKeys.accountId, dev.accountId))).toHaveLength(MINTS_PER_HOUR);
  });
});

describe('keys are callers of their own', () => {
  it('two keys of one account never share carts or idempotency records', async () => {
    const dev = await signedInDeveloper(db());
    const a = await mintedSecret(dev);
    const b = await mintedSecret(dev);
    const key = freshKey();
    const created = await t.call('POST', '/api/agent/cart', { headers: { Authorization: `Bearer ${a.secret}`, 'Idempotency-Key': key }, body: {} });
    expect(created.status).toBe(201);
    const cart = await created.json();
    const seen = await t.call('GET', `/api/agent/cart/${cart.id}`, { headers: { Authorization: `Bearer ${b.secret}` } });
    expect(seen.status).toBe(404);
    expect((await seen.json()).code).toBe('cart_not_found');
    expect((await t.call('GET', `/api/agent/cart/${cart.id}`, { headers: { Authorization: `Bearer ${a.secret}` } })).status).toBe(200);
    // The same Idempotency-Key under b is b's own request: a new cart, not a's replay.
    const other = await t.call('POST', '/api/agent/cart', { headers: { Authorization: `Bearer ${b.secret}`, 'Idempotency-Key': key }, body: {} });
    expect(other.status).toBe(201);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect((await other.json()).id).not.toBe(cart.id);
    const namespaces = (await db().select().from(idempotencyRecords).where(eq(idempotencyRecords.key, key))).map((r) => r.namespace).sort();
    expect(namespaces).toEqual([`key:${a.id}`, `key:${b.id}`].sort());
  });

  it('open operations need no UCP-Agent with a key; both is 400 conflicting_credentials; a bad key is 401 first', async () => {
    const dev = await signedInDeveloper(db());
    const { secret } = await mintedSecret(dev);
    const search = await t.call('GET', '/api/agent/search?q=tent', { headers: { Authorization: `Bearer ${secret}` } });
    expect(search.status).toBe(200);
    const both = await t.call('GET', '/api/agent/search?q=tent', { headers: agentHeaders({ Authorization: `Bearer ${secret}` }) });
    expect(both.status).toBe(400);
    expect((await both.json()).code).toBe('conflicting_credentials');
    for (const authorization of ['Bearer ak_live_short', 'Basic abc', 'Bearer', `Bearer ak_live_${'A'.repeat(43)}`]) {
      const res = await t.call('GET', '/api/agent/search?q=tent', { headers: agentHeaders({ Authorization: authorization }) });
      expect(res.status, authorization).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="agent-commerce", error="invalid_token"/);
      expect((await res.json()).code).toBe('invalid_credential');
    }
  });

  it('feedback sent with a key notes the key as its sender', async () => {
    const dev = await signedInDeveloper(db());
    const { id, secret } = await mintedSecret(dev);
    const body = { category: 'other', severity: 'friction', message: `sent with ${id}` };
    const res = await t.call('POST', '/api/agent/feedback', { headers: { Authorization: `Bearer ${secret}`, 'Idempotency-Key': freshKey() }, body });
    expect(res.status).toBe(202);
    const [row] = await db().select().from(feedbackReports).where(eq(feedbackReports.message, body.message));
    expect(row).toMatchObject({ caller: `key:${id}`, agentProfile: null });
  });

  it('the first use is written at once, later uses at most once a minute', async () => {
    const dev = await signedInDeveloper(db());
    const { id, secret } = await mintedSecret(dev);
    const before = await db().select().from(networkKeys).where(eq(networkKeys.id, id));
    expect(before[0].firstUsedAt).toBeNull();
    expect((await t.call('GET', '/api/agent/platform/limits', { headers: { Authorization: `Bearer ${secret}` } })).status).toBe(200);
    const [after] = await db().select().from(networkKeys).where(eq(networkKeys.id, id));
    expect(after.firstUsedAt).toBeInstanceOf(Date);
    expect(after.lastUsedAt).toEqual(after.firstUsedAt);
  });
});

describe('scopes', () => {
  it('a scoped operation needs the scope (403 naming it); settlement with the scope still needs a buyer (403 buyer_credential_required)', async () => {
    const dev = await signedInDeveloper(db());
    const plain = await mintedSecret(dev);
    const buyer = await mintedSecret(dev, ['buyer:write', 'checkout:write']);
    const register = (secret: string) =>
      t.call('POST', '/api/agent/buyer', { headers: { Authorization: `Bearer ${secret}`, 'Idempotency-Key': freshKey() }, body: { email: 'a@example.org' } });
    const refused = await register(plain.secret);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toContain('scope="buyer:write"');
    expect(await refused.json()).toMatchObject({ code: 'insufficient_scope', details: { required: 'buyer:write' } });
    expect((await register(buyer.secret)).status).toBe(201);
    const settle = await t.call('POST', '/api/agent/cart/cart_x/checkout', { headers: { Authorization: `Bearer ${buyer.secret}`, 'Idempotency-Key': freshKey() }, body: {} });
    expect(settle.status).toBe(403);
    expect(await settle.json()).toMatchObject({ code: 'buyer_credential_required', details: { required: 'buyer_token' } });
    const unscoped = await t.call('POST', '/api/agent/cart/cart_x/checkout', { headers: { Authorization: `Bearer ${plain.secret}`, 'Idempotency-Key': freshKey() } });
    expect(unscoped.status).toBe(403);
    expect(await unscoped.json()).toMatchObject({ code: 'insufficient_scope', details: { required: 'checkout:write' } });
    // A buyer's own record needs a buyer token, which no key is.
    const me = await t.call('GET', '/api/agent/buyer/me', { headers: { Authorization: `Bearer ${buyer.secret}` } });
    expect(me.status).toBe(403);
    expect(await me.json()).toMatchObject({ code: 'insufficient_scope', details: { required: 'buyer_token' } });
  });
});
