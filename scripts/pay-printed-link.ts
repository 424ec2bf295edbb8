/**
 * The person who pays, for CI (.ci/run): runs a command (an example), passes its output through,
 * and pays the first payment link or continue_url it prints under BASE_URL (the one the example
 * asks a person to open; later ones are the order's own page), as a browser submits the
 * built-in pay page's form with the test card that succeeds (e2e/support/purchase.ts does it in
 * Chromium). Exits with the command's status.
 *
 *   tsx scripts/pay-printed-link.ts npm run example:ucp-platform
 */
import { spawn } from 'node:child_process';
import readline from 'node:readline';

const BASE_URL = process.env.BASE_URL ?? 'http://localhost:3000';
const CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada Lovelace' };
const LINK = new RegExp(`${BASE_URL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/(?:pay|checkout)/[A-Za-z0-9_-]+`);

/** Opens `link` (continue_url redirects to the live payment link) and submits its card form. */
async function pay(link: string): Promise<void> {
  const page = await fetch(link);
  const html = await page.text();
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  const formToken = /name="form_token" value="([^"]+)"/.exec(html)?.[1];
  if (!page.ok || !action || !formToken) throw new Error(`${link} (${page.url}) shows no card form: ${page.status}`);
  const paid = await fetch(new URL(action.replaceAll('&amp;', '&'), page.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(BASE_URL).origin },
    body: new URLSearchParams({ form_token: formToken, ...CARD }),
  });
  if (!paid.ok) throw new Error(`paying ${link} answered ${paid.status}`);
  console.log(`[ci] paid ${link}`);
}

const [command, ...args] = process.argv.slice(2);
if (!command) throw new Error('usage: pay-printed-link.ts <command> [args…]');
const child = spawn(command, args, { stdio: ['inherit', 'pipe', 'inherit'] });
let paying: Promise<void> | undefined;
readline.createInterface({ input: child.stdout }).on('line', (line) => {
  console.log(line);
  const link = LINK.exec(line)?.[0];
  if (link && !paying) paying = pay(link).catch((err) => (console.error(`[ci] ${err.message}`), child.kill(), process.exit(1)));
});
child.on('exit', async (code) => {
  await paying;
  if (!paying) console.error('[ci] the command printed no link to pay');
  process.exit(paying ? (code ?? 1) : 1);
});
