/**
 * Child processes for benchmarks: find a free port, start a server as a child (its own process
 * group, so tsx's or Next's own children go down with it), wait for its "ready" line, and make sure
 * every child is killed when the benchmark ends — normally, on error, or on SIGINT/SIGTERM.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { BENCH_SECRETS_KEY } from './secrets-key';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface StartOptions {
  /** Shown in messages. */
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string | undefined>;
  cwd?: string;
  /** Printed by the child once it listens. */
  ready: RegExp;
  timeoutMs?: number;
  /** Echo the child's output to this process's stderr (prefixed). */
  echo?: boolean;
}

export interface Child {
  name: string;
  pid: number;
  /** The child's output so far (last ~200 lines, stdout and stderr interleaved). */
  output(): string;
  /** SIGTERM to the process group, SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
}

const running = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal); // the whole group: tsx's loader child etc.
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

export async function startProcess(opts: StartOptions): Promise<Child> {
  const child = spawn(opts.command, opts.args, {
    cwd: opts.cwd,
    // Every server a benchmark starts derives its keys from the run's one SECRETS_KEY.
    env: { SECRETS_KEY: BENCH_SECRETS_KEY, ...(opts.env ?? process.env) } as Record<string, string | undefined> as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // own process group, killed as a group
  });
  running.add(child);
  const lines: string[] = [];
  let partial = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => running.delete(child));

  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${opts.name} was not ready after ${opts.timeoutMs ?? 90_000} ms.\n${tail()}`)),
      opts.timeoutMs ?? 90_000,
    );
    const onData = (chunk: Buffer) => {
      const text = partial + chunk.toString('utf8');
      const parts = text.split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        if (lines.length > 200) lines.shift();
        if (opts.echo) process.stderr.write(`[${opts.name}] ${line}\n`);
        if (opts.ready.test(line)) {
          clearTimeout(timer);
          resolve();
        }
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${opts.name} exited (${signal ?? `code ${code}`}) before it was ready.\n${tail()}`));
    });
  });
  const tail = () => [...lines, partial].filter(Boolean).slice(-40).join('\n');

  try {
    await ready;
  } catch (err) {
    killGroup(child, 'SIGKILL');
    throw err;
  }

  return {
    name: opts.name,
    pid: child.pid!,
    output: () => [...lines, partial].join('\n'),
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      killGroup(child, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
      killGroup(child, 'SIGKILL'); // stragglers in the group
    },
  };
}

/** True once a SIGINT/SIGTERM started the cleanup (later failures are its consequence). */
export function isStopping(): boolean {
  return stopping;
}
let stopping = false;

/** Synchronous last resort (process 'exit'): SIGKILL every child group still running. */
export function killAllNow(): void {
  for (const child of running) killGroup(child, 'SIGKILL');
}

/**
 * Runs `cleanup` once when the benchmark ends for any reason; SIGINT/SIGTERM exit with 130/143
 * after it. Children are SIGKILLed on 'exit' whatever happened.
 */
export function installCleanup(cleanup: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  const run = () => (done ??= cleanup().catch((err) => console.error('cleanup failed:', err)));
  process.on('exit', killAllNow);
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
    process.on(signal, () => {
      // Kill the servers synchronously first: a wrapper such as tsx's CLI may SIGKILL this
      // process on a repeated signal, and a detached child would then outlive it.
      killAllNow();
      stopping = true;
      if (done) return;
      console.error(`\n${signal}: servers killed, dropping the bench database…`);
      void run().finally(() => process.exit(code));
    });
  }
  return run;
}

/** The service runs `npm start`'s production server, which needs the pages built once. */
export function ensureNextBuild(root: string): void {
  if (existsSync(path.join(root, '.next', 'BUILD_ID'))) return;
  console.error('No .next/BUILD_ID: running `npx next build` (≈15 s)…');
  const r = spawnSync('npx', ['next', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('next build failed');
}

/** Runs a benchmark's main, always cleans up, and exits with its code (1 on a failure). */
export async function runBenchmark(name: string, main: () => Promise<number>, cleanup: () => Promise<void>): Promise<never> {
  let code = 1;
  try {
    code = await main();
  } catch (err) {
    if (isStopping()) await new Promise(() => {}); // interrupted: the signal handler exits
    console.error(`\n${name} failed:`, err instanceof Error ? err.message : err);
    code = 1;
  } finally {
    await cleanup();
  }
  process.exit(code);
}
