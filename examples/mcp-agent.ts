/**
 * An agent on the service's MCP endpoint, with the official MCP SDK client and nothing else: it
 * searches the network catalog, puts the first product in stock in a cart with a delivery address,
 * and asks for a payment link, which it prints for a person to open and pay (test card
 * 4242 4242 4242 4242: no money moves). An agent never pays here itself: see x402 for that.
 *
 *   PROFILE_FETCH_LOCAL=platform.localhost:8443 npm start     # the service, in one terminal
 *   npm run example:mcp-agent                                 # this, in another
 *
 * Settings (environment): BASE_URL (default http://localhost:3000); AGENT_PROFILE, the https URL of
 * the profile your agent publishes about itself (default $PLATFORM_ORIGIN/profile.json, PLATFORM_ORIGIN
 * being https://platform.localhost:8443 unless set: where webhook-receiver.ts serves that profile).
 */
import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

const BASE_URL = process.env.BASE_URL ?? 'http://localhost:3000';
// Every call names the agent by its profile URL (UCP-Agent). Use your own host: reserved names
// (agent.example.com, anything under .test, .localhost, .example) are answered with an advisory
// until the day the service publishes as refused_from, then refused. The default is the local
// platform host the other examples serve, which a service started with PROFILE_FETCH_LOCAL naming
// it treats as its own, not as reserved. On the open path the profile is not fetched.
const AGENT_PROFILE = process.env.AGENT_PROFILE ?? `${process.env.PLATFORM_ORIGIN ?? 'https://platform.localhost:8443'}/profile.json`;

const client = new Client({ name: 'example-mcp-agent', version: '1.0.0' });
await client.connect(
  new StreamableHTTPClientTransport(new URL('/api/mcp', BASE_URL), {
    requestInit: { headers: { 'UCP-Agent': `profile="${AGENT_PROFILE}"` } },
  }),
);

/**
 * Calls a tool and answers its structured result. A failure is a result with isError and the
 * service's {error, code} (code is stable: switch on it, show error to a person).
 */
async function call<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  // Advisories (a reserved profile host, a deprecation) travel in _meta: worth logging, not failing.
  const advisories = result._meta?.['ai.service/advisories'];
  if (advisories) console.warn(`${name} advises:`, JSON.stringify(advisories));
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.structuredContent ?? result.content)}`);
  return result.structuredContent as T;
}

// A change takes an idempotency key: a fresh one per logical request, the same one to retry it
// (a retry after a lost answer then returns the first answer instead of making a second cart).
const once = () => randomUUID();

// 1. Search, typos and all: the engine corrects "wirelss". A product with one variant has an Offer
// whose identifier is the variant id to buy; one with several an AggregateOffer (get_product lists them).
interface SearchResult {
  totalResults: number;
  query_corrected?: string;
  itemListElement: { name: string; offers: { identifier?: string; price?: string; lowPrice?: string; seller: string } }[];
}
const found = await call<SearchResult>('search_catalog', { q: 'wirelss headphones', in_stock: true, limit: 3, view: 'compact' });
console.log(`search: ${found.totalResults} results${found.query_corrected ? ` for "${found.query_corrected}"` : ''}`);
for (const { name, offers } of found.itemListElement) console.log(`  ${name}: $${offers.price ?? `${offers.lowPrice} and up`} from ${offers.seller}`);
const pick = found.itemListElement.find((product) => product.offers.identifier);
if (!pick) throw new Error('nothing in stock matched');

// 2. A cart with the item and where it goes; the answer prices it, delivery and tax included.
interface Cart {
  id: string;
  status: string;
  totals: { total_cents: number; currency: string };
}
const cart = await call<Cart>('create_cart', {
  items: [{ variant_id: pick.offers.identifier, quantity: 1 }],
  shipping_address: { name: 'Ada Lovelace', line1: '12 Analytical Way', city: 'Portland', region: 'OR', postal_code: '97201', country: 'US' },
  idempotency_key: once(),
});
console.log(`cart ${cart.id}: ${cart.status}, total ${(cart.totals.total_cents / 100).toFixed(2)} ${cart.totals.currency}`);

// 3. The payment link: the agent hands its url to the person, who confirms and pays on that page.
interface PaymentLink {
  url: string;
  expires_at: string;
}
const link = await call<PaymentLink>('checkout', { cart_id: cart.id, idempotency_key: once() });
console.log(`payment link (open it and pay with 4242 4242 4242 4242): ${link.url}`);
console.log(`it expires at ${link.expires_at}`);

await client.close();
