/**
 * CPU time of processes, read from /proc (Linux). On a shared machine throughput moves with
 * whatever else runs; CPU time per request is the steadier figure. Returns NaN where /proc is absent.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICK_US = 1e6 / 100; // USER_HZ is 100 on Linux

/** utime + stime of each pid, in microseconds (a pid that vanished counts 0). */
export function cpuMicros(pids: number[], statOf = (pid: number) => `/proc/${pid}/stat`): number {
  let total = 0;
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(statOf(pid), 'utf8');
    } catch {
      if (process.platform !== 'linux') return NaN;
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    total += (Number(fields[11]) + Number(fields[12])) * TICK_US; // fields 14 and 15 of stat(5)
  }
  return total;
}

/**
 * utime + stime of `pid`'s main thread alone, in microseconds: the rest of the process's CPU is
 * its helper threads' (V8's compiler and garbage collector, libuv's pool).
 */
export function mainThreadMicros(pid: number): number {
  return cpuMicros([pid], (p) => `/proc/${p}/task/${p}/stat`);
}

/** Starts a CPU stopwatch over `pids` (re-read at stop, so pids that appear meanwhile are missed). */
export function cpuStopwatch(pids: () => number[] | Promise<number[]>) {
  let startPids: number[] = [];
  let start = 0;
  return {
    async start() {
      startPids = await pids();
      start = cpuMicros(startPids);
    },
    /** Microseconds of CPU the processes used since start(). */
    stop(): number {
      return cpuMicros(startPids) - start;
    },
  };
}

/** The pids of a process group (a child started detached is its own group). */
export function groupPids(pgid: number): number[] {
  const out: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return [pgid];
  }
  for (const e of entries) {
    try {
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid) out.push(Number(e)); // field 5 of stat(5): pgrp
    } catch {
      /* exited meanwhile */
    }
  }
  return out.length ? out : [pgid];
}
