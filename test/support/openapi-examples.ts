/**
 * Plays every operation's example calls (its `examples` metadata) against a service over the demo
 * catalog: `npm run openapi:examples` records the answers into server/http/openapi-examples.ts and
 * test/openapi.test.ts replays the calls to check that the recording is still what is answered.
 */
import { ensureDemoCatalog } from '../../server/catalog/demo';
import { EXAMPLE_AGENT, EXAMPLE_IDEMPOTENCY_KEY } from '../../server/http/openapi';
import type { RecordedAnswer } from '../../server/http/openapi-examples';
import type { Operation } from '../../server/trpc/meta';
import { testApp, type TestApp } from './app';

export const EXAMPLES_ADMIN_TOKEN = 'examples-admin-token-0123456789';

export type Recording = Record<string, Record<string, RecordedAnswer>>;

/** A service over a fresh database seeded with the demo catalog, its admin API enabled. */
export async function examplesApp(): Promise<TestApp> {
  const t = await testApp({ ADMIN_TOKEN: EXAMPLES_ADMIN_TOKEN });
  await ensureDemoCatalog(t.db.database.db);
  return t;
}

export interface ExampleRequest {
  method: string;
  /** Path and query. */
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

/** The REST request of an example call, with the headers the operation's kind needs. */
export function exampleRequest(operation: Operation, input: Record<string, unknown>): ExampleRequest {
  const { method, path } = operation.rest!;
  const rest = { ...input };
  const resolved = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = String(rest[name]);
    delete rest[name];
    return encodeURIComponent(value);
  });
  const headers: Record<string, string> = {};
  const { access } = operation;
  if (access.kind === 'open' || access.kind === 'discovery') headers['UCP-Agent'] = EXAMPLE_AGENT;
  if (access.kind === 'admin') headers.Authorization = `Bearer ${EXAMPLES_ADMIN_TOKEN}`;
  if (operation.idempotent && access.kind !== 'credential') headers['Idempotency-Key'] = EXAMPLE_IDEMPOTENCY_KEY;
  if (method === 'GET' || method === 'DELETE') {
    const query = new URLSearchParams(Object.entries(rest).map(([k, v]) => [k, String(v)])).toString();
    return { method, url: query ? `${resolved}?${query}` : resolved, headers };
  }
  return { method, url: resolved, headers, body: Object.keys(rest).length ? rest : undefined };
}

/** Every example's answer. Reads run first, so that no example changes what a read answers. */
export async function playExamples(t: TestApp): Promise<Recording> {
  const operations = t.app.services.operations.filter((o) => o.rest && Object.keys(o.examples).length);
  operations.sort((a, b) => Number(a.type === 'mutation') - Number(b.type === 'mutation'));
  const recording: Recording = {};
  for (const operation of operations) {
    for (const [name, example] of Object.entries(operation.examples)) {
      const { method, url, headers, body } = exampleRequest(operation, example.input);
      const res = await t.call(method, url, { headers, body });
      (recording[operation.name] ??= {})[name] = { status: res.status, body: await res.json() };
    }
  }
  return recording;
}

/** An answer without what differs from one database to the next: ids and cursors. */
export function comparable(value: unknown, key = ''): unknown {
  if (typeof value === 'string') return key === 'nextCursor' ? '<cursor>' : value.replace(/\b(prod|var|sel|fb|req)_[0-9a-z]{26}\b/g, '$1_<id>');
  if (Array.isArray(value)) return value.map((v) => comparable(v));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, comparable(v, k)]));
  return value;
}
