/**
 * Expiry, applied by whichever instance touches a cart or a link first, and swept in bulk by any
 * instance. An open cart expires `cartTtlHours` after its last change; a live payment link
 * `paymentLinkTtlHours` after issue, and its cart (in checkout) is then open again. Every step is a
 * conditional UPDATE, so instances racing to apply the same expiry agree, and locks are taken cart
 * first, then link, as every cart change takes them.
 *
 * A lazy expiry found inside a mutation that then fails (409 cart_expired) is rolled back with it;
 * the answer is still right, and the next reader or the sweep records it.
 *
 * One clock: the service's (`Date`), which sets every expiry and decides every one, passed to SQL as
 * a value. Never the database's now(): a Postgres server's clock is not the process's, and a
 * decision taken on one clock about a time written by the other could disagree by their skew.
 */
import { and, eq, lte } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client';
import { carts, paymentLinks } from '../db/schema';

type CartRow = typeof carts.$inferSelect;
type LinkRow = typeof paymentLinks.$inferSelect;

/** A live link past its expiry becomes expired and its cart open again. Returns whether it expired. */
export async function expireLinkIfDue(db: Db, link: Pick<LinkRow, 'id' | 'cartId' | 'status' | 'expiresAt'>): Promise<boolean> {
  if (link.status !== 'live' || link.expiresAt.getTime() > Date.now()) return false;
  return db.transaction(async (tx) => {
    await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, link.cartId)).for('update');
    const expired = await tx
      .update(paymentLinks)
      .set({ status: 'expired', closedAt: new Date() })
      .where(and(eq(paymentLinks.id, link.id), eq(paymentLinks.status, 'live')))
      .returning({ id: paymentLinks.id });
    if (!expired.length) return false;
    await tx.update(carts).set({ status: 'open' }).where(and(eq(carts.id, link.cartId), eq(carts.status, 'checkout')));
    return true;
  }) as Promise<boolean>;
}

/** The cart as it stands now: a due link expired first (the cart may then be open), then the cart's own expiry. */
export async function applyExpiry(db: Db, cart: CartRow): Promise<CartRow> {
  if (cart.status === 'checkout') {
    const [link] = await db.select().from(paymentLinks).where(and(eq(paymentLinks.cartId, cart.id), eq(paymentLinks.status, 'live')));
    if (!link || !(await expireLinkIfDue(db, link))) return cart;
    cart = { ...cart, status: 'open' };
  }
  const now = new Date();
  if (cart.status !== 'open' || cart.expiresAt > now) return cart;
  // Only if no change moved its expiry since it was read.
  await db
    .update(carts)
    .set({ status: 'expired' })
    .where(and(eq(carts.id, cart.id), eq(carts.status, 'open'), lte(carts.expiresAt, now)));
  return { ...cart, status: 'expired' };
}

/** Rows one sweep statement takes, so a backlog never becomes one long-held batch of locks. */
const SWEEP_BATCH = 500;

/**
 * Expires every due link (its cart open again) and every due open cart, in batches. Rows another
 * transaction holds are skipped (SKIP LOCKED), not waited for: that transaction applies the expiry
 * itself, or the next sweep does. So sweeps on several instances at once, and requests, never wait
 * on each other or deadlock.
 */
export async function sweepExpired(db: Db): Promise<{ links: number; carts: number }> {
  const swept = { links: 0, carts: 0 };
  const now = new Date().toISOString();
  for (;;) {
    const reopened = await rows(
      db,
      sql`WITH due AS (
            SELECT c.id FROM carts c
            JOIN payment_links l ON l.cart_id = c.id AND l.status = 'live' AND l.expires_at <= ${now}::timestamptz
            LIMIT ${SWEEP_BATCH}
            FOR UPDATE OF c SKIP LOCKED
          ), expired AS (
            UPDATE payment_links l SET status = 'expired', closed_at = ${now}::timestamptz
            FROM due WHERE l.cart_id = due.id AND l.status = 'live' AND l.expires_at <= ${now}::timestamptz
            RETURNING l.cart_id
          )
          UPDATE carts c SET status = 'open' FROM expired WHERE c.id = expired.cart_id AND c.status = 'checkout'
          RETURNING c.id`,
    );
    swept.links += reopened.length;
    if (reopened.length < SWEEP_BATCH) break;
  }
  for (;;) {
    const expired = await rows(
      db,
      sql`WITH due AS (
            SELECT id FROM carts WHERE status = 'open' AND expires_at <= ${now}::timestamptz
            LIMIT ${SWEEP_BATCH}
            FOR UPDATE SKIP LOCKED
          )
          UPDATE carts c SET status = 'expired' FROM due WHERE c.id = due.id
          RETURNING c.id`,
    );
    swept.carts += expired.length;
    if (expired.length < SWEEP_BATCH) break;
  }
  return swept;
}
