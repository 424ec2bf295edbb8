/**
 * UCP's checkout as a platform and a person do it, against `npm start`, in Chromium: a platform
 * that knows only the base URL finds the binding in /.well-known/ucp, its profile published on the
 * agents' host (pinned for the service, e2e/support/agents-host.ts) with its signing key; searches,
 * creates a checkout and completes it with the buyer's e-mail and a destination until it asks for
 * the person (requires_escalation, continue_url). The person opens continue_url and pays; the
 * checkout is then completed with its order, the confirmation e-mail arrives at a real SMTP server
 * this file starts, and the order reads signed by the platform (200) and unsigned (401).
 */
import type https from 'node:https';
import { randomUUID } from 'node:crypto';
import { CARDS, payWith } from './support/purchase';
import { expect, test } from '@playwright/test';
import { platformProfile, UCP_DESTINATION } from '../test/support/platform-profile';
import { testKey, ucpSign } from '../test/support/signing';
import { startSmtpSink, type SmtpSink } from '../test/support/smtp';
import { agentsHost, serveAgentsHost } from './support/agents-host';
import { expectPageHeaders, seriousViolations, snapshot } from './support/page-checks';

type Json = Record<string, any>;

const PORT = Number(process.env.E2E_PORT ?? 3210);
const SMTP_PORT = PORT + 1;
const PROFILE = `${agentsHost(PORT).origin}/ucp/platform.json`;
const key = testKey('ES256');

let smtp: SmtpSink;
let agentsServer: https.Server;
test.beforeAll(async () => {
  smtp = await startSmtpSink(SMTP_PORT);
  agentsServer = await serveAgentsHost(PORT, new Map([['/ucp/platform.json', platformProfile({ signing_keys: [key.jwk] })]]));
});
test.afterAll(async () => {
  await smtp?.close();
  await new Promise((resolve) => agentsServer?.close(resolve));
});

/** The platform's call of the binding: UCP-Agent always, a fresh Idempotency-Key on writes, signed when asked. */
async function call(method: string, url: string, body?: Json, signed = false): Promise<{ status: number; body: Json }> {
  let headers: Record<string, string> = { 'UCP-Agent': `profile="${PROFILE}"`, ...(body && { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() }) };
  const raw = body && JSON.stringify(body);
  if (signed) headers = await ucpSign({ method, url, headers, ...(raw && { body: raw }) }, key);
  const res = await fetch(url, { method, headers, body: raw });
  return { status: res.status, body: (await res.json()) as Json };
}

test('a UCP platform takes a checkout to the person, who pays at continue_url; the platform reads the order', async ({ page, baseURL }, testInfo) => {
  const manifest = (await call('GET', `${baseURL}/.well-known/ucp`)).body;
  const endpoint = (manifest.ucp.services['dev.ucp.shopping'] as Json[]).find((s) => s.transport === 'rest')!.endpoint as string;

  const found = await call('POST', `${endpoint}/catalog/search`, { query: 'wireless headphones' });
  expect(found.status, JSON.stringify(found.body)).toBe(200);
  const variant = (found.body.products as Json[]).flatMap((p) => p.variants as Json[]).find((v) => v.availability?.available !== false)!;

  const created = await call('POST', `${endpoint}/checkout-sessions`, { line_items: [{ item: { id: variant.id }, quantity: 1 }] });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.status).toBe('incomplete');

  const email = `ucp-${Date.now()}@example.com`;
  const ready = await call('PUT', `${endpoint}/checkout-sessions/${created.body.id}`, {
    line_items: [{ id: created.body.line_items[0].id, item: { id: variant.id }, quantity: 1 }],
    buyer: { email },
    fulfillment: { methods: [{ type: 'shipping', line_item_ids: [created.body.line_items[0].id], destinations: [UCP_DESTINATION] }] },
  });
  expect(ready.body.status, JSON.stringify(ready.body.messages)).toBe('requires_escalation');
  const continueUrl = ready.body.continue_url as string;
  expect(continueUrl).toMatch(/\/checkout\/[A-Za-z0-9_-]{43}$/);

  // The person: continue_url leads to the live payment link, where they pay.
  const opened = await page.goto(continueUrl);
  expect(new URL(page.url()).pathname).toMatch(/^\/pay\//);
  expectPageHeaders(await opened!.allHeaders(), '/pay');
  await expect(page.getByRole('button', { name: 'Pay' })).toBeVisible();
  await snapshot(page, testInfo, 'ucp-continue-pay');
  expect(await seriousViolations(page)).toEqual([]);
  await payWith(page, CARDS.success);
  await expect(page.getByText(/ord_[0-9a-z]{26}/)).toBeVisible();

  const completed = await call('GET', `${endpoint}/checkout-sessions/${created.body.id}`);
  expect(completed.body.status).toBe('completed');
  const orderId = completed.body.order.id as string;

  const mail = await smtp.nextMail(email, 10_000);
  expect(mail.text).toContain(orderId);

  const signed = await call('GET', `${endpoint}/orders/${orderId}`, undefined, true);
  expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  expect(signed.body).toMatchObject({ id: orderId, checkout_id: created.body.id });
  expect((await call('GET', `${endpoint}/orders/${orderId}`)).status).toBe(401);

  // continue_url stays: once paid, it shows the order.
  await page.goto(continueUrl);
  await expect(page.getByText(orderId)).toBeVisible();
});
