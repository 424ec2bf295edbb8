/**
 * The one catalogue of error codes. Every failure of the agent API is `{error, code}` with a code
 * from here; `/api/agent/docs/errors` and the OpenAPI error responses are generated from it.
 *
 * The spec's own codes are kept verbatim (including upper-case ones); every code we add is
 * lower-case snake_case. `error` prose may be reworded; callers branch on `code`.
 */

export interface ErrorSpec {
  status: number;
  /** Default prose for `error`; a throw site may give a more specific sentence. */
  message: string;
  /** When the caller should see it and what to do: published in the errors doc. */
  hint: string;
  retryable?: boolean;
  /**
   * How UCP's shopping binding (`<base>/ucp`) renders it, where that differs from the code at
   * `status`: UCP's name for it (`code`), a business outcome answered 200 as UCP's error_response
   * (`outcome`), and the message severity (errors/ucp.ts gives every other entry one).
   */
  ucp?: { code?: string; status?: number; outcome?: true; severity?: UcpSeverity };
  /** How ACP's binding (`<base>/acp`) renders it, where that differs: ACP's code for it, and its status (errors/acp.ts). */
  acp?: { code?: string; status?: number };
}

/** UCP's message severities (message_error.json). */
export type UcpSeverity = 'recoverable' | 'requires_buyer_input' | 'requires_buyer_review' | 'unrecoverable';

export const ERROR_CATALOGUE = {
  // -- request shape
  not_found: { status: 404, message: 'No such endpoint.', hint: 'Check the path against /api/openapi.json.' },
  method_not_allowed: {
    status: 405,
    message: 'This endpoint does not accept that method.',
    hint: 'The Allow header lists the methods the path accepts.',
  },
  invalid_json: { status: 400, message: 'The request body is not valid JSON.', hint: 'Send a JSON document.' },
  invalid_request: {
    status: 400,
    message: 'The request does not match the operation’s schema.',
    hint: '`details.issues` lists each problem as {path, message}.',
  },
  unsupported_media_type: {
    status: 415,
    message: 'Request bodies must be application/json.',
    hint: 'Send `Content-Type: application/json`.',
  },
  payload_too_large: { status: 413, message: 'The request body is larger than 1 MiB.', hint: 'Send at most 1 MiB.' },
  request_header_fields_too_large: {
    status: 431,
    message: 'The request line and headers are larger than the server reads (16 KiB in all).',
    hint: 'Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers.',
  },
  malformed_request: {
    status: 400,
    message: 'The request is not valid HTTP/1.1.',
    hint: 'Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.',
  },

  // -- identity and credentials
  ucp_agent_required: {
    status: 400,
    message:
      'Open calls must identify the agent with a UCP-Agent header: `UCP-Agent: profile="https://agent.example.com/profile.json"` (recommended) or the bare URL `UCP-Agent: https://agent.example.com/profile.json`.',
    hint: 'Send the URL of the profile your agent publishes about itself.',
  },
  ucp_agent_invalid: {
    status: 400,
    message:
      'The UCP-Agent header must be a structured dictionary with a quoted `profile` URL (`profile="https://…"`) or a bare absolute https URL.',
    hint: 'Quote the URL in the dictionary form; a relative URL or a token is refused.',
  },
  ucp_agent_insecure_url: {
    status: 400,
    message: 'The agent profile URL must use https; http URLs are refused, not upgraded.',
    hint: 'Publish the profile over https.',
  },
  reserved_profile_host: {
    status: 400,
    message: 'The agent profile is on a reserved host name (localhost, .test, .example, .invalid, .local, example.com, single-label).',
    hint: 'Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.',
  },
  ip_profile_host: {
    status: 400,
    message: 'The agent profile URL names an IP address instead of a host name.',
    hint: 'Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.',
  },
  credential_required: {
    status: 401,
    message: 'This operation needs a credential.',
    hint: '`details.required` names the credential or scope; the WWW-Authenticate header says the same.',
    acp: { code: 'unauthorized' },
  },
  invalid_credential: {
    status: 401,
    message: 'The credential in the Authorization header is not valid.',
    hint: 'An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints.',
    acp: { code: 'unauthorized' },
  },
  conflicting_credentials: {
    status: 400,
    message: 'The request identifies its caller twice, with different values.',
    hint: 'Name the caller once. On MCP the agent profile (and buyer reference) may come from the UCP-Agent header, params._meta or arguments.meta: the same value in several places is fine, different values are refused rather than one picked. `details` names the field and the places.',
  },
  insufficient_scope: {
    status: 403,
    message: 'The credential is valid but does not carry what this operation needs.',
    hint: '`details.required` names the scope or credential kind; mint a key with that scope or use that credential.',
    acp: { code: 'forbidden' },
  },
  origin_refused: {
    status: 403,
    message: 'A change made with a signed-in session must come from this service’s own pages.',
    hint: 'Send `Origin` (or a same-origin `Referer`) equal to the service’s origin, as a browser does for its own forms; scripts use a network key instead of a session.',
  },
  buyer_credential_required: {
    status: 403,
    message: 'This operation settles for a buyer: it needs a buyer token (or an OAuth access token, which acts for the person), not a network key.',
    hint: '`details.required` is "buyer_token": register and verify the buyer (POST /api/agent/buyer, /otp, /verify) with a key carrying checkout:write, then call with the buyer token it answers.',
  },
  admin_token_invalid: { status: 403, message: 'The admin token is not valid.', hint: 'Use the ADMIN_TOKEN bearer.' },
  admin_disabled: {
    status: 403,
    message: 'The admin API is disabled: ADMIN_TOKEN is not configured.',
    hint: 'Set ADMIN_TOKEN on the server, or use `npm run limits`.',
  },

  // -- developer accounts and network keys
  key_not_found: {
    status: 404,
    message: 'No network key with that id belongs to this account.',
    hint: 'GET /api/developer/network-keys lists the account’s keys. On UCP’s binding (401): the request signature’s keyid is not in the platform profile’s signing_keys.',
    ucp: { status: 401 },
  },
  key_limit_reached: {
    status: 409,
    message: 'This account already has 10 active network keys.',
    hint: 'Revoke a key you no longer use (DELETE /api/developer/network-keys/{id}) to free a slot.',
  },
  agent_profile_not_found: {
    status: 404,
    message: 'This account does not list that agent profile.',
    hint: 'GET /api/developer/agent-profiles lists the account’s profiles, as WHATWG URL writes them.',
  },
  agent_profile_limit_reached: {
    status: 409,
    message: 'This account already lists 10 agent profiles.',
    hint: 'Remove one it no longer speaks for (DELETE /api/developer/agent-profiles?url=…) to free a slot; `details.max_agent_profiles` gives the ceiling.',
  },
  rate_limited: {
    status: 429,
    message: 'Too many requests of this kind; try again after the Retry-After delay.',
    hint: 'Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed.',
    retryable: true,
  },

  // -- buyers and orders
  buyer_not_found: {
    status: 404,
    message: 'No buyer with that id is known to this caller.',
    hint: 'Buyers are per developer account: register the address with POST /api/agent/buyer to get its buyer_id.',
  },
  invalid_code: {
    status: 400,
    message: 'That code is not right.',
    hint: '`details.attempts_left` says how many tries remain; after 5 tries in 15 minutes verification is locked until the window moves on (429 code_attempts_exceeded).',
  },
  code_expired: {
    status: 400,
    message: 'That code has expired (codes last 10 minutes).',
    hint: 'Request a new code with POST /api/agent/buyer/otp.',
  },
  code_attempts_exceeded: {
    status: 429,
    message: 'Too many tries at this buyer’s code: verification is locked until the 15-minute window moves on.',
    hint: 'Wait for Retry-After, then request a new code.',
    retryable: true,
  },
  order_not_found: {
    status: 404,
    message: 'No order with that id is visible to this credential.',
    hint: 'A buyer token sees its buyer’s orders; a key with dev.ucp.shopping.order:read the orders of carts made with that key.',
    ucp: { code: 'not_found', outcome: true, severity: 'unrecoverable' },
  },

  wallet_not_found: {
    status: 404,
    message: 'No wallet with that id is linked to this buyer.',
    hint: 'GET /api/agent/buyer/wallets lists the wallets this buyer (or person) linked.',
  },
  wallet_signature_invalid: {
    status: 400,
    message: 'The wallet link is not signed by that wallet.',
    hint: '`details.reason`: stale (issued_at is more than 300 s from now: sign again) or signer_mismatch (the EIP-712 WalletLink signature does not recover to `address`; see /api/agent/docs/overview for the typed data).',
  },
  wallet_limit_reached: {
    status: 409,
    message: 'This buyer already has 5 linked wallets.',
    hint: 'Remove one you no longer pay from (DELETE /api/agent/buyer/wallets/{id}); `details.max_wallets` gives the ceiling.',
  },

  // -- x402 settlement
  wallet_required: {
    status: 409,
    message: 'No wallet is linked to this buyer: an x402 payment could come from no wallet this service accepts.',
    hint: 'Link the wallet that will pay (POST /api/agent/buyer/wallets, signed by it), then check out again.',
  },
  payment_required: {
    status: 402,
    message: 'This checkout is paid with x402: send the payment in X-PAYMENT (x402 v1) or PAYMENT-SIGNATURE (v2).',
    hint: 'The body is x402 v1’s (`x402Version`, `accepts`) and the PAYMENT-REQUIRED header v2’s: sign one of the offered requirements (scheme exact, EIP-3009) with a wallet linked to the buyer and send the request again, with the same Idempotency-Key if you like.',
  },
  payment_invalid: {
    status: 400,
    message: 'The payment header cannot be read as an x402 payment.',
    hint: 'Send one header: X-PAYMENT with an x402Version 1 payment, or PAYMENT-SIGNATURE with a version 2 one, base64 JSON as x402 clients make them. Not stored: fix it and send again with the same Idempotency-Key.',
  },
  payment_rejected: {
    status: 402,
    message: 'The payment was refused; nothing was charged.',
    hint: '`details.reason` says why, in x402’s words (e.g. invalid_exact_evm_payload_authorization_value_mismatch, payer_not_registered); the body and PAYMENT-REQUIRED header offer the requirements again.',
  },
  payment_in_progress: {
    status: 409,
    message: 'A payment of this cart is being settled.',
    hint: 'Wait for Retry-After and send the same request again: the payment being settled answers its order once settled; the cart cannot change meanwhile.',
    retryable: true,
  },
  x402_payment_not_found: {
    status: 404,
    message: 'No x402 payment has that id.',
    hint: 'GET /api/admin/x402/payments/review (or npm run x402:reconcile) lists the payments left for review, with their ids (xpay_…).',
  },
  x402_payment_not_in_review: {
    status: 409,
    message: 'That x402 payment is not left for review: there is nothing to decide.',
    hint: '`details.status` says where it stands: settled or failed (already decided), or pending and not left for review (a settle, the sweep or the chain still decides it).',
  },
  x402_ledger_not_in_use: {
    status: 409,
    message: 'X402_FACILITATOR_URL is set: payments settle through that facilitator, on chain, and the local ledger is not in use.',
    hint: 'Fund the wallet on the chain X402_NETWORK names instead.',
  },
  x402_ledger_balance_limit: {
    status: 409,
    message: 'The top-up would take the balance past what the local ledger holds (2^63 − 1 atomic units).',
    hint: 'Top up less: the balance and `details.max_balance` are in the asset’s atomic units.',
  },

  // -- idempotency
  IDEMPOTENCY_KEY_REQUIRED: {
    status: 400,
    message: 'This operation changes data and needs an idempotency key, where the caller’s surface takes one (the message names it: a header on REST, an argument on MCP).',
    hint: 'Send a fresh key (16–64 printable ASCII characters) per logical request; reuse it only to retry.',
    acp: { code: 'idempotency_key_required' },
  },
  idempotency_key_invalid: {
    status: 400,
    message: 'The idempotency key must be 16 to 64 printable ASCII characters.',
    hint: 'A UUID is a good key.',
  },
  idempotency_key_reused: {
    status: 409,
    message: 'This Idempotency-Key was already used for a different request.',
    hint: 'Use a new key for a new request; a retry must repeat the same operation with the same input (REST and MCP share one namespace per caller).',
    acp: { code: 'idempotency_conflict', status: 422 },
  },
  idempotency_request_in_progress: {
    status: 409,
    message: 'A request with this Idempotency-Key is still being processed.',
    hint: 'Retry after the Retry-After delay to receive its outcome.',
    retryable: true,
    acp: { code: 'idempotency_in_flight' },
  },

  // -- platform
  doc_not_found: { status: 404, message: 'No documentation page has that slug.', hint: '`details.valid_slugs` lists them.' },
  endpoint_retired: {
    status: 410,
    message: 'GET /api/agent/products is permanently retired: use GET /api/agent/search to search or browse the catalog.',
    hint: 'Permanent; `details.replacement` names the endpoint to use.',
  },

  // -- catalog
  invalid_cursor: {
    status: 400,
    message: 'The cursor is not valid for this query.',
    hint: 'Pass back a nextCursor unchanged, with the same query parameters it came from.',
  },
  invalid_price_range: {
    status: 400,
    message: 'min_price_cents must not be greater than max_price_cents.',
    hint: 'Swap or widen the bounds.',
  },
  invalid_seller_selector: {
    status: 400,
    message: 'Select exactly one seller with one of handle, domain or name.',
    hint: 'For example ?handle=acme-outdoors, ?domain=https://www.acme-outdoors.shop/p/1 or ?name=Acme Outdoors.',
  },
  SELLER_NOT_FOUND: {
    status: 404,
    message: 'No seller matches that selector.',
    hint: '`details.did_you_mean` lists up to 3 similar sellers as {handle, name}.',
  },
  product_not_found: {
    status: 404,
    message: 'No such product in the catalog.',
    hint: 'Use a productID (prod_…) from search; for a variant id or a SKU, `details.matches` names its product.',
    ucp: { code: 'not_found', outcome: true, severity: 'unrecoverable' },
  },
  unsupported_currency: {
    status: 400,
    message: 'The network settles in USD; prices in other currencies are refused.',
    hint: 'Convert prices to USD before importing.',
  },

  // -- carts, payment links, orders
  cart_not_found: {
    status: 404,
    message: 'No such cart.',
    hint: 'Carts are visible only to the caller that created them; any other caller gets this answer too.',
    ucp: { code: 'not_found', outcome: true, severity: 'unrecoverable' },
    acp: { code: 'not_found' },
  },
  item_not_found: { status: 404, message: 'The cart has no such line item.', hint: 'Item ids are the `line_items[].id` of the cart.' },
  variant_not_found: {
    status: 404,
    message: 'No such variant in the catalog.',
    hint: 'Variant ids are Offer identifiers (var_…); for a SKU, `details.did_you_mean` lists near SKUs of that seller.',
    acp: { status: 400 },
  },
  variant_required: {
    status: 409,
    message: 'That product has several variants: name the one to buy.',
    hint: 'Call again with a variant_id from `details.variants` (each with its options) and a fresh Idempotency-Key.',
  },
  cart_not_open: {
    status: 409,
    message: 'The cart can no longer change.',
    hint: '`details.status` names its state (completed or cancelled); start a new cart.',
    acp: { status: 405 },
  },
  cart_expired: {
    status: 409,
    message: 'The cart expired.',
    hint: 'Open carts expire 7 days after their last change; start a new cart.',
    acp: { status: 405 },
  },
  cart_line_limit: { status: 400, message: 'A cart holds at most 100 lines.', hint: '`details.max_lines` gives the ceiling.' },
  quantity_exceeds_limit: {
    status: 400,
    message: 'The line’s quantity is above the per-item ceiling.',
    hint: '`details.max_quantity` is the live ceiling (GET /api/agent/platform/limits).',
  },
  insufficient_stock: {
    status: 409,
    message: 'Not enough stock for that quantity.',
    hint: '`details.available` is how many units the seller has now.',
    acp: { code: 'out_of_stock', status: 422 },
  },
  cart_not_ready: {
    status: 409,
    message: 'The cart cannot be paid yet.',
    hint: '`details.reasons` lists each problem as {code, message}: cart_empty, address_required, address_undeliverable (naming the seller) or insufficient_stock. Checked before the total ceiling.',
  },
  cart_total_exceeds_limit: {
    status: 400,
    message: 'The cart total is above the platform ceiling.',
    hint: 'The body also carries `max_cents` (the ceiling) and `message` (prose), as the spec documents; `details.total_cents` is the cart’s total.',
  },

  // -- ACP's delegated payment (payments/delegated-tokens.ts, payments/delegated-payment.ts)
  invalid_card: {
    status: 400,
    message: 'The card is not valid: nothing was delegated.',
    hint: '`details.param` is the JSONPath of the field in the delegate_payment request: the number (12–19 digits passing the Luhn check), exp_month/exp_year (checked when sent: a month 01–12 and a year not in the past) or cvc (3–4 digits, checked when sent).',
  },
  payment_token_invalid: {
    status: 400,
    message: 'The payment token cannot pay this checkout session: nothing was charged.',
    hint: '`details.param` is the token’s JSONPath. A token pays once, only the session, merchant and currency (usd) it was delegated for, up to its max_amount and until its expires_at, and only for the key that delegated it: delegate a new one.',
  },

  // -- fulfillment events (the admin API records them: orders/fulfillment.ts gives the rules)
  order_not_fulfillable: {
    status: 409,
    message: 'The order ships nothing: it was voided, or its payment is still settling.',
    hint: '`details.status` is the order’s status; only a placed order ships.',
  },
  fulfillment_seller_invalid: {
    status: 400,
    message: 'Name one of the order’s sellers in seller_handle.',
    hint: 'Sellers ship separately; seller_handle may be left out only when the order has one seller. `details.sellers` lists the order’s.',
  },
  fulfillment_line_invalid: {
    status: 400,
    message: 'The event names a line that is not this seller’s line of the order.',
    hint: 'Line ids are the UCP order’s line_items[].id (item_…); `details.seller_lines` lists the seller’s.',
  },
  fulfillment_quantity_exceeded: {
    status: 409,
    message: 'The event covers more units than the line has left.',
    hint: 'shipped: at most the units not yet shipped; delivered: at most those shipped and not yet delivered. `details.remaining` says how many.',
  },

  // -- payment provider webhooks (not agent operations: Stripe calls them)
  webhook_signature_invalid: {
    status: 400,
    message: 'The Stripe-Signature header does not verify against this endpoint’s signing secret.',
    hint: 'POST /api/webhooks/stripe acts only on events Stripe signed with STRIPE_WEBHOOK_SECRET (within 5 minutes); nothing was done.',
  },

  // -- UCP's shopping binding (<base>/ucp): negotiation with the platform's profile (overview.md § Negotiation Protocol)
  invalid_profile_url: {
    status: 400,
    message: 'UCP-Agent must name the platform profile as an RFC 8941 dictionary, `profile="https://…"`, at a host that resolves to public addresses.',
    hint: 'Every call to the UCP binding sends UCP-Agent, with or without a credential; the profile is fetched (https, no redirects, ≤ 256 KiB, 5 s).',
  },
  profile_unreachable: {
    status: 424,
    message: 'The platform profile could not be fetched.',
    hint: 'It timed out, answered other than 200, redirected or is larger than 256 KiB; a failure is remembered for 60 s.',
  },
  profile_malformed: {
    status: 422,
    message: 'The platform profile is not JSON or not a valid UCP platform profile.',
    hint: 'It must validate as discovery/profile.json#/$defs/platform_profile: `ucp.version`, `ucp.services` and `ucp.payment_handlers` at least.',
  },
  version_unsupported: {
    status: 422,
    message: 'The platform profile’s UCP version is not one this business supports (2026-04-08).',
    hint: 'Publish a profile at version 2026-04-08.',
  },
  capabilities_incompatible: {
    status: 200,
    message: 'The platform profile and this business share no version of the capability this operation needs.',
    hint: 'A business outcome (HTTP 200, UCP error_response): declare the capability at a version /.well-known/ucp lists.',
    ucp: { outcome: true, severity: 'unrecoverable' },
  },
  profile_not_trusted: {
    status: 403,
    message: 'This credential’s account does not speak for the platform profile named in UCP-Agent.',
    hint: 'List the profile URL under “Agent profiles” on the dashboard (at most 10 per account), or call without the credential as the profile itself.',
  },
  // Request signatures on UCP's binding (signatures.md): a signature sent must verify.
  signature_invalid: {
    status: 401,
    message: 'The request signature does not verify.',
    hint: 'On UCP’s binding a signature that is sent must verify (malformed, expired or not matching the key over the request as received): fix it, or send none. The seed API only advises.',
  },
  signature_missing: {
    status: 401,
    message: 'The request signature does not cover what UCP requires, or lacks a parameter.',
    hint: 'Cover @method, @authority, @path (and @query, ucp-agent, idempotency-key, content-digest and content-type when the request has them), with keyid.',
  },
  // Request signatures on ACP's binding (docs/acp.md, "Webhooks and request signatures"): with a registered key, a signature sent must verify.
  acp_signature_invalid: {
    status: 401,
    message: 'The Signature does not verify against the platform’s registered signing key, or its Timestamp is missing, malformed or more than 300 s off.',
    hint: 'Sign `<Timestamp>.<RFC 8785 canonical JSON of the body>` (nothing after the dot without a body) with the key registered for the account, send it base64url in Signature with that RFC 3339 Timestamp, within 300 s; or send no Signature (the bearer key alone suffices).',
  },
  digest_mismatch: {
    status: 400,
    message: 'Content-Digest does not match the body as sent.',
    hint: 'Send Content-Digest (RFC 9530, sha-256) of the exact bytes of the body.',
  },
  algorithm_unsupported: {
    status: 400,
    message: 'The signature’s algorithm is not one this service verifies, or does not fit the key.',
    hint: 'Sign with ES256 (P-256), ES384 (P-384) or Ed25519; the key’s curve decides the algorithm.',
  },
  request_too_large: {
    status: 400,
    message: 'The request names more items than the operation takes at once.',
    hint: '`details.max` gives the limit: split the request.',
  },

  // -- ACP's binding (<base>/acp): the API-Version every call sends, and what completing a checkout session takes
  missing_api_version: {
    status: 400,
    message: 'Send the API-Version header: this service speaks ACP 2026-04-17.',
    hint: 'Every call under /acp sends `API-Version: 2026-04-17`; the answer lists `supported_versions`.',
  },
  unsupported_api_version: {
    status: 400,
    message: 'This service speaks no other ACP version than 2026-04-17.',
    hint: 'Send `API-Version: 2026-04-17`; the answer lists `supported_versions`.',
  },
  payment_data_unsupported: {
    status: 400,
    message: 'This payment_data is not one a checkout session completes with: nothing was charged.',
    hint: 'Complete with a handler the session’s capabilities list and an instrument `{type: "card", credential: {type: "spt", token}}`: `card_tokenized` with a `vt_…` token delegated for this session (POST /acp/agentic_commerce/delegate_payment), or, where Stripe is configured, `stripe_spt` with Stripe’s shared payment token (`spt_…`). A purchase order, raw card data or another handler is refused; `param` says which field.',
  },

  // -- server side
  internal_error: {
    status: 500,
    message: 'Something went wrong on our side.',
    hint: 'Quote `request_id` when reporting it through POST /api/agent/feedback.',
  },
  service_unavailable: {
    status: 503,
    message: 'A service this request depends on is unavailable. Retry after the Retry-After delay.',
    hint: 'Temporary: retry with the same Idempotency-Key.',
    retryable: true,
  },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export interface ApiErrorOptions {
  /** Prose for `error` in place of the catalogue's default. */
  message?: string;
  /** Extra structured information; always under `details`. */
  details?: Record<string, unknown>;
  /** Response headers this error needs (Retry-After, Allow, WWW-Authenticate…). */
  headers?: Record<string, string>;
  cause?: unknown;
}

/**
 * A failure with a catalogue code. Thrown anywhere; turned into `{error, code}` at the edge.
 *
 * It is an answer, not a fault, so it is made without a stack: its code says what happened, no
 * answer shows a stack, and a fault it stands for keeps its own (`cause`, logged where it is caught:
 * from-unknown.ts). Capturing one, async frames included, was ~8 µs of every refusal: a flood of
 * 429s cost the service twice what serving the same calls did.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, opts: ApiErrorOptions = {}) {
    const spec: ErrorSpec = ERROR_CATALOGUE[code];
    const stackFrames = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(opts.message ?? spec.message, { cause: opts.cause });
    Error.stackTraceLimit = stackFrames;
    this.name = 'ApiError';
    this.code = code;
    this.status = spec.status;
    this.details = opts.details;
    this.headers = opts.headers ?? {};
  }

  get retryable(): boolean {
    return (ERROR_CATALOGUE[this.code] as ErrorSpec).retryable === true;
  }
}

export interface ErrorBody {
  error: string;
  code: string;
  retryable?: boolean;
  /** cart_total_exceeds_limit only: the ceiling, where the spec puts it. */
  max_cents?: number;
  /** cart_total_exceeds_limit only: the prose, since its `error` is the code (the spec's documented body). */
  message?: string;
  /** payment_required and payment_rejected: x402 v1's payment-required body, at the top as x402 clients read it. */
  x402Version?: number;
  accepts?: unknown[];
  details?: Record<string, unknown>;
  request_id?: string;
}

export function errorBody(err: ApiError, requestId: string): ErrorBody {
  const body: ErrorBody = { error: err.message, code: err.code };
  let details = err.details;
  if (err.code === 'cart_total_exceeds_limit') {
    // The spec documents {error: "cart_total_exceeds_limit", max_cents}; the prose moves to `message`.
    const { max_cents, ...rest } = details ?? {};
    Object.assign(body, { error: err.code, max_cents, message: err.message });
    details = rest;
  }
  if (err.code === 'payment_required' || err.code === 'payment_rejected') {
    // x402 v1 clients read {x402Version, error, accepts} from the 402's body.
    const { x402Version, accepts, ...rest } = details ?? {};
    Object.assign(body, { x402Version, accepts });
    details = Object.keys(rest).length ? rest : undefined;
  }
  if (err.retryable) body.retryable = true;
  if (details) body.details = details;
  if (err.status >= 500) body.request_id = requestId;
  return body;
}
