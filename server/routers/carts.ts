/**
 * Carts, on REST and as MCP tools: create, read, cancel, add / change / remove lines, set the
 * shipping address, and quick-buy (all three in one call). The work is in server/carts/*; every
 * mutation is idempotent and runs in that idempotent call's transaction. Also autonomous
 * settlement (x402, server/payments/x402-settlement.ts): REST only, never an MCP tool, for a buyer's credential
 * with checkout:write.
 */
import { z } from 'zod';
import { ITEM_REF_RULE, itemRefFields, oneItemRef, quantitySchema } from '../carts/items';
import {
  addToCart,
  cancelCart,
  createCart,
  getCart,
  quickBuy,
  removeCartItem,
  setShippingAddress,
  updateCartItem,
} from '../carts/operations';
import { cartOwner, newCartOwner } from '../carts/store';
import { EXAMPLE_PRODUCT } from './catalog';
import { cartSchema, shippingAddressSchema } from '../carts/view';
import type { ErrorCode } from '../errors/catalogue';
import { idempotent } from '../trpc/idempotency';
import { router } from '../trpc/init';
import { credential, open } from '../trpc/procedures';
import { readPayment } from '../x402/payment';
import { settleCheckout } from '../payments/x402-settlement';

const cartId = z.string().min(1).max(64).describe('The cart’s id (cart_…). Another caller’s cart answers 404 cart_not_found, as an unknown id does.');
const itemId = z.string().min(1).max(64).describe('The line’s id (item_…): the cart’s line_items[].id.');

export const cartItemInput = z
  .object({ ...itemRefFields, quantity: quantitySchema })
  .strict()
  .superRefine(oneItemRef)
  .describe(`An item to put in the cart, and its quantity. ${ITEM_REF_RULE}`);

const createCartInput = z
  .object({
    items: z.array(cartItemInput).max(500).describe('Items to start with (the same variant twice adds up on one line; at most 100 lines).').optional(),
    shipping_address: shippingAddressSchema.describe('Where the order goes; delivery is priced for it.').optional(),
  })
  .strict()
  .meta({ id: 'CreateCartRequest' });

const quickBuyInput = z
  .object({ ...itemRefFields, quantity: quantitySchema, shipping_address: shippingAddressSchema })
  .strict()
  .superRefine(oneItemRef)
  .meta({ id: 'QuickBuyRequest', description: `One item, its quantity and the shipping address. ${ITEM_REF_RULE}` });

/** Errors of every change to an existing cart. */
const CHANGE_ERRORS: ErrorCode[] = ['cart_not_found', 'cart_expired', 'cart_not_open', 'payment_in_progress'];
const ADD_ERRORS: ErrorCode[] = ['variant_not_found', 'product_not_found', 'variant_required', 'cart_line_limit', 'quantity_exceeds_limit', 'insufficient_stock'];

const rename = { id: 'cart_id', itemId: 'item_id' };

const settledCheckoutSchema = z
  .object({
    order_id: z.string().describe('The order placed (ord_…).'),
    cart_id: z.string(),
    status: z.literal('placed').describe('The payment settled and the order is placed with the sellers.'),
    amount_cents: z.number().int().describe('What was paid, in US cents (the cart’s total).'),
    currency: z.literal('USD'),
    payment: z
      .object({
        scheme: z.literal('exact'),
        network: z.string().describe('CAIP-2, e.g. eip155:84532 (Base Sepolia).'),
        asset: z.string().describe('The USDC contract paid in.'),
        amount: z.string().describe('Atomic units of the asset (USDC has 6 decimals: amount_cents × 10⁴).'),
        payer: z.string().describe('The wallet that paid (checksummed).'),
        transaction: z.string().describe('The settlement’s transaction hash as the facilitator gave it.'),
      })
      .describe('The x402 payment that settled the order.'),
  })
  .meta({ id: 'SettledCheckout' });
/** A cart id no cart has, for the examples that show the 404 every caller gets for such an id. */
const UNKNOWN_CART = 'cart_01kt2j28pzwq817ysfzgf1gjtv';
/**
 * The cart of the success examples. `npm run openapi:examples` plays each such example on a cart of
 * its own, made from the create example's input, with these ids standing for that cart's (see
 * test/support/openapi-examples.ts).
 */
export const EXAMPLE_CART = 'cart_01kt2j3m5v8x4q2w7e9r6t1y0z';
export const EXAMPLE_ITEM = 'item_01kt2j3m5v8x4q2w7e9r6t1y1a';
const ADDRESS = { name: 'Ada Lovelace', line1: '12 Analytical Way', city: 'Portland', region: 'OR', postal_code: '97201', country: 'US' };
/** What every cart tool answers, said once (get_cart's description says what it holds). */
const CART_ANSWER = 'Answers the cart, as get_cart does.';

export const cartsRouter = router({
  create: open
    .meta({
      op: { successStatus: 201, limits: ['max_item_quantity'], errors: ADD_ERRORS },
      examples: {
        'with-item-and-address': {
          summary: 'A cart with one item, named by SKU, and a US address',
          input: { items: [{ sku: 'ACM-000003', seller_handle: 'acme-outdoors', quantity: 1 }], shipping_address: ADDRESS },
        },
      },
      openapi: { method: 'POST', path: '/api/agent/cart', tags: ['carts'], summary: 'Create a cart (optionally with items and a shipping address)' },
      tool: {
        name: 'create_cart',
        title: 'Create a cart',
        description: `Creates a cart only you can read or change, optionally with items and a shipping address; it expires 7 days after its last change. For one item, quick_buy does it all in one call. ${CART_ANSWER}`,
      },
    })
    .input(createCartInput)
    .concat(idempotent)
    .output(cartSchema)
    .mutation(({ ctx, input }) => createCart(ctx.services, ctx.db, newCartOwner(ctx.caller), input)),

  get: open
    .meta({
      op: { errors: ['cart_not_found'] },
      examples: {
        cart: { summary: 'A cart with one line and a US address', input: { id: EXAMPLE_CART } },
        'unknown-cart': { summary: 'A cart that does not exist (or is another caller’s)', input: { id: UNKNOWN_CART } },
      },
      openapi: { method: 'GET', path: '/api/agent/cart/{id}', tags: ['carts'], summary: 'Read a cart' },
      tool: {
        name: 'get_cart',
        title: 'Read a cart',
        description:
          'Reads one of your carts: lines priced from the catalog now, delivery per seller, totals (subtotal + delivery), and messages saying what keeps it from being paid and what to do. status: open, checkout (a payment link is live, or an x402 payment settles), completed (paid: order_id names the order), cancelled or expired. Every cart tool answers this cart.',
        rename,
      },
    })
    .input(z.object({ id: cartId }).strict())
    .output(cartSchema)
    .query(({ ctx, input }) => getCart(ctx.services, ctx.db, cartOwner(ctx.caller), input.id)),

  cancel: open
    .meta({
      op: { errors: CHANGE_ERRORS },
      examples: {
        cancel: { summary: 'Cancel an open cart', input: { id: EXAMPLE_CART } },
        'unknown-cart': { summary: 'A cart that does not exist (or is another caller’s)', input: { id: UNKNOWN_CART } },
      },
      openapi: { method: 'DELETE', path: '/api/agent/cart/{id}', tags: ['carts'], summary: 'Cancel a cart' },
      tool: {
        name: 'cancel_cart',
        title: 'Cancel a cart',
        description: `Cancels one of your carts and its live payment link, if any; later changes answer cart_not_open. ${CART_ANSWER}`,
        rename,
        destructive: true,
      },
    })
    .input(z.object({ id: cartId }).strict())
    .concat(idempotent)
    .output(cartSchema)
    .mutation(({ ctx, input }) => cancelCart(ctx.services, ctx.db, cartOwner(ctx.caller), input.id)),

  addItem: open
    .meta({
      op: { successStatus: 201, limits: ['max_item_quantity'], errors: [...CHANGE_ERRORS, ...ADD_ERRORS] },
      examples: {
        'by-sku': { summary: 'Another item, by SKU', input: { id: EXAMPLE_CART, sku: 'ACM-000015-TEAL', seller_handle: 'acme-outdoors', quantity: 1 } },
        'unknown-cart': { summary: 'To a cart that does not exist (or is another caller’s)', input: { id: UNKNOWN_CART, sku: 'ACM-000003', seller_handle: 'acme-outdoors', quantity: 1 } },
      },
      openapi: { method: 'POST', path: '/api/agent/cart/{id}/items', tags: ['carts'], summary: 'Add an item to a cart' },
      tool: {
        name: 'add_to_cart',
        title: 'Add an item to a cart',
        description: `Adds an item to one of your carts (a variant already there adds to its line), within the seller’s stock; a cart holds at most 100 lines. Prices come from the catalog. A live payment link is cancelled. ${CART_ANSWER}`,
        rename,
      },
    })
    .input(
      z
        .object({ id: cartId, ...itemRefFields, quantity: quantitySchema })
        .strict()
        .superRefine(oneItemRef)
        .meta({ id: 'AddToCartRequest', description: `The item to add and its quantity. ${ITEM_REF_RULE}` }),
    )
    .concat(idempotent)
    .output(cartSchema)
    .mutation(({ ctx, input: { id, ...item } }) => addToCart(ctx.services, ctx.db, cartOwner(ctx.caller), id, item)),

  updateItem: open
    .meta({
      op: { limits: ['max_item_quantity'], errors: [...CHANGE_ERRORS, 'item_not_found', 'quantity_exceeds_limit', 'insufficient_stock'] },
      examples: {
        'two-units': { summary: 'Two units of the line', input: { id: EXAMPLE_CART, itemId: EXAMPLE_ITEM, quantity: 2 } },
        'unknown-cart': { summary: 'In a cart that does not exist (or is another caller’s)', input: { id: UNKNOWN_CART, itemId: 'item_01kt2j28pzwq817ysfzgf1gjtv', quantity: 2 } },
      },
      openapi: { method: 'PATCH', path: '/api/agent/cart/{id}/items/{itemId}', tags: ['carts'], summary: 'Change the quantity of a cart line' },
      tool: {
        name: 'update_cart_item',
        title: 'Change the quantity of a cart line',
        description: `Sets the quantity of one line of your cart, within the seller’s stock (to remove the line: remove_cart_item). A live payment link is cancelled. ${CART_ANSWER}`,
        rename,
      },
    })
    .input(z.object({ id: cartId, itemId, quantity: quantitySchema.describe('The line’s new quantity, a whole number ≥ 1, within the live max_item_quantity.') }).strict())
    .concat(idempotent)
    .output(cartSchema)
    .mutation(({ ctx, input }) => updateCartItem(ctx.services, ctx.db, cartOwner(ctx.caller), input.id, input.itemId, input.quantity)),

  removeItem: open
    .meta({
      op: { errors: [...CHANGE_ERRORS, 'item_not_found'] },
      examples: {
        remove: { summary: 'Remove the cart’s line', input: { id: EXAMPLE_CART, itemId: EXAMPLE_ITEM } },
        'unknown-cart': { summary: 'From a cart that does not exist (or is another caller’s)', input: { id: UNKNOWN_CART, itemId: 'item_01kt2j28pzwq817ysfzgf1gjtv' } },
      },
      openapi: { method: 'DELETE', path: '/api/agent/cart/{id}/items/{itemId}', tags: ['carts'], summary: 'Remove a line from a cart' },
      tool: {
        name: 'remove_cart_item',
        title: 'Remove a line from a cart',
        description: `Removes one line from your cart. A live payment link is cancelled. ${CART_ANSWER}`,
        rename,
        destructive: true,
      },
    })
    .input(z.object({ id: cartId, itemId }).strict())
    .concat(idempotent)
    .output(cartSchema)
    .mutation(({ ctx, input }) => removeCartItem(ctx.services, ctx.db, cartOwner(ctx.caller), input.id, input.itemId)),

  setShippingAddress: open
    .meta({
      op: { errors: CHANGE_ERRORS },
      examples: {
        'canada': { summary: 'Deliver to Canada instead', input: { id: EXAMPLE_CART, ...ADDRESS, city: 'Toronto', region: 'ON', postal_code: 'M5V 2T6', country: 'CA' } },
        'unknown-cart': { summary: 'For a cart that does not exist (or is another caller’s)', input: { id: UNKNOWN_CART, ...ADDRESS } },
      },
      openapi: { method: 'POST', path: '/api/agent/cart/{id}/shipping-address', tags: ['carts'], summary: 'Set the shipping address of a cart' },
      tool: {
        name: 'set_shipping_address',
        title: 'Set the shipping address of a cart',
        description: `Sets where your cart’s order goes and prices delivery per seller for it; a seller that does not deliver there leaves an address_undeliverable message naming it. A live payment link is cancelled. ${CART_ANSWER}`,
        rename,
      },
    })
    .input(z.object({ id: cartId, ...shippingAddressSchema.shape }).strict())
    .concat(idempotent)
    .output(cartSchema)
    .mutation(({ ctx, input: { id, ...address } }) => setShippingAddress(ctx.services, ctx.db, cartOwner(ctx.caller), id, address)),

  quickBuy: open
    .meta({
      op: { successStatus: 201, limits: ['max_item_quantity'], errors: ADD_ERRORS.filter((c) => c !== 'cart_line_limit') },
      examples: {
        'one-item': {
          summary: 'One item by SKU, delivered to a US address',
          input: { sku: 'ACM-000015-TEAL', seller_handle: 'acme-outdoors', quantity: 2, shipping_address: ADDRESS },
        },
        'variant-required': {
          summary: 'A product with several variants named by its productID: 409 lists them, to name one in the next call',
          input: { product_id: EXAMPLE_PRODUCT, quantity: 1, shipping_address: ADDRESS },
        },
      },
      openapi: { method: 'POST', path: '/api/agent/quick-buy', tags: ['carts'], summary: 'Create a cart with one item and an address in one call' },
      tool: {
        name: 'quick_buy',
        title: 'Buy one item: cart, item and address in one call',
        description: `Creates a cart holding one item with its shipping address, all or nothing. Next: checkout with the cart’s id, for a payment link a person confirms. ${CART_ANSWER}`,
      },
    })
    .input(quickBuyInput)
    .concat(idempotent)
    .output(cartSchema)
    .mutation(({ ctx, input }) => quickBuy(ctx.services, ctx.db, newCartOwner(ctx.caller), input)),

  settle: credential('checkout:write', { buyer: true })
    .meta({
      op: {
        errors: ['cart_not_found', 'cart_expired', 'cart_not_open', 'payment_in_progress', 'cart_not_ready', 'cart_total_exceeds_limit', 'wallet_required', 'payment_required', 'payment_invalid', 'payment_rejected'],
        limits: ['max_cart_total_cents'],
        ownTransactions: { unstored: ['payment_required', 'payment_rejected', 'payment_invalid', 'payment_in_progress'] },
      },
      examples: { 'unknown-cart': { summary: 'A cart that does not exist (or is another caller’s)', input: { id: UNKNOWN_CART } } },
      openapi: {
        method: 'POST',
        path: '/api/agent/cart/{id}/checkout',
        tags: ['checkout'],
        summary: 'Settle a cart with x402 (autonomous checkout)',
        description:
          'Pays the cart from a wallet the buyer linked (POST /api/agent/buyer/wallets) with x402, scheme exact (an EIP-3009 USDC authorization), and places the order: no person confirms. Needs a buyer token whose verifying key carries checkout:write, or an OAuth access token with checkout:write (the person’s carts and wallets); a key with the scope is 403 buyer_credential_required. Without a payment: 402 payment_required, the body x402 v1’s ({x402Version, accepts}) and the PAYMENT-REQUIRED header v2’s. Send the request again with X-PAYMENT (v1) or PAYMENT-SIGNATURE (v2): 200 with the order and X-PAYMENT-RESPONSE / PAYMENT-RESPONSE. A payment that fails a check: 402 payment_rejected (details.reason). When the facilitator cannot say whether it settled: 503 with Retry-After; the order stays pending_payment and the same request (same payment, same Idempotency-Key) settles it. 402s, payment_invalid and payment_in_progress are not stored by idempotency: resend with the same key.',
        protect: true,
      },
    })
    .input(z.object({ id: cartId }).strict())
    .concat(idempotent)
    .output(settledCheckoutSchema)
    .mutation(({ ctx, input }) =>
      settleCheckout(ctx.services, ctx.db, {
        cartId: input.id,
        owner: cartOwner(ctx.caller),
        payment: readPayment(ctx.envelope.payment),
        idempotencyKey: ctx.idempotencyKey!,
        storeSuccess: ctx.storeSuccess,
        headers: ctx.response.headers,
      }),
    ),
});
