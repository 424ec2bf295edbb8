/**
 * The person behind an OAuth token: the developer account that allowed the client. With such a
 * token the person is already known, so the buyer operations answer for them without any buyer.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { carts, users } from '../db/schema';
import { personNamespaceSuffix } from './caller';

export interface PersonProfile {
  id: string;
  email: string;
  name: string | null;
  verified_at: string | null;
  /** Platforms (agent profile URLs) the person's linked calls were credited to. */
  linked_platforms: string[];
}

export async function personProfile(db: Db, accountId: string): Promise<PersonProfile> {
  const [person] = await db.select().from(users).where(eq(users.id, accountId));
  const suffix = personNamespaceSuffix(accountId);
  const platforms = await db
    .selectDistinct({ platform: carts.platform })
    .from(carts)
    .where(and(isNotNull(carts.platform), sql`left(${carts.owner}, 6) = 'oauth:' AND right(${carts.owner}, ${suffix.length}) = ${suffix}`))
    .orderBy(carts.platform);
  return {
    id: person.id,
    email: person.email,
    name: person.name,
    verified_at: person.emailVerified?.toISOString() ?? null,
    linked_platforms: platforms.map((p) => p.platform!),
  };
}
