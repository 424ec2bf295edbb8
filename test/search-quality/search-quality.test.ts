import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoCatalog } from '../../server/catalog/demo';
import { LEAF_CATEGORIES } from '../../server/catalog/taxonomy';
import { agentHeaders, testApp, type TestApp } from '../support/app';
import { QUALITY_TARGETS, evaluate, formatReport, relevantIds } from './evaluate';
import { QUALITY_QUERIES, QUERY_KINDS, type QualityQuery } from './queries';

const leavesOf = (q: QualityQuery) =>
  'title' in q.want ? [] : LEAF_CATEGORIES.filter((c) => (q.want as { categories: string[] }).categories.some((p) => c.path === p || c.path.startsWith(`${p} > `)));

describe('the search-quality query set', () => {
  it('holds at least 100 queries of every kind, at least half derived from the taxonomy', () => {
    expect(QUALITY_QUERIES.length).toBeGreaterThanOrEqual(100);
    expect(QUALITY_QUERIES.filter((q) => q.from !== undefined).length).toBeGreaterThanOrEqual(QUALITY_QUERIES.length / 2);
    for (const kind of QUERY_KINDS) expect(QUALITY_QUERIES.filter((q) => q.kind === kind).length, kind).toBeGreaterThanOrEqual(5);
    expect(new Set(QUALITY_QUERIES.map((q) => q.q.toLowerCase())).size).toBe(QUALITY_QUERIES.length);
  });

  it('names categories of the taxonomy, and derives each derived query from a noun, a feature or the name of its category', () => {
    for (const q of QUALITY_QUERIES) {
      if ('title' in q.want) continue;
      for (const path of q.want.categories) {
        expect(LEAF_CATEGORIES.some((c) => c.path === path || c.path.startsWith(`${path} > `)), `${q.q}: ${path}`).toBe(true);
      }
      if (q.from === undefined) continue;
      // A noun, a feature, or the name of the category itself.
      const phrases = leavesOf(q).flatMap((c) => [...c.nouns, ...c.features, c.path.split(' > ').at(-1)!].map((p) => p.toLowerCase()));
      expect(phrases, q.q).toContain(q.from.toLowerCase());
    }
  });
});

describe('the query set on the demo catalog', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
    await ensureDemoCatalog(t.db.database.db);
  });
  afterAll(() => t.close());

  it('gives every query something to find', async () => {
    const empty: string[] = [];
    for (const q of QUALITY_QUERIES) if ((await relevantIds(t.db.database.db, q)).size === 0) empty.push(q.q);
    expect(empty).toEqual([]);
  });

  it(`meets the targets: recall@10 ≥ ${QUALITY_TARGETS.recallAt10}, zero results ≤ ${QUALITY_TARGETS.zeroResultRate * 100}%, no dead ends`, async () => {
    const report = await evaluate(t.db.database.db, async (path) => {
      const res = await t.call('GET', path, { headers: agentHeaders() });
      return { status: res.status, body: await res.json() };
    });
    const summary = formatReport(t.db.url ? 'Postgres' : 'PGlite', report);
    expect(report.measured, summary).toBe(QUALITY_QUERIES.length);
    expect(report.recallAt10, summary).toBeGreaterThanOrEqual(QUALITY_TARGETS.recallAt10);
    expect(report.zeroResultRate, summary).toBeLessThanOrEqual(QUALITY_TARGETS.zeroResultRate);
    expect(report.deadEnds, summary).toBe(0);
  }, 300_000);
});
