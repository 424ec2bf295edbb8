/**
 * Generated from GET /api/openapi.json by openapi-typescript (test/typed-client.test.ts regenerates
 * and compares it; when the document changes, review the new file it writes and commit it).
 * Do not edit by hand.
 */

export interface paths {
    "/api/agent/platform/limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the live cart limits
         * @description The live cart limits: the largest quantity one cart line may hold and the largest cart total (subtotal + delivery) in US cents. Read them at the start of a session; the same record is the resource service://platform/limits.
         */
        get: operations["platform-limits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/platform/limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change cart limits at run time (ADMIN_TOKEN bearer)
         * @description Sets any subset of the cart limits and answers the whole record. Every instance applies the change within 1 s. Needs `Authorization: Bearer <ADMIN_TOKEN>`; without ADMIN_TOKEN configured the admin API answers 403 admin_disabled (use `npm run limits` on the server instead).
         */
        put: operations["platform-setLimits"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/feedback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report a problem (answers 202 at once)
         * @description Tell the service’s engineers about a problem: something hard to find, a confusing answer or tool description, slowness, an error you could not handle, or a missing capability. Also the way to report a job blocked on a credential you cannot get. Acknowledged at once with an id.
         */
        post: operations["platform-feedback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retired: answers 410 for every method; use GET /api/agent/search
         * @deprecated
         * @description Permanently retired: answers 410 endpoint_retired for every method and query, before any other check. Use GET /api/agent/search.
         */
        get: operations["platform-retiredProducts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search or browse the network catalog (JSON-LD)
         * @description Search or browse one catalog spanning every seller on the network. Answers a schema.org ItemList (JSON-LD) of Products with totalResults; each Offer’s identifier is the variant id carts take. Give q for a text search (typos are corrected; query_corrected shows the query that ran) or omit it to browse; narrow with category, seller_handle, price (US cents) and stock filters; page with nextCursor. view=compact answers what choosing and carting need in about a quarter of the bytes: per product its productID, name, brand, one image and its offer (an AggregateOffer when it has several variants: GET /api/agent/product?id=<productID> lists them), without facets. The MCP tool search_catalog answers the compact view unless asked for view=full.
         */
        get: operations["catalog-search"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/product": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One product with all its variants (JSON-LD)
         * @description One product, by the productID a search gives, with every variant as an Offer: identifier (the variant_id carts take), sku, price, availability and options (the values that tell variants apart: size, color…). For a product whose search offer is an AggregateOffer: choose a variant here, then cart it, with no second search. view=compact (the default) answers what choosing needs; view=full also what search’s full view gives. An id that is a variant id or a SKU answers 404 product_not_found naming its product (details.matches).
         */
        get: operations["catalog-product"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/sellers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the sellers on the network
         * @description Sellers on the network with their catalog size and delivery coverage; filter by part of the name (q) or by a country they deliver to (ships_to); page with nextCursor.
         */
        get: operations["catalog-sellers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/seller": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One seller by handle, domain or name
         * @description One seller’s public profile, delivery zones and catalog size, selected by exactly one of handle, domain (any URL on the store’s site) or name. A miss fails with SELLER_NOT_FOUND and details.did_you_mean.
         */
        get: operations["catalog-seller"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/policies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A seller’s store policies
         * @description A seller’s published returns, shipping, privacy and terms policies (summary and URL each), selected like get_seller.
         */
        get: operations["catalog-policies"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/store/{handle}/.well-known/ucp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * UCP business profile of one seller
         * @description The UCP 2026-04-08 business profile of one seller on the network: its REST and MCP services scoped to the seller (config.seller_handle). Served without an agent profile to crawlers and tool loaders; a UCP-Agent sent is still validated. Cacheable for 5 minutes.
         */
        get: operations["catalog-manifest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/docs/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Documentation as JSON; slug is one of overview, rest, mcp, errors, limits, ucp
         * @description The service’s documentation as JSON. Pages: overview, rest, mcp, errors, limits, ucp (overview: identification, idempotency, advisories; mcp: this tool server; errors: every error code; limits: the live limits).
         */
        get: operations["docs-page"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/ucp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * UCP business profile of the network
         * @description The UCP 2026-04-08 business profile of the whole network: its REST and MCP services, capabilities and payment handlers, and the advisories agents should know about (e.g. the day reserved profile hosts are refused from). Served without an agent profile to crawlers and tool loaders; a UCP-Agent sent is still validated. Cacheable for 5 minutes.
         */
        get: operations["discovery-ucp"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/cart": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a cart (optionally with items and a shipping address)
         * @description Creates a cart only you can read or change, optionally with items and a shipping address; it expires 7 days after its last change. For one item, quick_buy does it all in one call. Answers the cart, as get_cart does.
         */
        post: operations["carts-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/cart/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a cart
         * @description Reads one of your carts: lines priced from the catalog now, delivery per seller, totals (subtotal + delivery), and messages saying what keeps it from being paid and what to do. status: open, checkout (a payment link is live, or an x402 payment settles), completed (paid: order_id names the order), cancelled or expired. Every cart tool answers this cart.
         */
        get: operations["carts-get"];
        put?: never;
        post?: never;
        /**
         * Cancel a cart
         * @description Cancels one of your carts and its live payment link, if any; later changes answer cart_not_open. Answers the cart, as get_cart does.
         */
        delete: operations["carts-cancel"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/cart/{id}/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add an item to a cart
         * @description Adds an item to one of your carts (a variant already there adds to its line), within the seller’s stock; a cart holds at most 100 lines. Prices come from the catalog. A live payment link is cancelled. Answers the cart, as get_cart does.
         */
        post: operations["carts-addItem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/cart/{id}/items/{itemId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a line from a cart
         * @description Removes one line from your cart. A live payment link is cancelled. Answers the cart, as get_cart does.
         */
        delete: operations["carts-removeItem"];
        options?: never;
        head?: never;
        /**
         * Change the quantity of a cart line
         * @description Sets the quantity of one line of your cart, within the seller’s stock (to remove the line: remove_cart_item). A live payment link is cancelled. Answers the cart, as get_cart does.
         */
        patch: operations["carts-updateItem"];
        trace?: never;
    };
    "/api/agent/cart/{id}/shipping-address": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set the shipping address of a cart
         * @description Sets where your cart’s order goes and prices delivery per seller for it; a seller that does not deliver there leaves an address_undeliverable message naming it. A live payment link is cancelled. Answers the cart, as get_cart does.
         */
        post: operations["carts-setShippingAddress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/quick-buy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a cart with one item and an address in one call
         * @description Creates a cart holding one item with its shipping address, all or nothing. Next: checkout with the cart’s id, for a payment link a person confirms. Answers the cart, as get_cart does.
         */
        post: operations["carts-quickBuy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/cart/{id}/checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Settle a cart with x402 (autonomous checkout)
         * @description Pays the cart from a wallet the buyer linked (POST /api/agent/buyer/wallets) with x402, scheme exact (an EIP-3009 USDC authorization), and places the order: no person confirms. Needs a buyer token whose verifying key carries checkout:write, or an OAuth access token with checkout:write (the person’s carts and wallets); a key with the scope is 403 buyer_credential_required. Without a payment: 402 payment_required, the body x402 v1’s ({x402Version, accepts}) and the PAYMENT-REQUIRED header v2’s. Send the request again with X-PAYMENT (v1) or PAYMENT-SIGNATURE (v2): 200 with the order and X-PAYMENT-RESPONSE / PAYMENT-RESPONSE. A payment that fails a check: 402 payment_rejected (details.reason). When the facilitator cannot say whether it settled: 503 with Retry-After; the order stays pending_payment and the same request (same payment, same Idempotency-Key) settles it. 402s, payment_invalid and payment_in_progress are not stored by idempotency: resend with the same key.
         */
        post: operations["carts-settle"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/payment-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get a payment link a human confirms (201; 200 with the live one)
         * @description Returns a payment link (url, amount, expiry) for a cart: give the url to the person, who confirms and pays by card. It never completes a purchase by itself and never takes payment details. The cart needs items and an address every seller delivers to (else cart_not_ready, details.reasons) and a total within max_cart_total_cents (else cart_total_exceeds_limit, max_cents). Asking again returns the live link; changing the cart cancels it. Once paid, get_cart shows status completed and order_id.
         */
        post: operations["payments-paymentLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/buyer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a buyer
         * @description Registers a person’s e-mail address as a buyer of your developer account (any of its keys may use it; nobody else sees it), or, with an OAuth access token, of the person who allowed it, for that client alone. Needs a credential with buyer:write. 201 with the new buyer; the same address again, in any case, answers 200 with the same buyer. Then have a code sent (POST /api/agent/buyer/otp).
         */
        post: operations["buyer-register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/buyer/otp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a buyer a one-time code
         * @description Mails the buyer a 6-digit code, valid 10 minutes; a new code replaces the last. At most 5 codes per buyer an hour (else 429 rate_limited with Retry-After). Needs a credential with buyer:write. The code is mailed once the request has committed: if the mail server refuses it, the answer is 503 and a retry with the same Idempotency-Key sends again.
         */
        post: operations["buyer-sendOtp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/buyer/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a buyer’s one-time code
         * @description Checks the code the person read back. Right: the buyer is verified and you get a buyer token (bt_live_…, 30 days; send it as Authorization: Bearer) that acts for the buyer: GET /api/agent/buyer/me and /api/agent/buyer/orders, and carts that are the buyer’s. The token carries the scopes of the key or OAuth token that verified (less buyer:write) and dies with that key or grant; verified through an OAuth token for the MCP resource alone, it is refused on REST as that token is. Wrong: 400 invalid_code with details.attempts_left. A buyer’s code may be tried 5 times in 15 minutes, a right code clearing the tries; past that 429 code_attempts_exceeded with Retry-After, even for the right code. Expired: 400 code_expired. Needs a credential with buyer:write.
         */
        post: operations["buyer-verify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/buyer/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The verified buyer
         * @description The buyer a buyer token acts for, or, with an OAuth access token carrying buyer:write or dev.ucp.shopping.order:read, the person who allowed it (their account: id, address, and the platforms their linked calls were credited to); an OAuth token with neither is 403 insufficient_scope with details.required buyer:write. A key is 403 insufficient_scope with details.required buyer_token.
         */
        get: operations["buyer-me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/buyer/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The buyer’s order history
         * @description The orders of carts made with the buyer’s token, or, with an OAuth access token carrying dev.ucp.shopping.order:read, the person’s orders from every client they connected; newest first, in pages (pass nextCursor back unchanged).
         */
        get: operations["buyer-orders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/order-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status of an order
         * @description An order’s status, every status it has had, and its fulfillment events (each seller’s shipments: shipped, delivered, with tracking). A buyer token sees its buyer’s orders; an OAuth token with dev.ucp.shopping.order:read the person’s; a key with it the orders of carts made with that key. Any other order answers 404 order_not_found, as one that does not exist.
         */
        get: operations["buyer-orderStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/buyer/wallets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The buyer’s wallets
         * @description The wallets linked to the buyer (or, with an OAuth access token carrying buyer:write, to the person, from any client), oldest first: the payers an x402 checkout of theirs accepts. Needs a buyer token; a key is 403 insufficient_scope with details.required buyer_token.
         */
        get: operations["buyer-listWallets"];
        put?: never;
        /**
         * Link a wallet to the buyer
         * @description Links a wallet the buyer (or, with an OAuth access token carrying buyer:write, the person, across every client they connected) pays x402 checkouts from: a checkout accepts payments from linked wallets only. The wallet signs EIP-712 typed data: domain {name: "Agent Commerce", version: "1", chainId} (chainId: the chain checkout pays on, 84532 on base-sepolia, 8453 on base; no verifyingContract), primaryType WalletLink, types WalletLink(string service,string buyer,address wallet,uint256 issuedAt), message {service: this service’s base URL, no trailing slash (what /api/mcp and /api/openapi.json follow; the servers entry of /api/openapi.json), buyer: the id GET /api/agent/buyer/me answers (buy_…, or with an OAuth token the person’s acct_…), wallet: address, issuedAt: issued_at}. issued_at is Unix seconds within 300 s of now, else 400 wallet_signature_invalid (reason stale); a signature that does not recover to address is reason signer_mismatch. Plain wallets (EOA) only: smart-contract signatures are not checked. 201 with the wallet; the same address again answers 200 with the same record (its signature checked all the same). At most 5 wallets (409 wallet_limit_reached). Needs a buyer token; a key is 403 insufficient_scope with details.required buyer_token.
         */
        post: operations["buyer-linkWallet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/buyer/wallets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Unlink a wallet
         * @description Unlinks one of the buyer’s (or, with an OAuth access token carrying buyer:write, the person’s) wallets and answers it: checkouts no longer accept payments from it. A wallet not linked to this buyer (another’s included) is 404 wallet_not_found. Needs a buyer token; a key is 403 insufficient_scope with details.required buyer_token.
         */
        delete: operations["buyer-removeWallet"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/developer/network-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account’s network keys
         * @description Every key of the signed-in account, newest first, revoked ones included. Needs the developer session (the sign-in cookie).
         */
        get: operations["developer-listNetworkKeys"];
        put?: never;
        /**
         * Mint a network API key
         * @description Mints a key for the signed-in account and answers its secret, once. Needs the developer session (the sign-in cookie), an Origin of this service, and an Idempotency-Key: a retry with the same key answers the same key and secret. At most 10 active keys (else 409 key_limit_reached) and 5 mints in a rolling hour (else 429 rate_limited with Retry-After); a key revoked before its first use gives its mint back.
         */
        post: operations["developer-mintNetworkKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/developer/network-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a network API key
         * @description Revokes one of the account’s keys, used or not (a leaked key must die): within a second every call with it answers 401 invalid_credential. Revoking frees its slot among the active keys, and a key never used also gives its mint back. Revoking again answers the same record; another account’s key or an unknown id is 404 key_not_found. Needs the developer session and an Origin of this service.
         */
        delete: operations["developer-revokeNetworkKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/developer/agent-profiles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account’s agent profiles
         * @description The platform profile URLs the signed-in account speaks for, oldest first. On UCP’s binding (`<base>/ucp`) a network key of this account, or a buyer token registered with one, may name in UCP-Agent only a platform profile listed here (else 403 profile_not_trusted). Needs the developer session (the sign-in cookie).
         */
        get: operations["developer-listAgentProfiles"];
        put?: never;
        /**
         * List an agent profile the account speaks for
         * @description Lists a platform profile URL for the signed-in account: 201 with the record; the same URL again answers 200 with the same record. On UCP’s binding (`<base>/ucp`) a network key of this account, or a buyer token registered with one, may name in UCP-Agent only a platform profile listed here (else 403 profile_not_trusted). The URL must be absolute https, without user name, password or fragment, at most 2048 characters (else 400 invalid_request); it is stored as WHATWG URL writes it (host lower-cased, default port dropped). At most 10 per account (else 409 agent_profile_limit_reached). Needs the developer session, an Origin of this service, and an Idempotency-Key.
         */
        post: operations["developer-addAgentProfile"];
        /**
         * Remove an agent profile
         * @description Removes a platform profile URL from the signed-in account’s list and answers its record: within a second, binding calls by the account’s keys (and their buyer tokens) naming it are refused 403 profile_not_trusted. The URL may be given in any form that normalises to the listed one; one the account does not list is 404 agent_profile_not_found. Needs the developer session and an Origin of this service.
         */
        delete: operations["developer-removeAgentProfile"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/developer/acp-platform": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the account’s ACP platform registration
         * @description An account whose network keys act as an ACP platform registers here where its order webhooks go (each signed `Merchant-Signature: t=<unix s>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`) and, optionally, the public key its requests’ `Signature` verifies with. Never answers the secret. Needs the developer session (the sign-in cookie).
         */
        get: operations["developer-getAcpPlatform"];
        /**
         * Register as an ACP platform
         * @description An account whose network keys act as an ACP platform registers here where its order webhooks go (each signed `Merchant-Signature: t=<unix s>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`) and, optionally, the public key its requests’ `Signature` verifies with. Sets (a value) or clears (null) the webhook URL and the signing key; a field left out stays as it is. The URL must be absolute https with a host name (not an IP address), without user name, password or fragment, at most 2048 characters; the key an EC P-256 or Ed25519 public JWK without private members (else 400 invalid_request). The first webhook URL makes the webhook secret, answered this once as `webhook_secret`; clearing the URL keeps it. With a key registered, a request that sends `Signature` must verify over the RFC 8785 form of its body with a `Timestamp` within 300 s (else 401). Needs the developer session, an Origin of this service, and an Idempotency-Key.
         */
        put: operations["developer-updateAcpPlatform"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/developer/acp-platform/webhook-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the ACP webhook secret
         * @description An account whose network keys act as an ACP platform registers here where its order webhooks go (each signed `Merchant-Signature: t=<unix s>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`) and, optionally, the public key its requests’ `Signature` verifies with. Makes a new webhook secret and answers it, once: from now on every delivery, a retry of an earlier event included, is signed with it and the old one signs nothing. Needs the developer session, an Origin of this service, and an Idempotency-Key.
         */
        post: operations["developer-rotateAcpWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/orders/{id}/fulfillment-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a seller’s shipment or delivery (ADMIN_TOKEN bearer)
         * @description Appends a fulfillment event to a placed order: `shipped` (handed to the carrier) counts into each line’s quantity.fulfilled, so a line becomes partial or fulfilled; `delivered` covers units already shipped. One seller’s lines per event (sellers ship separately; seller_handle may be left out when the order has one seller); line_items left out cover every unit the event may still cover. The order’s status does not change; UCP’s order (GET <endpoint>/orders/{id}) and order-status list the event. A voided order answers 409 order_not_fulfillable; more units than are left, 409 fulfillment_quantity_exceeded. An Idempotency-Key, when sent, makes a retry answer the first outcome. Needs `Authorization: Bearer <ADMIN_TOKEN>`.
         */
        post: operations["adminOrders-recordFulfillmentEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/x402/payments/review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List x402 payments left for review (ADMIN_TOKEN bearer)
         * @description x402 payments whose settle went to the remote facilitator without an answer (a timeout, a 5xx, a process that died) and whose validBefore has passed, with no X402_RPC_URL for the chain to decide: each order stays pending_payment, its stock held, until an operator looks the payer’s nonce up on the chain and decides (POST /api/admin/x402/payments/{id}/decision). Oldest first. Needs `Authorization: Bearer <ADMIN_TOKEN>`.
         */
        get: operations["adminX402-paymentsForReview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/x402/payments/{id}/decision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Place or release an x402 payment left for review (ADMIN_TOKEN bearer)
         * @description `place` (with `transaction`): the chain shows the authorization moved its amount to the payee: the order is placed, as a settle places it (the cart completed, the order webhook and confirmation e-mail sent). `release`: it did not, and cannot any more (validBefore has passed): the order is voided, its stock back, the cart open again with a payment_failed warning. A payment not left for review answers 409 x402_payment_not_in_review. Needs `Authorization: Bearer <ADMIN_TOKEN>`.
         */
        post: operations["adminX402-decidePayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/x402/ledger/top-ups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Top up a wallet on the local x402 ledger (ADMIN_TOKEN bearer)
         * @description Adds `amount` (atomic units) to a wallet on the local ledger, the facilitator that settles x402 payments when X402_FACILITATOR_URL is unset (no money moves), and answers the new balance. A wallet the ledger has not seen starts from X402_LOCAL_BALANCE. With a remote facilitator: 409 x402_ledger_not_in_use. `npm run x402:fund` calls it when a server holds the embedded database. An Idempotency-Key, when sent, makes a retry answer the first outcome. Needs `Authorization: Bearer <ADMIN_TOKEN>`.
         */
        post: operations["adminX402-fundLedger"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks/failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List order webhook deliveries that failed (ADMIN_TOKEN bearer)
         * @description Order webhook deliveries that failed for good, newest first: past three days of retries, answered 410 Gone, or to a webhook URL that can never be sent to (not https, an IP address). Each says why (last_error) and what the last answer was. Needs `Authorization: Bearer <ADMIN_TOKEN>`.
         */
        get: operations["webhooks-failedDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks/deliveries/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a failed order webhook delivery again (ADMIN_TOKEN bearer)
         * @description Makes a failed delivery due now: a worker sends the same bytes, with the same Webhook-Id and Webhook-Timestamp, within seconds. A 410 that stopped its URL is forgotten. A delivery that has not failed is answered as it stands. Needs `Authorization: Bearer <ADMIN_TOKEN>`.
         */
        post: operations["webhooks-retryDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ShippingAddress: {
            /** @description The recipient’s full name. */
            name: string;
            /** @description Street address, first line. */
            line1: string;
            /** @description Apartment, suite or floor. */
            line2?: string;
            /** @description City or town. */
            city: string;
            /** @description State, province or county, where the country uses one (e.g. OR). */
            region?: string;
            /** @description Postal or ZIP code. */
            postal_code: string;
            /** @description ISO 3166-1 alpha-2 country code, e.g. US; in any case, and an alpha-3 code (USA) or the English name (United States) is taken too: stored and answered as alpha-2. Delivery is priced for it. */
            country: string;
            /** @description A phone number for the carrier, ideally in E.164 form (+15035550100). */
            phone?: string;
            /**
             * Format: email
             * @description An e-mail address for delivery updates.
             */
            email?: string;
        };
        /**
         * @description buyer:write: register and verify buyers. dev.ucp.shopping.order:read: read the status of orders of carts made with the key. checkout:write: settle carts on your own (x402, with a buyer token); off unless chosen.
         * @enum {string}
         */
        KeyScope: "buyer:write" | "dev.ucp.shopping.order:read" | "checkout:write" | "acp:platform";
        PlatformLimits: {
            /** @description Largest quantity one cart line may hold. */
            max_item_quantity: number;
            /** @description Largest cart total (subtotal + delivery), in US cents. */
            max_cart_total_cents: number;
            /** @description max_cart_total_cents as decimal dollars with two places, e.g. "1000.00". */
            max_cart_total_usd: string;
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        FeedbackReceipt: {
            /** @description The report’s id (fb_…): quote it in a follow-up. */
            id: string;
            /** @constant */
            status: "received";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        SearchResult: {
            /** @constant */
            "@context": "https://schema.org";
            /** @constant */
            "@type": "ItemList";
            /** @description Items on this page. */
            numberOfItems: number;
            /** @description Products the search matches across all pages, every filter applied: exact up to 1000; above, 1001 with totalResults_approximate true (a lower bound). The same on every page of a walk. */
            totalResults: number;
            /** @description Always present: true when the match set has more than 1000 products, so totalResults is a lower bound. */
            totalResults_approximate: boolean;
            itemListElement: {
                /** @constant */
                "@type": "ListItem";
                /** @description 1-based, continuing across pages. */
                position: number;
                item: components["schemas"]["Product"];
            }[];
            /** @description Pass as cursor for the next page; null on the last page (absent in the compact view). */
            nextCursor: string | null;
            /** @description The text query that ran, present when it differs from q: misspelt words corrected, price words read as a filter, or words dropped (relaxed). */
            query_corrected?: string;
            /** @description Present when q held price words: they were taken out of the query and applied as price filters (the tighter of them and min_price_cents/max_price_cents). */
            price_words?: {
                /** @description The price phrases of q as written, e.g. "under $50". */
                phrases: string[];
                /** @description The lower bound they set, in US cents (over $100 → 10001). */
                min_price_cents?: number;
                /** @description The upper bound they set, in US cents (under $50 → 4999). */
                max_price_cents?: number;
            };
            /**
             * @description Present (true) when no product matched all the words of q: the search kept as many as match together (query_corrected) and dropped the rest (dropped_terms).
             * @constant
             */
            relaxed?: true;
            /** @description With relaxed: the words (or quoted phrases) of q left out. */
            dropped_terms?: string[];
            /** @description Present when the page is empty: categories to go on with, nearest first (holding products that match a word of q once the filters are left out; else named like a word of q or of category; else the top-level categories). message says which. */
            suggestions?: {
                /** @description A category path: pass it as category. */
                category: string;
                /** @description Products there matching a word of q, the other filters aside (counted over at most 1001 matches); absent for categories offered by name. */
                count?: number;
            }[];
            /** @description What the search did beyond running q (price words read, words dropped) and, for an empty page, why and what to do next. */
            message?: string;
            /** @description Counts over the whole match set (not just this page), with every filter applied; at most 50 values per facet, most frequent first. availability values are in_stock and out_of_stock. Present with facets (the full view's default). */
            facets?: {
                category: {
                    value: string;
                    count: number;
                }[];
                seller_handle: {
                    value: string;
                    count: number;
                }[];
                availability: {
                    value: string;
                    count: number;
                }[];
            };
            /** @description true when the match set has more than 1000 products: facets then count the first 1001 found, and relevance ranks those. Present with facets. */
            facets_approximate?: boolean;
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        Product: {
            /** @constant */
            "@type": "Product";
            /** @description urn:agentcommerce:product:<productID> */
            "@id": string;
            productID: string;
            name: string;
            description: string;
            brand?: {
                /** @constant */
                "@type": "Brand";
                name: string;
            };
            /** @description Category path, "A > B > C". */
            category: string;
            image: string[];
            /** @description The product page on the seller’s site. */
            url?: string;
            /** @description One offer per variant, cheapest first. */
            offers: components["schemas"]["Offer"][];
        };
        Offer: {
            /** @constant */
            "@type": "Offer";
            /** @description Variant id. */
            identifier: string;
            sku: string;
            /** @description Decimal string with two places, e.g. "12.50". */
            price: string;
            /** @description Always USD: the network settles in USD. */
            priceCurrency: string;
            /** @enum {string} */
            availability: "https://schema.org/InStock" | "https://schema.org/OutOfStock";
            /** @description Units in stock; absent when the seller does not track stock (always available). */
            inventoryLevel?: {
                /** @constant */
                "@type": "QuantitativeValue";
                value: number;
            };
            seller: {
                /** @constant */
                "@type": "Organization";
                name: string;
                /** @description Seller handle. */
                identifier: string;
            };
        };
        CompactSearchResult: {
            /** @description ["https://schema.org", the context defining this answer's own terms (/api/agent/search/context.jsonld on this service)]. */
            "@context": string[];
            /** @constant */
            "@type": "ItemList";
            /** @description Items on this page. */
            numberOfItems: number;
            /** @description Products the search matches across all pages, every filter applied: exact up to 1000; above, 1001 with totalResults_approximate true (a lower bound). The same on every page of a walk. */
            totalResults: number;
            /** @description Always present: true when the match set has more than 1000 products, so totalResults is a lower bound. */
            totalResults_approximate: boolean;
            /** @description The products, best first; absent when none matches. */
            itemListElement?: components["schemas"]["CompactProduct"][];
            /** @description Pass as cursor for the next page; absent on the last page. */
            nextCursor?: string;
            /** @description The text query that ran, present when it differs from q: misspelt words corrected, price words read as a filter, or words dropped (relaxed). */
            query_corrected?: string;
            /** @description Present when q held price words: they were taken out of the query and applied as price filters (the tighter of them and min_price_cents/max_price_cents). */
            price_words?: {
                /** @description The price phrases of q as written, e.g. "under $50". */
                phrases: string[];
                /** @description The lower bound they set, in US cents (over $100 → 10001). */
                min_price_cents?: number;
                /** @description The upper bound they set, in US cents (under $50 → 4999). */
                max_price_cents?: number;
            };
            /**
             * @description Present (true) when no product matched all the words of q: the search kept as many as match together (query_corrected) and dropped the rest (dropped_terms).
             * @constant
             */
            relaxed?: true;
            /** @description With relaxed: the words (or quoted phrases) of q left out. */
            dropped_terms?: string[];
            /** @description Present when the page is empty: categories to go on with, nearest first (holding products that match a word of q once the filters are left out; else named like a word of q or of category; else the top-level categories). message says which. */
            suggestions?: {
                /** @description A category path: pass it as category. */
                category: string;
                /** @description Products there matching a word of q, the other filters aside (counted over at most 1001 matches); absent for categories offered by name. */
                count?: number;
            }[];
            /** @description What the search did beyond running q (price words read, words dropped) and, for an empty page, why and what to do next. */
            message?: string;
            /** @description Counts over the whole match set (not just this page), with every filter applied; at most 50 values per facet, most frequent first. availability values are in_stock and out_of_stock. Present with facets (the full view's default). */
            facets?: {
                category: {
                    value: string;
                    count: number;
                }[];
                seller_handle: {
                    value: string;
                    count: number;
                }[];
                availability: {
                    value: string;
                    count: number;
                }[];
            };
            /** @description true when the match set has more than 1000 products: facets then count the first 1001 found, and relevance ranks those. Present with facets. */
            facets_approximate?: boolean;
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        CompactProduct: {
            /** @constant */
            "@type": "Product";
            /** @description The product’s id (prod_…): get_product takes it (every variant, to choose one); a cart takes it for a product with one variant. */
            productID: string;
            name: string;
            brand?: string;
            /** @description The first image. */
            image?: string;
            /** @description An Offer for a product with one variant, an AggregateOffer for one with several. */
            offers: components["schemas"]["CompactOffer"] | components["schemas"]["CompactAggregateOffer"];
        };
        CompactOffer: {
            /** @constant */
            "@type": "Offer";
            /** @description Variant id: what carts take. */
            identifier: string;
            /** @description US dollars, two places, e.g. "12.50". */
            price: string;
            /**
             * @description schema:InStock or schema:OutOfStock (untracked stock is in stock).
             * @enum {string}
             */
            availability: "schema:InStock" | "schema:OutOfStock";
            /** @description Seller handle. */
            seller: string;
        };
        CompactAggregateOffer: {
            /** @constant */
            "@type": "AggregateOffer";
            /** @description Variants: get_product with the productID lists them, each with its identifier, sku and options, to choose one. */
            offerCount: number;
            /** @description The cheapest variant, US dollars. */
            lowPrice: string;
            /** @description The dearest variant, US dollars; absent when all cost lowPrice. */
            highPrice?: string;
            /**
             * @description schema:InStock when any variant is in stock.
             * @enum {string}
             */
            availability: "schema:InStock" | "schema:OutOfStock";
            /** @description Seller handle. */
            seller: string;
        };
        CompactProductDetail: {
            /** @description schema.org’s, and the term options (a variant’s option values) as a JSON literal. */
            "@context": [
                "https://schema.org",
                {
                    options: {
                        /** @constant */
                        "@id": "urn:agentcommerce:options";
                        /** @constant */
                        "@type": "@json";
                    };
                }
            ];
            /** @constant */
            "@type": "Product";
            productID: string;
            name: string;
            brand?: string;
            /** @description The first image. */
            image?: string;
            /** @description One offer per variant, cheapest first: its identifier is the variant_id a cart takes. */
            offers: components["schemas"]["CompactVariantOffer"][];
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        CompactVariantOffer: {
            /** @constant */
            "@type": "Offer";
            /** @description Variant id: what carts take. */
            identifier: string;
            /** @description US dollars, two places, e.g. "12.50". */
            price: string;
            /**
             * @description schema:InStock or schema:OutOfStock (untracked stock is in stock).
             * @enum {string}
             */
            availability: "schema:InStock" | "schema:OutOfStock";
            /** @description Seller handle. */
            seller: string;
            sku: string;
            /** @description The option values that tell the variant from the product’s others, e.g. {"size": "M", "color": "Navy"}; absent for a product with one variant. */
            options?: {
                [key: string]: string;
            };
        };
        ProductDetail: {
            /** @constant */
            "@type": "Product";
            /** @description urn:agentcommerce:product:<productID> */
            "@id": string;
            productID: string;
            name: string;
            description: string;
            brand?: {
                /** @constant */
                "@type": "Brand";
                name: string;
            };
            /** @description Category path, "A > B > C". */
            category: string;
            image: string[];
            /** @description The product page on the seller’s site. */
            url?: string;
            /** @description One offer per variant, cheapest first. */
            offers: components["schemas"]["VariantOffer"][];
            /** @description schema.org’s, and the term options (a variant’s option values) as a JSON literal. */
            "@context": [
                "https://schema.org",
                {
                    options: {
                        /** @constant */
                        "@id": "urn:agentcommerce:options";
                        /** @constant */
                        "@type": "@json";
                    };
                }
            ];
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        VariantOffer: {
            /** @constant */
            "@type": "Offer";
            /** @description Variant id. */
            identifier: string;
            sku: string;
            /** @description Decimal string with two places, e.g. "12.50". */
            price: string;
            /** @description Always USD: the network settles in USD. */
            priceCurrency: string;
            /** @enum {string} */
            availability: "https://schema.org/InStock" | "https://schema.org/OutOfStock";
            /** @description Units in stock; absent when the seller does not track stock (always available). */
            inventoryLevel?: {
                /** @constant */
                "@type": "QuantitativeValue";
                value: number;
            };
            seller: {
                /** @constant */
                "@type": "Organization";
                name: string;
                /** @description Seller handle. */
                identifier: string;
            };
            /** @description The option values that tell the variant from the product’s others, e.g. {"size": "M", "color": "Navy"}; absent for a product with one variant. */
            options?: {
                [key: string]: string;
            };
        };
        SellerList: {
            sellers: components["schemas"]["SellerSummary"][];
            nextCursor: string | null;
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        SellerSummary: {
            handle: string;
            name: string;
            /** @description Host names of the store’s site, primary first. */
            domains: string[];
            description: string;
            /** @description Always USD: the network settles in USD. */
            currency: string;
            /** @description Products listed now. */
            catalog_size: number;
            delivery_coverage: components["schemas"]["DeliveryCoverage"];
        };
        /** @description Summary of the delivery zones. */
        DeliveryCoverage: {
            /** @description ISO 3166-1 alpha-2 countries the seller delivers to. */
            countries: string[];
            /** @description Cheapest delivery price of any zone, in US cents. */
            min_price_cents: number | null;
            /** @description Lowest order subtotal, in US cents, above which some zone delivers free; absent when none does. */
            free_over_cents_min?: number;
            /** @description Fewest delivery days of any zone. */
            fastest_days: number | null;
            /** @description Most delivery days of any zone. */
            slowest_days: number | null;
        };
        SellerProfile: {
            handle: string;
            name: string;
            /** @description Host names of the store’s site, primary first. */
            domains: string[];
            description: string;
            /** @description Always USD: the network settles in USD. */
            currency: string;
            /** @description Products listed now. */
            catalog_size: number;
            delivery_coverage: components["schemas"]["DeliveryCoverage"];
            id: string;
            logo: string | null;
            delivery_zones: components["schemas"]["DeliveryZone"][];
            links: {
                policies: string;
                /** @description Per-seller UCP manifest. */
                manifest: string;
                /** @description Search scoped to this seller. */
                search: string;
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        DeliveryZone: {
            country: string;
            price_cents: number;
            free_over_cents?: number | null;
            min_days: number;
            max_days: number;
        };
        SellerPolicies: {
            seller: {
                handle: string;
                name: string;
            };
            policies: {
                returns: {
                    summary: string;
                    url: string;
                } & {
                    [key: string]: unknown;
                };
                shipping: {
                    summary: string;
                    url: string;
                } & {
                    [key: string]: unknown;
                };
                privacy: {
                    summary: string;
                    url: string;
                } & {
                    [key: string]: unknown;
                };
                terms: {
                    summary: string;
                    url: string;
                } & {
                    [key: string]: unknown;
                };
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description UCP 2026-04-08 business profile (discovery/profile.json#/$defs/business_profile). */
        UcpBusinessProfile: {
            ucp: {
                /** @constant */
                version: "2026-04-08";
                services: {
                    [key: string]: {
                        version: string;
                        /** @enum {string} */
                        transport: "rest" | "mcp";
                        /** Format: uri */
                        endpoint: string;
                        /** Format: uri */
                        schema: string;
                        /** Format: uri */
                        spec: string;
                        config?: {
                            seller_handle: string;
                        };
                    }[];
                };
                capabilities: {
                    [key: string]: {
                        version: string;
                        /** Format: uri */
                        spec: string;
                        /** Format: uri */
                        schema: string;
                        extends?: string | string[];
                        config?: {
                            [key: string]: string;
                        } | {
                            scopes: {
                                [key: string]: {
                                    description: {
                                        plain: string;
                                    };
                                };
                            };
                        };
                    }[];
                };
                payment_handlers: {
                    [key: string]: {
                        id: string;
                        version: string;
                        /** Format: uri */
                        spec: string;
                        config: {
                            /** @constant */
                            confirmation: "human";
                            currencies: string[];
                        };
                    }[];
                };
            };
            /** @description Public keys (JWK) that verify what this business signs, e.g. order webhooks. */
            signing_keys?: {
                kid: string;
                kty: string;
                crv?: string;
                x?: string;
                y?: string;
                n?: string;
                e?: string;
                /** @enum {string} */
                use?: "sig" | "enc";
                alg?: string;
            }[];
            name: string;
            /**
             * Format: uri
             * @description An agent’s quick start as plain text (llms.txt): the four calls to a paid order, where OpenAPI and MCP live, the errors and what to do.
             */
            llms_txt: string;
            advisories: {
                /** @enum {string} */
                code: "reserved_profile_host" | "ip_profile_host" | "buyer_ref_invalid" | "buyer_ref_pii_dropped" | "signature_malformed" | "signature_components_missing" | "signature_params_invalid" | "signature_expired" | "signature_digest_mismatch" | "signature_agent_mismatch" | "signature_profile_unavailable" | "signature_key_unknown" | "signature_algorithm_unsupported" | "signature_invalid" | "signature_replayed" | "signature_nonce_unchecked" | "profile_fetch_limited";
                message: string;
                /** Format: uri */
                documentation: string;
                refused_from: string;
            }[];
            seller?: {
                handle: string;
                name: string;
                domains: string[];
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        DocPage: {
            /** @enum {string} */
            slug: "overview" | "rest" | "mcp" | "errors" | "limits" | "ucp";
            title: string;
            version: string;
            url: string;
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        } & {
            [key: string]: unknown;
        };
        Cart: {
            /** @description The cart’s id (cart_…). Only the caller that created the cart can read or change it. */
            id: string;
            /**
             * @description open: can change; checkout: a payment link is live (a change cancels it and reopens the cart), or an x402 payment is settling (order_id names its pending order; nothing may change until it ends); completed: paid, see order_id; cancelled; expired (7 days after its last change).
             * @enum {string}
             */
            status: "open" | "checkout" | "completed" | "cancelled" | "expired";
            /**
             * @description Always USD.
             * @constant
             */
            currency: "USD";
            /** @description One line per variant, oldest first; at most 100. */
            line_items: components["schemas"]["CartLineItem"][];
            /** @description Where the order goes; null until set. */
            shipping_address: ((components["schemas"]["ShippingAddress"] | null) | null) | components["schemas"]["ShippingAddress"] | null;
            /** @description One group per seller that delivers to the address; [] before an address is set. */
            delivery: components["schemas"]["CartDelivery"][];
            totals: components["schemas"]["CartTotals"];
            /** @description What keeps the cart from being paid (error), what changed (warning), and next steps (info). */
            messages: components["schemas"]["CartMessage"][];
            /** @description The order (ord_…) once the cart is paid; null before. */
            order_id: string | null;
            /**
             * Format: date-time
             * @description When the cart expires if it does not change again.
             */
            expires_at: string;
            /**
             * Format: date-time
             * @description When the cart was created.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the cart last changed.
             */
            updated_at: string;
            /** @description Related URLs. */
            links: {
                /** @description This cart (GET). */
                self: string;
                /** @description Where a human pays while the cart is in checkout; null otherwise. */
                payment_link: string | null;
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        CartLineItem: {
            /** @description The line’s id (item_…): name it to change the quantity or remove the line. */
            id: string;
            /** @description The variant (var_…): the Offer `identifier` in search results. */
            variant_id: string;
            /** @description The seller’s SKU of the variant (unique per seller only). */
            sku: string;
            /** @description The product the variant belongs to. */
            product_id: string;
            /** @description The seller who sells and ships it. */
            seller_handle: string;
            /** @description The product’s title, as the catalog has it now. */
            title: string;
            /** @description The variant’s options joined, e.g. "M / Blue"; empty when it has none. */
            variant_title: string;
            /** @description The catalog’s price now (never a client’s), in US cents. */
            unit_price_cents: number;
            /** @description Units on this line. */
            quantity: number;
            /** @description unit_price_cents × quantity, in US cents. */
            line_total_cents: number;
            /**
             * @description schema.org availability now, as in search results. A quantity above the stock also leaves an insufficient_stock message.
             * @enum {string}
             */
            availability: "https://schema.org/InStock" | "https://schema.org/OutOfStock";
        };
        CartDelivery: {
            /** @description The seller whose items this delivery carries. */
            seller_handle: string;
            /** @description Delivery price for this seller’s items (0 above the zone’s free-delivery threshold), in US cents. */
            price_cents: number;
            /** @description Fewest days to delivery. */
            min_days: number;
            /** @description Most days to delivery. */
            max_days: number;
        };
        CartTotals: {
            /** @description Sum of the lines, in US cents. */
            subtotal_cents: number;
            /** @description Sum of the delivery groups (0 before an address is set), in US cents. */
            delivery_cents: number;
            /** @description subtotal_cents + delivery_cents: what a payment link asks for, within max_cart_total_cents, in US cents. */
            total_cents: number;
            /**
             * @description Always USD.
             * @constant
             */
            currency: "USD";
        };
        CartMessage: {
            /**
             * @description error: keeps the cart from being paid; warning: something changed; info: a next step.
             * @enum {string}
             */
            type: "error" | "warning" | "info";
            /** @description Stable identifier: address_required, address_undeliverable, insufficient_stock, cart_total_exceeds_limit, payment_link_cancelled, payment_failed. */
            code: string;
            /** @description What happened and what to do, in prose. */
            message: string;
            /** @description The part of the cart it is about, e.g. "line_items[0]", "delivery", "shipping_address", "totals". */
            path: string | null;
        };
        SettledCheckout: {
            /** @description The order placed (ord_…). */
            order_id: string;
            cart_id: string;
            /**
             * @description The payment settled and the order is placed with the sellers.
             * @constant
             */
            status: "placed";
            /** @description What was paid, in US cents (the cart’s total). */
            amount_cents: number;
            /** @constant */
            currency: "USD";
            /** @description The x402 payment that settled the order. */
            payment: {
                /** @constant */
                scheme: "exact";
                /** @description CAIP-2, e.g. eip155:84532 (Base Sepolia). */
                network: string;
                /** @description The USDC contract paid in. */
                asset: string;
                /** @description Atomic units of the asset (USDC has 6 decimals: amount_cents × 10⁴). */
                amount: string;
                /** @description The wallet that paid (checksummed). */
                payer: string;
                /** @description The settlement’s transaction hash as the facilitator gave it. */
                transaction: string;
            };
        };
        PaymentLink: {
            /** @description Where a human confirms and pays: give it to the person. It opens the service’s /pay page, or the card provider’s hosted checkout. */
            url: string;
            /**
             * Format: date-time
             * @description When the link stops working if unpaid (24 h after issue); the cart then opens again.
             */
            expires_at: string;
            /** @description The cart the link pays. It is in state checkout while the link is live; changing it cancels the link. */
            cart_id: string;
            /** @description The amount the person pays, in US cents: the cart total (subtotal + delivery), fixed for the link’s life. */
            amount_cents: number;
            /**
             * @description Always USD.
             * @constant
             */
            currency: "USD";
            /**
             * @description Who takes the card: builtin (the service’s own page) or stripe (Stripe Checkout).
             * @enum {string}
             */
            provider: "builtin" | "stripe";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        BuyerRef: {
            /** @description The buyer’s id (buy_…). */
            buyer_id: string;
            /**
             * @description verified once the person read back a code.
             * @enum {string}
             */
            status: "unverified" | "verified";
        };
        BuyerCodeSent: {
            buyer_id: string;
            /**
             * @description The code is on its way to the buyer’s address.
             * @constant
             */
            status: "sent";
            /**
             * Format: date-time
             * @description When the code stops working.
             */
            expires_at: string;
        };
        VerifiedBuyer: {
            /** @description bt_live_ and 43 characters: send it as Authorization: Bearer. Shown in this answer only (and its idempotent replay). */
            buyer_token: string;
            /**
             * Format: date-time
             * @description When the token stops working (30 days).
             */
            expires_at: string;
            buyer: components["schemas"]["Buyer"];
        };
        Buyer: {
            /** @description The buyer’s id (buy_…). */
            id: string;
            /** @description The address, lower case. */
            email: string;
            /** @description The name given when registering, if any. */
            name: string | null;
            /**
             * Format: date-time
             * @description When the person first read back a code.
             */
            verified_at: string | null;
            /** @description Platforms (agent profiles) the person linked through OAuth identity linking; empty until then. */
            linked_platforms: string[];
        };
        BuyerOrderPage: {
            orders: components["schemas"]["BuyerOrder"][];
            /** @description Pass it back for the next page; null on the last. */
            nextCursor: string | null;
        };
        BuyerOrder: {
            /** @description The order’s id (ord_…). */
            order_id: string;
            /**
             * @description pending_payment: an x402 payment is being settled (its stock is held); placed: paid and placed with the sellers; voided: the payment could not be taken, nothing was charged.
             * @enum {string}
             */
            status: "pending_payment" | "placed" | "voided";
            /** @description What was bought, at the prices paid. */
            line_items: {
                variant_id: string;
                sku: string;
                product_id: string;
                seller_handle: string;
                title: string;
                variant_title: string;
                unit_price_cents: number;
                quantity: number;
                line_total_cents: number;
            }[];
            totals: {
                subtotal_cents: number;
                delivery_cents: number;
                total_cents: number;
                currency: string;
            };
            /**
             * Format: date-time
             * @description When it was placed.
             */
            created_at: string;
        };
        OrderStatus: {
            order_id: string;
            /**
             * @description pending_payment: an x402 payment is being settled (its stock is held); placed: paid and placed with the sellers; voided: the payment could not be taken, nothing was charged.
             * @enum {string}
             */
            status: "pending_payment" | "placed" | "voided";
            /** @description Every status the order took, oldest first. */
            history: {
                /**
                 * @description pending_payment: an x402 payment is being settled (its stock is held); placed: paid and placed with the sellers; voided: the payment could not be taken, nothing was charged.
                 * @enum {string}
                 */
                status: "pending_payment" | "placed" | "voided";
                /** Format: date-time */
                at: string;
            }[];
            /** @description What happened to its sellers’ shipments (shipped, delivered), oldest first; empty until one ships. */
            fulfillment: components["schemas"]["FulfillmentEvent"][];
            /** @description Each event’s signed webhook to the platform that placed the order, oldest first: its state, attempts, the last answer’s status and the next try; empty when no platform hears of this order. */
            deliveries: components["schemas"]["OrderWebhookDelivery"][];
        };
        FulfillmentEvent: {
            /** @description The event’s id (fev_…). */
            id: string;
            order_id: string;
            /** @description The seller whose shipment it is. */
            seller_handle: string;
            /**
             * @description `shipped`: handed to the carrier; counts into each line’s quantity.fulfilled. `delivered`: received by the buyer; covers units already shipped.
             * @enum {string}
             */
            type: "shipped" | "delivered";
            /** @description The order lines and quantities the event covers. */
            line_items: {
                /** @description The order line’s id (item_…), as line_items[].id of the UCP order names it. */
                id: string;
                /** @description How many of the line’s units the event covers. */
                quantity: number;
            }[];
            carrier: string | null;
            tracking_number: string | null;
            tracking_url: string | null;
            /** Format: date-time */
            occurred_at: string;
        };
        OrderWebhookDelivery: {
            /** @description The delivery’s Webhook-Id (a UUID), the same at every attempt. */
            id: string;
            /** @description order_placed, order_voided, fulfillment_shipped or fulfillment_delivered. */
            event: string;
            /** @enum {string} */
            state: "pending" | "sending" | "delivered" | "failed" | "skipped";
            /** @description When the event happened: the Webhook-Timestamp of every attempt. */
            occurred_at: string;
            attempts: number;
            /** @description RFC 3339. */
            last_attempt_at: string | null;
            /** @description The HTTP status of the last answer; null when none came. */
            last_status: number | null;
            /** @description The next try, while one is due. */
            next_attempt_at: string | null;
        };
        Wallet: {
            /** @description The wallet’s id (wal_…). */
            id: string;
            /** @description The wallet’s address, checksummed (EIP-55). */
            address: string;
            /**
             * Format: date-time
             * @description When it was linked.
             */
            created_at: string;
        };
        WalletList: {
            /** @description Oldest first. */
            wallets: components["schemas"]["Wallet"][];
        };
        NetworkKeyList: {
            keys: components["schemas"]["NetworkKey"][];
        };
        NetworkKey: {
            /** @description The key’s id (key_…). */
            id: string;
            /** @description The name its owner gave it. */
            name: string;
            /** @description The first 12 characters of the secret, to tell keys apart. */
            prefix: string;
            /** @description What the key may do beyond the open operations (any key may call those). */
            scopes: components["schemas"]["KeyScope"][];
            /**
             * Format: date-time
             * @description When it was minted.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When an agent last called with it (moved at most once a minute); null: never used.
             */
            last_used_at: string | null;
            /**
             * Format: date-time
             * @description When it was revoked; null while active.
             */
            revoked_at: string | null;
        };
        MintedNetworkKey: {
            /** @description The key’s id (key_…). */
            id: string;
            /** @description The name its owner gave it. */
            name: string;
            /** @description The first 12 characters of the secret, to tell keys apart. */
            prefix: string;
            /** @description What the key may do beyond the open operations (any key may call those). */
            scopes: components["schemas"]["KeyScope"][];
            /**
             * Format: date-time
             * @description When it was minted.
             */
            created_at: string;
            /** @description The key itself (ak_live_ and 43 characters): send it as `Authorization: Bearer <secret>`. Shown in this answer only (and its idempotent replay); the service keeps only its SHA-256. */
            secret: string;
        };
        AgentProfileList: {
            /** @description Oldest first. */
            profiles: components["schemas"]["AgentProfile"][];
        };
        AgentProfile: {
            /** @description The platform profile’s URL, as WHATWG URL writes it (the form UCP-Agent’s profile is compared in). */
            url: string;
            /**
             * Format: date-time
             * @description When the account listed it.
             */
            created_at: string;
        };
        AcpPlatform: {
            /** @description Where the account’s ACP order webhooks go (its platform’s /agentic_checkout/webhooks/order_events); null: none are sent. */
            webhook_url: string | null;
            /** @description The public key (JWK) the platform’s requests are signed with; null: a Signature is not checked. */
            signing_jwk: {
                [key: string]: string;
            } | null;
            /** @description Whether a webhook secret exists (it is shown only when made). */
            webhook_secret_set: boolean;
            /**
             * Format: date-time
             * @description When the registration last changed; null: never registered.
             */
            updated_at: string | null;
        };
        AcpPlatformChange: {
            platform: components["schemas"]["AcpPlatform"];
            /** @description The HMAC secret (whsec_ and 43 characters, 256 bits) that signs the webhooks’ Merchant-Signature, the whole string the HMAC key. Shown in this answer only (and its idempotent replay); the service keeps it sealed. */
            webhook_secret?: string;
        };
        AcpWebhookSecretRotated: {
            platform: components["schemas"]["AcpPlatform"];
            /** @description The HMAC secret (whsec_ and 43 characters, 256 bits) that signs the webhooks’ Merchant-Signature, the whole string the HMAC key. Shown in this answer only (and its idempotent replay); the service keeps it sealed. */
            webhook_secret: string;
        };
        X402PaymentForReview: {
            /** @description The payment (xpay_…). */
            id: string;
            /** @description Its order, pending_payment while the payment is pending. */
            order_id: string;
            cart_id: string;
            /**
             * @description pending until decided; then settled (placed) or failed (released).
             * @enum {string}
             */
            status: "pending" | "settled" | "failed";
            /** @description CAIP-2. */
            network: string;
            /** @description The token (USDC) contract. */
            asset: string;
            /** @description The authorization’s `from`: look its nonce up on the chain. */
            payer: string;
            /** @description The EIP-3009 nonce (bytes32). */
            nonce: string;
            /** @description Atomic units of the asset (USDC: 6 decimals). */
            amount: string;
            /** @description RFC 3339. */
            valid_before: string;
            /** @description Settles sent to the facilitator. */
            settle_attempts: number;
            /** @description RFC 3339. */
            created_at: string;
            /** @description When it was left for review. */
            review_since: string | null;
            /** @description Once placed, the transaction given. */
            transaction: string | null;
            /** @description Once released, why (released_after_review). */
            failure_reason: string | null;
        };
        LedgerTopUp: {
            /** @description The wallet, checksummed. */
            address: string;
            /** @description The ledger’s chain as X402_NETWORK names it (base-sepolia). */
            network: string;
            /** @description The token the balance is of (USDC’s contract on that chain). */
            asset: string;
            /** @description What was added, in atomic units. */
            amount: string;
            /** @description What the wallet holds now, in atomic units. */
            balance: string;
        };
        WebhookDelivery: {
            /** @description The delivery’s Webhook-Id (a UUID), the same at every attempt. */
            id: string;
            /** @description order_placed, order_voided, fulfillment_shipped or fulfillment_delivered. */
            event: string;
            /** @enum {string} */
            state: "pending" | "sending" | "delivered" | "failed" | "skipped";
            /** @description When the event happened: the Webhook-Timestamp of every attempt. */
            occurred_at: string;
            attempts: number;
            /** @description RFC 3339. */
            last_attempt_at: string | null;
            /** @description The HTTP status of the last answer; null when none came. */
            last_status: number | null;
            /** @description The next try, while one is due. */
            next_attempt_at: string | null;
            order_id: string;
            /** @description Why the last attempt did not deliver, or why the delivery was skipped. */
            last_error: string | null;
        };
        /** @description Something about the request that should change; it did not change the status. */
        Advisory: {
            /** @enum {string} */
            code: "reserved_profile_host" | "ip_profile_host" | "buyer_ref_invalid" | "buyer_ref_pii_dropped" | "signature_malformed" | "signature_components_missing" | "signature_params_invalid" | "signature_expired" | "signature_digest_mismatch" | "signature_agent_mismatch" | "signature_profile_unavailable" | "signature_key_unknown" | "signature_algorithm_unsupported" | "signature_invalid" | "signature_replayed" | "signature_nonce_unchecked" | "profile_fetch_limited";
            message: string;
            /**
             * Format: uri
             * @description Where the advisory is explained.
             */
            documentation: string;
            /**
             * Format: date
             * @description The day from which what the advisory announces is refused; null when it announces no refusal.
             */
            refused_from: string | null;
        };
        /** @description Present when something about the request should change (the Service-Advisory header says the same); the status is unaffected. */
        ServiceAdvisories: components["schemas"]["Advisory"][];
        /** @description 400 IDEMPOTENCY_KEY_REQUIRED: This operation changes data and needs an idempotency key, where the caller’s surface takes one (the message names it: a header on REST, an argument on MCP). Send a fresh key (16–64 printable ASCII characters) per logical request; reuse it only to retry. */
        "Error.IDEMPOTENCY_KEY_REQUIRED": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "IDEMPOTENCY_KEY_REQUIRED";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 404 SELLER_NOT_FOUND: No seller matches that selector. `details.did_you_mean` lists up to 3 similar sellers as {handle, name}. */
        "Error.SELLER_NOT_FOUND": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "SELLER_NOT_FOUND";
            details: {
                /** @description Up to 3 sellers whose handle or name is most like the one asked for, most similar first; may be empty. */
                did_you_mean: {
                    handle: string;
                    name: string;
                }[];
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 403 admin_disabled: The admin API is disabled: ADMIN_TOKEN is not configured. Set ADMIN_TOKEN on the server, or use `npm run limits`. */
        "Error.admin_disabled": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "admin_disabled";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 403 admin_token_invalid: The admin token is not valid. Use the ADMIN_TOKEN bearer. */
        "Error.admin_token_invalid": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "admin_token_invalid";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 409 agent_profile_limit_reached: This account already lists 10 agent profiles. Remove one it no longer speaks for (DELETE /api/developer/agent-profiles?url=…) to free a slot; `details.max_agent_profiles` gives the ceiling. */
        "Error.agent_profile_limit_reached": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "agent_profile_limit_reached";
            details: {
                /** @description Agent profiles an account may list. */
                max_agent_profiles: number;
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 404 agent_profile_not_found: This account does not list that agent profile. GET /api/developer/agent-profiles lists the account’s profiles, as WHATWG URL writes them. */
        "Error.agent_profile_not_found": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "agent_profile_not_found";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 403 buyer_credential_required: This operation settles for a buyer: it needs a buyer token (or an OAuth access token, which acts for the person), not a network key. `details.required` is "buyer_token": register and verify the buyer (POST /api/agent/buyer, /otp, /verify) with a key carrying checkout:write, then call with the buyer token it answers. */
        "Error.buyer_credential_required": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "buyer_credential_required";
            details: {
                /**
                 * @description What the operation needs: a buyer token (or an OAuth token acting for the person).
                 * @constant
                 */
                required: "buyer_token";
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 404 buyer_not_found: No buyer with that id is known to this caller. Buyers are per developer account: register the address with POST /api/agent/buyer to get its buyer_id. */
        "Error.buyer_not_found": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "buyer_not_found";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 409 cart_expired: The cart expired. Open carts expire 7 days after their last change; start a new cart. */
        "Error.cart_expired": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "cart_expired";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 400 cart_line_limit: A cart holds at most 100 lines. `details.max_lines` gives the ceiling. */
        "Error.cart_line_limit": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "cart_line_limit";
            details: {
                /** @description Lines a cart may hold. */
                max_lines: number;
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 404 cart_not_found: No such cart. Carts are visible only to the caller that created them; any other caller gets this answer too. */
        "Error.cart_not_found": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "cart_not_found";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 409 cart_not_open: The cart can no longer change. `details.status` names its state (completed or cancelled); start a new cart. */
        "Error.cart_not_open": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "cart_not_open";
            details: {
                /**
                 * @description The state the cart is in.
                 * @enum {string}
                 */
                status: "checkout" | "completed" | "cancelled";
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 409 cart_not_ready: The cart cannot be paid yet. `details.reasons` lists each problem as {code, message}: cart_empty, address_required, address_undeliverable (naming the seller) or insufficient_stock. Checked before the total ceiling. */
        "Error.cart_not_ready": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "cart_not_ready";
            details: {
                /** @description Each thing that keeps the cart from being paid. */
                reasons: {
                    /** @enum {string} */
                    code: "cart_empty" | "address_required" | "address_undeliverable" | "insufficient_stock";
                    /** @description What to change, naming the seller or line where there is one. */
                    message: string;
                }[];
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 400 cart_total_exceeds_limit: The cart total is above the platform ceiling. The body also carries `max_cents` (the ceiling) and `message` (prose), as the spec documents; `details.total_cents` is the cart’s total. */
        "Error.cart_total_exceeds_limit": {
            /** @constant */
            error: "cart_total_exceeds_limit";
            /** @constant */
            code: "cart_total_exceeds_limit";
            /** @description The cart total ceiling, in US cents (max_cart_total_cents). */
            max_cents: number;
            /** @description What went wrong, in prose; may be reworded. */
            message: string;
            details: {
                /** @description The cart’s total (subtotal + delivery), in US cents. */
                total_cents: number;
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 429 code_attempts_exceeded: Too many tries at this buyer’s code: verification is locked until the 15-minute window moves on. Wait for Retry-After, then request a new code. */
        "Error.code_attempts_exceeded": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "code_attempts_exceeded";
            /**
             * @description The same request can succeed later.
             * @constant
             */
            retryable: true;
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 400 code_expired: That code has expired (codes last 10 minutes). Request a new code with POST /api/agent/buyer/otp. */
        "Error.code_expired": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "code_expired";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 400 conflicting_credentials: The request identifies its caller twice, with different values. Name the caller once. On MCP the agent profile (and buyer reference) may come from the UCP-Agent header, params._meta or arguments.meta: the same value in several places is fine, different values are refused rather than one picked. `details` names the field and the places. */
        "Error.conflicting_credentials": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "conflicting_credentials";
            details: {
                /** @description The identification named twice with different values ("ucp-agent", "ai.service.buyer"), or "credential" for a key sent with UCP-Agent. */
                field: string;
                /** @description Where it was named: "arguments.meta", "params._meta", "header"; or "Authorization" and "UCP-Agent". */
                places: string[];
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 401 credential_required: This operation needs a credential. `details.required` names the credential or scope; the WWW-Authenticate header says the same. */
        "Error.credential_required": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "credential_required";
            details: {
                /** @description What the operation needs: a scope such as "checkout:write", "buyer_token", "developer_session" or "ADMIN_TOKEN bearer". */
                required: string;
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 404 doc_not_found: No documentation page has that slug. `details.valid_slugs` lists them. */
        "Error.doc_not_found": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "doc_not_found";
            details: {
                /** @description The documentation pages there are. */
                valid_slugs: string[];
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 410 endpoint_retired: GET /api/agent/products is permanently retired: use GET /api/agent/search to search or browse the catalog. Permanent; `details.replacement` names the endpoint to use. */
        "Error.endpoint_retired": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "endpoint_retired";
            details: {
                /** @description The endpoint to use instead. */
                replacement: string;
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 400 fulfillment_line_invalid: The event names a line that is not this seller’s line of the order. Line ids are the UCP order’s line_items[].id (item_…); `details.seller_lines` lists the seller’s. */
        "Error.fulfillment_line_invalid": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "fulfillment_line_invalid";
            details: {
                line_id: string;
                /** @description The ids of that seller’s lines of the order. */
                seller_lines: string[];
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 409 fulfillment_quantity_exceeded: The event covers more units than the line has left. shipped: at most the units not yet shipped; delivered: at most those shipped and not yet delivered. `details.remaining` says how many. */
        "Error.fulfillment_quantity_exceeded": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "fulfillment_quantity_exceeded";
            details: {
                line_id?: string;
                requested?: number;
                remaining?: number;
                /** @description When every line of that seller has already shipped (or been delivered). */
                seller_handle?: string;
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 400 fulfillment_seller_invalid: Name one of the order’s sellers in seller_handle. Sellers ship separately; seller_handle may be left out only when the order has one seller. `details.sellers` lists the order’s. */
        "Error.fulfillment_seller_invalid": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "fulfillment_seller_invalid";
            details: {
                /** @description The handles of the order’s sellers. */
                sellers: string[];
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 400 idempotency_key_invalid: The idempotency key must be 16 to 64 printable ASCII characters. A UUID is a good key. */
        "Error.idempotency_key_invalid": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "idempotency_key_invalid";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 409 idempotency_key_reused: This Idempotency-Key was already used for a different request. Use a new key for a new request; a retry must repeat the same operation with the same input (REST and MCP share one namespace per caller). */
        "Error.idempotency_key_reused": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "idempotency_key_reused";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 409 idempotency_request_in_progress: A request with this Idempotency-Key is still being processed. Retry after the Retry-After delay to receive its outcome. */
        "Error.idempotency_request_in_progress": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "idempotency_request_in_progress";
            /**
             * @description The same request can succeed later.
             * @constant
             */
            retryable: true;
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 403 insufficient_scope: The credential is valid but does not carry what this operation needs. `details.required` names the scope or credential kind; mint a key with that scope or use that credential. */
        "Error.insufficient_scope": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "insufficient_scope";
            details: {
                /** @description What the operation needs that the credential does not carry: a scope such as "buyer:write", or "buyer_token", "developer_session". */
                required: string;
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 409 insufficient_stock: Not enough stock for that quantity. `details.available` is how many units the seller has now. */
        "Error.insufficient_stock": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "insufficient_stock";
            details: {
                /** @description Units the seller has now. */
                available: number;
                /** @description The variant short of stock. */
                variant_id: string;
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 500 internal_error: Something went wrong on our side. Quote `request_id` when reporting it through POST /api/agent/feedback. */
        "Error.internal_error": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "internal_error";
            /** @description The request’s id, to quote when reporting the failure. */
            request_id?: string;
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 400 invalid_code: That code is not right. `details.attempts_left` says how many tries remain; after 5 tries in 15 minutes verification is locked until the window moves on (429 code_attempts_exceeded). */
        "Error.invalid_code": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "invalid_code";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 401 invalid_credential: The credential in the Authorization header is not valid. An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints. */
        "Error.invalid_credential": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "invalid_credential";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 400 invalid_cursor: The cursor is not valid for this query. Pass back a nextCursor unchanged, with the same query parameters it came from. */
        "Error.invalid_cursor": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "invalid_cursor";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 400 invalid_json: The request body is not valid JSON. Send a JSON document. */
        "Error.invalid_json": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "invalid_json";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 400 invalid_price_range: min_price_cents must not be greater than max_price_cents. Swap or widen the bounds. */
        "Error.invalid_price_range": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "invalid_price_range";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 400 invalid_request: The request does not match the operation’s schema. `details.issues` lists each problem as {path, message}. */
        "Error.invalid_request": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "invalid_request";
            details: {
                /** @description Each problem of the request against the operation’s schema. */
                issues: {
                    /** @description Dotted path of the offending field (e.g. "context.endpoint"); empty for the input as a whole. */
                    path: string;
                    message: string;
                    /** @description For an unknown field: the valid name it most likely meant (seller → seller_handle). */
                    did_you_mean?: string;
                }[];
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 400 invalid_seller_selector: Select exactly one seller with one of handle, domain or name. For example ?handle=acme-outdoors, ?domain=https://www.acme-outdoors.shop/p/1 or ?name=Acme Outdoors. */
        "Error.invalid_seller_selector": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "invalid_seller_selector";
            details?: {
                /** @description Sellers sharing the name given: select one of them by handle. */
                matches: {
                    handle: string;
                    name: string;
                }[];
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 400 ip_profile_host: The agent profile URL names an IP address instead of a host name. Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it. */
        "Error.ip_profile_host": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "ip_profile_host";
            details: {
                /** @description The day (YYYY-MM-DD) from which such profiles are refused. */
                refused_from: string;
                /** @description The profile URL’s host. */
                host: string;
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 404 item_not_found: The cart has no such line item. Item ids are the `line_items[].id` of the cart. */
        "Error.item_not_found": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "item_not_found";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 409 key_limit_reached: This account already has 10 active network keys. Revoke a key you no longer use (DELETE /api/developer/network-keys/{id}) to free a slot. */
        "Error.key_limit_reached": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "key_limit_reached";
            details: {
                /** @description Active keys an account may hold. */
                max_active_keys: number;
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 404 key_not_found: No network key with that id belongs to this account. GET /api/developer/network-keys lists the account’s keys. On UCP’s binding (401): the request signature’s keyid is not in the platform profile’s signing_keys. */
        "Error.key_not_found": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "key_not_found";
            details?: {
                /** @description The signature_* advisory code the seed API would have answered (e.g. signature_expired). */
                reason: string;
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 400 malformed_request: The request is not valid HTTP/1.1. Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer. */
        "Error.malformed_request": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "malformed_request";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 405 method_not_allowed: This endpoint does not accept that method. The Allow header lists the methods the path accepts. */
        "Error.method_not_allowed": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "method_not_allowed";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 404 not_found: No such endpoint. Check the path against /api/openapi.json. */
        "Error.not_found": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "not_found";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 404 order_not_found: No order with that id is visible to this credential. A buyer token sees its buyer’s orders; a key with dev.ucp.shopping.order:read the orders of carts made with that key. */
        "Error.order_not_found": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "order_not_found";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 409 order_not_fulfillable: The order ships nothing: it was voided, or its payment is still settling. `details.status` is the order’s status; only a placed order ships. */
        "Error.order_not_fulfillable": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "order_not_fulfillable";
            details: {
                /**
                 * @description voided, or pending_payment while its payment settles.
                 * @enum {string}
                 */
                status: "pending_payment" | "voided";
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 403 origin_refused: A change made with a signed-in session must come from this service’s own pages. Send `Origin` (or a same-origin `Referer`) equal to the service’s origin, as a browser does for its own forms; scripts use a network key instead of a session. */
        "Error.origin_refused": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "origin_refused";
            details: {
                /** @description The origin a change made with a session must come from: the service’s own. */
                expected_origin: string;
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 413 payload_too_large: The request body is larger than 1 MiB. Send at most 1 MiB. */
        "Error.payload_too_large": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "payload_too_large";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 409 payment_in_progress: A payment of this cart is being settled. Wait for Retry-After and send the same request again: the payment being settled answers its order once settled; the cart cannot change meanwhile. */
        "Error.payment_in_progress": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "payment_in_progress";
            /**
             * @description The same request can succeed later.
             * @constant
             */
            retryable: true;
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 400 payment_invalid: The payment header cannot be read as an x402 payment. Send one header: X-PAYMENT with an x402Version 1 payment, or PAYMENT-SIGNATURE with a version 2 one, base64 JSON as x402 clients make them. Not stored: fix it and send again with the same Idempotency-Key. */
        "Error.payment_invalid": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "payment_invalid";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 402 payment_rejected: The payment was refused; nothing was charged. `details.reason` says why, in x402’s words (e.g. invalid_exact_evm_payload_authorization_value_mismatch, payer_not_registered); the body and PAYMENT-REQUIRED header offer the requirements again. */
        "Error.payment_rejected": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "payment_rejected";
            /**
             * @description x402 v1: this body is its payment-required answer; v2’s is the PAYMENT-REQUIRED header.
             * @constant
             */
            x402Version: 1;
            /** @description The ways to pay, any one of which settles the checkout. */
            accepts: components["schemas"]["X402PaymentRequirementsV1"][];
            details: {
                /** @description Why, in x402’s words: invalid_exact_evm_scheme, _network_mismatch, _recipient_mismatch, _payload_authorization_value_mismatch, _payload_authorization_valid_after, _payload_authorization_valid_before, resource_mismatch, payer_not_registered, _signature, _nonce_already_used, _insufficient_balance, or a facilitator’s own reason verbatim. */
                reason: string;
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 402 payment_required: This checkout is paid with x402: send the payment in X-PAYMENT (x402 v1) or PAYMENT-SIGNATURE (v2). The body is x402 v1’s (`x402Version`, `accepts`) and the PAYMENT-REQUIRED header v2’s: sign one of the offered requirements (scheme exact, EIP-3009) with a wallet linked to the buyer and send the request again, with the same Idempotency-Key if you like. */
        "Error.payment_required": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "payment_required";
            /**
             * @description x402 v1: this body is its payment-required answer; v2’s is the PAYMENT-REQUIRED header.
             * @constant
             */
            x402Version: 1;
            /** @description The ways to pay, any one of which settles the checkout. */
            accepts: components["schemas"]["X402PaymentRequirementsV1"][];
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 404 product_not_found: No such product in the catalog. Use a productID (prod_…) from search; for a variant id or a SKU, `details.matches` names its product. */
        "Error.product_not_found": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "product_not_found";
            details?: {
                /** @description The id was a variant id or a SKU (of up to 3 sellers): the variant it names and its product. */
                matches: {
                    product_id: string;
                    variant_id: string;
                    sku: string;
                    seller_handle: string;
                }[];
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 400 quantity_exceeds_limit: The line’s quantity is above the per-item ceiling. `details.max_quantity` is the live ceiling (GET /api/agent/platform/limits). */
        "Error.quantity_exceeds_limit": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "quantity_exceeds_limit";
            details: {
                /** @description The live per-line ceiling (max_item_quantity). */
                max_quantity: number;
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 429 rate_limited: Too many requests of this kind; try again after the Retry-After delay. Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
        "Error.rate_limited": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "rate_limited";
            /**
             * @description The same request can succeed later.
             * @constant
             */
            retryable: true;
            details?: {
                /** @description Request rate: the seconds until the caller’s window ends (the Retry-After value). */
                retry_after?: number;
                /**
                 * @description Request rate: the policy whose window is spent; admin: the tries at the admin token from this client address.
                 * @enum {string}
                 */
                policy?: "open" | "address" | "signed" | "credential" | "admin";
                /** @description Network keys: mints an account may make in a rolling hour. */
                mints_per_hour?: number;
                /** @description Network keys: the seconds until the next mint is allowed. */
                retry_after_seconds?: number;
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 431 request_header_fields_too_large: The request line and headers are larger than the server reads (16 KiB in all). Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
        "Error.request_header_fields_too_large": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "request_header_fields_too_large";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 400 reserved_profile_host: The agent profile is on a reserved host name (localhost, .test, .example, .invalid, .local, example.com, single-label). Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it. */
        "Error.reserved_profile_host": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "reserved_profile_host";
            details: {
                /** @description The day (YYYY-MM-DD) from which such profiles are refused. */
                refused_from: string;
                /** @description The profile URL’s host. */
                host: string;
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 503 service_unavailable: A service this request depends on is unavailable. Retry after the Retry-After delay. Temporary: retry with the same Idempotency-Key. */
        "Error.service_unavailable": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "service_unavailable";
            /**
             * @description The same request can succeed later.
             * @constant
             */
            retryable: true;
            /** @description The request’s id, to quote when reporting the failure. */
            request_id?: string;
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 400 ucp_agent_insecure_url: The agent profile URL must use https; http URLs are refused, not upgraded. Publish the profile over https. */
        "Error.ucp_agent_insecure_url": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "ucp_agent_insecure_url";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 400 ucp_agent_invalid: The UCP-Agent header must be a structured dictionary with a quoted `profile` URL (`profile="https://…"`) or a bare absolute https URL. Quote the URL in the dictionary form; a relative URL or a token is refused. */
        "Error.ucp_agent_invalid": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "ucp_agent_invalid";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 400 ucp_agent_required: Open calls must identify the agent with a UCP-Agent header: `UCP-Agent: profile="https://agent.example.com/profile.json"` (recommended) or the bare URL `UCP-Agent: https://agent.example.com/profile.json`. Send the URL of the profile your agent publishes about itself. */
        "Error.ucp_agent_required": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "ucp_agent_required";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 415 unsupported_media_type: Request bodies must be application/json. Send `Content-Type: application/json`. */
        "Error.unsupported_media_type": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "unsupported_media_type";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 404 variant_not_found: No such variant in the catalog. Variant ids are Offer identifiers (var_…); for a SKU, `details.did_you_mean` lists near SKUs of that seller. */
        "Error.variant_not_found": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "variant_not_found";
            details?: {
                /** @description Up to 3 SKUs of that seller most like the one asked for. */
                did_you_mean: string[];
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 409 variant_required: That product has several variants: name the one to buy. Call again with a variant_id from `details.variants` (each with its options) and a fresh Idempotency-Key. */
        "Error.variant_required": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "variant_required";
            details: {
                /** @description The product named. */
                product_id: string;
                /** @description Every variant of the product, cheapest first. */
                variants: {
                    /** @description What to name the item by next. */
                    variant_id: string;
                    sku: string;
                    /** @description The option values that tell it from the others, e.g. {"size": "M", "color": "Navy"}. */
                    options: {
                        [key: string]: string;
                    };
                    price_cents: number;
                    /** @description false when the seller has none now (untracked stock is in stock). */
                    in_stock: boolean;
                }[];
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 409 wallet_limit_reached: This buyer already has 5 linked wallets. Remove one you no longer pay from (DELETE /api/agent/buyer/wallets/{id}); `details.max_wallets` gives the ceiling. */
        "Error.wallet_limit_reached": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "wallet_limit_reached";
            details: {
                /** @description Wallets a buyer (or person) may link. */
                max_wallets: number;
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 404 wallet_not_found: No wallet with that id is linked to this buyer. GET /api/agent/buyer/wallets lists the wallets this buyer (or person) linked. */
        "Error.wallet_not_found": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "wallet_not_found";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 409 wallet_required: No wallet is linked to this buyer: an x402 payment could come from no wallet this service accepts. Link the wallet that will pay (POST /api/agent/buyer/wallets, signed by it), then check out again. */
        "Error.wallet_required": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "wallet_required";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 400 wallet_signature_invalid: The wallet link is not signed by that wallet. `details.reason`: stale (issued_at is more than 300 s from now: sign again) or signer_mismatch (the EIP-712 WalletLink signature does not recover to `address`; see /api/agent/docs/overview for the typed data). */
        "Error.wallet_signature_invalid": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "wallet_signature_invalid";
            details: {
                /**
                 * @description stale: issued_at is more than 300 s from now; signer_mismatch: the signature does not recover to address.
                 * @enum {string}
                 */
                reason: "stale" | "signer_mismatch";
            };
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 409 x402_ledger_balance_limit: The top-up would take the balance past what the local ledger holds (2^63 − 1 atomic units). Top up less: the balance and `details.max_balance` are in the asset’s atomic units. */
        "Error.x402_ledger_balance_limit": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "x402_ledger_balance_limit";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 409 x402_ledger_not_in_use: X402_FACILITATOR_URL is set: payments settle through that facilitator, on chain, and the local ledger is not in use. Fund the wallet on the chain X402_NETWORK names instead. */
        "Error.x402_ledger_not_in_use": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "x402_ledger_not_in_use";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 404 x402_payment_not_found: No x402 payment has that id. GET /api/admin/x402/payments/review (or npm run x402:reconcile) lists the payments left for review, with their ids (xpay_…). */
        "Error.x402_payment_not_found": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "x402_payment_not_found";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description 409 x402_payment_not_in_review: That x402 payment is not left for review: there is nothing to decide. `details.status` says where it stands: settled or failed (already decided), or pending and not left for review (a settle, the sweep or the chain still decides it). */
        "Error.x402_payment_not_in_review": {
            /** @description What went wrong, in prose; may be reworded: branch on code. */
            error: string;
            /** @constant */
            code: "x402_payment_not_in_review";
            "service:advisories"?: components["schemas"]["ServiceAdvisories"];
        };
        /** @description One way to pay the checkout, as x402 v1 states it: an authorization of maxAmountRequired of the asset to payTo, from a wallet linked to the buyer, valid from now (validAfter not in the future) until at least 6 s after it arrives (validBefore). */
        X402PaymentRequirementsV1: {
            /**
             * @description EIP-3009: a transferWithAuthorization of the asset, signed by the paying wallet.
             * @constant
             */
            scheme: "exact";
            /**
             * @description x402 v1’s name of the chain: base-sepolia here (chain id 84532; v2 names it eip155:84532).
             * @enum {string}
             */
            network: "base-sepolia" | "base";
            /** @description The cart’s total in the asset’s atomic units (USDC has 6 decimals: total_cents × 10⁴). The authorization’s value must be exactly this. */
            maxAmountRequired: string;
            /**
             * Format: uri
             * @description This checkout’s URL; a v2 payment must name it as its resource.
             */
            resource: string;
            /** @description The cart and its total, in words. */
            description: string;
            /** @constant */
            mimeType: "application/json";
            /** @description The address paid: the authorization’s to. */
            payTo: string;
            /** @description How long settling may take (X402_MAX_TIMEOUT_SECONDS: 300 here). */
            maxTimeoutSeconds: number;
            /** @description The USDC contract (0x036CbD53842c5426634e7929541eC2318f3dCF7e on base-sepolia): the authorization’s verifyingContract. */
            asset: string;
            outputSchema: null;
            /** @description The token’s EIP-712 domain name and version (USDC, 2 here), which with the chain id and the asset make the domain the authorization is signed under. */
            extra: {
                name: string;
                version: string;
            };
        };
    };
    responses: never;
    parameters: {
        /**
         * @description RFC 9421 signature parameters: at most 3 labels; covering @method, @authority, @path (@query when there is one), ucp-agent and, when sent, idempotency-key and signature-agent, and content-digest and content-type when a body is sent; with created, expires (≤ 24 h apart), nonce and keyid. A signature that does not verify serves the call as open, with an advisory. How to sign: /api/agent/docs/overview#signed-requests.
         * @example sig1=("@method" "@authority" "@path" "ucp-agent");created=1767225600;expires=1767225900;nonce="b3k2pZq9LmX0";keyid="agent-2026";alg="ed25519"
         */
        "Signature-Input": string;
        /**
         * @description RFC 9421 signatures, by the labels of Signature-Input (ES256, ES384 or Ed25519; ECDSA as raw r‖s). How to sign: /api/agent/docs/overview#signed-requests.
         * @example sig1=:dGhlIHNpZ25hdHVyZSBieXRlcyBpbiBiYXNlNjQ=:
         */
        Signature: string;
        /**
         * @description Web Bot Auth (tag="web-bot-auth"): the https key directory, on the profile's host; a dictionary member named by the label, or the legacy quoted string. How to sign: /api/agent/docs/overview#signed-requests.
         * @example sig1="https://agent.shopbot.dev/.well-known/http-message-signatures-directory"
         */
        "Signature-Agent": string;
        /**
         * @description RFC 9530 digest of the body as sent (sha-256 or sha-512); covered by a signature of a request with a body, and checked against the bytes received. How to sign: /api/agent/docs/overview#signed-requests.
         * @example sha-256=:RK/0qy18MlBSVnWgjwz6lZEWjP/lF5HF9bvEF8FabDg=:
         */
        "Content-Digest": string;
    };
    requestBodies: never;
    headers: {
        /**
         * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback.
         * @example req_01kt2j28pzwq817ysfzgf1gjtv
         */
        "Request-Id": string;
        /**
         * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session.
         * @example open
         */
        "Service-Agent-Trust": string;
        /**
         * @description The caller’s own rate-limit policy (draft-ietf-httpapi-ratelimit-headers-11): open per agent profile, signed per verified profile, credential per caller; q calls per fixed window of w seconds. Sent on every answer past identification, errors and 429 included (not with RATE_LIMITS=off).
         * @example "open";q=600;w=60
         */
        "RateLimit-Policy": string;
        /**
         * @description What is left of the policy’s window (r) and the seconds until it ends (t), sent with RateLimit-Policy.
         * @example "open";r=599;t=42
         */
        RateLimit: string;
        /**
         * @description The advisories of the body’s service:advisories, as a list of codes, each with its refused_from day when it announces a refusal.
         * @example reserved_profile_host;refused_from="2027-03-01"
         */
        "Service-Advisory": string;
        /** @description Present (true) when the answer is the stored outcome of an earlier request with the same Idempotency-Key. */
        "Idempotent-Replayed": "true";
        /**
         * @description Seconds to wait before retrying (sent with 503, 429, and 409 idempotency_request_in_progress and payment_in_progress).
         * @example 5
         */
        "Retry-After": number;
        /**
         * @description The methods the path accepts.
         * @example GET
         */
        Allow: string;
        /**
         * @description The bearer challenge, naming the realm and the scope needed (RFC 6750).
         * @example Bearer realm="agent-commerce", scope="checkout:write"
         */
        "WWW-Authenticate": string;
        /** @description x402 v2’s PaymentRequired, base64-encoded JSON: {x402Version: 2, error, resource: {url, description, mimeType}, accepts: [{scheme: "exact", network: "eip155:84532", amount, asset, payTo, maxTimeoutSeconds, extra}]}: the body’s requirement (x402 v1’s), for v2 clients. */
        "PAYMENT-REQUIRED": string;
        /**
         * @description x402 v2’s settlement response, base64-encoded JSON {success: true, transaction, network: "eip155:84532", payer}: sent when the payment came in PAYMENT-SIGNATURE; a replay of the answer carries it too.
         * @example eyJzdWNjZXNzIjp0cnVlLCJ0cmFuc2FjdGlvbiI6IjB4NWU1ZTVlNWU1ZTVlNWU1ZTVlNWU1ZTVlNWU1ZTVlNWU1ZTVlNWU1ZTVlNWU1ZTVlNWU1ZTVlNWU1ZTVlNWU1ZSIsInBheWVyIjoiMHg3MDk5Nzk3MEM1MTgxMmRjM0EwMTBDN2QwMWI1MGUwZDE3ZGM3OUM4IiwibmV0d29yayI6ImVpcDE1NTo4NDUzMiJ9
         */
        "PAYMENT-RESPONSE": string;
        /**
         * @description x402 v1’s settlement response, base64-encoded JSON {success: true, transaction, network: "base-sepolia", payer}: sent when the payment came in X-PAYMENT; a replay of the answer carries it too.
         * @example eyJzdWNjZXNzIjp0cnVlLCJ0cmFuc2FjdGlvbiI6IjB4NWU1ZTVlNWU1ZTVlNWU1ZTVlNWU1ZTVlNWU1ZTVlNWU1ZTVlNWU1ZTVlNWU1ZTVlNWU1ZTVlNWU1ZTVlNWU1ZSIsInBheWVyIjoiMHg3MDk5Nzk3MEM1MTgxMmRjM0EwMTBDN2QwMWI1MGUwZDE3ZGM3OUM4IiwibmV0d29yayI6ImJhc2Utc2Vwb2xpYSJ9
         */
        "X-PAYMENT-RESPONSE": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    "platform-limits": {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your agent’s profile URL: `profile="https://…"` (RFC 8941 dictionary) or the bare https URL. Required unless the call carries a network key in Authorization (then send no UCP-Agent: both is 400 conflicting_credentials).
                 * @example profile="https://agent.shopbot.dev/profile.json"
                 */
                "UCP-Agent"?: string;
                /**
                 * @description Optional buyer reference, for attribution only: `ref="…", session="…"` (ref: 8–64 of A-Z a-z 0-9 . _ : -; never an e-mail address or telephone number).
                 * @example ref="u_7f3a9c21", session="conv-2041"
                 */
                "Service-Buyer"?: string;
                /**
                 * @description RFC 9421 signature parameters: at most 3 labels; covering @method, @authority, @path (@query when there is one), ucp-agent and, when sent, idempotency-key and signature-agent, and content-digest and content-type when a body is sent; with created, expires (≤ 24 h apart), nonce and keyid. A signature that does not verify serves the call as open, with an advisory. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=("@method" "@authority" "@path" "ucp-agent");created=1767225600;expires=1767225900;nonce="b3k2pZq9LmX0";keyid="agent-2026";alg="ed25519"
                 */
                "Signature-Input"?: components["parameters"]["Signature-Input"];
                /**
                 * @description RFC 9421 signatures, by the labels of Signature-Input (ES256, ES384 or Ed25519; ECDSA as raw r‖s). How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=:dGhlIHNpZ25hdHVyZSBieXRlcyBpbiBiYXNlNjQ=:
                 */
                Signature?: components["parameters"]["Signature"];
                /**
                 * @description Web Bot Auth (tag="web-bot-auth"): the https key directory, on the profile's host; a dictionary member named by the label, or the legacy quoted string. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1="https://agent.shopbot.dev/.well-known/http-message-signatures-directory"
                 */
                "Signature-Agent"?: components["parameters"]["Signature-Agent"];
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformLimits"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `ucp_agent_required`: Send the URL of the profile your agent publishes about itself.
             *
             *     `conflicting_credentials`: Name the caller once. On MCP the agent profile (and buyer reference) may come from the UCP-Agent header, params._meta or arguments.meta: the same value in several places is fine, different values are refused rather than one picked. `details` names the field and the places.
             *
             *     `ucp_agent_invalid`: Quote the URL in the dictionary form; a relative URL or a token is refused.
             *
             *     `ucp_agent_insecure_url`: Publish the profile over https.
             *
             *     `reserved_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `ip_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.ucp_agent_required"] | components["schemas"]["Error.conflicting_credentials"] | components["schemas"]["Error.ucp_agent_invalid"] | components["schemas"]["Error.ucp_agent_insecure_url"] | components["schemas"]["Error.reserved_profile_host"] | components["schemas"]["Error.ip_profile_host"] | components["schemas"]["Error.invalid_request"];
                };
            };
            /** @description `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.invalid_credential"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "platform-setLimits": {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description New largest quantity one cart line may hold. */
                    max_item_quantity?: number;
                    /** @description New largest cart total (subtotal + delivery), in US cents. */
                    max_cart_total_cents?: number;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformLimits"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `invalid_json`: Send a JSON document.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.invalid_json"] | components["schemas"]["Error.invalid_request"];
                };
            };
            /** @description `credential_required`: `details.required` names the credential or scope; the WWW-Authenticate header says the same. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.credential_required"];
                };
            };
            /**
             * @description `admin_disabled`: Set ADMIN_TOKEN on the server, or use `npm run limits`.
             *
             *     `admin_token_invalid`: Use the ADMIN_TOKEN bearer.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.admin_disabled"] | components["schemas"]["Error.admin_token_invalid"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /** @description `payload_too_large`: Send at most 1 MiB. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: Send `Content-Type: application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.unsupported_media_type"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "platform-feedback": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Your agent’s profile URL: `profile="https://…"` (RFC 8941 dictionary) or the bare https URL. Required unless the call carries a network key in Authorization (then send no UCP-Agent: both is 400 conflicting_credentials).
                 * @example profile="https://agent.shopbot.dev/profile.json"
                 */
                "UCP-Agent"?: string;
                /**
                 * @description Optional buyer reference, for attribution only: `ref="…", session="…"` (ref: 8–64 of A-Z a-z 0-9 . _ : -; never an e-mail address or telephone number).
                 * @example ref="u_7f3a9c21", session="conv-2041"
                 */
                "Service-Buyer"?: string;
                /**
                 * @description RFC 9421 signature parameters: at most 3 labels; covering @method, @authority, @path (@query when there is one), ucp-agent and, when sent, idempotency-key and signature-agent, and content-digest and content-type when a body is sent; with created, expires (≤ 24 h apart), nonce and keyid. A signature that does not verify serves the call as open, with an advisory. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=("@method" "@authority" "@path" "ucp-agent");created=1767225600;expires=1767225900;nonce="b3k2pZq9LmX0";keyid="agent-2026";alg="ed25519"
                 */
                "Signature-Input"?: components["parameters"]["Signature-Input"];
                /**
                 * @description RFC 9421 signatures, by the labels of Signature-Input (ES256, ES384 or Ed25519; ECDSA as raw r‖s). How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=:dGhlIHNpZ25hdHVyZSBieXRlcyBpbiBiYXNlNjQ=:
                 */
                Signature?: components["parameters"]["Signature"];
                /**
                 * @description Web Bot Auth (tag="web-bot-auth"): the https key directory, on the profile's host; a dictionary member named by the label, or the legacy quoted string. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1="https://agent.shopbot.dev/.well-known/http-message-signatures-directory"
                 */
                "Signature-Agent"?: components["parameters"]["Signature-Agent"];
                /**
                 * @description RFC 9530 digest of the body as sent (sha-256 or sha-512); covered by a signature of a request with a body, and checked against the bytes received. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sha-256=:RK/0qy18MlBSVnWgjwz6lZEWjP/lF5HF9bvEF8FabDg=:
                 */
                "Content-Digest"?: components["parameters"]["Content-Digest"];
                /**
                 * @description 16–64 printable ASCII characters, fresh per logical request; a retry reuses it with the same input and gets the first outcome.
                 * @example 5f0c8e3a-2b7d-4c1e-9a6f-3d8b1e7c4a20
                 */
                "Idempotency-Key": string;
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description What the problem is about.
                     * @enum {string}
                     */
                    category: "discoverability" | "response_shape" | "tool_description" | "latency" | "error_handling" | "missing_capability" | "other";
                    /**
                     * @description How much it got in the way.
                     * @enum {string}
                     */
                    severity: "blocker" | "friction" | "nice_to_have";
                    /** @description What happened and what you expected, in prose. */
                    message: string;
                    /** @description Anything that helps reproduce it, e.g. the request id. */
                    context?: {
                        /** @description The endpoint path (or the tool’s REST path) the report is about. */
                        endpoint?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Accepted. */
            202: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeedbackReceipt"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `ucp_agent_required`: Send the URL of the profile your agent publishes about itself.
             *
             *     `conflicting_credentials`: Name the caller once. On MCP the agent profile (and buyer reference) may come from the UCP-Agent header, params._meta or arguments.meta: the same value in several places is fine, different values are refused rather than one picked. `details` names the field and the places.
             *
             *     `ucp_agent_invalid`: Quote the URL in the dictionary form; a relative URL or a token is refused.
             *
             *     `ucp_agent_insecure_url`: Publish the profile over https.
             *
             *     `reserved_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `ip_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `IDEMPOTENCY_KEY_REQUIRED`: Send a fresh key (16–64 printable ASCII characters) per logical request; reuse it only to retry.
             *
             *     `idempotency_key_invalid`: A UUID is a good key.
             *
             *     `invalid_json`: Send a JSON document.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.ucp_agent_required"] | components["schemas"]["Error.conflicting_credentials"] | components["schemas"]["Error.ucp_agent_invalid"] | components["schemas"]["Error.ucp_agent_insecure_url"] | components["schemas"]["Error.reserved_profile_host"] | components["schemas"]["Error.ip_profile_host"] | components["schemas"]["Error.IDEMPOTENCY_KEY_REQUIRED"] | components["schemas"]["Error.idempotency_key_invalid"] | components["schemas"]["Error.invalid_json"] | components["schemas"]["Error.invalid_request"];
                };
            };
            /** @description `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.invalid_credential"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /**
             * @description `idempotency_key_reused`: Use a new key for a new request; a retry must repeat the same operation with the same input (REST and MCP share one namespace per caller).
             *
             *     `idempotency_request_in_progress`: Retry after the Retry-After delay to receive its outcome.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.idempotency_key_reused"] | components["schemas"]["Error.idempotency_request_in_progress"];
                };
            };
            /** @description `payload_too_large`: Send at most 1 MiB. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: Send `Content-Type: application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.unsupported_media_type"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "platform-retiredProducts": {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer. */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"];
                };
            };
            /** @description `endpoint_retired`: Permanent; `details.replacement` names the endpoint to use. */
            410: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.endpoint_retired"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
        };
    };
    "catalog-search": {
        parameters: {
            query?: {
                /** @description Web-search syntax: words, "quoted phrase", -excluded, or. Misspelt plain words are corrected against the catalog’s vocabulary; price words (under $50, between $20 and $40) become price filters; when all the words together match nothing, as many as match are kept (relaxed). query_corrected shows the query that ran. Omit to browse. At most 32 words (runs of letters or digits). */
                q?: string;
                /** @description Items per page, 1–50. */
                limit?: number;
                /** @description nextCursor of the previous page, unchanged. Repeat every other parameter (limit, view and facets may change). */
                cursor?: string;
                /** @description Category path prefix, case-insensitive, e.g. "Electronics > Audio" or "electronics > aud". */
                category?: string;
                /** @description Only this seller’s products. An unknown handle answers 404 SELLER_NOT_FOUND with suggestions. */
                seller_handle?: string;
                /** @description relevance (default with q; needs q) | newest (default without q) | price_asc | price_desc. */
                sort_by?: "relevance" | "newest" | "price_asc" | "price_desc";
                /** @description Lowest price, in US cents, of the product’s cheapest matching variant. */
                min_price_cents?: number;
                /** @description Highest price, in US cents, of the product’s cheapest matching variant. */
                max_price_cents?: number;
                /** @description true: products with a variant in stock (prices then count in-stock variants only); false: products with none. Untracked stock counts as in stock. */
                in_stock?: boolean;
                /** @description Products with a variant holding at least this many units (untracked stock qualifies); prices then count those variants only. */
                min_stock?: number;
                /** @description full (the REST default): every field and variant. compact (the MCP default): per product its productID, name, brand, one image and its offer (a product with several variants: an AggregateOffer; get_product lists them), no facets, in about a quarter of the bytes. */
                view?: "full" | "compact";
                /** @description Facets (counts per category, seller and availability over the whole match set): by default with view=full, not with view=compact. */
                facets?: boolean;
            };
            header?: {
                /**
                 * @description Your agent’s profile URL: `profile="https://…"` (RFC 8941 dictionary) or the bare https URL. Required unless the call carries a network key in Authorization (then send no UCP-Agent: both is 400 conflicting_credentials).
                 * @example profile="https://agent.shopbot.dev/profile.json"
                 */
                "UCP-Agent"?: string;
                /**
                 * @description Optional buyer reference, for attribution only: `ref="…", session="…"` (ref: 8–64 of A-Z a-z 0-9 . _ : -; never an e-mail address or telephone number).
                 * @example ref="u_7f3a9c21", session="conv-2041"
                 */
                "Service-Buyer"?: string;
                /**
                 * @description RFC 9421 signature parameters: at most 3 labels; covering @method, @authority, @path (@query when there is one), ucp-agent and, when sent, idempotency-key and signature-agent, and content-digest and content-type when a body is sent; with created, expires (≤ 24 h apart), nonce and keyid. A signature that does not verify serves the call as open, with an advisory. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=("@method" "@authority" "@path" "ucp-agent");created=1767225600;expires=1767225900;nonce="b3k2pZq9LmX0";keyid="agent-2026";alg="ed25519"
                 */
                "Signature-Input"?: components["parameters"]["Signature-Input"];
                /**
                 * @description RFC 9421 signatures, by the labels of Signature-Input (ES256, ES384 or Ed25519; ECDSA as raw r‖s). How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=:dGhlIHNpZ25hdHVyZSBieXRlcyBpbiBiYXNlNjQ=:
                 */
                Signature?: components["parameters"]["Signature"];
                /**
                 * @description Web Bot Auth (tag="web-bot-auth"): the https key directory, on the profile's host; a dictionary member named by the label, or the legacy quoted string. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1="https://agent.shopbot.dev/.well-known/http-message-signatures-directory"
                 */
                "Signature-Agent"?: components["parameters"]["Signature-Agent"];
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/ld+json": components["schemas"]["SearchResult"] | components["schemas"]["CompactSearchResult"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `ucp_agent_required`: Send the URL of the profile your agent publishes about itself.
             *
             *     `conflicting_credentials`: Name the caller once. On MCP the agent profile (and buyer reference) may come from the UCP-Agent header, params._meta or arguments.meta: the same value in several places is fine, different values are refused rather than one picked. `details` names the field and the places.
             *
             *     `ucp_agent_invalid`: Quote the URL in the dictionary form; a relative URL or a token is refused.
             *
             *     `ucp_agent_insecure_url`: Publish the profile over https.
             *
             *     `reserved_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `ip_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             *
             *     `invalid_cursor`: Pass back a nextCursor unchanged, with the same query parameters it came from.
             *
             *     `invalid_price_range`: Swap or widen the bounds.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.ucp_agent_required"] | components["schemas"]["Error.conflicting_credentials"] | components["schemas"]["Error.ucp_agent_invalid"] | components["schemas"]["Error.ucp_agent_insecure_url"] | components["schemas"]["Error.reserved_profile_host"] | components["schemas"]["Error.ip_profile_host"] | components["schemas"]["Error.invalid_request"] | components["schemas"]["Error.invalid_cursor"] | components["schemas"]["Error.invalid_price_range"];
                };
            };
            /** @description `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.invalid_credential"];
                };
            };
            /** @description `SELLER_NOT_FOUND`: `details.did_you_mean` lists up to 3 similar sellers as {handle, name}. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.SELLER_NOT_FOUND"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "catalog-product": {
        parameters: {
            query: {
                /** @description The productID (prod_…) of a search result. */
                id: string;
                /** @description compact (the default): name, brand, one image, and per variant an Offer with identifier, sku, price, availability, seller and options. full: also description, category, every image, url, priceCurrency and inventoryLevel, as search’s full view gives them. */
                view?: "full" | "compact";
            };
            header?: {
                /**
                 * @description Your agent’s profile URL: `profile="https://…"` (RFC 8941 dictionary) or the bare https URL. Required unless the call carries a network key in Authorization (then send no UCP-Agent: both is 400 conflicting_credentials).
                 * @example profile="https://agent.shopbot.dev/profile.json"
                 */
                "UCP-Agent"?: string;
                /**
                 * @description Optional buyer reference, for attribution only: `ref="…", session="…"` (ref: 8–64 of A-Z a-z 0-9 . _ : -; never an e-mail address or telephone number).
                 * @example ref="u_7f3a9c21", session="conv-2041"
                 */
                "Service-Buyer"?: string;
                /**
                 * @description RFC 9421 signature parameters: at most 3 labels; covering @method, @authority, @path (@query when there is one), ucp-agent and, when sent, idempotency-key and signature-agent, and content-digest and content-type when a body is sent; with created, expires (≤ 24 h apart), nonce and keyid. A signature that does not verify serves the call as open, with an advisory. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=("@method" "@authority" "@path" "ucp-agent");created=1767225600;expires=1767225900;nonce="b3k2pZq9LmX0";keyid="agent-2026";alg="ed25519"
                 */
                "Signature-Input"?: components["parameters"]["Signature-Input"];
                /**
                 * @description RFC 9421 signatures, by the labels of Signature-Input (ES256, ES384 or Ed25519; ECDSA as raw r‖s). How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=:dGhlIHNpZ25hdHVyZSBieXRlcyBpbiBiYXNlNjQ=:
                 */
                Signature?: components["parameters"]["Signature"];
                /**
                 * @description Web Bot Auth (tag="web-bot-auth"): the https key directory, on the profile's host; a dictionary member named by the label, or the legacy quoted string. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1="https://agent.shopbot.dev/.well-known/http-message-signatures-directory"
                 */
                "Signature-Agent"?: components["parameters"]["Signature-Agent"];
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/ld+json": components["schemas"]["CompactProductDetail"] | components["schemas"]["ProductDetail"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `ucp_agent_required`: Send the URL of the profile your agent publishes about itself.
             *
             *     `conflicting_credentials`: Name the caller once. On MCP the agent profile (and buyer reference) may come from the UCP-Agent header, params._meta or arguments.meta: the same value in several places is fine, different values are refused rather than one picked. `details` names the field and the places.
             *
             *     `ucp_agent_invalid`: Quote the URL in the dictionary form; a relative URL or a token is refused.
             *
             *     `ucp_agent_insecure_url`: Publish the profile over https.
             *
             *     `reserved_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `ip_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.ucp_agent_required"] | components["schemas"]["Error.conflicting_credentials"] | components["schemas"]["Error.ucp_agent_invalid"] | components["schemas"]["Error.ucp_agent_insecure_url"] | components["schemas"]["Error.reserved_profile_host"] | components["schemas"]["Error.ip_profile_host"] | components["schemas"]["Error.invalid_request"];
                };
            };
            /** @description `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.invalid_credential"];
                };
            };
            /** @description `product_not_found`: Use a productID (prod_…) from search; for a variant id or a SKU, `details.matches` names its product. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.product_not_found"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "catalog-sellers": {
        parameters: {
            query?: {
                /** @description Sellers per page, 1–50. */
                limit?: number;
                /** @description nextCursor of the previous page, unchanged. Repeat every other parameter (limit may change). */
                cursor?: string;
                /** @description Part of the handle or name (case and accents ignored), or a similar word of the name. */
                q?: string;
                /** @description ISO country code: only sellers that deliver there. */
                ships_to?: string;
            };
            header?: {
                /**
                 * @description Your agent’s profile URL: `profile="https://…"` (RFC 8941 dictionary) or the bare https URL. Required unless the call carries a network key in Authorization (then send no UCP-Agent: both is 400 conflicting_credentials).
                 * @example profile="https://agent.shopbot.dev/profile.json"
                 */
                "UCP-Agent"?: string;
                /**
                 * @description Optional buyer reference, for attribution only: `ref="…", session="…"` (ref: 8–64 of A-Z a-z 0-9 . _ : -; never an e-mail address or telephone number).
                 * @example ref="u_7f3a9c21", session="conv-2041"
                 */
                "Service-Buyer"?: string;
                /**
                 * @description RFC 9421 signature parameters: at most 3 labels; covering @method, @authority, @path (@query when there is one), ucp-agent and, when sent, idempotency-key and signature-agent, and content-digest and content-type when a body is sent; with created, expires (≤ 24 h apart), nonce and keyid. A signature that does not verify serves the call as open, with an advisory. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=("@method" "@authority" "@path" "ucp-agent");created=1767225600;expires=1767225900;nonce="b3k2pZq9LmX0";keyid="agent-2026";alg="ed25519"
                 */
                "Signature-Input"?: components["parameters"]["Signature-Input"];
                /**
                 * @description RFC 9421 signatures, by the labels of Signature-Input (ES256, ES384 or Ed25519; ECDSA as raw r‖s). How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=:dGhlIHNpZ25hdHVyZSBieXRlcyBpbiBiYXNlNjQ=:
                 */
                Signature?: components["parameters"]["Signature"];
                /**
                 * @description Web Bot Auth (tag="web-bot-auth"): the https key directory, on the profile's host; a dictionary member named by the label, or the legacy quoted string. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1="https://agent.shopbot.dev/.well-known/http-message-signatures-directory"
                 */
                "Signature-Agent"?: components["parameters"]["Signature-Agent"];
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SellerList"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `ucp_agent_required`: Send the URL of the profile your agent publishes about itself.
             *
             *     `conflicting_credentials`: Name the caller once. On MCP the agent profile (and buyer reference) may come from the UCP-Agent header, params._meta or arguments.meta: the same value in several places is fine, different values are refused rather than one picked. `details` names the field and the places.
             *
             *     `ucp_agent_invalid`: Quote the URL in the dictionary form; a relative URL or a token is refused.
             *
             *     `ucp_agent_insecure_url`: Publish the profile over https.
             *
             *     `reserved_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `ip_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             *
             *     `invalid_cursor`: Pass back a nextCursor unchanged, with the same query parameters it came from.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.ucp_agent_required"] | components["schemas"]["Error.conflicting_credentials"] | components["schemas"]["Error.ucp_agent_invalid"] | components["schemas"]["Error.ucp_agent_insecure_url"] | components["schemas"]["Error.reserved_profile_host"] | components["schemas"]["Error.ip_profile_host"] | components["schemas"]["Error.invalid_request"] | components["schemas"]["Error.invalid_cursor"];
                };
            };
            /** @description `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.invalid_credential"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "catalog-seller": {
        parameters: {
            query?: {
                /** @description Seller handle, e.g. acme-outdoors. */
                handle?: string;
                /** @description Any URL or host on the store’s site, e.g. https://www.acme-outdoors.shop/p/1. */
                domain?: string;
                /** @description Seller name; case and accents are ignored. */
                name?: string;
            };
            header?: {
                /**
                 * @description Your agent’s profile URL: `profile="https://…"` (RFC 8941 dictionary) or the bare https URL. Required unless the call carries a network key in Authorization (then send no UCP-Agent: both is 400 conflicting_credentials).
                 * @example profile="https://agent.shopbot.dev/profile.json"
                 */
                "UCP-Agent"?: string;
                /**
                 * @description Optional buyer reference, for attribution only: `ref="…", session="…"` (ref: 8–64 of A-Z a-z 0-9 . _ : -; never an e-mail address or telephone number).
                 * @example ref="u_7f3a9c21", session="conv-2041"
                 */
                "Service-Buyer"?: string;
                /**
                 * @description RFC 9421 signature parameters: at most 3 labels; covering @method, @authority, @path (@query when there is one), ucp-agent and, when sent, idempotency-key and signature-agent, and content-digest and content-type when a body is sent; with created, expires (≤ 24 h apart), nonce and keyid. A signature that does not verify serves the call as open, with an advisory. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=("@method" "@authority" "@path" "ucp-agent");created=1767225600;expires=1767225900;nonce="b3k2pZq9LmX0";keyid="agent-2026";alg="ed25519"
                 */
                "Signature-Input"?: components["parameters"]["Signature-Input"];
                /**
                 * @description RFC 9421 signatures, by the labels of Signature-Input (ES256, ES384 or Ed25519; ECDSA as raw r‖s). How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=:dGhlIHNpZ25hdHVyZSBieXRlcyBpbiBiYXNlNjQ=:
                 */
                Signature?: components["parameters"]["Signature"];
                /**
                 * @description Web Bot Auth (tag="web-bot-auth"): the https key directory, on the profile's host; a dictionary member named by the label, or the legacy quoted string. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1="https://agent.shopbot.dev/.well-known/http-message-signatures-directory"
                 */
                "Signature-Agent"?: components["parameters"]["Signature-Agent"];
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SellerProfile"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `ucp_agent_required`: Send the URL of the profile your agent publishes about itself.
             *
             *     `conflicting_credentials`: Name the caller once. On MCP the agent profile (and buyer reference) may come from the UCP-Agent header, params._meta or arguments.meta: the same value in several places is fine, different values are refused rather than one picked. `details` names the field and the places.
             *
             *     `ucp_agent_invalid`: Quote the URL in the dictionary form; a relative URL or a token is refused.
             *
             *     `ucp_agent_insecure_url`: Publish the profile over https.
             *
             *     `reserved_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `ip_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             *
             *     `invalid_seller_selector`: For example ?handle=acme-outdoors, ?domain=https://www.acme-outdoors.shop/p/1 or ?name=Acme Outdoors.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.ucp_agent_required"] | components["schemas"]["Error.conflicting_credentials"] | components["schemas"]["Error.ucp_agent_invalid"] | components["schemas"]["Error.ucp_agent_insecure_url"] | components["schemas"]["Error.reserved_profile_host"] | components["schemas"]["Error.ip_profile_host"] | components["schemas"]["Error.invalid_request"] | components["schemas"]["Error.invalid_seller_selector"];
                };
            };
            /** @description `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.invalid_credential"];
                };
            };
            /** @description `SELLER_NOT_FOUND`: `details.did_you_mean` lists up to 3 similar sellers as {handle, name}. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.SELLER_NOT_FOUND"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "catalog-policies": {
        parameters: {
            query?: {
                /** @description Seller handle, e.g. acme-outdoors. */
                handle?: string;
                /** @description Any URL or host on the store’s site, e.g. https://www.acme-outdoors.shop/p/1. */
                domain?: string;
                /** @description Seller name; case and accents are ignored. */
                name?: string;
            };
            header?: {
                /**
                 * @description Your agent’s profile URL: `profile="https://…"` (RFC 8941 dictionary) or the bare https URL. Required unless the call carries a network key in Authorization (then send no UCP-Agent: both is 400 conflicting_credentials).
                 * @example profile="https://agent.shopbot.dev/profile.json"
                 */
                "UCP-Agent"?: string;
                /**
                 * @description Optional buyer reference, for attribution only: `ref="…", session="…"` (ref: 8–64 of A-Z a-z 0-9 . _ : -; never an e-mail address or telephone number).
                 * @example ref="u_7f3a9c21", session="conv-2041"
                 */
                "Service-Buyer"?: string;
                /**
                 * @description RFC 9421 signature parameters: at most 3 labels; covering @method, @authority, @path (@query when there is one), ucp-agent and, when sent, idempotency-key and signature-agent, and content-digest and content-type when a body is sent; with created, expires (≤ 24 h apart), nonce and keyid. A signature that does not verify serves the call as open, with an advisory. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=("@method" "@authority" "@path" "ucp-agent");created=1767225600;expires=1767225900;nonce="b3k2pZq9LmX0";keyid="agent-2026";alg="ed25519"
                 */
                "Signature-Input"?: components["parameters"]["Signature-Input"];
                /**
                 * @description RFC 9421 signatures, by the labels of Signature-Input (ES256, ES384 or Ed25519; ECDSA as raw r‖s). How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=:dGhlIHNpZ25hdHVyZSBieXRlcyBpbiBiYXNlNjQ=:
                 */
                Signature?: components["parameters"]["Signature"];
                /**
                 * @description Web Bot Auth (tag="web-bot-auth"): the https key directory, on the profile's host; a dictionary member named by the label, or the legacy quoted string. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1="https://agent.shopbot.dev/.well-known/http-message-signatures-directory"
                 */
                "Signature-Agent"?: components["parameters"]["Signature-Agent"];
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SellerPolicies"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `ucp_agent_required`: Send the URL of the profile your agent publishes about itself.
             *
             *     `conflicting_credentials`: Name the caller once. On MCP the agent profile (and buyer reference) may come from the UCP-Agent header, params._meta or arguments.meta: the same value in several places is fine, different values are refused rather than one picked. `details` names the field and the places.
             *
             *     `ucp_agent_invalid`: Quote the URL in the dictionary form; a relative URL or a token is refused.
             *
             *     `ucp_agent_insecure_url`: Publish the profile over https.
             *
             *     `reserved_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `ip_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             *
             *     `invalid_seller_selector`: For example ?handle=acme-outdoors, ?domain=https://www.acme-outdoors.shop/p/1 or ?name=Acme Outdoors.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.ucp_agent_required"] | components["schemas"]["Error.conflicting_credentials"] | components["schemas"]["Error.ucp_agent_invalid"] | components["schemas"]["Error.ucp_agent_insecure_url"] | components["schemas"]["Error.reserved_profile_host"] | components["schemas"]["Error.ip_profile_host"] | components["schemas"]["Error.invalid_request"] | components["schemas"]["Error.invalid_seller_selector"];
                };
            };
            /** @description `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.invalid_credential"];
                };
            };
            /** @description `SELLER_NOT_FOUND`: `details.did_you_mean` lists up to 3 similar sellers as {handle, name}. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.SELLER_NOT_FOUND"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "catalog-manifest": {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Optional here; validated when sent. Your agent’s profile URL: `profile="https://…"` (RFC 8941 dictionary) or the bare https URL.
                 * @example profile="https://agent.shopbot.dev/profile.json"
                 */
                "UCP-Agent"?: string;
                /**
                 * @description Optional buyer reference, for attribution only: `ref="…", session="…"` (ref: 8–64 of A-Z a-z 0-9 . _ : -; never an e-mail address or telephone number).
                 * @example ref="u_7f3a9c21", session="conv-2041"
                 */
                "Service-Buyer"?: string;
                /**
                 * @description RFC 9421 signature parameters: at most 3 labels; covering @method, @authority, @path (@query when there is one), ucp-agent and, when sent, idempotency-key and signature-agent, and content-digest and content-type when a body is sent; with created, expires (≤ 24 h apart), nonce and keyid. A signature that does not verify serves the call as open, with an advisory. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=("@method" "@authority" "@path" "ucp-agent");created=1767225600;expires=1767225900;nonce="b3k2pZq9LmX0";keyid="agent-2026";alg="ed25519"
                 */
                "Signature-Input"?: components["parameters"]["Signature-Input"];
                /**
                 * @description RFC 9421 signatures, by the labels of Signature-Input (ES256, ES384 or Ed25519; ECDSA as raw r‖s). How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=:dGhlIHNpZ25hdHVyZSBieXRlcyBpbiBiYXNlNjQ=:
                 */
                Signature?: components["parameters"]["Signature"];
                /**
                 * @description Web Bot Auth (tag="web-bot-auth"): the https key directory, on the profile's host; a dictionary member named by the label, or the legacy quoted string. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1="https://agent.shopbot.dev/.well-known/http-message-signatures-directory"
                 */
                "Signature-Agent"?: components["parameters"]["Signature-Agent"];
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path: {
                /** @description Seller handle, e.g. acme-outdoors. */
                handle: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UcpBusinessProfile"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `conflicting_credentials`: Name the caller once. On MCP the agent profile (and buyer reference) may come from the UCP-Agent header, params._meta or arguments.meta: the same value in several places is fine, different values are refused rather than one picked. `details` names the field and the places.
             *
             *     `ucp_agent_invalid`: Quote the URL in the dictionary form; a relative URL or a token is refused.
             *
             *     `ucp_agent_insecure_url`: Publish the profile over https.
             *
             *     `reserved_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `ip_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.conflicting_credentials"] | components["schemas"]["Error.ucp_agent_invalid"] | components["schemas"]["Error.ucp_agent_insecure_url"] | components["schemas"]["Error.reserved_profile_host"] | components["schemas"]["Error.ip_profile_host"] | components["schemas"]["Error.invalid_request"];
                };
            };
            /** @description `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.invalid_credential"];
                };
            };
            /** @description `SELLER_NOT_FOUND`: `details.did_you_mean` lists up to 3 similar sellers as {handle, name}. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.SELLER_NOT_FOUND"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "docs-page": {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Optional here; validated when sent. Your agent’s profile URL: `profile="https://…"` (RFC 8941 dictionary) or the bare https URL.
                 * @example profile="https://agent.shopbot.dev/profile.json"
                 */
                "UCP-Agent"?: string;
                /**
                 * @description Optional buyer reference, for attribution only: `ref="…", session="…"` (ref: 8–64 of A-Z a-z 0-9 . _ : -; never an e-mail address or telephone number).
                 * @example ref="u_7f3a9c21", session="conv-2041"
                 */
                "Service-Buyer"?: string;
                /**
                 * @description RFC 9421 signature parameters: at most 3 labels; covering @method, @authority, @path (@query when there is one), ucp-agent and, when sent, idempotency-key and signature-agent, and content-digest and content-type when a body is sent; with created, expires (≤ 24 h apart), nonce and keyid. A signature that does not verify serves the call as open, with an advisory. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=("@method" "@authority" "@path" "ucp-agent");created=1767225600;expires=1767225900;nonce="b3k2pZq9LmX0";keyid="agent-2026";alg="ed25519"
                 */
                "Signature-Input"?: components["parameters"]["Signature-Input"];
                /**
                 * @description RFC 9421 signatures, by the labels of Signature-Input (ES256, ES384 or Ed25519; ECDSA as raw r‖s). How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=:dGhlIHNpZ25hdHVyZSBieXRlcyBpbiBiYXNlNjQ=:
                 */
                Signature?: components["parameters"]["Signature"];
                /**
                 * @description Web Bot Auth (tag="web-bot-auth"): the https key directory, on the profile's host; a dictionary member named by the label, or the legacy quoted string. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1="https://agent.shopbot.dev/.well-known/http-message-signatures-directory"
                 */
                "Signature-Agent"?: components["parameters"]["Signature-Agent"];
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path: {
                /** @description One of overview, rest, mcp, errors, limits, ucp. */
                slug: "overview" | "rest" | "mcp" | "errors" | "limits" | "ucp";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocPage"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `conflicting_credentials`: Name the caller once. On MCP the agent profile (and buyer reference) may come from the UCP-Agent header, params._meta or arguments.meta: the same value in several places is fine, different values are refused rather than one picked. `details` names the field and the places.
             *
             *     `ucp_agent_invalid`: Quote the URL in the dictionary form; a relative URL or a token is refused.
             *
             *     `ucp_agent_insecure_url`: Publish the profile over https.
             *
             *     `reserved_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `ip_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.conflicting_credentials"] | components["schemas"]["Error.ucp_agent_invalid"] | components["schemas"]["Error.ucp_agent_insecure_url"] | components["schemas"]["Error.reserved_profile_host"] | components["schemas"]["Error.ip_profile_host"] | components["schemas"]["Error.invalid_request"];
                };
            };
            /** @description `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.invalid_credential"];
                };
            };
            /** @description `doc_not_found`: `details.valid_slugs` lists them. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.doc_not_found"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "discovery-ucp": {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Optional here; validated when sent. Your agent’s profile URL: `profile="https://…"` (RFC 8941 dictionary) or the bare https URL.
                 * @example profile="https://agent.shopbot.dev/profile.json"
                 */
                "UCP-Agent"?: string;
                /**
                 * @description Optional buyer reference, for attribution only: `ref="…", session="…"` (ref: 8–64 of A-Z a-z 0-9 . _ : -; never an e-mail address or telephone number).
                 * @example ref="u_7f3a9c21", session="conv-2041"
                 */
                "Service-Buyer"?: string;
                /**
                 * @description RFC 9421 signature parameters: at most 3 labels; covering @method, @authority, @path (@query when there is one), ucp-agent and, when sent, idempotency-key and signature-agent, and content-digest and content-type when a body is sent; with created, expires (≤ 24 h apart), nonce and keyid. A signature that does not verify serves the call as open, with an advisory. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=("@method" "@authority" "@path" "ucp-agent");created=1767225600;expires=1767225900;nonce="b3k2pZq9LmX0";keyid="agent-2026";alg="ed25519"
                 */
                "Signature-Input"?: components["parameters"]["Signature-Input"];
                /**
                 * @description RFC 9421 signatures, by the labels of Signature-Input (ES256, ES384 or Ed25519; ECDSA as raw r‖s). How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=:dGhlIHNpZ25hdHVyZSBieXRlcyBpbiBiYXNlNjQ=:
                 */
                Signature?: components["parameters"]["Signature"];
                /**
                 * @description Web Bot Auth (tag="web-bot-auth"): the https key directory, on the profile's host; a dictionary member named by the label, or the legacy quoted string. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1="https://agent.shopbot.dev/.well-known/http-message-signatures-directory"
                 */
                "Signature-Agent"?: components["parameters"]["Signature-Agent"];
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UcpBusinessProfile"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `conflicting_credentials`: Name the caller once. On MCP the agent profile (and buyer reference) may come from the UCP-Agent header, params._meta or arguments.meta: the same value in several places is fine, different values are refused rather than one picked. `details` names the field and the places.
             *
             *     `ucp_agent_invalid`: Quote the URL in the dictionary form; a relative URL or a token is refused.
             *
             *     `ucp_agent_insecure_url`: Publish the profile over https.
             *
             *     `reserved_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `ip_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.conflicting_credentials"] | components["schemas"]["Error.ucp_agent_invalid"] | components["schemas"]["Error.ucp_agent_insecure_url"] | components["schemas"]["Error.reserved_profile_host"] | components["schemas"]["Error.ip_profile_host"] | components["schemas"]["Error.invalid_request"];
                };
            };
            /** @description `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.invalid_credential"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "carts-create": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Your agent’s profile URL: `profile="https://…"` (RFC 8941 dictionary) or the bare https URL. Required unless the call carries a network key in Authorization (then send no UCP-Agent: both is 400 conflicting_credentials).
                 * @example profile="https://agent.shopbot.dev/profile.json"
                 */
                "UCP-Agent"?: string;
                /**
                 * @description Optional buyer reference, for attribution only: `ref="…", session="…"` (ref: 8–64 of A-Z a-z 0-9 . _ : -; never an e-mail address or telephone number).
                 * @example ref="u_7f3a9c21", session="conv-2041"
                 */
                "Service-Buyer"?: string;
                /**
                 * @description RFC 9421 signature parameters: at most 3 labels; covering @method, @authority, @path (@query when there is one), ucp-agent and, when sent, idempotency-key and signature-agent, and content-digest and content-type when a body is sent; with created, expires (≤ 24 h apart), nonce and keyid. A signature that does not verify serves the call as open, with an advisory. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=("@method" "@authority" "@path" "ucp-agent");created=1767225600;expires=1767225900;nonce="b3k2pZq9LmX0";keyid="agent-2026";alg="ed25519"
                 */
                "Signature-Input"?: components["parameters"]["Signature-Input"];
                /**
                 * @description RFC 9421 signatures, by the labels of Signature-Input (ES256, ES384 or Ed25519; ECDSA as raw r‖s). How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=:dGhlIHNpZ25hdHVyZSBieXRlcyBpbiBiYXNlNjQ=:
                 */
                Signature?: components["parameters"]["Signature"];
                /**
                 * @description Web Bot Auth (tag="web-bot-auth"): the https key directory, on the profile's host; a dictionary member named by the label, or the legacy quoted string. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1="https://agent.shopbot.dev/.well-known/http-message-signatures-directory"
                 */
                "Signature-Agent"?: components["parameters"]["Signature-Agent"];
                /**
                 * @description RFC 9530 digest of the body as sent (sha-256 or sha-512); covered by a signature of a request with a body, and checked against the bytes received. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sha-256=:RK/0qy18MlBSVnWgjwz6lZEWjP/lF5HF9bvEF8FabDg=:
                 */
                "Content-Digest"?: components["parameters"]["Content-Digest"];
                /**
                 * @description 16–64 printable ASCII characters, fresh per logical request; a retry reuses it with the same input and gets the first outcome.
                 * @example 5f0c8e3a-2b7d-4c1e-9a6f-3d8b1e7c4a20
                 */
                "Idempotency-Key": string;
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Items to start with (the same variant twice adds up on one line; at most 100 lines). */
                    items?: {
                        /** @description The variant (var_…): the Offer `identifier` in search results or get_product. Give this, or sku with seller_handle, or product_id. */
                        variant_id?: string;
                        /** @description The seller’s SKU (unique per seller only): give it with seller_handle, instead of variant_id. */
                        sku?: string;
                        /** @description The seller whose SKU `sku` is; only with sku. */
                        seller_handle?: string;
                        /** @description The product (prod_…): the productID in search results. Enough for a product with one variant; one with several answers 409 variant_required listing them (details.variants). */
                        product_id?: string;
                        /** @description Units, a whole number ≥ 1. The line’s quantity (after adding to what the cart holds) must be within the live max_item_quantity. */
                        quantity: number;
                    }[];
                    /** @description Where the order goes; delivery is priced for it. */
                    shipping_address?: {
                        /** @description The recipient’s full name. */
                        name: string;
                        /** @description Street address, first line. */
                        line1: string;
                        /** @description Apartment, suite or floor. */
                        line2?: string;
                        /** @description City or town. */
                        city: string;
                        /** @description State, province or county, where the country uses one (e.g. OR). */
                        region?: string;
                        /** @description Postal or ZIP code. */
                        postal_code: string;
                        /** @description ISO 3166-1 alpha-2 country code, e.g. US; in any case, and an alpha-3 code (USA) or the English name (United States) is taken too: stored and answered as alpha-2. Delivery is priced for it. */
                        country: string;
                        /** @description A phone number for the carrier, ideally in E.164 form (+15035550100). */
                        phone?: string;
                        /**
                         * Format: email
                         * @description An e-mail address for delivery updates.
                         */
                        email?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cart"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `ucp_agent_required`: Send the URL of the profile your agent publishes about itself.
             *
             *     `conflicting_credentials`: Name the caller once. On MCP the agent profile (and buyer reference) may come from the UCP-Agent header, params._meta or arguments.meta: the same value in several places is fine, different values are refused rather than one picked. `details` names the field and the places.
             *
             *     `ucp_agent_invalid`: Quote the URL in the dictionary form; a relative URL or a token is refused.
             *
             *     `ucp_agent_insecure_url`: Publish the profile over https.
             *
             *     `reserved_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `ip_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `IDEMPOTENCY_KEY_REQUIRED`: Send a fresh key (16–64 printable ASCII characters) per logical request; reuse it only to retry.
             *
             *     `idempotency_key_invalid`: A UUID is a good key.
             *
             *     `invalid_json`: Send a JSON document.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             *
             *     `cart_line_limit`: `details.max_lines` gives the ceiling.
             *
             *     `quantity_exceeds_limit`: `details.max_quantity` is the live ceiling (GET /api/agent/platform/limits).
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.ucp_agent_required"] | components["schemas"]["Error.conflicting_credentials"] | components["schemas"]["Error.ucp_agent_invalid"] | components["schemas"]["Error.ucp_agent_insecure_url"] | components["schemas"]["Error.reserved_profile_host"] | components["schemas"]["Error.ip_profile_host"] | components["schemas"]["Error.IDEMPOTENCY_KEY_REQUIRED"] | components["schemas"]["Error.idempotency_key_invalid"] | components["schemas"]["Error.invalid_json"] | components["schemas"]["Error.invalid_request"] | components["schemas"]["Error.cart_line_limit"] | components["schemas"]["Error.quantity_exceeds_limit"];
                };
            };
            /** @description `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.invalid_credential"];
                };
            };
            /**
             * @description `variant_not_found`: Variant ids are Offer identifiers (var_…); for a SKU, `details.did_you_mean` lists near SKUs of that seller.
             *
             *     `product_not_found`: Use a productID (prod_…) from search; for a variant id or a SKU, `details.matches` names its product.
             */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.variant_not_found"] | components["schemas"]["Error.product_not_found"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /**
             * @description `idempotency_key_reused`: Use a new key for a new request; a retry must repeat the same operation with the same input (REST and MCP share one namespace per caller).
             *
             *     `idempotency_request_in_progress`: Retry after the Retry-After delay to receive its outcome.
             *
             *     `variant_required`: Call again with a variant_id from `details.variants` (each with its options) and a fresh Idempotency-Key.
             *
             *     `insufficient_stock`: `details.available` is how many units the seller has now.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.idempotency_key_reused"] | components["schemas"]["Error.idempotency_request_in_progress"] | components["schemas"]["Error.variant_required"] | components["schemas"]["Error.insufficient_stock"];
                };
            };
            /** @description `payload_too_large`: Send at most 1 MiB. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: Send `Content-Type: application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.unsupported_media_type"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "carts-get": {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your agent’s profile URL: `profile="https://…"` (RFC 8941 dictionary) or the bare https URL. Required unless the call carries a network key in Authorization (then send no UCP-Agent: both is 400 conflicting_credentials).
                 * @example profile="https://agent.shopbot.dev/profile.json"
                 */
                "UCP-Agent"?: string;
                /**
                 * @description Optional buyer reference, for attribution only: `ref="…", session="…"` (ref: 8–64 of A-Z a-z 0-9 . _ : -; never an e-mail address or telephone number).
                 * @example ref="u_7f3a9c21", session="conv-2041"
                 */
                "Service-Buyer"?: string;
                /**
                 * @description RFC 9421 signature parameters: at most 3 labels; covering @method, @authority, @path (@query when there is one), ucp-agent and, when sent, idempotency-key and signature-agent, and content-digest and content-type when a body is sent; with created, expires (≤ 24 h apart), nonce and keyid. A signature that does not verify serves the call as open, with an advisory. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=("@method" "@authority" "@path" "ucp-agent");created=1767225600;expires=1767225900;nonce="b3k2pZq9LmX0";keyid="agent-2026";alg="ed25519"
                 */
                "Signature-Input"?: components["parameters"]["Signature-Input"];
                /**
                 * @description RFC 9421 signatures, by the labels of Signature-Input (ES256, ES384 or Ed25519; ECDSA as raw r‖s). How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=:dGhlIHNpZ25hdHVyZSBieXRlcyBpbiBiYXNlNjQ=:
                 */
                Signature?: components["parameters"]["Signature"];
                /**
                 * @description Web Bot Auth (tag="web-bot-auth"): the https key directory, on the profile's host; a dictionary member named by the label, or the legacy quoted string. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1="https://agent.shopbot.dev/.well-known/http-message-signatures-directory"
                 */
                "Signature-Agent"?: components["parameters"]["Signature-Agent"];
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path: {
                /** @description The cart’s id (cart_…). Another caller’s cart answers 404 cart_not_found, as an unknown id does. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cart"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `ucp_agent_required`: Send the URL of the profile your agent publishes about itself.
             *
             *     `conflicting_credentials`: Name the caller once. On MCP the agent profile (and buyer reference) may come from the UCP-Agent header, params._meta or arguments.meta: the same value in several places is fine, different values are refused rather than one picked. `details` names the field and the places.
             *
             *     `ucp_agent_invalid`: Quote the URL in the dictionary form; a relative URL or a token is refused.
             *
             *     `ucp_agent_insecure_url`: Publish the profile over https.
             *
             *     `reserved_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `ip_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.ucp_agent_required"] | components["schemas"]["Error.conflicting_credentials"] | components["schemas"]["Error.ucp_agent_invalid"] | components["schemas"]["Error.ucp_agent_insecure_url"] | components["schemas"]["Error.reserved_profile_host"] | components["schemas"]["Error.ip_profile_host"] | components["schemas"]["Error.invalid_request"];
                };
            };
            /** @description `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.invalid_credential"];
                };
            };
            /** @description `cart_not_found`: Carts are visible only to the caller that created them; any other caller gets this answer too. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.cart_not_found"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "carts-cancel": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Your agent’s profile URL: `profile="https://…"` (RFC 8941 dictionary) or the bare https URL. Required unless the call carries a network key in Authorization (then send no UCP-Agent: both is 400 conflicting_credentials).
                 * @example profile="https://agent.shopbot.dev/profile.json"
                 */
                "UCP-Agent"?: string;
                /**
                 * @description Optional buyer reference, for attribution only: `ref="…", session="…"` (ref: 8–64 of A-Z a-z 0-9 . _ : -; never an e-mail address or telephone number).
                 * @example ref="u_7f3a9c21", session="conv-2041"
                 */
                "Service-Buyer"?: string;
                /**
                 * @description RFC 9421 signature parameters: at most 3 labels; covering @method, @authority, @path (@query when there is one), ucp-agent and, when sent, idempotency-key and signature-agent, and content-digest and content-type when a body is sent; with created, expires (≤ 24 h apart), nonce and keyid. A signature that does not verify serves the call as open, with an advisory. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=("@method" "@authority" "@path" "ucp-agent");created=1767225600;expires=1767225900;nonce="b3k2pZq9LmX0";keyid="agent-2026";alg="ed25519"
                 */
                "Signature-Input"?: components["parameters"]["Signature-Input"];
                /**
                 * @description RFC 9421 signatures, by the labels of Signature-Input (ES256, ES384 or Ed25519; ECDSA as raw r‖s). How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=:dGhlIHNpZ25hdHVyZSBieXRlcyBpbiBiYXNlNjQ=:
                 */
                Signature?: components["parameters"]["Signature"];
                /**
                 * @description Web Bot Auth (tag="web-bot-auth"): the https key directory, on the profile's host; a dictionary member named by the label, or the legacy quoted string. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1="https://agent.shopbot.dev/.well-known/http-message-signatures-directory"
                 */
                "Signature-Agent"?: components["parameters"]["Signature-Agent"];
                /**
                 * @description 16–64 printable ASCII characters, fresh per logical request; a retry reuses it with the same input and gets the first outcome.
                 * @example 5f0c8e3a-2b7d-4c1e-9a6f-3d8b1e7c4a20
                 */
                "Idempotency-Key": string;
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path: {
                /** @description The cart’s id (cart_…). Another caller’s cart answers 404 cart_not_found, as an unknown id does. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cart"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `ucp_agent_required`: Send the URL of the profile your agent publishes about itself.
             *
             *     `conflicting_credentials`: Name the caller once. On MCP the agent profile (and buyer reference) may come from the UCP-Agent header, params._meta or arguments.meta: the same value in several places is fine, different values are refused rather than one picked. `details` names the field and the places.
             *
             *     `ucp_agent_invalid`: Quote the URL in the dictionary form; a relative URL or a token is refused.
             *
             *     `ucp_agent_insecure_url`: Publish the profile over https.
             *
             *     `reserved_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `ip_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `IDEMPOTENCY_KEY_REQUIRED`: Send a fresh key (16–64 printable ASCII characters) per logical request; reuse it only to retry.
             *
             *     `idempotency_key_invalid`: A UUID is a good key.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.ucp_agent_required"] | components["schemas"]["Error.conflicting_credentials"] | components["schemas"]["Error.ucp_agent_invalid"] | components["schemas"]["Error.ucp_agent_insecure_url"] | components["schemas"]["Error.reserved_profile_host"] | components["schemas"]["Error.ip_profile_host"] | components["schemas"]["Error.IDEMPOTENCY_KEY_REQUIRED"] | components["schemas"]["Error.idempotency_key_invalid"] | components["schemas"]["Error.invalid_request"];
                };
            };
            /** @description `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.invalid_credential"];
                };
            };
            /** @description `cart_not_found`: Carts are visible only to the caller that created them; any other caller gets this answer too. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.cart_not_found"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /**
             * @description `idempotency_key_reused`: Use a new key for a new request; a retry must repeat the same operation with the same input (REST and MCP share one namespace per caller).
             *
             *     `idempotency_request_in_progress`: Retry after the Retry-After delay to receive its outcome.
             *
             *     `cart_expired`: Open carts expire 7 days after their last change; start a new cart.
             *
             *     `cart_not_open`: `details.status` names its state (completed or cancelled); start a new cart.
             *
             *     `payment_in_progress`: Wait for Retry-After and send the same request again: the payment being settled answers its order once settled; the cart cannot change meanwhile.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.idempotency_key_reused"] | components["schemas"]["Error.idempotency_request_in_progress"] | components["schemas"]["Error.cart_expired"] | components["schemas"]["Error.cart_not_open"] | components["schemas"]["Error.payment_in_progress"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "carts-addItem": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Your agent’s profile URL: `profile="https://…"` (RFC 8941 dictionary) or the bare https URL. Required unless the call carries a network key in Authorization (then send no UCP-Agent: both is 400 conflicting_credentials).
                 * @example profile="https://agent.shopbot.dev/profile.json"
                 */
                "UCP-Agent"?: string;
                /**
                 * @description Optional buyer reference, for attribution only: `ref="…", session="…"` (ref: 8–64 of A-Z a-z 0-9 . _ : -; never an e-mail address or telephone number).
                 * @example ref="u_7f3a9c21", session="conv-2041"
                 */
                "Service-Buyer"?: string;
                /**
                 * @description RFC 9421 signature parameters: at most 3 labels; covering @method, @authority, @path (@query when there is one), ucp-agent and, when sent, idempotency-key and signature-agent, and content-digest and content-type when a body is sent; with created, expires (≤ 24 h apart), nonce and keyid. A signature that does not verify serves the call as open, with an advisory. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=("@method" "@authority" "@path" "ucp-agent");created=1767225600;expires=1767225900;nonce="b3k2pZq9LmX0";keyid="agent-2026";alg="ed25519"
                 */
                "Signature-Input"?: components["parameters"]["Signature-Input"];
                /**
                 * @description RFC 9421 signatures, by the labels of Signature-Input (ES256, ES384 or Ed25519; ECDSA as raw r‖s). How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=:dGhlIHNpZ25hdHVyZSBieXRlcyBpbiBiYXNlNjQ=:
                 */
                Signature?: components["parameters"]["Signature"];
                /**
                 * @description Web Bot Auth (tag="web-bot-auth"): the https key directory, on the profile's host; a dictionary member named by the label, or the legacy quoted string. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1="https://agent.shopbot.dev/.well-known/http-message-signatures-directory"
                 */
                "Signature-Agent"?: components["parameters"]["Signature-Agent"];
                /**
                 * @description RFC 9530 digest of the body as sent (sha-256 or sha-512); covered by a signature of a request with a body, and checked against the bytes received. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sha-256=:RK/0qy18MlBSVnWgjwz6lZEWjP/lF5HF9bvEF8FabDg=:
                 */
                "Content-Digest"?: components["parameters"]["Content-Digest"];
                /**
                 * @description 16–64 printable ASCII characters, fresh per logical request; a retry reuses it with the same input and gets the first outcome.
                 * @example 5f0c8e3a-2b7d-4c1e-9a6f-3d8b1e7c4a20
                 */
                "Idempotency-Key": string;
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path: {
                /** @description The cart’s id (cart_…). Another caller’s cart answers 404 cart_not_found, as an unknown id does. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The variant (var_…): the Offer `identifier` in search results or get_product. Give this, or sku with seller_handle, or product_id. */
                    variant_id?: string;
                    /** @description The seller’s SKU (unique per seller only): give it with seller_handle, instead of variant_id. */
                    sku?: string;
                    /** @description The seller whose SKU `sku` is; only with sku. */
                    seller_handle?: string;
                    /** @description The product (prod_…): the productID in search results. Enough for a product with one variant; one with several answers 409 variant_required listing them (details.variants). */
                    product_id?: string;
                    /** @description Units, a whole number ≥ 1. The line’s quantity (after adding to what the cart holds) must be within the live max_item_quantity. */
                    quantity: number;
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cart"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `ucp_agent_required`: Send the URL of the profile your agent publishes about itself.
             *
             *     `conflicting_credentials`: Name the caller once. On MCP the agent profile (and buyer reference) may come from the UCP-Agent header, params._meta or arguments.meta: the same value in several places is fine, different values are refused rather than one picked. `details` names the field and the places.
             *
             *     `ucp_agent_invalid`: Quote the URL in the dictionary form; a relative URL or a token is refused.
             *
             *     `ucp_agent_insecure_url`: Publish the profile over https.
             *
             *     `reserved_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `ip_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `IDEMPOTENCY_KEY_REQUIRED`: Send a fresh key (16–64 printable ASCII characters) per logical request; reuse it only to retry.
             *
             *     `idempotency_key_invalid`: A UUID is a good key.
             *
             *     `invalid_json`: Send a JSON document.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             *
             *     `cart_line_limit`: `details.max_lines` gives the ceiling.
             *
             *     `quantity_exceeds_limit`: `details.max_quantity` is the live ceiling (GET /api/agent/platform/limits).
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.ucp_agent_required"] | components["schemas"]["Error.conflicting_credentials"] | components["schemas"]["Error.ucp_agent_invalid"] | components["schemas"]["Error.ucp_agent_insecure_url"] | components["schemas"]["Error.reserved_profile_host"] | components["schemas"]["Error.ip_profile_host"] | components["schemas"]["Error.IDEMPOTENCY_KEY_REQUIRED"] | components["schemas"]["Error.idempotency_key_invalid"] | components["schemas"]["Error.invalid_json"] | components["schemas"]["Error.invalid_request"] | components["schemas"]["Error.cart_line_limit"] | components["schemas"]["Error.quantity_exceeds_limit"];
                };
            };
            /** @description `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.invalid_credential"];
                };
            };
            /**
             * @description `cart_not_found`: Carts are visible only to the caller that created them; any other caller gets this answer too.
             *
             *     `variant_not_found`: Variant ids are Offer identifiers (var_…); for a SKU, `details.did_you_mean` lists near SKUs of that seller.
             *
             *     `product_not_found`: Use a productID (prod_…) from search; for a variant id or a SKU, `details.matches` names its product.
             */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.cart_not_found"] | components["schemas"]["Error.variant_not_found"] | components["schemas"]["Error.product_not_found"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /**
             * @description `idempotency_key_reused`: Use a new key for a new request; a retry must repeat the same operation with the same input (REST and MCP share one namespace per caller).
             *
             *     `idempotency_request_in_progress`: Retry after the Retry-After delay to receive its outcome.
             *
             *     `cart_expired`: Open carts expire 7 days after their last change; start a new cart.
             *
             *     `cart_not_open`: `details.status` names its state (completed or cancelled); start a new cart.
             *
             *     `payment_in_progress`: Wait for Retry-After and send the same request again: the payment being settled answers its order once settled; the cart cannot change meanwhile.
             *
             *     `variant_required`: Call again with a variant_id from `details.variants` (each with its options) and a fresh Idempotency-Key.
             *
             *     `insufficient_stock`: `details.available` is how many units the seller has now.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.idempotency_key_reused"] | components["schemas"]["Error.idempotency_request_in_progress"] | components["schemas"]["Error.cart_expired"] | components["schemas"]["Error.cart_not_open"] | components["schemas"]["Error.payment_in_progress"] | components["schemas"]["Error.variant_required"] | components["schemas"]["Error.insufficient_stock"];
                };
            };
            /** @description `payload_too_large`: Send at most 1 MiB. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: Send `Content-Type: application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.unsupported_media_type"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "carts-removeItem": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Your agent’s profile URL: `profile="https://…"` (RFC 8941 dictionary) or the bare https URL. Required unless the call carries a network key in Authorization (then send no UCP-Agent: both is 400 conflicting_credentials).
                 * @example profile="https://agent.shopbot.dev/profile.json"
                 */
                "UCP-Agent"?: string;
                /**
                 * @description Optional buyer reference, for attribution only: `ref="…", session="…"` (ref: 8–64 of A-Z a-z 0-9 . _ : -; never an e-mail address or telephone number).
                 * @example ref="u_7f3a9c21", session="conv-2041"
                 */
                "Service-Buyer"?: string;
                /**
                 * @description RFC 9421 signature parameters: at most 3 labels; covering @method, @authority, @path (@query when there is one), ucp-agent and, when sent, idempotency-key and signature-agent, and content-digest and content-type when a body is sent; with created, expires (≤ 24 h apart), nonce and keyid. A signature that does not verify serves the call as open, with an advisory. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=("@method" "@authority" "@path" "ucp-agent");created=1767225600;expires=1767225900;nonce="b3k2pZq9LmX0";keyid="agent-2026";alg="ed25519"
                 */
                "Signature-Input"?: components["parameters"]["Signature-Input"];
                /**
                 * @description RFC 9421 signatures, by the labels of Signature-Input (ES256, ES384 or Ed25519; ECDSA as raw r‖s). How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=:dGhlIHNpZ25hdHVyZSBieXRlcyBpbiBiYXNlNjQ=:
                 */
                Signature?: components["parameters"]["Signature"];
                /**
                 * @description Web Bot Auth (tag="web-bot-auth"): the https key directory, on the profile's host; a dictionary member named by the label, or the legacy quoted string. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1="https://agent.shopbot.dev/.well-known/http-message-signatures-directory"
                 */
                "Signature-Agent"?: components["parameters"]["Signature-Agent"];
                /**
                 * @description 16–64 printable ASCII characters, fresh per logical request; a retry reuses it with the same input and gets the first outcome.
                 * @example 5f0c8e3a-2b7d-4c1e-9a6f-3d8b1e7c4a20
                 */
                "Idempotency-Key": string;
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path: {
                /** @description The cart’s id (cart_…). Another caller’s cart answers 404 cart_not_found, as an unknown id does. */
                id: string;
                /** @description The line’s id (item_…): the cart’s line_items[].id. */
                itemId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cart"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `ucp_agent_required`: Send the URL of the profile your agent publishes about itself.
             *
             *     `conflicting_credentials`: Name the caller once. On MCP the agent profile (and buyer reference) may come from the UCP-Agent header, params._meta or arguments.meta: the same value in several places is fine, different values are refused rather than one picked. `details` names the field and the places.
             *
             *     `ucp_agent_invalid`: Quote the URL in the dictionary form; a relative URL or a token is refused.
             *
             *     `ucp_agent_insecure_url`: Publish the profile over https.
             *
             *     `reserved_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `ip_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `IDEMPOTENCY_KEY_REQUIRED`: Send a fresh key (16–64 printable ASCII characters) per logical request; reuse it only to retry.
             *
             *     `idempotency_key_invalid`: A UUID is a good key.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.ucp_agent_required"] | components["schemas"]["Error.conflicting_credentials"] | components["schemas"]["Error.ucp_agent_invalid"] | components["schemas"]["Error.ucp_agent_insecure_url"] | components["schemas"]["Error.reserved_profile_host"] | components["schemas"]["Error.ip_profile_host"] | components["schemas"]["Error.IDEMPOTENCY_KEY_REQUIRED"] | components["schemas"]["Error.idempotency_key_invalid"] | components["schemas"]["Error.invalid_request"];
                };
            };
            /** @description `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.invalid_credential"];
                };
            };
            /**
             * @description `cart_not_found`: Carts are visible only to the caller that created them; any other caller gets this answer too.
             *
             *     `item_not_found`: Item ids are the `line_items[].id` of the cart.
             */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.cart_not_found"] | components["schemas"]["Error.item_not_found"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /**
             * @description `idempotency_key_reused`: Use a new key for a new request; a retry must repeat the same operation with the same input (REST and MCP share one namespace per caller).
             *
             *     `idempotency_request_in_progress`: Retry after the Retry-After delay to receive its outcome.
             *
             *     `cart_expired`: Open carts expire 7 days after their last change; start a new cart.
             *
             *     `cart_not_open`: `details.status` names its state (completed or cancelled); start a new cart.
             *
             *     `payment_in_progress`: Wait for Retry-After and send the same request again: the payment being settled answers its order once settled; the cart cannot change meanwhile.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.idempotency_key_reused"] | components["schemas"]["Error.idempotency_request_in_progress"] | components["schemas"]["Error.cart_expired"] | components["schemas"]["Error.cart_not_open"] | components["schemas"]["Error.payment_in_progress"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "carts-updateItem": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Your agent’s profile URL: `profile="https://…"` (RFC 8941 dictionary) or the bare https URL. Required unless the call carries a network key in Authorization (then send no UCP-Agent: both is 400 conflicting_credentials).
                 * @example profile="https://agent.shopbot.dev/profile.json"
                 */
                "UCP-Agent"?: string;
                /**
                 * @description Optional buyer reference, for attribution only: `ref="…", session="…"` (ref: 8–64 of A-Z a-z 0-9 . _ : -; never an e-mail address or telephone number).
                 * @example ref="u_7f3a9c21", session="conv-2041"
                 */
                "Service-Buyer"?: string;
                /**
                 * @description RFC 9421 signature parameters: at most 3 labels; covering @method, @authority, @path (@query when there is one), ucp-agent and, when sent, idempotency-key and signature-agent, and content-digest and content-type when a body is sent; with created, expires (≤ 24 h apart), nonce and keyid. A signature that does not verify serves the call as open, with an advisory. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=("@method" "@authority" "@path" "ucp-agent");created=1767225600;expires=1767225900;nonce="b3k2pZq9LmX0";keyid="agent-2026";alg="ed25519"
                 */
                "Signature-Input"?: components["parameters"]["Signature-Input"];
                /**
                 * @description RFC 9421 signatures, by the labels of Signature-Input (ES256, ES384 or Ed25519; ECDSA as raw r‖s). How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=:dGhlIHNpZ25hdHVyZSBieXRlcyBpbiBiYXNlNjQ=:
                 */
                Signature?: components["parameters"]["Signature"];
                /**
                 * @description Web Bot Auth (tag="web-bot-auth"): the https key directory, on the profile's host; a dictionary member named by the label, or the legacy quoted string. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1="https://agent.shopbot.dev/.well-known/http-message-signatures-directory"
                 */
                "Signature-Agent"?: components["parameters"]["Signature-Agent"];
                /**
                 * @description RFC 9530 digest of the body as sent (sha-256 or sha-512); covered by a signature of a request with a body, and checked against the bytes received. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sha-256=:RK/0qy18MlBSVnWgjwz6lZEWjP/lF5HF9bvEF8FabDg=:
                 */
                "Content-Digest"?: components["parameters"]["Content-Digest"];
                /**
                 * @description 16–64 printable ASCII characters, fresh per logical request; a retry reuses it with the same input and gets the first outcome.
                 * @example 5f0c8e3a-2b7d-4c1e-9a6f-3d8b1e7c4a20
                 */
                "Idempotency-Key": string;
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path: {
                /** @description The cart’s id (cart_…). Another caller’s cart answers 404 cart_not_found, as an unknown id does. */
                id: string;
                /** @description The line’s id (item_…): the cart’s line_items[].id. */
                itemId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The line’s new quantity, a whole number ≥ 1, within the live max_item_quantity. */
                    quantity: number;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cart"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `ucp_agent_required`: Send the URL of the profile your agent publishes about itself.
             *
             *     `conflicting_credentials`: Name the caller once. On MCP the agent profile (and buyer reference) may come from the UCP-Agent header, params._meta or arguments.meta: the same value in several places is fine, different values are refused rather than one picked. `details` names the field and the places.
             *
             *     `ucp_agent_invalid`: Quote the URL in the dictionary form; a relative URL or a token is refused.
             *
             *     `ucp_agent_insecure_url`: Publish the profile over https.
             *
             *     `reserved_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `ip_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `IDEMPOTENCY_KEY_REQUIRED`: Send a fresh key (16–64 printable ASCII characters) per logical request; reuse it only to retry.
             *
             *     `idempotency_key_invalid`: A UUID is a good key.
             *
             *     `invalid_json`: Send a JSON document.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             *
             *     `quantity_exceeds_limit`: `details.max_quantity` is the live ceiling (GET /api/agent/platform/limits).
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.ucp_agent_required"] | components["schemas"]["Error.conflicting_credentials"] | components["schemas"]["Error.ucp_agent_invalid"] | components["schemas"]["Error.ucp_agent_insecure_url"] | components["schemas"]["Error.reserved_profile_host"] | components["schemas"]["Error.ip_profile_host"] | components["schemas"]["Error.IDEMPOTENCY_KEY_REQUIRED"] | components["schemas"]["Error.idempotency_key_invalid"] | components["schemas"]["Error.invalid_json"] | components["schemas"]["Error.invalid_request"] | components["schemas"]["Error.quantity_exceeds_limit"];
                };
            };
            /** @description `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.invalid_credential"];
                };
            };
            /**
             * @description `cart_not_found`: Carts are visible only to the caller that created them; any other caller gets this answer too.
             *
             *     `item_not_found`: Item ids are the `line_items[].id` of the cart.
             */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.cart_not_found"] | components["schemas"]["Error.item_not_found"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /**
             * @description `idempotency_key_reused`: Use a new key for a new request; a retry must repeat the same operation with the same input (REST and MCP share one namespace per caller).
             *
             *     `idempotency_request_in_progress`: Retry after the Retry-After delay to receive its outcome.
             *
             *     `cart_expired`: Open carts expire 7 days after their last change; start a new cart.
             *
             *     `cart_not_open`: `details.status` names its state (completed or cancelled); start a new cart.
             *
             *     `payment_in_progress`: Wait for Retry-After and send the same request again: the payment being settled answers its order once settled; the cart cannot change meanwhile.
             *
             *     `insufficient_stock`: `details.available` is how many units the seller has now.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.idempotency_key_reused"] | components["schemas"]["Error.idempotency_request_in_progress"] | components["schemas"]["Error.cart_expired"] | components["schemas"]["Error.cart_not_open"] | components["schemas"]["Error.payment_in_progress"] | components["schemas"]["Error.insufficient_stock"];
                };
            };
            /** @description `payload_too_large`: Send at most 1 MiB. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: Send `Content-Type: application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.unsupported_media_type"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "carts-setShippingAddress": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Your agent’s profile URL: `profile="https://…"` (RFC 8941 dictionary) or the bare https URL. Required unless the call carries a network key in Authorization (then send no UCP-Agent: both is 400 conflicting_credentials).
                 * @example profile="https://agent.shopbot.dev/profile.json"
                 */
                "UCP-Agent"?: string;
                /**
                 * @description Optional buyer reference, for attribution only: `ref="…", session="…"` (ref: 8–64 of A-Z a-z 0-9 . _ : -; never an e-mail address or telephone number).
                 * @example ref="u_7f3a9c21", session="conv-2041"
                 */
                "Service-Buyer"?: string;
                /**
                 * @description RFC 9421 signature parameters: at most 3 labels; covering @method, @authority, @path (@query when there is one), ucp-agent and, when sent, idempotency-key and signature-agent, and content-digest and content-type when a body is sent; with created, expires (≤ 24 h apart), nonce and keyid. A signature that does not verify serves the call as open, with an advisory. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=("@method" "@authority" "@path" "ucp-agent");created=1767225600;expires=1767225900;nonce="b3k2pZq9LmX0";keyid="agent-2026";alg="ed25519"
                 */
                "Signature-Input"?: components["parameters"]["Signature-Input"];
                /**
                 * @description RFC 9421 signatures, by the labels of Signature-Input (ES256, ES384 or Ed25519; ECDSA as raw r‖s). How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=:dGhlIHNpZ25hdHVyZSBieXRlcyBpbiBiYXNlNjQ=:
                 */
                Signature?: components["parameters"]["Signature"];
                /**
                 * @description Web Bot Auth (tag="web-bot-auth"): the https key directory, on the profile's host; a dictionary member named by the label, or the legacy quoted string. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1="https://agent.shopbot.dev/.well-known/http-message-signatures-directory"
                 */
                "Signature-Agent"?: components["parameters"]["Signature-Agent"];
                /**
                 * @description RFC 9530 digest of the body as sent (sha-256 or sha-512); covered by a signature of a request with a body, and checked against the bytes received. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sha-256=:RK/0qy18MlBSVnWgjwz6lZEWjP/lF5HF9bvEF8FabDg=:
                 */
                "Content-Digest"?: components["parameters"]["Content-Digest"];
                /**
                 * @description 16–64 printable ASCII characters, fresh per logical request; a retry reuses it with the same input and gets the first outcome.
                 * @example 5f0c8e3a-2b7d-4c1e-9a6f-3d8b1e7c4a20
                 */
                "Idempotency-Key": string;
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path: {
                /** @description The cart’s id (cart_…). Another caller’s cart answers 404 cart_not_found, as an unknown id does. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The recipient’s full name. */
                    name: string;
                    /** @description Street address, first line. */
                    line1: string;
                    /** @description Apartment, suite or floor. */
                    line2?: string;
                    /** @description City or town. */
                    city: string;
                    /** @description State, province or county, where the country uses one (e.g. OR). */
                    region?: string;
                    /** @description Postal or ZIP code. */
                    postal_code: string;
                    /** @description ISO 3166-1 alpha-2 country code, e.g. US; in any case, and an alpha-3 code (USA) or the English name (United States) is taken too: stored and answered as alpha-2. Delivery is priced for it. */
                    country: string;
                    /** @description A phone number for the carrier, ideally in E.164 form (+15035550100). */
                    phone?: string;
                    /**
                     * Format: email
                     * @description An e-mail address for delivery updates.
                     */
                    email?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cart"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `ucp_agent_required`: Send the URL of the profile your agent publishes about itself.
             *
             *     `conflicting_credentials`: Name the caller once. On MCP the agent profile (and buyer reference) may come from the UCP-Agent header, params._meta or arguments.meta: the same value in several places is fine, different values are refused rather than one picked. `details` names the field and the places.
             *
             *     `ucp_agent_invalid`: Quote the URL in the dictionary form; a relative URL or a token is refused.
             *
             *     `ucp_agent_insecure_url`: Publish the profile over https.
             *
             *     `reserved_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `ip_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `IDEMPOTENCY_KEY_REQUIRED`: Send a fresh key (16–64 printable ASCII characters) per logical request; reuse it only to retry.
             *
             *     `idempotency_key_invalid`: A UUID is a good key.
             *
             *     `invalid_json`: Send a JSON document.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.ucp_agent_required"] | components["schemas"]["Error.conflicting_credentials"] | components["schemas"]["Error.ucp_agent_invalid"] | components["schemas"]["Error.ucp_agent_insecure_url"] | components["schemas"]["Error.reserved_profile_host"] | components["schemas"]["Error.ip_profile_host"] | components["schemas"]["Error.IDEMPOTENCY_KEY_REQUIRED"] | components["schemas"]["Error.idempotency_key_invalid"] | components["schemas"]["Error.invalid_json"] | components["schemas"]["Error.invalid_request"];
                };
            };
            /** @description `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.invalid_credential"];
                };
            };
            /** @description `cart_not_found`: Carts are visible only to the caller that created them; any other caller gets this answer too. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.cart_not_found"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /**
             * @description `idempotency_key_reused`: Use a new key for a new request; a retry must repeat the same operation with the same input (REST and MCP share one namespace per caller).
             *
             *     `idempotency_request_in_progress`: Retry after the Retry-After delay to receive its outcome.
             *
             *     `cart_expired`: Open carts expire 7 days after their last change; start a new cart.
             *
             *     `cart_not_open`: `details.status` names its state (completed or cancelled); start a new cart.
             *
             *     `payment_in_progress`: Wait for Retry-After and send the same request again: the payment being settled answers its order once settled; the cart cannot change meanwhile.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.idempotency_key_reused"] | components["schemas"]["Error.idempotency_request_in_progress"] | components["schemas"]["Error.cart_expired"] | components["schemas"]["Error.cart_not_open"] | components["schemas"]["Error.payment_in_progress"];
                };
            };
            /** @description `payload_too_large`: Send at most 1 MiB. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: Send `Content-Type: application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.unsupported_media_type"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "carts-quickBuy": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Your agent’s profile URL: `profile="https://…"` (RFC 8941 dictionary) or the bare https URL. Required unless the call carries a network key in Authorization (then send no UCP-Agent: both is 400 conflicting_credentials).
                 * @example profile="https://agent.shopbot.dev/profile.json"
                 */
                "UCP-Agent"?: string;
                /**
                 * @description Optional buyer reference, for attribution only: `ref="…", session="…"` (ref: 8–64 of A-Z a-z 0-9 . _ : -; never an e-mail address or telephone number).
                 * @example ref="u_7f3a9c21", session="conv-2041"
                 */
                "Service-Buyer"?: string;
                /**
                 * @description RFC 9421 signature parameters: at most 3 labels; covering @method, @authority, @path (@query when there is one), ucp-agent and, when sent, idempotency-key and signature-agent, and content-digest and content-type when a body is sent; with created, expires (≤ 24 h apart), nonce and keyid. A signature that does not verify serves the call as open, with an advisory. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=("@method" "@authority" "@path" "ucp-agent");created=1767225600;expires=1767225900;nonce="b3k2pZq9LmX0";keyid="agent-2026";alg="ed25519"
                 */
                "Signature-Input"?: components["parameters"]["Signature-Input"];
                /**
                 * @description RFC 9421 signatures, by the labels of Signature-Input (ES256, ES384 or Ed25519; ECDSA as raw r‖s). How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=:dGhlIHNpZ25hdHVyZSBieXRlcyBpbiBiYXNlNjQ=:
                 */
                Signature?: components["parameters"]["Signature"];
                /**
                 * @description Web Bot Auth (tag="web-bot-auth"): the https key directory, on the profile's host; a dictionary member named by the label, or the legacy quoted string. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1="https://agent.shopbot.dev/.well-known/http-message-signatures-directory"
                 */
                "Signature-Agent"?: components["parameters"]["Signature-Agent"];
                /**
                 * @description RFC 9530 digest of the body as sent (sha-256 or sha-512); covered by a signature of a request with a body, and checked against the bytes received. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sha-256=:RK/0qy18MlBSVnWgjwz6lZEWjP/lF5HF9bvEF8FabDg=:
                 */
                "Content-Digest"?: components["parameters"]["Content-Digest"];
                /**
                 * @description 16–64 printable ASCII characters, fresh per logical request; a retry reuses it with the same input and gets the first outcome.
                 * @example 5f0c8e3a-2b7d-4c1e-9a6f-3d8b1e7c4a20
                 */
                "Idempotency-Key": string;
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The variant (var_…): the Offer `identifier` in search results or get_product. Give this, or sku with seller_handle, or product_id. */
                    variant_id?: string;
                    /** @description The seller’s SKU (unique per seller only): give it with seller_handle, instead of variant_id. */
                    sku?: string;
                    /** @description The seller whose SKU `sku` is; only with sku. */
                    seller_handle?: string;
                    /** @description The product (prod_…): the productID in search results. Enough for a product with one variant; one with several answers 409 variant_required listing them (details.variants). */
                    product_id?: string;
                    /** @description Units, a whole number ≥ 1. The line’s quantity (after adding to what the cart holds) must be within the live max_item_quantity. */
                    quantity: number;
                    shipping_address: {
                        /** @description The recipient’s full name. */
                        name: string;
                        /** @description Street address, first line. */
                        line1: string;
                        /** @description Apartment, suite or floor. */
                        line2?: string;
                        /** @description City or town. */
                        city: string;
                        /** @description State, province or county, where the country uses one (e.g. OR). */
                        region?: string;
                        /** @description Postal or ZIP code. */
                        postal_code: string;
                        /** @description ISO 3166-1 alpha-2 country code, e.g. US; in any case, and an alpha-3 code (USA) or the English name (United States) is taken too: stored and answered as alpha-2. Delivery is priced for it. */
                        country: string;
                        /** @description A phone number for the carrier, ideally in E.164 form (+15035550100). */
                        phone?: string;
                        /**
                         * Format: email
                         * @description An e-mail address for delivery updates.
                         */
                        email?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cart"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `ucp_agent_required`: Send the URL of the profile your agent publishes about itself.
             *
             *     `conflicting_credentials`: Name the caller once. On MCP the agent profile (and buyer reference) may come from the UCP-Agent header, params._meta or arguments.meta: the same value in several places is fine, different values are refused rather than one picked. `details` names the field and the places.
             *
             *     `ucp_agent_invalid`: Quote the URL in the dictionary form; a relative URL or a token is refused.
             *
             *     `ucp_agent_insecure_url`: Publish the profile over https.
             *
             *     `reserved_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `ip_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `IDEMPOTENCY_KEY_REQUIRED`: Send a fresh key (16–64 printable ASCII characters) per logical request; reuse it only to retry.
             *
             *     `idempotency_key_invalid`: A UUID is a good key.
             *
             *     `invalid_json`: Send a JSON document.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             *
             *     `quantity_exceeds_limit`: `details.max_quantity` is the live ceiling (GET /api/agent/platform/limits).
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.ucp_agent_required"] | components["schemas"]["Error.conflicting_credentials"] | components["schemas"]["Error.ucp_agent_invalid"] | components["schemas"]["Error.ucp_agent_insecure_url"] | components["schemas"]["Error.reserved_profile_host"] | components["schemas"]["Error.ip_profile_host"] | components["schemas"]["Error.IDEMPOTENCY_KEY_REQUIRED"] | components["schemas"]["Error.idempotency_key_invalid"] | components["schemas"]["Error.invalid_json"] | components["schemas"]["Error.invalid_request"] | components["schemas"]["Error.quantity_exceeds_limit"];
                };
            };
            /** @description `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.invalid_credential"];
                };
            };
            /**
             * @description `variant_not_found`: Variant ids are Offer identifiers (var_…); for a SKU, `details.did_you_mean` lists near SKUs of that seller.
             *
             *     `product_not_found`: Use a productID (prod_…) from search; for a variant id or a SKU, `details.matches` names its product.
             */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.variant_not_found"] | components["schemas"]["Error.product_not_found"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /**
             * @description `idempotency_key_reused`: Use a new key for a new request; a retry must repeat the same operation with the same input (REST and MCP share one namespace per caller).
             *
             *     `idempotency_request_in_progress`: Retry after the Retry-After delay to receive its outcome.
             *
             *     `variant_required`: Call again with a variant_id from `details.variants` (each with its options) and a fresh Idempotency-Key.
             *
             *     `insufficient_stock`: `details.available` is how many units the seller has now.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.idempotency_key_reused"] | components["schemas"]["Error.idempotency_request_in_progress"] | components["schemas"]["Error.variant_required"] | components["schemas"]["Error.insufficient_stock"];
                };
            };
            /** @description `payload_too_large`: Send at most 1 MiB. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: Send `Content-Type: application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.unsupported_media_type"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "carts-settle": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description 16–64 printable ASCII characters, fresh per logical request; a retry reuses it with the same input and gets the first outcome.
                 * @example 5f0c8e3a-2b7d-4c1e-9a6f-3d8b1e7c4a20
                 */
                "Idempotency-Key": string;
                /**
                 * @description An x402 v1 payment, base64-encoded JSON as x402 clients make it from the 402 body’s accepts: {x402Version: 1, scheme: "exact", network: "base-sepolia", payload: {signature, authorization: {from, to, value, validAfter, validBefore, nonce}}}. Send one of X-PAYMENT and PAYMENT-SIGNATURE, not both (400 payment_invalid), each at most once (a repeat is 400 invalid_request); a value that is not such a payment is 400 payment_invalid. Without either the answer is 402 payment_required, saying what to pay.
                 * @example eyJ4NDAyVmVyc2lvbiI6MSwic2NoZW1lIjoiZXhhY3QiLCJuZXR3b3JrIjoiYmFzZS1zZXBvbGlhIiwicGF5bG9hZCI6eyJzaWduYXR1cmUiOiIweGFiYWJhYmFiYWJhYmFiYWJhYmFiYWJhYmFiYWJhYmFiYWJhYmFiYWJhYmFiYWJhYmFiYWJhYmFiYWJhYmFiYWJhYmFiYWJhYmFiYWJhYmFiYWJhYmFiYWJhYmFiYWJhYmFiYWJhYmFiYWJhYmFiYWJhYmFiYWJhYmFiYWJhYmFiMWIiLCJhdXRob3JpemF0aW9uIjp7ImZyb20iOiIweDcwOTk3OTcwQzUxODEyZGMzQTAxMEM3ZDAxYjUwZTBkMTdkYzc5QzgiLCJ0byI6IjB4OWFFNzAzMzc3NTkzOUExMzEyNDBjREJDN0VGMDM0REM4NmJjMjk2QSIsInZhbHVlIjoiNzQ5OTAwMDAiLCJ2YWxpZEFmdGVyIjoiMTc2NzIyNTAwMCIsInZhbGlkQmVmb3JlIjoiMTc2NzIyNTkwMCIsIm5vbmNlIjoiMHgzYzNjM2MzYzNjM2MzYzNjM2MzYzNjM2MzYzNjM2MzYzNjM2MzYzNjM2MzYzNjM2MzYzNjM2MzYzNjM2MzYzNjIn19fQ==
                 */
                "X-PAYMENT"?: string;
                /** @description An x402 v2 payment, base64-encoded JSON as x402 clients make it from the PAYMENT-REQUIRED header: {x402Version: 2, resource: {url: this checkout’s URL, …}, accepted: the requirement chosen, payload: {signature, authorization}}. Send one of X-PAYMENT and PAYMENT-SIGNATURE, not both (400 payment_invalid), each at most once (a repeat is 400 invalid_request); a value that is not such a payment is 400 payment_invalid. Without either the answer is 402 payment_required, saying what to pay. */
                "PAYMENT-SIGNATURE"?: string;
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path: {
                /** @description The cart’s id (cart_…). Another caller’s cart answers 404 cart_not_found, as an unknown id does. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "PAYMENT-RESPONSE": components["headers"]["PAYMENT-RESPONSE"];
                    "X-PAYMENT-RESPONSE": components["headers"]["X-PAYMENT-RESPONSE"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettledCheckout"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `IDEMPOTENCY_KEY_REQUIRED`: Send a fresh key (16–64 printable ASCII characters) per logical request; reuse it only to retry.
             *
             *     `idempotency_key_invalid`: A UUID is a good key.
             *
             *     `invalid_json`: Send a JSON document.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             *
             *     `cart_total_exceeds_limit`: The body also carries `max_cents` (the ceiling) and `message` (prose), as the spec documents; `details.total_cents` is the cart’s total.
             *
             *     `payment_invalid`: Send one header: X-PAYMENT with an x402Version 1 payment, or PAYMENT-SIGNATURE with a version 2 one, base64 JSON as x402 clients make them. Not stored: fix it and send again with the same Idempotency-Key.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.IDEMPOTENCY_KEY_REQUIRED"] | components["schemas"]["Error.idempotency_key_invalid"] | components["schemas"]["Error.invalid_json"] | components["schemas"]["Error.invalid_request"] | components["schemas"]["Error.cart_total_exceeds_limit"] | components["schemas"]["Error.payment_invalid"];
                };
            };
            /**
             * @description `credential_required`: `details.required` names the credential or scope; the WWW-Authenticate header says the same.
             *
             *     `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.credential_required"] | components["schemas"]["Error.invalid_credential"];
                };
            };
            /**
             * @description `payment_required`: The body is x402 v1’s (`x402Version`, `accepts`) and the PAYMENT-REQUIRED header v2’s: sign one of the offered requirements (scheme exact, EIP-3009) with a wallet linked to the buyer and send the request again, with the same Idempotency-Key if you like.
             *
             *     `payment_rejected`: `details.reason` says why, in x402’s words (e.g. invalid_exact_evm_payload_authorization_value_mismatch, payer_not_registered); the body and PAYMENT-REQUIRED header offer the requirements again.
             */
            402: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "PAYMENT-REQUIRED": components["headers"]["PAYMENT-REQUIRED"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.payment_required"] | components["schemas"]["Error.payment_rejected"];
                };
            };
            /**
             * @description `insufficient_scope`: `details.required` names the scope or credential kind; mint a key with that scope or use that credential.
             *
             *     `buyer_credential_required`: `details.required` is "buyer_token": register and verify the buyer (POST /api/agent/buyer, /otp, /verify) with a key carrying checkout:write, then call with the buyer token it answers.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    /**
                     * @description Sent with insufficient_scope: the scope needed (RFC 6750).
                     * @example Bearer realm="agent-commerce", scope="checkout:write"
                     */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.insufficient_scope"] | components["schemas"]["Error.buyer_credential_required"];
                };
            };
            /** @description `cart_not_found`: Carts are visible only to the caller that created them; any other caller gets this answer too. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.cart_not_found"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /**
             * @description `idempotency_key_reused`: Use a new key for a new request; a retry must repeat the same operation with the same input (REST and MCP share one namespace per caller).
             *
             *     `idempotency_request_in_progress`: Retry after the Retry-After delay to receive its outcome.
             *
             *     `cart_expired`: Open carts expire 7 days after their last change; start a new cart.
             *
             *     `cart_not_open`: `details.status` names its state (completed or cancelled); start a new cart.
             *
             *     `payment_in_progress`: Wait for Retry-After and send the same request again: the payment being settled answers its order once settled; the cart cannot change meanwhile.
             *
             *     `cart_not_ready`: `details.reasons` lists each problem as {code, message}: cart_empty, address_required, address_undeliverable (naming the seller) or insufficient_stock. Checked before the total ceiling.
             *
             *     `wallet_required`: Link the wallet that will pay (POST /api/agent/buyer/wallets, signed by it), then check out again.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.idempotency_key_reused"] | components["schemas"]["Error.idempotency_request_in_progress"] | components["schemas"]["Error.cart_expired"] | components["schemas"]["Error.cart_not_open"] | components["schemas"]["Error.payment_in_progress"] | components["schemas"]["Error.cart_not_ready"] | components["schemas"]["Error.wallet_required"];
                };
            };
            /** @description `payload_too_large`: Send at most 1 MiB. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: Send `Content-Type: application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.unsupported_media_type"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /**
             * @description `service_unavailable`: Temporary: retry with the same Idempotency-Key.
             *
             *     After the payment was sent, a 503 means the facilitator has not said whether it settled: the order stays pending_payment and nothing is charged twice. Send the same request again (the same payment header and Idempotency-Key) after Retry-After: it answers the order once settled, or 402 payment_rejected if the payment failed.
             */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "payments-paymentLink": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Your agent’s profile URL: `profile="https://…"` (RFC 8941 dictionary) or the bare https URL. Required unless the call carries a network key in Authorization (then send no UCP-Agent: both is 400 conflicting_credentials).
                 * @example profile="https://agent.shopbot.dev/profile.json"
                 */
                "UCP-Agent"?: string;
                /**
                 * @description Optional buyer reference, for attribution only: `ref="…", session="…"` (ref: 8–64 of A-Z a-z 0-9 . _ : -; never an e-mail address or telephone number).
                 * @example ref="u_7f3a9c21", session="conv-2041"
                 */
                "Service-Buyer"?: string;
                /**
                 * @description RFC 9421 signature parameters: at most 3 labels; covering @method, @authority, @path (@query when there is one), ucp-agent and, when sent, idempotency-key and signature-agent, and content-digest and content-type when a body is sent; with created, expires (≤ 24 h apart), nonce and keyid. A signature that does not verify serves the call as open, with an advisory. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=("@method" "@authority" "@path" "ucp-agent");created=1767225600;expires=1767225900;nonce="b3k2pZq9LmX0";keyid="agent-2026";alg="ed25519"
                 */
                "Signature-Input"?: components["parameters"]["Signature-Input"];
                /**
                 * @description RFC 9421 signatures, by the labels of Signature-Input (ES256, ES384 or Ed25519; ECDSA as raw r‖s). How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1=:dGhlIHNpZ25hdHVyZSBieXRlcyBpbiBiYXNlNjQ=:
                 */
                Signature?: components["parameters"]["Signature"];
                /**
                 * @description Web Bot Auth (tag="web-bot-auth"): the https key directory, on the profile's host; a dictionary member named by the label, or the legacy quoted string. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sig1="https://agent.shopbot.dev/.well-known/http-message-signatures-directory"
                 */
                "Signature-Agent"?: components["parameters"]["Signature-Agent"];
                /**
                 * @description RFC 9530 digest of the body as sent (sha-256 or sha-512); covered by a signature of a request with a body, and checked against the bytes received. How to sign: /api/agent/docs/overview#signed-requests.
                 * @example sha-256=:RK/0qy18MlBSVnWgjwz6lZEWjP/lF5HF9bvEF8FabDg=:
                 */
                "Content-Digest"?: components["parameters"]["Content-Digest"];
                /**
                 * @description 16–64 printable ASCII characters, fresh per logical request; a retry reuses it with the same input and gets the first outcome.
                 * @example 5f0c8e3a-2b7d-4c1e-9a6f-3d8b1e7c4a20
                 */
                "Idempotency-Key": string;
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The cart to pay (cart_…), as created by you: another caller’s cart answers 404. */
                    cart_id: string;
                };
            };
        };
        responses: {
            /** @description The cart’s live payment link, issued before: the same URL and amount. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentLink"];
                };
            };
            /** @description Success. */
            201: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentLink"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `ucp_agent_required`: Send the URL of the profile your agent publishes about itself.
             *
             *     `conflicting_credentials`: Name the caller once. On MCP the agent profile (and buyer reference) may come from the UCP-Agent header, params._meta or arguments.meta: the same value in several places is fine, different values are refused rather than one picked. `details` names the field and the places.
             *
             *     `ucp_agent_invalid`: Quote the URL in the dictionary form; a relative URL or a token is refused.
             *
             *     `ucp_agent_insecure_url`: Publish the profile over https.
             *
             *     `reserved_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `ip_profile_host`: Served with an advisory until its refused_from date (published at /.well-known/ucp), refused after it.
             *
             *     `IDEMPOTENCY_KEY_REQUIRED`: Send a fresh key (16–64 printable ASCII characters) per logical request; reuse it only to retry.
             *
             *     `idempotency_key_invalid`: A UUID is a good key.
             *
             *     `invalid_json`: Send a JSON document.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             *
             *     `cart_total_exceeds_limit`: The body also carries `max_cents` (the ceiling) and `message` (prose), as the spec documents; `details.total_cents` is the cart’s total.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.ucp_agent_required"] | components["schemas"]["Error.conflicting_credentials"] | components["schemas"]["Error.ucp_agent_invalid"] | components["schemas"]["Error.ucp_agent_insecure_url"] | components["schemas"]["Error.reserved_profile_host"] | components["schemas"]["Error.ip_profile_host"] | components["schemas"]["Error.IDEMPOTENCY_KEY_REQUIRED"] | components["schemas"]["Error.idempotency_key_invalid"] | components["schemas"]["Error.invalid_json"] | components["schemas"]["Error.invalid_request"] | components["schemas"]["Error.cart_total_exceeds_limit"];
                };
            };
            /** @description `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.invalid_credential"];
                };
            };
            /** @description `cart_not_found`: Carts are visible only to the caller that created them; any other caller gets this answer too. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.cart_not_found"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /**
             * @description `idempotency_key_reused`: Use a new key for a new request; a retry must repeat the same operation with the same input (REST and MCP share one namespace per caller).
             *
             *     `idempotency_request_in_progress`: Retry after the Retry-After delay to receive its outcome.
             *
             *     `cart_expired`: Open carts expire 7 days after their last change; start a new cart.
             *
             *     `cart_not_open`: `details.status` names its state (completed or cancelled); start a new cart.
             *
             *     `payment_in_progress`: Wait for Retry-After and send the same request again: the payment being settled answers its order once settled; the cart cannot change meanwhile.
             *
             *     `cart_not_ready`: `details.reasons` lists each problem as {code, message}: cart_empty, address_required, address_undeliverable (naming the seller) or insufficient_stock. Checked before the total ceiling.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.idempotency_key_reused"] | components["schemas"]["Error.idempotency_request_in_progress"] | components["schemas"]["Error.cart_expired"] | components["schemas"]["Error.cart_not_open"] | components["schemas"]["Error.payment_in_progress"] | components["schemas"]["Error.cart_not_ready"];
                };
            };
            /** @description `payload_too_large`: Send at most 1 MiB. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: Send `Content-Type: application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.unsupported_media_type"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Service-Advisory": components["headers"]["Service-Advisory"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "buyer-register": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description 16–64 printable ASCII characters, fresh per logical request; a retry reuses it with the same input and gets the first outcome.
                 * @example 5f0c8e3a-2b7d-4c1e-9a6f-3d8b1e7c4a20
                 */
                "Idempotency-Key": string;
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: email
                     * @description The person’s e-mail address; codes are sent to it.
                     */
                    email: string;
                    /** @description The person’s name, if known. */
                    name?: string;
                };
            };
        };
        responses: {
            /** @description This address was registered before: the same buyer. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BuyerRef"];
                };
            };
            /** @description Success. */
            201: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BuyerRef"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `IDEMPOTENCY_KEY_REQUIRED`: Send a fresh key (16–64 printable ASCII characters) per logical request; reuse it only to retry.
             *
             *     `idempotency_key_invalid`: A UUID is a good key.
             *
             *     `invalid_json`: Send a JSON document.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.IDEMPOTENCY_KEY_REQUIRED"] | components["schemas"]["Error.idempotency_key_invalid"] | components["schemas"]["Error.invalid_json"] | components["schemas"]["Error.invalid_request"];
                };
            };
            /**
             * @description `credential_required`: `details.required` names the credential or scope; the WWW-Authenticate header says the same.
             *
             *     `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.credential_required"] | components["schemas"]["Error.invalid_credential"];
                };
            };
            /** @description `insufficient_scope`: `details.required` names the scope or credential kind; mint a key with that scope or use that credential. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    /**
                     * @description Sent with insufficient_scope: the scope needed (RFC 6750).
                     * @example Bearer realm="agent-commerce", scope="checkout:write"
                     */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.insufficient_scope"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /**
             * @description `idempotency_key_reused`: Use a new key for a new request; a retry must repeat the same operation with the same input (REST and MCP share one namespace per caller).
             *
             *     `idempotency_request_in_progress`: Retry after the Retry-After delay to receive its outcome.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.idempotency_key_reused"] | components["schemas"]["Error.idempotency_request_in_progress"];
                };
            };
            /** @description `payload_too_large`: Send at most 1 MiB. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: Send `Content-Type: application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.unsupported_media_type"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "buyer-sendOtp": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description 16–64 printable ASCII characters, fresh per logical request; a retry reuses it with the same input and gets the first outcome.
                 * @example 5f0c8e3a-2b7d-4c1e-9a6f-3d8b1e7c4a20
                 */
                "Idempotency-Key": string;
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The buyer’s id (buy_…), as registering answered it. */
                    buyer_id: string;
                };
            };
        };
        responses: {
            /** @description Accepted. */
            202: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BuyerCodeSent"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `IDEMPOTENCY_KEY_REQUIRED`: Send a fresh key (16–64 printable ASCII characters) per logical request; reuse it only to retry.
             *
             *     `idempotency_key_invalid`: A UUID is a good key.
             *
             *     `invalid_json`: Send a JSON document.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.IDEMPOTENCY_KEY_REQUIRED"] | components["schemas"]["Error.idempotency_key_invalid"] | components["schemas"]["Error.invalid_json"] | components["schemas"]["Error.invalid_request"];
                };
            };
            /**
             * @description `credential_required`: `details.required` names the credential or scope; the WWW-Authenticate header says the same.
             *
             *     `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.credential_required"] | components["schemas"]["Error.invalid_credential"];
                };
            };
            /** @description `insufficient_scope`: `details.required` names the scope or credential kind; mint a key with that scope or use that credential. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    /**
                     * @description Sent with insufficient_scope: the scope needed (RFC 6750).
                     * @example Bearer realm="agent-commerce", scope="checkout:write"
                     */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.insufficient_scope"];
                };
            };
            /** @description `buyer_not_found`: Buyers are per developer account: register the address with POST /api/agent/buyer to get its buyer_id. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.buyer_not_found"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /**
             * @description `idempotency_key_reused`: Use a new key for a new request; a retry must repeat the same operation with the same input (REST and MCP share one namespace per caller).
             *
             *     `idempotency_request_in_progress`: Retry after the Retry-After delay to receive its outcome.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.idempotency_key_reused"] | components["schemas"]["Error.idempotency_request_in_progress"];
                };
            };
            /** @description `payload_too_large`: Send at most 1 MiB. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: Send `Content-Type: application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.unsupported_media_type"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "buyer-verify": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description 16–64 printable ASCII characters, fresh per logical request; a retry reuses it with the same input and gets the first outcome.
                 * @example 5f0c8e3a-2b7d-4c1e-9a6f-3d8b1e7c4a20
                 */
                "Idempotency-Key": string;
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The buyer’s id (buy_…), as registering answered it. */
                    buyer_id: string;
                    /** @description The 6-digit code the person received. */
                    code: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerifiedBuyer"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `IDEMPOTENCY_KEY_REQUIRED`: Send a fresh key (16–64 printable ASCII characters) per logical request; reuse it only to retry.
             *
             *     `idempotency_key_invalid`: A UUID is a good key.
             *
             *     `invalid_json`: Send a JSON document.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             *
             *     `invalid_code`: `details.attempts_left` says how many tries remain; after 5 tries in 15 minutes verification is locked until the window moves on (429 code_attempts_exceeded).
             *
             *     `code_expired`: Request a new code with POST /api/agent/buyer/otp.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.IDEMPOTENCY_KEY_REQUIRED"] | components["schemas"]["Error.idempotency_key_invalid"] | components["schemas"]["Error.invalid_json"] | components["schemas"]["Error.invalid_request"] | components["schemas"]["Error.invalid_code"] | components["schemas"]["Error.code_expired"];
                };
            };
            /**
             * @description `credential_required`: `details.required` names the credential or scope; the WWW-Authenticate header says the same.
             *
             *     `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.credential_required"] | components["schemas"]["Error.invalid_credential"];
                };
            };
            /** @description `insufficient_scope`: `details.required` names the scope or credential kind; mint a key with that scope or use that credential. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    /**
                     * @description Sent with insufficient_scope: the scope needed (RFC 6750).
                     * @example Bearer realm="agent-commerce", scope="checkout:write"
                     */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.insufficient_scope"];
                };
            };
            /** @description `buyer_not_found`: Buyers are per developer account: register the address with POST /api/agent/buyer to get its buyer_id. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.buyer_not_found"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /**
             * @description `idempotency_key_reused`: Use a new key for a new request; a retry must repeat the same operation with the same input (REST and MCP share one namespace per caller).
             *
             *     `idempotency_request_in_progress`: Retry after the Retry-After delay to receive its outcome.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.idempotency_key_reused"] | components["schemas"]["Error.idempotency_request_in_progress"];
                };
            };
            /** @description `payload_too_large`: Send at most 1 MiB. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: Send `Content-Type: application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.unsupported_media_type"];
                };
            };
            /**
             * @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed.
             *
             *     `code_attempts_exceeded`: Wait for Retry-After, then request a new code.
             */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"] | components["schemas"]["Error.code_attempts_exceeded"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "buyer-me": {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Buyer"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.invalid_request"];
                };
            };
            /**
             * @description `credential_required`: `details.required` names the credential or scope; the WWW-Authenticate header says the same.
             *
             *     `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.credential_required"] | components["schemas"]["Error.invalid_credential"];
                };
            };
            /** @description `insufficient_scope`: `details.required` names the scope or credential kind; mint a key with that scope or use that credential. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    /**
                     * @description Sent with insufficient_scope: the scope needed (RFC 6750).
                     * @example Bearer realm="agent-commerce", scope="checkout:write"
                     */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.insufficient_scope"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "buyer-orders": {
        parameters: {
            query?: {
                /** @description Orders per page (1–50, default 20). */
                limit?: number;
                /** @description nextCursor of the previous page, unchanged. */
                cursor?: string;
            };
            header?: {
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BuyerOrderPage"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             *
             *     `invalid_cursor`: Pass back a nextCursor unchanged, with the same query parameters it came from.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.invalid_request"] | components["schemas"]["Error.invalid_cursor"];
                };
            };
            /**
             * @description `credential_required`: `details.required` names the credential or scope; the WWW-Authenticate header says the same.
             *
             *     `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.credential_required"] | components["schemas"]["Error.invalid_credential"];
                };
            };
            /** @description `insufficient_scope`: `details.required` names the scope or credential kind; mint a key with that scope or use that credential. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    /**
                     * @description Sent with insufficient_scope: the scope needed (RFC 6750).
                     * @example Bearer realm="agent-commerce", scope="checkout:write"
                     */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.insufficient_scope"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "buyer-orderStatus": {
        parameters: {
            query: {
                /** @description The order’s id (ord_…). */
                order_id: string;
            };
            header?: {
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderStatus"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.invalid_request"];
                };
            };
            /**
             * @description `credential_required`: `details.required` names the credential or scope; the WWW-Authenticate header says the same.
             *
             *     `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.credential_required"] | components["schemas"]["Error.invalid_credential"];
                };
            };
            /** @description `insufficient_scope`: `details.required` names the scope or credential kind; mint a key with that scope or use that credential. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    /**
                     * @description Sent with insufficient_scope: the scope needed (RFC 6750).
                     * @example Bearer realm="agent-commerce", scope="checkout:write"
                     */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.insufficient_scope"];
                };
            };
            /** @description `order_not_found`: A buyer token sees its buyer’s orders; a key with dev.ucp.shopping.order:read the orders of carts made with that key. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.order_not_found"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "buyer-listWallets": {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletList"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.invalid_request"];
                };
            };
            /**
             * @description `credential_required`: `details.required` names the credential or scope; the WWW-Authenticate header says the same.
             *
             *     `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.credential_required"] | components["schemas"]["Error.invalid_credential"];
                };
            };
            /** @description `insufficient_scope`: `details.required` names the scope or credential kind; mint a key with that scope or use that credential. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    /**
                     * @description Sent with insufficient_scope: the scope needed (RFC 6750).
                     * @example Bearer realm="agent-commerce", scope="checkout:write"
                     */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.insufficient_scope"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "buyer-linkWallet": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description 16–64 printable ASCII characters, fresh per logical request; a retry reuses it with the same input and gets the first outcome.
                 * @example 5f0c8e3a-2b7d-4c1e-9a6f-3d8b1e7c4a20
                 */
                "Idempotency-Key": string;
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The wallet’s address (0x and 40 hex digits, any case); stored checksummed. */
                    address: string;
                    /** @description When the wallet signed, in Unix seconds: within 300 s of the service’s clock. */
                    issued_at: number;
                    /** @description The wallet’s EIP-712 signature of the WalletLink typed data (65 bytes, hex). */
                    signature: string;
                };
            };
        };
        responses: {
            /** @description This wallet was linked before: the same record. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Wallet"];
                };
            };
            /** @description Success. */
            201: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Wallet"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `IDEMPOTENCY_KEY_REQUIRED`: Send a fresh key (16–64 printable ASCII characters) per logical request; reuse it only to retry.
             *
             *     `idempotency_key_invalid`: A UUID is a good key.
             *
             *     `invalid_json`: Send a JSON document.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             *
             *     `wallet_signature_invalid`: `details.reason`: stale (issued_at is more than 300 s from now: sign again) or signer_mismatch (the EIP-712 WalletLink signature does not recover to `address`; see /api/agent/docs/overview for the typed data).
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.IDEMPOTENCY_KEY_REQUIRED"] | components["schemas"]["Error.idempotency_key_invalid"] | components["schemas"]["Error.invalid_json"] | components["schemas"]["Error.invalid_request"] | components["schemas"]["Error.wallet_signature_invalid"];
                };
            };
            /**
             * @description `credential_required`: `details.required` names the credential or scope; the WWW-Authenticate header says the same.
             *
             *     `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.credential_required"] | components["schemas"]["Error.invalid_credential"];
                };
            };
            /** @description `insufficient_scope`: `details.required` names the scope or credential kind; mint a key with that scope or use that credential. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    /**
                     * @description Sent with insufficient_scope: the scope needed (RFC 6750).
                     * @example Bearer realm="agent-commerce", scope="checkout:write"
                     */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.insufficient_scope"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /**
             * @description `idempotency_key_reused`: Use a new key for a new request; a retry must repeat the same operation with the same input (REST and MCP share one namespace per caller).
             *
             *     `idempotency_request_in_progress`: Retry after the Retry-After delay to receive its outcome.
             *
             *     `wallet_limit_reached`: Remove one you no longer pay from (DELETE /api/agent/buyer/wallets/{id}); `details.max_wallets` gives the ceiling.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.idempotency_key_reused"] | components["schemas"]["Error.idempotency_request_in_progress"] | components["schemas"]["Error.wallet_limit_reached"];
                };
            };
            /** @description `payload_too_large`: Send at most 1 MiB. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: Send `Content-Type: application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.unsupported_media_type"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "buyer-removeWallet": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description 16–64 printable ASCII characters, fresh per logical request; a retry reuses it with the same input and gets the first outcome.
                 * @example 5f0c8e3a-2b7d-4c1e-9a6f-3d8b1e7c4a20
                 */
                "Idempotency-Key": string;
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path: {
                /** @description The wallet’s id (wal_…), as linking answered it. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Wallet"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `IDEMPOTENCY_KEY_REQUIRED`: Send a fresh key (16–64 printable ASCII characters) per logical request; reuse it only to retry.
             *
             *     `idempotency_key_invalid`: A UUID is a good key.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.IDEMPOTENCY_KEY_REQUIRED"] | components["schemas"]["Error.idempotency_key_invalid"] | components["schemas"]["Error.invalid_request"];
                };
            };
            /**
             * @description `credential_required`: `details.required` names the credential or scope; the WWW-Authenticate header says the same.
             *
             *     `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.credential_required"] | components["schemas"]["Error.invalid_credential"];
                };
            };
            /** @description `insufficient_scope`: `details.required` names the scope or credential kind; mint a key with that scope or use that credential. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    /**
                     * @description Sent with insufficient_scope: the scope needed (RFC 6750).
                     * @example Bearer realm="agent-commerce", scope="checkout:write"
                     */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.insufficient_scope"];
                };
            };
            /** @description `wallet_not_found`: GET /api/agent/buyer/wallets lists the wallets this buyer (or person) linked. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.wallet_not_found"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /**
             * @description `idempotency_key_reused`: Use a new key for a new request; a retry must repeat the same operation with the same input (REST and MCP share one namespace per caller).
             *
             *     `idempotency_request_in_progress`: Retry after the Retry-After delay to receive its outcome.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.idempotency_key_reused"] | components["schemas"]["Error.idempotency_request_in_progress"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "developer-listNetworkKeys": {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NetworkKeyList"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.invalid_request"];
                };
            };
            /**
             * @description `credential_required`: `details.required` names the credential or scope; the WWW-Authenticate header says the same.
             *
             *     `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.credential_required"] | components["schemas"]["Error.invalid_credential"];
                };
            };
            /** @description `insufficient_scope`: `details.required` names the scope or credential kind; mint a key with that scope or use that credential. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    /**
                     * @description Sent with insufficient_scope: the scope needed (RFC 6750).
                     * @example Bearer realm="agent-commerce", scope="checkout:write"
                     */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.insufficient_scope"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "developer-mintNetworkKey": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description 16–64 printable ASCII characters, fresh per logical request; a retry reuses it with the same input and gets the first outcome.
                 * @example 5f0c8e3a-2b7d-4c1e-9a6f-3d8b1e7c4a20
                 */
                "Idempotency-Key": string;
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A name to recognise the key by (1–64 characters). */
                    name: string;
                    /** @description Scopes to grant; [] is valid (open operations only). */
                    scopes: ("buyer:write" | "dev.ucp.shopping.order:read" | "checkout:write" | "acp:platform")[];
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MintedNetworkKey"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `IDEMPOTENCY_KEY_REQUIRED`: Send a fresh key (16–64 printable ASCII characters) per logical request; reuse it only to retry.
             *
             *     `idempotency_key_invalid`: A UUID is a good key.
             *
             *     `invalid_json`: Send a JSON document.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.IDEMPOTENCY_KEY_REQUIRED"] | components["schemas"]["Error.idempotency_key_invalid"] | components["schemas"]["Error.invalid_json"] | components["schemas"]["Error.invalid_request"];
                };
            };
            /**
             * @description `credential_required`: `details.required` names the credential or scope; the WWW-Authenticate header says the same.
             *
             *     `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.credential_required"] | components["schemas"]["Error.invalid_credential"];
                };
            };
            /**
             * @description `insufficient_scope`: `details.required` names the scope or credential kind; mint a key with that scope or use that credential.
             *
             *     `origin_refused`: Send `Origin` (or a same-origin `Referer`) equal to the service’s origin, as a browser does for its own forms; scripts use a network key instead of a session.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    /**
                     * @description Sent with insufficient_scope: the scope needed (RFC 6750).
                     * @example Bearer realm="agent-commerce", scope="checkout:write"
                     */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.insufficient_scope"] | components["schemas"]["Error.origin_refused"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /**
             * @description `idempotency_key_reused`: Use a new key for a new request; a retry must repeat the same operation with the same input (REST and MCP share one namespace per caller).
             *
             *     `idempotency_request_in_progress`: Retry after the Retry-After delay to receive its outcome.
             *
             *     `key_limit_reached`: Revoke a key you no longer use (DELETE /api/developer/network-keys/{id}) to free a slot.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.idempotency_key_reused"] | components["schemas"]["Error.idempotency_request_in_progress"] | components["schemas"]["Error.key_limit_reached"];
                };
            };
            /** @description `payload_too_large`: Send at most 1 MiB. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: Send `Content-Type: application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.unsupported_media_type"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "developer-revokeNetworkKey": {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path: {
                /** @description The key’s id (key_…). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NetworkKey"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.invalid_request"];
                };
            };
            /**
             * @description `credential_required`: `details.required` names the credential or scope; the WWW-Authenticate header says the same.
             *
             *     `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.credential_required"] | components["schemas"]["Error.invalid_credential"];
                };
            };
            /**
             * @description `insufficient_scope`: `details.required` names the scope or credential kind; mint a key with that scope or use that credential.
             *
             *     `origin_refused`: Send `Origin` (or a same-origin `Referer`) equal to the service’s origin, as a browser does for its own forms; scripts use a network key instead of a session.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    /**
                     * @description Sent with insufficient_scope: the scope needed (RFC 6750).
                     * @example Bearer realm="agent-commerce", scope="checkout:write"
                     */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.insufficient_scope"] | components["schemas"]["Error.origin_refused"];
                };
            };
            /** @description `key_not_found`: GET /api/developer/network-keys lists the account’s keys. On UCP’s binding (401): the request signature’s keyid is not in the platform profile’s signing_keys. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.key_not_found"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "developer-listAgentProfiles": {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentProfileList"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.invalid_request"];
                };
            };
            /**
             * @description `credential_required`: `details.required` names the credential or scope; the WWW-Authenticate header says the same.
             *
             *     `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.credential_required"] | components["schemas"]["Error.invalid_credential"];
                };
            };
            /** @description `insufficient_scope`: `details.required` names the scope or credential kind; mint a key with that scope or use that credential. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    /**
                     * @description Sent with insufficient_scope: the scope needed (RFC 6750).
                     * @example Bearer realm="agent-commerce", scope="checkout:write"
                     */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.insufficient_scope"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "developer-addAgentProfile": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description 16–64 printable ASCII characters, fresh per logical request; a retry reuses it with the same input and gets the first outcome.
                 * @example 5f0c8e3a-2b7d-4c1e-9a6f-3d8b1e7c4a20
                 */
                "Idempotency-Key": string;
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The platform profile’s URL (absolute https), as agents send it in UCP-Agent. */
                    url: string;
                };
            };
        };
        responses: {
            /** @description The account listed this profile before: the same record. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentProfile"];
                };
            };
            /** @description Success. */
            201: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentProfile"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `IDEMPOTENCY_KEY_REQUIRED`: Send a fresh key (16–64 printable ASCII characters) per logical request; reuse it only to retry.
             *
             *     `idempotency_key_invalid`: A UUID is a good key.
             *
             *     `invalid_json`: Send a JSON document.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.IDEMPOTENCY_KEY_REQUIRED"] | components["schemas"]["Error.idempotency_key_invalid"] | components["schemas"]["Error.invalid_json"] | components["schemas"]["Error.invalid_request"];
                };
            };
            /**
             * @description `credential_required`: `details.required` names the credential or scope; the WWW-Authenticate header says the same.
             *
             *     `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.credential_required"] | components["schemas"]["Error.invalid_credential"];
                };
            };
            /**
             * @description `insufficient_scope`: `details.required` names the scope or credential kind; mint a key with that scope or use that credential.
             *
             *     `origin_refused`: Send `Origin` (or a same-origin `Referer`) equal to the service’s origin, as a browser does for its own forms; scripts use a network key instead of a session.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    /**
                     * @description Sent with insufficient_scope: the scope needed (RFC 6750).
                     * @example Bearer realm="agent-commerce", scope="checkout:write"
                     */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.insufficient_scope"] | components["schemas"]["Error.origin_refused"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /**
             * @description `idempotency_key_reused`: Use a new key for a new request; a retry must repeat the same operation with the same input (REST and MCP share one namespace per caller).
             *
             *     `idempotency_request_in_progress`: Retry after the Retry-After delay to receive its outcome.
             *
             *     `agent_profile_limit_reached`: Remove one it no longer speaks for (DELETE /api/developer/agent-profiles?url=…) to free a slot; `details.max_agent_profiles` gives the ceiling.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.idempotency_key_reused"] | components["schemas"]["Error.idempotency_request_in_progress"] | components["schemas"]["Error.agent_profile_limit_reached"];
                };
            };
            /** @description `payload_too_large`: Send at most 1 MiB. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: Send `Content-Type: application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.unsupported_media_type"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "developer-removeAgentProfile": {
        parameters: {
            query: {
                /** @description The listed profile URL, in the query (URL-encoded). */
                url: string;
            };
            header?: {
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentProfile"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.invalid_request"];
                };
            };
            /**
             * @description `credential_required`: `details.required` names the credential or scope; the WWW-Authenticate header says the same.
             *
             *     `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.credential_required"] | components["schemas"]["Error.invalid_credential"];
                };
            };
            /**
             * @description `insufficient_scope`: `details.required` names the scope or credential kind; mint a key with that scope or use that credential.
             *
             *     `origin_refused`: Send `Origin` (or a same-origin `Referer`) equal to the service’s origin, as a browser does for its own forms; scripts use a network key instead of a session.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    /**
                     * @description Sent with insufficient_scope: the scope needed (RFC 6750).
                     * @example Bearer realm="agent-commerce", scope="checkout:write"
                     */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.insufficient_scope"] | components["schemas"]["Error.origin_refused"];
                };
            };
            /** @description `agent_profile_not_found`: GET /api/developer/agent-profiles lists the account’s profiles, as WHATWG URL writes them. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.agent_profile_not_found"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "developer-getAcpPlatform": {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AcpPlatform"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.invalid_request"];
                };
            };
            /**
             * @description `credential_required`: `details.required` names the credential or scope; the WWW-Authenticate header says the same.
             *
             *     `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.credential_required"] | components["schemas"]["Error.invalid_credential"];
                };
            };
            /** @description `insufficient_scope`: `details.required` names the scope or credential kind; mint a key with that scope or use that credential. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    /**
                     * @description Sent with insufficient_scope: the scope needed (RFC 6750).
                     * @example Bearer realm="agent-commerce", scope="checkout:write"
                     */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.insufficient_scope"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "developer-updateAcpPlatform": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description 16–64 printable ASCII characters, fresh per logical request; a retry reuses it with the same input and gets the first outcome.
                 * @example 5f0c8e3a-2b7d-4c1e-9a6f-3d8b1e7c4a20
                 */
                "Idempotency-Key": string;
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The platform’s order-events URL (absolute https); null clears it. */
                    webhook_url?: string | null;
                    /** @description The platform’s public signing key as a JWK (EC P-256 or Ed25519); null clears it. */
                    signing_jwk?: {
                        [key: string]: unknown;
                    } | null;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AcpPlatformChange"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `IDEMPOTENCY_KEY_REQUIRED`: Send a fresh key (16–64 printable ASCII characters) per logical request; reuse it only to retry.
             *
             *     `idempotency_key_invalid`: A UUID is a good key.
             *
             *     `invalid_json`: Send a JSON document.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.IDEMPOTENCY_KEY_REQUIRED"] | components["schemas"]["Error.idempotency_key_invalid"] | components["schemas"]["Error.invalid_json"] | components["schemas"]["Error.invalid_request"];
                };
            };
            /**
             * @description `credential_required`: `details.required` names the credential or scope; the WWW-Authenticate header says the same.
             *
             *     `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.credential_required"] | components["schemas"]["Error.invalid_credential"];
                };
            };
            /**
             * @description `insufficient_scope`: `details.required` names the scope or credential kind; mint a key with that scope or use that credential.
             *
             *     `origin_refused`: Send `Origin` (or a same-origin `Referer`) equal to the service’s origin, as a browser does for its own forms; scripts use a network key instead of a session.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    /**
                     * @description Sent with insufficient_scope: the scope needed (RFC 6750).
                     * @example Bearer realm="agent-commerce", scope="checkout:write"
                     */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.insufficient_scope"] | components["schemas"]["Error.origin_refused"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /**
             * @description `idempotency_key_reused`: Use a new key for a new request; a retry must repeat the same operation with the same input (REST and MCP share one namespace per caller).
             *
             *     `idempotency_request_in_progress`: Retry after the Retry-After delay to receive its outcome.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.idempotency_key_reused"] | components["schemas"]["Error.idempotency_request_in_progress"];
                };
            };
            /** @description `payload_too_large`: Send at most 1 MiB. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: Send `Content-Type: application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.unsupported_media_type"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "developer-rotateAcpWebhookSecret": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description 16–64 printable ASCII characters, fresh per logical request; a retry reuses it with the same input and gets the first outcome.
                 * @example 5f0c8e3a-2b7d-4c1e-9a6f-3d8b1e7c4a20
                 */
                "Idempotency-Key": string;
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AcpWebhookSecretRotated"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `IDEMPOTENCY_KEY_REQUIRED`: Send a fresh key (16–64 printable ASCII characters) per logical request; reuse it only to retry.
             *
             *     `idempotency_key_invalid`: A UUID is a good key.
             *
             *     `invalid_json`: Send a JSON document.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.IDEMPOTENCY_KEY_REQUIRED"] | components["schemas"]["Error.idempotency_key_invalid"] | components["schemas"]["Error.invalid_json"] | components["schemas"]["Error.invalid_request"];
                };
            };
            /**
             * @description `credential_required`: `details.required` names the credential or scope; the WWW-Authenticate header says the same.
             *
             *     `invalid_credential`: An Authorization header is always honoured: there is no fallback to the open path. Remove it to call open endpoints.
             */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.credential_required"] | components["schemas"]["Error.invalid_credential"];
                };
            };
            /**
             * @description `insufficient_scope`: `details.required` names the scope or credential kind; mint a key with that scope or use that credential.
             *
             *     `origin_refused`: Send `Origin` (or a same-origin `Referer`) equal to the service’s origin, as a browser does for its own forms; scripts use a network key instead of a session.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    /**
                     * @description Sent with insufficient_scope: the scope needed (RFC 6750).
                     * @example Bearer realm="agent-commerce", scope="checkout:write"
                     */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.insufficient_scope"] | components["schemas"]["Error.origin_refused"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /**
             * @description `idempotency_key_reused`: Use a new key for a new request; a retry must repeat the same operation with the same input (REST and MCP share one namespace per caller).
             *
             *     `idempotency_request_in_progress`: Retry after the Retry-After delay to receive its outcome.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.idempotency_key_reused"] | components["schemas"]["Error.idempotency_request_in_progress"];
                };
            };
            /** @description `payload_too_large`: Send at most 1 MiB. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: Send `Content-Type: application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.unsupported_media_type"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "adminOrders-recordFulfillmentEvent": {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description 16–64 printable ASCII characters, fresh per logical request; a retry reuses it with the same input and gets the first outcome. Optional: without it the call runs as any call does.
                 * @example 5f0c8e3a-2b7d-4c1e-9a6f-3d8b1e7c4a20
                 */
                "Idempotency-Key"?: string;
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path: {
                /** @description The order’s id (ord_…). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description `shipped`: handed to the carrier; counts into each line’s quantity.fulfilled. `delivered`: received by the buyer; covers units already shipped.
                     * @enum {string}
                     */
                    type: "shipped" | "delivered";
                    /** @description The seller whose shipment this is; may be left out when every line of the order is one seller’s. Sellers ship separately. */
                    seller_handle?: string;
                    /** @description The seller’s lines and quantities the event covers. Left out: every unit of the seller’s lines still to ship (shipped) or shipped and not yet delivered (delivered). */
                    line_items?: {
                        /** @description The order line’s id (item_…), as line_items[].id of the UCP order names it. */
                        id: string;
                        /** @description How many of the line’s units the event covers. */
                        quantity: number;
                    }[];
                    /** @description The carrier’s name, e.g. UPS. */
                    carrier?: string;
                    /** @description The carrier’s tracking number. */
                    tracking_number: string;
                    /**
                     * Format: uri
                     * @description An https page where the shipment is tracked.
                     */
                    tracking_url: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FulfillmentEvent"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `idempotency_key_invalid`: A UUID is a good key.
             *
             *     `invalid_json`: Send a JSON document.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             *
             *     `fulfillment_seller_invalid`: Sellers ship separately; seller_handle may be left out only when the order has one seller. `details.sellers` lists the order’s.
             *
             *     `fulfillment_line_invalid`: Line ids are the UCP order’s line_items[].id (item_…); `details.seller_lines` lists the seller’s.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.idempotency_key_invalid"] | components["schemas"]["Error.invalid_json"] | components["schemas"]["Error.invalid_request"] | components["schemas"]["Error.fulfillment_seller_invalid"] | components["schemas"]["Error.fulfillment_line_invalid"];
                };
            };
            /** @description `credential_required`: `details.required` names the credential or scope; the WWW-Authenticate header says the same. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.credential_required"];
                };
            };
            /**
             * @description `admin_disabled`: Set ADMIN_TOKEN on the server, or use `npm run limits`.
             *
             *     `admin_token_invalid`: Use the ADMIN_TOKEN bearer.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.admin_disabled"] | components["schemas"]["Error.admin_token_invalid"];
                };
            };
            /** @description `order_not_found`: A buyer token sees its buyer’s orders; a key with dev.ucp.shopping.order:read the orders of carts made with that key. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.order_not_found"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /**
             * @description `idempotency_key_reused`: Use a new key for a new request; a retry must repeat the same operation with the same input (REST and MCP share one namespace per caller).
             *
             *     `idempotency_request_in_progress`: Retry after the Retry-After delay to receive its outcome.
             *
             *     `order_not_fulfillable`: `details.status` is the order’s status; only a placed order ships.
             *
             *     `fulfillment_quantity_exceeded`: shipped: at most the units not yet shipped; delivered: at most those shipped and not yet delivered. `details.remaining` says how many.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.idempotency_key_reused"] | components["schemas"]["Error.idempotency_request_in_progress"] | components["schemas"]["Error.order_not_fulfillable"] | components["schemas"]["Error.fulfillment_quantity_exceeded"];
                };
            };
            /** @description `payload_too_large`: Send at most 1 MiB. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: Send `Content-Type: application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.unsupported_media_type"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "adminX402-paymentsForReview": {
        parameters: {
            query?: {
                /** @description How many (default 100). */
                limit?: number;
            };
            header?: {
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payments: components["schemas"]["X402PaymentForReview"][];
                    };
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.invalid_request"];
                };
            };
            /** @description `credential_required`: `details.required` names the credential or scope; the WWW-Authenticate header says the same. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.credential_required"];
                };
            };
            /**
             * @description `admin_disabled`: Set ADMIN_TOKEN on the server, or use `npm run limits`.
             *
             *     `admin_token_invalid`: Use the ADMIN_TOKEN bearer.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.admin_disabled"] | components["schemas"]["Error.admin_token_invalid"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "adminX402-decidePayment": {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path: {
                /** @description The payment (xpay_…). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    outcome: "place" | "release";
                    /** @description With `place`: the transaction that moved the money to the payee, as the chain shows it. */
                    transaction?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["X402PaymentForReview"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `invalid_json`: Send a JSON document.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.invalid_json"] | components["schemas"]["Error.invalid_request"];
                };
            };
            /** @description `credential_required`: `details.required` names the credential or scope; the WWW-Authenticate header says the same. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.credential_required"];
                };
            };
            /**
             * @description `admin_disabled`: Set ADMIN_TOKEN on the server, or use `npm run limits`.
             *
             *     `admin_token_invalid`: Use the ADMIN_TOKEN bearer.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.admin_disabled"] | components["schemas"]["Error.admin_token_invalid"];
                };
            };
            /** @description `x402_payment_not_found`: GET /api/admin/x402/payments/review (or npm run x402:reconcile) lists the payments left for review, with their ids (xpay_…). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.x402_payment_not_found"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /** @description `x402_payment_not_in_review`: `details.status` says where it stands: settled or failed (already decided), or pending and not left for review (a settle, the sweep or the chain still decides it). */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.x402_payment_not_in_review"];
                };
            };
            /** @description `payload_too_large`: Send at most 1 MiB. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: Send `Content-Type: application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.unsupported_media_type"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "adminX402-fundLedger": {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description 16–64 printable ASCII characters, fresh per logical request; a retry reuses it with the same input and gets the first outcome. Optional: without it the call runs as any call does.
                 * @example 5f0c8e3a-2b7d-4c1e-9a6f-3d8b1e7c4a20
                 */
                "Idempotency-Key"?: string;
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The wallet to top up, in any case. */
                    address: string;
                    /** @description What to add, in the asset’s atomic units (USDC has 6 decimals: 12500000 is 12.5 USDC); below 10^18. */
                    amount: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LedgerTopUp"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `idempotency_key_invalid`: A UUID is a good key.
             *
             *     `invalid_json`: Send a JSON document.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.idempotency_key_invalid"] | components["schemas"]["Error.invalid_json"] | components["schemas"]["Error.invalid_request"];
                };
            };
            /** @description `credential_required`: `details.required` names the credential or scope; the WWW-Authenticate header says the same. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.credential_required"];
                };
            };
            /**
             * @description `admin_disabled`: Set ADMIN_TOKEN on the server, or use `npm run limits`.
             *
             *     `admin_token_invalid`: Use the ADMIN_TOKEN bearer.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.admin_disabled"] | components["schemas"]["Error.admin_token_invalid"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /**
             * @description `idempotency_key_reused`: Use a new key for a new request; a retry must repeat the same operation with the same input (REST and MCP share one namespace per caller).
             *
             *     `idempotency_request_in_progress`: Retry after the Retry-After delay to receive its outcome.
             *
             *     `x402_ledger_not_in_use`: Fund the wallet on the chain X402_NETWORK names instead.
             *
             *     `x402_ledger_balance_limit`: Top up less: the balance and `details.max_balance` are in the asset’s atomic units.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.idempotency_key_reused"] | components["schemas"]["Error.idempotency_request_in_progress"] | components["schemas"]["Error.x402_ledger_not_in_use"] | components["schemas"]["Error.x402_ledger_balance_limit"];
                };
            };
            /** @description `payload_too_large`: Send at most 1 MiB. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: Send `Content-Type: application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.unsupported_media_type"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "webhooks-failedDeliveries": {
        parameters: {
            query?: {
                /** @description How many (default 100). */
                limit?: number;
            };
            header?: {
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveries: components["schemas"]["WebhookDelivery"][];
                    };
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.invalid_request"];
                };
            };
            /** @description `credential_required`: `details.required` names the credential or scope; the WWW-Authenticate header says the same. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.credential_required"];
                };
            };
            /**
             * @description `admin_disabled`: Set ADMIN_TOKEN on the server, or use `npm run limits`.
             *
             *     `admin_token_invalid`: Use the ADMIN_TOKEN bearer.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.admin_disabled"] | components["schemas"]["Error.admin_token_invalid"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
    "webhooks-retryDelivery": {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your own id for the request, echoed in the Request-Id response header; one is generated when absent or not of this form.
                 * @example shopbot-7d2f1c9e
                 */
                "Request-Id"?: string;
            };
            path: {
                /** @description The delivery’s Webhook-Id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /**
             * @description `malformed_request`: Check the request line, that header names and values hold no control characters, and send Content-Length or Transfer-Encoding, not both. The connection is closed after this answer.
             *
             *     `invalid_json`: Send a JSON document.
             *
             *     `invalid_request`: `details.issues` lists each problem as {path, message}.
             */
            400: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.malformed_request"] | components["schemas"]["Error.invalid_json"] | components["schemas"]["Error.invalid_request"];
                };
            };
            /** @description `credential_required`: `details.required` names the credential or scope; the WWW-Authenticate header says the same. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.credential_required"];
                };
            };
            /**
             * @description `admin_disabled`: Set ADMIN_TOKEN on the server, or use `npm run limits`.
             *
             *     `admin_token_invalid`: Use the ADMIN_TOKEN bearer.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.admin_disabled"] | components["schemas"]["Error.admin_token_invalid"];
                };
            };
            /** @description `not_found`: Check the path against /api/openapi.json. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.not_found"];
                };
            };
            /** @description `method_not_allowed`: The Allow header lists the methods the path accepts. */
            405: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.method_not_allowed"];
                };
            };
            /** @description `payload_too_large`: Send at most 1 MiB. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: Send `Content-Type: application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.unsupported_media_type"];
                };
            };
            /** @description `rate_limited`: Request rate: each caller has an allowance per window (open per agent profile, signed per verified profile, credential per caller; RateLimit-Policy and RateLimit say which and what is left), and `details.retry_after` gives the seconds until the window ends. Also network keys (5 mints per account in a rolling hour) and buyer codes (5 per buyer an hour). `Retry-After` gives the seconds until the next one is allowed. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.rate_limited"];
                };
            };
            /** @description `request_header_fields_too_large`: Shorten the URL (a long input belongs in a POST body or a shorter query) or send fewer, shorter headers. */
            431: {
                headers: {
                    /**
                     * @description The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback. Absent on malformed_request and request_header_fields_too_large, answered before a request exists.
                     * @example req_01kt2j28pzwq817ysfzgf1gjtv
                     */
                    "Request-Id"?: string;
                    /**
                     * @description What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session. Absent on malformed_request and request_header_fields_too_large.
                     * @example open
                     */
                    "Service-Agent-Trust"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.request_header_fields_too_large"];
                };
            };
            /** @description `internal_error`: Quote `request_id` when reporting it through POST /api/agent/feedback. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.internal_error"];
                };
            };
            /** @description `service_unavailable`: Temporary: retry with the same Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Agent-Trust": components["headers"]["Service-Agent-Trust"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error.service_unavailable"];
                };
            };
        };
    };
}
