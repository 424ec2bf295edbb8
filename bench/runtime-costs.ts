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
 * out does. tRPC's middleware chain did that twice a level. Figures: CPU ns per operation, the
 * median of `--runs`, each timed after an untimed run of the same length.
 */
import { parseArgs } from 'node:util';
import { initTRPC } from '@trpc/server';
import { z } from 'zod';
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

const rows: [string, number][] = [
  ['{ ...o, fresh } (a spread that gains a key)', await nsPer(() => ({ ...outcome, fresh: false }))],
  ['{ ok, value, fresh } (written out)', await nsPer(() => ({ ok: outcome.ok, value: outcome.value, fresh: false }))],
  ['DocumentCache.peek (a cached profile)', await nsPer(() => documents.peek(url))],
  ['a tRPC call, five middleware levels', await nsPer((i) => call({ message: String(i) }), Math.ceil(iterations / 10))],
];
console.log(`bench:runtime-costs — Node ${process.version}, CPU ns per operation, median of ${runs} runs of ${iterations.toLocaleString('en-US')} (the tRPC call: a tenth as many)\n`);
printTable(
  ['operation', 'ns'],
  rows.map(([name, ns]) => [name, Math.round(ns)]),
);
