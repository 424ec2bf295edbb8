import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, type TestDatabase } from './support/app';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');

/**
 * Runs an npm command's script under tsx, as `npm run` does, against this test's own database:
 * through `node --import tsx` (as `npm start` runs the server) rather than `npx tsx`, whose
 * resolution cost ~2 s a run.
 */
async function cli(script: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', script, ...args], { cwd: root, env: { ...process.env, ...env }, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (err: any) {
    return { code: err.code as number, stdout: err.stdout as string, stderr: err.stderr as string };
  }
}

let dataDir: string;
let pg: TestDatabase | undefined;
let env: Record<string, string>;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acapi-cli-'));
  if (process.env.DATABASE_URL) {
    pg = await testDatabase();
    env = { DATABASE_URL: pg.url! };
  } else {
    env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  }
});
afterAll(async () => {
  await pg?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run limits / db:migrate', () => {
  it('migrates, shows and sets the limits', async () => {
    const migrated = await cli('scripts/migrate.ts', [], env);
    expect(migrated.code).toBe(0);
    expect(migrated.stdout).toContain('Migrations applied');

    const set = await cli('scripts/limits.ts', ['set', 'max_item_quantity=30', 'max_cart_total_cents=150000'], env);
    expect(set.code).toBe(0);
    expect(JSON.parse(set.stdout)).toEqual({ max_item_quantity: 30, max_cart_total_cents: 150000, max_cart_total_usd: '1500.00' });

    const shown = await cli('scripts/limits.ts', [], env);
    expect(JSON.parse(shown.stdout).max_item_quantity).toBe(30);
  }, 120_000);

  it.each([
    [['set', 'max_item_quantity=0']],
    [['set', 'max_item_quantity=abc']],
    [['set', 'max_cart_total_usd=5']],
    [['set']],
    [['frobnicate']],
  ])('refuses %j with a clear message', async (args) => {
    const res = await cli('scripts/limits.ts', args, env);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/usage|must be|Unknown limit/);
  }, 60_000);

  it('says clearly when a running server owns the PGlite folder', async () => {
    const busyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acapi-busy-'));
    // This test process stands in for the server: it is alive and is not the command's process.
    fs.writeFileSync(path.join(busyDir, 'server.pid'), String(process.pid));
    const res = await cli('scripts/limits.ts', ['set', 'max_item_quantity=25'], { DATA_DIR: busyDir, DATABASE_URL: '' });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`The server (pid ${process.pid}) is running on the embedded database`);
    expect(res.stderr).toContain('PUT /api/admin/platform/limits');
    fs.rmSync(busyDir, { recursive: true, force: true });
  }, 60_000);
});
