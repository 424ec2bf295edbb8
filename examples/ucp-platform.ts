/**
 * A UCP platform (an AI shopping assistant's backend) that knows only the business's base URL: it
 * publishes its own profile and signing key, negotiates through the business's /.well-known/ucp,
 * searches the catalog, takes a checkout to requires_escalation and prints the continue_url for a
 * person to open and pay (test card 4242 4242 4242 4242: no money moves). Then it waits for the
 * signed order webhook, verifies it, and reads the order with a request it signs itself.
 *
 *   PROFILE_FETCH_LOCAL=platform.localhost:8443 npm start     # the service
 *   npm run example:ucp-platform                              # this; then open the printed URL
 *
 * Only fetch, node:crypto and http-message-signatures (the webhook side is webhook-receiver.ts).
 * Settings: BASE_URL (default http://localhost:3000), PLATFORM_ORIGIN (https://platform.localhost:8443).
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createSigner, httpbis } from 'http-message-signatures';
import { BASE_URL, capability, describeOrder, servePlatform } from './webhook-receiver';

type Json = Record<string, any>;

// 1. The platform's signing key: its public half goes in the profile's signing_keys, where the
// business finds it by kid to verify the platform's signed requests.
const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const kid = `platform-${Date.now()}`;
const signingKey = { ...publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'ES256' };

// 2. Its profile, served over HTTPS with the order webhook receiver: what the platform can do.
let orderArrived: (order: Json) => void;
const arrived = new Promise<Json>((resolve) => (orderArrived = resolve));
const shopping = ['catalog.search', 'checkout', 'fulfillment'].map((leaf) => `dev.ucp.shopping.${leaf}`);
const platform = await servePlatform({
  capabilities: Object.fromEntries(shopping.map((name) => [name, [capability(name)]])),
  signingKeys: [signingKey],
  // The business caches a profile for a minute or more. This example makes a new key each run, so
  // each run is a profile URL of its own; a real platform keeps one profile and adds a new key
  // beside the old one well before signing with it.
  profilePath: `/platforms/${kid}.json`,
  onOrder: (order) => orderArrived(order),
});
const UCP_AGENT = `profile="${platform.profileUrl}"`;

// 3. Negotiation: the business's profile names its REST endpoint for the shopping service. The
// business fetches ours on the first call and answers with the capabilities both sides have.
const business = (await (await fetch(`${BASE_URL}/.well-known/ucp`)).json()) as Json;
const endpoint: string = business.ucp.services['dev.ucp.shopping'].find((s: Json) => s.transport === 'rest').endpoint;
console.log(`business: ${business.name ?? BASE_URL}, UCP ${business.ucp.version} at ${endpoint}`);

/** One call of UCP's REST binding; signed with the platform's key when `signed`. */
async function ucp(method: string, path: string, body?: Json, options: { signed?: boolean } = {}): Promise<Json> {
  const url = `${endpoint}${path}`;
  // A change carries an idempotency key: a retry with the same key is answered, not redone.
  let headers: Record<string, string> = { 'ucp-agent': UCP_AGENT, 'content-type': 'application/json', ...(method !== 'GET' && { 'idempotency-key': randomUUID() }) };
  if (options.signed) {
    const created = new Date();
    const signed = await httpbis.signMessage(
      {
        key: createSigner(privateKey, 'ecdsa-p256-sha256', kid),
        name: 'sig1',
        fields: ['@method', '@authority', '@path', 'ucp-agent'],
        params: ['created', 'expires', 'keyid'],
        paramValues: { created, expires: new Date(created.getTime() + 300_000) },
      },
      { method, url, headers },
    );
    headers = signed.headers as Record<string, string>;
  }
  const res = await fetch(url, { method, headers, body: body && JSON.stringify(body) });
  const answer = (await res.json()) as Json;
  // A business outcome (not_found, capabilities_incompatible) is a 200 with ucp.status "error".
  if (!res.ok || answer.ucp?.status === 'error') throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

// 4. Catalog search: products with their variants; a variant's id is what a checkout buys.
const found = await ucp('POST', '/catalog/search', { query: 'wireless headphones' });
const [product, variant] = found.products.flatMap((p: Json) => p.variants.map((v: Json) => [p, v])).find(([, v]: Json[]) => v.availability?.available) ?? [];
if (!variant) throw new Error('nothing available matched');
console.log(`search: ${found.products.length} products; buying "${product.title}" (${variant.title})`);

// 5. A checkout: the line, then the buyer's e-mail and where it ships. No payment handler is
// offered to platforms, so a complete checkout escalates to the person: requires_escalation.
const created = await ucp('POST', '/checkout-sessions', { line_items: [{ item: { id: variant.id }, quantity: 1 }] });
const line = created.line_items[0];
const destination = { id: 'home', first_name: 'Ada', last_name: 'Lovelace', street_address: '12 Analytical Way', address_locality: 'Portland', address_region: 'OR', postal_code: '97201', address_country: 'US' };
const checkout = await ucp('PUT', `/checkout-sessions/${created.id}`, {
  line_items: [{ id: line.id, item: { id: line.item.id }, quantity: 1 }],
  buyer: { email: 'ada@example.com' },
  fulfillment: { methods: [{ type: 'shipping', line_item_ids: [line.id], destinations: [destination] }] },
});
if (checkout.status !== 'requires_escalation') throw new Error(`checkout is ${checkout.status}: ${JSON.stringify(checkout.messages)}`);
const total = checkout.totals.find((t: Json) => t.type === 'total');
console.log(`negotiated for checkouts: ${Object.keys(checkout.ucp.capabilities).join(', ')}`);
console.log(`checkout ${checkout.id}: ${checkout.status}, total ${(total.amount / 100).toFixed(2)} ${checkout.currency}`);
console.log(`open this to pay (test card 4242 4242 4242 4242): ${checkout.continue_url}`);

// 6. The person pays; the business sends the order, signed, to our webhook (verified there).
const waitMinutes = Number(process.env.WAIT_MINUTES ?? 15);
const timeout = setTimeout(() => {
  console.error(`no order webhook within ${waitMinutes} min`);
  process.exit(1);
}, waitMinutes * 60_000);
const order = await arrived;
clearTimeout(timeout);
console.log(`verified webhook: ${describeOrder(order)}`);

// 7. Reading an order needs authentication: our signature, verified against our profile's key.
const read = await ucp('GET', `/orders/${order.id}`, undefined, { signed: true });
console.log(`read signed: order ${read.id} of checkout ${read.checkout_id}, ${read.line_items.length} line(s)`);
platform.close();
