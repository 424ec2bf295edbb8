/**
 * Buyer identity and order history. A key (or an OAuth token) with buyer:write registers a person's
 * e-mail address as a buyer of its account (or of the token's person, for that client) and has a
 * code mailed to it; the code, read back by the person, verifies the buyer and gives the agent a
 * buyer token, which then reads the buyer's own record and orders and makes carts that are the
 * buyer's. With an OAuth token the person is already known: `me` (with buyer:write or
 * dev.ucp.shopping.order:read) and `orders` (with the latter) answer for them, across every client
 * they connected. A key with dev.ucp.shopping.order:read reads the status of orders of carts it made.
 * A buyer token (or an OAuth token with buyer:write, for the person) links the wallets its x402
 * checkouts are paid from, each proven by its own signature (buyers/wallets.ts).
 */
import { z } from 'zod';
import { buyerRecord, claimCodeAttempt, CODE_MINUTES, issueCode, loadBuyer, registerBuyer, verifyCode, type BuyerRow, type Verifier } from '../buyers/buyers';
import { LINK_FRESH_SECONDS, linkWallet, listWallets, MAX_WALLETS, removeWallet, walletOwner, walletRecord } from '../buyers/wallets';
import { ORDER_STATUSES } from '../db/schema';
import { personProfile } from '../identity/people';
import { ApiError } from '../errors/catalogue';
import { callerNamespace } from '../identity/caller';
import type { BuyerCredential, KeyCredential, OAuthCredential } from '../identity/credentials';
import { emailAddress } from '../lib/email';
import { MailNotSent } from '../mail/mailer';
import { fulfillmentEventRecord } from '../orders/fulfillment-schemas';
import { listOrders, orderStatus } from '../orders/history';
import type { RequestContext } from '../trpc/context';
import { idempotent } from '../trpc/idempotency';
import { router } from '../trpc/init';
import { credential } from '../trpc/procedures';
import { x402Network } from '../x402/networks';
import { orderWebhookDelivery } from './webhooks';

/** Stands for a buyer the example key registered for the call alone (test/support/openapi-examples.ts). */
export const EXAMPLE_BUYER = 'buy_01kt2j3m5v8x4q2w7e9r6t1y3c';

const buyerId = z.string().min(1).max(100).describe('The buyer’s id (buy_…), as registering answered it.');

const buyerRef = z
  .object({
    buyer_id: z.string().describe('The buyer’s id (buy_…).'),
    status: z.enum(['unverified', 'verified']).describe('verified once the person read back a code.'),
  })
  .meta({ id: 'BuyerRef' });

const buyerProfile = z
  .object({
    id: z.string().describe('The buyer’s id (buy_…).'),
    email: z.string().describe('The address, lower case.'),
    name: z.string().nullable().describe('The name given when registering, if any.'),
    verified_at: z.string().datetime().nullable().describe('When the person first read back a code.'),
    linked_platforms: z.array(z.string()).describe('Platforms (agent profiles) the person linked through OAuth identity linking; empty until then.'),
  })
  .meta({ id: 'Buyer' });

const orderLine = z.object({
  variant_id: z.string(),
  sku: z.string(),
  product_id: z.string(),
  seller_handle: z.string(),
  title: z.string(),
  variant_title: z.string(),
  unit_price_cents: z.number().int(),
  quantity: z.number().int(),
  line_total_cents: z.number().int(),
});
const orderStatusValue = z
  .enum(ORDER_STATUSES)
  .describe('pending_payment: an x402 payment is being settled (its stock is held); placed: paid and placed with the sellers; voided: the payment could not be taken, nothing was charged.');

const orderSummary = z
  .object({
    order_id: z.string().describe('The order’s id (ord_…).'),
    status: orderStatusValue,
    line_items: z.array(orderLine).describe('What was bought, at the prices paid.'),
    totals: z.object({ subtotal_cents: z.number().int(), delivery_cents: z.number().int(), total_cents: z.number().int(), currency: z.string() }),
    created_at: z.string().datetime().describe('When it was placed.'),
  })
  .meta({ id: 'BuyerOrder' });

const walletSchema = z
  .object({
    id: z.string().describe('The wallet’s id (wal_…).'),
    address: z.string().describe('The wallet’s address, checksummed (EIP-55).'),
    created_at: z.string().datetime().describe('When it was linked.'),
  })
  .meta({ id: 'Wallet' });
const walletId = z.string().min(1).max(100).describe('The wallet’s id (wal_…), as linking answered it.');

/** What a wallet signs to be linked, said once for the REST and MCP descriptions. */
const WALLET_LINK_RULE = `The wallet signs EIP-712 typed data: domain {name: "Agent Commerce", version: "1", chainId} (chainId: the chain checkout pays on, 84532 on base-sepolia, 8453 on base; no verifyingContract), primaryType WalletLink, types WalletLink(string service,string buyer,address wallet,uint256 issuedAt), message {service: this service’s base URL, no trailing slash (what /api/mcp and /api/openapi.json follow; the servers entry of /api/openapi.json), buyer: the id GET /api/agent/buyer/me answers (buy_…, or with an OAuth token the person’s acct_…), wallet: address, issuedAt: issued_at}. issued_at is Unix seconds within ${LINK_FRESH_SECONDS} s of now, else 400 wallet_signature_invalid (reason stale); a signature that does not recover to address is reason signer_mismatch. Plain wallets (EOA) only: smart-contract signatures are not checked.`;
/** A wallet no buyer has, for the example of the 404 every caller gets for such an id. */
const UNKNOWN_WALLET = 'wal_01kt2j3m5v8x4q2w7e9r6t1y5e';

/**
 * Who owns the buyers this caller registers. buyer:write is a key's or an OAuth token's (a buyer
 * token never carries it): the key's account, or the person for that OAuth client (its namespace,
 * `oauth:<client>:<account>`, as the carts it makes): another person on the same client sees none.
 */
function ownerOf(ctx: RequestContext): string {
  const credential = ctx.caller.credential as KeyCredential | OAuthCredential;
  return credential.kind === 'oauth' ? callerNamespace(ctx.caller) : `account:${credential.accountId}`;
}

/**
 * What a verified buyer's token is bound to: the verifying key, or the OAuth grant and the resource
 * its token was for (a token verified through an MCP-only token is MCP-only), with its scopes.
 */
function verifierOf(ctx: RequestContext): Verifier {
  const credential = ctx.caller.credential as KeyCredential | OAuthCredential;
  return credential.kind === 'oauth'
    ? { grantId: credential.grantId, resource: credential.resource, scopes: credential.scopes }
    : { keyId: credential.keyId, scopes: credential.scopes };
}

/** Whose orders a buyer token (its buyer) or an OAuth token (the person) reads. */
function readerOf(ctx: RequestContext): { buyerId: string } | { accountId: string } {
  const credential = ctx.caller.credential as BuyerCredential | OAuthCredential;
  return credential.kind === 'oauth' ? { accountId: credential.accountId } : { buyerId: credential.buyerId };
}

export const buyerRouter = router({
  register: credential('buyer:write')
    .meta({
      op: { successStatus: 201, otherSuccess: { status: 200, description: 'This address was registered before: the same buyer.' } },
      examples: { register: { summary: 'Register a person by e-mail address', input: { email: 'grace@example.org', name: 'Grace Hopper' } } },
      openapi: {
        method: 'POST',
        path: '/api/agent/buyer',
        tags: ['buyer'],
        summary: 'Register a buyer',
        description:
          'Registers a person’s e-mail address as a buyer of your developer account (any of its keys may use it; nobody else sees it), or, with an OAuth access token, of the person who allowed it, for that client alone. Needs a credential with buyer:write. 201 with the new buyer; the same address again, in any case, answers 200 with the same buyer. Then have a code sent (POST /api/agent/buyer/otp).',
      },
      tool: { name: 'register_buyer', title: 'Register a buyer', description: 'Registers a person’s e-mail address as a buyer (same address: the same buyer). Needs a credential with buyer:write. Next: request_buyer_code, then verify_buyer with the code the person reads back.' },
    })
    .input(
      z
        .object({
          email: emailAddress().describe('The person’s e-mail address; codes are sent to it.'),
          name: z.string().trim().min(1).max(200).describe('The person’s name, if known.').optional(),
        })
        .strict(),
    )
    .concat(idempotent)
    .output(buyerRef)
    .mutation(async ({ ctx, input }) => {
      const { row, created } = await registerBuyer(ctx.db, ownerOf(ctx), input);
      if (!created) ctx.response.status = 200;
      return buyerRecord(row);
    }),

  sendOtp: credential('buyer:write')
    .meta({
      op: { successStatus: 202, errors: ['buyer_not_found', 'rate_limited'] },
      examples: { send: { summary: 'Mail a code to the buyer', input: { buyer_id: EXAMPLE_BUYER } } },
      openapi: {
        method: 'POST',
        path: '/api/agent/buyer/otp',
        tags: ['buyer'],
        summary: 'Send a buyer a one-time code',
        description: `Mails the buyer a 6-digit code, valid ${CODE_MINUTES} minutes; a new code replaces the last. At most 5 codes per buyer an hour (else 429 rate_limited with Retry-After). Needs a credential with buyer:write. The code is mailed once the request has committed: if the mail server refuses it, the answer is 503 and a retry with the same Idempotency-Key sends again.`,
      },
      tool: { name: 'request_buyer_code', title: 'Send a buyer a code', description: 'Mails the buyer a 6-digit code (10 minutes). Ask the person to read it back to you, then call verify_buyer. At most 5 codes per buyer an hour.' },
    })
    .input(z.object({ buyer_id: buyerId }).strict())
    .concat(idempotent)
    .output(
      z
        .object({
          buyer_id: z.string(),
          status: z.literal('sent').describe('The code is on its way to the buyer’s address.'),
          expires_at: z.string().datetime().describe('When the code stops working.'),
        })
        .meta({ id: 'BuyerCodeSent' }),
    )
    .mutation(async ({ ctx, input }) => {
      const buyer = await loadBuyer(ctx.db, ownerOf(ctx), input.buyer_id);
      const now = new Date();
      const code = await issueCode(ctx.db, buyer, ctx.services.keys.key('buyer-code'), now);
      ctx.afterCommit.push(() => mailCode(ctx, buyer, code));
      return { buyer_id: buyer.id, status: 'sent' as const, expires_at: new Date(now.getTime() + CODE_MINUTES * 60_000).toISOString() };
    }),

  verify: credential('buyer:write')
    .meta({
      op: { errors: ['buyer_not_found', 'invalid_code', 'code_expired', 'code_attempts_exceeded'] },
      examples: { 'no-code-sent': { summary: 'A code for a buyer no code was sent to (or whose code was used up)', input: { buyer_id: EXAMPLE_BUYER, code: '000000' } } },
      openapi: {
        method: 'POST',
        path: '/api/agent/buyer/verify',
        tags: ['buyer'],
        summary: 'Verify a buyer’s one-time code',
        description:
          'Checks the code the person read back. Right: the buyer is verified and you get a buyer token (bt_live_…, 30 days; send it as Authorization: Bearer) that acts for the buyer: GET /api/agent/buyer/me and /api/agent/buyer/orders, and carts that are the buyer’s. The token carries the scopes of the key or OAuth token that verified (less buyer:write) and dies with that key or grant; verified through an OAuth token for the MCP resource alone, it is refused on REST as that token is. Wrong: 400 invalid_code with details.attempts_left. A buyer’s code may be tried 5 times in 15 minutes, a right code clearing the tries; past that 429 code_attempts_exceeded with Retry-After, even for the right code. Expired: 400 code_expired. Needs a credential with buyer:write.',
      },
      tool: { name: 'verify_buyer', title: 'Verify a buyer’s code', description: 'Checks the 6-digit code the person read back and answers a buyer token (Authorization: Bearer bt_live_…) that acts for the buyer. 5 tries in 15 minutes, a right code clearing them; then verification is locked until the window moves on.' },
    })
    .input(z.object({ buyer_id: buyerId, code: z.string().regex(/^\d{6}$/, 'must be the 6 digits of the code').describe('The 6-digit code the person received.') }).strict())
    .use(({ ctx, input, next }) => {
      // The try is claimed once the key is (a replay spends none), committed before the check.
      ctx.beforeTransaction.push(async (db) => claimCodeAttempt(db, await loadBuyer(db, ownerOf(ctx), input.buyer_id)));
      return next();
    })
    .concat(idempotent)
    .output(
      z
        .object({
          buyer_token: z.string().describe('bt_live_ and 43 characters: send it as Authorization: Bearer. Shown in this answer only (and its idempotent replay).'),
          expires_at: z.string().datetime().describe('When the token stops working (30 days).'),
          buyer: buyerProfile,
        })
        .meta({ id: 'VerifiedBuyer' }),
    )
    .mutation(async ({ ctx, input }) => {
      const buyer = await loadBuyer(ctx.db, ownerOf(ctx), input.buyer_id);
      const verified = await verifyCode(ctx.db, buyer, input.code, { codeKey: ctx.services.keys.key('buyer-code'), verifier: verifierOf(ctx) });
      return { buyer_token: verified.token, expires_at: verified.expiresAt.toISOString(), buyer: profile(verified.buyer) };
    }),

  me: credential('buyer_token', { person: ['buyer:write', 'dev.ucp.shopping.order:read'] })
    .meta({
      examples: { me: { summary: 'The buyer a token acts for', input: {} } },
      openapi: {
        method: 'GET',
        path: '/api/agent/buyer/me',
        tags: ['buyer'],
        summary: 'The verified buyer',
        description:
          'The buyer a buyer token acts for, or, with an OAuth access token carrying buyer:write or dev.ucp.shopping.order:read, the person who allowed it (their account: id, address, and the platforms their linked calls were credited to); an OAuth token with neither is 403 insufficient_scope with details.required buyer:write. A key is 403 insufficient_scope with details.required buyer_token.',
      },
      tool: { name: 'get_buyer', title: 'The verified buyer', description: 'The buyer your buyer token acts for, or the person who connected you (OAuth, with buyer:write or dev.ucp.shopping.order:read): id, address, name, when verified, linked platforms.' },
    })
    .input(z.object({}).strict())
    .output(buyerProfile)
    .query(async ({ ctx }) => {
      const credential = ctx.caller.credential as BuyerCredential | OAuthCredential;
      if (credential.kind === 'oauth') return personProfile(ctx.db, credential.accountId);
      return profile(await loadBuyer(ctx.db, credential.owner, credential.buyerId));
    }),

  orders: credential('buyer_token', { person: ['dev.ucp.shopping.order:read'] })
    .meta({
      op: { errors: ['invalid_cursor'] },
      examples: { first: { summary: 'The buyer’s latest orders', input: { limit: 10 } } },
      openapi: {
        method: 'GET',
        path: '/api/agent/buyer/orders',
        tags: ['buyer'],
        summary: 'The buyer’s order history',
        description:
          'The orders of carts made with the buyer’s token, or, with an OAuth access token carrying dev.ucp.shopping.order:read, the person’s orders from every client they connected; newest first, in pages (pass nextCursor back unchanged).',
      },
      tool: { name: 'list_buyer_orders', title: 'The buyer’s orders', description: 'The buyer’s (or, with OAuth, the person’s) orders, newest first (limit ≤ 50; pass nextCursor back for more).' },
    })
    .input(
      z
        .object({
          limit: z.number().int().min(1).max(50).default(20).describe('Orders per page (1–50, default 20).'),
          cursor: z.string().max(2000).describe('nextCursor of the previous page, unchanged.').optional(),
        })
        .strict(),
    )
    .output(z.object({ orders: z.array(orderSummary), nextCursor: z.string().nullable().describe('Pass it back for the next page; null on the last.') }).meta({ id: 'BuyerOrderPage' }))
    .query(async ({ ctx, input }) => listOrders(ctx.db, ctx.services.keys.key('cursor'), readerOf(ctx), input)),

  orderStatus: credential('dev.ucp.shopping.order:read', { buyerToken: true })
    .meta({
      op: { errors: ['order_not_found'] },
      examples: { unknown: { summary: 'An order this credential cannot see', input: { order_id: 'ord_01kt2j3m5v8x4q2w7e9r6t1y4d' } } },
      openapi: {
        method: 'GET',
        path: '/api/agent/order-status',
        tags: ['buyer'],
        summary: 'Status of an order',
        description:
          'An order’s status, every status it has had, and its fulfillment events (each seller’s shipments: shipped, delivered, with tracking). A buyer token sees its buyer’s orders; an OAuth token with dev.ucp.shopping.order:read the person’s; a key with it the orders of carts made with that key. Any other order answers 404 order_not_found, as one that does not exist.',
      },
      tool: { name: 'get_order_status', title: 'Status of an order', description: 'An order’s status (pending_payment, placed, voided), its history and its sellers’ shipments (fulfillment). Needs a buyer token, or a credential with dev.ucp.shopping.order:read for orders of carts it made.' },
    })
    .input(z.object({ order_id: z.string().min(1).max(100).describe('The order’s id (ord_…).') }).strict())
    .output(
      z
        .object({
          order_id: z.string(),
          status: orderStatusValue,
          history: z.array(z.object({ status: orderStatusValue, at: z.string().datetime() })).describe('Every status the order took, oldest first.'),
          fulfillment: z.array(fulfillmentEventRecord).describe('What happened to its sellers’ shipments (shipped, delivered), oldest first; empty until one ships.'),
          deliveries: z.array(orderWebhookDelivery).describe('Each event’s signed webhook to the platform that placed the order, oldest first: its state, attempts, the last answer’s status and the next try; empty when no platform hears of this order.'),
        })
        .meta({ id: 'OrderStatus' }),
    )
    .query(({ ctx, input }) => {
      const kind = ctx.caller.credential?.kind;
      return orderStatus(ctx.db, kind === 'buyer' || kind === 'oauth' ? readerOf(ctx) : { owner: callerNamespace(ctx.caller) }, input.order_id);
    }),

  linkWallet: credential('buyer_token', { person: ['buyer:write'] })
    .meta({
      op: {
        successStatus: 201,
        otherSuccess: { status: 200, description: 'This wallet was linked before: the same record.' },
        errors: ['wallet_signature_invalid', 'wallet_limit_reached'],
      },
      examples: {
        stale: {
          summary: 'A link signed long ago (issued_at more than 300 s from now)',
          input: {
            address: '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf',
            issued_at: 1767225600,
            signature: `0x${'ab'.repeat(64)}1b`,
          },
        },
      },
      openapi: {
        method: 'POST',
        path: '/api/agent/buyer/wallets',
        tags: ['buyer'],
        summary: 'Link a wallet to the buyer',
        description: `Links a wallet the buyer (or, with an OAuth access token carrying buyer:write, the person, across every client they connected) pays x402 checkouts from: a checkout accepts payments from linked wallets only. ${WALLET_LINK_RULE} 201 with the wallet; the same address again answers 200 with the same record (its signature checked all the same). At most ${MAX_WALLETS} wallets (409 wallet_limit_reached). Needs a buyer token; a key is 403 insufficient_scope with details.required buyer_token.`,
      },
      tool: {
        name: 'register_wallet',
        title: 'Link a wallet to the buyer',
        description: `Links a wallet your buyer (or, with OAuth, the person) pays x402 checkouts from, proven by the wallet’s signature. ${WALLET_LINK_RULE} The same address again: the same record. At most ${MAX_WALLETS} wallets.`,
      },
    })
    .input(
      z
        .object({
          address: z
            .string()
            .regex(/^0x[0-9a-fA-F]{40}$/, 'must be 0x and 40 hex digits')
            .describe('The wallet’s address (0x and 40 hex digits, any case); stored checksummed.'),
          issued_at: z.number().int().min(0).describe(`When the wallet signed, in Unix seconds: within ${LINK_FRESH_SECONDS} s of the service’s clock.`),
          signature: z
            .string()
            .regex(/^0x[0-9a-fA-F]{130}$/, 'must be 0x and 130 hex digits (65 bytes: r, s, v)')
            .describe('The wallet’s EIP-712 signature of the WalletLink typed data (65 bytes, hex).'),
        })
        .strict()
        .meta({ id: 'LinkWalletRequest' }),
    )
    .concat(idempotent)
    .output(walletSchema)
    .mutation(async ({ ctx, input }) => {
      const credential = ctx.caller.credential as BuyerCredential | OAuthCredential;
      const { config } = ctx.services;
      const { row, created } = await linkWallet(ctx.db, walletOwner(credential), input, {
        service: config.publicBaseUrl,
        buyer: linkedBuyerId(credential),
        chainId: x402Network(config.x402.network).chainId,
        now: new Date(),
      });
      if (!created) ctx.response.status = 200;
      return walletRecord(row);
    }),

  listWallets: credential('buyer_token', { person: ['buyer:write'] })
    .meta({
      examples: { list: { summary: 'The wallets linked to the buyer', input: {} } },
      openapi: {
        method: 'GET',
        path: '/api/agent/buyer/wallets',
        tags: ['buyer'],
        summary: 'The buyer’s wallets',
        description:
          'The wallets linked to the buyer (or, with an OAuth access token carrying buyer:write, to the person, from any client), oldest first: the payers an x402 checkout of theirs accepts. Needs a buyer token; a key is 403 insufficient_scope with details.required buyer_token.',
      },
      tool: { name: 'list_wallets', title: 'The buyer’s wallets', description: 'The wallets linked to your buyer (or, with OAuth, the person), oldest first: an x402 checkout is paid from one of them.' },
    })
    .input(z.object({}).strict())
    .output(z.object({ wallets: z.array(walletSchema).describe('Oldest first.') }).meta({ id: 'WalletList' }))
    .query(async ({ ctx }) => {
      const rows = await listWallets(ctx.db, walletOwner(ctx.caller.credential as BuyerCredential | OAuthCredential));
      return { wallets: rows.map(walletRecord) };
    }),

  removeWallet: credential('buyer_token', { person: ['buyer:write'] })
    .meta({
      op: { errors: ['wallet_not_found'] },
      examples: { unknown: { summary: 'A wallet this buyer has not linked (or another’s)', input: { id: UNKNOWN_WALLET } } },
      openapi: {
        method: 'DELETE',
        path: '/api/agent/buyer/wallets/{id}',
        tags: ['buyer'],
        summary: 'Unlink a wallet',
        description:
          'Unlinks one of the buyer’s (or, with an OAuth access token carrying buyer:write, the person’s) wallets and answers it: checkouts no longer accept payments from it. A wallet not linked to this buyer (another’s included) is 404 wallet_not_found. Needs a buyer token; a key is 403 insufficient_scope with details.required buyer_token.',
      },
      tool: {
        name: 'remove_wallet',
        title: 'Unlink a wallet',
        description: 'Unlinks one of your buyer’s (or, with OAuth, the person’s) wallets and answers it; x402 checkouts no longer accept payments from it.',
        rename: { id: 'wallet_id' },
        destructive: true,
      },
    })
    .input(z.object({ id: walletId }).strict())
    .concat(idempotent)
    .output(walletSchema)
    .mutation(async ({ ctx, input }) => walletRecord(await removeWallet(ctx.db, walletOwner(ctx.caller.credential as BuyerCredential | OAuthCredential), input.id))),
});

/** The id a wallet link names as `buyer`: the one `me` answers (the buyer's, or the person's account). */
function linkedBuyerId(credential: BuyerCredential | OAuthCredential): string {
  return credential.kind === 'oauth' ? credential.accountId : credential.buyerId;
}

function profile(row: BuyerRow) {
  return { id: row.id, email: row.email, name: row.name, verified_at: row.verifiedAt?.toISOString() ?? null, linked_platforms: [] };
}

async function mailCode(ctx: RequestContext, buyer: BuyerRow, code: string): Promise<void> {
  try {
    await ctx.services.mailer.send({
      to: buyer.email,
      subject: `Your code: ${code}`,
      text: `Your verification code is ${code}. It works for ${CODE_MINUTES} minutes.\n\nAn assistant acting for you asked for it, to confirm this address is yours. If you did not expect it, ignore this message.`,
      link: code,
    });
  } catch (err) {
    if (!(err instanceof MailNotSent)) throw err;
    throw new ApiError('service_unavailable', { message: 'The code could not be mailed: the mail server did not take it. Retry with the same Idempotency-Key.', headers: { 'Retry-After': '30' }, cause: err });
  }
}
