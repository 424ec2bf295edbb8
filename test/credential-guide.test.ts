/**
 * "With a credential": /llms.txt and the overview doc tell an agent the same four ways past the
 * open surface (a network key, buyers, OAuth, settlement), in at most 1 KB of llms.txt, and every
 * call they name is one the service answers at that method and path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './support/app';

const GUIDE_MAX_BYTES = 1024;

let t: TestApp;
let llms: string;
let overview: Record<string, unknown>;
beforeAll(async () => {
  t = await testApp();
  llms = await (await t.call('GET', '/llms.txt')).text();
  overview = await (await t.call('GET', '/api/agent/docs/overview')).json();
});
afterAll(() => t?.close());

/** The section of llms.txt under its heading, up to the next heading. */
function section(text: string, heading: string): string {
  const start = text.indexOf(`${heading}\n`);
  expect(start, `llms.txt has no section "${heading}"`).toBeGreaterThan(-1);
  const end = text.indexOf('\n## ', start + heading.length);
  return text.slice(start, end === -1 ? undefined : end + 1);
}

describe('With a credential', () => {
  it(`is a section of llms.txt of at most ${GUIDE_MAX_BYTES} bytes, before "Where things are"`, () => {
    const guide = section(llms, '## With a credential');
    console.log(`llms.txt "With a credential": ${Buffer.byteLength(guide)} bytes`);
    expect(Buffer.byteLength(guide)).toBeLessThanOrEqual(GUIDE_MAX_BYTES);
    expect(llms.indexOf('## With a credential')).toBeLessThan(llms.indexOf('## Where things are'));
    expect(llms).not.toContain('nothing needs an account');
  });

  it('says in llms.txt what the overview doc says in JSON', () => {
    const guide = overview.with_a_credential as Record<string, string>;
    expect(Object.keys(guide)).toEqual(['network_key', 'buyers', 'oauth', 'settlement']);
    const bullets = section(llms, '## With a credential').split('\n').filter((line) => line.startsWith('- '));
    expect(bullets).toEqual(Object.values(guide).map((sentence) => `- ${sentence}`));
  });

  it('names where a person mints a key, how a buyer token and an OAuth grant are had, and how to settle', () => {
    const guide = overview.with_a_credential as Record<string, string>;
    expect(guide.network_key).toContain('/signin');
    expect(guide.network_key).toContain('/dashboard');
    expect(guide.buyers).toMatch(/code.*buyer token/);
    expect(guide.oauth).toContain('/.well-known/oauth-authorization-server');
    expect(guide.oauth).toContain('/oauth/register');
    expect(guide.settlement).toContain('checkout:write');
  });

  it('names only calls the service answers (without a credential: 401, never 404 or 405)', async () => {
    const calls = [...llms.matchAll(/\b(GET|POST) (\/api\/agent\/[\w/{}-]+)/g)].filter(([, , path]) => section(llms, '## With a credential').includes(path));
    expect(calls.length).toBeGreaterThanOrEqual(5);
    for (const [, method, path] of calls) {
      const res = await t.call(method, path.replace('{id}', 'cart_00000000000000000000000000'), {
        headers: { 'Idempotency-Key': crypto.randomUUID(), 'Content-Type': 'application/json' },
        ...(method === 'POST' && { body: {} }),
      });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect((await res.json()).code, `${method} ${path}`).toBe('credential_required');
    }
  });
});
