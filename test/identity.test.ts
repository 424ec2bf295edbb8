import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { classifyHost } from '../server/identity/ucp-agent';
import { looksLikePii } from '../server/identity/service-buyer';
import { agentHeaders, freshKey, testApp, testDatabase, type TestApp, type TestDatabase } from './support/app';
import { AT_REFUSAL, BEFORE_REFUSAL, REFUSED_FROM, setClock } from './support/clock';

let db: TestDatabase;
let t: TestApp;
let realClock: () => void;
beforeAll(async () => {
  // Reserved and IP profile hosts are served with an advisory until PROFILE_HOST_REFUSED_FROM:
  // these tests run on its eve, whatever today is; the refusal is tested at the day itself.
  realClock = setClock(BEFORE_REFUSAL);
  db = await testDatabase();
  t = await testApp({}, db);
});
afterAll(async () => {
  await db.drop();
  realClock();
});

const limits = (headers: Record<string, string>) => t.call('GET', '/api/agent/platform/limits', { headers });

describe('UCP-Agent on open calls', () => {
  it('is required, and the message shows both forms', async () => {
    const res = await limits({});
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe('ucp_agent_required');
    expect(body.error).toContain('profile="https://');
    expect(body.error).toMatch(/bare URL `UCP-Agent: https:\/\//);
  });

  it.each([
    ['dictionary form', 'profile="https://agent.shopbot.dev/profile.json"'],
    ['dictionary with parameters on the member', 'profile="https://agent.shopbot.dev/p.json"; version="2026-04-08"'],
    ['dictionary with other members', 'profile="https://agent.shopbot.dev/p.json", name="shopbot"'],
    ['bare absolute URL', 'https://agent.shopbot.dev/profile.json'],
  ])('accepts the %s', async (_, header) => {
    const res = await limits({ 'UCP-Agent': header });
    expect(res.status).toBe(200);
    expect(res.headers.get('service-advisory')).toBeNull();
    expect((await res.json())['service:advisories']).toBeUndefined();
  });

  it.each([
    ['an unquoted token', 'profile=https'],
    ['a token item after a bare URL-like value', 'profile=abc'],
    ['a relative URL', '/profile.json'],
    ['a relative URL in the dictionary', 'profile="/profile.json"'],
    ['garbage', '%%% not a url'],
    ['a non-https scheme', 'ftp://agent.shopbot.dev/p.json'],
    ['a dictionary without profile', 'name="shopbot"'],
    ['a profile that is an inner list', 'profile=("https://a.shopbot.dev/p.json")'],
  ])('refuses %s with ucp_agent_invalid', async (_, header) => {
    const res = await limits({ 'UCP-Agent': header });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('ucp_agent_invalid');
  });

  it.each(['http://agent.shopbot.dev/p.json', 'profile="http://agent.shopbot.dev/p.json"'])(
    'refuses an http URL (%s) without upgrading it',
    async (header) => {
      const res = await limits({ 'UCP-Agent': header });
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe('ucp_agent_insecure_url');
    },
  );
});

describe('reserved and IP profile hosts', () => {
  it.each([
    ['localhost', 'reserved'],
    ['LOCALHOST.', 'reserved'],
    ['app.localhost', 'reserved'],
    ['shop.test', 'reserved'],
    ['a.example', 'reserved'],
    ['x.invalid', 'reserved'],
    ['printer.local', 'reserved'],
    ['example.com', 'reserved'],
    ['www.example.org', 'reserved'],
    ['example.net.', 'reserved'],
    ['intranet', 'reserved'],
    ['127.0.0.1', 'ip'],
    ['[::1]', 'ip'],
    ['[::ffff:7f00:1]', 'ip'],
    ['agent.shopbot.dev', 'public'],
    ['examples.com', 'public'],
  ])('classifies %s as %s', (host, kind) => {
    expect(classifyHost(host)).toBe(kind);
  });

  it.each([
    ['https://localhost/p.json', 'reserved_profile_host'],
    ['https://agent.localhost./p.json', 'reserved_profile_host'],
    ['https://shop.example/p.json', 'reserved_profile_host'],
    ['https://example.com/p.json', 'reserved_profile_host'],
    ['https://agent/p.json', 'reserved_profile_host'],
    ['https://127.0.0.1/p.json', 'ip_profile_host'],
    ['https://2130706433/p.json', 'ip_profile_host'],
    ['https://0x7f.1/p.json', 'ip_profile_host'],
    ['https://[::1]/p.json', 'ip_profile_host'],
    ['https://[2001:db8::1]:8443/p.json', 'ip_profile_host'],
    ['https://[::ffff:127.0.0.1]/p.json', 'ip_profile_host'],
  ])('serves %s with advisory %s (status unchanged)', async (url, code) => {
    for (const header of [url, `profile="${url}"`]) {
      const res = await limits({ 'UCP-Agent': header });
      expect(res.status).toBe(200);
      expect(res.headers.get('service-advisory')).toBe(`${code};refused_from="2027-03-01"`);
      const body = await res.json();
      expect(body.max_item_quantity).toBe(20);
      // Written into the answer's text as its last member, the answer's own members unchanged.
      expect(Object.keys(body)).toEqual(['max_item_quantity', 'max_cart_total_cents', 'max_cart_total_usd', 'service:advisories']);
      expect(body['service:advisories']).toEqual([
        {
          code,
          message: expect.any(String),
          documentation: expect.stringContaining(`/api/agent/docs/overview#advisory-${code}`),
          refused_from: '2027-03-01',
        },
      ]);
    }
  });

  it('refuses them with the same code from PROFILE_HOST_REFUSED_FROM on', async () => {
    vi.setSystemTime(new Date(AT_REFUSAL));
    try {
      for (const [header, code] of [
        ['https://localhost/p.json', 'reserved_profile_host'],
        ['https://[::1]/p.json', 'ip_profile_host'],
      ]) {
        const res = await limits({ 'UCP-Agent': header });
        expect(res.status).toBe(400);
        const body = await res.json();
        expect(body.code).toBe(code);
        expect(body.details.refused_from).toBe(REFUSED_FROM);
      }
      // A public host is not affected by the date.
      expect((await limits(agentHeaders())).status).toBe(200);
    } finally {
      vi.setSystemTime(new Date(BEFORE_REFUSAL));
    }
  });

  it('refuses them from a configured date', async () => {
    const refusing = await testApp({ PROFILE_HOST_REFUSED_FROM: '2020-01-01' }, db);
    for (const [header, code] of [
      ['https://localhost/p.json', 'reserved_profile_host'],
      ['https://[::1]/p.json', 'ip_profile_host'],
    ]) {
      const res = await refusing.call('GET', '/api/agent/platform/limits', { headers: { 'UCP-Agent': header } });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.code).toBe(code);
      expect(body.details.refused_from).toBe('2020-01-01');
    }
  });
});

describe('discovery documents', () => {
  it('are served without UCP-Agent', async () => {
    expect((await t.call('GET', '/.well-known/ucp')).status).toBe(200);
    expect((await t.call('GET', '/api/openapi.json')).status).toBe(200);
  });

  it('still validate a UCP-Agent header that is sent', async () => {
    const bad = await t.call('GET', '/.well-known/ucp', { headers: { 'UCP-Agent': 'http://agent.shopbot.dev/p' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('ucp_agent_insecure_url');
    const advised = await t.call('GET', '/.well-known/ucp', { headers: { 'UCP-Agent': 'https://localhost/p' } });
    expect(advised.status).toBe(200);
    expect(advised.headers.get('service-advisory')).toContain('reserved_profile_host');
  });
});

describe('Service-Buyer', () => {
  const feedback = (buyer: string) =>
    t.call('POST', '/api/agent/feedback', {
      headers: agentHeaders({ 'Idempotency-Key': freshKey(), 'Service-Buyer': buyer }),
      body: { category: 'other', severity: 'friction', message: 'attribution check' },
    });

  const stored = async (id: string) => {
    const { feedbackReports } = await import('../server/db/schema');
    const { eq } = await import('drizzle-orm');
    const [row] = await db.database.db.select().from(feedbackReports).where(eq(feedbackReports.id, id));
    return row;
  };

  it('is stored with what the call creates', async () => {
    const res = await feedback('ref="u_9f8e7d6c5b4a", session="conv:2026-11-21"');
    expect(res.status).toBe(202);
    expect(res.headers.get('service-advisory')).toBeNull();
    const row = await stored((await res.json()).id);
    expect(row).toMatchObject({ buyerRef: 'u_9f8e7d6c5b4a', buyerSession: 'conv:2026-11-21', agentProfile: 'https://agent.shopbot.dev/profile.json' });
  });

  it.each([
    ['a ref that is too short', 'ref="abc"'],
    ['a ref with forbidden characters', 'ref="has space and/slash"'],
    ['a ref that is too long', `ref="${'a'.repeat(65)}"`],
    ['a ref that is not a string', 'ref=12345678'],
    ['a header that is not a dictionary', 'just some text'],
  ])('drops %s with buyer_ref_invalid', async (_, header) => {
    const res = await feedback(header);
    expect(res.status).toBe(202);
    expect(res.headers.get('service-advisory')).toBe('buyer_ref_invalid');
    const body = await res.json();
    expect(body['service:advisories']).toEqual([expect.objectContaining({ code: 'buyer_ref_invalid', refused_from: null })]);
    expect((await stored(body.id)).buyerRef).toBeNull();
  });

  it.each([
    ['an e-mail ref', 'ref="jane.doe@mail.shop"'],
    ['a phone ref', 'ref="+1 415-555-0100"'],
    ['an e-mail session', 'ref="u_9f8e7d6c5b4a", session="jane@mail.shop"'],
  ])('drops %s with buyer_ref_pii_dropped', async (_, header) => {
    const res = await feedback(header);
    expect(res.status).toBe(202);
    expect(res.headers.get('service-advisory')).toBe('buyer_ref_pii_dropped');
    const row = await stored((await res.json()).id);
    expect(`${row.buyerRef} ${row.buyerSession}`).not.toMatch(/@|555/);
  });

  it('joins several advisories in one Service-Advisory header', async () => {
    const res = await t.call('POST', '/api/agent/feedback', {
      headers: { 'UCP-Agent': 'https://localhost/p', 'Idempotency-Key': freshKey(), 'Service-Buyer': 'ref="x"' },
      body: { category: 'other', severity: 'friction', message: 'two advisories' },
    });
    expect(res.status).toBe(202);
    expect(res.headers.get('service-advisory')).toBe('reserved_profile_host;refused_from="2027-03-01", buyer_ref_invalid');
  });

  it('recognises PII shapes', () => {
    expect(looksLikePii('a@b.co')).toBe(true);
    expect(looksLikePii('(415) 555-0100')).toBe(true);
    expect(looksLikePii('u_9f8e7d6c5b4a')).toBe(false);
  });
});

describe('credentials', () => {
  it('honours any Authorization header and never falls back to the open path', async () => {
    for (const auth of ['Bearer sk_live_unknown', 'Basic dXNlcjpwYXNz', 'garbage']) {
      const res = await limits(agentHeaders({ Authorization: auth }));
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
      expect((await res.json()).code).toBe('invalid_credential');
    }
  });

  it.each([
    ['POST', '/api/agent/cart/cart_123/checkout', 'checkout:write'],
    ['POST', '/api/agent/buyer', 'buyer:write'],
    ['POST', '/api/agent/buyer/otp', 'buyer:write'],
    ['POST', '/api/agent/buyer/verify', 'buyer:write'],
    ['GET', '/api/agent/buyer/me', 'buyer_token'],
    ['GET', '/api/agent/buyer/orders', 'buyer_token'],
    ['GET', '/api/agent/order-status', 'dev.ucp.shopping.order:read'],
    ['POST', '/api/developer/network-keys', 'developer_session'],
    ['DELETE', '/api/developer/network-keys/key_123', 'developer_session'],
  ])('%s %s answers 401 credential_required naming %s', async (method, path, required) => {
    // Even with UCP-Agent and no Idempotency-Key: credentials are checked first.
    const res = await t.call(method, path, { headers: agentHeaders() });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain(`scope="${required}"`);
    const body = await res.json();
    expect(body).toMatchObject({ code: 'credential_required', details: { required } });
    expect(body.error).toContain(required);
  });

  it('checks credentials before UCP-Agent, and UCP-Agent before Idempotency-Key and the body', async () => {
    const noAgent = await t.call('POST', '/api/agent/feedback', { raw: '{bad json', headers: { 'content-type': 'application/json' } });
    expect((await noAgent.json()).code).toBe('ucp_agent_required');
    const noKey = await t.call('POST', '/api/agent/feedback', { raw: '{bad json', headers: agentHeaders({ 'content-type': 'application/json' }) });
    expect((await noKey.json()).code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    const badBody = await t.call('POST', '/api/agent/feedback', {
      raw: '{bad json',
      headers: agentHeaders({ 'content-type': 'application/json', 'Idempotency-Key': freshKey() }),
    });
    expect((await badBody.json()).code).toBe('invalid_json');
    const authFirst = await t.call('POST', '/api/agent/feedback', { raw: '{bad', headers: { Authorization: 'Bearer x' } });
    expect((await authFirst.json()).code).toBe('invalid_credential');
  });
});
