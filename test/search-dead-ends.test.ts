/**
 * Searches that never dead-end (issue #20 §3): typo correction that finds short and
 * description-only words without correcting real words into others.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog, seller, type ProductSpec } from './support/catalog-fixtures';
import { agentHeaders, testApp, type TestApp } from './support/app';

let t: TestApp;

const catalog: ProductSpec[] = [
  { title: 'Portable Speaker', description: 'Waterproof and stereo.', category: 'Electronics > Audio > Speakers', variants: [[4900, 3]] },
  { title: 'Party Speaker', description: 'Loud and stereo.', category: 'Electronics > Audio > Speakers', variants: [[12900, 2]] },
  // "bluetooth" only in a description: the vocabulary must hold it for "blutooth" to be corrected.
  { title: 'Studio Headphones', description: 'Bluetooth headphones with a long battery.', category: 'Electronics > Audio > Headphones', variants: [[9900, 4]] },
  { title: 'Smart Bulb', category: 'Electronics > Smart Home > Lighting', variants: [[1500, 9]] },
  { title: 'LED Light Strip', category: 'Electronics > Smart Home > Lighting', variants: [[2500, 9]] },
  { title: 'Sleeping Pad', description: 'Packs small for camping.', category: 'Outdoors > Camping', variants: [[6900, 5]] },
  { title: 'Running Shoes', category: 'Apparel > Shoes', variants: [[8900, 5]] },
  { title: 'Court Shoes', category: 'Apparel > Shoes', variants: [[7900, 5]] },
  { title: 'Mid-Century Sofa', category: 'Furniture > Sofas', variants: [[89900, 1]] },
  { title: 'Desk Lamp', brand: 'Lumière', category: 'Home > Lamps', variants: [[3900, 2]] },
  { title: 'Gift Box Chocolate', description: 'Made for gifting.', category: 'Food > Snacks', variants: [[1200, 20]] },
  { title: 'Trail Mug', category: 'Kitchen > Drinkware', variants: [[900, 8]] },
  { title: 'Travel Mug', category: 'Kitchen > Drinkware', variants: [[2500, 8]] },
  { title: 'Stoneware Mug', category: 'Kitchen > Drinkware', variants: [[1800, 8]] },
  { title: 'Dog Bed', category: 'Pets > Dog Beds', variants: [[4900, 3]] },
];

beforeAll(async () => {
  t = await testApp();
  await seedCatalog(t.db.database.db, [{ seller: seller('delta-shop'), products: catalog }]);
});
afterAll(() => t.close());

type Json = Record<string, any>;

async function search(query: string, expectStatus = 200): Promise<Json> {
  const res = await t.call('GET', `/api/agent/search?${query}`, { headers: agentHeaders() });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(expectStatus);
  return body;
}

const q = (text: string, more = '') => `q=${encodeURIComponent(text)}${more}`;
const names = (body: Json): string[] => body.itemListElement.map((e: Json) => e.item.name);

describe('typo correction', () => {
  it('corrects to a word only descriptions hold', async () => {
    const body = await search(q('blutooth headphones'));
    expect(body.query_corrected).toBe('bluetooth headphones');
    expect(names(body)).toEqual(['Studio Headphones']);
  });

  it.each([
    ['smart blub', 'smart bulb', 'Smart Bulb'],
    ['sleeping pda', 'sleeping pad', 'Sleeping Pad'],
    ['led light strp', 'led light strip', 'LED Light Strip'],
    ['runing shoes', 'running shoes', 'Running Shoes'],
  ])('corrects a short word by a letter missing or swapped: %s → %s', async (typed, ran, found) => {
    const body = await search(q(typed));
    expect(body.query_corrected).toBe(ran);
    expect(names(body)).toContain(found);
  });

  it('never replaces a letter of a short word, which makes another word ("buds" is not "beds")', async () => {
    const body = await search(q('buds'));
    expect(body).not.toHaveProperty('query_corrected');
    expect(body.numberOfItems).toBe(0);
  });

  it('takes a synonym the catalog holds before any spelling, and keeps words products hold', async () => {
    const couch = await search(q('couch'));
    expect(couch.query_corrected).toBe('sofa');
    expect(names(couch)).toEqual(['Mid-Century Sofa']);
    // A real word with no synonym and nothing one edit away stays as written (trigrams said "court").
    expect(await search(q('slouch'))).not.toHaveProperty('query_corrected');
  });

  it('finds a word written without its accents, and a person by what they do', async () => {
    const lamp = await search(q('lumiere lamp'));
    expect(lamp.query_corrected).toBe('lumière lamp');
    expect(names(lamp)).toEqual(['Desk Lamp']);
    expect((await search(q('shoes for a runner'))).query_corrected).toBe('shoes for a running');
  });
});
