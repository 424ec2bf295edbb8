/**
 * A checkout session walked end to end on ACP's REST binding (issue #47 §3 (a), §8): create, update
 * to ready_for_payment, delegate 4242… for its total, complete → completed with its order. And what
 * complete refuses, charging and writing nothing: no payment_data, a purchase order, another
 * handler, raw card data, a used token; a declining card answers 200 ready_for_payment with
 * payment_declined (decision 3).
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acpDelegatedTokens, idempotencyRecords, orders } from '../server/db/schema';
import { deriveKey } from '../server/secrets/keys';
import { requestFingerprint } from '../server/trpc/idempotency';
import { freshKey, TEST_SECRETS_KEY, testApp, type TestApp } from './support/app';
import { acpCall, acpError, conforms, platformKey, readySession, sessionOf, type Json } from './support/acp';
import { variantId } from './support/cart-fixtures';
import { seedCatalog, seller } from './support/catalog-fixtures';
import { statementsOf } from './support/statement-log';
import { allPrepared, writesOf } from './support/wire';

let t: TestApp;
let key: string;
let kettle: string;


beforeAll(async () => {
  t = await testApp();
  await seedCatalog(t.app.services.db, [{ seller: seller('north-shop', { name: 'North Shop' }), products: [{ title: 'Enamel Kettle', variants: [[3200, 50]] }] }]);
  kettle = await variantId(t.app.services.db, 'Enamel Kettle');
  ({ key } = await platformKey(t));
});
afterAll(async () => {
  await t?.close();
});

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => acpCall(t, key, method, path, body, headers);
const session = sessionOf;

const ready = (ctx: { skip(reason: string): void }) => readySession(t, key, kettle, ctx);

const DELEGATE = '/acp/agentic_commerce/delegate_payment';

/** A delegate_payment body for the card `number`, allowed the session's total. */
const delegation = (s: Json, number: string) => ({
  payment_method: { type: 'card', card_number_type: 'fpan', number, exp_month: '12', exp_year: '2099', cvc: '123', display_card_funding_type: 'credit', metadata: {} },
  allowance: { reason: 'one_time', max_amount: s.totals.find((x: Json) => x.type === 'total').amount, currency: 'usd', checkout_session_id: s.id, merchant_id: 'api.test.local', expires_at: new Date(Date.now() + 3_600_000).toISOString() },
  risk_signals: [{ type: 'card_testing', score: 2, action: 'authorized' }],
  metadata: { campaign: 'test' },
});

async function delegate(s: Json, ctx: { skip(reason: string): void }, number = '4242424242424242'): Promise<string> {
  const answer = await call('POST', DELEGATE, delegation(s, number));
  expect(answer.status).toBe(201);
  const delegated = conforms(answer, ctx, 'delegate_payment', 'DelegatePaymentResponse');
  expect(delegated.metadata).toEqual({ campaign: 'test' });
  return delegated.id;
}

const paying = (token: string) => ({ payment_data: { handler_id: 'card_tokenized', instrument: { type: 'card', credential: { type: 'spt', token } } } });

describe('complete', () => {
  it('reads the token behind the session’s lock: sent together, the lock first, so the read waits on it', async (ctx) => {
    const s = await ready(ctx);
    const token = await delegate(s, ctx);
    const { result, statements } = await statementsOf(t.db.database, () => call('POST', `/acp/checkout_sessions/${s.id}/complete`, paying(token)));
    expect(session(result, ctx).status).toBe('completed');
    const locked = statements.findIndex((q) => /\bfrom carts\b.*\bfor update\b/is.test(q));
    const read = statements.findIndex((q) => /\bfrom "acp_delegated_tokens"/i.test(q));
    expect(locked, statements.join('\n')).toBeGreaterThan(0);
    expect(read).toBe(locked + 1);
  });

  it.skipIf(!process.env.DATABASE_URL)('pays in 14 round trips, statements that wait on no answer sent together (needs DATABASE_URL)', async (ctx) => {
    // Counted on calls whose statements were all prepared on their connections (one described first takes a round trip more).
    const counted: number[] = [];
    for (let i = 0; i < 10 && counted.length < 3; i++) {
      const s = await ready(ctx);
      const token = await delegate(s, ctx);
      const { result, writes } = await writesOf(t, () => call('POST', `/acp/checkout_sessions/${s.id}/complete`, paying(token)));
      expect(session(result, ctx).status).toBe('completed');
      if (allPrepared(writes)) counted.push(writes.length);
    }
    expect(counted).toHaveLength(3);
    // 14, or 15 writes when the paid session and its sellers, read at once, go out on two connections.
    for (const writes of counted) expect(writes).toBeLessThanOrEqual(15);
  });

  it('create → ready_for_payment → delegate 4242… → complete: completed with its order; the token pays once', async (ctx) => {
    const s = await ready(ctx);
    const token = await delegate(s, ctx);
    expect(token).toMatch(/^vt_/);
    const done = session(await call('POST', `/acp/checkout_sessions/${s.id}/complete`, paying(token)), ctx);
    expect(done.status).toBe('completed');
    expect(done.order).toMatchObject({ id: expect.stringMatching(/^ord_/), checkout_session_id: s.id });
    const [order] = await t.app.services.db.select().from(orders).where(eq(orders.id, done.order.id));
    expect([order.cartId, order.totals.total_cents]).toEqual([s.id, s.totals.find((x: Json) => x.type === 'total').amount]);
    // No card number is kept: only the last four.
    const [kept] = await t.app.services.db.select().from(acpDelegatedTokens).where(eq(acpDelegatedTokens.checkoutSessionId, s.id));
    expect(JSON.stringify(kept)).not.toContain('4242424242424242');
    expect(kept.cardLast4).toBe('4242');
    // A closed session cannot be completed again.
    acpError(await call('POST', `/acp/checkout_sessions/${s.id}/complete`, paying(token)), ctx, 405, 'cart_not_open');
  });

  it('a declining card (…0002): 200 ready_for_payment with payment_declined; the token is spent', async (ctx) => {
    const s = await ready(ctx);
    const token = await delegate(s, ctx, '4000000000000002');
    const declined = session(await call('POST', `/acp/checkout_sessions/${s.id}/complete`, paying(token)), ctx);
    expect(declined.status).toBe('ready_for_payment');
    expect(declined.messages).toEqual([expect.objectContaining({ type: 'error', code: 'payment_declined' })]);
    expect(declined.order).toBeUndefined();
    acpError(await call('POST', `/acp/checkout_sessions/${s.id}/complete`, paying(token)), ctx, 400, 'payment_token_invalid');
  });

  it('refuses, charging nothing: no payment_data, a purchase order, another handler, raw card data, an unknown token', async (ctx) => {
    const s = await ready(ctx);
    const complete = (body: unknown) => call('POST', `/acp/checkout_sessions/${s.id}/complete`, body);
    expect(acpError(await complete({}), ctx, 400, 'invalid_request').param).toBe('$.payment_data');
    expect(acpError(await complete({ payment_data: { purchase_order_number: 'PO-1' } }), ctx, 400, 'payment_data_unsupported').param).toBe('$.payment_data.purchase_order_number');
    expect(acpError(await complete({ payment_data: { handler_id: 'other', instrument: { type: 'card', credential: { type: 'spt', token: 'vt_x' } } } }), ctx, 400, 'payment_data_unsupported').param).toBe('$.payment_data.handler_id');
    // Without STRIPE_SECRET_KEY there is no Stripe handler to complete with (test/acp-stripe.test.ts has it).
    expect(s.capabilities.payment.handlers.map((h: Json) => h.id)).toEqual(['card_tokenized']);
    expect(acpError(await complete({ payment_data: { handler_id: 'stripe_spt', instrument: { type: 'card', credential: { type: 'spt', token: 'spt_test_x' } } } }), ctx, 400, 'payment_data_unsupported').param).toBe('$.payment_data.handler_id');
    const raw = await complete({ payment_data: { handler_id: 'card_tokenized', instrument: { type: 'card', credential: { type: 'card', token: 'x', number: '4242424242424242' } } } });
    expect(acpError(raw, ctx, 400, 'invalid_request').param).toBe('$.payment_data.instrument.credential');
    expect(JSON.stringify(raw.body)).not.toContain('4242424242424242');
    expect(acpError(await complete(paying('vt_unknown')), ctx, 400, 'payment_token_invalid').param).toBe('$.payment_data.instrument.credential.token');
    expect(session(await call('GET', `/acp/checkout_sessions/${s.id}`), ctx).status).toBe('ready_for_payment');
  });

  it('delegate_payment keeps no card number in its idempotency record: the fingerprint is keyed, a replay and a conflict still work', async (ctx) => {
    const s = await ready(ctx);
    const pan = '4242424242424242';
    const sent = delegation(s, pan);
    const idempotencyKey = freshKey();
    const first = await call('POST', DELEGATE, sent, { 'Idempotency-Key': idempotencyKey });
    expect(first.status).toBe(201);
    const replayed = await call('POST', DELEGATE, sent, { 'Idempotency-Key': idempotencyKey });
    expect([replayed.status, replayed.headers.get('idempotent-replayed'), replayed.body.id]).toEqual([201, 'true', first.body.id]);
    acpError(await call('POST', DELEGATE, delegation(s, '5555555555554444'), { 'Idempotency-Key': idempotencyKey }), ctx, 422, 'idempotency_conflict');

    const [record] = await t.app.services.db.select().from(idempotencyRecords).where(eq(idempotencyRecords.key, idempotencyKey));
    // The input as the operation parsed it: fingerprinted under the derived key, never in the clear.
    const keyed = requestFingerprint('acp.delegatePayment.delegate', sent, deriveKey(Buffer.from(TEST_SECRETS_KEY, 'base64'), 'idempotency-fingerprint'));
    expect(record.fingerprint).toBe(keyed);
    const columns = JSON.stringify(record);
    const sha = createHash('sha256').update(pan).digest();
    for (const leak of [pan, sha.toString('hex'), sha.toString('base64'), sha.toString('base64url'), requestFingerprint('acp.delegatePayment.delegate', sent)]) expect(columns).not.toContain(leak);
    expect(record.responseBody).not.toContain('"cvc"');
  });

  it('delegate_payment refuses a card failing Luhn (400 invalid_card, param at the number)', async (ctx) => {
    const s = await ready(ctx);
    const refused = await call('POST', '/acp/agentic_commerce/delegate_payment', {
      payment_method: { type: 'card', card_number_type: 'fpan', number: '4242424242424241', display_card_funding_type: 'credit', metadata: {} },
      allowance: { reason: 'one_time', max_amount: 100, currency: 'usd', checkout_session_id: s.id, merchant_id: 'api.test.local', expires_at: new Date(Date.now() + 3_600_000).toISOString() },
      risk_signals: [{ type: 'card_testing', score: 2, action: 'authorized' }],
      metadata: {},
    });
    expect([refused.status, refused.body.code, refused.body.param]).toEqual([400, 'invalid_card', '$.payment_method.number']);
    conforms(refused, ctx, 'delegate_payment', 'Error');
  });
});
