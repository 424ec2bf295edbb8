// npm run x402:reconcile                                  — the x402 payments left for review
// npm run x402:reconcile -- place <xpay_…> <transaction>  — the chain shows it paid us: the order is placed
// npm run x402:reconcile -- release <xpay_…>              — it did not: the order voided, the cart open again
// A payment is left for review when its settle went to the remote facilitator without an answer,
// its validBefore has passed and no X402_RPC_URL lets the chain decide (docs/x402.md). The same as
// GET /api/admin/x402/payments/review and POST …/{id}/decision; on PGlite, stop the server first
// (or use the admin API): the command opens the same data folder.
import { createApp } from '../server/app';
import { ApiError } from '../server/errors/catalogue';
import { decideReviewed, paymentsForReview, type ReviewDecision, type ReviewedPayment } from '../server/payments/x402-review';
import { fail, openCommandDatabase, secretsConfig } from './support/cli';

const command = 'npm run x402:reconcile';
const USAGE = `usage: ${command}                                   (list)
       ${command} -- place <payment id> <transaction>   (the chain shows the payment reached the payee)
       ${command} -- release <payment id>               (it did not)`;

function decisionOf(args: string[]): { id: string; decision: ReviewDecision } | undefined {
  const [verb, id, transaction, ...extra] = args;
  if (verb === undefined) return undefined;
  if (verb === 'release' && id && transaction === undefined) return { id, decision: { outcome: 'release' } };
  if (verb === 'place' && id && transaction && !extra.length) {
    if (!/^0x[0-9a-fA-F]{64}$/.test(transaction)) fail(`"${transaction}" is not a transaction hash (0x and 64 hex digits).`, USAGE);
    return { id, decision: { outcome: 'place', transaction: transaction as `0x${string}` } };
  }
  fail(USAGE);
}

function line(p: ReviewedPayment): string {
  return `${p.id}  order ${p.order_id}  ${p.amount} units of ${p.asset} on ${p.network}  payer ${p.payer}  nonce ${p.nonce}  valid before ${p.valid_before}  left for review ${p.review_since}`;
}

const asked = decisionOf(process.argv.slice(2));
const config = secretsConfig(command);
const database = await openCommandDatabase(command);
const app = createApp(config, database);
let refused: ApiError | undefined;
try {
  if (!asked) {
    const payments = await paymentsForReview(database.db, 500);
    if (!payments.length) console.log('No x402 payment is left for review.');
    else {
      console.log(`${payments.length} x402 payment(s) left for review: look each payer's nonce up on the chain (USDC's AuthorizationUsed log), then place or release it.`);
      for (const p of payments) console.log(line(p));
      console.log(`\n${USAGE}`);
    }
  } else {
    const decided = await decideReviewed(app.services, asked.id, asked.decision);
    console.log(
      decided.status === 'settled'
        ? `${decided.id}: placed; order ${decided.order_id} is placed (transaction ${decided.transaction}).`
        : `${decided.id}: released; order ${decided.order_id} is voided, its stock back, cart ${decided.cart_id} open again.`,
    );
  }
} catch (err) {
  if (!(err instanceof ApiError)) throw err;
  refused = err;
} finally {
  await app.close();
}
if (refused) fail(`${refused.message} (${refused.code})`);
