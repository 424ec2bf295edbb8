import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './support/app';

let t: TestApp;
let doc: any;
beforeAll(async () => {
  t = await testApp();
  const res = await t.call('GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  doc = await res.json();
});
afterAll(() => t.close());

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.servers).toEqual([{ url: t.config.publicBaseUrl }]);
  });

  it('describes every REST operation the gateway routes', () => {
    const rest = t.app.services.operations.flatMap((o) => (o.rest ? [o.rest] : []));
    expect(rest.length).toBeGreaterThan(10);
    for (const { method, path } of rest) {
      expect(doc.paths[path]?.[method.toLowerCase()], `${method} ${path}`).toBeDefined();
    }
  });

  it('uses the real success statuses', () => {
    expect(Object.keys(doc.paths['/api/agent/feedback'].post.responses)).toContain('202');
    expect(Object.keys(doc.paths['/api/agent/feedback'].post.responses)).not.toContain('200');
    expect(Object.keys(doc.paths['/api/agent/platform/limits'].get.responses)).toContain('200');
    const retired = doc.paths['/api/agent/products'].get;
    expect(Object.keys(retired.responses)).toEqual(['410']);
    expect(retired.deprecated).toBe(true);
  });

  it('describes failures as {error, code} from the catalogue', () => {
    expect(doc.components.schemas.Error.required).toEqual(['error', 'code']);
    const responses = doc.paths['/api/agent/feedback'].post.responses;
    for (const status of ['400', '409', '413', '415', '500', '503']) {
      expect(responses[status].content['application/json'].schema.$ref).toBe('#/components/schemas/Error');
    }
    expect(responses['400'].description).toContain('IDEMPOTENCY_KEY_REQUIRED');
    expect(responses['503'].headers['Retry-After']).toBeDefined();
  });

  it('does not mark open operations as needing auth, and marks credential ones', () => {
    expect(doc.paths['/api/agent/platform/limits'].get.security).toEqual([]);
    expect(doc.paths['/.well-known/ucp'].get.security).toEqual([]);
    expect(doc.paths['/api/agent/cart/{id}/checkout'].post.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/agent/cart/{id}/checkout'].post['x-required-credential']).toBe('checkout:write');
    expect(doc.paths['/api/admin/platform/limits'].put.security).toEqual([{ adminToken: [] }]);
  });

  it('documents the identification and idempotency headers', () => {
    const headers = (op: any) => Object.fromEntries(op.parameters.filter((p: any) => p.in === 'header').map((p: any) => [p.name, p.required]));
    expect(headers(doc.paths['/api/agent/feedback'].post)).toEqual({ 'UCP-Agent': true, 'Service-Buyer': false, 'Idempotency-Key': true });
    expect(headers(doc.paths['/.well-known/ucp'].get)).toEqual({ 'UCP-Agent': false, 'Service-Buyer': false });
  });
});
