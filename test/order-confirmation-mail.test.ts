/**
 * The order confirmation a UCP checkout's buyer is mailed once the order is placed
 * (server/payments/confirmation-mail.ts), through the service's mailer to a real SMTP server: the
 * order number, its lines, delivery, the total and the order's page. One mail per order, however
 * often the payment is reported; none for a cart without a buyer's e-mail (the seed API's); and a
 * mail server refusing it neither fails nor undoes the payment.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../server/db/client';
import { carts, orders, paymentLinks, variants, type CartBuyer } from '../server/db/schema';
import { completePayment } from '../server/payments/complete';
import { payPage, type PayPage } from '../server/payments/pay-page';
import { BASE, testApp, type TestApp } from './support/app';
import { agentApi, seedCart, variantId } from './support/cart-fixtures';
import { seedCatalog, seller } from './support/catalog-fixtures';
import { startSmtpSink, type SmtpSink } from './support/smtp';

const CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Grace Hopper' };

let t: TestApp;
let db: Db;
let smtp: SmtpSink;
let page: PayPage;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await testApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Agent Commerce <orders@agent-commerce.test>' });
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

/** A cart with a payment link, its buyer set as a UCP checkout sets it; the link's pay-page token. */
async function linkedCart(buyer: CartBuyer | null) {
  const id = await seedCart(db, [
    ['Walnut Board', 1],
    ['Beeswax Candle', 2],
  ]);
  if (buyer) await db.update(carts).set({ buyer }).where(eq(carts.id, id));
  const res = await agentApi(t)('POST', '/api/agent/payment-link', { cart_id: id });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id, url: res.body.url as string, token: new URL(res.body.url).pathname.split('/').pop()! };
}

/** Pays the link on its page with the success card, as the person does. */
async function payOnPage(token: string): Promise<void> {
  const view = await page.view(token, {});
  if (view.state !== 'live' || !('form' in view.payment)) throw new Error(`not payable: ${view.state}`);
  await page.submit(token, { form_token: view.payment.form.formToken, ...CARD }, { origin: BASE, referer: null });
  expect(await page.view(token, {})).toMatchObject({ state: 'paid' });
}

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
    await smtp.nextMail(to);
    const order = await orderOf(c.id);
    const [link] = await db.select().from(paymentLinks).where(eq(paymentLinks.cartId, c.id));
    // The same payment's notice again (a webhook retried): the order stands, nothing is mailed.
    expect(await completePayment(t.app.services, { linkId: link.id, authorization: order.payment.reference, provider: 'builtin' })).toEqual({ kind: 'already_paid', orderId: order.id });
    await settle();
    expect(mailsTo(to)).toHaveLength(1);
  });

  it('is not sent for a cart without a buyer’s e-mail (the seed API’s carts)', async () => {
    const before = smtp.received.length;
    await payOnPage((await linkedCart(null)).token);
    await payOnPage((await linkedCart({ first_name: 'Nobody' })).token);
    await settle();
    expect(smtp.received.length).toBe(before);
  });

  it('refused by the mail server, is logged, and the order stands', async () => {
    const to = 'refused@example.org';
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    smtp.refuse(true);
    try {
      const c = await linkedCart({ email: to });
      await payOnPage(c.token);
      const order = await orderOf(c.id);
      await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`^Order ${order.id}: The e-mail to ${to} could not be sent: .*; the order stands\\.$`))), { timeout: 10_000 });
      expect(order.status).toBe('placed');
      expect((await db.select().from(carts).where(eq(carts.id, c.id)))[0].status).toBe('completed');
    } finally {
      smtp.refuse(false);
      warn.mockRestore();
    }
    expect(mailsTo(to)).toEqual([]);
  });
});
