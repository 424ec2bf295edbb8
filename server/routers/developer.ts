/**
 * Developer accounts: network API keys, minted, listed and revoked with a signed-in developer's
 * session (the dashboard's forms, or a script holding the session cookie).
 */
import { z } from 'zod';
import type { SessionCredential } from '../identity/credentials';
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
      op: { successStatus: 201, errors: ['key_limit_reached', 'rate_limited', 'origin_refused'], secretFields: ['secret'] },
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
});
