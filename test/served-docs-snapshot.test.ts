/**
 * The served documentation, pinned whole: every /api/agent/docs page, /llms.txt and
 * /api/openapi.json as the real gateway answers them, against a file committed beside this test.
 * No test pinned them whole before: moving their prose out of code must leave them byte for byte.
 * A change to a page shows here as a diff of the page; `npx vitest run
 * test/served-docs-snapshot.test.ts -u` records one that was meant. JSON is written indented
 * (parsed and re-serialised: key order and every value kept) so that the diff names the line.
 * Nothing in them varies per run: the test app's base URL is fixed, the examples are recorded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOC_SLUGS } from '../server/docs/pages';
import { testApp, type TestApp } from './support/app';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

const SNAPSHOTS = './__snapshots__/served-docs';

async function served(path: string): Promise<string> {
  const res = await t.call('GET', path);
  expect(res.status, path).toBe(200);
  const text = await res.text();
  return res.headers.get('content-type')?.includes('json') ? `${JSON.stringify(JSON.parse(text), null, 2)}\n` : text;
}

describe('the served documentation', () => {
  it.each(DOC_SLUGS)('/api/agent/docs/%s is the committed page', async (slug) => {
    await expect(await served(`/api/agent/docs/${slug}`)).toMatchFileSnapshot(`${SNAPSHOTS}/docs-${slug}.json`);
  });

  it('/llms.txt is the committed text', async () => {
    await expect(await served('/llms.txt')).toMatchFileSnapshot(`${SNAPSHOTS}/llms.txt`);
  });

  it('/api/openapi.json is the committed document', async () => {
    await expect(await served('/api/openapi.json')).toMatchFileSnapshot(`${SNAPSHOTS}/openapi.json`);
  });
});
