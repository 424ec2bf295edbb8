/**
 * Negotiation with a UCP platform's profile (issue #33 §2; overview.md § Negotiation Protocol):
 * UCP-Agent refused for each of its faults, the profile fetched from a pinned HTTPS server
 * (test/support/profile-server.ts) or refused by a stub resolver, each failure as its catalogue
 * code, the negotiation view and the intersection, the cache (its TTL, failures, one fetch in
 * flight), the per-instance rate and the per-address budget, the Intersection Algorithm on its
 * own, and the zod definition of platform_profile held to the official schema's verdicts.
 * The clock is the cache's and the rate's own, set to a fixed instant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../server/config';
import { ApiError } from '../server/errors/catalogue';
import { intersect, Negotiator, PROFILE_FETCHES_PER_SECOND, relevantCapabilities } from '../server/negotiation';
import { BINDING_CAPABILITIES, UCP_VERSION } from '../server/negotiation/capabilities';
import { platformProfile as platformProfileSchema } from '../server/negotiation/platform-profile';
import type { CapabilityVersion, Negotiated } from '../server/negotiation/types';
import { createProfileFetcher } from '../server/profiles';
import { CACHE_RULES } from '../server/profiles/cache';
import type { Resolver } from '../server/profiles/fetch';
import { platformCapability, platformProfile, serveProfile, ucpAgentHeader } from './support/platform-profile';
import { profileServer, type ProfileServer } from './support/profile-server';
import { UCP_SCHEMAS_MISSING, ucpAjv } from './support/ucp-schemas';

const PLATFORM_PROFILE_SCHEMA = 'https://ucp.dev/schemas/discovery/profile.json#/$defs/platform_profile';
/** A fixed instant on a minute boundary (the fetch budget's windows are aligned to the epoch). */
const START = 1_860_000_000_000;
const SEARCH = 'dev.ucp.shopping.catalog.search';
const LOOKUP = 'dev.ucp.shopping.catalog.lookup';

let ps: ProfileServer;
let config: Config;

beforeAll(async () => {
  ps = await profileServer();
  config = loadConfig({ NODE_ENV: 'test', ...ps.env });
});
afterAll(async () => {
  await ps?.close();
});

/** A resolver that knows only `names`; any other name does not resolve (no test asks real DNS). */
const resolving =
  (names: Record<string, string[]> = {}): Resolver =>
  async (hostname) => {
    const addresses = names[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

/** A negotiator with a cache of its own, on a clock of its own. */
/** Fetches time out after 15 s: tests make up to 30 TLS fetches at once, which a loaded machine takes seconds over. */
function negotiatorFor(opts: { resolver?: Resolver; timeoutMs?: number; fetchesPerSecond?: number } = {}) {
  let now = START;
  const clock = () => now;
  const profiles = createProfileFetcher(config.profileFetch, { resolver: opts.resolver ?? resolving(), timeoutMs: opts.timeoutMs ?? 15_000 }, clock);
  const negotiator = new Negotiator(profiles, { now: clock, fetchesPerSecond: opts.fetchesPerSecond });
  return { negotiator, advance: (seconds: number) => (now += seconds * 1000) };
}

let paths = 0;
/** A path of its own for each test, so that the server's hits count that test's fetches only. */
const freshPath = (name: string) => `/${name}-${++paths}.json`;
const hits = (url: string) => ps.hits.get(new URL(url).pathname) ?? 0;

async function refusal(negotiator: Negotiator, header: string | null | undefined, address?: string): Promise<ApiError> {
  try {
    await negotiator.negotiate(header, address);
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  }
  throw new Error(`${header} was negotiated`);
}

describe('UCP-Agent: invalid_profile_url (400), refused before any fetch', () => {
  let negotiator: Negotiator;
  beforeAll(() => {
    negotiator = negotiatorFor().negotiator;
  });

  it.each([
    ['missing', undefined, /UCP-Agent is missing/],
    ['null', null, /UCP-Agent is missing/],
    ['empty', '  ', /UCP-Agent is missing/],
    ['the bare URL the seed API takes', () => `${ps.origin}/platform.json`, /not an RFC 8941 dictionary.*not the bare URL/],
    ['a dictionary without profile', 'agent="https://platform.shop/p.json"', /no `profile` string/],
    ['profile as a token', 'profile=platform', /no `profile` string/],
    ['profile as an inner list', () => `profile=("${ps.origin}/platform.json")`, /no `profile` string/],
    ['a relative URL', 'profile="/profile.json"', /is not an absolute URL/],
    ['an http URL', () => `profile="http://agents.test:${ps.port}/platform.json"`, /is not an https URL/],
    ['credentials in the URL', 'profile="https://user:pw@platform.shop/p.json"', /carries credentials/],
    ['an IPv4 literal', () => `profile="https://127.0.0.1:${ps.port}/platform.json"`, /host 127\.0\.0\.1 is an IP address/],
    ['a public IPv4 literal', 'profile="https://93.184.215.14/p.json"', /is an IP address/],
    ['a decimal IPv4 literal', 'profile="https://2130706433/p.json"', /host 127\.0\.0\.1 is an IP address/],
    ['an IPv6 literal', 'profile="https://[::1]/p.json"', /host \[::1\] is an IP address/],
    ['localhost', 'profile="https://localhost/p.json"', /localhost is a reserved name/],
    ['a .example name', 'profile="https://platform.example/p.json"', /reserved name/],
    ['example.com', 'profile="https://agents.example.com/p.json"', /reserved name/],
    ['a single label', 'profile="https://intranet/p.json"', /reserved name/],
    ['a .test name on a port not pinned', 'profile="https://agents.test/p.json"', /agents\.test is a reserved name/],
  ])('%s', async (_, header, message) => {
    const err = await refusal(negotiator, typeof header === 'function' ? header() : header);
    expect(err).toMatchObject({ code: 'invalid_profile_url', status: 400 });
    expect(err.message).toMatch(message);
  });

  it('fetched nothing for any of them', () => {
    expect(hits(`${ps.origin}/platform.json`)).toBe(0);
  });
});

describe('the host: invalid_profile_url (400) when it does not resolve to public addresses', () => {
  const resolver = resolving({ 'private.platform.shop': ['10.0.0.7'], 'mixed.platform.shop': ['93.184.215.14', '127.0.0.1'], 'mapped.platform.shop': ['::ffff:192.168.1.1'] });

  it.each([
    ['a name that does not resolve', 'https://nowhere.platform.shop/p.json', /nowhere\.platform\.shop does not resolve \(ENOTFOUND\)/],
    ['a name resolving to a private address', 'https://private.platform.shop/p.json', /resolves to an address that is not public \(private\)/],
    ['a name with a loopback address among public ones', 'https://mixed.platform.shop/p.json', /not public \(loopback\)/],
    ['a name resolving to an IPv4-mapped private address', 'https://mapped.platform.shop/p.json', /not public \(private\)/],
  ])('%s', async (_, url, message) => {
    const err = await refusal(negotiatorFor({ resolver }).negotiator, ucpAgentHeader(url));
    expect(err).toMatchObject({ code: 'invalid_profile_url', status: 400 });
    expect(err.message).toContain(url);
    expect(err.message).toMatch(message);
  });
});

describe('the fetch: profile_unreachable (424), profile_malformed and version_unsupported (422)', () => {
  it('a profile that does not answer in time', async () => {
    const path = freshPath('stall');
    ps.routes.set(path, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"ucp": {');
    });
    const err = await refusal(negotiatorFor({ timeoutMs: 300 }).negotiator, ucpAgentHeader(`${ps.origin}${path}`));
    expect(err).toMatchObject({ code: 'profile_unreachable', status: 424 });
    expect(err.message).toMatch(/did not answer within 0\.3 s/);
  });

  it.each([
    ['404', () => ({ status: 404, body: { error: 'not found' } }), /answered 404/],
    ['500', () => ({ status: 500, body: {} }), /answered 500/],
    ['a redirect', () => ({ status: 302, headers: { location: '/platform.json' } }), /redirects \(302\); redirects are not followed/],
    ['a document over 256 KiB', () => ({ body: { ...platformProfile(), pad: 'x'.repeat(300 * 1024) } }), /larger than 256 KiB/],
  ])('%s', async (_, route, message) => {
    const path = freshPath('unreachable');
    ps.routes.set(path, route());
    const err = await refusal(negotiatorFor().negotiator, ucpAgentHeader(`${ps.origin}${path}`));
    expect(err).toMatchObject({ code: 'profile_unreachable', status: 424 });
    expect(err.message).toMatch(message);
  });

  it.each([
    ['not JSON', '<html>a profile</html>', /is not JSON/],
    ['a JSON array', '[1, 2]', /is not a JSON object/],
    ['no ucp at all', { hello: 'world' }, /ucp: /],
    ['no payment_handlers', { ucp: { version: UCP_VERSION, services: {} } }, /ucp\.payment_handlers: /],
    ['no services', { ucp: { version: UCP_VERSION, payment_handlers: {} } }, /ucp\.services: /],
    ['a capability without spec', platformProfile({ capabilities: { [SEARCH]: [{ version: UCP_VERSION, schema: 'https://ucp.dev/s.json' } as never] } }), /ucp\.capabilities\["dev\.ucp\.shopping\.catalog\.search"\]\[0\]\.spec: /],
    ['extends naming no capability name', platformProfile({ capabilities: { 'com.acme.x': [platformCapability('com.acme.x', { extends: 'Search' })] } }), /\.extends: /],
    ['a version that is no string', { ucp: { version: 20260408, services: {}, payment_handlers: {} } }, /ucp\.version: /],
  ])('%s', async (_, body, message) => {
    const path = freshPath('malformed');
    ps.routes.set(path, { body });
    const err = await refusal(negotiatorFor().negotiator, ucpAgentHeader(`${ps.origin}${path}`));
    expect(err).toMatchObject({ code: 'profile_malformed', status: 422 });
    expect(err.message).toMatch(message);
  });

  it.each([
    ['an earlier version', '2026-01-11'],
    ['a later one', '2027-01-01'],
    ['one that is no date', 'v1'],
  ])('%s: version_unsupported, naming the version sent and the one supported', async (_, version) => {
    const url = serveProfile(ps, freshPath('version'), platformProfile({ version }));
    const err = await refusal(negotiatorFor().negotiator, ucpAgentHeader(url));
    expect(err).toMatchObject({ code: 'version_unsupported', status: 422 });
    expect(err.message).toContain(`"${version}"`);
    expect(err.message).toContain(`supports ${UCP_VERSION} only`);
  });

  it('a profile at another version is refused as such, whatever its shape', async () => {
    const url = serveProfile(ps, freshPath('version'), { ucp: { version: '2025-10-01', capabilities: 'of another shape' } });
    expect(await refusal(negotiatorFor().negotiator, ucpAgentHeader(url))).toMatchObject({ code: 'version_unsupported' });
  });
});

describe('a valid platform profile', () => {
  const KEY = { kid: 'platform_2026', kty: 'EC', crv: 'P-256', x: 'MKBCTNIcKUSDii11ySs3526iDZ8AiTo7Tu6KPAqv7D4', y: '4Etl6SRW2YiLUrN5vfvVHuhp7x8PxltmWWlbbM4IFyM', use: 'sig' as const, alg: 'ES256' };

  it('is negotiated: its view, only what is read of it, and the capabilities both sides support at a mutual version', async () => {
    const ORDER = 'dev.ucp.shopping.order';
    const FULFILLMENT = 'dev.ucp.shopping.fulfillment';
    const profile = platformProfile({
      capabilities: {
        [SEARCH]: [platformCapability(SEARCH, { version: '2026-01-11' }), platformCapability(SEARCH, { config: { max_results: 50 } })],
        [LOOKUP]: [platformCapability(LOOKUP, { version: '2026-01-11' })],
        [ORDER]: [
          platformCapability(ORDER, { config: { webhook_url: 'https://platform.shop/old' } }),
          platformCapability(ORDER, { config: { webhook_url: 'https://platform.shop/hook', secret: 'x', nested: [{}, {}] } }),
        ],
        [FULFILLMENT]: [platformCapability(FULFILLMENT, { extends: 'dev.ucp.shopping.checkout', config: { supports_multi_group: true, webhook_url: 42 } })],
        'com.acme.loyalty': [platformCapability('com.acme.loyalty', { extends: SEARCH })],
      },
      signing_keys: [{ ...KEY, d: 'a private member published by mistake', x5u: 'https://platform.shop/x5u' }, { kid: 'long', kty: 'EC', x: 'x'.repeat(1025) }],
    });
    const url = serveProfile(ps, freshPath('valid'), profile);
    const negotiated = await negotiatorFor().negotiator.negotiate(`${ucpAgentHeader(url)}, version="${UCP_VERSION}"`);
    expect(negotiated).toEqual<Negotiated>({
      profileUrl: url,
      view: {
        version: UCP_VERSION,
        // Of each capability this business offers, the entry at the version it offers (the last
        // one), with only the config read of it (webhook_url, supports_multi_group, of their
        // types); the platform's extends, lookup at another version, com.acme.loyalty (not offered)
        // and the payment handlers (read nowhere) are not kept.
        capabilities: {
          [SEARCH]: [{ version: UCP_VERSION }],
          [ORDER]: [{ version: UCP_VERSION, config: { webhook_url: 'https://platform.shop/hook' } }],
          [FULFILLMENT]: [{ version: UCP_VERSION, config: { supports_multi_group: true } }],
        },
        // A key with a member longer than any key's is not kept.
        signing_keys: [KEY],
      },
      // fulfillment's parent, checkout, is not declared.
      intersection: { [SEARCH]: { version: UCP_VERSION }, [ORDER]: { version: UCP_VERSION, config: { webhook_url: 'https://platform.shop/hook' } } },
    });
  });

  it('a webhook_url longer than 2048 characters is refused as malformed, not kept', async () => {
    const ORDER = 'dev.ucp.shopping.order';
    const long = `https://platform.shop/${'h'.repeat(2048)}`;
    const url = serveProfile(ps, freshPath('long-webhook'), platformProfile({ capabilities: { [ORDER]: [platformCapability(ORDER, { config: { webhook_url: long } })] } }));
    const err = await refusal(negotiatorFor().negotiator, ucpAgentHeader(url));
    expect(err).toMatchObject({ code: 'profile_malformed' });
    expect(err.message).toMatch(/config\.webhook_url is longer than 2048 characters/);
  });

  it('negotiates every capability of the binding with the default fixture', async () => {
    const url = serveProfile(ps, freshPath('default'));
    const { intersection } = await negotiatorFor().negotiator.negotiate(ucpAgentHeader(url));
    expect(intersection).toEqual(
      Object.fromEntries(Object.entries(BINDING_CAPABILITIES).map(([name, { version, extends: parents }]) => [name, { version, ...(parents && { extends: parents }) }])),
    );
    expect(relevantCapabilities(intersection, SEARCH)).toEqual({ [SEARCH]: [{ version: UCP_VERSION }] });
  });

  it('on a pinned .test name, with or without a trailing dot', async () => {
    const path = freshPath('pinned');
    serveProfile(ps, path);
    const { negotiator } = negotiatorFor();
    expect((await negotiator.negotiate(ucpAgentHeader(`https://agents.test.:${ps.port}${path}`))).profileUrl).toBe(`https://agents.test.:${ps.port}${path}`);
  });

  it('is answered from the cache within its max-age, synchronously, without a fetch; after it, fetched again', async () => {
    const url = serveProfile(ps, freshPath('ttl'), platformProfile(), 120);
    const { negotiator, advance } = negotiatorFor();
    const first = await negotiator.negotiate(ucpAgentHeader(url), '198.51.100.1');
    advance(119);
    const again = negotiator.negotiate(ucpAgentHeader(url), '198.51.100.1');
    expect(again).not.toBeInstanceOf(Promise);
    expect(again).toBe(first);
    expect(hits(url)).toBe(1);
    advance(1);
    const later = negotiator.negotiate(ucpAgentHeader(url));
    expect(later).toBeInstanceOf(Promise);
    expect((await later).view).toEqual(first.view);
    expect(hits(url)).toBe(2);
  });

  it('keeps an answer at least 60 s, whatever its max-age', async () => {
    const url = serveProfile(ps, freshPath('ttl-floor'), platformProfile(), 0);
    const { negotiator, advance } = negotiatorFor();
    await negotiator.negotiate(ucpAgentHeader(url));
    advance(CACHE_RULES.minSeconds - 1);
    expect(negotiator.negotiate(ucpAgentHeader(url))).not.toBeInstanceOf(Promise);
    expect(hits(url)).toBe(1);
  });

  it('is fetched once while a fetch is in flight, however many calls name it', async () => {
    const url = serveProfile(ps, freshPath('in-flight'));
    const { negotiator } = negotiatorFor({ fetchesPerSecond: 1 });
    const all = await Promise.all(Array.from({ length: 10 }, (_, i) => negotiator.negotiate(ucpAgentHeader(url), `198.51.100.${i}`)));
    expect(new Set(all).size).toBe(1);
    expect(hits(url)).toBe(1);
  });
});

describe('a failure is remembered 60 s', () => {
  it('answered from the cache, synchronously, until it expires', async () => {
    const path = freshPath('failing');
    const url = `${ps.origin}${path}`;
    const { negotiator, advance } = negotiatorFor();
    expect(await refusal(negotiator, ucpAgentHeader(url))).toMatchObject({ code: 'profile_unreachable' });
    serveProfile(ps, path);
    advance(CACHE_RULES.failureSeconds - 1);
    expect(() => negotiator.negotiate(ucpAgentHeader(url))).toThrow(expect.objectContaining({ code: 'profile_unreachable' }));
    expect(hits(url)).toBe(1);
    advance(1);
    expect((await negotiator.negotiate(ucpAgentHeader(url))).profileUrl).toBe(url);
    expect(hits(url)).toBe(2);
  });

  it('whatever the failure: a malformed profile too', async () => {
    const url = serveProfile(ps, freshPath('failing-malformed'), { ucp: {} });
    const { negotiator } = negotiatorFor();
    expect(await refusal(negotiator, ucpAgentHeader(url))).toMatchObject({ code: 'profile_malformed' });
    expect(() => negotiator.negotiate(ucpAgentHeader(url))).toThrow(expect.objectContaining({ code: 'profile_malformed' }));
    expect(hits(url)).toBe(1);
  });
});

describe('what a fetch may cost', () => {
  it(`an instance fetches at most ${PROFILE_FETCHES_PER_SECOND} profiles a second: beyond, 503 service_unavailable with Retry-After: 1; held and in-flight profiles cost nothing`, async () => {
    expect(PROFILE_FETCHES_PER_SECOND).toBe(20);
    const urls = Array.from({ length: PROFILE_FETCHES_PER_SECOND + 1 }, () => serveProfile(ps, freshPath('rate')));
    const { negotiator, advance } = negotiatorFor();
    // Each from a client address of its own: the per-address budget is not what refuses.
    const fetching = urls.slice(0, -1).map((url, i) => negotiator.negotiate(ucpAgentHeader(url), `203.0.113.${i}`));
    const joined = negotiator.negotiate(ucpAgentHeader(urls[0]), '203.0.113.200');
    const err = await refusal(negotiator, ucpAgentHeader(urls.at(-1)!), '203.0.113.201');
    expect(err).toMatchObject({ code: 'service_unavailable', status: 503, headers: { 'Retry-After': '1' }, retryable: true });
    expect(err.message).toMatch(/has fetched 20 platform profiles this second.*fetch amplifier/);
    await Promise.all([...fetching, joined]);
    expect(negotiator.negotiate(ucpAgentHeader(urls[0]))).not.toBeInstanceOf(Promise);
    expect(hits(urls.at(-1)!)).toBe(0);
    advance(1);
    expect((await negotiator.negotiate(ucpAgentHeader(urls.at(-1)!))).profileUrl).toBe(urls.at(-1));
  });

  it('a client address has the service fetch at most 30 documents a minute: beyond, 429 rate_limited until the window ends; held profiles still answer', async () => {
    const urls = Array.from({ length: 32 }, () => serveProfile(ps, freshPath('budget')));
    const { negotiator, advance } = negotiatorFor({ fetchesPerSecond: 100 });
    advance(15);
    for (const url of urls.slice(0, 30)) await negotiator.negotiate(ucpAgentHeader(url), '198.51.100.9');
    const err = await refusal(negotiator, ucpAgentHeader(urls[30]), '198.51.100.9');
    expect(err).toMatchObject({ code: 'rate_limited', status: 429, headers: { 'Retry-After': '45' }, details: { retry_after: 45 } });
    expect(err.message).toMatch(/has had the service fetch 30 documents in this 60 s window/);
    expect(hits(urls[30])).toBe(0);
    expect(negotiator.negotiate(ucpAgentHeader(urls[0]), '198.51.100.9')).not.toBeInstanceOf(Promise);
    // Another address, or a call with none (in-process), is not held to this one's budget.
    await negotiator.negotiate(ucpAgentHeader(urls[30]), '198.51.100.10');
    await negotiator.negotiate(ucpAgentHeader(urls[31]));
    advance(45);
    expect(await negotiator.negotiate(ucpAgentHeader(serveProfile(ps, freshPath('budget'))), '198.51.100.9')).toBeDefined();
  });

  it('a spent budget is refused before the instance’s rate is spent for it', async () => {
    const urls = Array.from({ length: 33 }, () => serveProfile(ps, freshPath('order')));
    const { negotiator } = negotiatorFor({ fetchesPerSecond: 31 });
    await Promise.all(urls.slice(0, 30).map((url) => negotiator.negotiate(ucpAgentHeader(url), '198.51.100.20')));
    expect(await refusal(negotiator, ucpAgentHeader(urls[30]), '198.51.100.20')).toMatchObject({ code: 'rate_limited' });
    expect((await negotiator.negotiate(ucpAgentHeader(urls[31]), '198.51.100.21')).profileUrl).toBe(urls[31]);
    expect(await refusal(negotiator, ucpAgentHeader(urls[32]), '198.51.100.21')).toMatchObject({ code: 'service_unavailable' });
  });
});

describe('the Intersection Algorithm', () => {
  const v = (version: string, more: Partial<CapabilityVersion> = {}): CapabilityVersion => ({ version, ...more });

  it('includes a business capability only when the platform declares it, at a version both declare', () => {
    expect(
      intersect(
        { 'dev.ucp.shopping.checkout': v('2026-04-08'), 'dev.ucp.shopping.cart': v('2026-04-08'), 'dev.ucp.shopping.order': v('2026-04-08') },
        { 'dev.ucp.shopping.checkout': [v('2026-04-08')], 'dev.ucp.shopping.cart': [v('2026-01-11')], 'com.acme.only_theirs': [v('2026-04-08')] },
      ),
    ).toEqual({ 'dev.ucp.shopping.checkout': v('2026-04-08') });
  });

  it('selects the highest version both declare', () => {
    expect(
      intersect(
        { 'dev.ucp.shopping.checkout': [v('2026-01-11'), v('2026-04-08'), v('2026-08-01')] },
        { 'dev.ucp.shopping.checkout': [v('2025-10-01'), v('2026-04-08'), v('2026-01-11')] },
      ),
    ).toEqual({ 'dev.ucp.shopping.checkout': v('2026-04-08') });
  });

  it('keeps the business’s extends and the platform’s config for the version chosen', () => {
    expect(
      intersect(
        { 'dev.ucp.shopping.checkout': v('2026-04-08', { config: { supports_multi_group: false } }), 'dev.ucp.shopping.fulfillment': v('2026-04-08', { extends: 'dev.ucp.shopping.checkout' }) },
        {
          'dev.ucp.shopping.checkout': [v('2026-01-11', { config: { webhook_url: 'https://platform.shop/old' } }), v('2026-04-08', { config: { webhook_url: 'https://platform.shop/hook' } })],
          'dev.ucp.shopping.fulfillment': [v('2026-04-08')],
        },
      ),
    ).toEqual({
      'dev.ucp.shopping.checkout': v('2026-04-08', { config: { webhook_url: 'https://platform.shop/hook' } }),
      'dev.ucp.shopping.fulfillment': v('2026-04-08', { extends: 'dev.ucp.shopping.checkout' }),
    });
  });

  it('prunes extensions whose parent is absent, repeatedly, down a chain listed in any order', () => {
    const business = {
      'com.acme.c': v('2026-04-08', { extends: 'com.acme.b' }),
      'com.acme.b': v('2026-04-08', { extends: 'dev.ucp.shopping.checkout' }),
      'dev.ucp.shopping.checkout': v('2026-04-08'),
      'com.acme.d': v('2026-04-08', { extends: 'com.acme.c' }),
    };
    const all = Object.fromEntries(Object.keys(business).map((name) => [name, [v('2026-04-08')]]));
    expect(Object.keys(intersect(business, all)).sort()).toEqual(['com.acme.b', 'com.acme.c', 'com.acme.d', 'dev.ucp.shopping.checkout']);
    const { 'dev.ucp.shopping.checkout': _, ...withoutRoot } = all;
    expect(intersect(business, withoutRoot)).toEqual({});
    // A parent excluded for want of a mutual version prunes its extensions as absence does.
    expect(intersect(business, { ...all, 'com.acme.b': [v('2025-01-01')] })).toEqual({ 'dev.ucp.shopping.checkout': v('2026-04-08') });
  });

  it('keeps a multi-parent extension while at least one parent is there, and prunes it when none is', () => {
    const business = {
      'dev.ucp.shopping.checkout': v('2026-04-08'),
      'dev.ucp.shopping.cart': v('2026-04-08'),
      'dev.ucp.shopping.discount': v('2026-04-08', { extends: ['dev.ucp.shopping.checkout', 'dev.ucp.shopping.cart'] }),
      'com.acme.coupon_stack': v('2026-04-08', { extends: ['dev.ucp.shopping.discount', 'com.acme.absent'] }),
    };
    const platform = (...names: string[]) => Object.fromEntries(names.map((name) => [name, [v('2026-04-08')]]));
    expect(Object.keys(intersect(business, platform('dev.ucp.shopping.cart', 'dev.ucp.shopping.discount', 'com.acme.coupon_stack')))).toEqual([
      'dev.ucp.shopping.cart',
      'dev.ucp.shopping.discount',
      'com.acme.coupon_stack',
    ]);
    // Neither parent: discount goes, and with it the extension whose only other parent is absent.
    expect(intersect(business, platform('dev.ucp.shopping.discount', 'com.acme.coupon_stack'))).toEqual({});
  });

  it('selects the capabilities an answer names: its root, and the extensions of it (overview.md’s table)', () => {
    const intersection = intersect(
      {
        'dev.ucp.shopping.checkout': v('2026-04-08'),
        'dev.ucp.shopping.cart': v('2026-04-08'),
        'dev.ucp.shopping.order': v('2026-04-08'),
        'dev.ucp.shopping.discount': v('2026-04-08', { extends: ['dev.ucp.shopping.checkout', 'dev.ucp.shopping.cart'] }),
        'dev.ucp.shopping.fulfillment': v('2026-04-08', { extends: 'dev.ucp.shopping.checkout' }),
      },
      Object.fromEntries(['checkout', 'cart', 'order', 'discount', 'fulfillment'].map((n) => [`dev.ucp.shopping.${n}`, [v('2026-04-08')]])),
    );
    const names = (root: string) => Object.keys(relevantCapabilities(intersection, `dev.ucp.shopping.${root}`)).map((n) => n.split('.').at(-1));
    expect(names('checkout')).toEqual(['checkout', 'discount', 'fulfillment']);
    expect(names('cart')).toEqual(['cart', 'discount']);
    expect(names('order')).toEqual(['order']);
    expect(relevantCapabilities(intersection, 'dev.ucp.shopping.cart')).toEqual({ 'dev.ucp.shopping.cart': [{ version: '2026-04-08' }], 'dev.ucp.shopping.discount': [{ version: '2026-04-08' }] });
  });

  it('with the business’s own capabilities', () => {
    expect(intersect(BINDING_CAPABILITIES, { [SEARCH]: [v(UCP_VERSION)] })).toEqual({ [SEARCH]: v(UCP_VERSION) });
  });
});

describe('the platform profile as UCP defines it', () => {
  /** Every optional part, so that the official schema sees each. */
  const full = () =>
    platformProfile({
      capabilities: {
        [SEARCH]: [platformCapability(SEARCH, { config: { max_results: 50 } })],
        'com.acme.loyalty': [{ ...platformCapability('com.acme.loyalty', { extends: [SEARCH, LOOKUP] }), id: 'loyalty-1' }],
      },
      signing_keys: [{ kid: 'k1', kty: 'EC', crv: 'P-256', x: 'MKBCTNIcKUSDii11ySs3526iDZ8AiTo7Tu6KPAqv7D4', y: '4Etl6SRW2YiLUrN5vfvVHuhp7x8PxltmWWlbbM4IFyM', use: 'sig', alg: 'ES256' }],
    });

  it('the fixtures validate against the official platform_profile', (ctx) => {
    if (UCP_SCHEMAS_MISSING) return ctx.skip(UCP_SCHEMAS_MISSING);
    const validate = ucpAjv().getSchema(PLATFORM_PROFILE_SCHEMA)!;
    for (const profile of [platformProfile(), full()]) expect(validate(profile), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });

  type Doc = Record<string, any>;
  const cases: [string, boolean, (p: Doc) => void][] = [
    ['as built', true, () => {}],
    [
      'members of its own at every level',
      true,
      (p) => {
        p.name = 'x';
        p.ucp.note = 1;
        p.ucp.capabilities[SEARCH][0].flag = true;
        p.ucp.payment_handlers['com.example.processor_tokenizer'][0].available_instruments[0].extra = {};
        p.signing_keys[0].x5u = 'https://platform.shop/x5u';
      },
    ],
    ['no capabilities', true, (p) => delete p.ucp.capabilities],
    ['empty registries', true, (p) => Object.assign(p.ucp, { services: {}, capabilities: {}, payment_handlers: {} })],
    ['an a2a service without schema', true, (p) => (p.ucp.services['dev.ucp.shopping'] = [{ version: UCP_VERSION, spec: 'https://ucp.dev/s', transport: 'a2a' }])],
    ['ucp.status success', true, (p) => (p.ucp.status = 'success')],
    ['config {}', true, (p) => (p.ucp.capabilities[SEARCH][0].config = {})],
    ['no ucp', false, (p) => delete p.ucp],
    ['ucp a string', false, (p) => (p.ucp = 'x')],
    ['no ucp.version', false, (p) => delete p.ucp.version],
    ['ucp.version not a date', false, (p) => (p.ucp.version = '2026-4-8')],
    ['no services', false, (p) => delete p.ucp.services],
    ['no payment_handlers', false, (p) => delete p.ucp.payment_handlers],
    ['ucp.status pending', false, (p) => (p.ucp.status = 'pending')],
    ['a capability name not reverse-domain', false, (p) => (p.ucp.capabilities.Search = p.ucp.capabilities[SEARCH])],
    ['a registry entry not an array', false, (p) => (p.ucp.capabilities[SEARCH] = p.ucp.capabilities[SEARCH][0])],
    ['a capability entry not an object', false, (p) => (p.ucp.capabilities[SEARCH] = ['x'])],
    ['a capability without version', false, (p) => delete p.ucp.capabilities[SEARCH][0].version],
    ['a capability without spec', false, (p) => delete p.ucp.capabilities[SEARCH][0].spec],
    ['a capability without schema', false, (p) => delete p.ucp.capabilities[SEARCH][0].schema],
    ['a spec that is no URI', false, (p) => (p.ucp.capabilities[SEARCH][0].spec = 'not a uri')],
    ['a numeric id', false, (p) => (p.ucp.capabilities[SEARCH][0].id = 7)],
    ['config an array', false, (p) => (p.ucp.capabilities[SEARCH][0].config = [])],
    ['config null', false, (p) => (p.ucp.capabilities[SEARCH][0].config = null)],
    ['extends a name', true, (p) => (p.ucp.capabilities[SEARCH][0].extends = LOOKUP)],
    ['extends an array of names', true, (p) => (p.ucp.capabilities[SEARCH][0].extends = [LOOKUP, 'com.acme.x'])],
    ['extends []', false, (p) => (p.ucp.capabilities[SEARCH][0].extends = [])],
    ['extends a bad name', false, (p) => (p.ucp.capabilities[SEARCH][0].extends = 'Lookup')],
    ['extends a number', false, (p) => (p.ucp.capabilities[SEARCH][0].extends = 1)],
    ['a service of another transport', false, (p) => (p.ucp.services['dev.ucp.shopping'][0].transport = 'grpc')],
    ['a rest service without schema', false, (p) => delete p.ucp.services['dev.ucp.shopping'][0].schema],
    ['a service without spec', false, (p) => delete p.ucp.services['dev.ucp.shopping'][0].spec],
    ['a service without transport', false, (p) => delete p.ucp.services['dev.ucp.shopping'][0].transport],
    ['a service endpoint that is no URI', false, (p) => (p.ucp.services['dev.ucp.shopping'][0].endpoint = 'here')],
    ['a handler without id', false, (p) => delete p.ucp.payment_handlers['com.example.processor_tokenizer'][0].id],
    ['a handler without schema', false, (p) => delete p.ucp.payment_handlers['com.example.processor_tokenizer'][0].schema],
    ['no available instruments listed', false, (p) => (p.ucp.payment_handlers['com.example.processor_tokenizer'][0].available_instruments = [])],
    ['an instrument without type', false, (p) => (p.ucp.payment_handlers['com.example.processor_tokenizer'][0].available_instruments = [{}])],
    ['empty constraints', false, (p) => (p.ucp.payment_handlers['com.example.processor_tokenizer'][0].available_instruments = [{ type: 'card', constraints: {} }])],
    ['a signing key without kty', false, (p) => (p.signing_keys = [{ kid: 'k' }])],
    ['a signing key of another use', false, (p) => (p.signing_keys = [{ kid: 'k', kty: 'EC', use: 'auth' }])],
    ['signing_keys an object', false, (p) => (p.signing_keys = { kid: 'k', kty: 'EC' })],
  ];

  it.for(cases)('zod’s platform_profile gives the official schema’s verdict: %s (valid: %s)', ([, valid, mutate], ctx) => {
    const profile: Doc = structuredClone(full());
    mutate(profile);
    expect(platformProfileSchema.safeParse(profile).success).toBe(valid);
    if (UCP_SCHEMAS_MISSING) return ctx.skip(UCP_SCHEMAS_MISSING);
    expect(ucpAjv().getSchema(PLATFORM_PROFILE_SCHEMA)!(profile)).toBe(valid);
  });
});
