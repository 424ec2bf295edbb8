import { z } from 'zod';
import { DOC_SLUGS, renderDoc, type DocSlug } from '../docs/pages';
import { readLimits } from '../domain/limits';
import { ApiError } from '../errors/catalogue';
import { router } from '../trpc/init';
import { discovery } from '../trpc/procedures';

export const docPage = z
  .object({ slug: z.enum(DOC_SLUGS), title: z.string(), version: z.string(), url: z.string() })
  .passthrough()
  .meta({ id: 'DocPage' });

export const docsRouter = router({
  // Discovery, not an open call: the pages are read bare, by a browser following the spec's links
  // as by a tool loader; a UCP-Agent sent is still validated.
  page: discovery
    .meta({
      op: { errors: ['doc_not_found'] },
      examples: {
        limits: { summary: 'The limits page', input: { slug: 'limits' } },
        'unknown-slug': { summary: 'A page that does not exist: the valid slugs in details.valid_slugs', input: { slug: 'quickstart' } },
      },
      openapi: {
        method: 'GET',
        path: '/api/agent/docs/{slug}',
        tags: ['platform'],
        summary: `Documentation as JSON; slug is one of ${DOC_SLUGS.join(', ')}`,
      },
      tool: {
        name: 'read_docs',
        title: 'Read the service’s documentation',
        description: `The service’s documentation as JSON. Pages: ${DOC_SLUGS.join(', ')} (overview: identification, idempotency, advisories; mcp: this tool server; errors: every error code; limits: the live limits).`,
      },
    })
    // A plain string, so an unknown slug is a 404 with the valid ones rather than a schema error;
    // the published schemas (OpenAPI, the read_docs tool) still list the slugs as an enum.
    .input(z.object({ slug: z.string().max(100).meta({ enum: [...DOC_SLUGS] }).describe(`One of ${DOC_SLUGS.join(', ')}.`) }).strict())
    .output(docPage)
    .query(({ ctx, input }) => {
      if (!(DOC_SLUGS as readonly string[]).includes(input.slug)) {
        throw new ApiError('doc_not_found', {
          message: `No documentation page "${input.slug}". Valid slugs: ${DOC_SLUGS.join(', ')}.`,
          details: { valid_slugs: [...DOC_SLUGS] },
        });
      }
      const { config, operations, openapi } = ctx.services;
      return renderDoc(input.slug as DocSlug, { config, operations, openapi, limits: () => readLimits(ctx.db) }) as Promise<z.infer<typeof docPage>>;
    }),
});
