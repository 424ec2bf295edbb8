/**
 * Run as its own process (test/profile-cache.test.ts): `node --expose-gc --max-old-space-size=512
 * --import tsx test/support/hostile-documents.ts`. A service (the real node:http server, OAuth
 * included, on a test database) is made to fetch DOCUMENTS distinct hostile documents of each kind
 * a client can name, each just under the 256 KiB a fetch reads and of the worst shape for what is
 * kept of it, through the real paths: platform profiles negotiated by UCP's binding, agent profiles
 * whose keys verify a signed call, OAuth Client ID Metadata Documents named by authorizations.
 * It prints one JSON line: the heap used before and after (each after a forced GC), the bound,
 * and whether the service still answers each kind.
 *
 * The shapes: every kept member as long as it may be, as many as one digest may hold
 * (CACHE_RULES.maxEntryBytes), and the rest of the document empty objects where a digest read
 * them verbatim before: a capability's config (negotiation), a client's contacts.
 */
import { CACHE_RULES } from '../../server/profiles/cache';
import { MAX_DOCUMENT_BYTES } from '../../server/profiles/fetch';
import { heapBytes } from '../../server/profiles/kept-bytes';
import { documentKeys } from '../../server/signatures/keys';
import { oauthServer } from './oauth';
import { platformCapability, platformProfile } from './platform-profile';
import { profileServer } from './profile-server';
import { signRequest, testKey } from './signing';

/** DOCUMENTS (default 1,000) and PROFILE_CACHE_BYTES from the environment, for a shorter run by hand. */
const DOCUMENTS = Number(process.env.DOCUMENTS ?? 1000);
const PARALLEL = 8;
const REDIRECT = 'http://127.0.0.1:9/callback';
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

// The instance fetches at most 20 platform profiles a second (negotiation/fetch-rate.ts): its clock
// is moved on 50 ms a profile, as a fake clock moves it in other tests, rather than waiting 50 s.
const realNow = Date.now;
let skew = 0;
Date.now = () => realNow() + skew;

const ps = await profileServer();
const s = await oauthServer({ ...ps.env, TRUST_PROXY: '1', ...(process.env.PROFILE_CACHE_BYTES && { PROFILE_CACHE_BYTES: process.env.PROFILE_CACHE_BYTES }) });
const agentKey = testKey('ES256', 'agent-key');

/** `n` keys whose members are as long as a kept key's may be, `use` excepted (a platform profile's is sig or enc). */
const longKeys = (n: number) =>
  Array.from({ length: n }, (_, i) => {
    const long = (c: string) => `${c}${i}`.padEnd(1000, c);
    return { kty: 'EC', kid: long('k'), crv: long('c'), x: long('x'), y: long('y'), n: long('n'), e: long('e'), alg: long('a'), use: 'sig' };
  });
/** As many such keys as one digest may keep: what a document's keys cost is as high as the cache allows. */
const KEYS = (() => {
  let n = 1;
  while (heapBytes(documentKeys({ signing_keys: [agentKey.jwk, ...longKeys(n + 1)] })) < CACHE_RULES.maxEntryBytes * 0.95) n++;
  return longKeys(n);
})();

/** `document` with `junk` (a list inside it, filled to the size limit with `{}`) as a JSON template; `@ID@` names the document. */
function template(document: unknown, junkPath: string[]): string {
  const text = JSON.stringify(document, (key, value) => (key === junkPath.at(-1) && Array.isArray(value) && value.length === 0 ? '@JUNK@' : value));
  const room = MAX_DOCUMENT_BYTES - 64 - (text.length - '"@JUNK@"'.length);
  return text.replace('"@JUNK@"', `[${Array(Math.floor(room / 3)).fill('{}').join(',')}]`);
}

const PLATFORM = template(
  platformProfile({
    capabilities: {
      ...platformProfile().ucp.capabilities as Record<string, never>,
      'dev.ucp.shopping.order': [platformCapability('dev.ucp.shopping.order', { config: { webhook_url: 'https://agents.test/hooks/@ID@', junk: [] } })],
    },
    signing_keys: KEYS,
  }),
  ['junk'],
);
const AGENT = template({ name: 'agent @ID@', signing_keys: [agentKey.jwk, ...KEYS], padding: [] }, ['padding']);
const client = (junk: string) => ({
  client_id: '@URL@',
  client_name: 'client @ID@',
  redirect_uris: [REDIRECT, ...Array.from({ length: 55 }, (_, i) => `https://agents.test/${i}/`.padEnd(2000, 'r'))],
  token_endpoint_auth_method: 'none',
  [junk]: [],
});
/** Half the client documents fill a member that is kept (contacts), half one that is not. */
const CLIENTS = [template(client('contacts'), ['contacts']), template(client('padding'), ['padding'])];

let served = 0;
function serve(kind: string, i: number, body: string): string {
  const path = `/${kind}/${i}.json`;
  const url = `${ps.origin}${path}`;
  ps.routes.set(path, (_req, res) => {
    served++;
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=86400' }).end(body.replaceAll('@ID@', String(i)).replace('@URL@', url));
  });
  return url;
}

/** A client address of its own per document: the per-address budget (30 fetches a minute) is not what is tested. */
const address = (i: number) => `198.18.${i >> 8}.${i & 255}`;

const ask = {
  async platform(i: number, body = PLATFORM): Promise<number> {
    skew += 50;
    const url = serve('platform', i, body);
    const res = await s.call('POST', '/ucp/catalog/search', { headers: { 'UCP-Agent': `profile="${url}"` }, body: { query: 'x' }, address: address(i) });
    await res.arrayBuffer();
    return res.status;
  },
  async agent(i: number, body = AGENT): Promise<string | null> {
    const url = serve('agent', i, body);
    const headers = await signRequest({ method: 'GET', url: `${s.url}/api/agent/platform/limits`, headers: { 'ucp-agent': `profile="${url}"` } }, { key: agentKey });
    const res = await s.call('GET', '/api/agent/platform/limits', { headers, address: address(i) });
    await res.arrayBuffer();
    return res.headers.get('service-agent-trust');
  },
  async client(i: number, body = CLIENTS[i % 2]): Promise<number> {
    const url = serve('client', i, body);
    const query = new URLSearchParams({ client_id: url, response_type: 'code', redirect_uri: REDIRECT, scope: 'openid', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGWSJpKmQ4', code_challenge_method: 'S256', state: 'st' });
    const res = await fetch(`${s.url}/oauth/authorize?${query}`, { redirect: 'manual', headers: { 'x-forwarded-for': address(i) } });
    await res.arrayBuffer();
    return res.status;
  },
};

/** Each of `count` documents from `from`, PARALLEL at a time; the answers seen, counted. */
async function each(count: number, from: number, one: (i: number) => Promise<unknown>): Promise<Record<string, number>> {
  const seen: Record<string, number> = {};
  let next = from;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < from + count) {
        const answer = String(await one(next++));
        seen[answer] = (seen[answer] ?? 0) + 1;
      }
    }),
  );
  return seen;
}

const heapUsed = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

// A few of each first, so that what is loaded once (the provider's pages, the schemas) is not counted.
for (const one of Object.values(ask)) await each(PARALLEL, 0, one);
const before = heapUsed();
const started = realNow();
// One kind after another, as a flood of one kind would come; the cache is shared by all three.
const answers = { platform: await each(DOCUMENTS, PARALLEL, ask.platform), agent: await each(DOCUMENTS, PARALLEL, ask.agent), client: await each(DOCUMENTS, PARALLEL, ask.client) };
const seconds = (realNow() - started) / 1000;
const after = heapUsed();

// Still answering: a well-formed document of each kind, fetched now.
const fine = DOCUMENTS + PARALLEL;
const still = {
  platform: await ask.platform(fine, JSON.stringify(platformProfile())),
  agent: await ask.agent(fine, JSON.stringify({ signing_keys: [agentKey.jwk] })),
  client: await ask.client(fine, JSON.stringify({ client_id: '@URL@', client_name: 'fine', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' })),
};
console.log(
  JSON.stringify({ before, after, bound: s.config.profileFetch.cacheBytes, documentBytes: PLATFORM.length, keys: KEYS.length, served, seconds, answers, still }),
);
await s.close();
await ps.close();
