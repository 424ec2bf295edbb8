/**
 * Client metadata of any shape, fuzzed (fast-check) through the real server: registration bodies
 * (POST /oauth/register) and Client ID Metadata Documents (served over HTTPS under a pinned .test
 * name, named as client_id at GET /oauth/authorize). Members of every type, huge, nested deeper
 * than JSON.stringify can follow, in any Unicode (NUL and lone surrogates included): never a 5xx.
 * A standard member of the wrong type is 400 invalid_client_metadata (for a document, the
 * authorize error page saying so). FUZZ_SEED replays a run.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAUTH_LIMITS } from '../server/oauth/authorization-server';
import { oauthServer, type OAuthServer } from './support/oauth';
import { profileServer, type ProfileServer } from './support/profile-server';

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const REDIRECT = 'http://127.0.0.1:9/callback';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

let ps: ProfileServer;
let s: OAuthServer;
beforeAll(async () => {
  ps = await profileServer();
  // Each request names its own client address (TRUST_PROXY): no per-address limit or fetch budget
  // is reached; registration's own limit raised for the few hundred bodies.
  const roomy = { limit: 10_000, windowSeconds: 3600 };
  s = await oauthServer({ ...ps.env, TRUST_PROXY: '1' }, undefined, { ...OAUTH_LIMITS, registration: roomy, authorize: roomy });
  console.log(`oauth metadata fuzz: seed ${SEED}`);
});
afterAll(async () => {
  await s?.close();
  await ps?.close();
});

let addresses = 0;
/** A client address of its own for each request (198.18.0.0/15, the benchmarking range). */
const nextAddress = () => `198.18.${Math.floor(++addresses / 250) % 250}.${(addresses % 250) + 1}`;

/** Every standard member (RFC 7591, OpenID Connect registration), some twice as likely, and odd names. */
const MEMBERS = [
  'redirect_uris',
  'redirect_uris',
  'client_name',
  'client_uri',
  'logo_uri',
  'policy_uri',
  'tos_uri',
  'contacts',
  'grant_types',
  'response_types',
  'response_modes',
  'token_endpoint_auth_method',
  'scope',
  'software_id',
  'software_version',
  'application_type',
  'jwks',
  'jwks_uri',
  'sector_identifier_uri',
  'subject_type',
  'id_token_signed_response_alg',
  'default_max_age',
  'require_auth_time',
  'default_acr_values',
  'initiate_login_uri',
  'client_id_issued_at',
  'client_secret_expires_at',
  'client_secret',
  '__proto__',
  'constructor',
  'x_custom',
];

/** Deep nesting written as text: JSON.stringify (which the test would otherwise use) cannot follow it either. */
const nested = (depth: number, inner = '"x"') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

/** A JSON value as text: any shape, sizes up to the provider's 56 KiB body, any Unicode. */
const valueText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)), weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map((v) => JSON.stringify(v)), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 10 }).map((v) => JSON.stringify([`https://agent.example/${v}`])), weight: 2 },
  fc.constantFrom('"\\u0000"', '"\\ud800"', '["https://agent.example/\\udc00"]', '["http://127.0.0.1:9/\\u0000"]', '"a\\nb"', '""', '[]', '{}', 'null', '0', '-1', '1e308', '1.5', 'true'),
  fc.integer({ min: 1000, max: 20_000 }).map((n) => nested(n)),
  fc.integer({ min: 2, max: 50 }).map((n) => JSON.stringify({ keys: [{ kty: 'EC', x: JSON.parse(nested(n, '{}')) }] })),
  fc.integer({ min: 2_000, max: 40_000 }).map((n) => JSON.stringify('é'.repeat(n))),
  fc.integer({ min: 33, max: 2_000 }).map((n) => JSON.stringify(Array.from({ length: n }, (_, i) => `https://agent.example/${i}`))),
  fc.constant(JSON.stringify([REDIRECT])),
);

const mutations = fc.array(fc.tuple(fc.constantFrom(...MEMBERS), valueText), { minLength: 1, maxLength: 3 });
const members = (pairs: [string, string][]) => pairs.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',');

/** A body: a well-formed one with members replaced, or not an object at all. */
const registrationBody = fc.oneof(
  { arbitrary: mutations.map((pairs) => `{"redirect_uris":${JSON.stringify([REDIRECT])},"token_endpoint_auth_method":"none",${members(pairs)}}`), weight: 9 },
  { arbitrary: valueText, weight: 1 },
);

const register = (body: string) =>
  fetch(`${s.url}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() }, body });

let documents = 0;
/** Serves `document(url)` at a path of its own (nothing cached) and starts an authorization naming it. */
async function authorizeWith(document: (url: string) => string): Promise<Response> {
  const path = `/fuzz/${++documents}.json`;
  const clientId = `${ps.origin}${path}`;
  ps.routes.set(path, { body: document(clientId) });
  const query = new URLSearchParams({ client_id: clientId, response_type: 'code', redirect_uri: REDIRECT, scope: 'buyer:write', code_challenge: CHALLENGE, code_challenge_method: 'S256', state: 's' });
  return fetch(`${s.url}/oauth/authorize?${query}`, { redirect: 'manual', headers: { 'x-forwarded-for': nextAddress() } });
}

describe('registration bodies of any shape', () => {
  it.each([
    ['a string', '"https://agent.example/cb"'],
    ['an object', '{"0":"https://agent.example/cb"}'],
    ['a number', '42'],
    ['a boolean', 'true'],
    ['null', 'null'],
    ['nested arrays (20,000 deep)', nested(20_000)],
    ['an array of numbers', '[1,2]'],
    ['an array of 1,000 URIs', JSON.stringify(Array.from({ length: 1000 }, (_, i) => `https://agent.example/${i}`))],
    ['a URI with a lone surrogate', '["https://agent.example/\\ud800"]'],
  ])('redirect_uris as %s: 400 invalid_client_metadata', async (_, value) => {
    const res = await register(`{"redirect_uris":${value},"token_endpoint_auth_method":"none"}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_client_metadata', error_description: expect.stringMatching(/redirect_uris must be an array/) });
  });

  it.each([
    ['client_name', 'an object', '{"first":"Agent"}'],
    ['client_name', '201 characters', JSON.stringify('x'.repeat(201))],
    ['client_name', 'text with NUL', '"Agent\\u0000"'],
    ['contacts', 'a string', '"ops@agent.example"'],
    ['grant_types', 'nested arrays', '[["authorization_code"]]'],
    ['response_types', 'an array of numbers', '[1]'],
    ['scope', 'an array', '["buyer:write"]'],
    ['token_endpoint_auth_method', 'a number', '0'],
    ['id_token_signed_response_alg', 'nested arrays', nested(20_000)],
    ['software_id', 'an object', '{}'],
    ['default_max_age', 'a string', '"60"'],
    ['require_auth_time', 'a string', '"yes"'],
    ['jwks', 'an array', '[]'],
    ['jwks', 'a key nested deep', `{"keys":[{"kty":"EC","crv":${nested(5_000)}}]}`],
    ['client_uri', 'an array', '["https://agent.example/"]'],
  ])('%s as %s: 400 invalid_client_metadata naming it', async (member, _, value) => {
    const res = await register(`{"redirect_uris":${JSON.stringify([REDIRECT])},"token_endpoint_auth_method":"none",${JSON.stringify(member)}:${value}}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_client_metadata', error_description: expect.stringContaining(`client metadata ${member} must be`) });
  });

  it('still registers a client in unicode, and one of the right types', async () => {
    const res = await register(JSON.stringify({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none', client_name: 'Agent 🛒 éà 代理', contacts: ['ops@agent.example'], software_id: 'x' }));
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ client_name: 'Agent 🛒 éà 代理', redirect_uris: [REDIRECT] });
  });

  it('fuzzed (300 cases): never a 5xx; every refusal an RFC 6749 body', async () => {
    await fc.assert(
      fc.asyncProperty(registrationBody, async (body) => {
        const res = await register(body);
        const answer = (await res.json()) as { error?: string; client_id?: string };
        expect(res.status, body.slice(0, 300)).toBeLessThan(500);
        if (res.status === 201) expect(answer.client_id).toEqual(expect.any(String));
        else expect([res.status, answer.error], body.slice(0, 300)).toEqual([400, expect.stringMatching(/^invalid_(client_metadata|redirect_uri|request)$/)]);
      }),
      { numRuns: 300, seed: SEED },
    );
  }, 60_000);
});

describe('Client ID Metadata Documents of any shape', () => {
  it.each([
    ['a string', '"https://agent.example/cb"'],
    ['an object', '{"uri":"https://agent.example/cb"}'],
    ['a number', '42'],
    ['a boolean', 'false'],
    ['nested arrays (50,000 deep)', nested(50_000)],
  ])('redirect_uris as %s: the authorize error page, 400, saying invalid client metadata', async (_, value) => {
    const res = await authorizeWith((url) => `{"client_id":${JSON.stringify(url)},"token_endpoint_auth_method":"none","redirect_uris":${value}}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toContain('client metadata redirect_uris must be an array');
  });

  it('fuzzed (150 cases): never a 5xx; a refusal is the HTML error page', async () => {
    const document = fc.oneof(
      { arbitrary: mutations.map((pairs) => (url: string) => `{"client_id":${JSON.stringify(url)},"redirect_uris":${JSON.stringify([REDIRECT])},"token_endpoint_auth_method":"none",${members(pairs)}}`), weight: 9 },
      { arbitrary: valueText.map((text) => () => text), weight: 1 },
    );
    await fc.assert(
      fc.asyncProperty(document, async (make) => {
        const res = await authorizeWith(make);
        const page = await res.text();
        expect(res.status, page.slice(0, 300)).toBeLessThan(500);
        if (res.status === 400) expect(res.headers.get('content-type')).toMatch(/text\/html/);
        else expect(res.status).toBeGreaterThanOrEqual(300);
      }),
      { numRuns: 150, seed: SEED },
    );
  }, 60_000);
});
