/**
 * examples/acp-platform.ts run as its README says, against `npm start` with PROFILE_FETCH_LOCAL
 * naming the example's platform.localhost (playwright.config.ts): a developer signs in on
 * /dashboard from the e-mailed link, mints a key with acp:platform, saves the example's webhook URL
 * in "ACP platform" and copies the secret shown once (Chromium). The example buys with the test
 * card on ACP's binding and prints the order_create it received and verified; deliveries it must
 * not trust (another secret, a stale `t`) are refused.
 */
import https from 'node:https';
import { expect, test } from '@playwright/test';
import { E2E_PLATFORM_ORIGIN } from '../playwright.config';
import { merchantSignature } from '../server/webhooks/merchant-signature';
import { startSmtpSink, type SmtpSink } from '../test/support/smtp';
import { mint, registerAcpWebhook, signIn } from './support/developer';
import { runExample } from './support/examples';

const SMTP_PORT = Number(process.env.E2E_PORT ?? 3210) + 1;
const WEBHOOK_URL = `${E2E_PLATFORM_ORIGIN}/agentic_checkout/webhooks/order_events`;

let smtp: SmtpSink;
test.beforeAll(async () => {
  smtp = await startSmtpSink(SMTP_PORT);
});
test.afterAll(() => smtp?.close());

/** POSTs `body` to the example's receiver signed `signature`, as the service would (its certificate is self-signed); answers the status. */
function deliver(body: string, signature: string): Promise<number> {
  const url = new URL(WEBHOOK_URL);
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json', 'merchant-signature': signature };
    https
      .request({ host: '127.0.0.1', port: url.port, servername: url.hostname, path: url.pathname, method: 'POST', headers, rejectUnauthorized: false }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      })
      .on('error', reject)
      .end(body);
  });
}

test('the ACP platform example buys with a delegated card and verifies its signed order_create', async ({ page, baseURL }) => {
  test.slow();
  await signIn(page, smtp, `dev-acp-${Date.now()}@example.com`);
  const key = await mint(page, 'ACP example', ['acp:platform']);
  const secret = await registerAcpWebhook(page, WEBHOOK_URL);

  // Once the receiver listens, two deliveries it must refuse: signed with another secret, and
  // signed with the right one 10 minutes ago (a replay).
  const forged = JSON.stringify({ type: 'order_create', data: { type: 'order', id: 'ord_forged', checkout_session_id: 'cart_forged', permalink_url: `${baseURL}/orders/ord_forged` } });
  let refusals: Promise<number[]> | undefined;
  const { code, output } = await runExample('acp-platform', { BASE_URL: baseURL!, NETWORK_KEY: key, ACP_WEBHOOK_SECRET: secret, PLATFORM_ORIGIN: E2E_PLATFORM_ORIGIN }, (chunk) => {
    if (chunk.includes('receiving order webhooks at')) {
      refusals = Promise.all([
        deliver(forged, merchantSignature(`${secret}x`, forged, new Date())),
        deliver(forged, merchantSignature(secret, forged, new Date(Date.now() - 600_000))),
      ]);
    }
  });
  expect(code, output).toBe(0);
  expect(await refusals, output).toEqual([401, 401]);
  expect(output).toContain('webhook refused: no v1 matches the body signed with our secret');
  expect(output).toContain('webhook refused: t is more than 300 s from our clock');

  expect(output).toContain(`receiving order webhooks at ${WEBHOOK_URL}`);
  expect(output).toMatch(/^session cart_\S+: .+, ready_for_payment, total \d+\.\d\d usd$/m);
  expect(output).toMatch(/^delegated 4242…: token vt_\S+$/m);
  // The order complete answered is the one the webhook carried, for the session's total.
  const [, total] = /, total (\S+ usd)$/m.exec(output) ?? [];
  const [, placed] = /^order (ord_\S+): http\S+$/m.exec(output) ?? [];
  expect([placed, total], output).toEqual([expect.any(String), expect.any(String)]);
  expect(output).toContain(`verified order_create: order ${placed} confirmed, 1 line(s), total ${total}`);
});
