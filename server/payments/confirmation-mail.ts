/**
 * The order confirmation a UCP checkout's buyer is sent (UCP's checkout: the business MUST send
 * one) once the order is placed: the order number, its lines, delivery, the total, and the order's
 * page (the paid link's /pay/{token}). Only carts that name a buyer's e-mail get one (the seed API's
 * carts name none).
 *
 * Through an outbox (outbox/worker.ts), as order webhooks go: the transaction that places the
 * order, on whichever path (the pay page's card, Stripe's webhook, an x402 settlement), adds the
 * confirmation's row, and a worker of any process sends it after the commit, tries it again when
 * the mail server fails or refuses it, and marks it sent. So an order whose process died just
 * after its commit, or whose capture failed and was finished by the provider's retried notice, is
 * still confirmed, and the payment never waits for the mail server. The row holds only the order's
 * id: recipient, lines and the order's page are read and rendered at each attempt, so nothing
 * stored opens a page. A worker that dies between handing the message on and marking it sent
 * leaves it to be sent again: a buyer may be mailed twice, never not at all.
 */
import { eq, sql } from 'drizzle-orm';
import { lineTitle } from '../carts/pricing';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { preparedRows } from '../db/prepared';
import { carts, orderConfirmationMails, orders } from '../db/schema';
import { centsToDecimal } from '../lib/money';
import { reasonOf } from '../errors/for-log';
import type { Mailer, MailMessage } from '../mail/mailer';
import { OutboxWorker, outboxStatements, type OutboxOptions, type Outcome } from '../outbox/worker';
import type { ServiceKeys } from '../secrets/keys';
import { orderPage } from './continue';

export interface ConfirmationServices {
  config: Pick<Config, 'publicBaseUrl'>;
  db: Db;
  keys: ServiceKeys;
  mailer: Mailer;
}

/**
 * Seconds between a failed attempt and the next, the last repeated until three days after the
 * order (outbox/schedule.ts): a mail server's outage is mostly short, and a late confirmation
 * still confirms.
 */
const RETRY_SCHEDULE = [60, 300, 1800, 7200, 21600];

type ConfirmationMail = typeof orderConfirmationMails.$inferSelect;

const statements = outboxStatements<ConfirmationMail>({ name: 'confirmation_mail', table: orderConfirmationMails, key: { property: 'orderId', column: 'order_id' } });

/** The order's confirmation, due at `due`, when its cart names a buyer's e-mail; once per order. */
const insertConfirmation = preparedRows<{ orderId: string; now: string; due: string }, never>(
  'confirmation_mail_insert',
  sql`INSERT INTO order_confirmation_mails (order_id, occurred_at, next_attempt_at)
      SELECT o.id, ${sql.placeholder('now')}::timestamptz, ${sql.placeholder('due')}::timestamptz
      FROM orders o JOIN carts c ON c.id = o.cart_id
      WHERE o.id = ${sql.placeholder('orderId')} AND c.buyer->>'email' IS NOT NULL
      ON CONFLICT DO NOTHING`,
);

/**
 * How long a card order's confirmation waits for its capture (complete.ts), which releases it at
 * once when the capture succeeds: longer than a capture takes with its retries (Stripe's client:
 * 8 s a try), so a refused capture voids the order before the worker could confirm it, while a
 * process that died between the commit and the capture still confirms the order a minute later.
 */
export const CAPTURE_HOLD_MS = 60_000;

/**
 * Adds the confirmation of `orderId` to the transaction `tx` that placed it (nothing for a cart
 * without a buyer's e-mail): due at once, or `heldMs` later for a payment still to be captured.
 */
export async function enqueueOrderConfirmation(tx: Db, orderId: string, heldMs = 0): Promise<void> {
  const now = new Date();
  await insertConfirmation(tx, { orderId, now: now.toISOString(), due: new Date(now.getTime() + heldMs).toISOString() });
}

const releaseConfirmation = preparedRows<{ orderId: string; now: string }, never>(
  'confirmation_mail_release',
  sql`UPDATE order_confirmation_mails SET next_attempt_at = ${sql.placeholder('now')}::timestamptz
      WHERE order_id = ${sql.placeholder('orderId')} AND state = 'pending' AND next_attempt_at > ${sql.placeholder('now')}::timestamptz`,
);

/** A held confirmation made due now: its order's payment was captured. */
export async function releaseOrderConfirmation(db: Db, orderId: string): Promise<void> {
  await releaseConfirmation(db, { orderId, now: new Date().toISOString() });
}

/** Sends the outbox: every server process runs one (main.ts). */
export class ConfirmationMailWorker extends OutboxWorker<ConfirmationMail> {
  constructor(
    private readonly services: ConfirmationServices,
    options: OutboxOptions = {},
  ) {
    super({ db: services.db, statements, schedule: RETRY_SCHEDULE, label: 'Order confirmations' }, options);
  }

  protected attempts(rows: ConfirmationMail[]): Promise<Outcome>[] {
    return rows.map((row) => this.send(row.orderId));
  }

  private async send(orderId: string): Promise<Outcome> {
    try {
      const message = await confirmationOf(this.services, orderId);
      if (typeof message === 'string') return { state: 'skipped', reason: message };
      await this.services.mailer.send(message);
      return { state: 'sent' };
    } catch (err) {
      const reason = reasonOf(err);
      // The operator's sign of a mail server in trouble; the row keeps it as its last_error too.
      console.warn(`Order ${orderId}: ${reason}; the order stands, and its confirmation is tried again later.`);
      return { state: 'retry', reason };
    }
  }
}

const dollars = (cents: number) => `$${centsToDecimal(cents)}`;

/** The message, or why none is sent. */
async function confirmationOf(services: ConfirmationServices, orderId: string): Promise<MailMessage | string> {
  const { db } = services;
  const [order] = await db
    .select({ id: orders.id, status: orders.status, cartId: orders.cartId, lines: orders.lineItems, totals: orders.totals, buyer: carts.buyer })
    .from(orders)
    .innerJoin(carts, eq(carts.id, orders.cartId))
    .where(eq(orders.id, orderId));
  // A capture refused for good voids the order (complete.ts) before this was sent: it is not confirmed.
  if (order?.status !== 'placed') return `the order is ${order?.status ?? 'gone'}`;
  const to = order.buyer?.email;
  if (!to) return "the order's cart names no buyer's e-mail";
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
