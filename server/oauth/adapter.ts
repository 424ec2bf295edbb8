/**
 * oidc-provider's storage over drizzle: one table (`oauth_records`) for every model it keeps.
 *
 * Rows are keyed by the SHA-256 of their id: an opaque access or refresh token, a code and a session
 * cookie are each their own id, so the table holds none of them. Payloads are stored without `jti`
 * for the same reason, and `find` puts the id it was asked for back (`destroy` and `consume` get
 * `undefined` otherwise). A consumed code or refresh token stays until it expires, so that a second
 * use is recognised and its whole grant revoked; `consume` itself takes the row only if no one else
 * has, so two redemptions racing each other cannot both win.
 *
 * Device codes are never issued (the device flow is off), so there is no `findByUserCode`.
 *
 * A client whose id is an https URL is not stored: it publishes its metadata at that URL (an OAuth
 * Client ID Metadata Document), which the Client lookup fetches under the profile fetcher's SSRF
 * rules and cache (profiles/). The provider then holds it to the registration rules like any other.
 */
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/client';
import { currentScope } from '../db/deadline';
import { oauthRecords } from '../db/schema';
import { secretDigest } from '../lib/secrets';
import type { DocumentCache } from '../profiles/cache';
import { isClientIdUrl } from '../profiles/client-metadata';
import { checkClientMetadata } from './client-metadata-rules';

export type StoredAdapter = Omit<Adapter, 'findByUserCode'>;

/** Rows are keyed as every issued secret is kept (lib/secrets.ts): a token or code is its own id. */
export const idDigest = secretDigest;

/** Models whose rows belong to a grant (revoked with it). */
const GRANTED = ['AccessToken', 'AuthorizationCode', 'RefreshToken'];

/** Row not past its expiry on the service's clock (never the database's `now()`). */
const live = (now: Date) => or(isNull(oauthRecords.expiresAt), gt(oauthRecords.expiresAt, now));

/** Client ID Metadata Documents by URL, as the client metadata they hold. */
export type ClientDocuments = DocumentCache<Record<string, unknown>>;

export function drizzleAdapter(db: Db, clientDocuments?: ClientDocuments): (model: string) => StoredAdapter {
  return (model) => {
    const row = (id: string) => and(eq(oauthRecords.model, model), eq(oauthRecords.idDigest, idDigest(id)));
    const restore = (payload: unknown, consumedAt: Date | null, id?: string): AdapterPayload => ({
      ...(payload as AdapterPayload),
      ...(consumedAt ? { consumed: Math.floor(consumedAt.getTime() / 1000) } : {}),
      ...(id === undefined ? {} : { jti: id }),
    });

    return {
      async upsert(id, payload, expiresIn) {
        const { jti: _jti, ...stored } = payload;
        const values = {
          payload: stored,
          // A grant's own row carries its id, so the consents can be joined to live grants.
          grantId: model === 'Grant' ? id : (payload.grantId ?? null),
          uid: model === 'Session' ? (payload.uid ?? null) : null,
          expiresAt: typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null,
        };
        await db
          .insert(oauthRecords)
          .values({ model, idDigest: idDigest(id), ...values })
          .onConflictDoUpdate({ target: [oauthRecords.model, oauthRecords.idDigest], set: values });
      },

      async find(id) {
        if (model === 'Client' && isClientIdUrl(id)) {
          // Unavailable, or not naming its own URL: no such client (invalid_client). A fetch counts
          // against the budget of the client address the request's scope carries (http/server.ts).
          if (!clientDocuments) return undefined;
          const lookup = clientDocuments.peek(id) ?? (await clientDocuments.get(id, currentScope().address));
          if (lookup.ok) {
            // Checked here, not only at registration's turn: the provider keys its client cache
            // on a JSON digest of what this returns, before any check of its own.
            checkClientMetadata(lookup.value);
            return { ...lookup.value } as AdapterPayload;
          }
          if (lookup.limited) throw new errors.InvalidClient(`the client metadata document was not fetched: ${lookup.reason}`);
          return undefined;
        }
        const [found] = await db
          .select({ payload: oauthRecords.payload, consumedAt: oauthRecords.consumedAt })
          .from(oauthRecords)
          .where(and(row(id), live(new Date())));
        return found ? restore(found.payload, found.consumedAt, id) : undefined;
      },

      // The session's id (its cookie) is not stored, so the payload comes back without it: the
      // provider reads such a session only to compare its account.
      async findByUid(uid) {
        const [found] = await db
          .select({ payload: oauthRecords.payload, consumedAt: oauthRecords.consumedAt })
          .from(oauthRecords)
          .where(and(eq(oauthRecords.model, model), eq(oauthRecords.uid, uid), live(new Date())));
        return found ? restore(found.payload, found.consumedAt) : undefined;
      },

      async consume(id) {
        const taken = await db
          .update(oauthRecords)
          .set({ consumedAt: new Date() })
          .where(and(row(id), isNull(oauthRecords.consumedAt)))
          .returning({ grantId: oauthRecords.grantId });
        if (taken.length) return;
        // Someone redeemed it between the provider's read and this write: the same as a reuse.
        const [other] = await db.select({ grantId: oauthRecords.grantId }).from(oauthRecords).where(row(id));
        if (other?.grantId) await revokeGrantRows(db, other.grantId);
        throw new errors.InvalidGrant(`${model === 'RefreshToken' ? 'refresh token' : 'authorization code'} already used`);
      },

      async destroy(id) {
        await db.delete(oauthRecords).where(row(id));
      },

      async revokeByGrantId(grantId) {
        await db.delete(oauthRecords).where(and(eq(oauthRecords.model, model), eq(oauthRecords.grantId, grantId)));
      },
    };
  };
}

/** Deletes a grant and every code and token it issued. */
export async function revokeGrantRows(db: Db, grantId: string): Promise<void> {
  await db.delete(oauthRecords).where(and(eq(oauthRecords.grantId, grantId), sql`${oauthRecords.model} in ('Grant', ${sql.join(GRANTED.map((m) => sql`${m}`), sql`, `)})`));
}

/** Ends the provider's remembered login with this uid (another account signed in meanwhile). */
export async function forgetSession(db: Db, uid: string): Promise<void> {
  await db.delete(oauthRecords).where(and(eq(oauthRecords.model, 'Session'), eq(oauthRecords.uid, uid)));
}

/** Deletes rows past their expiry. */
export async function sweepOAuthRecords(db: Db, now = new Date()): Promise<void> {
  await db.delete(oauthRecords).where(lt(oauthRecords.expiresAt, now));
}
