import { z } from 'zod';
import { businessProfile } from '../domain/ucp-profile';
import { router } from '../trpc/init';
import { discovery } from '../trpc/procedures';

export const ucpProfile = z
  .object({ ucp: z.object({ version: z.string() }).passthrough() })
  .passthrough()
  .describe('UCP 2026-04-08 business profile (discovery/profile.json#/$defs/business_profile).')
  .meta({ id: 'UcpBusinessProfile' });

export const DISCOVERY_CACHE = 'public, max-age=300';

export const discoveryRouter = router({
  ucp: discovery
    .meta({
      openapi: { method: 'GET', path: '/.well-known/ucp', tags: ['discovery'], summary: 'UCP business profile of the network' },
    })
    .input(z.object({}))
    .output(ucpProfile)
    .query(({ ctx }) => {
      ctx.response.headers['Cache-Control'] = DISCOVERY_CACHE;
      return businessProfile(ctx.services.config) as z.infer<typeof ucpProfile>;
    }),
});
