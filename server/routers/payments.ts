/**
 * Payment links a human confirms: the only checkout an open caller (and every MCP client) has.
 * The work is done in server/payments/checkout.ts.
 */
import { z } from 'zod';
import { cartOwner } from '../carts/store';
import { issuePaymentLink } from '../payments/checkout';
import { idempotent } from '../trpc/idempotency';
import { router } from '../trpc/init';
import { open } from '../trpc/procedures';
import { EXAMPLE_CART } from './carts';

export const paymentLinkInput = z
  .object({ cart_id: z.string().min(1).max(64).describe('The cart to pay (cart_…), as created by you: another caller’s cart answers 404.') })
  .strict()
  .meta({ id: 'PaymentLinkRequest' });

export const paymentLink = z
  .object({
    url: z
      .string()
      .describe('Where a human confirms and pays: give it to the person. It opens the service’s /pay page, or the card provider’s hosted checkout.'),
    expires_at: z.iso.datetime().describe('When the link stops working if unpaid (24 h after issue); the cart then opens again.'),
    cart_id: z.string().describe('The cart the link pays. It is in state checkout while the link is live; changing it cancels the link.'),
    amount_cents: z.number().int().describe('The amount the person pays, in US cents: the cart total (subtotal + delivery), fixed for the link’s life.'),
    currency: z.literal('USD').describe('Always USD.'),
    provider: z.enum(['builtin', 'stripe']).describe('Who takes the card: builtin (the service’s own page) or stripe (Stripe Checkout).'),
  })
  .meta({ id: 'PaymentLink' });

export const paymentsRouter = router({
  paymentLink: open
    .meta({
      op: {
        successStatus: 201,
        otherSuccess: { status: 200, description: 'The cart’s live payment link, issued before: the same URL and amount.' },
        limits: ['max_cart_total_cents'],
        errors: ['cart_not_found', 'cart_expired', 'cart_not_open', 'payment_in_progress', 'cart_not_ready', 'cart_total_exceeds_limit'],
      },
      examples: {
        link: { summary: 'A link for a cart with one line and a US address', input: { cart_id: EXAMPLE_CART } },
        'unknown-cart': { summary: 'A cart that does not exist (or is another caller’s)', input: { cart_id: 'cart_01kt2j28pzwq817ysfzgf1gjtv' } },
      },
      openapi: { method: 'POST', path: '/api/agent/payment-link', tags: ['payments'], summary: 'Get a payment link a human confirms (201; 200 with the live one)' },
      tool: {
        name: 'checkout',
        title: 'Get a payment link for a person to pay',
        description:
          'Returns a payment link (url, amount, expiry) for a cart: give the url to the person, who confirms and pays by card. It never completes a purchase by itself and never takes payment details. The cart needs items and an address every seller delivers to (else cart_not_ready, details.reasons) and a total within max_cart_total_cents (else cart_total_exceeds_limit, max_cents). Asking again returns the live link; changing the cart cancels it. Once paid, get_cart shows status completed and order_id.',
      },
    })
    .input(paymentLinkInput)
    .concat(idempotent)
    .output(paymentLink)
    .mutation(async ({ ctx, input }) => {
      const { link, created } = await issuePaymentLink(ctx.services, ctx.db, {
        cartId: input.cart_id,
        owner: cartOwner(ctx.caller),
        idempotencyKey: ctx.idempotencyKey!,
      });
      if (!created) ctx.response.status = 200;
      return link;
    }),
});
