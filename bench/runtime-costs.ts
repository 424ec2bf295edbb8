/**
 * bench:runtime-costs — what a few shapes of code cost on the runtime it runs on, in process: the
 * ones the service's hot paths avoid, beside what they do instead, and a tRPC call through as
 * many middleware levels as an idempotent POST passes (patches/@trpc+server+11.25.2.patch).
 *
 *   npm run bench:runtime-costs [-- --iterations 1000000 --runs 5]
 *
 * On Node 20 an object literal that starts with a spread and then gains a key (`{ ...o, fresh }`)
 * gets a hidden class of its own each time (V8's CloneObjectIC, then a map transition nobody
 * caches: JSObject::MigrateToMap in a perf profile); on Node 24 it costs what writing the object
 * out does. tRPC's middleware chain did that twice a level. On both runtimes an object literal with
 * conditional spreads inside (`{ id, ...(gtin ? { barcodes } : {}), title }`) costs several times
 * what the same literal with `undefined` for an absent member does (JSON leaves those out), and
 * rebuilding objects through flatMap and Object.fromEntries several times what a loop does: the
 * search answers' mappings (ucp/catalog.ts, catalog/jsonld.ts) build the second way. Figures: CPU
 * ns per operation, the median of `--runs`, each timed after an untimed run of the same length.
 */
import { parseArgs } from 'node:util';
import { initTRPC } from '@trpc/server';
import { z } from 'zod';
import { withoutEmpty } from '../server/catalog/jsonld';
import { DocumentCache } from '../server/profiles/cache';
import { printTable } from './lib/table';

const { values: flags } = parseArgs({ options: { iterations: { type: 'string', default: '1000000' }, runs: { type: 'string', default: '5' } } });
const iterations = Number(flags.iterations);
const runs = Number(flags.runs);

/** CPU ns per call of `op`, the median of `runs` timed runs of `n` calls. */
async function nsPer(op: (i: number) => unknown, n = iterations): Promise<number> {
  const figures: number[] = [];
  for (let run = 0; run <= runs; run++) {
    const start = process.cpuUsage();
    for (let i = 0; i < n; i++) {
      const result = op(i);
      if (result instanceof Promise) await result;
    }
    const spent = process.cpuUsage(start);
    if (run > 0) figures.push(((spent.user + spent.system) * 1000) / n);
  }
  figures.sort((a, b) => a - b);
  return figures[Math.floor(figures.length / 2)];
}

const outcome = { ok: true as const, value: { keys: 1 } };

// Five levels, as POST feedback passes: the kind's checks, the input, idempotency, the output, the resolver.
const t = initTRPC.context<{ requestId: string }>().meta<{ op?: string }>().create();
const pass = t.middleware(({ next }) => next());
const procedure = t.procedure
  .use(pass)
  .input(z.object({ message: z.string() }))
  .use(pass)
  .output(z.object({ id: z.string() }))
  .mutation(({ input }) => ({ id: input.message }));
const call = t.createCallerFactory(t.router({ procedure }))({ requestId: 'req_1' }).procedure;

const documents = new DocumentCache(async () => ({ value: { keys: 1 } }));
const url = 'https://agent.example/profile.json';
await documents.get(url);

// UCP variants as a search page maps dozens of them (ucp/catalog.ts, ucpVariantOf): some with a GTIN, some with options.
const variants = [
  { id: 'var_01', sku: 'NOR-000001', gtin: null as string | null, options: [{ name: 'color', label: 'Grey' }], price: 7550 },
  { id: 'var_02', sku: 'NOR-000002', gtin: '00012345678905', options: [], price: 2500 },
  { id: 'var_03', sku: 'NOR-000003', gtin: '00012345678912', options: [{ name: 'size', label: 'M' }], price: 4200 },
];
const seller = { name: 'Northwind Audio', links: [] };
const availability = { available: true, status: 'in_stock' };

// A compact search page as the pruning gets it (catalog/jsonld.ts): six products, their offers, absent members undefined.
const page = {
  '@context': ['https://schema.org', '/api/agent/search/context.jsonld'],
  '@type': 'ItemList',
  numberOfItems: 6,
  itemListElement: Array.from({ length: 6 }, (_, i) => ({
    '@type': 'Product',
    productID: `prod_${i}`,
    name: 'Wireless Headphones',
    brand: i % 2 ? 'Bluefold' : undefined,
    image: 'https://cdn.example/1.jpg',
    offers: { '@type': 'Offer', identifier: `var_${i}`, price: '75.50', availability: 'schema:InStock', seller: 'northwind-audio' },
  })),
  nextCursor: undefined,
};
/** The pruning as it was: each object rebuilt through flatMap and Object.fromEntries. */
const pruneByEntries = (v: unknown): unknown => {
  if (Array.isArray(v)) {
    const items = v.map(pruneByEntries).filter((x) => x !== undefined);
    return items.length ? items : undefined;
  }
  if (v && typeof v === 'object') {
    const entries = Object.entries(v).flatMap(([k, x]) => {
      const pruned = pruneByEntries(x);
      return pruned === undefined ? [] : [[k, pruned]];
    });
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  return v === null ? undefined : v;
};

const rows: [string, number][] = [
  ['{ ...o, fresh } (a spread that gains a key)', await nsPer(() => ({ ...outcome, fresh: false }))],
  ['{ ok, value, fresh } (written out)', await nsPer(() => ({ ok: outcome.ok, value: outcome.value, fresh: false }))],
  [
    '{ id, ...(gtin ? { barcodes } : {}), … } (conditional spreads in a literal)',
    await nsPer((i) => {
      const variant = variants[i % 3];
      return {
      id: variant.id,
      sku: variant.sku,
      ...(variant.gtin ? { barcodes: [{ type: 'GTIN', value: variant.gtin }] } : {}),
      title: 'Grey',
      price: { amount: variant.price, currency: 'USD' },
      availability,
      ...(variant.options.length ? { options: variant.options } : {}),
      seller,
      };
    }),
  ],
  [
    '{ id, barcodes: gtin ? … : undefined, … } (absent members undefined)',
    await nsPer((i) => {
      const variant = variants[i % 3];
      return {
      id: variant.id,
      sku: variant.sku,
      barcodes: variant.gtin ? [{ type: 'GTIN', value: variant.gtin }] : undefined,
      title: 'Grey',
      price: { amount: variant.price, currency: 'USD' },
      availability,
      options: variant.options.length ? variant.options : undefined,
      seller,
      };
    }),
  ],
  ['pruning a compact page of 6 products by flatMap and Object.fromEntries', await nsPer(() => pruneByEntries(page), Math.ceil(iterations / 10))],
  ['pruning it by a loop (catalog/jsonld.ts, withoutEmpty)', await nsPer(() => withoutEmpty(page), Math.ceil(iterations / 10))],
  ['DocumentCache.peek (a cached profile)', await nsPer(() => documents.peek(url))],
  ['a tRPC call, five middleware levels', await nsPer((i) => call({ message: String(i) }), Math.ceil(iterations / 10))],
];
console.log(`bench:runtime-costs — Node ${process.version}, CPU ns per operation, median of ${runs} runs of ${iterations.toLocaleString('en-US')} (the tRPC call and the pruning: a tenth as many)\n`);
printTable(
  ['operation', 'ns'],
  rows.map(([name, ns]) => [name, Math.round(ns)]),
);
