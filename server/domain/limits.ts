/**
 * Platform cart limits: one database row, tunable at run time. The REST read is answered through
 * the gateway's ≤ 1 s response cache (see routers/platform.ts), so a change is seen everywhere
 * within 1 s.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { platformLimits } from '../db/schema';
import { centsToDecimal } from '../lib/money';

export interface PlatformLimits {
  max_item_quantity: number;
  max_cart_total_cents: number;
  /** Always derived from max_cart_total_cents: decimal dollars with two places. */
  max_cart_total_usd: string;
}

export type LimitsPatch = Partial<Pick<PlatformLimits, 'max_item_quantity' | 'max_cart_total_cents'>>;

export const LIMIT_FIELDS = ['max_item_quantity', 'max_cart_total_cents'] as const;

function toRecord(row: { maxItemQuantity: number; maxCartTotalCents: number }): PlatformLimits {
  return {
    max_item_quantity: row.maxItemQuantity,
    max_cart_total_cents: row.maxCartTotalCents,
    max_cart_total_usd: centsToDecimal(row.maxCartTotalCents),
  };
}

export async function readLimits(db: Db): Promise<PlatformLimits> {
  const [row] = await db.select().from(platformLimits).where(eq(platformLimits.id, 1));
  if (!row) throw new Error('platform_limits row is missing: run the migrations');
  return toRecord(row);
}

export async function updateLimits(db: Db, patch: LimitsPatch): Promise<PlatformLimits> {
  const set: Partial<typeof platformLimits.$inferInsert> = { updatedAt: new Date() };
  if (patch.max_item_quantity !== undefined) set.maxItemQuantity = patch.max_item_quantity;
  if (patch.max_cart_total_cents !== undefined) set.maxCartTotalCents = patch.max_cart_total_cents;
  const [row] = await db.update(platformLimits).set(set).where(eq(platformLimits.id, 1)).returning();
  return toRecord(row);
}
