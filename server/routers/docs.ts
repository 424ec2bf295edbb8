import { z } from 'zod';
import { DOC_SLUGS, renderDoc, type DocSlug } from '../domain/docs';
import { readLimits } from '../domain/limits';
import { ApiError } from '../errors/catalogue';
import { openProcedure, router } from '../trpc/init';

export const docPage = z
  .object({ slug: z.enum(DOC_SLUGS), title: z.string(), version: z.string(), url: z.string() })
  .passthrough()
  .meta({ id: 'DocPage' });

export const docsRouter = router({
  page: openProcedure
    .meta({
      op: { access: 'open', errors: ['doc_not_found'] },
      openapi: {
        method: 'GET',
        path: '/api/agent/docs/{slug}',
        tags: ['platform'],
        summary: `Documentation as JSON; slug is one of ${DOC_SLUGS.join(', ')}`,
      },
    })
    // A plain string, so an unknown slug is a 404 with the valid ones rather than a schema error.
    .input(z.object({ slug: z.string() }))
    .output(docPage)
    .query(({ ctx, input }) => {
      if (!(DOC_SLUGS as readonly string[]).includes(input.slug)) {
        throw new ApiError('doc_not_found', {
          message: `No documentation page "${input.slug}". Valid slugs: ${DOC_SLUGS.join(', ')}.`,
          details: { valid_slugs: [...DOC_SLUGS] },
        });
      }
      const { config, routes } = ctx.services;
      return renderDoc(input.slug as DocSlug, { config, routes: routes.routes, limits: () => readLimits(ctx.db) }) as Promise<z.infer<typeof docPage>>;
    }),
});
