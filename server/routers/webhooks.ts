/**
 * The operator's view of order webhooks (issue #35 §3): the deliveries that failed for good (after
 * three days of retries, on a 410, or to a URL that can never be sent to), and a retry of one.
 * Behind the ADMIN_TOKEN bearer, as every /api/admin operation.
 */
import { z } from 'zod';
import { router } from '../trpc/init';
import { admin } from '../trpc/procedures';
import { failedDeliveries, retryDelivery } from '../webhooks/deliveries';

const timestamp = z.string().describe('RFC 3339.');

/** A delivery as order-status shows it to whoever may read the order: when, what answered, the next try. */
export const orderWebhookDelivery = z
  .object({
    id: z.string().describe('The delivery’s Webhook-Id (a UUID), the same at every attempt.'),
    event: z.string().describe('order_placed, order_voided, fulfillment_shipped or fulfillment_delivered.'),
    state: z.enum(['pending', 'sending', 'delivered', 'failed', 'skipped']),
    occurred_at: timestamp.describe('When the event happened: the Webhook-Timestamp of every attempt.'),
    attempts: z.number().int(),
    last_attempt_at: timestamp.nullable(),
    last_status: z.number().int().nullable().describe('The HTTP status of the last answer; null when none came.'),
    next_attempt_at: timestamp.nullable().describe('The next try, while one is due.'),
  })
  .meta({ id: 'OrderWebhookDelivery' });

/** The operator's view: the order, and why the last attempt did not deliver. */
export const webhookDelivery = orderWebhookDelivery
  .extend({
    order_id: z.string(),
    last_error: z.string().nullable().describe('Why the last attempt did not deliver, or why the delivery was skipped.'),
  })
  .meta({ id: 'WebhookDelivery' });

/** The delivery of the retry example: `npm run openapi:examples` plays it on a failed delivery of its own (test/support/openapi-examples.ts). */
export const EXAMPLE_DELIVERY = '0f8fad5b-d9cb-469f-a165-70867728950e';

export const webhooksRouter = router({
  failedDeliveries: admin
    .meta({
      examples: { recent: { summary: 'The 20 newest failed deliveries', input: { limit: 20 } } },
      openapi: {
        method: 'GET',
        path: '/api/admin/webhooks/failed',
        tags: ['admin'],
        summary: 'List order webhook deliveries that failed (ADMIN_TOKEN bearer)',
        description:
          'Order webhook deliveries that failed for good, newest first: past three days of retries, answered 410 Gone, or to a webhook URL that can never be sent to (not https, an IP address). Each says why (last_error) and what the last answer was. Needs `Authorization: Bearer <ADMIN_TOKEN>`.',
        protect: true,
      },
    })
    .input(z.object({ limit: z.coerce.number().int().min(1).max(500).default(100).describe('How many (default 100).') }))
    .output(z.object({ deliveries: z.array(webhookDelivery) }))
    .query(async ({ ctx, input }) => ({ deliveries: await failedDeliveries(ctx.db, input.limit) })),

  retryDelivery: admin
    .meta({
      op: { errors: ['not_found'] },
      examples: { retry: { summary: 'Send a failed delivery again', input: { id: EXAMPLE_DELIVERY } } },
      openapi: {
        method: 'POST',
        path: '/api/admin/webhooks/deliveries/{id}/retry',
        tags: ['admin'],
        summary: 'Send a failed order webhook delivery again (ADMIN_TOKEN bearer)',
        description:
          'Makes a failed delivery due now: a worker sends the same bytes, with the same Webhook-Id and Webhook-Timestamp, within seconds. A 410 that stopped its URL is forgotten. A delivery that has not failed is answered as it stands. Needs `Authorization: Bearer <ADMIN_TOKEN>`.',
        protect: true,
      },
    })
    .input(z.object({ id: z.string().max(64).describe('The delivery’s Webhook-Id.') }))
    .output(webhookDelivery)
    .mutation(({ ctx, input }) => retryDelivery(ctx.db, input.id)),
});
