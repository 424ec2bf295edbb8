/**
 * The profile fetcher's SSRF rules, driven through a stub resolver: every special range refused
 * (each IP spelling too), one private address among public ones, redirects, a stall, a lookup that
 * never answers, 300 KiB, not JSON; a loopback listener that must see no connection; the pins and
 * the CA file (PROFILE_FETCH_RESOLVE, PROFILE_FETCH_CA_FILE) as start-up reads them; the cache.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../server/config';
import { describeProfileFetch } from '../server/profiles';
import { checkAddress } from '../server/profiles/address';
import { CACHE_RULES, DocumentCache } from '../server/profiles/cache';
import { checkedDestination, fetchJson, fetchRules, FetchRefused, pinnedRequest, type FetchRules, type Resolver } from '../server/profiles/fetch';
import { profileServer, type ProfileServer } from './support/profile-server';

let ps: ProfileServer;
let listener: net.Server;
let listenerPort: number;
let connections = 0;
let rules: FetchRules;

beforeAll(async () => {
  ps = await profileServer(['agents.test', 'other.localhost']);
  const config = loadConfig({ NODE_ENV: 'test', ...ps.env });
  rules = fetchRules(config.profileFetch);
  // Anything that reaches this port is a fetch that got around the rules.
  listener = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  listenerPort = (listener.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await ps?.close();
  await new Promise((resolve) => listener?.close(resolve));
});

/** A resolver that answers `addresses` for every name. */
const resolving = (...addresses: string[]): Resolver => async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

async function refusal(url: string, extra: Partial<FetchRules> = {}): Promise<string> {
  try {
    await fetchJson(url, { ...rules, ...extra });
  } catch (err) {
    expect(err).toBeInstanceOf(FetchRefused);
    return (err as Error).message;
  }
  throw new Error(`${url} was fetched`);
}

describe('addresses', () => {
  it.each([
    ['loopback', '127.0.0.1'],
    ['loopback, elsewhere in 127/8', '127.8.9.10'],
    ['IPv6 loopback', '::1'],
    ['unspecified', '0.0.0.0'],
    ['private 10/8', '10.1.2.3'],
    ['private 172.16/12', '172.16.0.1'],
    ['private 192.168/16', '192.168.1.1'],
    ['link-local (cloud metadata)', '169.254.169.254'],
    ['IPv6 link-local', 'fe80::1'],
    ['carrier-grade NAT', '100.64.0.1'],
    ['unique-local', 'fd00::1'],
    ['multicast', '224.0.0.1'],
    ['IPv6 multicast', 'ff02::1'],
    ['broadcast', '255.255.255.255'],
    ['reserved 240/4', '240.0.0.1'],
    ['documentation 192.0.2/24', '192.0.2.10'],
    ['documentation 198.51.100/24', '198.51.100.7'],
    ['IPv6 documentation', '2001:db8::1'],
    ['6to4', '2002:c000:204::1'],
    ['Teredo', '2001::1'],
    ['NAT64', '64:ff9b::10.0.0.1'],
    ['benchmarking', '198.18.0.1'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped private, in hex', '::ffff:a00:1'],
    ['IPv4-compatible loopback', '::7f00:1'],
    ['decimal loopback', '2130706433'],
    ['hex loopback', '0x7f000001'],
    ['octal loopback', '0177.0.0.1'],
    ['not an address', 'localhost'],
  ])('refuses %s (%s)', (_, address) => {
    expect(checkAddress(address).ok).toBe(false);
  });

  it.each(['93.184.215.14', '2606:4700::6810:84e5', '::ffff:93.184.215.14'])('takes public unicast %s', (address) => {
    expect(checkAddress(address)).toMatchObject({ ok: true });
  });
});

describe('SSRF: nothing reaches a non-public address', () => {
  it.each([
    ['a name resolving to loopback', (port: number) => `https://profile.example:${port}/p.json`, resolving('127.0.0.1')],
    ['a name resolving to IPv4-mapped loopback', (port: number) => `https://profile.example:${port}/p.json`, resolving('::ffff:127.0.0.1')],
    ['a name with one public and one private address', (port: number) => `https://profile.example:${port}/p.json`, resolving('93.184.215.14', '127.0.0.1')],
    ['a name with a private address first', (port: number) => `https://profile.example:${port}/p.json`, resolving('10.0.0.1', '93.184.215.14')],
    ['an IP literal', (port: number) => `https://127.0.0.1:${port}/p.json`, undefined],
    ['a decimal IP literal', (port: number) => `https://2130706433:${port}/p.json`, undefined],
    ['a hex IP literal', (port: number) => `https://0x7f000001:${port}/p.json`, undefined],
    ['a shortened IP literal', (port: number) => `https://127.1:${port}/p.json`, undefined],
    ['an IPv4-mapped IPv6 literal', (port: number) => `https://[::ffff:127.0.0.1]:${port}/p.json`, undefined],
    ['an IPv6 loopback literal', (port: number) => `https://[::1]:${port}/p.json`, undefined],
    ['a .test name on a port it is not pinned for', (port: number) => `https://agents.test:${port}/p.json`, resolving('127.0.0.1')],
    ['localhost', (port: number) => `https://localhost:${port}/p.json`, undefined],
  ])('%s', async (_, url, resolver) => {
    const message = await refusal(url(listenerPort), resolver ? { resolver } : {});
    expect(message).toMatch(/not public|not a public address|does not resolve/);
    expect(connections).toBe(0);
  });

  it('asks the system resolver for every address (a name that does not resolve fails)', async () => {
    expect(await refusal('https://no-such-host.invalid/p.json')).toContain('does not resolve');
  });

  it('fetches https only, without credentials in the URL', async () => {
    expect(await refusal(`http://agents.test:${ps.port}/p.json`)).toContain('not an https URL');
    expect(await refusal(`https://user:pw@agents.test:${ps.port}/p.json`)).toContain('credentials');
  });

  it('counts the lookup in the 5 s: a resolver that never answers', async () => {
    const never: Resolver = () => new Promise(() => {});
    const started = Date.now();
    expect(await refusal('https://slow.example/p.json', { resolver: never, timeoutMs: 200 })).toContain('did not answer within');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('holds the listener to no connection at all', () => {
    expect(connections).toBe(0);
  });
});

describe('what a pinned, trusted server may answer', () => {
  const url = (p: string) => `https://agents.test:${ps.port}${p}`;

  it('a JSON object, with its max-age', async () => {
    ps.routes.set('/ok.json', { body: { keys: [] }, headers: { 'cache-control': 'public, max-age=120' } });
    expect(await fetchJson(url('/ok.json'), rules)).toEqual({ json: { keys: [] }, maxAgeSeconds: 120 });
  });

  it('every pinned name, each with its own port', async () => {
    ps.routes.set('/ok.json', { body: { ok: true } });
    expect((await fetchJson(`https://other.localhost:${ps.port}/ok.json`, rules)).json).toEqual({ ok: true });
  });

  it('no redirect', async () => {
    ps.routes.set('/moved.json', { status: 302, headers: { location: '/ok.json' } });
    expect(await refusal(url('/moved.json'))).toContain('redirects (302)');
  });

  it('no other status', async () => {
    expect(await refusal(url('/nothing-here.json'))).toContain('answered 404');
  });

  it('nothing that stalls', async () => {
    ps.routes.set('/stall.json', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"keys": [');
    });
    expect(await refusal(url('/stall.json'), { timeoutMs: 300 })).toContain('did not answer within 0.3 s');
  });

  it('nothing over 256 KiB, with or without a length', async () => {
    const big = JSON.stringify({ pad: 'x'.repeat(300 * 1024) });
    ps.routes.set('/big.json', { body: big });
    expect(await refusal(url('/big.json'))).toContain('larger than 256 KiB');
    ps.routes.set('/big-chunked.json', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      for (let i = 0; i < 30; i++) res.write('x'.repeat(10 * 1024));
      res.end();
    });
    expect(await refusal(url('/big-chunked.json'))).toContain('larger than 256 KiB');
  });

  it('nothing that is not a JSON object', async () => {
    ps.routes.set('/text.json', { body: '<html>hello</html>' });
    expect(await refusal(url('/text.json'))).toContain('not JSON');
    ps.routes.set('/array.json', { body: '[1, 2]' });
    expect(await refusal(url('/array.json'))).toContain('not a JSON object');
  });

  it('a certificate for the name: not trusted without the CA file, not valid for another name', async () => {
    ps.routes.set('/ok.json', { body: {} });
    const untrusted = fetchRules(loadConfig({ NODE_ENV: 'test', PROFILE_FETCH_RESOLVE: ps.env.PROFILE_FETCH_RESOLVE }).profileFetch);
    expect(await refusal(url('/ok.json'), untrusted)).toMatch(/could not be fetched \((SELF_SIGNED|UNABLE_TO|DEPTH_ZERO)/);
    const wrongName = fetchRules(loadConfig({ NODE_ENV: 'test', PROFILE_FETCH_RESOLVE: `wrong.test:${ps.port}:127.0.0.1`, PROFILE_FETCH_CA_FILE: ps.caFile }).profileFetch);
    expect(await refusal(`https://wrong.test:${ps.port}/ok.json`, wrongName)).toContain('ERR_TLS_CERT_ALTNAME_INVALID');
  });

  it('PROFILE_FETCH_LOCAL: a .localhost name on its port is fetched from loopback whatever its certificate, and nothing else is', async () => {
    ps.routes.set('/ok.json', { body: { ok: true } });
    const local = fetchRules(loadConfig({ NODE_ENV: 'test', PROFILE_FETCH_LOCAL: `other.localhost:${ps.port}` }).profileFetch);
    expect((await fetchJson(`https://other.localhost:${ps.port}/ok.json`, local)).json).toEqual({ ok: true });
    // Another port of the same name is no pin: its lookup finds loopback, which is refused.
    expect(await refusal(`https://other.localhost:${listenerPort}/ok.json`, { ...local, resolver: resolving('127.0.0.1') })).toContain('not public');
    expect(connections).toBe(0);
    // The order webhooks' POSTs take the same request options: certificates unchecked for these pins only.
    const target = new URL(`https://other.localhost:${ps.port}/hook`);
    expect(pinnedRequest(target, await checkedDestination(target, local), local).rejectUnauthorized).toBe(false);
    expect(pinnedRequest(target, await checkedDestination(target, rules), rules).rejectUnauthorized).toBeUndefined();
  });
});

describe('PROFILE_FETCH_RESOLVE and PROFILE_FETCH_CA_FILE at start-up', () => {
  const load = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: 'production', ...env });

  it('pins .test and .localhost names to loopback, per port, in production too', () => {
    const { pins } = loadConfig({ NODE_ENV: 'production', PROFILE_FETCH_RESOLVE: 'agents.test:8443:127.0.0.1, Dev.Localhost:443:[::1]' }).profileFetch;
    expect(pins).toEqual([
      { host: 'agents.test', port: 8443, address: '127.0.0.1' },
      { host: 'dev.localhost', port: 443, address: '::1' },
    ]);
  });

  it.each([
    ['a public name', 'agents.example.com:443:127.0.0.1'],
    ['localhost itself', 'localhost:443:127.0.0.1'],
    ['a private address', 'agents.test:443:10.0.0.1'],
    ['a public address', 'agents.test:443:93.184.215.14'],
    ['no port', 'agents.test:127.0.0.1'],
    ['port 0', 'agents.test:0:127.0.0.1'],
    ['a port out of range', 'agents.test:70000:127.0.0.1'],
    ['garbage', 'nonsense'],
  ])('fails start-up with a sentence for %s', (_, value) => {
    expect(load({ PROFILE_FETCH_RESOLVE: value })).toThrow(/^PROFILE_FETCH_RESOLVE must be host:port:address/);
  });

  it('says each pin, and the CA file, for start-up to log', () => {
    const config = loadConfig({ NODE_ENV: 'production', PROFILE_FETCH_RESOLVE: 'agents.test:8443:127.0.0.1,dev.localhost:443:[::1]', PROFILE_FETCH_CA_FILE: ps.caFile }).profileFetch;
    expect(describeProfileFetch(config)).toEqual([
      'Profile fetches: agents.test:8443 is pinned to 127.0.0.1 (PROFILE_FETCH_RESOLVE).',
      'Profile fetches: dev.localhost:443 is pinned to ::1 (PROFILE_FETCH_RESOLVE).',
      `Profile fetches trust the certificates in ${ps.caFile} beside Node's bundled roots (PROFILE_FETCH_CA_FILE).`,
    ]);
    expect(describeProfileFetch(loadConfig({ NODE_ENV: 'production' }).profileFetch)).toEqual([]);
  });

  it('PROFILE_FETCH_LOCAL pins .localhost names to 127.0.0.1 with any certificate, said at start-up; refused with DATABASE_URL', () => {
    const config = loadConfig({ NODE_ENV: 'production', PROFILE_FETCH_LOCAL: 'Platform.localhost:8443' }).profileFetch;
    expect(config.pins).toEqual([{ host: 'platform.localhost', port: 8443, address: '127.0.0.1', anyCertificate: true }]);
    expect(describeProfileFetch(config)).toEqual(['Profile fetches: platform.localhost:8443 is pinned to 127.0.0.1, any certificate accepted (PROFILE_FETCH_LOCAL: development only).']);
    expect(load({ PROFILE_FETCH_LOCAL: 'platform.localhost:8443', DATABASE_URL: 'postgres://db/x' })).toThrow(/^PROFILE_FETCH_LOCAL accepts any certificate .* unset it with DATABASE_URL set/);
    for (const value of ['agents.test:8443', 'platform.example.com:443', 'localhost:8443', 'platform.localhost', 'platform.localhost:0', 'platform.localhost:8443:127.0.0.1']) {
      expect(load({ PROFILE_FETCH_LOCAL: value }), value).toThrow(/^PROFILE_FETCH_LOCAL must be host:port\[,…\] with a host ending in \.localhost/);
    }
    expect(load({ PROFILE_FETCH_LOCAL: 'a.localhost:1', PROFILE_FETCH_RESOLVE: 'a.localhost:1:127.0.0.1' })).toThrow('PROFILE_FETCH_LOCAL pins a.localhost:1 twice');
  });

  it('fails start-up for a pin given twice', () => {
    expect(load({ PROFILE_FETCH_RESOLVE: 'a.test:1:127.0.0.1,a.test:1:127.0.0.2' })).toThrow('pins a.test:1 twice');
  });

  it('reads the CA file, and fails start-up when it is missing or holds no certificate', () => {
    expect(loadConfig({ NODE_ENV: 'test', PROFILE_FETCH_CA_FILE: ps.caFile }).profileFetch.ca?.pem).toContain('BEGIN CERTIFICATE');
    expect(load({ PROFILE_FETCH_CA_FILE: '/nonexistent/ca.pem' })).toThrow(/^PROFILE_FETCH_CA_FILE cannot be read \(ENOENT\)/);
    const junk = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ca-')), 'junk.pem');
    fs.writeFileSync(junk, 'not a certificate');
    expect(load({ PROFILE_FETCH_CA_FILE: junk })).toThrow(/^PROFILE_FETCH_CA_FILE must hold PEM certificates/);
    fs.rmSync(path.dirname(junk), { recursive: true });
  });
});

describe('the document cache', () => {
  function counting(answers: (() => { value: string; maxAgeSeconds?: number } | Error)[]) {
    let now = 1_000_000;
    const loads: string[] = [];
    const cache = new DocumentCache<string>(
      async (url) => {
        loads.push(url);
        const answer = answers[Math.min(loads.length - 1, answers.length - 1)]();
        if (answer instanceof Error) throw answer;
        return answer;
      },
      () => now,
      3,
    );
    return { cache, loads, advance: (seconds: number) => (now += seconds * 1000) };
  }

  it('keeps an answer for its max-age clamped to [60 s, 24 h], else 300 s', async () => {
    for (const [maxAge, kept] of [[10, 60], [120, 120], [10 ** 7, 86_400], [undefined, 300]] as const) {
      const { cache, loads, advance } = counting([() => ({ value: 'v', maxAgeSeconds: maxAge })]);
      await cache.get('u');
      advance(kept - 1);
      await cache.get('u');
      expect(loads).toHaveLength(1);
      advance(1);
      await cache.get('u');
      expect(loads).toHaveLength(2);
    }
  });

  it('keeps a failure 60 s', async () => {
    const { cache, loads, advance } = counting([() => new FetchRefused('down'), () => ({ value: 'up' })]);
    expect(await cache.get('u')).toMatchObject({ ok: false, reason: 'down', fresh: true });
    advance(CACHE_RULES.failureSeconds - 1);
    expect(await cache.get('u')).toMatchObject({ ok: false, fresh: false });
    advance(1);
    expect(await cache.get('u')).toMatchObject({ ok: true, value: 'up' });
    expect(loads).toHaveLength(2);
  });

  it('fetches a URL once while it is in flight', async () => {
    const { cache, loads } = counting([() => ({ value: 'v' })]);
    const all = await Promise.all([cache.get('u'), cache.get('u'), cache.get('u')]);
    expect(all.map((a) => a.ok && a.value)).toEqual(['v', 'v', 'v']);
    expect(loads).toHaveLength(1);
  });

  it('refetches at most once a minute per URL; a failed refetch keeps the cached answer', async () => {
    const { cache, loads, advance } = counting([() => ({ value: 'v1' }), () => ({ value: 'v2' }), () => new FetchRefused('down')]);
    await cache.get('u');
    expect(await cache.refetch('u')).toMatchObject({ ok: true, value: 'v2' });
    expect(await cache.refetch('u')).toBeUndefined();
    advance(CACHE_RULES.refetchSeconds);
    expect(await cache.refetch('u')).toMatchObject({ ok: true, value: 'v2' });
    expect(loads).toHaveLength(3);
  });

  it('drops the least recently used entry past its size', async () => {
    const { cache, loads } = counting([() => ({ value: 'v' })]);
    for (const url of ['a', 'b', 'c']) await cache.get(url);
    await cache.get('a'); // a is now the most recent
    await cache.get('d'); // b goes
    expect(cache.peek('a')).toBeDefined();
    expect(cache.peek('b')).toBeUndefined();
    expect(loads).toEqual(['a', 'b', 'c', 'd']);
  });
});
