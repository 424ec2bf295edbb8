/**
 * The documentation the service serves at /api/agent/docs/{slug}, as JSON. Pages are generated
 * from the live sources (route table, error catalogue, limits row) so they cannot drift.
 */
import { LINK_FRESH_SECONDS, MAX_WALLETS, WALLET_LINK_PRIMARY_TYPE, WALLET_LINK_TYPES, walletLinkDomain } from '../buyers/wallets';
import type { Config, RatePolicy } from '../config';
import { ADMIN_TOKEN_TRIES } from '../limits/admin-tries';
import { OAUTH_LIMITS } from '../oauth/authorization-server';
import { TTL } from '../oauth/provider';
import { ERROR_CATALOGUE, type ErrorSpec } from '../errors/catalogue';
import { ADVISORY_CATALOGUE } from '../identity/advisories';
import { MAX_INPUT_DEPTH, MAX_QUERY_WORDS } from '../lib/input-limits';
import type { Operation } from '../trpc/meta';
import { CLOCK_SKEW_SECONDS, SETTLE_MARGIN_SECONDS } from '../x402/checks';
import { x402Network } from '../x402/networks';
import type { PlatformLimits } from './limits';
import { LLMS_TXT_PATH, SERVICE_VERSION, UCP_VERSION } from './ucp-profile';
import { SEARCH_CONTEXT_PATH } from '../catalog/jsonld';
import { credentialGuide } from './credential-guide';
import { ucpBindingDoc } from './ucp-binding-doc';

export const DOC_SLUGS = ['overview', 'rest', 'mcp', 'errors', 'limits', 'ucp'] as const;
export type DocSlug = (typeof DOC_SLUGS)[number];

export interface DocSources {
  config: Config;
  operations: readonly Operation[];
  /** The OpenAPI document as served: each operation's body schema and recorded example answers. */
  openapi: () => Record<string, unknown>;
  limits: () => Promise<PlatformLimits>;
}

export async function renderDoc(slug: DocSlug, src: DocSources): Promise<Record<string, unknown>> {
  const base = src.config.publicBaseUrl;
  const page = { slug, title: '', version: SERVICE_VERSION, url: `${base}/api/agent/docs/${slug}` };
  switch (slug) {
    case 'overview':
      return { ...page, title: 'Agent Commerce API: overview', ...overview(src.config, src.operations) };
    case 'rest':
      return { ...page, title: 'REST surface', ...rest(src) };
    case 'mcp':
      return { ...page, title: 'MCP tool server', ...mcp(src) };
    case 'errors':
      return { ...page, title: 'Errors', ...errors() };
    case 'limits':
      return { ...page, title: 'Limits', ...limits(await src.limits(), src.config) };
    case 'ucp':
      return { ...page, title: 'UCP shopping binding', ...ucpBindingDoc(src.config, src.operations) };
  }
}

function overview(config: Config, operations: readonly Operation[]) {
  const base = config.publicBaseUrl;
  return {
    summary:
      'One network catalog across many sellers. Agents search it, build carts and hand a payment link to a human who confirms; with a credential they can settle on their own (x402).',
    base_url: base,
    with_a_credential: credentialGuide(operations),
    documents: {
      llms_txt: `${base}${LLMS_TXT_PATH}`,
      openapi: `${base}/api/openapi.json`,
      api_reference: `${base}/docs`,
      ucp_profile: `${base}/.well-known/ucp`,
      per_seller_profile: `${base}/store/{handle}/.well-known/ucp`,
      docs: Object.fromEntries(DOC_SLUGS.map((s) => [s, `${base}/api/agent/docs/${s}`])),
    },
    identification: {
      header: 'UCP-Agent',
      required_on: 'every open call under /api/agent/ (discovery documents are served without it: the UCP profiles, /api/openapi.json and these documentation pages, so a browser opens their links; a header sent there is still validated)',
      forms: [
        'UCP-Agent: profile="https://agent.example.com/profile.json"   (RFC 8941 dictionary; recommended; parameters allowed, e.g. ; version="2026-04-08")',
        'UCP-Agent: https://agent.example.com/profile.json   (bare absolute URL)',
      ],
      example_profile: `agent.example.com is a reserved documentation domain: a request naming it is served with the reserved_profile_host advisory (refused from ${config.profileHostRefusedFrom}). Your agent sends its own profile URL.`,
      rules: [
        'The URL must be absolute https; http is refused (ucp_agent_insecure_url), never upgraded.',
        `Reserved host names (localhost, *.localhost, *.test, *.example, *.invalid, *.local, example.com/net/org, single-label hosts) and IP literals are served with an advisory until ${config.profileHostRefusedFrom}, then refused with the same code.`,
        'It is attribution, not authentication: the profile is fetched only to verify a request signature (see signed_requests).',
        'The service’s own test and development hosts may be pinned for those fetches (PROFILE_FETCH_RESOLVE, names under .test or .localhost): a pinned host is neither advised nor refused as reserved.',
      ],
    },
    buyer_reference: {
      header: 'Service-Buyer: ref="<8–64 of A-Z a-z 0-9 . _ : ->", session="<conversation id>"',
      rules: [
        'Optional. Recommended: a keyed hash of your own user id.',
        'An invalid value is dropped with advisory buyer_ref_invalid; one that looks like an e-mail address or telephone number is dropped with buyer_ref_pii_dropped. The call is served either way.',
        'It never changes what the caller may do; it is stored with what the call creates, for attribution.',
        'Covered by a verified request signature, a kept reference is attested (feedback reports record buyer_ref_attested).',
      ],
    },
    signed_requests: {
      anchor: 'signed-requests',
      summary:
        'Optional: sign open calls with RFC 9421 HTTP Message Signatures and the service recognises your agent (the signed tier: its own, larger rate allowance, and a covered Service-Buyer marked attested). A signature that does not verify never fails a call: the call is served as unsigned, with one advisory saying why. A signature sent with Authorization is ignored (the credential is the caller).',
      keys: 'Publish the public keys as JWKs in your profile (the UCP-Agent URL): signing_keys[] (UCP 2026-04-08) or keys[] (a JWK Set, which UCP’s next version keeps alone), each with a kid. Accepted: EC P-256 (ES256, signs as ecdsa-p256-sha256), EC P-384 (ES384, ecdsa-p384-sha384), OKP Ed25519 (EdDSA, ed25519). ECDSA signatures are r‖s (IEEE P1363), not DER. A JWK alg, and a Signature-Input alg (its RFC 9421 name), must fit the key.',
      covered_components: [
        '@method',
        `@authority: ${new URL(base).host}, this service’s public host, whatever Host the request was sent with`,
        '@path, and @query when there is a query: exactly as sent, not normalised',
        'content-digest and content-type when there is a body; Content-Digest is sha-256=:<base64>: (or sha-512) of the bytes sent (RFC 9530)',
        'ucp-agent (every open call sends it)',
        'idempotency-key when sent',
        'signature-agent when sent: the whole field, or "signature-agent";key="<label>" for the member of the dictionary form',
        'service-buyer, optionally: covered and kept, the buyer reference is attested',
      ],
      parameters:
        'created and expires (seconds since the epoch; expires at most 86,400 s after created; created at most 60 s ahead of the service’s clock, expires at most 60 s behind it), nonce (8–128 characters, fresh for every request: it is remembered per key until expires + 60 s, on every instance, and a second use is a replay), keyid (the key’s kid; under Web Bot Auth its thumbprint); alg and tag are optional.',
      labels: 'Signature-Input may carry up to 3 signatures (labels); they are tried in order and the first that verifies counts. Otherwise the advisory names the first one’s problem.',
      example: [
        'GET /api/agent/search?q=merino%20socks HTTP/1.1',
        'UCP-Agent: profile="https://agent.example.com/profile.json"',
        'Signature-Input: sig1=("@method" "@authority" "@path" "@query" "ucp-agent");created=1767225600;expires=1767225900;nonce="d2hhdC1pcy1hLW5vbmNl";keyid="agent-key-1"',
        'Signature: sig1=:<base64 of the signature over the signature base>:',
      ],
      libraries: 'Any RFC 9421 implementation works; the service’s own tests sign with the npm package http-message-signatures (httpbis.signMessage with createSigner).',
      web_bot_auth: {
        how: 'Add tag="web-bot-auth" and send Signature-Agent, the https URL of your key directory on your profile’s host: as a dictionary member named by the signature’s label (Signature-Agent: sig1="https://agent.example.com"), or as a quoted URL (the earlier drafts’ form).',
        directory: 'A path of / (or none) means /.well-known/http-message-signatures-directory; any other path is fetched as it is. Its keys[] are JWKs (served as application/http-message-signatures-directory+json or JSON); keyid is the key’s RFC 7638 SHA-256 thumbprint (base64url). Directory self-signatures are not checked.',
      },
      fetching:
        'Your profile (or directory) is fetched only to verify a signature: an https GET that follows no redirect, answered within 5 s, a JSON object of at most 256 KiB, from a host whose every address is public (no loopback, private, link-local, shared or reserved addresses). It is kept per URL for its Cache-Control max-age (60 s to 24 h; 300 s without one; a failure 60 s). A keyid the kept copy lacks fetches it again, at most once a minute per URL: publish a new key before you sign with it. Each client address may have the service fetch at most 30 documents a minute (profiles, key directories and OAuth client metadata documents together; a kept copy costs nothing): past that the call is served unsigned with the advisory profile_fetch_limited, never refused.',
      mcp: 'Sign the HTTP POST to /api/mcp the same way, with your profile in the UCP-Agent header (covered): a signature vouches for no profile named only in _meta. The calls of a batch share the POST’s one signature. Advisories arrive at _meta["ai.service/advisories"].',
      advisories: `Each reason a signature was not used is an advisory with refused_from null: ${Object.keys(ADVISORY_CATALOGUE)
        .filter((code) => code.startsWith('signature_') || code === 'profile_fetch_limited')
        .join(', ')}; each is explained under advisories (anchor advisory-<code>), its message ending with what in the request caused it.`,
    },
    credentials: {
      rule: 'When an Authorization header is present it is honoured and there is never a fallback to the open path: an unknown, malformed or revoked credential answers 401 invalid_credential with WWW-Authenticate (on MCP: HTTP 401 for every request, initialize and tools/list included).',
      network_keys: {
        how: `A person signs in at ${base}/signin (a link by e-mail) and mints keys on ${base}/dashboard; send one as Authorization: Bearer ak_live_… (ak_live_ and 43 base64url characters). Only its SHA-256 is kept: a lost key cannot be shown again, mint another.`,
        open_operations: 'A key needs no UCP-Agent: the key is the caller. Sending both is 400 conflicting_credentials (send one or the other).',
        caller: 'Each key is a caller of its own: carts, orders and idempotency keys made with one key are invisible to another key of the same account (404 as if they did not exist).',
        scopes: {
          'buyer:write': 'register buyers and verify them by a mailed code (see buyers below).',
          'dev.ucp.shopping.order:read': 'read the status of orders of carts made with the key.',
          'checkout:write': 'settle carts with x402 through the buyer tokens the key verifies (the key itself is refused: 403 buyer_credential_required; see settlement); off unless chosen when minting.',
        },
        missing_scope: '403 insufficient_scope with details.required naming the scope. Operations for a buyer token (GET /api/agent/buyer/me) answer a key 403 with details.required "buyer_token".',
        revocation: 'A revoked key answers 401 invalid_credential on every instance within 1 second.',
        limits: 'Per account: 10 active keys (409 key_limit_reached) and 5 mints in a rolling hour (429 rate_limited with Retry-After, the seconds until the oldest counted mint is an hour old). Any key may be revoked, used or not (a leaked key must die); revoking frees its slot, and a key revoked before its first use also gives its mint back.',
        developer_api: `GET, POST ${base}/api/developer/network-keys and DELETE ${base}/api/developer/network-keys/{id}, and GET, POST {url} and DELETE ?url= ${base}/api/developer/agent-profiles (the profiles a key may act for on UCP's binding, at most 10; see the ucp page), take the signed-in developer's session cookie (authjs.session-token; __Secure-authjs.session-token over https), not a key (a key there is 403 insufficient_scope). POST and DELETE also need an Origin (or same-origin Referer) of ${base} (else 403 origin_refused), and POST an Idempotency-Key: its replay answers the same key and secret, which the service stores only sealed (AES-256-GCM).`,
      },
      buyers: {
        how: 'A key with buyer:write registers a person’s e-mail address (POST /api/agent/buyer: 201, the same address in any case 200 with the same buyer) and has a 6-digit code mailed to it (POST /api/agent/buyer/otp: 202; 10 minutes; a new code replaces the last; 5 per buyer an hour, then 429 rate_limited). The person reads the code back to the agent, which verifies it (POST /api/agent/buyer/verify) and gets a buyer token.',
        ownership: 'A buyer belongs to the developer account of the key that registered it: every key of that account may use it, no other account sees it (404 buyer_not_found), even for the same address. Registered with an OAuth token, it belongs to the person who allowed that client, for that client alone.',
        wrong_codes: '400 invalid_code with details.attempts_left. A buyer’s code may be tried 5 times in 15 minutes, a right code clearing the tries; past that every try, the right code too, is 429 code_attempts_exceeded with Retry-After. An expired or used-up code is 400 code_expired.',
        buyer_token: 'bt_live_ and 43 base64url characters, 30 days, sent as Authorization: Bearer. It acts for the buyer: GET /api/agent/buyer/me, GET /api/agent/buyer/orders (newest first, limit ≤ 50, nextCursor), GET /api/agent/order-status, the buyer’s wallets (/api/agent/buyer/wallets), and carts made with it place the buyer’s orders (its namespace is buyer:<id>); with checkout:write it settles them with x402 (see settlement). It carries the scopes of the key that verified the buyer, less buyer:write, and stops working when that key is revoked. Only its SHA-256 is kept; an idempotent replay of the verify answers it from a sealed copy.',
        order_status: 'A buyer token reads its buyer’s orders; a key with dev.ucp.shopping.order:read the orders of carts made with that key; anything else is 404 order_not_found. history lists every status the order took (pending_payment while an x402 payment settles, placed, voided) with its time.',
        mail: 'The code is mailed only once the request has committed; if the mail server refuses it the answer is 503 (retryable) and a retry with the same Idempotency-Key sends it.',
      },
      oauth: {
        discovery: `${base}/.well-known/oauth-authorization-server (RFC 8414; also at /.well-known/openid-configuration); protected resources: ${base}/.well-known/oauth-protected-resource and ${base}/.well-known/oauth-protected-resource/api/mcp (RFC 9728).`,
        registration: `POST ${base}/oauth/register (RFC 7591, open): public clients (token_endpoint_auth_method none); redirect URIs https, or http on a loopback address; a registered scope list may name the API's scopes. Every standard metadata member must be of its type (text without control characters, client_name at most 200 characters, other strings 2,048, lists at most 32 strings): otherwise 400 invalid_client_metadata naming it, for a registration and a client metadata document alike.`,
        authorization: 'Authorization code with PKCE S256 on every request (plain and none are refused); every answer carries iss (RFC 9207); response_mode query (the default), fragment or form_post. A request asking for no scope this service grants (no scope, or offline_access alone) is sent back at once with invalid_scope naming what to ask for; a refresh token comes with every grant, offline_access or not. A person signs in and presses Allow on the consent page; a later authorization asking for no more is not shown the page again, except for checkout:write, which is asked every time.',
        resources: `resource=${base} offers buyer:write, checkout:write and dev.ucp.shopping.order:read; resource=${base}/api/mcp offers buyer:write and dev.ucp.shopping.order:read (the MCP server never settles). A request naming no resource gets ${base}.`,
        lifetimes: `access tokens ${TTL.accessToken / 60} minutes (opaque); refresh tokens ${TTL.refreshToken / 86_400} days, rotated on every use, never past the consent (a refresh naming a resource the token was not granted for is invalid_target, a scope it was not granted invalid_scope; neither spends it); codes ${TTL.code} seconds; a consent ${TTL.grant / 86_400} days or until the person disconnects the agent at ${base}/dashboard/agents, which revokes every grant they gave it and all its tokens.`,
        reuse: 'Reusing a code or a refresh token revokes everything its grant issued (OAuth 2.1, 4.1.3). Revoking a token (POST /oauth/revoke, RFC 7009) ends its grant’s tokens; the API refuses them within a second.',
        limits: `registration ${OAUTH_LIMITS.registration.limit} an hour and token requests ${OAUTH_LIMITS.token.limit} a minute per client address (an IPv6 /64 counts as one; 429 with Retry-After); authorization requests ${OAUTH_LIMITS.authorize.limit} a minute per client address (the HTML error page, 429 with Retry-After); a client_id that is a metadata document URL is fetched within the address's budget of 30 document fetches a minute, past which the authorization names no client; errors under /oauth/ are RFC 6749 bodies {error, error_description}; a path there that is no endpoint answers 404 {"error": "not_found", "code": "not_found", error_description}, an endpoint asked with another method 405 method_not_allowed the same way with Allow.`,
      },
      identity_linking: {
        anchor: 'identity-linking',
        how: `A platform links a person’s account with OAuth 2.1 (authorization code, PKCE S256, the iss parameter on every answer), discovered at ${base}/.well-known/oauth-authorization-server and advertised in /.well-known/ucp as dev.ucp.common.identity_linking. The person signs in and presses Allow once; register the client at ${base}/oauth/register (RFC 7591).`,
        linked_call: 'An OAuth access token sent with UCP-Agent is the person’s call credited to that platform (the one exception to conflicting_credentials): carts it makes, and their orders, record the platform, and GET /api/agent/buyer/me lists it under linked_platforms.',
        person: 'With an access token the person is known: GET /api/agent/buyer/me (with buyer:write or dev.ucp.shopping.order:read, else 403 insufficient_scope naming buyer:write; openid alone reads nothing) answers their account, GET /api/agent/buyer/orders (with dev.ucp.shopping.order:read) their orders from every client they connected. A token with buyer:write also registers buyers, which then belong to that person for that client alone: another person on the same client sees none of them.',
        resources: `Tokens are for ${base} (the REST API: every scope) or ${base}/api/mcp (the MCP server: buyer:write and dev.ucp.shopping.order:read); REST refuses a token for the MCP resource (401), and a buyer token verified through one alike. 401 answers name ${base}/.well-known/oauth-protected-resource in WWW-Authenticate (RFC 9728).`,
      },
      credential_only_operations: 'answer 401 credential_required with details.required naming the credential or scope (e.g. checkout:write).',
      sent_once: 'Authorization, Idempotency-Key, UCP-Agent, Service-Buyer, X-PAYMENT and PAYMENT-SIGNATURE are each sent at most once: a repeat, even of the same value, answers 400 invalid_request naming the header.',
    },
    settlement: settlement(config),
    agent_trust: {
      anchor: 'agent-trust',
      header: 'Service-Agent-Trust (an RFC 8941 Item) on every answer of the agent surface, errors and documents included; on MCP the same value at a tool result’s _meta["ai.service/agent-trust"]',
      tiers: {
        none: 'nothing identified the caller: documents, and refusals before identification (no or a malformed UCP-Agent, an unknown credential).',
        open: 'an agent profile in UCP-Agent, unsigned, or signed with a signature that did not verify: a claim, not a proof. Rate limited per profile URL (without its query and fragment) and client address, and per client address across profiles; only a verified signature earns an allowance of its own.',
        'signed;keyid="<kid>"': 'a request signature (RFC 9421) that verified against the profile’s keys; ;web-bot-auth when it was a Web Bot Auth signature, ;buyer=attested when it covered a kept Service-Buyer. Rate limited per verified profile, with the larger signed allowance.',
        'credential;kind=key|oauth|buyer|session': 'an Authorization credential (a network key, an OAuth access token — with UCP-Agent too, the linked call —, a buyer token) or a developer’s session. Rate limited per caller: each key, each buyer, each person per OAuth client, each account.',
      },
      rate_limits: `Each tier has its own allowance in fixed windows: ${config.rateLimits.open.quota} calls per ${config.rateLimits.open.windowSeconds} s per profile and client address (open; at most ${config.rateLimits.address.quota} per ${config.rateLimits.address.windowSeconds} s per client address across profiles), ${config.rateLimits.signed.quota} per ${config.rateLimits.signed.windowSeconds} s per verified profile (signed), ${config.rateLimits.credential.quota} per ${config.rateLimits.credential.windowSeconds} s per caller (credential); see ${base}/api/agent/docs/limits#request-rate.`,
    },
    idempotency: {
      header: 'Idempotency-Key',
      required_on: 'every POST, PATCH and DELETE under /api/agent/, and minting a network key (missing: 400 IDEMPOTENCY_KEY_REQUIRED; not 16–64 printable ASCII: 400 idempotency_key_invalid)',
      rules: [
        'Keys are namespaced per caller: the agent profile on the open path, the network key when one is sent (each key its own), the account for a developer session.',
        'A retry with the same key for the same operation with the same input (the parsed body, query and path; key order and whitespace ignored) returns the original outcome — on REST its status, body (byte for byte) and headers with Idempotent-Replayed: true — without acting twice.',
        'REST and MCP share the namespace: a REST request with Idempotency-Key K and a tools/call with idempotency_key K are the same request when they are the same operation with the same input, and each replays the other.',
        'The same key with another operation or other input answers 409 idempotency_key_reused.',
        'A retry while the first request is still running answers 409 idempotency_request_in_progress with Retry-After.',
        'Outcomes of operations that ran are stored, including business errors; refusals before the operation (identification, validation), 429 rate_limited and 5xx are not, so they can be retried with the same key. Nor are an x402 checkout’s 402s, 400 payment_invalid and 409 payment_in_progress (see settlement).',
        'Records are kept at least 24 hours.',
      ],
    },
    advisories: {
      rule: 'Something about a request should change but does not stop it: the status is unchanged.',
      rest: 'Header Service-Advisory: <code>;refused_from="<date>" (one member per advisory, comma-joined; refused_from only on advisories that announce a refusal) and a "service:advisories" array [{code, message, documentation, refused_from}] in JSON object bodies.',
      codes: Object.entries(ADVISORY_CATALOGUE).map(([code, message]) => ({
        anchor: `advisory-${code}`,
        code,
        message,
        refused_from: code.endsWith('_profile_host') ? config.profileHostRefusedFrom : null,
      })),
    },
    money: 'Integer minor units (cents) with a currency code. The network settles in USD.',
    request_ids: 'Every response carries Request-Id (a well-formed incoming Request-Id is echoed). Quote it in feedback.',
    versioning: {
      ucp_version: UCP_VERSION,
      api_version: SERVICE_VERSION,
      policy: [
        'Additive changes (new fields, endpoints, error codes, advisories) happen without notice; clients ignore unknown fields.',
        'Removals are announced with an advisory carrying refused_from, then answer 410 (GET /api/agent/products is retired this way).',
        'The bare-URL form of UCP-Agent stays accepted.',
      ],
    },
  };
}

/**
 * From 402 to order: autonomous settlement with x402 (server/payments/x402-settlement.ts), as an agent goes
 * through it: who may, the wallet it pays from, the 402, the payment, and every outcome.
 */
function settlement(config: Config) {
  const base = config.publicBaseUrl;
  const network = x402Network(config.x402.network);
  const checkout = `${base}/api/agent/cart/{id}/checkout`;
  return {
    anchor: 'settlement',
    summary: `A buyer’s agent pays a cart with x402 from a wallet the buyer linked, and the order is placed with no person confirming: POST ${checkout} (REST only; the MCP tool checkout stays a payment link). Scheme exact: an EIP-3009 transferWithAuthorization of USDC (${network.asset}) on ${network.name} (chain ${network.chainId}, ${network.caip2}), signed by the wallet; x402 v1 and v2 alike.`,
    who: 'A buyer token whose verifying key carries checkout:write (a buyer token carries that key’s scopes), or an OAuth access token for the REST resource with checkout:write (the person’s carts made through that client, the person’s wallets; the consent page asks for checkout:write every time). No Authorization: 401 credential_required (details.required "checkout:write"); a credential without the scope: 403 insufficient_scope; a key with it: 403 buyer_credential_required (details.required "buyer_token"): the key registers and verifies the buyer, the buyer token pays. The cart is one the credential made (another’s is 404 cart_not_found).',
    wallets: {
      operations: `POST ${base}/api/agent/buyer/wallets {address, issued_at, signature} (with an Idempotency-Key) answers 201 {id: "wal_…", address, created_at}, the same address again 200 with the same record; GET lists them, oldest first; DELETE /api/agent/buyer/wallets/{id} unlinks one (not this buyer’s: 404 wallet_not_found). A buyer token (its buyer’s wallets) or an OAuth token with buyer:write (the person’s, whichever client linked them); a key is 403 insufficient_scope (details.required "buyer_token"). At most ${MAX_WALLETS} (409 wallet_limit_reached). MCP tools: register_wallet, list_wallets, remove_wallet.`,
      signature: `The wallet signs EIP-712 typed data (typed_data below; e.g. viem’s signTypedData): domain {name, version, chainId}, no verifyingContract; message {service: "${base}", buyer: the id GET /api/agent/buyer/me answers (buy_…, or with an OAuth token the person’s acct_…), wallet: address, issuedAt: issued_at}. issued_at is Unix seconds within ${LINK_FRESH_SECONDS} s of the service’s clock, else 400 wallet_signature_invalid with reason stale; a signature that does not recover to address is reason signer_mismatch. Plain wallets (EOA) only.`,
      typed_data: { domain: walletLinkDomain(network.chainId), primaryType: WALLET_LINK_PRIMARY_TYPE, types: WALLET_LINK_TYPES },
    },
    steps: [
      `1. POST the checkout (no body, or {}) with an Idempotency-Key and no payment. The cart is checked as for a payment link (404 cart_not_found; 409 cart_expired, cart_not_open, cart_not_ready; 400 cart_total_exceeds_limit; a live payment link is fine: settling cancels it), then 409 wallet_required if the buyer linked no wallet, then 402 payment_required.`,
      `2. The 402 says what to pay, twice. Body, x402 v1: {x402Version: 1, error, code, accepts: [{scheme: "exact", network: "${network.name}", maxAmountRequired, resource: this checkout’s URL, description, mimeType, payTo, maxTimeoutSeconds, asset, outputSchema: null, extra: {name, version}}]}. Header PAYMENT-REQUIRED, x402 v2 as base64 JSON: {x402Version: 2, error, resource: {url, description, mimeType}, accepts: [{scheme, network: "${network.caip2}", amount, asset, payTo, maxTimeoutSeconds, extra}]}. The amount is the cart’s total in USDC’s atomic units (6 decimals): total_cents × 10⁴.`,
      `3. Sign it with an x402 client and a linked wallet (e.g. @x402/fetch’s wrapFetchWithPayment over @x402/core’s x402Client with @x402/evm’s exact scheme registered, which pays the 402 and sends the request again itself; x402Client refuses payments over $1 unless setSpendControls({maxAmountPerPayment: "$250"}) allows more) and send the same request again with the payment in X-PAYMENT (x402 v1) or PAYMENT-SIGNATURE (v2), one of them, base64 JSON. The same Idempotency-Key may be used: 402s are not stored.`,
      '4. 200 {order_id, cart_id, status: "placed", amount_cents, currency: "USD", payment: {scheme, network (CAIP-2), asset, amount, payer, transaction}} with X-PAYMENT-RESPONSE (a v1 payment) or PAYMENT-RESPONSE (v2): base64 JSON {success: true, transaction, network, payer}. The cart is completed; the order’s history is pending_payment, then placed.',
    ],
    refusals: [
      '400 payment_invalid (not stored): both headers; X-PAYMENT not x402Version 1, or PAYMENT-SIGNATURE not 2; not base64 JSON; not an x402 payment with an exact EVM authorization ({signature: 65 bytes hex, authorization: {from, to, value, validAfter, validBefore, nonce}}).',
      `402 payment_rejected (not stored; nothing charged, nothing changed), with the requirements again and details.reason, the first that applies: invalid_exact_evm_scheme; invalid_exact_evm_network_mismatch (the network, or a v2 payment’s asset); invalid_exact_evm_recipient_mismatch (to is not payTo); invalid_exact_evm_payload_authorization_value_mismatch (value is not exactly the amount, also when the cart’s total moved since the 402); invalid_exact_evm_payload_authorization_valid_after (validAfter in the future); invalid_exact_evm_payload_authorization_valid_before (validBefore less than ${SETTLE_MARGIN_SECONDS} s ahead, or more than maxTimeoutSeconds + ${CLOCK_SKEW_SECONDS} s ahead); resource_mismatch (a v2 payment not made for this checkout); payer_not_registered (from is no wallet of this buyer); invalid_exact_evm_signature (not from’s, or not one USDC accepts: s in the upper half, or v other than 27/28); invalid_exact_evm_nonce_already_used; then the facilitator’s verify (the local ledger: invalid_exact_evm_insufficient_balance; a remote facilitator: its reason as given).`,
    ],
    pending: 'Once a payment passes, its order is placed as pending_payment (its stock taken) and the facilitator settles it. Meanwhile the cart is in checkout with order_id set and an info message payment_in_progress: changes, cancelling, payment links and a checkout with another payment answer 409 payment_in_progress (retryable, Retry-After; not stored by the checkout).',
    outcomes: {
      settled: 'The 200 above, stored under the Idempotency-Key with its payment response header: a retry with that key replays it (Idempotent-Replayed: true). With a new key, a paid cart is 409 cart_not_open.',
      failed: 'The facilitator refused to settle: 402 payment_rejected with its reason as given. The order is voided (its stock back; history pending_payment, voided) and the cart is open again, with a fresh expiry and a payment_failed warning: check out again with a new payment.',
      unknown: 'The facilitator has not said whether it settled (an error, a timeout, settlement_pending): 503 service_unavailable (retryable, Retry-After), never a fresh 402. The order stays pending_payment and nothing is charged twice: send the same request again (the same payment header and Idempotency-Key) to get its outcome, the 200 once settled, whoever settled it. A sweep each minute also settles again payments whose request gave up, and voids those past validBefore that cannot have moved money. Once validBefore has passed, the chain decides one whose money may have moved: paid to payTo → the order is placed (the same request then answers its 200); not → it is voided as a failed settle is (402 payment_rejected to the same request; the cart open again). Where the service has no chain to ask, its operator decides; until then the request answers 503 and the cart stays held.',
    },
    order_statuses: 'pending_payment (an x402 payment is settling; its stock is held), placed, voided (nothing charged), in GET /api/agent/order-status’s history and the buyer’s orders.',
    facilitator: {
      this_deployment: config.x402.facilitatorUrl
        ? `A remote facilitator (X402_FACILITATOR_URL) verifies and settles, on chain (${network.name}).`
        : `The local ledger: no money moves and nothing goes on chain; the ledger stands for ${network.name}.`,
      local: 'The default when X402_FACILITATOR_URL is unset: a ledger in the service’s database, with the same checks. An address it has not seen holds X402_LOCAL_BALANCE (1,000 USDC unless set); the operator tops one up with npm run x402:fund -- <address> <usdc>. transaction is the keccak256 of the signature.',
      remote: 'With X402_FACILITATOR_URL: an x402 facilitator (its /verify, /settle and /supported), given X402_FACILITATOR_TOKEN as a bearer, waited for X402_FACILITATOR_TIMEOUT_MS (10 s unless set).',
    },
  };
}

function rest(src: DocSources) {
  const base = src.config.publicBaseUrl;
  return {
    base_url: base,
    openapi: `${base}/api/openapi.json`,
    conventions: [
      'Bodies are JSON (Content-Type: application/json, at most 1 MiB); search answers application/ld+json.',
      'Order of checks: route (a retired endpoint answers 410 first), method (405), credentials (401/403), UCP-Agent, Idempotency-Key, body (413, 415, invalid_json, the text and nesting limits below, then the schema), then the operation. A request that breaks several rules gets the error of the first. The same rules run for MCP tool calls, in the same order.',
      'Query parameters take plain decimal numbers (-?digits with an optional .digits: no 0x10, 1e3, +5, 05 or spaces; 5.0 is 5, 5.5 is refused by an integer field) and true/false. An unknown query parameter or body field answers 400 invalid_request (so does any query parameter on an operation that takes a JSON body: it reads only the body); its details.issues entry is at the unknown name and carries did_you_mean, the closest valid name, when one is close (seller → seller_handle).',
      `Text: no string in a request (query, body, tool arguments, object keys included) may contain NUL (U+0000) or unpaired UTF-16 surrogates; single-line fields (q, category, seller_handle, handle, domain, name) refuse every control character (U+0000–U+001F, U+007F); q holds at most ${MAX_QUERY_WORDS} words; JSON nests at most ${MAX_INPUT_DEPTH} levels of objects and arrays. Each answers 400 invalid_request with details.issues naming the field.`,
      'A request the HTTP parser cannot read answers JSON too, and the connection closes: 431 request_header_fields_too_large (request line and headers over 16 KiB), 400 malformed_request (a malformed request line, control characters in a header, Content-Length with Transfer-Encoding…).',
      'Every failure is {error, code} (see the errors page).',
      'A path nothing serves answers 404 not_found as JSON {error, code} under /api, /.well-known, /store, /ucp and /oauth (those paths included; under /ucp in UCP’s shape, see the ucp page), whatever Accept says; elsewhere a browser (Accept naming text/html) gets the HTML 404 page, linking the start page and /docs, and any other client the same JSON 404.',
      'Lists use opaque cursors: pass nextCursor back unchanged with the same parameters; a cursor from another query answers 400 invalid_cursor.',
      'Each of operations[] has its path and query parameters, the JSON Schema of its request body (request_body), and one example: the call as sent (path, headers, body) and the answer the service gave it over the demo catalog (ids and times vary).',
    ],
    operations: src.operations.flatMap((operation) => {
      const { rest, policy, access, idempotent, tool } = operation;
      // UCP's binding has its page (ucp) and UCP's own documents.
      if (!rest || access.kind === 'binding') return [];
      const published = (src.openapi().paths as OpenApiPaths)[rest.path]?.[rest.method.toLowerCase()];
      const requestBody = published?.requestBody?.content?.['application/json']?.schema;
      return [
        {
          method: policy.retired ? 'any' : rest.method,
          path: rest.path,
          access: policy.retired ? 'retired' : access.kind,
          ...(access.kind === 'credential' && { requires: access.scope }),
          idempotent,
          success_status: policy.retired ? 410 : (policy.successStatus ?? 200),
          summary: rest.summary,
          parameters: parameters(published),
          ...(requestBody && { request_body: requestBody }),
          ...(published && { example: example(operation, published) }),
          ...(tool && { mcp_tool: tool.name }),
        },
      ];
    }),
    catalog: {
      anchor: 'catalog',
      search: {
        path: '/api/agent/search',
        parameters: 'See operations[] (GET /api/agent/search): each parameter with its type, bounds and description.',
        response:
          'JSON-LD schema.org ItemList of Products with Offers (price as a decimal string, priceCurrency USD, availability, inventoryLevel, seller identifier = handle), totalResults, nextCursor, and facets (category, seller_handle, availability) over the whole match set; facets_approximate is true when a broad match set was counted over a bounded candidate set.',
        total_results:
          'totalResults counts the whole match set, every filter applied, on every page of a walk: exact up to 1,000 products; above, 1,001 with totalResults_approximate: true (a lower bound). totalResults_approximate is always present. It is the size of the candidate set the facets count, so it costs no query of its own.',
        views:
          `view=full (the REST default) has every field, every variant and the facets. view=compact (the default of the MCP tool search_catalog) is what choosing and carting need: the products straight in itemListElement (best first), each with productID, name, brand (its name), the first image and its offer: for one variant an Offer with identifier (the variant id carts take), price (US dollars), availability (schema:InStock or schema:OutOfStock) and seller (the handle); for several an AggregateOffer with offerCount, lowPrice, highPrice (when the prices differ), availability (in stock when any variant is) and seller, whose variants GET /api/agent/product?id=<productID> (get_product) lists, with their options. No facets unless facets=true, and nothing null or empty: no nextCursor on the last page, no itemListElement when nothing matches. Its @context is schema.org and ${base}${SEARCH_CONTEXT_PATH}, which defines its own terms (totalResults, nextCursor, facets…) as JSON literals. 400–425 bytes per product on the demo catalog, all told, against 1,100–1,700 in the full view. facets=false leaves facets and facets_approximate out of the full view, and they are not counted: on a 10-product browse they are ~6 KB.`,
        relevance:
          'Relevance ranks title matches above brand, category and description matches, and an exact title match first. It ranks a bounded candidate set: the first 1,001 matches in index order. A broader query is ranked within those (facets_approximate says so); narrow it with filters, or sort by newest or price to walk every match.',
        price_and_stock:
          'Price filters and sorts use the product’s cheapest matching variant: with in_stock=true or min_stock, the cheapest variant that satisfies the stock filter. min_stock implies in stock; in_stock=false with min_stock is refused.',
        typo_correction:
          'Plain words found in no product (and not stop words) are corrected against the catalog’s vocabulary (every word of titles, brands, categories and descriptions), nearest first: a synonym the catalog holds (couch → sofa); the same letters with accents (lumiere → lumière); a word one edit away (a letter missing, added or two swapped: blub → bulb; replaced only in words of 5 letters or more, since one letter replaced turns most short words into others); for words of 8 letters or more, a word at least 0.3 alike by trigrams that starts with the same letter; a person by what they do (runner → running). Among candidates equally near, the word in more products wins. Quoted phrases, -excluded words and `or` are left alone. query_corrected shows the query that ran, on every page of the walk.',
        price_words:
          'Price words in q become price filters, in US cents: under/below/less than $50 → max_price_cents=4999; up to/at most $50, $50 or less → 5000; over/above/more than $100 → min_price_cents=10001; at least/from $100, $100+ → 10000; between $20 and $40, $20 to $40, 20-40 dollars → both. An amount needs a currency ($, dollars, usd) unless it follows under/below/over/above/less than/more than/up to/at least; other numbers stay words (1000-piece, size 10). With min_price_cents or max_price_cents too, the tighter bound wins; bounds that cross answer 400 invalid_price_range. The answer says what it read in price_words and message; query_corrected is the query without them. q holding only a price browses with the filter.',
        dead_ends:
          'When all the words of q together match nothing (with the filters), the search keeps as many of them as some product matches together, choosing among equally many the words whose best match ranks highest (title words over description words), then those matching more products; it answers relaxed: true, dropped_terms (as written) and a message, and query_corrected is the query that ran; later pages keep it. A page that is still empty answers suggestions (categories, nearest first) and a message saying what to do: the categories where the words match once the filters are left out (with count), else categories named like the words or the category asked for, else the top-level categories. No answer is an empty list without a next step.',
        facets:
          'Each facet applies every filter (including its own), lists at most 50 values, most frequent first, and counts the match set — or, above 1,000 matches, the first 1,001 found (facets_approximate: true). Category values count spellings of one path that differ only in case as one value (the category filter matches them alike) and show one seller’s spelling. Availability values are in_stock and out_of_stock.',
        cursors:
          'A cursor is bound to every parameter but limit, view and facets (which may change between pages) and to the query that ran (corrected or relaxed), so every page runs the same query; a tampered cursor or one from another query answers 400 invalid_cursor. Keyset pagination: rows inserted during a walk never cause repeats or gaps. position continues across pages.',
        strictness:
          'Unknown query parameters answer 400 invalid_request, so a misspelt filter is never silently ignored. An unknown seller_handle answers 404 SELLER_NOT_FOUND with did_you_mean.',
        extensions: 'Each Offer carries identifier (the variant id carts take); a full-view Product carries url when the seller’s feed gives one.',
      },
      sellers: '/api/agent/sellers?q=&ships_to=<ISO country>&limit=&cursor=',
      seller:
        '/api/agent/seller?handle= | ?domain=<any URL or host on the store’s site; sub-domains find their store> | ?name=<name, case and accents ignored> (exactly one; a name shared by several sellers answers invalid_seller_selector with details.matches); a miss answers 404 SELLER_NOT_FOUND with details.did_you_mean (up to 3 {handle, name}, by similarity)',
      policies: '/api/agent/policies with the same selector',
    },
    carts: {
      anchor: 'carts',
      shape:
        '{id: "cart_…", status, currency, line_items: [{id: "item_…", variant_id, sku, product_id, seller_handle, title, variant_title, unit_price_cents, quantity, line_total_cents, availability}], shipping_address | null, delivery: [{seller_handle, price_cents, min_days, max_days}] (one group per seller), totals: {subtotal_cents, delivery_cents, total_cents, currency}, messages: [{type: error | warning | info, code, message, path}], order_id | null, expires_at, created_at, updated_at, links: {self, payment_link | null}}. Every cart endpoint and tool answers the whole cart.',
      states: {
        open: 'Being built: items, quantities and the address may change.',
        checkout: 'A payment link is live and the amount is fixed for its life. A change to the cart cancels the link (its page says so), applies, and returns the cart to open with a payment_link_cancelled warning. A link that expires unpaid returns the cart to open. Or an x402 payment is settling (order_id names its pending order; an info message payment_in_progress): then nothing may change (409 payment_in_progress) until it settles (completed) or fails (open again with a payment_failed warning); see overview#settlement.',
        completed: 'Paid: order_id names the order. Final, unless the payment provider refuses for good to take the payment: then the order is voided, the cart is open again with a payment_failed warning and order_id null (nothing was charged; ask for a new payment link).',
        cancelled: 'DELETE /api/agent/cart/{id} (tool cancel_cart). Final.',
        expired: 'An open cart 7 days after its last change (CART_TTL_HOURS). GET still answers it. Final.',
      },
      transitions: 'open → checkout (payment link) → completed (paid) | open (link cancelled by a change, or expired); open, or checkout with a live link (which it cancels) → checkout (an x402 payment settling) → completed (settled) | open (payment failed); completed → open (payment refused at capture); open | checkout → cancelled; open → expired. Mutations of a completed or cancelled cart answer 409 cart_not_open with details.status; of an expired one, 409 cart_expired.',
      items: [
        'Name an item by variant_id (the Offer identifier in search results, var_…), or by sku together with seller_handle (SKUs are unique per seller only).',
        'Adding a variant already in the cart adds to its line. Quantities are whole numbers ≥ 1; a line above the live max_item_quantity answers 400 quantity_exceeds_limit with details.max_quantity; above the stock, 409 insufficient_stock with details.available.',
        'A cart holds at most 100 lines (400 cart_line_limit). It may hold several sellers’ items.',
        'Prices, titles and availability are read from the catalog whenever the cart is answered; prices a client sends are never used.',
      ],
      delivery: 'Priced per seller from the seller’s delivery zone for the address country; a zone’s free_over_cents applies to that seller’s subtotal. Before an address is set, delivery is [], delivery_cents is 0 and an info message address_required says so. A seller that does not deliver there leaves an error message address_undeliverable naming the seller.',
      ownership: 'A cart belongs to the caller that created it (its agent profile, or its credential: a key, a buyer token’s buyer, an OAuth token’s person for that client). Any other caller gets 404 cart_not_found, as for an id that does not exist. Cart and item ids carry 80 random bits.',
      limits: 'max_item_quantity and max_cart_total_cents are read from the live store on every request: a change (npm run limits or PUT /api/admin/platform/limits) applies within 1 s on every instance.',
      over_total: 'A cart whose total (subtotal + delivery) is above the live max_cart_total_cents says so in every answer while it is open or in checkout, on REST and MCP alike: an error message {type: "error", code: "cart_total_exceeds_limit", path: "totals"} naming the ceiling and the amount over. It may still change; a payment link for it is refused (400 cart_total_exceeds_limit) until it is within the ceiling.',
      quick_buy: 'POST /api/agent/quick-buy creates a cart, adds one item and sets the address in one transaction: all of it or none of it.',
    },
    payment_link: {
      anchor: 'payment-link',
      summary:
        'POST /api/agent/payment-link {cart_id} answers 201 {url, expires_at, cart_id, amount_cents, currency, provider}: a page a human opens to confirm and pay. The MCP tool checkout only ever returns this link; it never completes a purchase.',
      rules: [
        'Checked in this order: the cart (404 cart_not_found), its state (409 cart_expired / cart_not_open), readiness (409 cart_not_ready with details.reasons: cart_empty, address_required, address_undeliverable, insufficient_stock), then the total against max_cart_total_cents (400 {"error": "cart_total_exceeds_limit", "code": "cart_total_exceeds_limit", "max_cents": …, "message": …, "details": {"total_cents": …}}).',
        'Asking again while the link is live answers 200 with the same link. If catalog prices moved since it was issued, the old link is cancelled and a new one issued at the new amount (201).',
        'A retry with the same Idempotency-Key replays the first answer; a retry after a 503 opens nothing twice at the provider (its requests carry keys derived from ours).',
        'The link expires 24 hours after issue (PAYMENT_LINK_TTL_HOURS); its page then says so and the cart returns to open.',
        'Payment is authorize, then place the order, then capture: an order that cannot be placed (an item sold out meanwhile) releases the authorization, so nothing is charged, and the page names the short items.',
        'Placing the order locks the variants, re-checks and decrements stock in one transaction: two buyers racing for the last unit get exactly one order. Paying twice places one order.',
        'A live link is payable only within the max_cart_total_cents in force when it is paid (read in the paying transaction): lowered below the link’s amount, paying places nothing, releases the authorization and the page says the total is above the network’s current limit; the link stays live and pays once the limit allows it.',
        'A capture the provider refuses for good (the authorization was cancelled or expired, or the card network refused it) voids the order: its stock returns, the link’s page says the payment did not go through, and the cart is open again with a payment_failed warning, payable with a new link. A provider outage at capture is retried instead.',
      ],
      providers: {
        page: 'The human opens /pay/{token} (the token carries 256 bits and is stored only as a hash): the order per seller, the address, the totals and a card form (Card number, Expiry, CVC, Name on card, Pay). The form is a plain POST to /pay/{token}/submit answered with a 303 back to the page, so it works without JavaScript; a cross-site post is refused (Origin or Referer must be the service, and the form carries a token bound to the link). A decline is announced on the page and the link stays payable; an expired, cancelled or paid link gets a page that says so.',
        builtin: 'The default, with no configuration: the service’s own page /pay/{token}. It checks the card number (Luhn), a future expiry and a 3–4 digit CVC, then Stripe’s test cards decide: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 is declined for insufficient funds (and Stripe’s other declining test cards as Stripe documents them); any other well-formed number is authorized: a test-mode processor, no money moves.',
        stripe: 'With STRIPE_SECRET_KEY: Stripe Checkout (manual capture); the link is the Checkout Session’s URL and completion arrives through the signed webhook POST /api/webhooks/stripe, which acts only on the Checkout Session a link of ours opened, for the link’s amount and currency: any other event or shape is answered 200 {"received": true, "ignored": "<reason>"} and touches no payment (the account may serve other products). Stripe unreachable answers 503 service_unavailable with retryable: true and Retry-After; retry with the same Idempotency-Key.',
      },
    },
  };
}

/** Each path and query parameter, as published: where it goes, its type, bounds and prose. */
function parameters(published: PublishedOperation | undefined): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    (published?.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query').map((p) => [p.name, { in: p.in, ...p.schema, required: p.required === true }]),
  );
}

const bodyless = (method: string) => method === 'GET' || method === 'DELETE';
const pathParameters = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

interface PublishedOperation {
  parameters?: { name: string; in: string; required?: boolean; schema?: Record<string, unknown>; example?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> };
  responses?: Record<string, { content?: Record<string, { examples?: Record<string, { value: unknown }> }> }>;
}
type OpenApiPaths = Record<string, Record<string, PublishedOperation> | undefined>;

/**
 * One example call and the answer recorded for it (`npm run openapi:examples`, published in the
 * OpenAPI document): the first of the operation's examples that succeeds, else its first. The
 * request is spelt out as sent: the path filled in, the query, the headers and the body.
 */
function example(operation: Operation, published: PublishedOperation) {
  const rest = operation.rest!;
  const answers = Object.keys(operation.examples).flatMap((name) =>
    Object.entries(published.responses ?? {}).flatMap(([status, response]) =>
      Object.values(response.content ?? {}).flatMap((content) => (content.examples?.[name] ? [{ name, status: Number(status), body: content.examples[name].value }] : [])),
    ),
  );
  const chosen = answers.find((a) => a.status < 300) ?? answers[0];
  if (!chosen) return undefined;
  const { summary, input } = operation.examples[chosen.name];
  const inPath = pathParameters(rest.path);
  const fields = Object.fromEntries(Object.entries(input).filter(([name]) => !inPath.includes(name)));
  const query = bodyless(rest.method) && Object.keys(fields).length ? `?${new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]))}` : '';
  const headers: Record<string, string> = {};
  for (const header of published.parameters ?? []) {
    if (header.in === 'header' && (header.required || (header.name === 'UCP-Agent' && operation.access.kind === 'open'))) headers[header.name] = String(header.example);
  }
  const { access } = operation;
  if (access.kind === 'credential' && access.scope !== 'developer_session') headers.Authorization = `Bearer <a credential with ${access.scope}>`;
  if (access.kind === 'credential' && access.scope === 'developer_session') headers.Cookie = 'authjs.session-token=<a signed-in developer’s session>';
  if (access.kind === 'admin') headers.Authorization = 'Bearer <ADMIN_TOKEN>';
  if (!bodyless(rest.method)) headers['Content-Type'] = 'application/json';
  return {
    summary,
    request: {
      method: rest.method,
      path: rest.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(input[name]))) + query,
      headers,
      ...(!bodyless(rest.method) && { body: fields }),
    },
    answer: { status: chosen.status, body: chosen.body },
  };
}

function mcp(src: DocSources) {
  const base = src.config.publicBaseUrl;
  return {
    endpoint: `${base}/api/mcp`,
    transport: 'Streamable HTTP, stateless: POST JSON-RPC messages to the endpoint (Accept: application/json, text/event-stream); answers are JSON, no session id. Other methods answer 405 (Allow: POST). A browser Origin other than the service’s own answers 403.',
    openrpc: `${base}/api/mcp/openrpc.json`,
    try_it: `npx @modelcontextprotocol/inspector@0.21.2 --cli ${base}/api/mcp --transport http --method tools/list`,
    identity: [
      'initialize, ping, tools/list, resources/list and reading service://platform/limits work without an agent profile.',
      'tools/call needs the agent profile (read_docs excepted: documentation is discovery): the UCP-Agent header, params._meta["ucp-agent"] or arguments.meta["ucp-agent"], each {"profile": "<url>"} or the header’s string form; without it the tool result is isError with {error, code: "ucp_agent_required"}. Named in several of those places it must be the same profile in each (in either form): different values make the tool result isError with code "conflicting_credentials" (details: field, places), never a silent pick; the buyer reference (Service-Buyer, "ai.service.buyer") likewise. Same rules as REST (https only; reserved and IP hosts draw an advisory).',
      `The buyer tools (${src.operations.flatMap(({ tool, access }) => (tool && access.kind === 'credential' ? [tool.name] : [])).join(', ')}) need a credential in the Authorization header of the POST. Called without one, the answer is HTTP 401 with WWW-Authenticate: Bearer resource_metadata="<base>/.well-known/oauth-protected-resource/api/mcp", scope="buyer:write dev.ucp.shopping.order:read"; with a credential lacking what the tool needs, HTTP 403 with WWW-Authenticate: Bearer error="insufficient_scope", scope="<needed>". Protocol methods and the other tools stay open.`,
      'A network key in the Authorization header of the POST (Bearer ak_live_…) stands in for the profile: tools/call is served as the key, and a profile sent too makes the result isError with code conflicting_credentials. An Authorization header that is unknown, malformed or revoked is refused at the HTTP level for every request, initialize and tools/list included: status 401 with WWW-Authenticate (MCP authorization).',
      'Buyer reference (optional): _meta["ai.service.buyer"] or arguments.meta["ai.service.buyer"] as {ref, session}, or the Service-Buyer header; same rules as REST.',
      'The tool checkout never completes a purchase: it returns a payment link a human confirms. Settlement with x402 (POST /api/agent/cart/{id}/checkout) is REST only.',
    ],
    idempotency:
      'Tools that change data require an idempotency_key argument (16–64 printable ASCII; missing: IDEMPOTENCY_KEY_REQUIRED). A retry with the same key and the same arguments returns the first outcome with _meta["ai.service/idempotent-replayed"]: true. Keys share one namespace per caller with REST’s Idempotency-Key: the same key for the same operation and input on either transport is one request.',
    tools_list:
      'Said once, as an agent reads the list whole: what every tool shares (identification, idempotency, failures) is in the instructions initialize answers; a tool’s description says what it does, the live limits it checks and its own error codes; an argument described alike in several tools is described at the first (the OpenRPC document repeats it per method). Output schemas give an answer’s structure (fields by name, enums, nesting) without prose; the Cart is given in full by get_cart’s, which the other cart tools name. About 32 KB in all.',
    results: {
      success: 'structuredContent (valid against the tool’s outputSchema) and the same compact JSON in a text block.',
      failure: 'isError: true, the REST error body {error, code, …} as JSON in a text block and at _meta["ai.service/error"]; no structuredContent. Argument errors are invalid_request with details.issues, checked after identification.',
      advisories: '_meta["ai.service/advisories"]: [{code, message, documentation, refused_from}].',
      agent_trust: '_meta["ai.service/agent-trust"] on every tool result: the tier the call was served as (none, open, signed;keyid="…", credential;kind=…), as REST’s Service-Agent-Trust header.',
      rate_limit:
        '_meta["ai.service/rate-limit"]: {policy, quota, window, remaining, reset, policies} on every counted tool call, as REST’s RateLimit headers (window and reset in seconds): policy is the one that refused, else the one with fewer calls left; policies lists every policy the call was counted under ({policy, quota, window}). A spent window fails the call with code rate_limited (retryable), details.retry_after, the seconds until the window ends, and details.policy, the policy that refused.',
      protocol_errors: 'JSON-RPC errors (unknown tool, or tools/call params not its shape such as arguments that are not an object: -32602 with a sentence saying what is wrong; unknown resource: -32602 with data.uri).',
    },
    tools: src.operations.flatMap(({ tool, rest, idempotent }) => (tool ? [{ name: tool.name, title: tool.title, rest: rest && `${rest.method} ${rest.path}`, idempotent }] : [])),
    resources: { 'service://platform/limits': 'application/json: the same record as GET /api/agent/platform/limits' },
  };
}

function errors() {
  return {
    body: {
      shape: '{"error": "<prose, may be reworded>", "code": "<stable identifier>"}',
      extras: [
        'retryable: true on temporary failures (503 service_unavailable, 409 idempotency_request_in_progress and payment_in_progress), with a Retry-After header in seconds',
        'x402Version and accepts (x402 v1’s payment requirements) at the top of 402 payment_required and payment_rejected, beside a PAYMENT-REQUIRED header (see overview#settlement)',
        'a request never waits on the database for more than 10 s: past that, or when the database cannot be reached, it is answered 503 service_unavailable (retryable) and nothing it started is kept; calls to Stripe have their own budget (8 s, one retry)',
        'details: structured extras (details.issues, details.did_you_mean, details.valid_slugs, details.required, …)',
        'request_id on 500 internal_error',
      ],
    },
    codes: Object.entries(ERROR_CATALOGUE).map(([code, spec]: [string, ErrorSpec]) => ({
      anchor: code,
      code,
      status: spec.status,
      message: spec.message,
      hint: spec.hint,
      retryable: spec.retryable === true,
    })),
  };
}

function limits(live: PlatformLimits, config: Config) {
  const { enabled, open, address, signed, credential } = config.rateLimits;
  const window = (p: RatePolicy) => `${p.quota} calls per ${p.windowSeconds} s`;
  return {
    live,
    request_rate: {
      anchor: 'request-rate',
      enabled: enabled ? 'on' : 'off on this deployment (RATE_LIMITS=off): nothing is counted and no RateLimit headers are sent',
      policies: [
        { policy: 'open', quota: open.quota, window_seconds: open.windowSeconds, per: 'agent profile URL (UCP-Agent; without query and fragment), unsigned, and client address (IPv4, or the IPv6 /64)', allowance: window(open) },
        { policy: 'address', quota: address.quota, window_seconds: address.windowSeconds, per: 'client address (IPv4, or the IPv6 /64), for open calls across every profile; taken before open', allowance: window(address) },
        { policy: 'signed', quota: signed.quota, window_seconds: signed.windowSeconds, per: 'verified profile (a request signature that verified)', allowance: window(signed) },
        { policy: 'credential', quota: credential.quota, window_seconds: credential.windowSeconds, per: 'caller of a credential: a network key, a buyer, a person per OAuth client, a developer account', allowance: window(credential) },
      ],
      rules: [
        'Every call of an identified caller counts, answered from a cache or not, errors after identification included; a call refused before (401, 400 ucp_agent_*) counts nothing. The service’s own pages are not counted.',
        'The policies are apart: naming a signed agent’s profile without a signature spends only that profile’s open allowance from this address. An unsigned profile is a claim anyone can make, so the open allowance is keyed on it and the client address: nobody elsewhere can spend yours, and only a verified signature earns an allowance of its own.',
        'An open call spends the address allowance first: a refusal there (details.policy "address") spends nothing of the profile’s.',
        'Windows are fixed and aligned to the epoch (a 60 s window starts on each whole minute, UTC), the count shared by every instance of the service.',
        'Over the allowance: 429 rate_limited (retryable) with Retry-After and details.retry_after, the seconds until the window ends; it is never stored by idempotency, so the same Idempotency-Key may be sent again then.',
      ],
      headers: {
        'RateLimit-Policy': `the caller’s own policies (draft-ietf-httpapi-ratelimit-headers-11), e.g. "open";q=${open.quota};w=${open.windowSeconds}, "address";q=${address.quota};w=${address.windowSeconds} for an open call`,
        RateLimit: `what is left and the seconds until the window ends, of the policy that refused, else of the one with fewer calls left, e.g. "open";r=${open.quota - 1};t=42 on a fresh caller’s first call`,
        when: 'on every answer past identification, errors and 429 included; with Service-Agent-Trust on every answer (see overview#agent-trust). MCP tool results carry the same in _meta["ai.service/rate-limit"] as {policy, quota, window, remaining, reset, policies}.',
        remaining: 'r is exact for one instance; with several it is an estimate that never runs ahead: each holds a small share of the window (a fiftieth) taken in advance.',
      },
    },
    cart: [
      { limit: 'max_item_quantity', value: live.max_item_quantity, error: 'quantity_exceeds_limit (400)', checked_by: ['POST /api/agent/cart/{id}/items', 'PATCH /api/agent/cart/{id}/items/{itemId}', 'tool add_to_cart', 'tool update_cart_item'] },
      {
        limit: 'max_cart_total_cents',
        value: live.max_cart_total_cents,
        error: 'cart_total_exceeds_limit (400, body has max_cents)',
        checked_by: ['POST /api/agent/payment-link', 'tool checkout', 'POST /api/agent/cart/{id}/checkout'],
        said_by: 'every cart answer (REST and MCP) while the cart is over it: an error message cart_total_exceeds_limit at path totals, naming the ceiling and the amount over',
      },
    ],
    tuning: 'Runtime-tunable without restart (PUT /api/admin/platform/limits or `npm run limits -- set name=value`); every instance sees a change within 1 s. Read GET /api/agent/platform/limits at session start.',
    developer_network_keys: {
      mint_rate: '5 keys per hour per account (429 rate_limited, Retry-After); a key revoked before its first use gives its mint back',
      active_keys: '10 per account (409 key_limit_reached)',
    },
    admin_token: `tries at ADMIN_TOKEN on /api/admin: ${ADMIN_TOKEN_TRIES.limit} per client address in a rolling minute, counted before the token is compared, a right token clearing them; then 429 rate_limited with Retry-After`,
    oauth: `client registration ${OAUTH_LIMITS.registration.limit} an hour, token requests ${OAUTH_LIMITS.token.limit} and authorization requests ${OAUTH_LIMITS.authorize.limit} a minute per client address (429, Retry-After); access tokens ${TTL.accessToken / 60} minutes, refresh tokens ${TTL.refreshToken / 86_400} days`,
    developer_sign_in: 'sign-in links: 5 requests per address and client and 30 per client (an IPv4 address or an IPv6 /64) in 15 minutes, and 20 per address in an hour except from a browser that signed in to it before (the page says when to ask again); each link works once, for 10 minutes, signing in only by the button on its confirm page',
    buyers: {
      codes: '5 codes per buyer in a rolling hour (429 rate_limited, Retry-After); a code lasts 10 minutes',
      wrong_codes: '5 tries at a code in 15 minutes, a right code clearing them; then 429 code_attempts_exceeded with Retry-After',
      buyer_token: '30 days',
      order_pages: '1–50 orders per page (default 20)',
      wallets: `${MAX_WALLETS} linked per buyer (or person) (409 wallet_limit_reached); a link signed within ${LINK_FRESH_SECONDS} s of the service’s clock`,
    },
    x402: {
      payment_window: `validAfter not in the future; validBefore at least ${SETTLE_MARGIN_SECONDS} s and at most max_timeout_seconds + ${CLOCK_SKEW_SECONDS} s after the payment arrives`,
      max_timeout_seconds: config.x402.maxTimeoutSeconds,
    },
    request: {
      body: 'at most 1 MiB (413 payload_too_large)',
      headers: 'request line and headers at most 16 KiB in all (431 request_header_fields_too_large)',
      nesting: `JSON bodies and tool arguments nest at most ${MAX_INPUT_DEPTH} levels of objects and arrays (400 invalid_request)`,
      text: 'no NUL (U+0000) or unpaired surrogates in any string; no control characters in single-line fields such as q and handles (400 invalid_request)',
      search_query: `q: at most 500 characters and ${MAX_QUERY_WORDS} words, a word being a run of letters or digits (400 invalid_request)`,
      idempotency_key: '16–64 printable ASCII characters',
      search_limit: '1–50 results per page',
    },
  };
}
