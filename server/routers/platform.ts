import { z } from 'zod';
import { LIMIT_FIELDS, readLimits, updateLimits } from '../domain/limits';
import { FEEDBACK_CATEGORIES, FEEDBACK_SEVERITIES, recordFeedback } from '../domain/feedback';
import { ApiError } from '../errors/catalogue';
import { idempotent } from '../trpc/idempotency';
import { router } from '../trpc/init';
import { admin, discovery, open } from '../trpc/procedures';

export const limitsRecord = z
  .object({
    max_item_quantity: z.number().int().describe('Largest quantity one cart line may hold.'),
    max_cart_total_cents: z.number().int().describe('Largest cart total (subtotal + delivery), in US cents.'),
    max_cart_total_usd: z.string().describe('max_cart_total_cents as decimal dollars with two places, e.g. "1000.00".'),
  })
  .meta({ id: 'PlatformLimits' });

const positiveInt = z.number().int().positive().max(2_000_000_000);
export const limitsPatch = z
  .object({
    max_item_quantity: positiveInt.describe('New largest quantity one cart line may hold.').optional(),
    max_cart_total_cents: positiveInt.describe('New largest cart total (subtotal + delivery), in US cents.').optional(),
  })
  .strict()
  .refine((p) => LIMIT_FIELDS.some((f) => p[f] !== undefined), { message: `Give at least one of ${LIMIT_FIELDS.join(', ')}.` })
  // The refinement, as JSON Schema can say it (the fields are the only properties allowed).
  .meta({ description: `Any subset of ${LIMIT_FIELDS.join(', ')}, at least one; fields left out keep their value.`, minProperties: 1 });

export const feedbackInput = z
  .object({
    category: z.enum(FEEDBACK_CATEGORIES).describe('What the problem is about.'),
    severity: z.enum(FEEDBACK_SEVERITIES).describe('How much it got in the way.'),
    message: z.string().min(1).max(5000).describe('What happened and what you expected, in prose.'),
    context: z
      .object({
        endpoint: z
          .string()
          .max(2048)
          .regex(/^\/[^\s?#]*$/, 'must be a path such as /api/agent/search')
          .describe('The endpoint path (or the tool’s REST path) the report is about.')
          .optional(),
      })
      .catchall(z.unknown())
      .describe('Anything that helps reproduce it, e.g. the request id.')
      .optional(),
  })
  .strict()
  .meta({ id: 'FeedbackReport' });

export const feedbackReceipt = z
  .object({ id: z.string().describe('The report’s id (fb_…): quote it in a follow-up.'), status: z.literal('received') })
  .meta({ id: 'FeedbackReceipt' });

export const platformRouter = router({
  limits: open
    .meta({
      // Read at every agent session's start: answered from a ≤ 1 s cache, which keeps the
      // contract that every instance sees a change within 1 s.
      op: { cacheMs: 1000 },
      examples: { current: { summary: 'The live limits', input: {} } },
      openapi: { method: 'GET', path: '/api/agent/platform/limits', tags: ['platform'], summary: 'Read the live cart limits' },
      tool: {
        name: 'get_platform_limits',
        title: 'Read the live cart limits',
        description:
          'The live cart limits: the largest quantity one cart line may hold and the largest cart total (subtotal + delivery) in US cents. Read them at the start of a session; the same record is the resource service://platform/limits.',
      },
    })
    .input(z.object({}).strict())
    .output(limitsRecord)
    .query(({ ctx }) => readLimits(ctx.db)),

  setLimits: admin
    .meta({
      examples: { 'raise-quantity': { summary: 'Raise the quantity limit only', input: { max_item_quantity: 30 } } },
      openapi: {
        method: 'PUT',
        path: '/api/admin/platform/limits',
        tags: ['admin'],
        summary: 'Change cart limits at run time (ADMIN_TOKEN bearer)',
        description:
          'Sets any subset of the cart limits and answers the whole record. Every instance applies the change within 1 s. Needs `Authorization: Bearer <ADMIN_TOKEN>`; without ADMIN_TOKEN configured the admin API answers 403 admin_disabled (use `npm run limits` on the server instead).',
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

  feedback: open
    .meta({
      op: { successStatus: 202 },
      examples: {
        report: {
          summary: 'A confusing answer',
          input: {
            category: 'response_shape',
            severity: 'friction',
            message: 'Search for "trail boots" under 100 USD returned facets but no items; I expected the cheapest boots first.',
            context: { endpoint: '/api/agent/search', request_id: 'req_01kt2j28pzwq817ysfzgf1gjtv' },
          },
        },
      },
      openapi: { method: 'POST', path: '/api/agent/feedback', tags: ['platform'], summary: 'Report a problem (answers 202 at once)' },
      tool: {
        name: 'send_feedback',
        title: 'Report a problem to the service',
        description:
          'Tell the service’s engineers about a problem: something hard to find, a confusing answer or tool description, slowness, an error you could not handle, or a missing capability. Also the way to report a job blocked on a credential you cannot get. Acknowledged at once with an id.',
      },
    })
    .input(feedbackInput)
    .concat(idempotent)
    .output(feedbackReceipt)
    .mutation(({ ctx, input }) => recordFeedback(ctx.db, input, ctx.caller)),

  retiredProducts: discovery
    .meta({
      op: {
        retired: {
          replacement: '/api/agent/search',
          // An agent holding a productID that pluralises the path wants one product, not a search.
          byField: { field: 'id', replacement: '/api/agent/product', message: 'GET /api/agent/products is permanently retired: one product, with its variants, is GET /api/agent/product?id=<productID>.' },
        },
        errors: ['endpoint_retired'],
      },
      examples: { retired: { summary: 'Any call', input: {} } },
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
      // The procedure kind answers 410 before anything runs (see trpc/procedures.ts).
      throw new ApiError('endpoint_retired');
    }),
});
