/**
 * A small property-based fuzz of ACP's binding (issue #47 §8 "fuzz /acp"): random bodies (JSON
 * values, near-valid requests with a field replaced, raw bytes) and random header values on every
 * ACP route, as a platform and not. Never a 500; every refusal is ACP's flat Error, never
 * `{error, code}`. A bounded number of cases with a printed seed (ACP_FUZZ_RUNS, ACP_FUZZ_SEED).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './support/app';
import { platformKey } from './support/acp';
import { variantId } from './support/cart-fixtures';
import { seedCatalog, seller } from './support/catalog-fixtures';

const RUNS = Number(process.env.ACP_FUZZ_RUNS ?? 150);
const SEED = Number(process.env.ACP_FUZZ_SEED ?? Date.now() % 2 ** 31);

let t: TestApp;
let key: string;
let kettle: string;
let session: string;

const ROUTES: [string, (id: string) => string][] = [
  ['POST', () => '/acp/checkout_sessions'],
  ['GET', (id) => `/acp/checkout_sessions/${id}`],
  ['POST', (id) => `/acp/checkout_sessions/${id}`],
  ['POST', (id) => `/acp/checkout_sessions/${id}/complete`],
  ['POST', (id) => `/acp/checkout_sessions/${id}/cancel`],
  ['POST', () => '/acp/carts'],
  ['PUT', (id) => `/acp/carts/${id}`],
  ['POST', () => '/acp/agentic_commerce/delegate_payment'],
];

beforeAll(async () => {
  t = await testApp({ RATE_LIMITS: 'off' });
  await seedCatalog(t.app.services.db, [{ seller: seller('north-shop'), products: [{ title: 'Enamel Kettle', variants: [[3200, 50]] }] }]);
  kettle = await variantId(t.app.services.db, 'Enamel Kettle');
  ({ key } = await platformKey(t));
  const res = await t.call('POST', '/acp/checkout_sessions', {
    headers: { 'API-Version': '2026-04-17', Authorization: `Bearer ${key}`, 'Idempotency-Key': 'fuzz-seed-session' },
    body: { line_items: [{ id: kettle }], currency: 'usd', capabilities: {} },
  });
  session = (await res.json()).id;
});
afterAll(async () => {
  await t?.close();
});

const valid = () => ({ line_items: [{ id: kettle, quantity: 1 }], currency: 'usd', capabilities: {}, buyer: { email: 'ada@example.com' }, payment_data: { handler_id: 'card_tokenized', instrument: { type: 'card', credential: { type: 'spt', token: 'vt_x' } } } });

const body = fc.oneof(
  fc.jsonValue(),
  fc.record({ field: fc.constantFrom(...Object.keys(valid())), value: fc.jsonValue() }).map(({ field, value }) => ({ ...valid(), [field]: value })),
  fc.string().map((raw) => ({ raw })),
);

const headerValue = fc.oneof(fc.constant(undefined), fc.string({ maxLength: 300 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')));

describe('ACP’s binding, fuzzed', () => {
  it(`never answers 500, and refuses only in ACP's Error (seed ${SEED})`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.constantFrom('id', 'other', 'bad'),
        body,
        fc.record({ version: fc.oneof(fc.constant('2026-04-17'), headerValue), key: fc.oneof(fc.constant('fresh'), headerValue), auth: fc.constantFrom('platform', 'none', 'junk') }),
        async ([method, path], which, sent, h) => {
          const id = which === 'id' ? session : which === 'other' ? 'cart_01nothing' : '%ZZ';
          const headers: Record<string, string> = {};
          if (h.version !== undefined) headers['API-Version'] = h.version;
          if (h.key !== undefined) headers['Idempotency-Key'] = h.key === 'fresh' ? `fuzz-${Math.random()}` : h.key;
          if (h.auth === 'platform') headers.Authorization = `Bearer ${key}`;
          if (h.auth === 'junk') headers.Authorization = 'Bearer ak_live_junk';
          const init = method === 'GET' ? { headers } : typeof sent === 'object' && sent !== null && 'raw' in sent ? { headers: { ...headers, 'content-type': 'application/json' }, raw: String(sent.raw) } : { headers, body: sent };
          const res = await t.call(method, path(id), init);
          const text = await res.text();
          expect(res.status, `${method} ${path(id)} ${text}`).toBeLessThan(500);
          if (res.status >= 400) {
            const answer = JSON.parse(text);
            expect(Object.keys(answer), text).not.toContain('error');
            expect(answer).toMatchObject({ type: expect.any(String), code: expect.any(String), message: expect.any(String) });
          }
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  }, 240_000);
});
