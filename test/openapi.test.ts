/**
 * GET /api/openapi.json, held to what strict tools expect of it: a valid OpenAPI 3.1 document whose
 * schemas, compiled by ajv in strict mode (JSON Schema 2020-12), accept every real answer of every
 * operation — success bodies with and without advisories, and error bodies with their typed
 * `details` — whose declared response headers are the ones sent, and whose examples are valid and
 * are what the service really answers over the demo catalog.
 */
import { createRequire } from 'node:module';
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { decodePaymentRequiredHeader } from '@x402/core/http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerTokens } from '../server/db/schema';
import { DOC_SLUGS } from '../server/docs/pages';
import { ERROR_CATALOGUE, type ErrorCode } from '../server/errors/catalogue';
import { RECORDED } from '../server/http/openapi/examples';
import { createCaller } from '../server/routers';
import { createContext } from '../server/trpc/context';
import type { Operation } from '../server/trpc/meta';
import { ofProtocolBinding } from '../server/trpc/operations';
import { AGENT, BASE, freshKey, testApp, type TestApp } from './support/app';
import { BEFORE_REFUSAL, setClock } from './support/clock';
import { signedInDeveloper, verifiedBuyer } from './support/developer';
import { comparable, examplesApp, exampleRequest, EXAMPLES_ADMIN_TOKEN, playExamples, resolveExample } from './support/openapi-examples';
import { linkWallet, paymentFor, WALLETS } from './support/x402-agent';

type Json = Record<string, any>;

/** A reserved profile host: served, with the reserved_profile_host advisory in the answer (the clock is set before its refusal). */
const ADVISED_AGENT = 'profile="https://agent.example.com/p.json"';
/** The response headers of the service's own contract, which the document must declare where sent. */
const CONTRACT_HEADERS = [
  'Request-Id',
  'Service-Advisory',
  'Idempotent-Replayed',
  'Retry-After',
  'Allow',
  'WWW-Authenticate',
  'Service-Agent-Trust',
  'RateLimit-Policy',
  'RateLimit',
  'PAYMENT-REQUIRED',
  'PAYMENT-RESPONSE',
  'X-PAYMENT-RESPONSE',
];

let t: TestApp;
let doc: Json;
let ajv: Ajv2020;
const compiled = new Map<string, ValidateFunction>();

beforeAll(async () => {
  t = await examplesApp();
  const res = await t.call('GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  doc = await res.json();
  // The whole document's components, under one id that every $ref is rewritten to.
  ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'https://openapi.test/components', $defs: rewriteRefs(doc.components.schemas) });
});
afterAll(() => t.close());

function rewriteRefs(value: unknown): any {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string' ? v.replace('#/components/schemas/', 'https://openapi.test/components#/$defs/') : rewriteRefs(v),
    ]),
  );
}

/** Errors of `value` against `schema` (a schema of the document), by strict ajv. */
function problems(schema: Json, value: unknown): string[] {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) compiled.set(key, (validate = ajv.compile(rewriteRefs(schema))));
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
}

/** A parameter as declared, or the one of components.parameters its $ref names (the signature headers). */
const parameterOf = (p: Json): Json => (p.$ref ? doc.components.parameters[p.$ref.slice('#/components/parameters/'.length)] : p);
/** The operation as the document declares it, its parameters' $refs resolved. */
const opOf = (path: string, method: string): Json => {
  const op = doc.paths[path][method.toLowerCase()];
  return { ...op, parameters: (op.parameters ?? []).map(parameterOf) };
};
// UCP's and ACP's bindings are described by their protocols' own documents, not this one.
const operations = (): Operation[] => t.app.services.operations.filter((o) => o.rest && !ofProtocolBinding(o.access));
const docOperation = (o: Operation) => opOf(o.rest!.path, o.rest!.method);

/** Checks a real answer against what the document declares for it; returns the parsed body. */
async function checkAnswer(path: string, method: string, res: Response): Promise<Json> {
  const body = await res.json();
  const response = opOf(path, method).responses[String(res.status)];
  expect(response, `${method} ${path} answered ${res.status}: ${JSON.stringify(body)}`).toBeDefined();
  const contentType = res.headers.get('content-type')!.split(';')[0];
  const media = response.content[contentType];
  expect(media, `${method} ${path} ${res.status} ${contentType}`).toBeDefined();
  expect(problems(media.schema, body), `${method} ${path} ${res.status}: ${JSON.stringify(body).slice(0, 300)}`).toEqual([]);
  const declared = Object.keys(response.headers ?? {});
  for (const name of CONTRACT_HEADERS) {
    if (res.headers.has(name)) expect(declared, `${method} ${path} ${res.status} sends ${name}`).toContain(name);
  }
  for (const [name, header] of Object.entries<Json>(response.headers ?? {})) {
    const required = header.$ref ? doc.components.headers[header.$ref.split('/').pop()].required : header.required;
    if (required) expect(res.headers.has(name), `${method} ${path} ${res.status} lacks ${name}`).toBe(true);
  }
  return body;
}

describe('GET /api/openapi.json', () => {
  // First, while the database is as the demo seeds it: the recording was made on such a database.
  it('publishes example answers that are what the service answers to the example calls', async () => {
    const replayed = await playExamples(t);
    expect(Object.keys(replayed).length).toBeGreaterThan(10);
    for (const [operation, answers] of Object.entries(replayed)) {
      for (const [name, answer] of Object.entries(answers)) {
        expect(
          comparable(answer),
          `${operation} example "${name}" no longer answers what server/http/openapi/recorded-examples.json recorded: run npm run openapi:examples`,
        ).toEqual(comparable(RECORDED.examples[operation]?.[name]));
      }
    }
    expect(Object.keys(RECORDED.examples).sort()).toEqual(Object.keys(replayed).sort());
  });

  it('declares what an x402 checkout answers: the 402s (v1 body, v2 header) and the paid 200 with its payment response', async () => {
    const developer = await signedInDeveloper(t.db.database.db);
    const caller = createCaller(createContext(t.app.services, { transport: 'internal', session: developer.session, idempotencyKey: freshKey() }));
    const key = await caller.developer.mintNetworkKey({ name: 'Settles', scopes: ['checkout:write'] });
    const { buyerId, token } = await verifiedBuyer(t.db.database.db, developer.accountId, key.id);
    // As verifying a code through that key leaves the token: with the key's scopes (less buyer:write).
    await t.db.database.db.update(buyerTokens).set({ scopes: ['checkout:write'] }).where(eq(buyerTokens.buyerId, buyerId));
    expect((await linkWallet(t, token, WALLETS.alice)).status).toBe(201);
    const quickBuy = t.app.services.operations.find((o) => o.name === 'carts.quickBuy')!;
    const buyer = { Authorization: `Bearer ${token}` };
    const cart = await (await t.call('POST', '/api/agent/quick-buy', { headers: { ...buyer, 'Idempotency-Key': freshKey() }, body: quickBuy.examples['one-item'].input })).json();
    const path = '/api/agent/cart/{id}/checkout';
    const checkout = (headers: Record<string, string>) => t.call('POST', `/api/agent/cart/${cart.id}/checkout`, { headers: { ...buyer, ...headers } });
    const key1 = freshKey();

    const required = await checkout({ 'Idempotency-Key': key1 });
    const body = await checkAnswer(path, 'POST', required.clone());
    expect(body).toMatchObject({ code: 'payment_required', x402Version: 1 });
    // The published 402 example (a cart of the same total) is what the service answers.
    const published = opOf(path, 'POST').responses['402'];
    expect(comparable(body)).toEqual(comparable(published.content['application/json'].examples['payment-required'].value));
    const v2 = (header: string) => comparable(decodePaymentRequiredHeader(header));
    expect(v2(required.headers.get('PAYMENT-REQUIRED')!)).toEqual(v2(doc.components.headers['PAYMENT-REQUIRED'].examples['payment-required'].value));
    // An unlinked wallet's v1 payment: payment_rejected, its reason in details.
    const rejected = await checkout({ 'Idempotency-Key': key1, ...(await paymentFor(required.clone(), WALLETS.bob, 1)).headers });
    expect(await checkAnswer(path, 'POST', rejected)).toMatchObject({ code: 'payment_rejected', x402Version: 1, details: { reason: 'payer_not_registered' } });
    const paid = await checkout({ 'Idempotency-Key': key1, ...(await paymentFor(required, WALLETS.alice, 2)).headers });
    expect(paid.headers.get('PAYMENT-RESPONSE')).toBeTruthy();
    expect(await checkAnswer(path, 'POST', paid)).toMatchObject({ cart_id: cart.id, status: 'placed' });
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.servers).toEqual([{ url: t.config.publicBaseUrl, description: 'This deployment' }]);
    expect(doc.info.license.identifier).toBeTruthy();
    expect(doc.info.contact.url).toBe(`${BASE}/api/agent/docs/overview`);
  });

  it('passes the check Scalar’s API reference runs on it (/docs), which would log "document validation errors"', async () => {
    // The workspace store of the Scalar that @scalar/api-reference itself depends on: it checks a
    // document it loads and reports what fails with console.warn (test/docs-page.test.ts reads that Scalar too).
    const fromScalar = createRequire(new URL('../node_modules/@scalar/api-reference/package.json', import.meta.url));
    const { createWorkspaceStore } = (await import(fromScalar.resolve('@scalar/workspace-store/client'))) as typeof import('@scalar/workspace-store/client');
    const warned: unknown[][] = [];
    const { warn, info } = console;
    console.warn = (...args: unknown[]) => void warned.push(args);
    // Its timings ("bundle: 12 ms") go to console.info.
    console.info = () => {};
    try {
      await createWorkspaceStore().addDocument({ name: 'agent-commerce', document: structuredClone(doc) });
    } finally {
      Object.assign(console, { warn, info });
    }
    const errors = warned.flatMap((args) => args.filter(Array.isArray).flat()) as { path: string; message: string }[];
    expect(errors.map((e) => `${e.path}: ${e.message}`)).toEqual([]);
    expect(warned).toEqual([]);
  });

  it('describes every REST operation the gateway routes', () => {
    const rest = operations().map((o) => o.rest!);
    expect(rest.length).toBeGreaterThan(10);
    for (const { method, path } of rest) expect(doc.paths[path]?.[method.toLowerCase()], `${method} ${path}`).toBeDefined();
  });

  it('gives every operation a summary, a description, a declared tag and examples; every parameter a description', () => {
    const tags = new Map<string, string>(doc.tags.map((tag: Json) => [tag.name, tag.description]));
    const used = new Set<string>();
    for (const operation of operations()) {
      const op = docOperation(operation);
      const name = `${operation.rest!.method} ${operation.rest!.path}`;
      expect(op.summary, name).toBeTruthy();
      expect(op.description, name).toBeTruthy();
      expect(op.tags?.length, name).toBeGreaterThan(0);
      for (const tag of op.tags) {
        expect(tags.get(tag), `${name}: tag ${tag}`).toBeTruthy();
        used.add(tag);
      }
      for (const param of op.parameters) expect(param.description, `${name} ${param.name}`).toBeTruthy();
      // An example request: on a parameter or the body, unless the operation takes no input at all.
      const inputs = op.parameters.filter((p: Json) => p.in === 'path' || p.in === 'query');
      if (inputs.length || op.requestBody) {
        const exampled = inputs.some((p: Json) => p.examples) || op.requestBody?.content['application/json'].examples;
        expect(exampled, `${name}: an example request`).toBeTruthy();
      }
      // A named example where the value encodes the deployment's URL (an x402 v2 payment).
      for (const param of op.parameters.filter((p: Json) => p.in === 'header')) expect(param.example ?? param.examples, `${name} ${param.name}`).toBeDefined();
      // An example answer; a success example where the operation can succeed today.
      const answered = Object.entries<Json>(op.responses).filter(([, r]) => Object.values<Json>(r.content ?? {}).some((m) => m.examples));
      expect(answered.length, `${name}: an example answer`).toBeGreaterThan(0);
      if (!operation.policy.retired && operation.access.kind !== 'credential') {
        expect(answered.some(([status]) => status.startsWith('2')), `${name}: a success example`).toBe(true);
      }
    }
    expect([...tags.keys()].sort()).toEqual([...used].sort());
  });

  it('has examples that are valid against their schemas', () => {
    let checked = 0;
    for (const operation of operations()) {
      const op = docOperation(operation);
      const name = `${operation.rest!.method} ${operation.rest!.path}`;
      for (const param of op.parameters) {
        for (const [key, example] of Object.entries<Json>(param.examples ?? {})) {
          expect(problems(param.schema, example.value), `${name} ${param.name} example ${key}`).toEqual([]);
          checked++;
        }
        if (param.example !== undefined) expect(problems(param.schema, param.example), `${name} ${param.name} example`).toEqual([]);
      }
      const body = op.requestBody?.content['application/json'];
      for (const [key, example] of Object.entries<Json>(body?.examples ?? {})) {
        expect(problems(body.schema, example.value), `${name} body example ${key}`).toEqual([]);
        checked++;
      }
      for (const [status, response] of Object.entries<Json>(op.responses)) {
        for (const media of Object.values<Json>(response.content ?? {})) {
          for (const [key, example] of Object.entries<Json>(media.examples ?? {})) {
            expect(problems(media.schema, example.value), `${name} ${status} example ${key}`).toEqual([]);
            checked++;
          }
        }
      }
    }
    for (const header of Object.values<Json>(doc.components.headers)) {
      if (header.example !== undefined) expect(problems(header.schema, header.example)).toEqual([]);
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('uses the real success statuses; every operation but the retired one declares a 2xx', () => {
    expect(Object.keys(opOf('/api/agent/feedback', 'POST').responses)).toContain('202');
    expect(Object.keys(opOf('/api/agent/feedback', 'POST').responses)).not.toContain('200');
    expect(Object.keys(opOf('/api/agent/platform/limits', 'GET').responses)).toContain('200');
    const retired = opOf('/api/agent/products', 'GET');
    // Besides what the HTTP server answers a request it cannot read (400 malformed_request, 431).
    expect(Object.keys(retired.responses)).toEqual(['400', '410', '431']);
    expect(retired.deprecated).toBe(true);
    for (const operation of operations().filter((o) => !o.policy.retired)) {
      expect(Object.keys(docOperation(operation).responses).some((s) => s.startsWith('2')), operation.name).toBe(true);
    }
  });

  it('describes each failure status by its codes, one closed schema per code', () => {
    const responses = opOf('/api/agent/feedback', 'POST').responses;
    const codesOf = (status: string) => {
      const schema = responses[status].content['application/json'].schema;
      return (schema.oneOf ?? [schema]).map((s: Json) => s.$ref.split('/').pop());
    };
    expect(codesOf('400')).toEqual(expect.arrayContaining(['Error.IDEMPOTENCY_KEY_REQUIRED', 'Error.invalid_request', 'Error.ucp_agent_required']));
    expect(codesOf('409')).toEqual(['Error.idempotency_key_reused', 'Error.idempotency_request_in_progress']);
    expect(codesOf('503')).toEqual(['Error.service_unavailable']);
    expect(responses['409'].headers['Retry-After']).toBeDefined();
    expect(responses['503'].headers['Retry-After']).toBeDefined();
    expect(responses['202'].headers['Idempotent-Replayed']).toBeDefined();
    expect(responses['405'].headers.Allow).toBeDefined();
    expect(responses['401'].headers['WWW-Authenticate']).toBeDefined();
    for (const response of Object.values<Json>(responses)) expect(response.headers['Request-Id']).toBeDefined();
    for (const response of Object.values<Json>(responses)) expect(response.headers['Service-Agent-Trust']).toBeDefined();
    expect(responses['429'].headers).toMatchObject({ 'Retry-After': expect.any(Object), 'RateLimit-Policy': expect.any(Object), RateLimit: expect.any(Object) });
    expect(codesOf('429')).toEqual(['Error.rate_limited']);

    const seller = doc.components.schemas['Error.SELLER_NOT_FOUND'];
    expect(seller.additionalProperties).toBe(false);
    expect(seller.properties.code).toEqual({ type: 'string', const: 'SELLER_NOT_FOUND' });
    expect(seller.properties.details.properties.did_you_mean.items.properties).toEqual({ handle: { type: 'string' }, name: { type: 'string' } });
    expect(doc.components.schemas['Error.invalid_request'].properties.details.properties.issues.items.required).toEqual(['path', 'message']);
    expect(doc.components.schemas['Error.service_unavailable'].required).toEqual(['error', 'code', 'retryable']);
    expect(doc.components.schemas['Error.service_unavailable'].properties.request_id).toBeDefined();
    // Every code named is in the catalogue with that status, and nothing of tRPC's error shape is left.
    for (const [name, schema] of Object.entries<Json>(doc.components.schemas)) {
      expect(name.startsWith('error.'), name).toBe(false);
      if (name.startsWith('Error.')) expect(ERROR_CATALOGUE[schema.properties.code.const as ErrorCode]).toBeDefined();
    }
    expect(Object.keys(opOf('/api/agent/seller', 'GET').responses)).toEqual(['200', '400', '401', '404', '405', '429', '431', '500', '503']);
    // x402 settlement: 402 with what to pay, 409 while a payment settles, 503 when its outcome is unknown.
    const settle = opOf('/api/agent/cart/{id}/checkout', 'POST').responses;
    expect(Object.keys(settle)).toEqual(['200', '400', '401', '402', '403', '404', '405', '409', '413', '415', '429', '431', '500', '503']);
    expect(settle['402'].content['application/json'].schema.oneOf.map((s: Json) => s.$ref.split('/').pop())).toEqual(['Error.payment_required', 'Error.payment_rejected']);
    expect(Object.keys(settle['402'].headers)).toContain('PAYMENT-REQUIRED');
    expect(settle['402'].headers['Idempotent-Replayed']).toBeUndefined();
    expect(Object.keys(settle['200'].headers)).toEqual(expect.arrayContaining(['PAYMENT-RESPONSE', 'X-PAYMENT-RESPONSE', 'Idempotent-Replayed']));
    expect(settle['409'].headers['Retry-After']).toBeDefined();
    expect(settle['503'].headers['Retry-After']).toBeDefined();
    expect(doc.components.schemas['Error.payment_required'].required).toEqual(['error', 'code', 'x402Version', 'accepts']);
    expect(doc.components.schemas['Error.payment_rejected'].required).toEqual(['error', 'code', 'x402Version', 'accepts', 'details']);
    const mint = opOf('/api/developer/network-keys', 'POST').responses;
    expect(Object.keys(mint)).toEqual(['201', '400', '401', '403', '405', '409', '413', '415', '429', '431', '500', '503']);
    expect(mint['429'].headers['Retry-After']).toBeDefined();
    expect(mint['403'].headers['WWW-Authenticate']).toMatchObject({ required: false });
  });

  it('marks open operations as needing no auth (a network key optional), and marks credential ones', () => {
    expect(opOf('/api/agent/platform/limits', 'GET').security).toEqual([{}, { bearer: [] }]);
    expect(opOf('/.well-known/ucp', 'GET').security).toEqual([{}, { bearer: [] }]);
    expect(opOf('/api/developer/network-keys', 'POST').security).toEqual([{ developerSession: [] }]);
    expect(doc.components.securitySchemes.developerSession).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'authjs.session-token' });
    expect(opOf('/api/agent/cart/{id}/checkout', 'POST').security).toEqual([{ bearer: [] }]);
    expect(opOf('/api/agent/cart/{id}/checkout', 'POST')['x-required-credential']).toBe('checkout:write');
    expect(opOf('/api/admin/platform/limits', 'PUT').security).toEqual([{ adminToken: [] }]);
  });

  it('documents the identification, idempotency and request-id headers', () => {
    const headers = (op: Json) => Object.fromEntries(op.parameters.filter((p: Json) => p.in === 'header').map((p: Json) => [p.name, p.required]));
    // UCP-Agent is needed unless a network key is sent instead: not required by the document.
    // An open call may be signed (RFC 9421): the signature's headers, optional; Content-Digest where a body is sent.
    const signed = { 'Signature-Input': false, Signature: false, 'Signature-Agent': false };
    expect(headers(opOf('/api/agent/feedback', 'POST'))).toEqual({ 'UCP-Agent': false, 'Service-Buyer': false, ...signed, 'Content-Digest': false, 'Idempotency-Key': true, 'Request-Id': false });
    expect(headers(opOf('/api/developer/network-keys', 'POST'))).toEqual({ 'Idempotency-Key': true, 'Request-Id': false });
    expect(headers(opOf('/.well-known/ucp', 'GET'))).toEqual({ 'UCP-Agent': false, 'Service-Buyer': false, ...signed, 'Request-Id': false });
    expect(headers(opOf('/api/agent/cart/{id}/checkout', 'POST'))).toEqual({ 'Idempotency-Key': true, 'X-PAYMENT': false, 'PAYMENT-SIGNATURE': false, 'Request-Id': false });
  });

  it('declares the admin operation’s real body', () => {
    const body = opOf('/api/admin/platform/limits', 'PUT').requestBody.content['application/json'].schema;
    expect(body.additionalProperties).toBe(false);
    expect(body.minProperties).toBe(1);
    expect(Object.keys(body.properties)).toEqual(['max_item_quantity', 'max_cart_total_cents']);
    for (const field of Object.values<Json>(body.properties)) expect(field).toMatchObject({ type: 'integer', exclusiveMinimum: 0, description: expect.any(String) });
    expect(problems(body, {})).not.toEqual([]);
    expect(problems(body, { max_item_quantity: 5, other: 1 })).not.toEqual([]);
  });

  it('publishes the docs slugs as an enum, while an unknown slug still answers 404 with the valid ones', async () => {
    const slug = opOf('/api/agent/docs/{slug}', 'GET').parameters.find((p: Json) => p.name === 'slug');
    expect(slug.schema.enum).toEqual([...DOC_SLUGS]);
    const tool = t.app.mcp.tools.find((x) => x.name === 'read_docs')!;
    expect((tool.inputSchema.properties as Json).slug.enum).toEqual([...DOC_SLUGS]);
    const res = await t.call('GET', '/api/agent/docs/quickstart', { headers: { 'UCP-Agent': AGENT } });
    expect(res.status).toBe(404);
    const body = await checkAnswer('/api/agent/docs/{slug}', 'GET', res);
    expect(body).toMatchObject({ code: 'doc_not_found', details: { valid_slugs: [...DOC_SLUGS] } });
  });
});

describe('every real answer validates, by strict ajv, against the schema declared for it', () => {
  // ADVISED_AGENT is served with its advisory only before PROFILE_HOST_REFUSED_FROM: these run on
  // its eve, whatever today is. (The recorded examples above run on the real clock.)
  let realClock: () => void;
  beforeAll(() => {
    realClock = setClock(BEFORE_REFUSAL);
  });
  afterAll(() => realClock());

  /** Inputs an operation really succeeds with: its examples recorded with a 2xx, each on a cart of its own (of `agent`'s). */
  function successInputs(operation: Operation, agent = AGENT): Promise<Record<string, unknown>[]> {
    const recorded = RECORDED.examples[operation.name] ?? {};
    const inputs = Object.entries(operation.examples).flatMap(([name, e]) => ((recorded[name]?.status ?? 500) < 300 ? [e.input] : []));
    return Promise.all(inputs.map((input) => resolveExample(t, input, agent)));
  }

  it('success bodies of every GET operation, with and without service:advisories', async () => {
    let checked = 0;
    for (const operation of operations()) {
      if (operation.rest!.method !== 'GET' || operation.policy.retired || operation.access.kind === 'credential') continue;
      // An admin call is the operator's, with no agent to advise.
      const admin = operation.access.kind === 'admin';
      for (const agent of admin ? [AGENT] : [AGENT, ADVISED_AGENT]) {
        const inputs = await successInputs(operation, agent);
        expect(inputs.length, operation.name).toBeGreaterThan(0);
        for (const input of inputs) {
          const { method, url } = exampleRequest(operation, input);
          const res = await t.call(method, url, { headers: admin ? { Authorization: `Bearer ${EXAMPLES_ADMIN_TOKEN}` } : { 'UCP-Agent': agent } });
          expect(res.status, `${method} ${url}`).toBeLessThan(300);
          const body = await checkAnswer(operation.rest!.path, method, res);
          expect('service:advisories' in body, `${url} with ${agent}`).toBe(agent === ADVISED_AGENT);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(20);
  });

  it('answers to every value of each enum and boolean query parameter', async () => {
    let checked = 0;
    for (const operation of operations()) {
      if (operation.rest!.method !== 'GET' || operation.policy.retired || operation.access.kind === 'credential') continue;
      const params = docOperation(operation).parameters.filter((p: Json) => p.in === 'query' && (p.schema.enum || p.schema.type === 'boolean'));
      for (const input of await successInputs(operation)) {
        for (const param of params) {
          for (const value of param.schema.enum ?? [true, false]) {
            const { method, url } = exampleRequest(operation, { ...input, [param.name]: value });
            // Whatever the answer (relevance without q is refused), it is declared and valid.
            await checkAnswer(operation.rest!.path, method, await t.call(method, url, { headers: { 'UCP-Agent': ADVISED_AGENT } }));
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('success bodies of feedback (first and replayed) and of the admin operation', async () => {
    const report = { category: 'latency', severity: 'friction', message: 'Search took 4 s.' };
    for (const agent of [AGENT, ADVISED_AGENT]) {
      const headers = { 'UCP-Agent': agent, 'Idempotency-Key': freshKey() };
      const first = await t.call('POST', '/api/agent/feedback', { headers, body: report });
      expect(first.status).toBe(202);
      const body = await checkAnswer('/api/agent/feedback', 'POST', first);
      expect('service:advisories' in body).toBe(agent === ADVISED_AGENT);
      const again = await t.call('POST', '/api/agent/feedback', { headers, body: report });
      expect(again.headers.get('Idempotent-Replayed')).toBe('true');
      expect((await checkAnswer('/api/agent/feedback', 'POST', again)).id).toBe(body.id);
    }
    const admin = { Authorization: `Bearer ${EXAMPLES_ADMIN_TOKEN}` };
    const before = await (await t.call('GET', '/api/agent/platform/limits', { headers: { 'UCP-Agent': AGENT } })).json();
    const put = await t.call('PUT', '/api/admin/platform/limits', { headers: admin, body: { max_cart_total_cents: 250000 } });
    expect(put.status).toBe(200);
    expect(await checkAnswer('/api/admin/platform/limits', 'PUT', put)).toMatchObject({ max_cart_total_cents: 250000, max_cart_total_usd: '2500.00' });
    await t.call('PUT', '/api/admin/platform/limits', { headers: admin, body: { max_cart_total_cents: before.max_cart_total_cents } });
  });

  it('error bodies, with their typed details and the headers declared', async () => {
    const agent = { 'UCP-Agent': AGENT };
    const cases: [string, string, string, { headers?: Record<string, string>; body?: unknown; raw?: string }, ErrorCode, Json?][] = [
      ['GET', '/api/agent/seller', '/api/agent/seller?handle=acme-outdoor', { headers: agent }, 'SELLER_NOT_FOUND', { did_you_mean: expect.arrayContaining([{ handle: 'acme-outdoors', name: 'Acme Outdoors' }]) }],
      ['GET', '/api/agent/seller', '/api/agent/seller?handle=a&name=b', { headers: agent }, 'invalid_seller_selector'],
      ['GET', '/api/agent/search', '/api/agent/search?limit=0&colour=red', { headers: agent }, 'invalid_request', { issues: expect.any(Array) }],
      ['GET', '/api/agent/search', '/api/agent/search?seller=acme-outdoors', { headers: agent }, 'invalid_request', { issues: [expect.objectContaining({ did_you_mean: 'seller_handle' })] }],
      ['GET', '/.well-known/ucp', '/.well-known/ucp?x=%00', {}, 'invalid_request'],
      ['GET', '/api/agent/search', '/api/agent/search?q=tent&seller_handle=acme-outdoor', { headers: { 'UCP-Agent': ADVISED_AGENT } }, 'SELLER_NOT_FOUND'],
      ['GET', '/api/agent/search', '/api/agent/search?cursor=bogus', { headers: agent }, 'invalid_cursor'],
      ['GET', '/api/agent/search', '/api/agent/search?min_price_cents=500&max_price_cents=100', { headers: agent }, 'invalid_price_range'],
      ['GET', '/api/agent/docs/{slug}', '/api/agent/docs/quickstart', { headers: agent }, 'doc_not_found', { valid_slugs: [...DOC_SLUGS] }],
      ['GET', '/api/agent/sellers', '/api/agent/sellers', {}, 'ucp_agent_required'],
      ['GET', '/api/agent/sellers', '/api/agent/sellers', { headers: { 'UCP-Agent': 'profile=https://x' } }, 'ucp_agent_invalid'],
      ['GET', '/api/agent/sellers', '/api/agent/sellers', { headers: { 'UCP-Agent': 'profile="http://agent.shopbot.dev/p.json"' } }, 'ucp_agent_insecure_url'],
      ['GET', '/api/agent/platform/limits', '/api/agent/platform/limits', { headers: { ...agent, Authorization: 'Bearer nope' } }, 'invalid_credential'],
      ['GET', '/.well-known/ucp', '/.well-known/ucp', { headers: { Authorization: 'Bearer nope' } }, 'invalid_credential'],
      ['GET', '/store/{handle}/.well-known/ucp', '/store/acme-outdoor/.well-known/ucp', {}, 'SELLER_NOT_FOUND'],
      ['POST', '/api/agent/cart/{id}/checkout', '/api/agent/cart/cart_1/checkout', { headers: agent }, 'credential_required', { required: 'checkout:write' }],
      ['GET', '/api/agent/buyer/me', '/api/agent/buyer/me', {}, 'credential_required', { required: 'buyer_token' }],
      ['DELETE', '/api/developer/network-keys/{id}', '/api/developer/network-keys/nk_1', { headers: { Authorization: 'Bearer x' } }, 'invalid_credential'],
      ['PUT', '/api/admin/platform/limits', '/api/admin/platform/limits', { body: { max_item_quantity: 5 } }, 'credential_required', { required: 'ADMIN_TOKEN bearer' }],
      ['PUT', '/api/admin/platform/limits', '/api/admin/platform/limits', { headers: { Authorization: 'Bearer wrong' }, body: { max_item_quantity: 5 } }, 'admin_token_invalid'],
      ['PUT', '/api/admin/platform/limits', '/api/admin/platform/limits', { headers: { Authorization: `Bearer ${EXAMPLES_ADMIN_TOKEN}` }, body: {} }, 'invalid_request'],
      ['PUT', '/api/admin/platform/limits', '/api/admin/platform/limits', { headers: { Authorization: `Bearer ${EXAMPLES_ADMIN_TOKEN}`, 'Content-Type': 'application/json' }, raw: '{' }, 'invalid_json'],
      ['POST', '/api/agent/feedback', '/api/agent/feedback', { headers: agent, body: { category: 'latency' } }, 'IDEMPOTENCY_KEY_REQUIRED'],
      ['POST', '/api/agent/feedback', '/api/agent/feedback', { headers: { ...agent, 'Idempotency-Key': 'short' } }, 'idempotency_key_invalid'],
      ['POST', '/api/agent/feedback', '/api/agent/feedback', { headers: { ...agent, 'Idempotency-Key': freshKey(), 'Content-Type': 'text/plain' }, raw: 'hi' }, 'unsupported_media_type'],
      ['POST', '/api/agent/feedback', '/api/agent/feedback', { headers: { ...agent, 'Idempotency-Key': freshKey() }, body: { category: 'nope' } }, 'invalid_request'],
      ['POST', '/api/agent/feedback', '/api/agent/feedback', { headers: { 'UCP-Agent': ADVISED_AGENT, 'Idempotency-Key': freshKey() }, body: {} }, 'invalid_request'],
      ['GET', '/api/agent/feedback', '/api/agent/feedback', { headers: agent }, 'method_not_allowed'],
      ['GET', '/api/agent/products', '/api/agent/products?q=tent', {}, 'endpoint_retired', { replacement: '/api/agent/search' }],
      ['GET', '/api/agent/products', '/api/agent/products?id=prod_01kt2j28pzwq817ysfzgf1gjtv', {}, 'endpoint_retired', { replacement: '/api/agent/product' }],
    ];
    for (const [method, path, url, init, code, details] of cases) {
      const res = await t.call(method, url, init);
      expect(res.status, `${method} ${url}`).toBe(ERROR_CATALOGUE[code].status);
      // A 405 is the path's answer: it is declared on the path's operations.
      const declaredOn = doc.paths[path][method.toLowerCase()] ? method : Object.keys(doc.paths[path])[0];
      const body = await checkAnswer(path, declaredOn, res);
      expect(body.code, `${method} ${url}`).toBe(code);
      if (details) expect(body.details).toEqual(details);
    }

    // A reused key, and the refusal of a reserved profile host after its day.
    const key = freshKey();
    const report = { category: 'latency', severity: 'friction', message: 'Slow.' };
    await t.call('POST', '/api/agent/feedback', { headers: { ...agent, 'Idempotency-Key': key }, body: report });
    const reused = await t.call('POST', '/api/agent/feedback', { headers: { ...agent, 'Idempotency-Key': key }, body: { ...report, message: 'Other.' } });
    expect((await checkAnswer('/api/agent/feedback', 'POST', reused)).code).toBe('idempotency_key_reused');
    const later = await testApp({ PROFILE_HOST_REFUSED_FROM: '2020-01-01' }, t.db);
    const refused = await later.call('GET', '/api/agent/sellers', { headers: { 'UCP-Agent': ADVISED_AGENT } });
    expect(await checkAnswer('/api/agent/sellers', 'GET', refused)).toMatchObject({
      code: 'reserved_profile_host',
      details: { refused_from: '2020-01-01', host: 'agent.example.com' },
    });
  });
});
