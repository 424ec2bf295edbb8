/**
 * A local stand-in for the parts of Stripe's API the Stripe provider uses, for the official SDK to
 * talk to (STRIPE_API_URL): Checkout Sessions, PaymentIntents created and confirmed from a shared
 * payment token an agent granted (SHARED_TOKEN_API_VERSION's preview), capturing and cancelling
 * PaymentIntents, and webhook events signed with the SDK's own test-header helper.
 *
 * It answers as Stripe does (form-encoded requests, JSON objects, `{error: {type, message}}`
 * failures, idempotency keys replaying the first answer and refusing changed parameters) and checks
 * every field the service must send, recording each violation in `problems` (and refusing the
 * request with 400, as Stripe would). It can be told to fail the next requests: a 503, a dropped
 * connection, a lost answer (the request takes effect, then the connection drops), or a card
 * declined (402, on a capture or a token's PaymentIntent). It grants shared payment tokens with
 * their usage limits, refusing a PaymentIntent from one unknown, used, expired, in another currency
 * or below its amount as Stripe does (400 naming the token's parameter). It can let an authorization expire, as Stripe does after 7 days uncaptured, and
 * stand for another product on the same account (sessions no link of ours opened).
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { SHARED_TOKEN_API_VERSION } from '../../server/payments/stripe';
import { standInServer } from './stand-in-server';

export const STANDIN_SECRET_KEY = 'sk_test_standin';
export const STANDIN_WEBHOOK_SECRET = 'whsec_standin';

type Form = { [key: string]: string | Form | Form[] | string[] };

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: Form;
  /** What the stand-in did with it. */
  outcome: 'answered' | 'replayed' | 'unavailable' | 'dropped' | 'lost' | 'refused';
}

export interface StandinSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  mode: string;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string;
  metadata: Record<string, string>;
  payment_intent: string | null;
  expires_at: number;
  success_url: string;
  cancel_url: string;
  created: number;
  livemode: false;
}

export interface StandinPaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  capture_method: 'manual';
  status: 'requires_payment_method' | 'requires_capture' | 'succeeded' | 'canceled';
  cancellation_reason: 'requested_by_customer' | 'automatic' | null;
  metadata: Record<string, string>;
}

/** A shared payment token an agent granted the account: its usage limits, and whether its card authorizes. */
export interface StandinSharedToken {
  id: string;
  maxAmount: number;
  currency: string;
  /** Epoch seconds. */
  expiresAt: number;
  /** The card behind it declines (Stripe's 4000000000000002). */
  declines: boolean;
  /** The PaymentIntent it authorized, once used. */
  usedBy: string | null;
}

/**
 * How the next requests fail: Stripe answers 503, the connection drops unanswered, the request
 * takes effect and its answer is lost, or the card network declines (402 card_error).
 */
export type Failure = 'unavailable' | 'drop' | 'lost' | 'declined';

export interface StripeStandin {
  /** STRIPE_API_URL for the service. */
  url: string;
  /** The environment that points the service's provider here. */
  env: Record<string, string>;
  requests: RecordedRequest[];
  /** Fields the service sent wrong (empty when everything it sent was right). */
  problems: string[];
  sessions: Map<string, StandinSession>;
  paymentIntents: Map<string, StandinPaymentIntent>;
  sharedTokens: Map<string, StandinSharedToken>;
  /** Captures and cancellations that took effect (replays under an idempotency key not counted). */
  captures: string[];
  cancellations: string[];
  failNext(failure: Failure, count?: number): void;
  /** An agent grants the account a shared payment token (usd, an hour, a card that authorizes unless told). */
  grantSharedToken(limits: { maxAmount: number; currency?: string; expiresAt?: number; declines?: boolean }): string;
  /** The human paid on Stripe's page: the card is authorized, the session complete. */
  complete(sessionId: string): StandinSession;
  /** Another product on the same Stripe account: a completed session with an authorized PaymentIntent, no link of ours. */
  foreignSession(amount: number, clientReferenceId?: string): StandinSession;
  /** The authorization lapses uncaptured (Stripe cancels it after 7 days): it can no longer be captured. */
  expireAuthorization(paymentIntentId: string): void;
  /** An event as Stripe sends it to the webhook: the JSON body and its Stripe-Signature header. */
  event(type: string, object: object, secret?: string): { id: string; body: string; signature: string };
  /** Any body, signed as Stripe signs events (for payloads of shapes Stripe does not send). */
  signed(body: string): { body: string; signature: string };
  close(): Promise<void>;
}

const now = () => Math.floor(Date.now() / 1000);
const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('base64url')}`;

export async function startStripeStandin(): Promise<StripeStandin> {
  const requests: RecordedRequest[] = [];
  const problems: string[] = [];
  const sessions = new Map<string, StandinSession>();
  const paymentIntents = new Map<string, StandinPaymentIntent>();
  const sharedTokens = new Map<string, StandinSharedToken>();
  const captures: string[] = [];
  const cancellations: string[] = [];
  const failures: Failure[] = [];
  /** Idempotency key → the request's parameters and Stripe's first answer. */
  const idempotent = new Map<string, { request: string; status: number; body: string }>();
  let url = '';

  function refuse(message: string, type = 'invalid_request_error', code?: string): { status: number; body: object } {
    return { status: 400, body: { error: { type, message, ...(code && { code }) } } };
  }

  function check(condition: boolean, problem: string): boolean {
    if (!condition) problems.push(problem);
    return condition;
  }

  function createSession(form: Form): { status: number; body: object } {
    const f = form as Record<string, any>;
    const lines = (f.line_items ?? []) as Record<string, any>[];
    const shipping = (f.shipping_options ?? []) as Record<string, any>[];
    const inWindow = Number(f.expires_at) >= now() + 30 * 60 - 5 && Number(f.expires_at) <= now() + 24 * 3600;
    const ok = [
      check(f.mode === 'payment', `mode is ${f.mode}, not payment`),
      check(f.payment_intent_data?.capture_method === 'manual', `payment_intent_data.capture_method is ${f.payment_intent_data?.capture_method}, not manual`),
      check(lines.length > 0, 'no line_items'),
      ...lines.map((l, i) =>
        check(
          l.price_data?.currency === 'usd' && /^\d+$/.test(l.price_data?.unit_amount ?? '') && /^[1-9]\d*$/.test(l.quantity ?? '') && !!l.price_data?.product_data?.name,
          `line_items[${i}] is not {quantity, price_data: {currency: usd, unit_amount (cents), product_data.name}}: ${JSON.stringify(l)}`,
        ),
      ),
      ...shipping.map((s, i) =>
        check(
          s.shipping_rate_data?.fixed_amount?.currency === 'usd' && /^\d+$/.test(s.shipping_rate_data?.fixed_amount?.amount ?? ''),
          `shipping_options[${i}] is not a fixed amount in usd cents: ${JSON.stringify(s)}`,
        ),
      ),
      check(!!f.client_reference_id && f.metadata?.link_id === f.client_reference_id, 'client_reference_id missing or not metadata.link_id'),
      check(URL.canParse(f.success_url ?? '') && URL.canParse(f.cancel_url ?? ''), 'success_url or cancel_url is not an absolute URL'),
      check(inWindow, `expires_at ${f.expires_at} is not 30 min to 24 h from now`),
    ];
    if (ok.includes(false)) return refuse(problems.at(-1)!);
    const subtotal = lines.reduce((sum, l) => sum + Number(l.price_data.unit_amount) * Number(l.quantity), 0);
    const delivery = shipping.reduce((sum, s) => sum + Number(s.shipping_rate_data.fixed_amount.amount), 0);
    const session = openSession({
      mode: f.mode,
      amount_subtotal: subtotal,
      amount_total: subtotal + delivery,
      client_reference_id: f.client_reference_id,
      metadata: f.metadata ?? {},
      expires_at: Number(f.expires_at),
      success_url: f.success_url,
      cancel_url: f.cancel_url,
    });
    return { status: 200, body: session };
  }

  type SessionFields = 'mode' | 'amount_subtotal' | 'amount_total' | 'client_reference_id' | 'metadata' | 'expires_at' | 'success_url' | 'cancel_url';

  function openSession(fields: Pick<StandinSession, SessionFields>): StandinSession {
    const sessionId = id('cs');
    const session: StandinSession = {
      ...fields,
      id: sessionId,
      object: 'checkout.session',
      url: `${url}/c/pay/${sessionId}`,
      status: 'open',
      payment_status: 'unpaid',
      currency: 'usd',
      payment_intent: null,
      created: now(),
      livemode: false,
    };
    sessions.set(sessionId, session);
    return session;
  }

  /** The token's parameter, which Stripe's refusals of the token name. */
  const TOKEN_PARAM = 'payment_method_data[shared_payment_granted_token]';

  /** A PaymentIntent created and confirmed from a shared payment token, as the pinned preview takes it. */
  function createIntent(form: Form, version: string | undefined, failure: Failure | undefined): { status: number; body: object } {
    const f = form as Record<string, any>;
    const ok = [
      check(version === SHARED_TOKEN_API_VERSION, `Stripe-Version is ${version}, not ${SHARED_TOKEN_API_VERSION} (the shared token's preview)`),
      check(/^[1-9]\d*$/.test(f.amount ?? ''), `amount ${f.amount} is not a positive integer of cents`),
      check(f.currency === 'usd', `currency is ${f.currency}, not usd`),
      check(f.capture_method === 'manual', `capture_method is ${f.capture_method}, not manual`),
      check(f.confirm === 'true', `confirm is ${f.confirm}, not true`),
      check(JSON.stringify(f.payment_method_types) === '["card"]', `payment_method_types is ${JSON.stringify(f.payment_method_types)}, not [card]`),
      check(!!f.metadata?.link_id && !!f.metadata?.cart_id, 'metadata.link_id or metadata.cart_id missing'),
      check(typeof f.payment_method_data?.shared_payment_granted_token === 'string', 'payment_method_data.shared_payment_granted_token missing'),
    ];
    if (ok.includes(false)) return refuse(problems.at(-1)!);
    const tokenId: string = f.payment_method_data.shared_payment_granted_token;
    const token = sharedTokens.get(tokenId);
    const tokenRefused = (message: string) => ({ status: 400, body: { error: { type: 'invalid_request_error', message, param: TOKEN_PARAM } } });
    if (!token) return { status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such shared_payment.granted_token: '${tokenId}'`, param: TOKEN_PARAM } } };
    if (token.usedBy) return tokenRefused(`The SharedPaymentGrantedToken ${tokenId} was already used.`);
    if (token.expiresAt <= now()) return tokenRefused(`The SharedPaymentGrantedToken ${tokenId} has expired.`);
    if (token.currency !== f.currency) return tokenRefused(`The SharedPaymentGrantedToken ${tokenId} is limited to ${token.currency}.`);
    if (Number(f.amount) > token.maxAmount) return tokenRefused(`The amount exceeds the SharedPaymentGrantedToken ${tokenId}'s max_amount of ${token.maxAmount}.`);
    const pi: StandinPaymentIntent = {
      id: id('pi'),
      object: 'payment_intent',
      amount: Number(f.amount),
      amount_received: 0,
      currency: f.currency,
      capture_method: 'manual',
      status: 'requires_capture',
      cancellation_reason: null,
      metadata: f.metadata,
    };
    if (token.declines || failure === 'declined') {
      pi.status = 'requires_payment_method';
      paymentIntents.set(pi.id, pi);
      return { status: 402, body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', payment_intent: pi } } };
    }
    paymentIntents.set(pi.id, pi);
    token.usedBy = pi.id;
    return { status: 200, body: pi };
  }

  function settle(piId: string, action: 'capture' | 'cancel', failure: Failure | undefined): { status: number; body: object } {
    const pi = paymentIntents.get(piId);
    if (!pi) return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${piId}'` } } };
    if (pi.status !== 'requires_capture') {
      // Stripe's error names the PaymentIntent, with its status.
      const refused = refuse(`This PaymentIntent could not be ${action === 'capture' ? 'captured' : 'canceled'} because it has a status of ${pi.status}.`, 'invalid_request_error', 'payment_intent_unexpected_state');
      return { status: refused.status, body: { error: { ...(refused.body as { error: object }).error, payment_intent: pi } } };
    }
    if (failure === 'declined' && action === 'capture') {
      return { status: 402, body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', payment_intent: pi } } };
    }
    if (action === 'capture') {
      Object.assign(pi, { status: 'succeeded', amount_received: pi.amount });
      captures.push(piId);
    } else {
      Object.assign(pi, { status: 'canceled', cancellation_reason: 'requested_by_customer' });
      cancellations.push(piId);
    }
    return { status: 200, body: pi };
  }

  function authorize(session: StandinSession): StandinPaymentIntent {
    const pi: StandinPaymentIntent = {
      id: id('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: 0,
      currency: session.currency,
      capture_method: 'manual',
      status: 'requires_capture',
      cancellation_reason: null,
      metadata: session.metadata,
    };
    paymentIntents.set(pi.id, pi);
    // A manual-capture session completes authorized but unpaid: payment_status stays 'unpaid'.
    Object.assign(session, { status: 'complete', payment_intent: pi.id });
    return pi;
  }

  function sign(body: string, secret = STANDIN_WEBHOOK_SECRET): { body: string; signature: string } {
    return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) };
  }

  function route(method: string, path: string, form: Form, version: string | undefined, failure: Failure | undefined): { status: number; body: object } {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(form);
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(form, version, failure);
    const settling = method === 'POST' && path.match(/^\/v1\/payment_intents\/([^/]+)\/(capture|cancel)$/);
    if (settling) return settle(settling[1], settling[2] as 'capture' | 'cancel', failure);
    problems.push(`unexpected ${method} ${path}`);
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } } };
  }

  const server = standInServer((req, res, { raw, path }) => {
    const key = req.headers['idempotency-key'] as string | undefined;
    const record: RecordedRequest = { method: req.method ?? 'GET', path, idempotencyKey: key, body: parseForm(raw), outcome: 'answered' };
    requests.push(record);
    const answer = (status: number, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req'), ...headers });
      res.end(body);
    };

    const failure = failures.shift();
    if (failure === 'unavailable') {
      record.outcome = 'unavailable';
      return answer(503, JSON.stringify({ error: { type: 'api_error', message: 'Stripe is temporarily unavailable (stand-in).' } }));
    }
    if (failure === 'drop') {
      record.outcome = 'dropped';
      return req.socket.destroy();
    }
    if (req.headers.authorization !== `Bearer ${STANDIN_SECRET_KEY}`) {
      problems.push(`Authorization header is ${req.headers.authorization}`);
      return answer(401, JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } }));
    }
    if (record.method === 'POST' && !check(!!key, `${path} sent without an Idempotency-Key`)) {
      record.outcome = 'refused';
      return answer(400, JSON.stringify(refuse('Idempotency-Key required by the stand-in').body));
    }

    // Stripe replays the first answer to a key, and refuses the key with other parameters.
    const seen = key ? idempotent.get(key) : undefined;
    if (seen && seen.request !== `${path}\n${raw}`) {
      record.outcome = 'refused';
      problems.push(`Idempotency-Key ${key} reused with other parameters`);
      return answer(400, JSON.stringify(refuse('Keys for idempotent requests can only be used with the same parameters they were first used with.', 'idempotency_error').body));
    }
    if (seen) {
      record.outcome = failure === 'lost' ? 'lost' : 'replayed';
      if (failure === 'lost') return req.socket.destroy();
      return answer(seen.status, seen.body, { 'Idempotent-Replayed': 'true' });
    }
    const { status, body } = route(record.method, path, record.body, req.headers['stripe-version'] as string | undefined, failure);
    if (status >= 400) record.outcome = 'refused';
    const text = JSON.stringify(body);
    if (key) idempotent.set(key, { request: `${path}\n${raw}`, status, body: text });
    if (failure === 'lost') {
      record.outcome = 'lost';
      return req.socket.destroy();
    }
    answer(status, text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    env: { STRIPE_SECRET_KEY: STANDIN_SECRET_KEY, STRIPE_WEBHOOK_SECRET: STANDIN_WEBHOOK_SECRET, STRIPE_API_URL: url },
    requests,
    problems,
    sessions,
    paymentIntents,
    sharedTokens,
    captures,
    cancellations,
    failNext(failure, count = 1) {
      for (let i = 0; i < count; i++) failures.push(failure);
    },
    grantSharedToken({ maxAmount, currency = 'usd', expiresAt = now() + 3600, declines = false }) {
      // Stripe's ids are letters, digits and underscores (the service checks a token's form).
      const tokenId = `spt_test_${randomBytes(12).toString('hex')}`;
      sharedTokens.set(tokenId, { id: tokenId, maxAmount, currency, expiresAt, declines, usedBy: null });
      return tokenId;
    },
    complete(sessionId) {
      const session = sessions.get(sessionId);
      if (!session || session.status !== 'open') throw new Error(`session ${sessionId} is not open`);
      authorize(session);
      return structuredClone(session);
    },
    foreignSession(amount, clientReferenceId) {
      const session = openSession({
        mode: 'payment',
        amount_subtotal: amount,
        amount_total: amount,
        client_reference_id: clientReferenceId ?? `order-${randomBytes(6).toString('hex')}`,
        metadata: { product: 'another product on this account' },
        expires_at: now() + 3600,
        success_url: 'https://other.example/done',
        cancel_url: 'https://other.example/cart',
      });
      authorize(session);
      return structuredClone(session);
    },
    expireAuthorization(paymentIntentId) {
      const pi = paymentIntents.get(paymentIntentId);
      if (!pi || pi.status !== 'requires_capture') throw new Error(`payment intent ${paymentIntentId} is not awaiting capture`);
      Object.assign(pi, { status: 'canceled', cancellation_reason: 'automatic' });
    },
    signed: (body) => sign(body),
    event(type, object, secret = STANDIN_WEBHOOK_SECRET) {
      const eventId = id('evt');
      const body = JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: now(),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      });
      return { id: eventId, ...sign(body, secret) };
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Stripe's form encoding (a[b][0][c]=v) back into objects and arrays. */
export function parseForm(raw: string): Form {
  const root: Form = {};
  for (const [name, value] of new URLSearchParams(raw)) {
    const path = name.split(/\[|\]\[|\]/).filter((part, i) => i === 0 || part !== '');
    let node: any = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      if (last) node[part] = value;
      else node = node[part] ??= /^\d+$/.test(path[i + 1]) ? [] : {};
    });
  }
  return root;
}
