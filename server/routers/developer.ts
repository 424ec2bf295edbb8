/**
 * Developer accounts: network API keys, minted, listed and revoked, and the agent profiles the
 * account speaks for on UCP's binding, with a signed-in developer's session (the dashboard's forms,
 * or a script holding the session cookie).
 */
import { z } from 'zod';
import type { SessionCredential } from '../identity/credentials';
import { addAgentProfile, listAgentProfiles, MAX_AGENT_PROFILES, MAX_PROFILE_URL_LENGTH, removeAgentProfile } from '../keys/agent-profiles';
import { KEY_SCOPES, listKeys, MAX_ACTIVE_KEYS, mintKey, MINTS_PER_HOUR, revokeKey } from '../keys/network-keys';
import { idempotent } from '../trpc/idempotency';
import { router } from '../trpc/init';
import type { RequestContext } from '../trpc/context';
import { credential } from '../trpc/procedures';

const developer = credential('developer_session');

/** Stands for a key the example developer minted for the call alone (test/support/openapi-examples.ts). */
export const EXAMPLE_KEY = 'key_01kt2j3m5v8x4q2w7e9r6t1y2b';

const scope = z.enum(KEY_SCOPES).meta({
  id: 'KeyScope',
  description:
    'buyer:write: register and verify buyers. dev.ucp.shopping.order:read: read the status of orders of carts made with the key. checkout:write: settle carts on your own (x402, with a buyer token); off unless chosen.',
});

const keyFields = {
  id: z.string().describe('The key’s id (key_…).'),
  name: z.string().describe('The name its owner gave it.'),
  prefix: z.string().describe('The first 12 characters of the secret, to tell keys apart.'),
  scopes: z.array(scope).describe('What the key may do beyond the open operations (any key may call those).'),
  created_at: z.string().datetime().describe('When it was minted.'),
};

const networkKey = z
  .object({
    ...keyFields,
    last_used_at: z.string().datetime().nullable().describe('When an agent last called with it (moved at most once a minute); null: never used.'),
    revoked_at: z.string().datetime().nullable().describe('When it was revoked; null while active.'),
  })
  .meta({ id: 'NetworkKey' });

const mintedKey = z
  .object({
    ...keyFields,
    secret: z.string().describe('The key itself (ak_live_ and 43 characters): send it as `Authorization: Bearer <secret>`. Shown in this answer only (and its idempotent replay); the service keeps only its SHA-256.'),
  })
  .meta({ id: 'MintedNetworkKey' });

const mintInput = z
  .object({
    name: z.string().trim().min(1).max(64).describe('A name to recognise the key by (1–64 characters).'),
    scopes: z.array(scope).max(KEY_SCOPES.length).describe('Scopes to grant; [] is valid (open operations only).'),
  })
  .strict();

const agentProfile = z
  .object({
    url: z.string().describe('The platform profile’s URL, as WHATWG URL writes it (the form UCP-Agent’s profile is compared in).'),
    created_at: z.string().datetime().describe('When the account listed it.'),
  })
  .meta({ id: 'AgentProfile' });

const profileUrlInput = (what: string) => z.string().max(MAX_PROFILE_URL_LENGTH).describe(what);

/** What the agent-profile operations are for, said once for each of them. */
const SPEAKS_FOR =
  'On UCP’s binding (`<base>/ucp`) a network key of this account, or a buyer token registered with one, may name in UCP-Agent only a platform profile listed here (else 403 profile_not_trusted).';

function accountOf(ctx: RequestContext): string {
  return (ctx.caller.credential as SessionCredential).accountId;
}

export const developerRouter = router({
  listNetworkKeys: developer
    .meta({
      examples: { mine: { summary: 'The signed-in developer’s keys', input: {} } },
      openapi: {
        method: 'GET',
        path: '/api/developer/network-keys',
        tags: ['developer'],
        summary: 'List the account’s network keys',
        description: 'Every key of the signed-in account, newest first, revoked ones included. Needs the developer session (the sign-in cookie).',
      },
    })
    .input(z.object({}).strict())
    .output(z.object({ keys: z.array(networkKey) }).meta({ id: 'NetworkKeyList' }))
    .query(async ({ ctx }) => ({ keys: await listKeys(ctx.db, accountOf(ctx)) })),

  mintNetworkKey: developer
    .meta({
      op: { successStatus: 201, errors: ['key_limit_reached', 'rate_limited', 'origin_refused'] },
      examples: { 'buyer-agent': { summary: 'A key that may register and verify buyers', input: { name: 'Shopping agent', scopes: ['buyer:write'] } } },
      openapi: {
        method: 'POST',
        path: '/api/developer/network-keys',
        tags: ['developer'],
        summary: 'Mint a network API key',
        description: `Mints a key for the signed-in account and answers its secret, once. Needs the developer session (the sign-in cookie), an Origin of this service, and an Idempotency-Key: a retry with the same key answers the same key and secret. At most ${MAX_ACTIVE_KEYS} active keys (else 409 key_limit_reached) and ${MINTS_PER_HOUR} mints in a rolling hour (else 429 rate_limited with Retry-After); a key revoked before its first use gives its mint back.`,
      },
    })
    .input(mintInput)
    .concat(idempotent)
    .output(mintedKey)
    .mutation(({ ctx, input }) => mintKey(ctx.db, accountOf(ctx), input)),

  revokeNetworkKey: developer
    .meta({
      op: { errors: ['key_not_found', 'origin_refused'] },
      examples: { revoke: { summary: 'Revoke a key', input: { id: EXAMPLE_KEY } } },
      openapi: {
        method: 'DELETE',
        path: '/api/developer/network-keys/{id}',
        tags: ['developer'],
        summary: 'Revoke a network API key',
        description:
          'Revokes one of the account’s keys, used or not (a leaked key must die): within a second every call with it answers 401 invalid_credential. Revoking frees its slot among the active keys, and a key never used also gives its mint back. Revoking again answers the same record; another account’s key or an unknown id is 404 key_not_found. Needs the developer session and an Origin of this service.',
      },
    })
    .input(z.object({ id: z.string().max(100).describe('The key’s id (key_…).') }).strict())
    .output(networkKey)
    .mutation(({ ctx, input }) => revokeKey(ctx.db, accountOf(ctx), input.id)),

  listAgentProfiles: developer
    .meta({
      examples: { mine: { summary: 'The profiles the signed-in developer’s account speaks for', input: {} } },
      openapi: {
        method: 'GET',
        path: '/api/developer/agent-profiles',
        tags: ['developer'],
        summary: 'List the account’s agent profiles',
        description: `The platform profile URLs the signed-in account speaks for, oldest first. ${SPEAKS_FOR} Needs the developer session (the sign-in cookie).`,
      },
    })
    .input(z.object({}).strict())
    .output(z.object({ profiles: z.array(agentProfile).describe('Oldest first.') }).meta({ id: 'AgentProfileList' }))
    .query(async ({ ctx }) => ({ profiles: await listAgentProfiles(ctx.db, accountOf(ctx)) })),

  addAgentProfile: developer
    .meta({
      op: {
        successStatus: 201,
        otherSuccess: { status: 200, description: 'The account listed this profile before: the same record.' },
        errors: ['agent_profile_limit_reached', 'origin_refused'],
      },
      examples: { platform: { summary: 'List the profile a platform publishes', input: { url: 'https://agent.example.com/profile.json' } } },
      openapi: {
        method: 'POST',
        path: '/api/developer/agent-profiles',
        tags: ['developer'],
        summary: 'List an agent profile the account speaks for',
        description: `Lists a platform profile URL for the signed-in account: 201 with the record; the same URL again answers 200 with the same record. ${SPEAKS_FOR} The URL must be absolute https, without user name, password or fragment, at most ${MAX_PROFILE_URL_LENGTH} characters (else 400 invalid_request); it is stored as WHATWG URL writes it (host lower-cased, default port dropped). At most ${MAX_AGENT_PROFILES} per account (else 409 agent_profile_limit_reached). Needs the developer session, an Origin of this service, and an Idempotency-Key.`,
      },
    })
    .input(z.object({ url: profileUrlInput('The platform profile’s URL (absolute https), as agents send it in UCP-Agent.') }).strict())
    .concat(idempotent)
    .output(agentProfile)
    .mutation(async ({ ctx, input }) => {
      const { profile, created } = await addAgentProfile(ctx.db, accountOf(ctx), input.url);
      if (!created) ctx.response.status = 200;
      return profile;
    }),

  removeAgentProfile: developer
    .meta({
      op: { errors: ['agent_profile_not_found', 'origin_refused'] },
      examples: { 'not-listed': { summary: 'A profile the account does not list', input: { url: 'https://other-platform.example.com/profile.json' } } },
      openapi: {
        method: 'DELETE',
        path: '/api/developer/agent-profiles',
        tags: ['developer'],
        summary: 'Remove an agent profile',
        description:
          'Removes a platform profile URL from the signed-in account’s list and answers its record: within a second, binding calls by the account’s keys (and their buyer tokens) naming it are refused 403 profile_not_trusted. The URL may be given in any form that normalises to the listed one; one the account does not list is 404 agent_profile_not_found. Needs the developer session and an Origin of this service.',
      },
    })
    .input(z.object({ url: profileUrlInput('The listed profile URL, in the query (URL-encoded).') }).strict())
    .output(agentProfile)
    .mutation(({ ctx, input }) => removeAgentProfile(ctx.db, accountOf(ctx), input.url)),
});
