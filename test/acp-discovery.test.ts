/**
 * `/.well-known/acp.json`, ACP 2026-04-17's discovery document (rfcs/rfc.discovery.md §4): public,
 * cacheable for an hour, exactly issue #47 §7's document, valid against the official schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACP_SCHEMAS_MISSING, acpValidator } from './support/acp-schemas';
import { BASE, testApp, type TestApp } from './support/app';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const DOCUMENT = {
  protocol: { name: 'acp', version: '2026-04-17', supported_versions: ['2026-04-17'] },
  api_base_url: `${BASE}/acp`,
  transports: ['rest', 'mcp'],
  capabilities: { services: ['checkout', 'orders', 'carts', 'delegate_payment'] },
};

describe('GET /.well-known/acp.json', () => {
  it('answers the discovery document without a credential, cacheable for an hour', async () => {
    const res = await t.call('GET', '/.well-known/acp.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await res.json()).toEqual(DOCUMENT);
  });

  it('conforms to the official ACP 2026-04-17 DiscoveryResponse schema', async (ctx) => {
    if (ACP_SCHEMAS_MISSING) return ctx.skip(ACP_SCHEMAS_MISSING);
    const validate = acpValidator('agentic_checkout', 'DiscoveryResponse');
    const document = await t.call('GET', '/.well-known/acp.json').then((r) => r.json());
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
  });

  it('names the deployment’s own origin, and never feeds (the services enum lacks it; the Feed API is the agent’s)', async () => {
    const other = await testApp({ PUBLIC_BASE_URL: 'https://shop.acme.dev' }, t.db);
    const document = await other.call('GET', '/.well-known/acp.json').then((r) => r.json());
    expect(document.api_base_url).toBe('https://shop.acme.dev/acp');
    expect(document.capabilities.services).not.toContain('feeds');
  });

  it('is the same document whatever credential or agent profile is sent: nothing is checked', async () => {
    const res = await t.call('GET', '/.well-known/acp.json', { headers: { Authorization: 'Bearer sk_unknown', 'UCP-Agent': 'profile="https://agent.example.com/p.json"' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(DOCUMENT);
  });

  it('answers HEAD, and refuses other methods with 405 and Allow', async () => {
    expect((await t.call('HEAD', '/.well-known/acp.json')).status).toBe(200);
    const res = await t.call('POST', '/.well-known/acp.json', { body: {} });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
  });
});

describe('/llms.txt', () => {
  it('says where ACP is: its discovery document, the REST base and the MCP endpoint discovery cannot name', async () => {
    const text = await t.call('GET', '/llms.txt').then((r) => r.text());
    expect(text).toContain(`[ACP 2026-04-17](${BASE}/.well-known/acp.json)`);
    expect(text).toContain(`REST ${BASE}/acp, MCP ${BASE}/acp/mcp (discovery cannot name it)`);
  });
});
