import { z } from 'zod';
import { LIMIT_FIELDS, readLimits, updateLimits } from '../domain/limits';
import { FEEDBACK_CATEGORIES, FEEDBACK_SEVERITIES, recordFeedback } from '../domain/feedback';
import { ApiError } from '../errors/catalogue';
import { idempotent } from '../idempotency';
import { jsonNumber } from '../lib/zod-fields';
import { openProcedure, publicProcedure, router } from '../trpc/init';

export const limitsRecord = z
  .object({
    max_item_quantity: z.number().int().describe('Largest quantity one cart line may hold.'),
    max_cart_total_cents: z.number().int().describe('Largest cart total (subtotal + delivery), in US cents.'),
    max_cart_total_usd: z.string().describe('max_cart_total_cents as decimal dollars with two places, e.g. "1000.00".'),
  })
  .meta({ id: 'PlatformLimits' });

const positiveInt = jsonNumber(z.number().int().positive().max(2_000_000_000));
export const limitsPatch = z
  .object({ max_item_quantity: positiveInt.optional(), max_cart_total_cents: positiveInt.optional() })
  .strict()
  .refine((p) => LIMIT_FIELDS.some((f) => p[f] !== undefined), { message: `Give at least one of ${LIMIT_FIELDS.join(', ')}.` });

export const feedbackInput = z
  .object({
    category: z.enum(FEEDBACK_CATEGORIES),
    severity: z.enum(FEEDBACK_SEVERITIES),
    message: z.string().min(1).max(5000),
    context: z
      .object({
        endpoint: z
          .string()
          .max(2048)
          .regex(/^\/[^\s?#]*$/, 'must be a path such as /api/agent/search')
          .optional(),
      })
      .catchall(z.unknown())
      .optional(),
  })
  .meta({ id: 'FeedbackReport' });

export const feedbackReceipt = z.object({ id: z.string(), status: z.literal('received') }).meta({ id: 'FeedbackReceipt' });

export const platformRouter = router({
  limits: openProcedure
    .meta({
      // Read at every agent session's start: answered from a ≤ 1 s cache, which keeps the
      // contract that every instance sees a change within 1 s.
      op: { access: 'open', cacheMs: 1000 },
      openapi: { method: 'GET', path: '/api/agent/platform/limits', tags: ['platform'], summary: 'Read the live cart limits' },
    })
    .input(z.object({}))
    .output(limitsRecord)
    .query(({ ctx }) => readLimits(ctx.db)),

  setLimits: publicProcedure
    .meta({
      op: { access: 'admin' },
      openapi: {
        method: 'PUT',
        path: '/api/admin/platform/limits',
        tags: ['admin'],
        summary: 'Change cart limits at run time (ADMIN_TOKEN bearer)',
        protect: true,
      },
    })
    .input(limitsPatch)
    .output(limitsRecord)
    .mutation(async ({ ctx, input }) => {
      const limits = await updateLimits(ctx.db, input);
      ctx.services.responses.clear();
      return limits;
    }),

  feedback: openProcedure
    .meta({
      op: { access: 'open', successStatus: 202 },
      openapi: { method: 'POST', path: '/api/agent/feedback', tags: ['platform'], summary: 'Report a problem (answers 202 at once)' },
    })
    .input(feedbackInput)
    .output(feedbackReceipt)
    .mutation(idempotent(({ ctx, input }) => recordFeedback(ctx.db, input, ctx.caller))),

  retiredProducts: publicProcedure
    .meta({
      op: { access: 'open', retired: true, errors: ['endpoint_retired'] },
      openapi: {
        method: 'GET',
        path: '/api/agent/products',
        tags: ['platform'],
        summary: 'Retired: answers 410 for every method; use GET /api/agent/search',
        deprecated: true,
      },
    })
    .input(z.object({}))
    .output(z.never())
    .query(() => {
      throw new ApiError('endpoint_retired', { details: { replacement: '/api/agent/search' } });
    }),
});
