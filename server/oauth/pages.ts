/**
 * The OAuth pages as Next renders them (app/oauth/interaction/[uid], app/dashboard/agents): what each
 * shows, in sentences for a person. Kept here, without Next, so it runs in the server's own module
 * instances (runtime.ts) and is tested in vitest; the pages only lay it out.
 */
import type Provider from 'oidc-provider';
import type { Db } from '../db/client';
import { isClientIdUrl } from '../profiles/client-metadata';
import { disconnect, listConsents } from './consents';
import { INTERACTION_PATH } from './provider';
import { describeScopes, OIDC_SCOPES, resolveResource, resourceScopes, type ScopeWords } from './scopes';

export interface SignedInAccount {
  accountId: string;
  email: string;
}

export type InteractionView =
  | { state: 'signin'; location: string }
  | { state: 'expired' }
  | {
      state: 'ready';
      email: string;
      /**
       * The client's registered name (null: it gave none) and the host it sends you back to, never
       * verified by us; for a client named by its metadata document, the host that published it
       * (the one thing checked: the document was fetched from there and names that URL), else null.
       */
      client: { name: string | null; redirectHost: string; documentHost: string | null };
      /** Never empty: a request asking for nothing grantable is sent back before (provider.ts). */
      scopes: ScopeWords[];
      /** Where Allow and Deny post. */
      action: string;
    };

export interface ConnectedAgent {
  clientId: string;
  name: string | null;
  redirectHost: string;
  scopes: ScopeWords[];
  /** When the person last allowed it: ISO for `<time>`, and words (UTC). */
  allowed: { iso: string; text: string };
}

export interface AgentsView {
  email: string;
  agents: ConnectedAgent[];
}

export type DisconnectResult = { ok: true; name: string } | { ok: false; error: string; signedOut?: boolean };

/** How a client is named to people: its registered name, or that it gave none. */
export const clientLabel = (name: string | null) => name ?? 'An agent with no name';

export interface OAuthPages {
  /** The consent page of an interaction, for whoever holds this session cookie. */
  interaction(uid: string, session: string | undefined): Promise<InteractionView>;
  /** "Connected agents", or null when signed out. */
  agents(session: string | undefined): Promise<AgentsView | null>;
  /** Revokes the person's consent to a client: its tokens stop working within a second. */
  disconnect(session: string | undefined, clientId: string): Promise<DisconnectResult>;
}

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

export function createOAuthPages({ db, provider, signedIn }: { db: Db; provider: Provider; signedIn(session: string | undefined): Promise<SignedInAccount | null> }): OAuthPages {
  const base = provider.issuer;
  return {
    async interaction(uid, session) {
      const interaction = await provider.Interaction.find(uid);
      if (!interaction) return { state: 'expired' };
      const account = await signedIn(session);
      if (!account) return { state: 'signin', location: `/signin?callbackUrl=${encodeURIComponent(`${INTERACTION_PATH}/${uid}`)}` };
      const client = await provider.Client.find(String(interaction.params.client_id));
      if (!client) return { state: 'expired' };
      const requested = String(interaction.params.scope ?? '').split(' ');
      const offered = new Set<string>(OIDC_SCOPES);
      for (const indicator of ([] as unknown[]).concat(interaction.params.resource ?? base).map(String)) {
        const resource = resolveResource(base, indicator);
        if (resource) for (const s of resourceScopes(base)[resource]) offered.add(s);
      }
      const redirectUri = String(interaction.params.redirect_uri ?? client.redirectUris?.[0] ?? '');
      return {
        state: 'ready',
        email: account.email,
        client: {
          name: client.clientName ?? null,
          redirectHost: URL.parse(redirectUri)?.host ?? '',
          documentHost: isClientIdUrl(client.clientId) ? new URL(client.clientId).host : null,
        },
        scopes: describeScopes(requested.filter((s) => offered.has(s))),
        action: `${INTERACTION_PATH}/${uid}/confirm`,
      };
    },

    async agents(session) {
      const account = await signedIn(session);
      if (!account) return null;
      const consents = await listConsents(db, account.accountId);
      return {
        email: account.email,
        agents: consents.map((c) => ({
          clientId: c.clientId,
          name: c.clientName,
          redirectHost: c.redirectHost,
          scopes: describeScopes(c.scopes),
          allowed: { iso: c.updatedAt.toISOString(), text: `${DATE.format(c.updatedAt)} UTC` },
        })),
      };
    },

    async disconnect(session, clientId) {
      const account = await signedIn(session);
      if (!account) return { ok: false, error: 'Your session has ended: sign in again.', signedOut: true };
      const revoked = await disconnect(db, account.accountId, clientId);
      if (!revoked) return { ok: false, error: 'That agent is not connected to your account: nothing was changed.' };
      return { ok: true, name: clientLabel(revoked.clientName) };
    },
  };
}
