/** bench:cart's figures as printed, against their targets; answers the exit code. */
import os from 'node:os';
import { printTable } from '../lib/table';
import { ADD_NODE_CPU_TARGET, type Measured } from './adds';
import { cartCount, connections, duration, failures, flags, orderCount, pool, purchaseCount, warmup, WARM_ORDERS, type PlaceResult, type ServerName } from './common';
import type { ServicePlaced } from './orders';
import type { PurchaseCost, Side } from './purchases';

/** The service against the bare yardstick, adds and orders. */
const TARGET = 0.4;
/** Settlements per second against completePayment's orders per second. */
const SETTLE_TARGET = 0.5;
/**
 * A settlement's Node CPU (over HTTP: the request, its checks, one signature recovered) against a
 * completePayment order's (in-process), the same bound in CPU: at most twice.
 */
const SETTLE_CPU_TARGET = 2;
/** UCP's create_checkout + update_checkout against the seed API's quick-buy + payment-link, in Node CPU per purchase. */
const PURCHASE_TARGET = 1.2;
/**
 * ACP's create + update + complete (delegation not measured) against UCP's checkout path plus step
 * 2's completePayment, in Node CPU per purchase. Issue #47 §8 sets 1.2 against UCP's path alone,
 * which stops before anyone pays while ACP's places the order: that ratio is reported, not held.
 */
const ACP_TARGET = 1.2;
/** Orders per second with order webhooks on against off (issue #35). */
const WEBHOOK_TARGET = 0.9;

export interface Figures {
  /** Load averages before and after the run. */
  load0: number;
  load1: number;
  adds: Record<ServerName, Measured>;
  servicePlaced: ServicePlaced;
  barePlaced: PlaceResult;
  settled: PlaceResult & { nodeCpu: number };
  purchases: Record<Side, PurchaseCost>;
  /** Purchases of each side made untimed first. */
  purchaseWarmUp: number;
}

export function report({ load0, load1, adds, servicePlaced, barePlaced, settled, purchases, purchaseWarmUp }: Figures): number {
  const addRatio = adds.service.rps / adds.bare.rps;
  const addCpuRatio = adds.service.nodeCpu / adds.bare.nodeCpu;
  const orderRatio = servicePlaced.off.ordersPerSecond / barePlaced.ordersPerSecond;
  const webhookRatio = servicePlaced.on.ordersPerSecond / servicePlaced.off.ordersPerSecond;
  const settleRatio = settled.ordersPerSecond / servicePlaced.off.ordersPerSecond;
  const settleCpuRatio = settled.nodeCpu / servicePlaced.off.nodeCpu;
  const purchaseRatio = purchases.ucp.nodeCpu / purchases.seed.nodeCpu;
  const acpUnpaidRatio = purchases.acp.nodeCpu / purchases.ucp.nodeCpu;
  // UCP's purchase ends before the payment: with step 2's completePayment (in-process, no HTTP) it is paid too.
  const ucpPaid = purchases.ucp.nodeCpu + servicePlaced.off.nodeCpu;
  const acpRatio = purchases.acp.nodeCpu / ucpPaid;
  const [acpReady, acpComplete] = purchases.acp.nodeCpuParts;
  const ms = (n: number) => Number(n.toFixed(n < 10 ? 1 : 0));
  console.log('');
  console.log(`bench:cart — autocannon ${connections} connections, ${duration} s after ${warmup} s warm-up, over ${cartCount} carts; ` +
    `${orderCount} orders per side, ${connections} at a time; Postgres pool ${pool} everywhere;`);
  console.log(`${os.cpus().length} CPUs shared by autocannon, the server and Postgres; Node ${process.version}; ` +
    `load average ${load0.toFixed(1)} before, ${load1.toFixed(1)} after.`);
  console.log('');
  printTable(
    ['', 'svc', 'p50 ms', 'p99 ms', 'bare', 'p50 ms', 'p99 ms', 'svc/bare', 'target', ''],
    [
      ['POST /api/agent/cart/{id}/items (rps)', Math.round(adds.service.rps), ms(adds.service.p50), ms(adds.service.p99), Math.round(adds.bare.rps),
        ms(adds.bare.p50), ms(adds.bare.p99), addRatio.toFixed(2), `≥ ${TARGET.toFixed(2)}`, addRatio >= TARGET ? 'met' : 'MISSED'],
      ['orders placed per second (webhooks off)', Math.round(servicePlaced.off.ordersPerSecond), '', '', Math.round(barePlaced.ordersPerSecond), '', '',
        orderRatio.toFixed(2), `≥ ${TARGET.toFixed(2)}`, orderRatio >= TARGET ? 'met' : 'MISSED'],
    ],
  );
  console.log('');
  printTable(
    ['', 'per second', 'Node CPU µs each', 'vs completePayment', 'target', ''],
    [
      ['orders placed by completePayment, webhooks off (step 2)', Math.round(servicePlaced.off.ordersPerSecond), Math.round(servicePlaced.off.nodeCpu), '', '', ''],
      ['the same, webhooks on (a local receiver)', Math.round(servicePlaced.on.ordersPerSecond), '', webhookRatio.toFixed(2), `≥ ${WEBHOOK_TARGET.toFixed(2)}`, webhookRatio >= WEBHOOK_TARGET ? 'met' : 'MISSED'],
      ['x402 settlements over HTTP (ledger)', Math.round(settled.ordersPerSecond), Math.round(settled.nodeCpu), settleRatio.toFixed(2), `≥ ${SETTLE_TARGET.toFixed(2)}`, settleRatio >= SETTLE_TARGET ? 'met' : 'MISSED'],
      ['… in Node CPU against a completePayment order\'s', '', '', settleCpuRatio.toFixed(2), `≤ ${SETTLE_CPU_TARGET.toFixed(2)}`, settleCpuRatio <= SETTLE_CPU_TARGET ? 'met' : 'MISSED'],
    ],
  );
  console.log('');
  printTable(
    ['purchase to payment link (same service)', 'per second', 'Node CPU µs each', 'Postgres µs each', 'Node vs seed', 'target', ''],
    [
      ['seed: POST quick-buy + POST payment-link', Math.round(purchases.seed.perSecond), Math.round(purchases.seed.nodeCpu), Math.round(purchases.seed.pgCpu), '', '', ''],
      ['UCP: POST checkout-sessions + PUT …/{id}', Math.round(purchases.ucp.perSecond), Math.round(purchases.ucp.nodeCpu), Math.round(purchases.ucp.pgCpu),
        purchaseRatio.toFixed(2), `≤ ${PURCHASE_TARGET.toFixed(2)}`, purchaseRatio <= PURCHASE_TARGET ? 'met' : 'MISSED'],
      ['ACP: POST checkout_sessions + POST …/{id} + POST …/complete', Math.round(purchases.acp.perSecond), Math.round(purchases.acp.nodeCpu), Math.round(purchases.acp.pgCpu),
        (purchases.acp.nodeCpu / purchases.seed.nodeCpu).toFixed(2), '', ''],
    ],
  );
  console.log('');
  printTable(
    ['ACP purchase (paid) in Node CPU µs', 'ACP', 'against', 'ACP / against', 'target', ''],
    [
      ['against UCP to requires_escalation (unpaid)', Math.round(purchases.acp.nodeCpu), Math.round(purchases.ucp.nodeCpu), acpUnpaidRatio.toFixed(2), '', ''],
      [`against UCP + completePayment (step 2: ${Math.round(servicePlaced.off.nodeCpu)} µs an order)`, Math.round(purchases.acp.nodeCpu), Math.round(ucpPaid),
        acpRatio.toFixed(2), `≤ ${ACP_TARGET.toFixed(2)}`, acpRatio <= ACP_TARGET ? 'met' : 'MISSED'],
      ['… its create + update against UCP\'s create + update', Math.round(acpReady), Math.round(purchases.ucp.nodeCpu), (acpReady / purchases.ucp.nodeCpu).toFixed(2), '', ''],
      ['… its complete against completePayment in-process', Math.round(acpComplete), Math.round(servicePlaced.off.nodeCpu), (acpComplete / servicePlaced.off.nodeCpu).toFixed(2), '', ''],
    ],
  );
  console.log('');
  printTable(
    ['CPU µs per add', 'svc node', 'svc postgres', 'bare node', 'bare postgres', 'node svc/bare', 'target', ''],
    [['POST /api/agent/cart/{id}/items', Math.round(adds.service.nodeCpu), Math.round(adds.service.pgCpu), Math.round(adds.bare.nodeCpu), Math.round(adds.bare.pgCpu),
      addCpuRatio.toFixed(2), `≤ ${ADD_NODE_CPU_TARGET.toFixed(2)}`, addCpuRatio <= ADD_NODE_CPU_TARGET ? 'met' : 'MISSED']],
  );
  console.log('');
  console.log('Adds: a fresh Idempotency-Key per request, one unit of one of 10 variants into one of the carts in turn;');
  console.log('the service over HTTP (npm start), the bare server the same statements; every 201 was found in cart_items.');
  console.log('Orders: in-process, so the HTTP page is not measured: the service is authorize (built-in provider) +');
  console.log('completePayment (lock cart and link, price, lock products and variants, take stock, insert the order) + capture;');
  console.log('the bare side issues the same statements through postgres directly. Webhooks on: each payment\'s transaction also renders');
  console.log('the order and inserts its outbox row, and a DeliveryWorker in the process sends them (in blocks off, on, on, off,');
  console.log(`after ${WARM_ORDERS} orders a side placed untimed, their webhooks sent);`);
  console.log(`${servicePlaced.sentDuringRun} of ${orderCount} webhooks were received by the end of the "on" blocks, all of them ${servicePlaced.drainSeconds.toFixed(1)} s later.`);
  console.log('Settlements: POST /api/agent/cart/{id}/checkout with X-PAYMENT signed before the run, a fresh key each; the service');
  console.log(`checks the payment (one EIP-712 verification), places the order and makes the local ledger's transfer in one transaction;`);
  console.log(`timed after ${WARM_ORDERS} settled untimed.`);
  console.log(`Purchases: ${purchaseCount} a side after ${purchaseWarmUp} of warm-up, ${connections} at a time, in blocks seed, UCP, ACP, ACP, UCP, seed,`);
  console.log('the same variants on every side; seed = quick-buy (cart, address, delivery) + payment link; UCP = checkout created with the line,');
  console.log('then updated with the buyer\'s e-mail and a destination to requires_escalation with continue_url (not opened);');
  console.log('ACP = session created, updated with the buyer\'s e-mail and address to ready_for_payment (measured), a 4242 card delegated');
  console.log('for the session and its total (not measured: the platform\'s PSP does it), completed with the token: the order placed (measured).');
  console.log('UCP + completePayment adds step 2\'s in-process CPU per order (webhooks off, no HTTP: less than a paid UCP purchase costs).');
  if (load0 > os.cpus().length * 0.75) {
    console.log(`\nWARNING: the machine was already busy (load average ${load0.toFixed(1)} on ${os.cpus().length} CPUs) — figures are unreliable.`);
  }
  if (failures.length) {
    console.error(`\nFAILED:\n  ${failures.join('\n  ')}`);
    return 1;
  }
  const missed =
    [addRatio, orderRatio].some((r) => r < TARGET) || addCpuRatio > ADD_NODE_CPU_TARGET || settleRatio < SETTLE_TARGET || settleCpuRatio > SETTLE_CPU_TARGET || purchaseRatio > PURCHASE_TARGET || webhookRatio < WEBHOOK_TARGET || acpRatio > ACP_TARGET;
  if (missed) {
    console.log(`
Target missed (adds ${addRatio.toFixed(2)}, orders ${orderRatio.toFixed(2)}; target ${TARGET}; adds in Node CPU ${addCpuRatio.toFixed(2)}× bare, target ≤ ${ADD_NODE_CPU_TARGET}; settlements ${settleRatio.toFixed(2)}, target ${SETTLE_TARGET}, in Node CPU ${settleCpuRatio.toFixed(2)}, target ≤ ${SETTLE_CPU_TARGET}; ` +
      `UCP purchase vs seed in Node CPU ${purchaseRatio.toFixed(2)}, target ≤ ${PURCHASE_TARGET}; webhooks on vs off ${webhookRatio.toFixed(2)}, target ≥ ${WEBHOOK_TARGET}; ` +
      `ACP purchase vs UCP's + completePayment in Node CPU ${acpRatio.toFixed(2)}, target ≤ ${ACP_TARGET}).`);
    if (flags.strict) return 1;
  }
  return 0;
}
