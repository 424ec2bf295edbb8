/**
 * Searches that never dead-end (issue #20 §3): price words read as filters, typo correction that
 * finds short and description-only words without correcting real words into others, relaxation
 * when all the words together find nothing, and suggestions when even that finds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPriceWords } from '../server/catalog/price-words';
import { queryTerms } from '../server/catalog/relax';
import { seedCatalog, seller, type ProductSpec } from './support/catalog-fixtures';
import { AGENT, agentHeaders, testApp, type TestApp } from './support/app';

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
const cents = (o: Json) => Math.round(Number(o.price) * 100);

describe('price words', () => {
  it.each<[string, string, { minCents?: number; maxCents?: number }]>([
    ['headphones under $50', 'headphones', { maxCents: 4999 }],
    ['yoga mat under 30 dollars', 'yoga mat', { maxCents: 2999 }],
    ['dog bed less than $40', 'dog bed', { maxCents: 3999 }],
    ['mug below 20 usd', 'mug', { maxCents: 1999 }],
    ['laptop up to $1,200.50', 'laptop', { maxCents: 120050 }],
    ['sunglasses $50 or less', 'sunglasses', { maxCents: 5000 }],
    ['office chair over $500', 'office chair', { minCents: 50001 }],
    ['tent at least $100', 'tent', { minCents: 10000 }],
    ['tent $100+', 'tent', { minCents: 10000 }],
    ['bike helmet from $100', 'bike helmet', { minCents: 10000 }],
    ['hiking boots between $100 and $200', 'hiking boots', { minCents: 10000, maxCents: 20000 }],
    ['$20 to $40 green tea', 'green tea', { minCents: 2000, maxCents: 4000 }],
    ['mugs 20-30 dollars', 'mugs', { minCents: 2000, maxCents: 3000 }],
    ['lamp < $40', 'lamp', { maxCents: 3999 }],
    ['mug under $50 over $2', 'mug', { minCents: 201, maxCents: 4999 }],
    ['monitor under $2k', 'monitor', { maxCents: 199999 }],
  ])('reads %j as %j %o', (query, text, bounds) => {
    const read = readPriceWords(query);
    expect(read.text).toBe(text);
    expect({ minCents: read.minCents, maxCents: read.maxCents }).toEqual({ minCents: bounds.minCents, maxCents: bounds.maxCents });
  });

  it.each(['1000-piece puzzle', 'size 10 to 12 boots', 'kids 8 and up', 'bike from 2020', 'usd 20 mug', '"under $5" mug', 'max 4 players'])(
    'leaves %j alone: a number without a currency or a comparison, or a quoted phrase, is a word',
    (query) => {
      expect(readPriceWords(query)).toEqual({ text: query, phrases: [] });
    },
  );

  it('become price filters, said in price_words and the message; query_corrected is the query that ran', async () => {
    const body = await search(q('mug under $20'));
    expect(body.price_words).toEqual({ phrases: ['under $20'], max_price_cents: 1999 });
    expect(body.query_corrected).toBe('mug');
    expect(body.message).toContain('max_price_cents=1999');
    expect(new Set(names(body))).toEqual(new Set(['Trail Mug', 'Stoneware Mug']));
    for (const e of body.itemListElement) expect(Math.min(...e.item.offers.map(cents))).toBeLessThanOrEqual(1999);
  });

  it('meet the price parameters: the tighter bound wins, and bounds that cross are invalid_price_range', async () => {
    expect(names(await search(q('mug under $20', '&max_price_cents=1000')))).toEqual(['Trail Mug']);
    expect(names(await search(q('mug under $20', '&max_price_cents=5000&sort_by=price_asc')))).toEqual(['Trail Mug', 'Stoneware Mug']);
    const crossed = await search(q('mug over $30', '&max_price_cents=2000'), 400);
    expect(crossed.code).toBe('invalid_price_range');
    expect(crossed.error).toContain('over $30');
  });

  it('alone make a browse with a price filter', async () => {
    const body = await search(q('under $10'));
    expect(names(body)).toEqual(['Trail Mug']);
    expect(body).not.toHaveProperty('query_corrected');
    expect((await search(q('under $10', '&sort_by=relevance'), 400)).code).toBe('invalid_request');
  });
});

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

describe('relaxation', () => {
  it('keeps the words some product matches together, says so, and names the words dropped', async () => {
    const body = await search(q('bluetooth speaker'));
    expect(body.relaxed).toBe(true);
    expect(body.dropped_terms).toEqual(['bluetooth']);
    // "speaker" is in titles, "bluetooth" in one description: the title word ranks higher.
    expect(body.query_corrected).toBe('speaker');
    expect(new Set(names(body))).toEqual(new Set(['Portable Speaker', 'Party Speaker']));
    expect(body.message).toContain('“bluetooth”');
  });

  it('names dropped words as written, after correcting them', async () => {
    const body = await search(q('blutooth speaker'));
    expect(body).toMatchObject({ relaxed: true, dropped_terms: ['blutooth'], query_corrected: 'speaker' });
    expect(body.message).toContain('“bluetooth speaker”');
  });

  it('keeps as many words as match together, never names stop words, and keeps exclusions', async () => {
    const gift = await search(q('stereo speaker for a party guest'));
    expect(gift).toMatchObject({ relaxed: true, query_corrected: 'stereo speaker party', dropped_terms: ['guest'] });
    expect(names(gift)).toEqual(['Party Speaker']);
    const excluded = await search(q('bluetooth speaker -party'));
    expect(excluded).toMatchObject({ relaxed: true, query_corrected: 'speaker -party' });
    expect(names(excluded)).toEqual(['Portable Speaker']);
  });

  it('builds a long query back up from the word that names what is wanted', async () => {
    // Eight words that each match something: too many combinations to try them all.
    const body = await search(q('loud waterproof stereo portable party speaker bluetooth battery'));
    expect(body).toMatchObject({ relaxed: true, query_corrected: 'loud stereo party speaker' });
    expect(body.dropped_terms).toEqual(['waterproof', 'portable', 'bluetooth', 'battery']);
    expect(names(body)).toEqual(['Party Speaker']);
  });

  it('relaxes within the filters', async () => {
    const body = await search(q('bluetooth speaker', '&max_price_cents=5000'));
    expect(body.query_corrected).toBe('speaker');
    expect(names(body)).toEqual(['Portable Speaker']);
  });

  it('says so on every page of the walk', async () => {
    const first = await search(q('blutooth speaker', '&limit=1'));
    const second = await search(q('blutooth speaker', `&limit=1&cursor=${encodeURIComponent(first.nextCursor)}`));
    for (const page of [first, second]) {
      expect(page).toMatchObject({ relaxed: true, dropped_terms: ['blutooth'], query_corrected: 'speaker' });
      expect(page.message).toBe(first.message);
    }
    expect(new Set([...names(first), ...names(second)])).toEqual(new Set(['Portable Speaker', 'Party Speaker']));
    expect(second.nextCursor).toBeNull();
  });

  it('splits a query into the terms it may drop', () => {
    expect(queryTerms('"noise cancelling" headphones or earbuds -wired for')).toEqual({
      terms: ['"noise cancelling"', 'headphones or earbuds', 'for'],
      kept: ['-wired'],
    });
  });
});

describe('an empty page', () => {
  it('suggests the categories where the words match once the filters are left out', async () => {
    const body = await search(q('speaker', '&category=Furniture'));
    expect(body.numberOfItems).toBe(0);
    expect(body.suggestions).toEqual([{ category: 'Electronics > Audio > Speakers', count: 2 }]);
    expect(body.message).toContain('Electronics > Audio > Speakers');
    // And a price nothing meets, read from the words.
    const cheap = await search(q('sofa under $100'));
    expect(cheap.suggestions).toEqual([{ category: 'Furniture > Sofas', count: 1 }]);
  });

  it('suggests categories named like the words when no product matches any', async () => {
    const body = await search(q('"campers" gear'));
    expect(body.numberOfItems).toBe(0);
    expect(body.suggestions.map((s: Json) => s.category)).toContain('Outdoors > Camping');
    const browse = await search('category=kitchen+%3E+drinkwear');
    expect(browse.suggestions[0]).toEqual({ category: 'Kitchen > Drinkware' });
  });

  it('offers the top-level categories when nothing is alike', async () => {
    const body = await search(q('xylophone'));
    expect(body.suggestions).toEqual(['Apparel', 'Electronics', 'Food', 'Furniture', 'Home', 'Kitchen', 'Outdoors', 'Pets'].map((category) => ({ category })));
    expect(body.message).toMatch(/Browse a category/);
  });

  it.each([
    q('xylophone quartet'),
    q('zzz'),
    q('"wireless speaker"'),
    q('speaker -speaker'),
    q('mug', '&min_price_cents=1000000'),
    q('mug', '&in_stock=false'),
    'category=nothing+here',
    'min_price_cents=100000000',
    q('under $1'),
  ])('never comes without a next step: %s', async (query) => {
    const body = await search(query);
    if (body.numberOfItems === 0) {
      expect(body.suggestions.length, query).toBeGreaterThan(0);
      expect(body.message, query).toMatch(/Nothing matches/);
    }
  });
});

describe('the search tool', () => {
  it('answers relaxed, dropped_terms, suggestions and message like REST (one procedure, one schema)', async () => {
    const call = async (args: Record<string, unknown>) => {
      const res = await t.call('POST', '/api/mcp', {
        headers: { Accept: 'application/json, text/event-stream', 'UCP-Agent': AGENT },
        body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_catalog', arguments: args } },
      });
      const text = await res.text();
      const json = JSON.parse(text.startsWith('event:') ? text.split('\ndata: ')[1] : text);
      expect(json.result.isError, text).toBeFalsy();
      return json.result.structuredContent as Json;
    };
    expect(await call({ q: 'blutooth speaker' })).toMatchObject({ relaxed: true, dropped_terms: ['blutooth'], query_corrected: 'speaker' });
    const empty = await call({ q: 'speaker', category: 'Furniture' });
    expect(empty.suggestions).toEqual([{ category: 'Electronics > Audio > Speakers', count: 2 }]);
    expect(empty.message).toMatch(/Nothing matches/);
    expect(await call({ q: 'mug under $10' })).toMatchObject({ price_words: { phrases: ['under $10'], max_price_cents: 999 }, query_corrected: 'mug' });
  });
});
