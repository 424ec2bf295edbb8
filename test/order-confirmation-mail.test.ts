/**
 * The order confirmation a UCP checkout's buyer is mailed once the order is placed
 * (server/payments/confirmation-mail.ts), through the service's mailer to a real SMTP server: the
 * order number, its lines, delivery, the total and the order's page. One mail per order, however
 * often the payment is reported; none for a cart without a buyer's e-mail (the seed API's). It
 * goes through an outbox: a row committed with the order, sent by a worker afterwards, so an app
 * gone right after the commit loses nothing (a new app on the same database sends it), a mail
 * server refusing it neither fails nor undoes the payment and is tried again later, and a capture
 * that failed once and was finished by the retried notice (already_paid) is confirmed too.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../server/db/client';
import { carts, orderConfirmationMails, orders, paymentLinks, variants, type CartBuyer } from '../server/db/schema';
import { completePayment } from '../server/payments/complete';
import { providerNamed } from '../server/payments/select';
import { ConfirmationMailWorker } from '../server/payments/confirmation-mail';
import { payPage, type PayPage } from '../server/payments/pay-page';
import type { OutboxOptions } from '../server/outbox/worker';
import { BASE, testApp, type TestApp } from './support/app';
import { agentApi, seedCart, variantId } from './support/cart-fixtures';
import { seedCatalog, seller } from './support/catalog-fixtures';
import { freePort } from './support/ports';
import { startSmtpSink, type SmtpSink } from './support/smtp';
import { startStripeStandin } from './support/stripe-standin';

const CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Grace Hopper' };

let t: TestApp;
let db: Db;
let smtp: SmtpSink;
let page: PayPage;
let mailEnv: Record<string, string>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  mailEnv = { SMTP_URL: smtp.url, MAIL_FROM: 'Agent Commerce <orders@agent-commerce.test>' };
  t = await testApp(mailEnv);
  db = t.app.services.db;
  page = payPage(t.app.services);
  await seedCatalog(db, [
    {
      seller: seller('mail-shop', { name: 'Mail Shop' }),
      products: [
        { title: 'Walnut Board', variants: [[3500, 20]] },
        { title: 'Beeswax Candle', variants: [[650, 30]] },
      ],
    },
  ]);
  // The fixtures make variants without options; the mail names a line's variant by them.
  await db.update(variants).set({ options: { Scent: 'Pine' } }).where(eq(variants.id, await variantId(db, 'Beeswax Candle')));
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** A cart with a payment link (of `app`'s provider), its buyer set as a UCP checkout sets it; the link's pay-page token. */
async function linkedCart(buyer: CartBuyer | null, app = t) {
  const id = await seedCart(db, [
    ['Walnut Board', 1],
    ['Beeswax Candle', 2],
  ]);
  if (buyer) await db.update(carts).set({ buyer }).where(eq(carts.id, id));
  const res = await agentApi(app)('POST', '/api/agent/payment-link', { cart_id: id });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id, url: res.body.url as string, token: new URL(res.body.url).pathname.split('/').pop()! };
}

/** Pays the link on its page (of `on`'s service) with the success card, as the person does. */
async function payOnPage(token: string, on = page): Promise<void> {
  const view = await on.view(token, {});
  if (view.state !== 'live' || !('form' in view.payment)) throw new Error(`not payable: ${view.state}`);
  await on.submit(token, { form_token: view.payment.form.formToken, ...CARD }, { origin: BASE, referer: null });
  expect(await on.view(token, {})).toMatchObject({ state: 'paid' });
}

const worker = (options: OutboxOptions = {}, app = t) => new ConfirmationMailWorker(app.app.services, options);
/** One round of the outbox's worker: what is due is sent. */
const sendDue = (options: OutboxOptions = {}) => worker(options).runOnce();
/** A worker whose clock is `minutes` ahead: time passed, a retry is due. */
const later = (minutes: number) => ({ now: () => new Date(Date.now() + minutes * 60_000) });
const rowOf = async (orderId: string) => (await db.select().from(orderConfirmationMails).where(eq(orderConfirmationMails.orderId, orderId)))[0];

const orderOf = async (cartId: string) => (await db.select().from(orders).where(eq(orders.cartId, cartId)))[0];
const mailsTo = (to: string) => smtp.received.filter((m) => m.to.includes(to));
/** Long enough for a second message, had one been sent, to reach the sink. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

describe('the order confirmation e-mail', () => {
  it('reaches the buyer once the order is placed: order number, lines, delivery, total in dollars and the order’s page', async () => {
    const to = 'grace@example.org';
    const c = await linkedCart({ email: to, first_name: 'Grace' });
    await payOnPage(c.token);
    const order = await orderOf(c.id);
    await sendDue();
    const mail = await smtp.nextMail(to);
    expect(mail.from).toBe('orders@agent-commerce.test');
    expect(mail.subject).toBe(`Your order ${order.id} is placed`);
    expect(mail.text).toContain('Hello Grace,');
    expect(mail.text).toContain(`your order ${order.id} is placed`);
    expect(mail.text).toContain('1 × Walnut Board at $35.00: $35.00');
    expect(mail.text).toContain('2 × Beeswax Candle (Pine) at $6.50: $13.00');
    expect(mail.text).toContain('Delivery: $4.99');
    expect(mail.text).toContain('Total paid: $52.99 (USD)');
    expect(order.totals.total_cents).toBe(5299);
    expect(mail.text).toContain(`The order's page, with its state: ${c.url}`);
  });

  it('is sent once when the payment is reported twice', async () => {
    const to = 'twice@example.org';
    const c = await linkedCart({ email: to });
    await payOnPage(c.token);
    await sendDue();
    await smtp.nextMail(to);
    const order = await orderOf(c.id);
    const [link] = await db.select().from(paymentLinks).where(eq(paymentLinks.cartId, c.id));
    // The same payment's notice again (a webhook retried): the order stands, nothing is mailed.
    expect(await completePayment(t.app.services, { linkId: link.id, authorization: order.payment.reference, provider: 'builtin' })).toEqual({ kind: 'already_paid', orderId: order.id });
    await sendDue(later(60 * 24));
    await settle();
    expect(mailsTo(to)).toHaveLength(1);
    expect(await rowOf(order.id)).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('is not sent for a cart without a buyer’s e-mail (the seed API’s carts)', async () => {
    const before = smtp.received.length;
    const carts = [await linkedCart(null), await linkedCart({ first_name: 'Nobody' })];
    for (const c of carts) await payOnPage(c.token);
    await sendDue();
    await settle();
    expect(smtp.received.length).toBe(before);
    for (const c of carts) expect(await rowOf((await orderOf(c.id)).id)).toBeUndefined();
  });

  it('refused by the mail server: logged, the order stands, tried again later and sent once', async () => {
    const to = 'refused@example.org';
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    smtp.refuse(true);
    let orderId: string;
    try {
      const c = await linkedCart({ email: to });
      await payOnPage(c.token);
      const order = await orderOf(c.id);
      orderId = order.id;
      await sendDue();
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`^Order ${order.id}: The e-mail to ${to} could not be sent: .*; the order stands, and its confirmation is tried again later\\.$`)));
      expect(order.status).toBe('placed');
      expect((await db.select().from(carts).where(eq(carts.id, c.id)))[0].status).toBe('completed');
      const row = await rowOf(order.id);
      expect(row).toMatchObject({ state: 'pending', attempts: 1 });
      expect(row.lastError).toContain(`The e-mail to ${to} could not be sent`);
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    } finally {
      smtp.refuse(false);
      warn.mockRestore();
    }
    // Not yet due: nothing is sent.
    await sendDue();
    await settle();
    expect(mailsTo(to)).toEqual([]);
    // Its time comes: sent, once, and marked so.
    await sendDue(later(10));
    expect((await smtp.nextMail(to)).subject).toBe(`Your order ${orderId} is placed`);
    await sendDue(later(60 * 24));
    await settle();
    expect(mailsTo(to)).toHaveLength(1);
    expect(await rowOf(orderId)).toMatchObject({ state: 'sent', attempts: 2, lastError: null });
  });

  it('an app gone right after the commit (kill -9) loses nothing: a new app on the same database mails it, once', async () => {
    const to = 'crash@example.org';
    // The app that takes the payment dies before any mail of it leaves: its mail server is a closed port.
    const gone = await testApp({ ...mailEnv, SMTP_URL: `smtp://127.0.0.1:${await freePort()}` }, t.db);
    const c = await linkedCart({ email: to }, gone);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      await payOnPage(c.token, payPage(gone.app.services));
      await settle();
    } finally {
      warn.mockRestore();
      await gone.close();
    }
    const order = await orderOf(c.id);
    expect(order.status).toBe('placed');
    // The restarted service: its worker, polling as every process's does, sends what is due.
    const restarted = await testApp(mailEnv, t.db);
    const polling = worker({}, restarted);
    polling.start();
    try {
      const mail = await smtp.nextMail(to, 5_000);
      expect(mail.text).toContain(`your order ${order.id} is placed`);
      // Its round ends (marked sent); a day later nothing is left to send.
      await polling.stop();
      await worker(later(60 * 24), restarted).runOnce();
      await settle();
    } finally {
      await polling.stop();
      await restarted.close();
    }
    expect(mailsTo(to)).toHaveLength(1);
    expect(await rowOf(order.id)).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('one whose sender died while sending (its lease lapsed) is sent by another worker', async () => {
    const to = 'midsend@example.org';
    const c = await linkedCart({ email: to });
    await payOnPage(c.token);
    const order = await orderOf(c.id);
    await db
      .update(orderConfirmationMails)
      .set({ state: 'sending', leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(orderConfirmationMails.orderId, order.id));
    await sendDue();
    await smtp.nextMail(to);
    expect(await rowOf(order.id)).toMatchObject({ state: 'sent' });
  });

  it('waits for the capture: a card order is confirmed once captured, one whose capture is refused never, one whose process died before capturing a minute on', async () => {
    const provider = providerNamed(t.app.services.config, 'builtin');
    const authorize = async (c: { id: string }) => {
      const [link] = await db.select().from(paymentLinks).where(eq(paymentLinks.cartId, c.id));
      const auth = await provider.authorize!({ number: CARD.number, expiry: CARD.expiry, cvc: CARD.cvc, name: CARD.name }, { amountCents: link.amountCents, currency: 'USD' });
      if (auth.status !== 'authorized') throw new Error(auth.status);
      return { linkId: link.id, authorization: auth.authorization, provider: 'builtin' };
    };

    // Refused for good (the authorization lapsed before the capture): the order is voided, never confirmed.
    const refused = await linkedCart({ email: 'lapsed@example.org' });
    const lapsed = await authorize(refused);
    await provider.release(lapsed.authorization, 'lapsed');
    expect((await completePayment(t.app.services, lapsed)).kind).toBe('payment_failed');
    const voided = await orderOf(refused.id);
    await sendDue(later(2));
    await settle();
    expect(mailsTo('lapsed@example.org')).toHaveLength(0);
    expect(await rowOf(voided.id)).toMatchObject({ state: 'skipped' });

    // Placed but never captured (the capture fails as a process that died before it would): held, then sent once the hold is over.
    const died = await linkedCart({ email: 'uncaptured@example.org' });
    const [link] = await db.select().from(paymentLinks).where(eq(paymentLinks.cartId, died.id));
    await expect(completePayment(t.app.services, { linkId: link.id, authorization: 'auth_never_captured', provider: 'builtin' })).rejects.toThrow(/unknown authorization/);
    const held = await orderOf(died.id);
    expect(held.status).toBe('placed');
    await sendDue();
    expect(await rowOf(held.id)).toMatchObject({ state: 'pending', attempts: 0 });
    await sendDue(later(2));
    await smtp.nextMail('uncaptured@example.org');
    expect(await rowOf(held.id)).toMatchObject({ state: 'sent' });
  });

  it('a Stripe capture that failed once and succeeded on the retried notice (already_paid) is mailed', async () => {
    const standin = await startStripeStandin();
    const stripe = await testApp({ ...mailEnv, ...standin.env }, t.db);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const to = 'retried@example.org';
      const c = await linkedCart({ email: to }, stripe);
      const [link] = await db.select().from(paymentLinks).where(eq(paymentLinks.cartId, c.id));
      const session = standin.complete([...standin.sessions.values()].find((x) => x.metadata.cart_id === c.id)!.id);
      const payment = { linkId: link.id, authorization: session.payment_intent!, provider: 'stripe' };
      // Stripe is down at the capture (the SDK tries twice): the order stands, the notice answers 503.
      standin.failNext('unavailable', 2);
      await expect(completePayment(stripe.app.services, payment)).rejects.toThrow();
      const order = await orderOf(c.id);
      // Stripe delivers the notice again: the capture is finished.
      expect(await completePayment(stripe.app.services, payment)).toEqual({ kind: 'already_paid', orderId: order.id });
      expect(standin.captures).toEqual([session.payment_intent]);
      await worker({}, stripe).runOnce();
      expect((await smtp.nextMail(to)).subject).toBe(`Your order ${order.id} is placed`);
      await settle();
      expect(mailsTo(to)).toHaveLength(1);
    } finally {
      warn.mockRestore();
      await stripe.close();
      await standin.close();
    }
  });
});
