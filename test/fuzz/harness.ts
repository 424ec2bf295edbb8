/**
 * The fuzz suite's service and oracle: a real service instance over a small generated catalog,
 * its served OpenAPI document, and the rules every answer must keep. No 5xx; every failure is
 * `{error, code}` with a code from the catalogue, the catalogue's status for that code, and a
 * status the document declares for the operation; every success body is valid against the schema
 * the document declares for it. UCP's binding, which the document leaves out, is fuzzed beside
 * it from the operation catalogue, with a platform profile the service fetches from a local
 * HTTPS server, and held to UCP's shapes instead (binding.ts); so are the MCP endpoints' tools/call,
 * held to JSON-RPC (mcp.ts).
 */
import fc from 'fast-check';
import { CatalogGenerator, type FeaturedSeller } from '../../server/catalog/generator';
import { DEMO_FEATURED_SELLERS } from '../../server/catalog/demo';
import { upsertSellers, writeProducts } from '../../server/catalog/writer';
import { products, variants } from '../../server/db/schema';
import { ERROR_CATALOGUE, type ErrorCode } from '../../server/errors/catalogue';
import { AGENT, BASE, testApp, type TestApp } from '../support/app';
import { platformProfile } from '../support/platform-profile';
import { profileServer } from '../support/profile-server';
import { bindingSurface, bindingViolations, type BindingSurface } from './binding';
import { isMcp, MCP_PATHS, mcpViolations, toolCalls } from './mcp';
import { operationsOf, requestsFor, type FuzzFixtures, type FuzzRequest } from './requests';
import { schemaValidators, type OpenApiDocument, type SchemaValidators } from './schemas';

const ADMIN_TOKEN = 'fuzz-admin-token-0123456789';

export interface FuzzTarget {
  t: TestApp;
  doc: OpenApiDocument;
  schemas: SchemaValidators;
  /** UCP's binding, which the document leaves out. */
  binding: BindingSurface;
  fixtures: FuzzFixtures;
  /** The tools each MCP endpoint lists, by its path as the operations name it. */
  mcpTools: Record<string, string[]>;
  /** Every operation of the document, then every one of the binding, then the MCP endpoints, as [path, method]. */
  operations: [string, string][];
  close(): Promise<void>;
}

/**
 * A service over a catalog small enough to seed in a second, with the demo's named sellers, and
 * the platform profiles the binding's calls name: one valid (cached for the whole run, so that
 * calls naming it never reach the fetch cap), and the kinds negotiation refuses.
 */
export async function fuzzTarget(): Promise<FuzzTarget> {
  const ps = await profileServer();
  ps.routes.set('/platform.json', { body: platformProfile(), headers: { 'cache-control': 'max-age=3600' } });
  ps.routes.set('/no-catalog.json', { body: platformProfile({ capabilities: {} }) });
  ps.routes.set('/other-version.json', { body: platformProfile({ version: '2026-01-11' }) });
  ps.routes.set('/not-a-profile.json', { body: { hello: 'world' } });
  const t = await testApp({ ADMIN_TOKEN, ...ps.env });
  const featured: FeaturedSeller[] = DEMO_FEATURED_SELLERS;
  const generator = new CatalogGenerator({ sellers: 8, products: 400, seed: 7, featured });
  await t.app.services.db.transaction(async (tx) => {
    const ids = await upsertSellers(tx, generator.sellers);
    for (const chunk of generator.chunks()) await writeProducts(tx, ids.get(chunk.seller.handle)!, chunk.products);
  });
  const doc: OpenApiDocument = await (await t.call('GET', '/api/openapi.json')).json();
  const binding = bindingSurface(t.app.services.operations);
  const bindingTools = t.app.mcp.bindingTools.map((tool) => tool.name);
  const mcpTools = { '/api/mcp': t.app.mcp.tools.map((tool) => tool.name), '/ucp/mcp': bindingTools, '/store/{handle}/ucp/mcp': bindingTools };
  const { db } = t.app.services;
  const someVariants = await db.select({ id: variants.id, sku: variants.sku }).from(variants).limit(3);
  const someProducts = await db.select({ id: products.id }).from(products).limit(3);
  const profile = (file: string) => `profile="${ps.origin}/${file}"`;
  const fixtures: FuzzFixtures = {
    sellerHandles: generator.sellers.map((s) => s.handle),
    words: ['headphones', 'wireless', 'boots', 'coffee', 'jacket'],
    categories: ['Electronics', 'Electronics > Audio', 'apparel & accessories > clothing', 'Food, Beverages & Tobacco'],
    adminToken: ADMIN_TOKEN,
    agentProfile: AGENT,
    productIds: [...someProducts.map((p) => p.id), ...someVariants.flatMap((v) => [v.id, v.sku])],
    platformAgent: profile('platform.json'),
    badPlatformAgents: [
      ...['missing.json', 'no-catalog.json', 'other-version.json', 'not-a-profile.json'].map(profile),
      `${ps.origin}/platform.json`,
      `profile=${ps.origin}/platform.json`,
      `profile="http://${ps.host}:${ps.port}/platform.json"`,
      'profile="https://127.0.0.1/platform.json"',
      `${profile('platform.json')}, ${profile('no-catalog.json')}`,
    ],
  };
  return {
    t,
    doc,
    schemas: schemaValidators(doc),
    binding,
    fixtures,
    mcpTools,
    operations: [...operationsOf(doc), ...operationsOf(binding.doc), ...MCP_PATHS.map((path): [string, string] => [path, 'POST'])],
    async close() {
      await t.close();
      await ps.close();
    },
  };
}

export function isBinding(target: FuzzTarget, operation: { path: string }): boolean {
  return operation.path in target.binding.doc.paths;
}

export function requestArbitrary(target: FuzzTarget, only?: [string, string]): fc.Arbitrary<FuzzRequest> {
  const ops = only ? [only] : target.operations;
  return fc.oneof(
    ...ops.map(([path, method]) =>
      isMcp({ path })
        ? toolCalls(path, target.mcpTools[path], target.fixtures)
        : isBinding(target, { path })
          ? requestsFor(target.binding.doc, path, method, target.fixtures, { binding: true })
          : requestsFor(target.doc, path, method, target.fixtures),
    ),
  );
}

export interface Answer {
  status: number;
  contentType: string;
  retryAfter: string | null;
  text: string;
  ms: number;
}

export async function send(target: FuzzTarget, req: FuzzRequest): Promise<Answer> {
  const started = performance.now();
  const res = await target.t.app.fetch(
    new Request(BASE + req.url, { method: req.method, headers: req.headers, body: req.body === undefined ? undefined : req.body }),
  );
  const text = await res.text();
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', retryAfter: res.headers.get('retry-after'), text, ms: performance.now() - started };
}

/** What is wrong with an answer, or nothing. */
export function violations(target: FuzzTarget, req: FuzzRequest, answer: Answer): string[] {
  const { status, contentType, text } = answer;
  const binding = isBinding(target, req.operation);
  const mcp = isMcp(req.operation);
  const problems: string[] = [];
  // The binding's one 5xx: the profile-fetch cap, which says when to come back.
  if (status >= 500 && !((binding || mcp) && status === 503 && answer.retryAfter)) problems.push(`answered ${status}`);
  if (req.method === 'HEAD') return problems; // no body to check
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    return [...problems, `body is not JSON: ${text.slice(0, 200)}`];
  }
  if (binding) return [...problems, ...bindingViolations(target.binding, req.operation, status, contentType, body)];
  if (mcp) return [...problems, ...mcpViolations(req, status, body)];
  const { path } = req.operation;
  const method = answeringMethod(target.doc, req);
  if (status >= 400) {
    if (typeof body?.error !== 'string' || typeof body?.code !== 'string') return [...problems, `not {error, code}: ${text.slice(0, 200)}`];
    const spec = ERROR_CATALOGUE[body.code as ErrorCode];
    if (!spec) problems.push(`code ${body.code} is not in the catalogue`);
    else if (spec.status !== status) problems.push(`code ${body.code} answered ${status}, the catalogue says ${spec.status}`);
  }
  const prefix = status >= 400 ? `${body.code}: ` : 'success body: ';
  problems.push(...target.schemas.check(path, method, status, contentType, body).map((e) => prefix + e));
  return problems;
}

/**
 * The operation whose declared answers apply: the path's operation for the method sent, or, for a
 * method the path does not take (405), the operation the request was generated for.
 */
function answeringMethod(doc: OpenApiDocument, req: FuzzRequest): string {
  const item = doc.paths[req.operation.path];
  return item[req.method.toLowerCase()] ? req.method : req.operation.method;
}

export interface FuzzRun {
  cases: number;
  /** The first failure, with what it takes to replay it (the first of each kind, with `keepGoing`). */
  failures: { message: string; replay: { seed: number; path: string } }[];
  slowest?: { ms: number; request: FuzzRequest; status: number };
  /** How many answers had each status. */
  statuses: Record<number, number>;
}

export interface FuzzOptions {
  runs: number;
  seed: number;
  /** Replays one case of a previous run. */
  path?: string;
  /** Runs every case and keeps one example of each kind of failure instead of stopping at the first. */
  keepGoing?: boolean;
}

/** Runs the cases and keeps the slowest request. */
export async function fuzz(target: FuzzTarget, arbitrary: fc.Arbitrary<FuzzRequest>, options: FuzzOptions): Promise<FuzzRun> {
  let cases = 0;
  let slowest: FuzzRun['slowest'];
  const statuses: Record<number, number> = {};
  const kinds = new Map<string, FuzzRun['failures'][number]>();
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (req) => {
      const index = cases++;
      const answer = await send(target, req);
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      if (!slowest || answer.ms > slowest.ms) slowest = { ms: answer.ms, request: req, status: answer.status };
      const problems = violations(target, req, answer);
      if (!problems.length) return;
      const message = `${problems.join('\n')}\nrequest: ${describeRequest(req)}`;
      if (!options.keepGoing) throw new Error(message);
      const kind = `${req.operation.method} ${req.operation.path}: ${problems[0].replace(/"[^"]*"|\d+/g, '…')}`;
      if (!kinds.has(kind)) kinds.set(kind, { message, replay: { seed: options.seed, path: String(index) } });
    }),
    { numRuns: options.runs, seed: options.seed, path: options.path, endOnFailure: true },
  );
  const failures = [...kinds.values()];
  if (details.failed) {
    const [req] = details.counterexample ?? [];
    const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    const message = req && cause.includes('\nrequest: ') ? cause : `${cause}\nrequest: ${req ? describeRequest(req) : '?'}`;
    failures.push({ message, replay: { seed: details.seed, path: details.counterexamplePath ?? '' } });
  }
  return { cases, slowest, failures, statuses };
}

const clip = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}… (${text.length} chars)` : text);

export function describeRequest(req: FuzzRequest): string {
  const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, clip(value)]));
  return JSON.stringify({ method: req.method, url: clip(req.url), headers, body: req.body === undefined ? undefined : clip(req.body) });
}
