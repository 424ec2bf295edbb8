/**
 * bench:cart — adding to carts, and placing orders, against a bare node:http + postgres yardstick
 * doing the same SQL with the same pool, on a fresh Postgres database, in one run.
 *
 *   npm run bench:cart [-- --connections 50 --duration 10 --warmup 2 --pool 10 --carts 400
 *                          --orders 400 --purchases 200 --database acapi_bench_cart --cpu-prof <dir> --echo --strict]
 *
 * 1. POST /api/agent/cart/{id}/items with a distinct Idempotency-Key per request, spread over
 *    `--carts` carts (so the cart's row lock, which serialises adds to one cart, is not what is
 *    measured), against the service (`npm start`'s server) and then bench/bare-cart-server.ts.
 *    Afterwards every 201 must be in the database: the quantities add up to the answered adds.
 * 2. Order placement: `--orders` ready carts with a live payment link each, paid `--connections`
 *    at a time through the service's own completePayment (authorize with the built-in provider,
 *    place the order in one transaction, capture), against the same statements issued bare.
 *    Each cart holds another product, so the rate measured is the work's, not one row lock's.
 *    That with order webhooks off (carts made with a network key credit no platform: nothing is
 *    enqueued) and on (carts of an open call naming the bench platform, whose profile's webhook_url
 *    is a local receiver: the payment's transaction renders the order and inserts its outbox row,
 *    and a DeliveryWorker in the same process sends the rows meanwhile); on against off ≥ 0.9.
 * 3. x402 settlement: `--orders` more carts of a verified buyer (its key carries checkout:write),
 *    signed for before the run by the buyer's linked wallet (EIP-3009, x402 v1), then settled over
 *    HTTP `--connections` at a time by the service (`npm start`) with its local ledger facilitator:
 *    the checks (one signature verification each), the order placed and the ledger's transfer, in
 *    one transaction. Compared with step 2's completePayment: orders/s ≥ 0.5, and Node CPU per
 *    settlement ≤ 2× an order's.
 * 4. Purchases, on step 1's service: `--purchases` on the seed API (quick-buy + payment-link), as
 *    many on UCP's binding (POST /ucp/checkout-sessions, then PUT with the buyer's e-mail and a
 *    destination to requires_escalation with continue_url, which is not opened; UCP-Agent names a
 *    platform profile served over HTTPS on a pinned .test name, bench/lib/platform-profile.ts), and
 *    as many on ACP's (a network key with acp:platform, minted as step 2's keyed caller's):
 *    POST /acp/checkout_sessions, POST …/{id} with the buyer's e-mail and address to
 *    ready_for_payment, then POST …/{id}/complete with a delegated token, which places the order.
 *    The token is bound to the session and covers its total, so it can only be made between the
 *    two: each block of ACP purchases runs in three parts, all sessions made ready (measured), a
 *    4242 card delegated for each (NOT measured: in ACP the platform's PSP does this, not the
 *    merchant), all completed (measured); Node and Postgres CPU are read around the measured
 *    parts only. UCP's Node CPU per purchase against the seed API's (≤ 1.2), ACP's against UCP's
 *    (issue #47's 1.2, reported only: UCP's path stops before the payment) and against UCP's plus
 *    step 2's CPU per completePayment order (in-process, webhooks off: no HTTP, so a floor for UCP
 *    paid; ≤ 1.2).
 *    ACP's orders take stock: the variants get those units first, so step 2 finds what it would.
 *
 * Exits 1 if any request or payment failed; with --strict also when a ratio target is missed.
 * Each step is a file of bench/cart/ (adds, orders, x402, purchases); what they share is common.ts.
 */
import os from 'node:os';
import { dropDatabase } from './lib/database';
import { ensureNextBuild, installCleanup, runBenchmark } from './lib/processes';
import { measureAdds, type Measured } from './cart/adds';
import { dbName, failures, purchaseCount, ROOT, running, startServer, type ServerName } from './cart/common';
import { measureOrders } from './cart/orders';
import { prepareRun } from './cart/prepare';
import { checkAcpOrders, measurePurchases, purchaseSides, stockForAcp } from './cart/purchases';
import { report } from './cart/report';
import { measureSettlements } from './cart/x402';

const cleanup = installCleanup(async () => {
  await running.child?.stop(5000).catch(() => {});
  await running.platform?.server.close().catch(() => {});
  await dropDatabase(dbName).catch((err) => console.error(`could not drop ${dbName}:`, err.message));
});

async function main(): Promise<number> {
  ensureNextBuild(ROOT);
  const load0 = os.loadavg()[0];
  const { platform, env, service, plan, orderVariants, settleVariants, orderCarts, acp } = await prepareRun();

  const adds: Record<ServerName, Measured> = { service: await measureAdds('service', service, plan), bare: undefined as never };
  // Step 4 on the same service: the order step's variants, none of their stock taken yet.
  const agent = platform.agent;
  const purchaseVariants = Array.from({ length: purchaseCount }, (_, i) => orderVariants[i % orderVariants.length]);
  const purchaseWarmUp = Math.min(20, orderVariants.length);
  const warmVariants = orderVariants.slice(-purchaseWarmUp);
  await stockForAcp([...purchaseVariants, ...warmVariants]);
  const purchases = await measurePurchases(service, purchaseSides(service.url, agent, acp), purchaseVariants, warmVariants);
  await checkAcpOrders(purchaseVariants.length + warmVariants.length);
  const logged = service.child.output().split('\n').filter((l) => /failure|error/i.test(l));
  if (logged.length) failures.push(`service logged errors:\n    ${logged.slice(0, 5).join('\n    ')}`);
  await service.child.stop();
  const bare = await startServer('bare', env);
  adds.bare = await measureAdds('bare', bare, plan);
  await bare.child.stop();
  running.child = undefined;

  const { servicePlaced, barePlaced } = await measureOrders(orderCarts, platform);
  const settled = await measureSettlements(env, settleVariants);
  const load1 = os.loadavg()[0];
  return report({ load0, load1, adds, servicePlaced, barePlaced, settled, purchases, purchaseWarmUp });
}

await runBenchmark('bench:cart', main, cleanup);
