/**
 * An ACP platform (the backend of an agent that checks out for a person, as ChatGPT's Instant
 * Checkout does) on the service's Agentic Commerce Protocol binding, with plain fetch: discovery, a
 * product from the catalog search, a checkout session made ready for payment, the test card
 * delegated for exactly its total (the service is its own test PSP), completed, the order printed.
 * With ACP_WEBHOOK_SECRET it also receives the order's signed `order_create` and verifies it.
 *
 *   PROFILE_FETCH_LOCAL=platform.localhost:8443 npm start      # the service
 *   NETWORK_KEY=ak_live_… ACP_WEBHOOK_SECRET=whsec_… npm run example:acp-platform
 *
 * NETWORK_KEY: a key with acp:platform, minted on /dashboard. ACP_WEBHOOK_SECRET: the secret the
 * dashboard's "ACP platform" section shows once, when it first saves this example's webhook URL,
 * https://platform.localhost:8443/agentic_checkout/webhooks/order_events. Without it the example
 * stops at the order. Settings: BASE_URL (default http://localhost:3000), PLATFORM_ORIGIN
 * (https://platform.localhost:8443), SEARCH (what to buy, default "socks").
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { BASE_URL, PLATFORM_ORIGIN, readBody, serveHttps } from './webhook-receiver';

type Json = Record<string, any>;

const NETWORK_KEY = process.env.NETWORK_KEY;
if (!NETWORK_KEY) {
  console.error(`Set NETWORK_KEY: sign in at ${BASE_URL}/dashboard and mint a key with acp:platform.`);
  process.exit(2);
}
const WEBHOOK_SECRET = process.env.ACP_WEBHOOK_SECRET;
const WEBHOOK_URL = `${PLATFORM_ORIGIN}/agentic_checkout/webhooks/order_events`;
const ACP_VERSION = '2026-04-17';
/** How far a delivery's `t` may be from our clock, either way: older is a replay, not a retry (a retry is signed afresh). */
const SIGNATURE_TOLERANCE_S = 300;

/**
 * Why a delivery's `Merchant-Signature: t=…,v1=…` does not verify, or null when it does: v1 is the
 * hex HMAC-SHA256, keyed with the whole secret (`whsec_` included), of t, ".", and the raw body.
 */
function signatureProblem(header: string | undefined, body: Buffer, secret: string): string | null {
  const fields = (header ?? '').split(',').map((field) => field.trim().split('='));
  const t = fields.find(([name]) => name === 't')?.[1] ?? '';
  if (!/^\d+$/.test(t)) return 'no t= in Merchant-Signature';
  if (Math.abs(Date.now() / 1000 - Number(t)) > SIGNATURE_TOLERANCE_S) return `t is more than ${SIGNATURE_TOLERANCE_S} s from our clock`;
  const expected = createHmac('sha256', secret).update(`${t}.`).update(body).digest();
  // Constant time: how much of a guess matched must not show in how long the refusal takes.
  const matches = fields.some(([name, hex]) => name === 'v1' && /^[0-9a-f]{64}$/i.test(hex) && timingSafeEqual(Buffer.from(hex, 'hex'), expected));
  return matches ? null : 'no v1 matches the body signed with our secret';
}

// 1. The webhook receiver first, so no event of the order is missed: each verified event is kept
// and acknowledged. ACP sends no delivery id; a retry sends the same body, so an order's id, the
// type and data.status together name an event (here only order_create is waited for).
const verified: Json[] = [];
let heard = () => {};
const stopReceiving = WEBHOOK_SECRET
  ? await serveHttps(async (req, res) => {
      if (req.method !== 'POST' || req.url !== new URL(WEBHOOK_URL).pathname) return void res.writeHead(404).end();
      const body = await readBody(req);
      const problem = signatureProblem(req.headers['merchant-signature'] as string | undefined, body, WEBHOOK_SECRET);
      if (problem) {
        console.warn(`webhook refused: ${problem}`);
        return void res.writeHead(401).end(); // a genuine delivery is retried, signed afresh
      }
      res.writeHead(200).end(); // acknowledge first: a slow receiver is a failed attempt
      verified.push(JSON.parse(body.toString('utf8')));
      heard();
    })
  : undefined;
if (stopReceiving) console.log(`receiving order webhooks at ${WEBHOOK_URL}`);

// 2. Discovery: which protocol versions the merchant serves and where its REST binding is.
const discovery = (await (await fetch(new URL('/.well-known/acp.json', BASE_URL))).json()) as Json;
if (!discovery.protocol.supported_versions.includes(ACP_VERSION)) throw new Error(`the merchant does not serve ACP ${ACP_VERSION}`);
const api: string = discovery.api_base_url;
console.log(`ACP ${ACP_VERSION} at ${api}: ${discovery.capabilities.services.join(', ')}`);

/**
 * One call of ACP's REST binding: the key, the version, and on a POST a fresh Idempotency-Key (the
 * same key and body would replay the answer: what makes a retry safe). A failure is ACP's flat
 * Error {type, code, message, param?}.
 */
async function acp(path: string, body?: Json): Promise<Json> {
  const res = await fetch(`${api}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { Authorization: `Bearer ${NETWORK_KEY}`, 'API-Version': ACP_VERSION, ...(body && { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() }) },
    body: body && JSON.stringify(body),
  });
  const answer = (await res.json()) as Json;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${answer.type}/${answer.code}${answer.param ? ` at ${answer.param}` : ''}: ${answer.message}`);
  return answer;
}

// 3. A product: the service's catalog search, with the same key (the agent API's failures are
// {error, code}); an offer's identifier is the variant id a session's line item takes.
const query = process.env.SEARCH ?? 'socks';
const search = await fetch(new URL(`/api/agent/search?${new URLSearchParams({ q: query, in_stock: 'true', view: 'compact', limit: '5' })}`, BASE_URL), {
  headers: { Authorization: `Bearer ${NETWORK_KEY}` },
});
const found = (await search.json()) as Json;
if (!search.ok) throw new Error(`search: ${search.status} ${found.code}: ${found.error}`);
const pick = found.itemListElement.find((product: Json) => product.offers.identifier);
if (!pick) throw new Error(`nothing in stock matched "${query}"`);

// 4. A checkout session, then who buys and where it ships. A session that lacks something stays
// not_ready_for_payment, with messages saying what (a param and a sentence each).
const created = await acp('/checkout_sessions', { line_items: [{ id: pick.offers.identifier }], currency: 'usd', capabilities: {} });
const session = await acp(`/checkout_sessions/${created.id}`, {
  buyer: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
  fulfillment_details: { address: { name: 'Ada Lovelace', line_one: '12 Analytical Way', city: 'Portland', state: 'OR', country: 'US', postal_code: '97201' } },
});
if (session.status !== 'ready_for_payment') throw new Error(`session ${session.id} is ${session.status}: ${JSON.stringify(session.messages)}`);
const total: number = session.totals.find((line: Json) => line.type === 'total').amount;
console.log(`session ${session.id}: ${pick.name}, ${session.status}, total ${(total / 100).toFixed(2)} ${session.currency}`);

// 5. The person confirms in the platform's own UI; the platform hands the card to the PSP the
// session's payment handler names, bound to this session, this merchant and at most its total.
// The token it answers pays once. (4000 0000 0000 0002 would be declined.)
const handler = session.capabilities.payment.handlers.find((h: Json) => h.requires_delegate_payment);
const delegated = await acp('/agentic_commerce/delegate_payment', {
  payment_method: { type: 'card', card_number_type: 'fpan', number: '4242424242424242', exp_month: '12', exp_year: String(new Date().getFullYear() + 3), cvc: '123', display_card_funding_type: 'credit', metadata: {} },
  allowance: {
    reason: 'one_time',
    max_amount: total,
    currency: session.currency,
    checkout_session_id: session.id,
    merchant_id: handler.config.merchant_id,
    expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
  },
  risk_signals: [{ type: 'card_testing', score: 0, action: 'authorized' }],
  metadata: {},
});
console.log(`delegated 4242…: token ${delegated.id}`);

// 6. Complete with the token: completed with its order (or, declined, still ready_for_payment
// with a payment_declined message).
const done = await acp(`/checkout_sessions/${session.id}/complete`, {
  payment_data: { handler_id: handler.id, instrument: { type: 'card', credential: { type: 'spt', token: delegated.id } } },
});
if (done.status !== 'completed') throw new Error(`session ${done.id} is ${done.status}: ${JSON.stringify(done.messages)}`);
console.log(`order ${done.order.id}: ${done.order.permalink_url}`);

if (!stopReceiving) {
  console.log(`to receive its webhooks too, register ${WEBHOOK_URL} on the dashboard and set ACP_WEBHOOK_SECRET`);
  process.exit(0);
}

// 7. The order's order_create, signed with our secret (it may have come before complete answered).
const waitSeconds = Number(process.env.WAIT_SECONDS ?? 60);
const late = setTimeout(() => {
  console.error(`no verified order_create within ${waitSeconds} s: is ${WEBHOOK_URL} this account's webhook URL, and the service started with PROFILE_FETCH_LOCAL=${new URL(PLATFORM_ORIGIN).host}?`);
  process.exit(1);
}, waitSeconds * 1000);
let event: Json | undefined;
while (!(event = verified.find((e) => e.type === 'order_create' && e.data.id === done.order.id))) await new Promise<void>((resolve) => (heard = resolve));
clearTimeout(late);
// Each event carries the whole order: keep the latest as its state.
const order = event.data;
const paid: number = order.totals.find((line: Json) => line.type === 'total').amount;
console.log(`verified order_create: order ${order.id} ${order.status}, ${order.line_items.length} line(s), total ${(paid / 100).toFixed(2)} ${session.currency}`);
stopReceiving();
