/**
 * One order as the one who placed it reads it (UCP's order capability, its webhooks): by id, with
 * the ownership check, or as the transaction that just changed it holds it. An order is the
 * caller's when its cart's owner is the caller's namespace and its cart was made at the same
 * endpoint (carts.scope: the seller's handle, null for the network's); an unknown id, another
 * owner's order and another endpoint's are one answer, order_not_found, so existence is never
 * disclosed. (history.ts reads orders for buyers, people and keys, by other owners.)
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { carts, orders } from '../db/schema';
import { ApiError } from '../errors/catalogue';

/**
 * An order as the transaction that just changed it holds it: the row, its cart's owner and endpoint
 * (`scope`: the seller's handle, null for the network's), the ACP platform it was made for, and, when it knows them, the payment link
 * that paid it and that it placed the order just now (so nothing has shipped). Rendering it reads
 * none of that again.
 */
export interface HeldOrder {
  order: typeof orders.$inferSelect;
  owner: string;
  scope: string | null;
  /** The ACP platform's account whose key made the cart as a checkout session (carts.acp_platform), or null. */
  acpPlatform: string | null;
  paidBy?: { id: string; tokenHash: string };
  placedNow?: boolean;
}

/** Whose orders a call may read: the caller's namespace, at the endpoint it called. */
export interface EndpointReader {
  owner: string;
  /** The seller's handle of `/store/{handle}/ucp`; null for the network's `/ucp`. */
  scope: string | null;
}

const selectHeld = (db: Db) => db.select({ order: orders, owner: carts.owner, scope: carts.scope, acpPlatform: carts.acpPlatform }).from(orders).innerJoin(carts, eq(carts.id, orders.cartId));

/** The reader's order `id`; else 404 order_not_found. */
export async function readOrder(db: Db, id: string, reader: EndpointReader): Promise<HeldOrder> {
  const [found] = await selectHeld(db).where(and(eq(orders.id, id), eq(carts.owner, reader.owner), reader.scope === null ? isNull(carts.scope) : eq(carts.scope, reader.scope)));
  if (!found) throw new ApiError('order_not_found', { message: `No order ${JSON.stringify(id)} was placed by this caller at this endpoint.` });
  return found;
}

/** Order `id` as the transaction `tx` holds it, whoever placed it. */
export async function heldOrder(tx: Db, id: string): Promise<HeldOrder | undefined> {
  const [found] = await selectHeld(tx).where(eq(orders.id, id));
  return found;
}
