/**
 * Step 1 of bench:cart: POST /api/agent/cart/{id}/items with a distinct Idempotency-Key per
 * request, spread over the carts, on one server (the service or the bare yardstick); afterwards
 * every 201 must be in the database.
 */
import { cpuStopwatch, groupPids } from '../lib/cpu';
import { withDatabase } from '../lib/database';
import { runLoad, type LoadOptions, type LoadResult } from '../lib/load';
import type { Child } from '../lib/processes';
import { AGENT, backendPids, connections, dbName, duration, failures, freshKey, send, warmup, type ServerName } from './common';

/** The most Node CPU per add the service may spend against the bare server's (issue #48 §2). */
export const ADD_NODE_CPU_TARGET = 1.3;

export interface AddPlan {
  carts: string[];
  variants: string[];
}

function addLoad(url: string, plan: AddPlan, seconds: number): LoadOptions {
  let n = 0;
  return {
    url,
    connections,
    duration: seconds,
    method: 'POST',
    path: `/api/agent/cart/${plan.carts[0]}/items`,
    headers: { 'ucp-agent': AGENT, 'content-type': 'application/json' },
    body: JSON.stringify({ variant_id: plan.variants[0], quantity: 1 }),
    setupRequest: (req) => {
      const i = n++;
      return {
        ...req,
        path: `/api/agent/cart/${plan.carts[i % plan.carts.length]}/items`,
        body: JSON.stringify({ variant_id: plan.variants[Math.floor(i / plan.carts.length) % plan.variants.length], quantity: 1 }),
        headers: { ...req.headers, 'idempotency-key': freshKey() },
      };
    },
  };
}

function checkLoad(label: string, r: LoadResult): void {
  if (r.non2xx) failures.push(`${label}: ${r.non2xx} non-2xx responses (${JSON.stringify(r.statusCodes)})`);
  if (r.errors) failures.push(`${label}: ${r.errors} connection errors (${r.timeouts} timeouts)`);
  if (r.total === 0) failures.push(`${label}: no responses at all`);
}

const unitsInCarts = async () => (await withDatabase(dbName, (sql) => sql`select coalesce(sum(quantity), 0)::int as n from cart_items`))[0].n as number;

export interface Measured extends LoadResult {
  /** CPU µs per completed request: the server's processes, and its Postgres backends. */
  nodeCpu: number;
  pgCpu: number;
}

/** Smoke, warm-up and measured load on one server; every 201 must show in the database after. */
export async function measureAdds(name: ServerName, server: { child: Child; url: string }, plan: AddPlan): Promise<Measured> {
  const { url } = server;
  const before = await unitsInCarts();
  const smoke = await send(url, 'POST', `/api/agent/cart/${plan.carts[0]}/items`, { variant_id: plan.variants[0], quantity: 1 });
  if (smoke.status !== 201 || smoke.body.id !== plan.carts[0] || !Array.isArray(smoke.body.line_items)) {
    throw new Error(`${name}: POST …/items answered ${smoke.status} ${JSON.stringify(smoke.body).slice(0, 300)}`);
  }
  let answered = 1;
  if (warmup > 0) {
    process.stderr.write(`  ${name} add: warm-up ${warmup} s… `);
    const w = await runLoad(addLoad(url, plan, warmup));
    checkLoad(`${name} warm-up`, w);
    answered += w.statusCodes['201'] ?? 0;
  }
  process.stderr.write(`measuring ${duration} s… `);
  const nodeCpu = cpuStopwatch(() => groupPids(server.child.pid));
  const pgCpu = cpuStopwatch(() => backendPids(name)); // after warm-up, the pool is open
  await nodeCpu.start();
  await pgCpu.start();
  const r = await runLoad(addLoad(url, plan, duration));
  const cpu = { nodeCpu: nodeCpu.stop() / r.total, pgCpu: pgCpu.stop() / r.total };
  process.stderr.write(`${Math.round(r.rps)} rps\n`);
  checkLoad(`${name} add`, r);
  answered += r.statusCodes['201'] ?? 0;

  // Requests in flight when autocannon stops finish on the server uncounted: up to `connections`
  // more units per run than counted 201s, never fewer.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const added = (await unitsInCarts()) - before;
  const runs = warmup > 0 ? 2 : 1;
  if (added < answered || added > answered + runs * connections) failures.push(`${name}: ${answered} adds answered 201 but ${added} units were added`);
  return { ...r, ...cpu };
}
