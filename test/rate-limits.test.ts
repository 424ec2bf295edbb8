/**
 * The agent surface's tiers and rate limits (#21 §4) through the real gateway and MCP server:
 * Service-Agent-Trust on every answer, RateLimit-Policy and RateLimit on every answer past step
 * 4b (errors and 429 included), the answer cache counting too, refusals before 4b counting
 * nothing, per-caller headers never stored with cached answers or idempotent outcomes, partitions
 * apart, windows aligned to the epoch (a fake clock), and two instances on one database — or one
 * Redis with REDIS_URL — sharing one budget.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { networkKeys } from '../server/db/schema';
import type { Caller } from '../server/identity/caller';
import { SECRET_PREFIX } from '../server/keys/network-keys';
import { newSecret, secretDigest } from '../server/lib/secrets';
import { describeRateLimits, RateLimiter } from '../server/limits/limiter';
import type { SharedStore } from '../server/limits/store';
import { agentTrust } from '../server/limits/trust';
import { proxyWarning } from '../server/http/client-address';
import { freshKey, testApp, testConfig, testDatabase, type TestApp, type TestDatabase } from './support/app';
import { setClock } from './support/clock';
import { signedInDeveloper } from './support/developer';
import { testServer } from './support/http';

/** The first second of a minute (windows are aligned to the epoch): a test's calls share its window. */
const WINDOW_START = '2031-05-01T10:00:00Z';
const LIMITS = '/api/agent/platform/limits';

/** A profile no other test (nor an earlier run, on Redis) has used. */
const profile = () => `https://agent-${randomBytes(6).toString('hex')}.shopbot.dev/profile.json`;
const as = (url: string, extra: Record<string, string> = {}) => ({ 'UCP-Agent': `profile="${url}"`, ...extra });

let db: TestDatabase;
let restoreClock: (() => void) | undefined;
beforeAll(async () => {
  db = await testDatabase();
});
afterAll(async () => {
  await db?.drop();
});
afterEach(() => {
  restoreClock?.();
  restoreClock = undefined;
});

async function networkKey(t: TestApp): Promise<string> {
  const dev = await signedInDeveloper(t.app.services.db);
  const secret = newSecret(SECRET_PREFIX);
  await t.app.services.db.insert(networkKeys).values({ id: `key_rl${randomBytes(6).toString('hex')}`, accountId: dev.accountId, name: 'rate', prefix: secret.slice(0, 12), secretHash: secretDigest(secret), scopes: [] });
  return secret;
}

function mcpCall(t: TestApp, name: string, args: Record<string, unknown>, address?: string) {
  return t
    .call('POST', '/api/mcp', { headers: { accept: 'application/json, text/event-stream' }, body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }, address })
    .then(async (res) => (await res.json()).result);
}

describe('headers, with the default policies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({}, db);
  });

  it('tells a fresh open caller its policy and r = q − 1, then counts down; the window ends within w', async () => {
    const me = profile();
    const first = await t.call('GET', LIMITS, { headers: as(me) });
    expect(first.status).toBe(200);
    expect(first.headers.get('service-agent-trust')).toBe('open');
    expect(first.headers.get('ratelimit-policy')).toBe('"open";q=600;w=60');
    const [, r, seconds] = /^"open";r=(\d+);t=(\d+)$/.exec(first.headers.get('ratelimit') ?? '') ?? [];
    expect(Number(r)).toBe(599);
    expect(Number(seconds)).toBeGreaterThanOrEqual(1);
    expect(Number(seconds)).toBeLessThanOrEqual(60);
    const second = await t.call('GET', LIMITS, { headers: as(me) });
    expect(second.headers.get('ratelimit')).toMatch(/^"open";r=598;t=\d+$/);
  });

  it('answers a cached answer with each caller’s own headers, never another’s (the cache stores none)', async () => {
    const [a, b] = [profile(), profile()];
    for (let i = 0; i < 3; i++) await t.call('GET', LIMITS, { headers: as(a) });
    const other = await t.call('GET', LIMITS, { headers: as(b) });
    expect(other.headers.get('ratelimit')).toMatch(/^"open";r=599;/);
    const key = await networkKey(t);
    const keyed = await t.call('GET', LIMITS, { headers: { Authorization: `Bearer ${key}` } });
    expect(keyed.status).toBe(200);
    expect(keyed.headers.get('service-agent-trust')).toBe('credential;kind=key');
    expect(keyed.headers.get('ratelimit-policy')).toBe('"credential";q=6000;w=60');
    expect(keyed.headers.get('ratelimit')).toMatch(/^"credential";r=5999;t=\d+$/);
    const cached = t.app.services.responses.get(LIMITS);
    expect(cached).toBeDefined();
    expect(Object.keys(cached!.headers).map((h) => h.toLowerCase())).not.toEqual(expect.arrayContaining(['ratelimit']));
    expect(Object.keys(cached!.headers).map((h) => h.toLowerCase())).not.toContain('service-agent-trust');
  });

  it('sends the headers on errors past the rate-limit step; refusals before it count nothing and say none', async () => {
    const me = profile();
    // Past 4b: a POST without its Idempotency-Key is refused after counting.
    const noKey = await t.call('POST', '/api/agent/feedback', { headers: as(me), body: { category: 'other', severity: 'friction', message: 'x' } });
    expect(noKey.status).toBe(400);
    expect((await noKey.json()).code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(noKey.headers.get('service-agent-trust')).toBe('open');
    expect(noKey.headers.get('ratelimit')).toMatch(/^"open";r=599;/);
    // Before 4b: no profile, a malformed profile, an unknown key.
    const none = await t.call('GET', LIMITS);
    expect(none.status).toBe(400);
    expect(none.headers.get('service-agent-trust')).toBe('none');
    expect(none.headers.get('ratelimit')).toBeNull();
    expect(none.headers.get('ratelimit-policy')).toBeNull();
    const insecure = await t.call('GET', LIMITS, { headers: { 'UCP-Agent': me.replace('https:', 'http:') } });
    expect(insecure.status).toBe(400);
    expect(insecure.headers.get('ratelimit')).toBeNull();
    const badKey = await t.call('GET', LIMITS, { headers: { Authorization: `Bearer ${newSecret(SECRET_PREFIX)}` } });
    expect(badKey.status).toBe(401);
    expect(badKey.headers.get('service-agent-trust')).toBe('none');
    expect(badKey.headers.get('ratelimit')).toBeNull();
    // The refusals spent nothing of the profile's budget.
    expect((await t.call('GET', LIMITS, { headers: as(me) })).headers.get('ratelimit')).toMatch(/^"open";r=598;/);
  });

  it('says none on documents and unknown paths, which identify nobody', async () => {
    for (const path of ['/api/openapi.json', '/api/mcp/openrpc.json', '/api/agent/nowhere']) {
      const res = await t.call('GET', path, { headers: as(profile()) });
      expect(res.headers.get('service-agent-trust'), path).toBe('none');
      expect(res.headers.get('ratelimit'), path).toBeNull();
    }
  });

  it('answers an idempotent replay with the replaying call’s own headers, counted again', async () => {
    const me = profile();
    const key = freshKey();
    const body = { category: 'other', severity: 'friction', message: 'replayed' };
    const first = await t.call('POST', '/api/agent/feedback', { headers: as(me, { 'Idempotency-Key': key }), body });
    expect(first.status).toBe(202);
    const replay = await t.call('POST', '/api/agent/feedback', { headers: as(me, { 'Idempotency-Key': key }), body });
    expect(replay.status).toBe(202);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('ratelimit')).toMatch(/^"open";r=599;/);
    expect(replay.headers.get('ratelimit')).toMatch(/^"open";r=598;/);
  });

  it('puts who the caller was taken for and its rate limit in an MCP tool result’s _meta', async () => {
    const me = profile();
    const result = await mcpCall(t, 'get_platform_limits', { meta: { 'ucp-agent': { profile: me } } });
    expect(result.isError, JSON.stringify(result)).toBeFalsy();
    expect(result._meta['ai.service/agent-trust']).toBe('open');
    expect(result._meta['ai.service/rate-limit']).toEqual({ policy: 'open', quota: 600, window: 60, remaining: 599, reset: expect.any(Number), policies: [{ policy: 'open', quota: 600, window: 60 }] });
    const anonymous = await mcpCall(t, 'get_platform_limits', {});
    expect(anonymous._meta['ai.service/agent-trust']).toBe('none');
    expect(anonymous._meta['ai.service/rate-limit']).toBeUndefined();
  });
});

describe('a spent window', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ RATE_LIMIT_OPEN: '5/60', RATE_LIMIT_CREDENTIAL: '3/60' }, db);
  });

  it('refuses with 429 rate_limited until the window ends, the answer cache included, then serves again', async () => {
    restoreClock = setClock(WINDOW_START);
    const me = profile();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await t.call('GET', LIMITS, { headers: as(me) })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    vi.setSystemTime(new Date(Date.parse(WINDOW_START) + 18_200));
    const refused = await t.call('GET', LIMITS, { headers: as(me) });
    expect(refused.status).toBe(429);
    const body = await refused.json();
    expect(body).toMatchObject({ code: 'rate_limited', retryable: true, details: { retry_after: 42, policy: 'open' } });
    expect(refused.headers.get('retry-after')).toBe('42');
    expect(refused.headers.get('ratelimit')).toBe('"open";r=0;t=42');
    expect(refused.headers.get('ratelimit-policy')).toBe('"open";q=5;w=60');
    expect(refused.headers.get('service-agent-trust')).toBe('open');
    // Another profile's budget is its own.
    expect((await t.call('GET', LIMITS, { headers: as(profile()) })).status).toBe(200);
    // The next window serves again, from a fresh budget.
    vi.setSystemTime(new Date(Date.parse(WINDOW_START) + 60_000));
    const next = await t.call('GET', LIMITS, { headers: as(me) });
    expect(next.status).toBe(200);
    expect(next.headers.get('ratelimit')).toBe('"open";r=4;t=60');
  });

  it('never stores a 429 for idempotent replay: the same key is served once the window has passed', async () => {
    restoreClock = setClock(WINDOW_START);
    const me = profile();
    for (let i = 0; i < 5; i++) await t.call('GET', LIMITS, { headers: as(me) });
    const key = freshKey();
    const body = { category: 'other', severity: 'friction', message: 'after a 429' };
    const refused = await t.call('POST', '/api/agent/feedback', { headers: as(me, { 'Idempotency-Key': key }), body });
    expect(refused.status).toBe(429);
    vi.setSystemTime(new Date(Date.parse(WINDOW_START) + 61_000));
    const served = await t.call('POST', '/api/agent/feedback', { headers: as(me, { 'Idempotency-Key': key }), body });
    expect(served.status).toBe(202);
    expect(served.headers.get('idempotent-replayed')).toBeNull();
  });

  it('keeps partitions apart: a key has its own budget beside the open one', async () => {
    restoreClock = setClock(WINDOW_START);
    const key = await networkKey(t);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await t.call('GET', LIMITS, { headers: { Authorization: `Bearer ${key}` } })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await t.call('GET', LIMITS, { headers: as(profile()) })).status).toBe(200);
  });

  it('gives an MCP caller the tool error rate_limited with details.retry_after, and the rate limit in _meta', async () => {
    restoreClock = setClock(WINDOW_START);
    const me = profile();
    for (let i = 0; i < 5; i++) await t.call('GET', LIMITS, { headers: as(me) });
    vi.setSystemTime(new Date(Date.parse(WINDOW_START) + 50_500));
    const result = await mcpCall(t, 'get_platform_limits', { meta: { 'ucp-agent': { profile: me } } });
    expect(result.isError).toBe(true);
    const body = JSON.parse(result.content[0].text);
    expect(body).toMatchObject({ code: 'rate_limited', retryable: true, details: { retry_after: 10 } });
    expect(result._meta['ai.service/rate-limit']).toEqual({ policy: 'open', quota: 5, window: 60, remaining: 0, reset: 10, policies: [{ policy: 'open', quota: 5, window: 60 }] });
    expect(result._meta['ai.service/agent-trust']).toBe('open');
  });

  it('publishes its policies in the served docs (limits and overview) as configured', async () => {
    const limits = await (await t.call('GET', '/api/agent/docs/limits')).json();
    expect(limits.request_rate.policies.map((p: { policy: string; quota: number; window_seconds: number }) => [p.policy, p.quota, p.window_seconds])).toEqual([
      ['open', 5, 60],
      ['address', 1200, 60],
      ['signed', 3000, 60],
      ['credential', 3, 60],
    ]);
    expect(limits.request_rate.headers.RateLimit).toContain('"open";r=4;t=');
    const overview = await (await t.call('GET', '/api/agent/docs/overview')).json();
    expect(Object.keys(overview.agent_trust.tiers)).toEqual(['none', 'open', 'signed;keyid="<kid>"', 'credential;kind=key|oauth|buyer|session']);
    expect(overview.agent_trust.rate_limits).toContain('5 calls per 60 s per profile');
    const mcp = await (await t.call('GET', '/api/agent/docs/mcp')).json();
    expect(mcp.results.rate_limit).toContain('ai.service/rate-limit');
  });

  it('admits exactly the quota of many concurrent calls on one instance', async () => {
    restoreClock = setClock(WINDOW_START);
    const me = profile();
    const statuses = await Promise.all(Array.from({ length: 12 }, () => t.call('GET', LIMITS, { headers: as(me) }).then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });
});

describe('the open allowance, keyed on the profile and the client address (#30 §5)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ RATE_LIMIT_OPEN: '20/60', RATE_LIMIT_OPEN_ADDRESS: '30/60' }, db);
  });
  const from = (address: string, url: string) => ({ headers: as(url), address });

  it('counts a profile without its query or fragment: 24 calls with ?r=<n> against a quota of 20 → 4 refused', async () => {
    restoreClock = setClock(WINDOW_START);
    const me = profile();
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) statuses.push((await t.call('GET', LIMITS, from('198.51.100.7', i % 3 === 2 ? `${me}#f${i}` : `${me}?r=${i}`))).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429]);
  });

  it('gives each client address its own allowance of one profile: nobody elsewhere can spend it', async () => {
    restoreClock = setClock(WINDOW_START);
    const victim = profile();
    for (let i = 0; i < 21; i++) await t.call('GET', LIMITS, from('203.0.113.66', victim));
    expect((await t.call('GET', LIMITS, from('203.0.113.66', victim))).status).toBe(429);
    const own = await t.call('GET', LIMITS, from('192.0.2.10', victim));
    expect(own.status).toBe(200);
    expect(own.headers.get('ratelimit')).toMatch(/^"open";r=19;t=\d+$/);
  });

  it('lists both policies, reports the one with fewer calls left, and names the one that refused', async () => {
    restoreClock = setClock(WINDOW_START);
    const address = '198.51.100.20';
    const [a, b] = [profile(), profile()];
    const first = await t.call('GET', LIMITS, from(address, a));
    expect(first.headers.get('ratelimit-policy')).toBe('"open";q=20;w=60, "address";q=30;w=60');
    expect(first.headers.get('ratelimit')).toMatch(/^"open";r=19;t=\d+$/);
    // 15 calls of a and 14 of b: the address has 1 left, b 6.
    for (let i = 0; i < 14; i++) await t.call('GET', LIMITS, from(address, a));
    for (let i = 0; i < 13; i++) await t.call('GET', LIMITS, from(address, b));
    const fewer = await t.call('GET', LIMITS, from(address, b));
    expect(fewer.status).toBe(200);
    expect(fewer.headers.get('ratelimit')).toMatch(/^"address";r=1;t=\d+$/);
    await t.call('GET', LIMITS, from(address, b));
    const refused = await t.call('GET', LIMITS, from(address, b));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'rate_limited', details: { policy: 'address' } });
    expect(refused.headers.get('ratelimit')).toMatch(/^"address";r=0;t=\d+$/);
    expect(refused.headers.get('ratelimit-policy')).toBe('"open";q=20;w=60, "address";q=30;w=60');
    // The same on MCP: the tool error names the policy, _meta reports it and lists both.
    const result = await mcpCall(t, 'get_platform_limits', { meta: { 'ucp-agent': { profile: a } } }, address);
    expect(result.isError).toBe(true);
    expect(result._meta['ai.service/error']).toMatchObject({ code: 'rate_limited', details: { policy: 'address' } });
    expect(result._meta['ai.service/rate-limit']).toEqual({
      policy: 'address',
      quota: 30,
      window: 60,
      remaining: 0,
      reset: expect.any(Number),
      policies: [
        { policy: 'open', quota: 20, window: 60 },
        { policy: 'address', quota: 30, window: 60 },
      ],
    });
  });

  it('names the open policy when the profile refuses, on REST and MCP', async () => {
    restoreClock = setClock(WINDOW_START);
    const address = '198.51.100.21';
    const me = profile();
    for (let i = 0; i < 20; i++) await t.call('GET', LIMITS, from(address, me));
    const refused = await t.call('GET', LIMITS, from(address, me));
    expect(await refused.json()).toMatchObject({ code: 'rate_limited', details: { policy: 'open' } });
    expect(refused.headers.get('ratelimit')).toMatch(/^"open";r=0;t=\d+$/);
    const result = await mcpCall(t, 'get_platform_limits', { meta: { 'ucp-agent': { profile: me } } }, address);
    expect(result._meta['ai.service/error']).toMatchObject({ code: 'rate_limited', details: { policy: 'open' } });
    expect(result._meta['ai.service/rate-limit']).toMatchObject({ policy: 'open', remaining: 0 });
    // Another address is served the same profile, on MCP too.
    const other = await mcpCall(t, 'get_platform_limits', { meta: { 'ucp-agent': { profile: me } } }, '198.51.100.22');
    expect(other.isError).toBeFalsy();
    expect(other._meta['ai.service/rate-limit']).toMatchObject({ policy: 'open', remaining: 19 });
  });

  it('keeps a signed caller on its own allowance, uncounted by the address', async () => {
    const limiter = t.app.services.limits;
    const url = profile();
    const signed: Caller = { agent: { url, host: new URL(url).host, hostKind: 'public' }, credential: undefined, buyer: {}, signature: { keyid: 'k', regime: 'default', profile: url } };
    expect(await limiter.take(signed, '198.51.100.30')).toMatchObject({ policy: { name: 'signed' }, policies: { header: '"signed";q=3000;w=60' } });
  });
});

describe('the address allowance, taken first', () => {
  it('refuses across profiles, and its refusal spends nothing of the profile’s budget', async () => {
    // Two instances on one database, apart only in the address quota: the profile's budget is one.
    const strict = await testApp({ RATE_LIMIT_OPEN: '3/60', RATE_LIMIT_OPEN_ADDRESS: '4/60' }, db);
    const loose = await testApp({ RATE_LIMIT_OPEN: '3/60', RATE_LIMIT_OPEN_ADDRESS: '100/60' }, db);
    restoreClock = setClock(WINDOW_START);
    const address = '198.51.100.40';
    const [a, b] = [profile(), profile()];
    const call = (app: TestApp, url: string) => app.call('GET', LIMITS, { headers: as(url), address });
    expect([await call(strict, a), await call(strict, a), await call(strict, b), await call(strict, b)].map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const refused = await call(strict, a);
    expect(refused.status).toBe(429);
    expect((await refused.json()).details.policy).toBe('address');
    // a's third call is still there: the refusal took nothing of it.
    const third = await call(loose, a);
    expect(third.status).toBe(200);
    expect(third.headers.get('ratelimit')).toMatch(/^"open";r=0;t=\d+$/);
    expect((await call(loose, a)).status).toBe(429);
  });
});

describe('client addresses as the HTTP server takes them', () => {
  it('counts an IPv6 /64 as one address, and another /64 apart (REST and MCP, TRUST_PROXY)', async () => {
    const s = await testServer({ TRUST_PROXY: '1', RATE_LIMIT_OPEN: '3/60', RATE_LIMIT_OPEN_ADDRESS: '100/60' }, db);
    try {
      restoreClock = setClock(WINDOW_START);
      const me = profile();
      const get = (forwardedFor: string) => fetch(`${s.url}${LIMITS}`, { headers: { ...as(me), 'X-Forwarded-For': forwardedFor } });
      const statuses = [];
      for (const address of ['2001:db8:1:2::1', '2001:db8:1:2:ffff::9', '203.0.113.1, 2001:db8:1:2::abcd']) statuses.push((await get(address)).status);
      expect(statuses).toEqual([200, 200, 200]);
      expect((await get('2001:db8:1:2::77')).status).toBe(429);
      const elsewhere = await get('2001:db8:1:3::1');
      expect(elsewhere.status).toBe(200);
      expect(elsewhere.headers.get('ratelimit-policy')).toBe('"open";q=3;w=60, "address";q=100;w=60');
      const mcp = await fetch(`${s.url}/api/mcp`, {
        method: 'POST',
        headers: { ...as(me), 'X-Forwarded-For': '2001:db8:1:2::5', accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_platform_limits', arguments: {} } }),
      });
      const { result } = await mcp.json();
      expect(result._meta['ai.service/error']).toMatchObject({ code: 'rate_limited', details: { policy: 'open' } });
    } finally {
      await s.close();
    }
  });

  it('takes the socket’s address without TRUST_PROXY, whatever X-Forwarded-For says', async () => {
    const s = await testServer({ RATE_LIMIT_OPEN: '2/60' }, db);
    try {
      restoreClock = setClock(WINDOW_START);
      const me = profile();
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await fetch(`${s.url}${LIMITS}`, { headers: { ...as(me), 'X-Forwarded-For': `192.0.2.${i}` } })).status);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await s.close();
    }
  });

  it('says at start-up when the service is evidently behind a proxy without TRUST_PROXY', () => {
    expect(proxyWarning(testConfig({ PUBLIC_BASE_URL: 'https://shop.example.com', PORT: '3000' }))).toMatch(/^TRUST_PROXY is not set/);
    expect(proxyWarning(testConfig({ PUBLIC_BASE_URL: 'http://shop.example.com:8080', PORT: '3000' }))).toMatch(/every client is counted as the proxy's address/);
    expect(proxyWarning(testConfig({ PUBLIC_BASE_URL: 'https://shop.example.com', TRUST_PROXY: '1' }))).toBeUndefined();
    expect(proxyWarning(testConfig({ PUBLIC_BASE_URL: 'http://localhost:3000', PORT: '3000' }))).toBeUndefined();
    expect(proxyWarning(testConfig({ PUBLIC_BASE_URL: 'http://shop.example.com:3000', PORT: '3000' }))).toBeUndefined();
  });
});

describe('a shared store out of reach', () => {
  it('answers 503 service_unavailable (retryable, Retry-After), as for the database, never serving uncounted', async () => {
    const t = await testApp({ REDIS_URL: 'redis://127.0.0.1:1' }, db);
    try {
      const res = await t.call('GET', LIMITS, { headers: as(profile()) });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ code: 'service_unavailable', retryable: true });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(res.headers.get('service-agent-trust')).toBe('open');
    } finally {
      await t.app.services.shared.close();
    }
  });
});

describe('RATE_LIMITS=off', () => {
  it('counts nothing and sends no RateLimit headers, but still says who the caller was taken for', async () => {
    const t = await testApp({ RATE_LIMITS: 'off', RATE_LIMIT_OPEN: '1/60' }, db);
    const me = profile();
    for (let i = 0; i < 3; i++) {
      const res = await t.call('GET', LIMITS, { headers: as(me) });
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit')).toBeNull();
      expect(res.headers.get('ratelimit-policy')).toBeNull();
      expect(res.headers.get('service-agent-trust')).toBe('open');
    }
  });
});

const redisUrl = process.env.REDIS_URL;
describe.each([
  { store: process.env.DATABASE_URL ? 'Postgres' : 'PGlite', env: {} as Record<string, string>, skip: false },
  { store: 'Redis', env: redisUrl ? { REDIS_URL: redisUrl } : ({} as Record<string, string>), skip: !redisUrl },
])('two instances on one $store', ({ store, env, skip }) => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    if (skip) return;
    a = await testApp({ ...env, RATE_LIMIT_OPEN: '20/60', RATE_LIMIT_CREDENTIAL: '100/60' }, db);
    b = await testApp({ ...env, RATE_LIMIT_OPEN: '20/60', RATE_LIMIT_CREDENTIAL: '100/60' }, db);
  });
  afterAll(async () => {
    await a?.app.services.shared.close();
    await b?.app.services.shared.close();
  });

  it.skipIf(skip)(`share one budget: quota 20, 30 alternating calls, exactly 20 served (${skip ? 'REDIS_URL not set' : store})`, async () => {
    restoreClock = setClock(WINDOW_START);
    const me = profile();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await (i % 2 ? b : a).call('GET', LIMITS, { headers: as(me) })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual(Array(10).fill(429));
  });

  it.skipIf(skip)('never over-admit with leases of 2 (quota 100), and under-admit by at most one lease each', async () => {
    restoreClock = setClock(WINDOW_START);
    const key = await networkKey(a);
    const statuses = await Promise.all(
      Array.from({ length: 150 }, (_, i) => (i % 2 ? b : a).call('GET', LIMITS, { headers: { Authorization: `Bearer ${key}` } }).then((r) => r.status)),
    );
    const served = statuses.filter((s) => s === 200).length;
    expect(served).toBeLessThanOrEqual(100);
    expect(served).toBeGreaterThanOrEqual(96);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
  });
});

describe('the limiter and the trust item on their own', () => {
  /** A store in memory, counting the statements it was sent. */
  function memoryStore(): SharedStore & { statements: number } {
    const counts = new Map<string, number>();
    return {
      kind: 'pglite',
      statements: 0,
      async lease(key, want, quota) {
        this.statements++;
        const count = counts.get(key) ?? 0;
        const granted = Math.max(0, Math.min(want, quota - count));
        counts.set(key, count + granted);
        return { granted, count: count + granted };
      },
      async leaseBoth(first, then) {
        const granted = await this.lease(first.key, first.want, first.quota, first.expiresAtMs);
        this.statements--;
        return [granted, granted.granted > 0 ? await this.lease(then.key, then.want, then.quota, then.expiresAtMs) : undefined];
      },
      rememberNonce: async () => true,
      sweep: async () => {},
      close: async () => {},
    };
  }
  const config = (env: Record<string, string> = {}) => testConfig(env).rateLimits;
  const agent = (url: string) => ({ url, host: new URL(url).host, hostKind: 'public' }) as unknown as Caller['agent'];
  const caller = (c: Partial<Caller>): Caller => ({ agent: undefined, credential: undefined, buyer: {}, ...c });

  it('leases max(1, ⌊quota/50⌋) at a time and answers from memory in between', async () => {
    const store = memoryStore();
    const limiter = new RateLimiter(store, config());
    const me = caller({ agent: agent('https://a.example/p.json') });
    const first = await limiter.take(me);
    expect(first).toMatchObject({ remaining: 599, refused: false });
    expect(store.statements).toBe(1);
    for (let i = 0; i < 11; i++) {
      const state = limiter.take(me);
      expect(state).not.toBeInstanceOf(Promise);
    }
    expect(store.statements).toBe(1);
    expect(limiter.take(me)).toBeInstanceOf(Promise);
  });

  it('keys a signed caller by its verified profile, apart from the open budget of the profile it names', async () => {
    const store = memoryStore();
    const limiter = new RateLimiter(store, config({ RATE_LIMIT_OPEN: '1/60', RATE_LIMIT_SIGNED: '2/60' }));
    const url = 'https://a.example/p.json';
    const signed = caller({ agent: agent(url), signature: { keyid: 'k1', regime: 'default', profile: url } });
    const open = caller({ agent: agent(url) });
    expect(await limiter.take(signed)).toMatchObject({ policy: { name: 'signed', quota: 2 }, remaining: 1, refused: false });
    expect(await limiter.take(open)).toMatchObject({ policy: { name: 'open' }, refused: false });
    expect(await limiter.take(open)).toMatchObject({ refused: true });
    expect(await limiter.take(signed)).toMatchObject({ remaining: 0, refused: false });
    expect(await limiter.take(signed)).toMatchObject({ refused: true });
  });

  it('says none for a caller nothing identifies, and counts nothing with RATE_LIMITS=off', () => {
    const limiter = new RateLimiter(memoryStore(), config({ RATE_LIMITS: 'off' }));
    expect(limiter.take(caller({ agent: agent('https://a.example/p.json') }))).toBeUndefined();
    expect(new RateLimiter(memoryStore(), config()).take(caller({}))).toBeUndefined();
  });

  it('writes Service-Agent-Trust as an RFC 8941 Item for each tier', () => {
    const url = 'https://a.example/p.json';
    expect(agentTrust(caller({}))).toBe('none');
    expect(agentTrust(caller({ agent: agent(url) }))).toBe('open');
    expect(agentTrust(caller({ agent: agent(url), signature: { keyid: 'k-1', regime: 'default', profile: url } }))).toBe('signed;keyid="k-1"');
    expect(agentTrust(caller({ agent: agent(url), signature: { keyid: 'poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U', regime: 'web-bot-auth', profile: url, buyerAttested: true } }))).toBe(
      'signed;keyid="poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U";web-bot-auth;buyer=attested',
    );
    expect(agentTrust(caller({ agent: agent(url), signature: { keyid: 'a"b\\c', regime: 'default', profile: url } }))).toBe('signed;keyid="a\\"b\\\\c"');
    for (const kind of ['key', 'oauth', 'buyer', 'session'] as const) {
      expect(agentTrust(caller({ credential: { kind } as Caller['credential'] }))).toBe(`credential;kind=${kind}`);
    }
  });

  it('drops the buckets of ended windows once a policy holds many callers', async () => {
    restoreClock = setClock(WINDOW_START);
    const limiter = new RateLimiter(memoryStore(), config());
    const buckets = () => (limiter as unknown as { partitions: { open: { buckets: Map<string, unknown> } } }).partitions.open.buckets;
    for (let i = 0; i < 1500; i++) await limiter.take(caller({ agent: agent(`https://a${i}.example/p.json`) }));
    expect(buckets().size).toBe(1500);
    vi.setSystemTime(new Date(Date.parse(WINDOW_START) + 60_000));
    // Pruned when the map reaches twice what the last pruning left (at least 1024): here at 2048, keeping this window's callers.
    for (let i = 0; i < 600; i++) await limiter.take(caller({ agent: agent(`https://b${i}.example/p.json`) }));
    expect(buckets().size).toBe(600);
  });

  it('says at start-up what it limits and where the budgets are shared, or that limits are off', () => {
    expect(describeRateLimits(testConfig(), 'postgres')).toBe(
      'Rate limits: open 600/60 s per agent profile and client address (and 1200/60 s per client address across profiles), signed 3000/60 s per verified profile, credential 6000/60 s per caller; shared through the Postgres database.',
    );
    expect(describeRateLimits(testConfig({ RATE_LIMIT_OPEN: '10/1' }), 'redis')).toContain('open 10/1 s per agent profile');
    expect(describeRateLimits(testConfig({ RATE_LIMIT_OPEN: '10/1' }), 'redis')).toContain('shared through Redis (REDIS_URL)');
    expect(describeRateLimits(testConfig({ RATE_LIMITS: 'off' }), 'pglite')).toMatch(/^Rate limits are off \(RATE_LIMITS=off\)/);
  });

  it('fails start-up on a malformed policy or switch', () => {
    const load = (env: Record<string, string>) => () => testConfig(env);
    for (const value of ['600', '600/0', '0/60', '-1/60', '1.5/60', 'ten/60', '600/60/1', '600/86401']) {
      expect(load({ RATE_LIMIT_OPEN: value }), value).toThrow(/RATE_LIMIT_OPEN must be <quota>\/<seconds>/);
    }
    expect(load({ RATE_LIMIT_SIGNED: 'x' })).toThrow(/RATE_LIMIT_SIGNED/);
    expect(load({ RATE_LIMIT_OPEN_ADDRESS: '1200' })).toThrow(/RATE_LIMIT_OPEN_ADDRESS must be <quota>\/<seconds>/);
    expect(testConfig({ RATE_LIMIT_OPEN_ADDRESS: '50/10' }).rateLimits.address).toEqual({ name: 'address', quota: 50, windowSeconds: 10 });
    expect(load({ RATE_LIMIT_CREDENTIAL: '5' })).toThrow(/RATE_LIMIT_CREDENTIAL/);
    expect(load({ RATE_LIMITS: 'no' })).toThrow(/RATE_LIMITS must be "on" or "off"/);
    expect(load({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
    expect(testConfig({ RATE_LIMIT_OPEN: ' 1000000000 / 60 ' }).rateLimits.open).toEqual({ name: 'open', quota: 1e9, windowSeconds: 60 });
  });
});
