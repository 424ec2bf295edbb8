/**
 * Step 4's ACP side: the purchase an ACP platform makes (docs/acp.md), in the three parts step 4
 * runs apart so that the platform's delegation is left out of what is measured:
 *
 *   1. (measured) POST /acp/checkout_sessions with the line, then POST /acp/checkout_sessions/{id}
 *      with the buyer's e-mail and address: ready_for_payment;
 *   2. (not measured) POST /acp/agentic_commerce/delegate_payment: a 4242… card, its allowance
 *      bound to the session, this merchant and the session's total (a platform's PSP does this in
 *      ACP; here the service is its own test PSP);
 *   3. (measured) POST /acp/checkout_sessions/{id}/complete with the token: completed, its order
 *      placed through completePayment.
 *
 * The caller is a network key carrying acp:platform (its account registers no webhook URL, so the
 * orders enqueue no webhook, as step 2's "webhooks off" orders do).
 */
import { ACP_VERSION } from '../../server/errors/acp';
import { send, type CallerHeaders } from './common';

const BUYER = { email: 'bench-buyer@example.org' };
const ADDRESS = { name: 'Bench Buyer', line_one: '1 Main St', city: 'Portland', state: 'OR', country: 'US', postal_code: '97201' };
const CARD = { type: 'card', card_number_type: 'fpan', number: '4242424242424242', exp_month: '12', exp_year: '2099', cvc: '123', display_card_funding_type: 'credit', metadata: {} };

/** A platform's headers: its key (`keyed`, a key with acp:platform) and the one API version. */
export const acpCaller = (keyed: CallerHeaders): CallerHeaders => ({ ...keyed, 'API-Version': ACP_VERSION });

/** A session ready for payment, as far as the platform needs it to delegate and complete. */
export interface ReadySession {
  id: string;
  total: number;
  handlerId: string;
  merchantId: string;
}

function fail(what: string, answer: { status: number; body: unknown }): never {
  throw new Error(`${what} answered ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
}

/** Part 1: the session created with one unit of `variant`, then given the buyer and the address. */
export async function acpReadySession(url: string, caller: CallerHeaders, variant: string): Promise<ReadySession> {
  const created = await send(url, 'POST', '/acp/checkout_sessions', { line_items: [{ id: variant }], currency: 'usd', capabilities: {} }, caller);
  if (created.status !== 201) fail('POST /acp/checkout_sessions', created);
  const ready = await send(url, 'POST', `/acp/checkout_sessions/${created.body.id}`, { buyer: BUYER, fulfillment_details: { address: ADDRESS } }, caller);
  if (ready.status !== 200 || ready.body.status !== 'ready_for_payment') fail('POST /acp/checkout_sessions/{id}', ready);
  const [handler] = ready.body.capabilities.payment.handlers;
  return { id: ready.body.id, total: ready.body.totals.find((t: { type: string }) => t.type === 'total').amount, handlerId: handler.id, merchantId: handler.config.merchant_id };
}

/** Part 2: a one-time token for the session's total, valid an hour. */
export async function acpDelegate(url: string, caller: CallerHeaders, session: ReadySession): Promise<string> {
  const allowance = { reason: 'one_time', max_amount: session.total, currency: 'usd', checkout_session_id: session.id, merchant_id: session.merchantId, expires_at: new Date(Date.now() + 3_600_000).toISOString() };
  const risk_signals = [{ type: 'card_testing', score: 2, action: 'authorized' }];
  const delegated = await send(url, 'POST', '/acp/agentic_commerce/delegate_payment', { payment_method: CARD, allowance, risk_signals, metadata: {} }, caller);
  if (delegated.status !== 201) fail('POST /acp/agentic_commerce/delegate_payment', delegated);
  return delegated.body.id;
}

/** Part 3: the session completed with the token; answers its order's id. */
export async function acpComplete(url: string, caller: CallerHeaders, session: ReadySession, token: string): Promise<string> {
  const payment_data = { handler_id: session.handlerId, instrument: { type: 'card', credential: { type: 'spt', token } } };
  const done = await send(url, 'POST', `/acp/checkout_sessions/${session.id}/complete`, { payment_data }, caller);
  if (done.status !== 200 || done.body.status !== 'completed') fail('POST /acp/checkout_sessions/{id}/complete', done);
  return done.body.order.id;
}
