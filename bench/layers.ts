/**
 * bench:layers — where a phase of a --cpu-prof profile spent its time, by layer: Node and V8
 * themselves (node:http, streams, syscalls, GC), postgres.js, drizzle, tRPC and trpc-to-openapi,
 * zod, other packages, and the service's own code; then the functions that cost most.
 *
 *   npm run bench:layers -- <file.cpuprofile> --marker <function> [--requests n] [--top 25]
 *
 * The phase is the densest run of samples with `marker` on the stack (gaps under 0.5 s), so a
 * function only one endpoint calls picks out that endpoint's burst in a bench:core or bench:cart
 * profile (e.g. recordFeedback in the service's, feedback in the bare server's). Times are the
 * samples' wall time on the main thread while it was not idle, so a function that waits on a
 * syscall, or is descheduled on a busy machine, counts in full: compare shares between two
 * profiles of one run rather than reading them as CPU time. With --requests (the phase's request
 * count, e.g. rps × seconds) it prints µs per request as well.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { printTable } from './lib/table';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: { marker: { type: 'string' }, requests: { type: 'string' }, top: { type: 'string', default: '25' } },
});
const [file] = positionals;
if (!file || !flags.marker) throw new Error('usage: npm run bench:layers -- <file.cpuprofile> --marker <function> [--requests n] [--top 25]');
const requests = flags.requests === undefined ? undefined : Number(flags.requests);
if (requests !== undefined && !(requests > 0)) throw new Error(`--requests must be a count > 0, got "${flags.requests}"`);

const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parents = new Map<number, number>();
for (const n of profile.nodes) for (const child of n.children ?? []) parents.set(child, n.id);

/** Whether `marker` is on the stack of sample node `id`, remembered per node. */
const markedNodes = new Map<number, boolean>();
function marked(id: number): boolean {
  let known = markedNodes.get(id);
  if (known === undefined) {
    const parent = parents.get(id);
    known = nodes.get(id)!.callFrame.functionName === flags.marker || (parent !== undefined && marked(parent));
    markedNodes.set(id, known);
  }
  return known;
}

// Sample k's time stamp; each sample stands for the time until the next one.
const at: number[] = [];
let clock = profile.startTime;
for (const delta of profile.timeDeltas) at.push((clock += delta));
const weight = (k: number) => (k + 1 < at.length ? at[k + 1] - at[k] : 0);

const hits = profile.samples.flatMap((id, k) => (marked(id) ? [k] : []));
if (!hits.length) throw new Error(`no sample has ${flags.marker} on its stack`);
let best = { from: hits[0], to: hits[0], count: 1 };
let run = { ...best };
for (const k of hits.slice(1)) {
  run = at[k] - at[run.to] > 500_000 ? { from: k, to: k, count: 1 } : { from: run.from, to: k, count: run.count + 1 };
  if (run.count > best.count) best = run;
}

function layerOf({ url, functionName }: CallFrame): string | undefined {
  if (functionName === '(idle)') return undefined;
  if (functionName === '(garbage collector)') return 'garbage collector';
  if (url.includes('/node_modules/postgres/')) return 'postgres.js';
  if (url.includes('/node_modules/drizzle-orm/')) return 'drizzle';
  if (url.includes('/node_modules/@trpc/') || url.includes('/node_modules/trpc-to-openapi/')) return 'tRPC, trpc-to-openapi';
  if (url.includes('/node_modules/zod/')) return 'zod';
  if (url.includes('/node_modules/')) return `other packages`;
  if (url.includes('/server/') || url.includes('/bench/')) return 'the code itself';
  return 'Node and V8 (http, streams, syscalls, builtins)';
}

const layers = new Map<string, number>();
const functions = new Map<string, number>();
let busy = 0;
for (let k = best.from; k <= best.to; k++) {
  const frame = nodes.get(profile.samples[k])!.callFrame;
  const layer = layerOf(frame);
  if (layer === undefined) continue;
  const w = weight(k);
  busy += w;
  layers.set(layer, (layers.get(layer) ?? 0) + w);
  const name = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() || '(native)'}:${frame.lineNumber + 1}`;
  functions.set(name, (functions.get(name) ?? 0) + w);
}

const seconds = (at[best.to] - at[best.from]) / 1e6;
console.log(`${file}: ${flags.marker}'s phase, ${seconds.toFixed(1)} s, ${Math.round(busy / 1000).toLocaleString('en-US')} ms busy on the main thread`);
const row = (name: string, us: number) => [name, `${((us / busy) * 100).toFixed(1)}%`, ...(requests ? [Math.round(us / requests)] : [])];
const head = (what: string) => [what, 'share of busy', ...(requests ? ['µs per request'] : [])];
const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
console.log('');
printTable(head('layer'), sorted(layers).map(([name, us]) => row(name, us)));
console.log('');
printTable(head('function (self time)'), sorted(functions).slice(0, Number(flags.top)).map(([name, us]) => row(name, us)));
