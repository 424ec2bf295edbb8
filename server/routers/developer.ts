/**
 * Developer accounts: network API keys, minted, listed and revoked, the agent profiles the account
 * speaks for on UCP's binding, and its registration as an ACP platform (webhook URL, signing key,
 * the webhook secret), with a signed-in developer's session (the dashboard's forms, or a script
 * holding the session cookie).
 */
import { z } from 'zod';
import type { SessionCredential } from '../identity/credentials';
import { ACP_SIGNATURE_WINDOW_S, readAcpPlatform, rotateAcpWebhookSecret, updateAcpPlatform } from '../keys/acp-platforms';
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

const acpPlatform = z
  .object({
    webhook_url: z.string().nullable().describe('Where the account’s ACP order webhooks go (its platform’s /agentic_checkout/webhooks/order_events); null: none are sent.'),
    signing_jwk: z
      .record(z.string(), z.string())
      .nullable()
      .describe('The public key (JWK) the platform’s requests are signed with; null: a Signature is not checked.'),
    webhook_secret_set: z.boolean().describe('Whether a webhook secret exists (it is shown only when made).'),
    updated_at: z.string().datetime().nullable().describe('When the registration last changed; null: never registered.'),
  })
  .meta({ id: 'AcpPlatform' });

const webhookSecret = z
  .string()
  .describe('The HMAC secret (whsec_ and 43 characters, 256 bits) that signs the webhooks’ Merchant-Signature, the whole string the HMAC key. Shown in this answer only (and its idempotent replay); the service keeps it sealed.');

/** What registering as an ACP platform is for, said once for each of its operations. */
const ACP_PLATFORM =
  'An account whose network keys act as an ACP platform registers here where its order webhooks go (each signed `Merchant-Signature: t=<unix s>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`) and, optionally, the public key its requests’ `Signature` verifies with.';

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
  getAcpPlatform: developer
    .meta({
      examples: { mine: { summary: 'The signed-in developer’s ACP registration', input: {} } },
      openapi: {
        method: 'GET',
        path: '/api/developer/acp-platform',
        tags: ['developer'],
        summary: 'Read the account’s ACP platform registration',
        description: `${ACP_PLATFORM} Never answers the secret. Needs the developer session (the sign-in cookie).`,
      },
    })
    .input(z.object({}).strict())
    .output(acpPlatform)
    .query(({ ctx }) => readAcpPlatform(ctx.db, accountOf(ctx))),

  updateAcpPlatform: developer
    .meta({
      op: { errors: ['origin_refused'] },
      examples: {
        register: { summary: 'Register the platform’s webhook URL', input: { webhook_url: 'https://platform.example.com/agentic_checkout/webhooks/order_events' } },
      },
      openapi: {
        method: 'PUT',
        path: '/api/developer/acp-platform',
        tags: ['developer'],
        summary: 'Register as an ACP platform',
        description: `${ACP_PLATFORM} Sets (a value) or clears (null) the webhook URL and the signing key; a field left out stays as it is. The URL must be absolute https with a host name (not an IP address), without user name, password or fragment, at most 2048 characters; the key an EC P-256 or Ed25519 public JWK without private members (else 400 invalid_request). The first webhook URL makes the webhook secret, answered this once as \`webhook_secret\`; clearing the URL keeps it. With a key registered, a request that sends \`Signature\` must verify over the RFC 8785 form of its body with a \`Timestamp\` within ${ACP_SIGNATURE_WINDOW_S} s (else 401). Needs the developer session, an Origin of this service, and an Idempotency-Key.`,
      },
    })
    .input(
      z
        .object({
          webhook_url: z.string().max(4096).nullable().optional().describe('The platform’s order-events URL (absolute https); null clears it.'),
          signing_jwk: z.record(z.string(), z.unknown()).nullable().optional().describe('The platform’s public signing key as a JWK (EC P-256 or Ed25519); null clears it.'),
        })
        .strict(),
    )
    .concat(idempotent)
    .output(z.object({ platform: acpPlatform, webhook_secret: webhookSecret.optional() }).meta({ id: 'AcpPlatformChange' }))
    .mutation(({ ctx, input }) => updateAcpPlatform(ctx.db, ctx.services.keys, accountOf(ctx), input)),

  rotateAcpWebhookSecret: developer
    .meta({
      op: { errors: ['origin_refused'] },
      examples: { rotate: { summary: 'A new webhook secret', input: {} } },
      openapi: {
        method: 'POST',
        path: '/api/developer/acp-platform/webhook-secret',
        tags: ['developer'],
        summary: 'Rotate the ACP webhook secret',
        description: `${ACP_PLATFORM} Makes a new webhook secret and answers it, once: from now on every delivery, a retry of an earlier event included, is signed with it and the old one signs nothing. Needs the developer session, an Origin of this service, and an Idempotency-Key.`,
      },
    })
    .input(z.object({}).strict())
    .concat(idempotent)
    .output(z.object({ platform: acpPlatform, webhook_secret: webhookSecret }).meta({ id: 'AcpWebhookSecretRotated' }))
    .mutation(({ ctx }) => rotateAcpWebhookSecret(ctx.db, ctx.services.keys, accountOf(ctx))),
});
