/**
 * Migration 0017 on rows made before it: a database migrated up to 0016 is given buyers owned the
 * old way (`client:<id>`), with buyer tokens verified under various grants; then the service's own
 * migrate applies 0017. Buyers whose every token was verified by one person of their client become
 * that person's (`oauth:<client>:<account>`), the rest are deleted with their codes and tokens, and
 * tokens verified under an MCP-only grant keep that audience. A service over the migrated database
 * then serves what was kept and refuses what was not. On PGlite and, with DATABASE_URL, on Postgres.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BUYER_TOKEN_PREFIX } from '../server/buyers/buyers';
import { MIGRATIONS_FOLDER } from '../server/db/client';
import { newSecret, secretDigest } from '../server/lib/secrets';
import { BASE, testApp, testDatabase, type TestDatabase } from './support/app';

const MIGRATION = '0017_buyers_owned_by_person';

let db: TestDatabase;
let folder: string;

/** The migrations folder as it was before MIGRATION: its files, and a journal that ends before it. */
function foldersBefore(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-before-'));
  fs.cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === MIGRATION);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

beforeAll(async () => {
  db = await testDatabase({ migrate: false });
  folder = foldersBefore();
  // drizzle's migrator only reads the folder and drives the dialect: the same for either driver.
  await migrate(db.database.db as never, { migrationsFolder: folder });
});
afterAll(async () => {
  await db?.drop();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

const run = (query: ReturnType<typeof sql>) => db.database.db.execute(query);

async function person(id: string): Promise<void> {
  await run(sql`INSERT INTO users (id, email, email_verified) VALUES (${id}, ${`${id}@example.com`}, now())`);
}

/** A grant as oidc-provider stores it (model Grant, its id in grant_id), for `resources`. */
async function grant(id: string, accountId: string, clientId: string, resources: string[] = [BASE]): Promise<void> {
  const payload = { accountId, clientId, kind: 'Grant', resources: Object.fromEntries(resources.map((r) => [r, 'buyer:write'])) };
  await run(sql`INSERT INTO oauth_records (model, id_digest, grant_id, payload) VALUES ('Grant', ${secretDigest(id)}, ${id}, ${JSON.stringify(payload)}::jsonb)`);
}

async function buyer(id: string, owner: string): Promise<void> {
  await run(sql`INSERT INTO buyers (id, owner, email, verified_at) VALUES (${id}, ${owner}, ${`${id}@example.org`}, now())`);
}

/** A live buyer token verified under `grantId`, as 0016 made them: its secret. */
async function token(buyerId: string, grantId: string): Promise<string> {
  const secret = newSecret(BUYER_TOKEN_PREFIX);
  await run(sql`
    INSERT INTO buyer_tokens (id, buyer_id, token_hash, grant_id, scopes, expires_at)
    VALUES (${`btk_${buyerId}_${grantId}`}, ${buyerId}, ${secretDigest(secret)}, ${grantId}, ARRAY['dev.ucp.shopping.order:read']::text[], now() + interval '30 days')`);
  return secret;
}

/** The rows a query answers (postgres-js answers them as an array, PGlite in `rows`). */
async function list(query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  const result = (await run(query)) as unknown as Record<string, unknown>[] | { rows: Record<string, unknown>[] };
  return Array.isArray(result) ? [...result] : result.rows;
}

it('re-owns a client’s buyers verified by one person of it, deletes the others with their tokens, and keeps an MCP-only audience', async () => {
  await person('acct_a');
  await person('acct_b');
  // Ada connected the client twice (two grants), Bob once; Ada also connected an MCP-only client.
  await grant('grant_a1', 'acct_a', 'client_one');
  await grant('grant_a2', 'acct_a', 'client_one');
  await grant('grant_b', 'acct_b', 'client_one');
  await grant('grant_mcp', 'acct_a', 'client_mcp', [`${BASE}/api/mcp`]);
  await grant('grant_elsewhere', 'acct_a', 'client_other');

  await buyer('buy_ada', 'client:client_one');
  const ada1 = await token('buy_ada', 'grant_a1');
  const ada2 = await token('buy_ada', 'grant_a2');
  await buyer('buy_shared', 'client:client_one');
  const shared = await token('buy_shared', 'grant_a1');
  await token('buy_shared', 'grant_b');
  await buyer('buy_unverified', 'client:client_one');
  await run(sql`INSERT INTO buyer_codes (buyer_id, code_hash, expires_at) VALUES ('buy_unverified', 'x', now() + interval '10 minutes')`);
  await buyer('buy_forgotten', 'client:client_one');
  await token('buy_forgotten', 'grant_gone');
  await buyer('buy_astray', 'client:client_one');
  await token('buy_astray', 'grant_elsewhere');
  await buyer('buy_mcp', 'client:client_mcp');
  const mcp = await token('buy_mcp', 'grant_mcp');
  await buyer('buy_keyed', 'account:acct_b');

  await db.database.migrate();

  const buyers = await list(sql`SELECT id, owner FROM buyers ORDER BY id`);
  expect(buyers).toEqual([
    { id: 'buy_ada', owner: 'oauth:client_one:acct_a' },
    { id: 'buy_keyed', owner: 'account:acct_b' },
    { id: 'buy_mcp', owner: 'oauth:client_mcp:acct_a' },
  ]);
  const tokens = await list(sql`SELECT buyer_id, grant_id, resource FROM buyer_tokens ORDER BY grant_id`);
  expect(tokens).toEqual([
    { buyer_id: 'buy_ada', grant_id: 'grant_a1', resource: null },
    { buyer_id: 'buy_ada', grant_id: 'grant_a2', resource: null },
    { buyer_id: 'buy_mcp', grant_id: 'grant_mcp', resource: `${BASE}/api/mcp` },
  ]);
  expect(await list(sql`SELECT buyer_id FROM buyer_codes`)).toEqual([]);

  // The service over the migrated database: kept tokens act for their buyer, the deleted are unknown.
  const t = await testApp({}, db);
  const me = (secret: string) => t.call('GET', '/api/agent/buyer/me', { headers: { Authorization: `Bearer ${secret}` } });
  for (const secret of [ada1, ada2]) {
    const res = await me(secret);
    expect(res.status).toBe(200);
    expect((await res.json()).id).toBe('buy_ada');
  }
  expect((await me(shared)).status).toBe(401);
  const mcpOnly = await me(mcp);
  expect(mcpOnly.status).toBe(401);
  expect((await mcpOnly.json()).error).toContain('/api/mcp');
});
