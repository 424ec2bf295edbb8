/**
 * An agent's flow written against the client generated from /api/openapi.json (openapi-typescript
 * types, test/generated/openapi.d.ts, with openapi-fetch). It imports nothing of the service, so
 * test/typed-client.test.ts type-checks it against freshly generated types on its own.
 */
import createClient from 'openapi-fetch';
import { expect } from 'vitest';
import type { components, paths } from '../generated/openapi';

export type Client = ReturnType<typeof createClient<paths>>;

/** Search, a seller lookup after a miss, the limits, and a problem report retried with its key. */
export async function agentFlow(baseUrl: string, agentProfile: string, idempotencyKey: string): Promise<void> {
  const client: Client = createClient<paths>({ baseUrl });
  const agent = { 'UCP-Agent': agentProfile };

  const search = await client.GET('/api/agent/search', { params: { query: { q: 'merino', limit: 2 }, header: agent } });
  expect(search.response.status).toBe(200);
  // The answer is one of two views (SearchResult, CompactSearchResult), told apart by their @context.
  const isFull = <T extends { '@context': unknown }>(answer: T): answer is Extract<T, { '@context': 'https://schema.org' }> => answer['@context'] === 'https://schema.org';
  const page = search.data!;
  if (!isFull(page)) throw new Error('view=full is the REST default');
  const names: string[] = page.itemListElement.map(({ item }) => item.name);
  const prices: string[] = page.itemListElement.map(({ item }) => item.offers[0].price);
  expect(names.sort()).toEqual(['Merino Base Layer', 'Merino Trail Socks']);
  for (const price of prices) expect(price).toMatch(/^\d+\.\d{2}$/);
  const total: number | undefined = page.totalResults;
  expect(total).toBe(2);

  const compact = (await client.GET('/api/agent/search', { params: { query: { q: 'merino', view: 'compact' }, header: agent } })).data!;
  if (isFull(compact)) throw new Error('asked for view=compact');
  const offers = (compact.itemListElement ?? []).map((product) => product.offers);
  const cartable: string[] = offers.flatMap((offer) => (offer['@type'] === 'Offer' ? [offer.identifier] : []));
  expect(offers.length).toBe(2);
  for (const id of cartable) expect(id).toMatch(/^var_/);

  const miss = await client.GET('/api/agent/seller', { params: { query: { handle: 'acme-outdoor' }, header: agent } });
  expect(miss.response.status).toBe(404);
  expect(miss.data).toBeUndefined();
  if (miss.error?.code !== 'SELLER_NOT_FOUND') throw new Error(`expected SELLER_NOT_FOUND, got ${JSON.stringify(miss.error)}`);
  const suggestions: { handle: string; name: string }[] = miss.error.details.did_you_mean;
  expect(suggestions[0]).toEqual({ handle: 'acme-outdoors', name: 'Acme Outdoors' });

  const seller = await client.GET('/api/agent/seller', { params: { query: { handle: suggestions[0].handle }, header: agent } });
  const profile: components['schemas']['SellerProfile'] = seller.data!;
  expect(profile.delivery_coverage.countries).toEqual(['CA', 'US']);
  expect(seller.response.headers.get('Request-Id')).toMatch(/^req_/);

  const limits = await client.GET('/api/agent/platform/limits', { params: { header: agent } });
  const maxQuantity: number = limits.data!.max_item_quantity;
  expect(maxQuantity).toBeGreaterThan(0);

  const report = { category: 'missing_capability', severity: 'friction', message: `No way to filter by colour; max quantity is ${maxQuantity}.` } as const;
  const header = { ...agent, 'Idempotency-Key': idempotencyKey };
  const first = await client.POST('/api/agent/feedback', { params: { header }, body: report });
  expect(first.response.status).toBe(202);
  expect(first.response.headers.get('Idempotent-Replayed')).toBeNull();
  const retry = await client.POST('/api/agent/feedback', { params: { header }, body: report });
  expect(retry.response.status).toBe(202);
  expect(retry.response.headers.get('Idempotent-Replayed')).toBe('true');
  const id: string = retry.data!.id;
  expect(id).toBe(first.data!.id);

  const badKey = await client.POST('/api/agent/feedback', { params: { header: { ...header, 'Idempotency-Key': 'too-short' } }, body: report });
  if (badKey.error?.code !== 'idempotency_key_invalid') throw new Error(`expected idempotency_key_invalid, got ${JSON.stringify(badKey.error)}`);
}

/** What the types refuse: never called, only type-checked. */
export function refusedByTheTypes(client: Client, agent: { 'UCP-Agent': string }): void {
  // @ts-expect-error limit is an integer
  void client.GET('/api/agent/search', { params: { query: { limit: '2' }, header: agent } });
  // @ts-expect-error feedback needs an Idempotency-Key
  void client.POST('/api/agent/feedback', { params: { header: agent }, body: { category: 'other', severity: 'blocker', message: 'x' } });
  // @ts-expect-error the docs slug is one of the published pages
  void client.GET('/api/agent/docs/{slug}', { params: { path: { slug: 'quickstart' }, header: agent } });
  // @ts-expect-error the admin body's limits are numbers
  void client.PUT('/api/admin/platform/limits', { body: { max_item_quantity: '5' } });
}
