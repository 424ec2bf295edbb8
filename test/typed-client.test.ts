/**
 * A client generated from the served OpenAPI document, as an agent's developer would make one:
 * openapi-typescript types (committed as test/generated/openapi.d.ts) and openapi-fetch, driving a
 * real node:http server through an agent's flow (test/typed-client/flow.ts).
 *
 * The test regenerates the types from the document the server serves and fails when they differ
 * from the committed ones (writing the new ones for review), then type-checks the flow against
 * them with tsc: a change of the document that breaks the client fails here, and `npm run
 * typecheck` checks the flow against the committed types too.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typegen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT, BASE, freshKey } from './support/app';
import { seedSmallCatalog } from './support/catalog-fixtures';
import { testServer, type TestServer } from './support/http';
import { agentFlow } from './typed-client/flow';

const ROOT = path.resolve(import.meta.dirname, '..');
const GENERATED = path.join(ROOT, 'test/generated/openapi.d.ts');
const FLOW = path.join(ROOT, 'test/typed-client/flow.ts');
const HEADER = `/**
 * Generated from GET /api/openapi.json by openapi-typescript (test/typed-client.test.ts regenerates
 * and compares it; when the document changes, review the new file it writes and commit it).
 * Do not edit by hand.
 */

`;

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
  await seedSmallCatalog(server.db.database.db);
});
afterAll(() => server.close());

/** The types openapi-typescript generates from the served document (under the test origin). */
async function generatedTypes(): Promise<string> {
  const text = await (await fetch(`${server.url}/api/openapi.json`)).text();
  return HEADER + astToString(await openapiTS(JSON.parse(text.replaceAll(server.url, BASE))));
}

describe('a client generated from /api/openapi.json', () => {
  it('has the committed types, and the client code type-checks against them', async () => {
    const fresh = await generatedTypes();
    const committed = fs.existsSync(GENERATED) ? fs.readFileSync(GENERATED, 'utf8') : '';
    if (fresh !== committed) {
      fs.mkdirSync(path.dirname(GENERATED), { recursive: true });
      fs.writeFileSync(GENERATED, fresh);
    }
    expect(fresh === committed, 'test/generated/openapi.d.ts was out of date and has been regenerated: review it and commit it').toBe(true);

    // The flow alone (it imports only openapi-fetch, vitest and the generated types).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'typed-client-'));
    const tsconfig = path.join(dir, 'tsconfig.json');
    const options = { incremental: false, plugins: [] };
    fs.writeFileSync(tsconfig, JSON.stringify({ extends: path.join(ROOT, 'tsconfig.json'), compilerOptions: options, include: [FLOW] }));
    const tsc = spawnSync(path.join(ROOT, 'node_modules/.bin/tsc'), ['--noEmit', '-p', tsconfig], { cwd: ROOT, encoding: 'utf8' });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(`${tsc.stdout}${tsc.stderr}`.trim()).toBe('');
    expect(tsc.status).toBe(0);
  }, 60_000);

  it('drives an agent’s flow: search, a seller miss and its did_you_mean, limits, feedback retried with its key', async () => {
    await agentFlow(server.url, AGENT, freshKey());
  });
});
