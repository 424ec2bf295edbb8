/**
 * examples/x402-buyer.ts run as its README says, against `npm start`, with a person doing what it
 * asks of one: sign in on /dashboard from the e-mailed link and mint a key with buyer:write and
 * checkout:write (Chromium), then type the buyer's mailed code into the example. The example pays
 * its cart with @x402/fetch on the local ledger; the order is placed.
 */
import { expect, test } from '@playwright/test';
import { mint, signIn } from './support/developer';
import { runExample } from './support/examples';
import { startSmtpSink, type SmtpSink } from '../test/support/smtp';

const SMTP_PORT = Number(process.env.E2E_PORT ?? 3210) + 1;
const BUYER_EMAIL = `buyer-${Date.now()}@example.com`;

let smtp: SmtpSink;
test.beforeAll(async () => {
  smtp = await startSmtpSink(SMTP_PORT);
});
test.afterAll(() => smtp?.close());

test('the x402 buyer example verifies a buyer, links a wallet and pays its cart with @x402/fetch', async ({ page, baseURL }) => {
  test.slow();
  await signIn(page, smtp, `dev-x402-${Date.now()}@example.com`);
  const key = await mint(page, 'x402 example', ['buyer:write', 'checkout:write']);

  // The question has no line end: it is found in the raw output, the mailed code then typed in.
  const { code, output } = await runExample('x402-buyer', { BASE_URL: baseURL!, NETWORK_KEY: key, BUYER_EMAIL }, async (chunk, child) => {
    if (chunk.includes(`the code mailed to ${BUYER_EMAIL}`)) {
      const mail = await smtp.nextMail(BUYER_EMAIL);
      child.stdin.end(`${/\b(\d{6})\b/.exec(mail.text)![1]}\n`);
    }
  });
  expect(code, output).toBe(0);
  // The question has no line end (a terminal would show the typed code): the line follows it.
  expect(output).toMatch(/: buyer buy_\S+ verified$/m);
  expect(output).toMatch(/^wallet 0x[0-9a-fA-F]{40} linked$/m);
  expect(output).toMatch(/^order ord_\S+: placed, \d+ units of 0x[0-9a-fA-F]{40} from 0x[0-9a-fA-F]{40}$/m);
});
