/**
 * The README's two commands in one checkout: with this server (`npm start`, Playwright's) serving
 * the pages, what `npm install && npm test` does beside it — package-lock.json rewritten unchanged,
 * and the smoke test's `npm start`, whose prestart decides whether to build — leaves its build
 * alone, and so does a real change of the pages' sources; a person then signs in on this server
 * without a chunk answering 404. (The smoke test itself builds into .next-test: test/server.smoke.test.ts.)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { linkIn, startSmtpSink, type SmtpSink } from '../test/support/smtp';

const SMTP_PORT = Number(process.env.E2E_PORT ?? 3210) + 1;
const root = path.resolve(import.meta.dirname, '..');
/** The build Playwright's `npm start` serves (no NEXT_DIST_DIR: next.config.mjs's default). */
const buildId = path.join(root, '.next', 'BUILD_ID');

let smtp: SmtpSink;
test.beforeAll(async () => {
  smtp = await startSmtpSink(SMTP_PORT);
});
test.afterAll(() => smtp?.close());

/** What `npm start` runs before the server, in this checkout, for the build this server serves. */
function prestart(): { status: number | null; output: string } {
  const env = { ...process.env, NEXT_DIST_DIR: '' };
  const run = spawnSync('npm', ['run', '--silent', 'prestart'], { cwd: root, env, encoding: 'utf8', timeout: 240_000 });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

test('npm install and a second npm start beside a running server leave its pages working, sign-in included', async ({ page }) => {
  // Before the fix the prestart rebuilt .next under this server, which takes minutes here.
  test.setTimeout(300_000);
  const before = { id: fs.readFileSync(buildId, 'utf8'), mtime: fs.statSync(buildId).mtimeMs };
  const unchanged = () => expect({ id: fs.readFileSync(buildId, 'utf8'), mtime: fs.statSync(buildId).mtimeMs }).toEqual(before);

  // `npm install`: the lock file rewritten with the same content, newer than the build.
  const lock = path.join(root, 'package-lock.json');
  fs.writeFileSync(lock, fs.readFileSync(lock));
  const touched = prestart();
  expect(touched.status, touched.output).toBe(0);
  unchanged();

  // A real change of the pages' sources while this server runs: said, and left for a later start.
  const probe = path.join(root, 'app', 'e2e-probe.txt');
  fs.writeFileSync(probe, `a change of the sources, ${Date.now()}\n`);
  try {
    const changed = prestart();
    expect(changed.status, changed.output).toBe(0);
    expect(changed.output).toMatch(/changed since the build in \.next, which the server \(pid \d+\) is serving: it is left as it is/);
    unchanged();
  } finally {
    fs.rmSync(probe, { force: true });
  }

  // Sign in through the pages: every chunk they load is there.
  const missing: string[] = [];
  page.on('response', (res) => {
    if (res.status() === 404 && res.url().includes('/_next/')) missing.push(res.url());
  });
  const email = `beside-${Date.now()}@example.com`;
  await page.goto('/signin');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await page.goto(linkIn(await smtp.nextMail(email)));
  await page.getByRole('button', { name: `Sign in as ${email}` }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  expect(missing).toEqual([]);
});
