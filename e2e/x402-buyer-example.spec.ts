/**
 * examples/x402-buyer.ts run as its README says, against `npm start`, with a person doing what it
 * asks of one: sign in on /dashboard from the e-mailed link and mint a key with buyer:write and
 * checkout:write (Chromium), then type the buyer's mailed code into the example. The example pays
 * its cart with @x402/fetch on the local ledger; the order is placed.
 */
import { spawn } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { mint, signIn } from './support/developer';
import { startSmtpSink, type SmtpSink } from '../test/support/smtp';

const SMTP_PORT = Number(process.env.E2E_PORT ?? 3210) + 1;
const BUYER_EMAIL = `buyer-${Date.now()}@example.com`;

let smtp: SmtpSink;
test.beforeAll(async () => {
  smtp = await startSmtpSink(SMTP_PORT);
});
test.afterAll(() => smtp?.close());

/** Runs `npm run example:x402-buyer`, answering its question for the code with the mailed one; resolves with its output and exit status. */
function runExample(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn('npm', ['run', '--silent', 'example:x402-buyer'], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  // The question has no line end: it is found in the raw output, the code then typed in.
  child.stdout.on('data', async (chunk: Buffer) => {
    output += chunk;
    if (chunk.toString().includes(`the code mailed to ${BUYER_EMAIL}`)) {
      const mail = await smtp.nextMail(BUYER_EMAIL);
      child.stdin.end(`${/\b(\d{6})\b/.exec(mail.text)![1]}\n`);
    }
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

test('the x402 buyer example verifies a buyer, links a wallet and pays its cart with @x402/fetch', async ({ page, baseURL }) => {
  test.slow();
  await signIn(page, smtp, `dev-x402-${Date.now()}@example.com`);
  const key = await mint(page, 'x402 example', ['buyer:write', 'checkout:write']);

  const { code, output } = await runExample({ BASE_URL: baseURL!, NETWORK_KEY: key, BUYER_EMAIL });
  expect(code, output).toBe(0);
  // The question has no line end (a terminal would show the typed code): the line follows it.
  expect(output).toMatch(/: buyer buy_\S+ verified$/m);
  expect(output).toMatch(/^wallet 0x[0-9a-fA-F]{40} linked$/m);
  expect(output).toMatch(/^order ord_\S+: placed, \d+ units of 0x[0-9a-fA-F]{40} from 0x[0-9a-fA-F]{40}$/m);
});
