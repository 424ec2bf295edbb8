/**
 * The order confirmation a UCP checkout's buyer is sent (UCP's checkout: the business MUST send
 * one) once the order is placed: the order number, its lines, delivery, the total, and the order's
 * page (the paid link's /pay/{token}). Only carts that name a buyer's e-mail get one (the seed API's
 * carts name none).
 *
 * Called after the payment's transaction committed, by whichever path placed the order, once
 * (on the `placed` outcome, never on a repeated notice of the same payment). The payment does not
 * wait for the mail server, and nothing about the mail can fail or undo it: a send that fails is
 * logged.
 */
import { eq } from 'drizzle-orm';
import { lineTitle } from '../carts/pricing';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { carts, orders } from '../db/schema';
import { centsToDecimal } from '../domain/limits';
import type { Mailer, MailMessage } from '../mail/mailer';
import type { ServiceKeys } from '../secrets/keys';
import { orderPage } from './continue';

export interface ConfirmationServices {
  config: Pick<Config, 'publicBaseUrl'>;
  keys: ServiceKeys;
  mailer: Mailer;
}

const dollars = (cents: number) => `$${centsToDecimal(cents)}`;

/** Sends the confirmation of `orderId` if its cart names a buyer's e-mail; resolves once it is handed on, never rejects. */
export async function mailOrderConfirmation(services: ConfirmationServices, db: Db, orderId: string): Promise<void> {
  let message: MailMessage | undefined;
  try {
    message = await confirmationOf(services, db, orderId);
  } catch (err) {
    console.warn(`Order ${orderId}: its confirmation e-mail could not be written (${(err as Error).message}); the order stands.`);
    return;
  }
  if (!message) return;
  services.mailer.send(message).catch((err: Error) => console.warn(`Order ${orderId}: ${err.message}; the order stands.`));
}

async function confirmationOf(services: ConfirmationServices, db: Db, orderId: string): Promise<MailMessage | undefined> {
  const [order] = await db
    .select({ id: orders.id, cartId: orders.cartId, lines: orders.lineItems, totals: orders.totals, buyer: carts.buyer })
    .from(orders)
    .innerJoin(carts, eq(carts.id, orders.cartId))
    .where(eq(orders.id, orderId));
  const to = order?.buyer?.email;
  if (!to) return undefined;
  const page = await orderPage(services, db, order.cartId);
  const greeting = order.buyer?.first_name ? `Hello ${order.buyer.first_name},` : 'Hello,';
  const lines = order.lines.map((l) => `  ${l.quantity} × ${lineTitle(l)} at ${dollars(l.unit_price_cents)}: ${dollars(l.line_total_cents)}`);
  const text = [
    greeting,
    '',
    `Thank you: your order ${order.id} is placed.`,
    '',
    ...lines,
    '',
    `Subtotal: ${dollars(order.totals.subtotal_cents)}`,
    `Delivery: ${order.totals.delivery_cents ? dollars(order.totals.delivery_cents) : 'free'}`,
    `Total paid: ${dollars(order.totals.total_cents)} (${order.totals.currency})`,
    ...(page ? ['', `The order's page, with its state: ${page}`] : []),
    '',
    'Your assistant placed this order for you at Agent Commerce.',
  ].join('\n');
  return { to, subject: `Your order ${order.id} is placed`, text, link: page };
}
