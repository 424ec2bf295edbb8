/**
 * The served page about UCP's own shopping binding (/api/agent/docs/ucp): where it is, how a
 * platform negotiates with it, and each choice this service made where UCP 2026-04-08 leaves one
 * open or contradicts itself. The binding's operations and shapes are UCP's documents'; this page
 * says only what a platform cannot read there.
 */
import type { Config } from '../config';
import { CACHE_RULES } from '../profiles/cache';
import { FETCH_BUDGET } from '../profiles/budget';
import { MAX_DOCUMENT_BYTES } from '../profiles/fetch';
import { BINDING_CAPABILITIES, SHOPPING_SERVICE, UCP_VERSION } from '../negotiation/capabilities';
import { PROFILE_FETCHES_PER_SECOND } from '../negotiation';
import { MAX_AGENT_PROFILES } from '../keys/agent-profiles';
import { LOOKUP_MAX_IDS } from '../catalog/lookup';
import type { Operation } from '../trpc/meta';

export function ucpBindingDoc(config: Config, operations: readonly Operation[]) {
  const base = config.publicBaseUrl;
  const tools = operations.flatMap((o) => (o.meta.ucp ? [{ tool: o.meta.ucp.tool.name, rest: o.rest && `${o.rest.method} ${o.rest.path}`, capability: o.meta.ucp.capability }] : []));
  return {
    summary: `UCP ${UCP_VERSION}'s own shopping binding (service ${SHOPPING_SERVICE.name}), beside this service's own API: a UCP platform that knows only the base URL finds it in ${base}/.well-known/ucp and shops every seller of the network with it.`,
    endpoints: {
      network: { rest: `${base}/ucp`, mcp: `${base}/ucp/mcp` },
      seller: {
        rest: `${base}/store/{handle}/ucp`,
        mcp: `${base}/store/{handle}/ucp/mcp`,
        scope: `Published in each seller's profile (${base}/store/{handle}/.well-known/ucp): the same operations over that seller's products only. A resource belongs to the endpoint that made it and is not_found from any other.`,
      },
      https: 'UCP requires https endpoints: a deployment with an http PUBLIC_BASE_URL (development, tests) publishes http ones, which real platforms refuse.',
    },
    documents: {
      rest: SHOPPING_SERVICE.schemas.rest,
      mcp: SHOPPING_SERVICE.schemas.mcp,
      specification: SHOPPING_SERVICE.spec,
      note: `This service's ${base}/api/openapi.json and ${base}/api/mcp/openrpc.json describe its own API, not the binding.`,
    },
    capabilities: Object.entries(BINDING_CAPABILITIES).map(([name, { version, spec, schema }]) => ({ name, version, spec, schema })),
    operations: tools,
    mcp_arguments: `On ${base}/ucp/mcp the tools take UCP's arguments ({meta, catalog}); search_catalog on ${base}/api/mcp is this service's own tool with other arguments (q, limit, …). Do not mix them.`,
    negotiation: {
      ucp_agent: `Every call, with a credential or without, names the platform profile: on REST the header UCP-Agent as an RFC 8941 dictionary, profile="https://…" (the bare URL the seed API takes is refused here); on MCP meta["ucp-agent"].profile (or the header).`,
      fetching: `The profile is fetched over https only, from a host that resolves to public addresses (IP literals and reserved names are refused at once, with no advisory period), without following redirects, within 5 s and ${MAX_DOCUMENT_BYTES / 1024} KiB, and must validate as UCP's platform_profile at version ${UCP_VERSION}.`,
      caching: `Kept per instance for the answer's max-age clamped to ${CACHE_RULES.minSeconds} s–${CACHE_RULES.maxSeconds / 3600} h (${CACHE_RULES.defaultSeconds} s without one); a failure is remembered ${CACHE_RULES.failureSeconds} s. What is kept is what is read: ucp.version, of each capability offered here your entry at the offered version with config.webhook_url and config.supports_multi_group, and up to 100 signing_keys (a key with a member over 1,024 characters is dropped). A webhook_url over 2,048 characters, or keys taking more than ${CACHE_RULES.maxEntryBytes / 1024} KiB, make the profile profile_malformed.`,
      fetch_limits: `An instance fetches at most ${PROFILE_FETCHES_PER_SECOND} profiles a second (beyond: 503 service_unavailable with Retry-After), and at most ${FETCH_BUDGET.perAddress} documents a ${FETCH_BUDGET.windowSeconds} s window for one client address (beyond: 429 rate_limited). Profiles already held cost nothing.`,
      errors: {
        invalid_profile_url: '400: UCP-Agent missing, not a dictionary with profile, not https, an IP literal or reserved name, or a host that does not resolve or resolves to a non-public address.',
        profile_unreachable: '424: timeout, an answer other than 200, a redirect, or a document larger than the limit.',
        profile_malformed: '422: not JSON, not a valid platform profile, or more than is kept of one (see caching).',
        version_unsupported: `422: ucp.version other than ${UCP_VERSION}.`,
        capabilities_incompatible: 'HTTP 200, UCP error_response (severity unrecoverable): the profile does not declare the capability the operation needs at a version this business offers.',
      },
      response: 'Every answer carries ucp.version and the negotiated capabilities relevant to the operation (overview.md § Response Capability Selection).',
    },
    identity: {
      profile: 'Without a credential the caller is the platform profile, as on the seed API’s open path (its rate limits, its namespace for idempotency keys and resources).',
      oauth: 'An OAuth access token acts for the person, credited to the platform named in UCP-Agent (the seed API’s linked call).',
      key: `A network key (Authorization: Bearer or X-API-Key) or a buyer token registered with one acts as itself, for a profile its account speaks for: the account lists up to ${MAX_AGENT_PROFILES} profile URLs under “Agent profiles” on ${base}/dashboard; any other profile is 403 profile_not_trusted. The seed API’s conflicting_credentials rule does not apply here.`,
    },
    idempotency: {
      keys: 'On REST the key is the Idempotency-Key header, on MCP meta["idempotency-key"] (16–64 printable ASCII characters; a UUID is fine), in the caller’s one namespace with the seed API’s keys.',
      required: 'complete_checkout, cancel_checkout and cancel_cart need one (400 IDEMPOTENCY_KEY_REQUIRED on REST, JSON-RPC -32602 on MCP).',
      if_keyed: 'create_checkout, update_checkout, create_cart and update_cart take one and honour it when sent: the outcome is kept 24 h and a retry with the key is answered byte for byte (Idempotent-Replayed: true), other input with the same key is 409 idempotency_key_reused. Without a key they run as any call does. UCP’s OpenAPI marks the key required on every change while its prose makes it optional on these: this service follows the prose.',
      reads: 'The catalog operations are reads sent as POST: they take no Idempotency-Key (one sent is ignored).',
    },
    signatures: {
      rules: 'A request signature (RFC 9421, keys from the profile’s signing_keys) is optional and checked when sent: created and expires when present (60 s of clock skew, at most a day apart), nonce not required (writes are protected by the covered idempotency-key), alg optional (the key’s curve decides it); a signature naming only keyid verifies. A nonce that is sent is remembered, and its replay is advised (signature_replayed), not refused: a retry is answered through idempotency.',
      refusals: 'Unlike the seed API, a signature that is sent and does not verify is refused (overview.md § Fetching): 401 signature_invalid (malformed, expired, wrong), 401 signature_missing (a required component or keyid absent), 401 key_not_found (keyid not in signing_keys), 400 digest_mismatch, 400 algorithm_unsupported; on MCP -32000, the last two -32600.',
    },
    request_id: 'Request-Id is echoed when sent (8–128 of A–Z a–z 0–9 . _ : -) and generated when absent: UCP’s OpenAPI marks it required but its prose does not, so it is not refused.',
    errors: {
      transport: 'A non-2xx answer (discovery, protocol, signature and authentication errors, bad input, rate limits, 5xx) is {code, content, error, messages: [{type: "error", code, content, severity}], continue_url?}: code and content are UCP’s transport shape, error (the same prose) keeps this service’s {error, code} rule, messages is what identity-linking clients read; details carries the structured extras.',
      outcomes: 'A business outcome (not_found, capabilities_incompatible) is HTTP 200 with UCP’s error_response exactly: {ucp: {version, status: "error", capabilities}, messages, continue_url}.',
      mcp: 'On MCP: discovery and version errors are JSON-RPC -32001 and invalid params -32602, both with HTTP 200 so SDK clients receive error.data; other protocol errors -32000 (rate limits 429, authentication 401/403 and unavailability 503 keep their HTTP status); error.data is the REST body. Business outcomes are results whose structuredContent is the error_response, never isError.',
      advisories: 'Advisories travel only in the Service-Advisory header: a body member would make an error_response invalid, and UCP’s warning messages are shown to buyers.',
      continue_url: `${base}/ on negotiation failures and business outcomes: a person can go on at the service’s own pages.`,
    },
    catalog: {
      search: 'POST /catalog/search: a query or filters (categories, price in minor units) required; the same engine as GET /api/agent/search (typo tolerance, relaxation); what the engine did is an info message.',
      lookup: `POST /catalog/lookup: ids deduplicated, at most ${LOOKUP_MAX_IDS} (more: 400 request_too_large); product ids, variant ids and SKUs; each variant says which requested id it answers (inputs, match exact or featured).`,
      product: 'POST /catalog/product: one product by product or variant id, with options and availability for the selections; an unknown id is the 200 error_response not_found.',
      ids: 'Ids are the seed API’s (prod_…, var_…): a variant found here goes into a seed cart too. Prices are {amount, currency} in minor units (USD); each variant names its seller.',
    },
    cart: {
      operations: 'POST /carts, GET /carts/{id}, PUT /carts/{id} (the line items sent replace the cart’s), POST /carts/{id}/cancel: this service’s carts (the seed API’s cart_… ids). A cart is its caller’s in the scope that made it: the seed API and the network’s /ucp share one, so a cart made on either is the same caller’s on the other; a seller’s endpoint answers only the carts it made.',
    },
    checkout: {
      ids: 'A checkout session is a cart with its pricing and payment link: its id is the cart’s (cart_…), so create_checkout {cart_id} answers the existing checkout of that cart, and every order’s checkout_id is its cart’s id.',
      payment: `The service offers no payment instrument a platform can submit: checkouts answer "payment_handlers": {} and never reach ready_for_complete. A person pays at continue_url (${base}/checkout/{token}, stable for the checkout’s life), which leads to the live payment link (this service’s /pay page, or Stripe), making a fresh one when the last expired or a change cancelled it. complete_checkout never charges: it answers the checkout as it is (completed with its order once the person has paid).`,
      statuses: 'incomplete (something below is missing or wrong), requires_escalation (ready: the person pays at continue_url; message payment_required, severity requires_buyer_input), completed (paid: order names the order), canceled (cancelled, or expired unpaid).',
      messages: {
        missing: 'recoverable, at $.line_items, $.buyer.email or a destination field ($.fulfillment.methods[0].destinations[0].<field>).',
        invalid: 'recoverable, at a destination field, one message per field: a value this service cannot take (a country that is neither an ISO 3166-1 alpha-2 or alpha-3 code nor an English country name, say); the destination is not stored until it is right. address_country is answered as alpha-2 whichever form was sent.',
        out_of_stock: 'recoverable, at the line: fewer units are left than asked for (the message says how many).',
        address_undeliverable: 'recoverable, at the destination: a seller of the checkout does not deliver there (named).',
        item_unavailable: 'recoverable, at the line item sent: an unknown variant, or another seller’s at a seller’s endpoint. When every item of a new checkout or cart is unavailable, nothing is created: HTTP 200 error_response, unrecoverable.',
        quantity_exceeds_limit: 'recoverable, at $.line_items[i].quantity: above the live max_item_quantity.',
        cart_total_exceeds_limit: 'recoverable, at $.totals: above the live max_cart_total_cents.',
        payment_required: 'requires_buyer_input: the checkout is ready; open continue_url so the person can pay.',
        payment_handler_unsupported: 'requires_buyer_input, at $.payment.instruments[0].handler_id: complete_checkout was sent instruments this service cannot take.',
        not_modifiable: 'unrecoverable: an update or cancel of a completed or canceled checkout; the checkout is answered unchanged.',
      },
      buyer: 'buyer.email is required before a checkout is ready; once the order is placed, a confirmation e-mail goes to it.',
      fulfillment: 'With dev.ucp.shopping.fulfillment negotiated: one shipping method with one destination (postal_address: first_name + last_name are the name, street_address the first line; each missing field is a missing message at its path). One group per seller with its delivery option selected when the platform’s fulfillment config says supports_multi_group: true; otherwise one group whose one option costs the sellers’ delivery together and names them. Without fulfillment negotiated, answers carry no fulfillment, and a checkout that needs an address answers capabilities_incompatible at create.',
      links: 'links are the sellers’ policy pages (terms_of_service, privacy_policy, refund_policy, shipping_policy); totals have one subtotal, the delivery (fulfillment) and one total, in minor units of USD; expires_at is the live payment link’s expiry while one is live, else the cart’s.',
    },
    order: {
      read: 'GET /orders/{id}: the order placed from a checkout (checkout_id is its cart id), with permalink_url (the paid link’s page, where the person sees the order), line items (ids are the cart lines’ item_… ids), one fulfillment expectation per seller and the totals.',
      authentication: 'Orders need authentication: a request signature that verifies against the profile’s signing_keys, a credential carrying dev.ucp.shopping.order:read, or a buyer token. Without one: 401 with WWW-Authenticate. Another caller’s order, or one made at another endpoint, is the 200 error_response not_found.',
      webhooks: 'Declare config.webhook_url in your profile’s dev.ucp.shopping.order entry (https, a name, not an IP address) and the service POSTs the whole order (the same shape as GET /orders/{id}) when it is placed, voided (a cancellation adjustment, every line’s quantity 0) and when a seller ships or delivers. Orders of carts made as your profile (a call without a credential) or credited to it (an OAuth token sent with your UCP-Agent, or a key or buyer token whose account lists your profile) are sent. Each request carries Webhook-Id (a UUID: dedupe on it), Webhook-Timestamp (the event’s time, the same at every retry), Idempotency-Key (the Webhook-Id), Content-Digest and UCP-Agent naming the business profile of the endpoint that made the order, and an RFC 9421 signature (keyid, created, expires; no alg) over @method, @authority, @path, @query when the URL has one, and those headers: verify it with the key of that profile’s signing_keys, and judge freshness by created. Answer any 2xx within 10 s; anything else is retried with backoff for three days (WEBHOOK_RETRY_SCHEDULE), one order’s events in order; 410 stops deliveries to that URL until your profile names another.',
    },
    namespace: `This service’s own entries in the profiles are under UCP_NAMESPACE (${config.ucpNamespace}); a deployment sets it to its own reversed domain, so that their spec URLs (on its origin) match the namespace’s authority as UCP requires.`,
  };
}
