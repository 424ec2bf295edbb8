/**
 * Step 4 of bench:cart: purchases on one running service, the seed API's quick-buy and
 * payment-link, UCP's checkout created and updated to requires_escalation, and ACP's checkout
 * session made ready and completed with a delegated token (./acp.ts); Node CPU per purchase on
 * each side.
 */
import { cpuStopwatch, groupPids } from '../lib/cpu';
import type { Child } from '../lib/processes';
import { acpComplete, acpDelegate, acpReadySession } from './acp';
import { withDatabase } from '../lib/database';
import { backendPids, connections, dbName, failures, inParallel, send, type CallerHeaders } from './common';
import { seedPurchase } from './orders';

/** UCP's checkout update: the buyer's e-mail and ADDRESS as a destination (postal_address.json). */
const BUYER_EMAIL = 'bench-buyer@example.org';
const DESTINATION = { id: 'home', first_name: 'Bench', last_name: 'Buyer', street_address: '1 Main St', address_locality: 'Portland', address_region: 'OR', postal_code: '97201', address_country: 'US' };

/**
 * The same purchase on UCP's binding: a checkout created with the line, then updated with the
 * buyer's e-mail and a destination, which answers requires_escalation with continue_url (where the
 * person pays; not opened here). `agent` names the platform profile the service fetches.
 */
export async function ucpPurchase(url: string, agent: string, variant: string): Promise<void> {
  const line_items = [{ item: { id: variant }, quantity: 1 }];
  const created = await send(url, 'POST', '/ucp/checkout-sessions', { line_items }, { 'UCP-Agent': agent });
  if (created.status !== 201) throw new Error(`POST /ucp/checkout-sessions answered ${created.status} ${JSON.stringify(created.body).slice(0, 300)}`);
  const update = { line_items, buyer: { email: BUYER_EMAIL }, fulfillment: { methods: [{ type: 'shipping', destinations: [DESTINATION] }] } };
  const ready = await send(url, 'PUT', `/ucp/checkout-sessions/${created.body.id}`, update, { 'UCP-Agent': agent });
  if (ready.status !== 200 || ready.body.status !== 'requires_escalation' || typeof ready.body.continue_url !== 'string') {
    throw new Error(`PUT /ucp/checkout-sessions/{id} answered ${ready.status} ${JSON.stringify(ready.body).slice(0, 300)}`);
  }
}

export type Side = 'seed' | 'ucp' | 'acp';
const SIDES: Side[] = ['seed', 'ucp', 'acp'];

/** Wraps one part of a side's purchases whose wall time and CPU are measured; what runs outside it is not. */
export type Measured = <T>(part: () => Promise<T>) => Promise<T>;

/** One side's purchases of a block of variants, the measured parts of it run through `measured`. */
export type SidePurchases = (variants: string[], measured: Measured) => Promise<void>;

/** `task` over `items`, `connections` at a time; answers what those that did not fail answered (a failure is noted). */
async function each<T, R>(side: Side, items: T[], task: (item: T) => Promise<R>): Promise<R[]> {
  const done: R[] = [];
  await inParallel(items, connections, async (item) => {
    try {
      done.push(await task(item));
    } catch (err) {
      failures.push(`purchase (${side}): ${(err as Error).message}`);
    }
  });
  return done;
}

/**
 * The three purchases against the service at `url`: the seed API's (quick-buy + payment-link) and
 * UCP's (`agent` names the platform profile), measured whole; ACP's (`acp`, a platform's headers)
 * measured in two parts, session made ready, then completed, with the delegation between them
 * (one token per session, bound to it and its total) left out.
 */
export function purchaseSides(url: string, agent: string, acp: CallerHeaders): Record<Side, SidePurchases> {
  return {
    seed: (variants, measured) => measured(() => each('seed', variants, (variant) => seedPurchase(url, variant))).then(() => {}),
    ucp: (variants, measured) => measured(() => each('ucp', variants, (variant) => ucpPurchase(url, agent, variant))).then(() => {}),
    acp: async (variants, measured) => {
      const sessions = await measured(() => each('acp', variants, (variant) => acpReadySession(url, acp, variant)));
      const delegated = await each('acp', sessions, async (session) => ({ session, token: await acpDelegate(url, acp, session) }));
      await measured(() => each('acp', delegated, ({ session, token }) => acpComplete(url, acp, session, token)));
    },
  };
}

export interface PurchaseCost {
  perSecond: number;
  /** CPU µs per purchase: the service's processes, and its Postgres backends. */
  nodeCpu: number;
  pgCpu: number;
  /** Node CPU µs per purchase of each measured part, in order (ACP: made ready, completed). */
  nodeCpuParts: number[];
}

/**
 * CPU per purchase on each side against one running service: a warm-up of each (UCP's binding
 * fetches the platform profile then), then six blocks of half the variants each, seed, UCP, ACP,
 * ACP, UCP, seed, so no side always runs first or last; every side buys the same variants, each
 * part `connections` at a time. A side's figures are its measured parts' wall time and CPU over
 * its purchases.
 */
export async function measurePurchases(server: { child: Child }, sides: Record<Side, SidePurchases>, variants: string[], warm: string[]): Promise<Record<Side, PurchaseCost>> {
  process.stderr.write(`  purchases: warm-up ${warm.length} a side… `);
  for (const side of SIDES) await sides[side](warm, (part) => part());
  const half = Math.ceil(variants.length / 2);
  const [first, second] = [variants.slice(0, half), variants.slice(half)];
  const blocks: [Side, string[]][] = [['seed', first], ['ucp', first], ['acp', first], ['acp', second], ['ucp', second], ['seed', second]];
  const sum = Object.fromEntries(SIDES.map((side) => [side, { seconds: 0, nodeCpu: 0, pgCpu: 0, count: 0, parts: [] as number[] }])) as Record<Side, { seconds: number; nodeCpu: number; pgCpu: number; count: number; parts: number[] }>;
  for (const [side, block] of blocks) {
    process.stderr.write(`${side} ${block.length}… `);
    let partIndex = 0;
    const measured: Measured = async (part) => {
      const index = partIndex++;
      const nodeCpu = cpuStopwatch(() => groupPids(server.child.pid));
      const pgCpu = cpuStopwatch(() => backendPids('service'));
      await nodeCpu.start();
      await pgCpu.start();
      const started = performance.now();
      try {
        return await part();
      } finally {
        sum[side].seconds += (performance.now() - started) / 1000;
        const used = nodeCpu.stop();
        sum[side].nodeCpu += used;
        sum[side].parts[index] = (sum[side].parts[index] ?? 0) + used;
        sum[side].pgCpu += pgCpu.stop();
      }
    };
    await sides[side](block, measured);
    sum[side].count += block.length;
  }
  const cost = (s: (typeof sum)[Side]) => ({ perSecond: s.count / s.seconds, nodeCpu: s.nodeCpu / s.count, pgCpu: s.pgCpu / s.count, nodeCpuParts: s.parts.map((used) => used / s.count) });
  const costs = { seed: cost(sum.seed), ucp: cost(sum.ucp), acp: cost(sum.acp) };
  process.stderr.write(`Node CPU a purchase: ${SIDES.map((side) => `${side} ${Math.round(costs[side].nodeCpu)} µs`).join(', ')}\n`);
  return costs;
}

/**
 * ACP's purchases place orders, so they take stock of the variants step 2 orders afterwards: each
 * variant gets the units step 4 will take of it (`variants`, a unit each time it is named) first,
 * and step 2 finds the stock it would have found.
 */
export async function stockForAcp(variants: string[]): Promise<void> {
  const units = new Map<string, number>();
  for (const variant of variants) units.set(variant, (units.get(variant) ?? 0) + 1);
  const added = [...units].map(([id, n]) => ({ id, n }));
  await withDatabase(dbName, (sql) => sql`update variants v set stock = v.stock + x.n from jsonb_to_recordset(${sql.json(added)}) as x(id text, n int) where v.id = x.id`);
}

/** Every ACP purchase answered completed: its order must be there, one per session (`expected`). */
export async function checkAcpOrders(expected: number): Promise<void> {
  const [{ orders }] = await withDatabase(dbName, (sql) => sql<{ orders: number }[]>`
    select count(*)::int as orders from orders o join carts c on c.id = o.cart_id where c.acp_platform is not null`);
  if (orders !== expected) failures.push(`ACP purchases: ${orders} orders for ${expected} sessions completed`);
}
