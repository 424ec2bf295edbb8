import { z } from 'zod';
import { businessProfile, PROFILE_MAX_AGE_SECONDS, ucpProfile } from '../domain/ucp-profile';
import { publishedSigningKeys } from '../webhooks/signing-keys';
import { router } from '../trpc/init';
import { discovery } from '../trpc/procedures';

export const DISCOVERY_CACHE = `public, max-age=${PROFILE_MAX_AGE_SECONDS}`;

export const discoveryRouter = router({
  ucp: discovery
    .meta({
      examples: { network: { summary: 'The network’s profile', input: {} } },
      openapi: {
        method: 'GET',
        path: '/.well-known/ucp',
        tags: ['discovery'],
        summary: 'UCP business profile of the network',
        description:
          'The UCP 2026-04-08 business profile of the whole network: its REST and MCP services, capabilities and payment handlers, and the advisories agents should know about (e.g. the day reserved profile hosts are refused from). Served without an agent profile to crawlers and tool loaders; a UCP-Agent sent is still validated. Cacheable for 5 minutes.',
      },
    })
    .input(z.object({}))
    .output(ucpProfile)
    .query(async ({ ctx }) => {
      ctx.response.headers['Cache-Control'] = DISCOVERY_CACHE;
      return businessProfile(ctx.services.config, await publishedSigningKeys(ctx.services.db));
    }),
});
