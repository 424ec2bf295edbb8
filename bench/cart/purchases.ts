/**
 * Step 4 of bench:cart: purchase to payment link on one running service, the seed API's quick-buy
 * and payment-link against UCP's checkout created and updated to requires_escalation; Node CPU
 * per purchase on each side.
 */
import { cpuStopwatch, groupPids } from '../lib/cpu';
import type { Child } from '../lib/processes';
import { backendPids, failures, inParallel, send, timed } from './common';

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

export type Side = 'seed' | 'ucp';

export interface PurchaseCost {
  perSecond: number;
  /** CPU µs per purchase: the service's processes, and its Postgres backends. */
  nodeCpu: number;
  pgCpu: number;
}

/**
 * CPU per purchase on each side against one running service: a warm-up of each (the binding
 * fetches the platform profile then), then four blocks of half the variants each, seed, UCP, UCP,
 * seed, so neither side always runs first; both sides buy the same variants. `connections` at a time.
 */
export async function measurePurchases(server: { child: Child }, sides: Record<Side, (variant: string) => Promise<unknown>>, variants: string[], warm: string[]): Promise<Record<Side, PurchaseCost>> {
  process.stderr.write(`  purchases: warm-up ${warm.length} a side… `);
  for (const side of ['seed', 'ucp'] as const) await inParallel(warm, 10, async (v) => void (await sides[side](v)));
  const half = Math.ceil(variants.length / 2);
  const blocks: [Side, string[]][] = [['seed', variants.slice(0, half)], ['ucp', variants.slice(0, half)], ['ucp', variants.slice(half)], ['seed', variants.slice(half)]];
  const sum = { seed: { seconds: 0, nodeCpu: 0, pgCpu: 0, count: 0 }, ucp: { seconds: 0, nodeCpu: 0, pgCpu: 0, count: 0 } };
  for (const [side, block] of blocks) {
    process.stderr.write(`${side} ${block.length}… `);
    const nodeCpu = cpuStopwatch(() => groupPids(server.child.pid));
    const pgCpu = cpuStopwatch(() => backendPids('service'));
    await nodeCpu.start();
    await pgCpu.start();
    const r = await timed(block, async (variant) => {
      try {
        await sides[side](variant);
        return true;
      } catch (err) {
        failures.push(`purchase (${side}): ${(err as Error).message}`);
        return false;
      }
    });
    sum[side].nodeCpu += nodeCpu.stop();
    sum[side].pgCpu += pgCpu.stop();
    sum[side].seconds += block.length / r.ordersPerSecond;
    sum[side].count += block.length;
  }
  const cost = (s: (typeof sum)[Side]) => ({ perSecond: s.count / s.seconds, nodeCpu: s.nodeCpu / s.count, pgCpu: s.pgCpu / s.count });
  const costs = { seed: cost(sum.seed), ucp: cost(sum.ucp) };
  process.stderr.write(`Node CPU a purchase: seed ${Math.round(costs.seed.nodeCpu)} µs, UCP ${Math.round(costs.ucp.nodeCpu)} µs\n`);
  return costs;
}
