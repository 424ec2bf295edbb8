/**
 * The Stripe provider through the official SDK against the local stand-in: the Checkout Session it
 * opens, the idempotency keys that make retries safe, and outages answered as 503 with Retry-After,
 * unlike a capture Stripe refuses for good (CaptureRefused). (The payment link, webhook and order
 * are in test/stripe.test.ts.)
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../server/errors/catalogue';
import { CaptureRefused, type PaymentProvider, type PaymentRequest } from '../server/payments/provider';
import { stripeProvider } from '../server/payments/stripe';
import { STANDIN_SECRET_KEY, startStripeStandin, type StripeStandin } from './support/stripe-standin';

let standin: StripeStandin;
let provider: PaymentProvider;

beforeAll(async () => {
  standin = await startStripeStandin();
  provider = stripeProvider({ secretKey: STANDIN_SECRET_KEY, webhookSecret: 'whsec_x', apiUrl: standin.url });
});
afterAll(() => standin.close());
beforeEach(() => {
  standin.requests.length = 0;
  standin.problems.length = 0;
});

let n = 0;
function request(overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  n++;
  return {
    linkId: `plink_test${n}`,
    cartId: `cart_test${n}`,
    amountCents: 2 * 1250 + 399 + 500,
    currency: 'USD',
    lines: [
      { title: 'Blue mug', unitPriceCents: 1250, quantity: 2 },
      { title: 'Tea towel', unitPriceCents: 399, quantity: 1 },
    ],
    deliveryCents: 500,
    returnUrl: `http://127.0.0.1:1/pay/token${n}`,
    // Inside the window Stripe accepts, so the session's expiry is the link's and not the clock's
    // at each try: a 24 h link is capped at now + 23 h 50 min, and two tries of one request on
    // either side of a 10-minute step would send different parameters (stripe.test.ts waits away
    // from that step where the app computes the expiry).
    expiresAt: new Date(Date.now() + 6 * 3_600_000),
    idempotencyKey: `agent-key-${n}`,
    ...overrides,
  };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe('open', () => {
  it('opens one manual-capture Checkout Session for the link and returns its URL', async () => {
    const req = request();
    const opened = await provider.open(req);
    expect(standin.problems).toEqual([]);
    expect(standin.sessions.size).toBeGreaterThan(0);
    const session = standin.sessions.get(opened.reference!)!;
    expect(opened.url).toBe(session.url);
    expect(session).toMatchObject({ amount_total: req.amountCents, currency: 'usd', client_reference_id: req.linkId, metadata: { link_id: req.linkId, cart_id: req.cartId } });
    const [sent] = standin.requests;
    expect(sent.body).toMatchObject({
      mode: 'payment',
      payment_intent_data: { capture_method: 'manual' },
      line_items: [
        { quantity: '2', price_data: { currency: 'usd', unit_amount: '1250', product_data: { name: 'Blue mug' } } },
        { quantity: '1', price_data: { currency: 'usd', unit_amount: '399', product_data: { name: 'Tea towel' } } },
      ],
      shipping_options: [{ shipping_rate_data: { type: 'fixed_amount', fixed_amount: { amount: '500', currency: 'usd' } } }],
      success_url: req.returnUrl,
      cancel_url: req.returnUrl,
    });
    expect(sent.idempotencyKey).toMatch(/^open:/);
  });

  it('keeps the session inside the window Stripe accepts (30 min to 24 h), else expires it with the link', async () => {
    const soon = request({ expiresAt: new Date(Date.now() + 60_000) });
    const later = request({ expiresAt: new Date(Date.now() + 72 * 3_600_000) });
    const exact = request({ expiresAt: new Date(Date.now() + 2 * 3_600_000) });
    for (const r of [soon, later, exact]) await provider.open(r);
    expect(standin.problems).toEqual([]);
    const expiry = (r: PaymentRequest) => [...standin.sessions.values()].find((s) => s.client_reference_id === r.linkId)!.expires_at;
    // Rounded down to 10 minutes, so that the same link opened again seconds later sends the same expiry.
    expect(expiry(exact)).toBe(Math.floor(exact.expiresAt.getTime() / 600_000) * 600);
    expect(expiry(soon) - Date.now() / 1000).toBeGreaterThan(30 * 60);
    expect(expiry(later) - Date.now() / 1000).toBeLessThan(24 * 3600);
  });

  it('the same link opened again seconds later (a retry after a 503 computes its expiry anew) opens no second session', async () => {
    const boundary = Math.floor((Date.now() + 5 * 3_600_000) / 600_000) * 600_000;
    const first = request({ expiresAt: new Date(boundary + 120_000) });
    const retry = { ...first, expiresAt: new Date(boundary + 123_000) };
    const opened = await provider.open(first);
    expect(await provider.open(retry)).toEqual(opened);
    expect(standin.requests.map((r) => r.outcome)).toEqual(['answered', 'replayed']);
  });

  it('refuses to open a session whose lines and delivery do not add up to the link’s amount', async () => {
    await expect(provider.open(request({ amountCents: 1 }))).rejects.toThrow(/≠ amount 1/);
    expect(standin.requests).toEqual([]);
  });

  it('a request whose answer was lost, retried, reaches Stripe with the same key: one session', async () => {
    const req = request();
    standin.failNext('lost');
    const before = standin.sessions.size;
    // The SDK retries the dropped connection itself, with the same key: Stripe replays the session.
    const opened = await provider.open(req);
    expect(standin.requests.map((r) => r.outcome)).toEqual(['lost', 'replayed']);
    expect(new Set(standin.requests.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(standin.sessions.size).toBe(before + 1);
    // The agent's own retry of the same request (same key of ours): the same session again.
    expect(await provider.open(req)).toEqual(opened);
    expect(standin.sessions.size).toBe(before + 1);
    expect(standin.problems).toEqual([]);
  });

  it('Stripe answering 503 is retried once by the SDK, then answered as 503 service_unavailable with Retry-After', async () => {
    standin.failNext('unavailable');
    await expect(provider.open(request())).resolves.toMatchObject({ url: expect.stringContaining('/c/pay/cs_test_') });

    const req = request();
    standin.failNext('unavailable', 2);
    const err = await failure(provider.open(req));
    expect(err).toMatchObject({ code: 'service_unavailable', status: 503, retryable: true, headers: { 'Retry-After': '5' } });
    expect(err.message).toMatch(/Stripe/);
    // Once Stripe is back the retry opens exactly one session, under the same key.
    const opened = await provider.open(req);
    const keys = standin.requests.filter((r) => r.body.client_reference_id === req.linkId).map((r) => r.idempotencyKey);
    expect(new Set(keys).size).toBe(1);
    expect([...standin.sessions.values()].filter((s) => s.client_reference_id === req.linkId)).toHaveLength(1);
    expect(opened.reference).toMatch(/^cs_test_/);
  });

  it('Stripe unreachable (connection refused or dropped) is a 503 too', async () => {
    standin.failNext('drop', 2);
    expect(await failure(provider.open(request()))).toMatchObject({ code: 'service_unavailable', headers: { 'Retry-After': '5' } });
    const nowhere = stripeProvider({ secretKey: STANDIN_SECRET_KEY, webhookSecret: 'whsec_x', apiUrl: 'http://127.0.0.1:1' });
    expect(await failure(nowhere.open(request()))).toMatchObject({ code: 'service_unavailable' });
  });

  it('a refused API key is our fault, not an outage: it is not turned into a 503', async () => {
    const wrongKey = stripeProvider({ secretKey: 'sk_test_wrong', webhookSecret: 'whsec_x', apiUrl: standin.url });
    const err = await wrongKey.open(request()).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(ApiError);
    standin.problems.length = 0;
  });
});

describe('capture and release', () => {
  async function authorized(): Promise<string> {
    const opened = await provider.open(request());
    return standin.complete(opened.reference!).payment_intent!;
  }

  it('captures under a key derived from ours; a repeat captures nothing more', async () => {
    const pi = await authorized();
    await provider.capture(pi, 'plink_x');
    await provider.capture(pi, 'plink_x');
    expect(standin.paymentIntents.get(pi)!.status).toBe('succeeded');
    expect(standin.captures.filter((c) => c === pi)).toHaveLength(1);
    const sent = standin.requests.filter((r) => r.path.endsWith('/capture'));
    expect(sent.map((r) => [r.idempotencyKey, r.outcome])).toEqual([
      ['capture:plink_x', 'answered'],
      ['capture:plink_x', 'replayed'],
    ]);
  });

  it('releases by cancelling the PaymentIntent: nothing is captured', async () => {
    const pi = await authorized();
    await provider.release(pi, 'plink_y');
    expect(standin.paymentIntents.get(pi)!.status).toBe('canceled');
    expect(standin.captures).not.toContain(pi);
    expect(standin.requests.at(-1)).toMatchObject({ path: `/v1/payment_intents/${pi}/cancel`, idempotencyKey: 'release:plink_y' });
  });

  it('a capture during an outage is a retryable 503; its retry captures once', async () => {
    const pi = await authorized();
    standin.failNext('lost');
    standin.failNext('unavailable');
    expect(await failure(provider.capture(pi, 'plink_z'))).toMatchObject({ code: 'service_unavailable' });
    await provider.capture(pi, 'plink_z');
    expect(standin.captures.filter((c) => c === pi)).toHaveLength(1);
  });

  it('a capture Stripe refuses for good (authorization expired, card declined) is CaptureRefused, not a 503', async () => {
    const expired = await authorized();
    standin.expireAuthorization(expired);
    await expect(provider.capture(expired, 'plink_e')).rejects.toBeInstanceOf(CaptureRefused);
    const declined = await authorized();
    standin.failNext('declined');
    await expect(provider.capture(declined, 'plink_d')).rejects.toBeInstanceOf(CaptureRefused);
    expect(standin.captures).not.toContain(expired);
  });

  it('a PaymentIntent captured or cancelled already: capturing or releasing it again is no error', async () => {
    const captured = await authorized();
    await provider.capture(captured, 'plink_c1');
    // Another key (Stripe forgets keys after 24 h): Stripe refuses, naming the PaymentIntent as succeeded.
    await provider.capture(captured, 'plink_c2');
    const lapsed = await authorized();
    standin.expireAuthorization(lapsed);
    await provider.release(lapsed, 'plink_r');
    expect(standin.requests.filter((r) => r.outcome === 'refused').map((r) => r.path)).toEqual([`/v1/payment_intents/${captured}/capture`, `/v1/payment_intents/${lapsed}/cancel`]);
  });
});
