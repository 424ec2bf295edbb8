import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoCatalog } from '../../server/catalog/demo';
import { LEAF_CATEGORIES } from '../../server/catalog/taxonomy';
import { testApp, type TestApp } from '../support/app';
import { relevantIds } from './evaluate';
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
});
