/**
 * The pages' production build (Next's distDir: `.next`, or NEXT_DIST_DIR): what it was built from,
 * and which servers are serving it.
 *
 * `npm start` builds first when needed (scripts/ensure-build.ts). It decides from the content of the
 * build's inputs, hashed and kept beside BUILD_ID, never from modification times: `npm install`
 * rewrites package-lock.json with the same content and a new time, and a rebuild for that replaced
 * the chunks a running server's pages load (they answered 404 and sign-in failed). And it never
 * builds into a folder a live server reads: each production server marks the build it serves with
 * its pid (as db/data-dir-lock.ts marks the data folder), and a change of the sources under it is
 * left for the next start once that server has stopped.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isAlive } from './process-alive';

/** What Next builds the pages from, relative to the checkout. */
export const BUILD_INPUTS = ['app', 'proxy.ts', 'next.config.mjs', 'package-lock.json'] as const;

/** Beside Next's BUILD_ID: the hash of the inputs the build was made from. */
const INPUTS_FILE = 'BUILD_INPUTS';
/** One empty file per server serving the build, named by its pid. */
const SERVING_DIR = 'serving';

/** SHA-256 over every input file's path and content (folders walked in name order); times play no part. */
export function inputsHash(root: string, inputs: readonly string[] = BUILD_INPUTS): string {
  const hash = createHash('sha256');
  const add = (rel: string) => {
    const file = path.join(root, rel);
    if (!fs.existsSync(file)) return;
    if (fs.statSync(file).isDirectory()) {
      for (const name of fs.readdirSync(file).sort()) add(path.posix.join(rel, name));
      return;
    }
    const content = fs.readFileSync(file);
    hash.update(`${rel}\0${content.length}\0`).update(content);
  };
  inputs.forEach(add);
  return hash.digest('hex');
}

export interface BuildState {
  /** Whether distDir holds a finished build (its BUILD_ID). */
  built: boolean;
  /** The inputs' hash the build recorded; none for a build made without this script, or none yet. */
  recorded: string | undefined;
  /** The inputs' hash now. */
  current: string;
  /** Live servers (other than this process) serving the build. */
  servedBy: number[];
}

export function buildState(root: string, distDir: string): BuildState {
  const built = fs.existsSync(path.join(distDir, 'BUILD_ID'));
  let recorded: string | undefined;
  try {
    recorded = fs.readFileSync(path.join(distDir, INPUTS_FILE), 'utf8').trim();
  } catch {
    recorded = undefined;
  }
  return { built, recorded, current: inputsHash(root), servedBy: servingPids(distDir) };
}

export type BuildDecision =
  | { build: true; why: 'missing' | 'changed' }
  | { build: false; why: 'current' }
  /** A build is due (or forced) but a live server reads the folder: it is left as it is. */
  | { build: false; why: 'served'; servedBy: number[] };

/** `force` (npm run build): build even when current, but still never under a live server. */
export function decideBuild(state: BuildState, { force = false } = {}): BuildDecision {
  if (!force && state.built && state.recorded === state.current) return { build: false, why: 'current' };
  if (state.servedBy.length > 0) return { build: false, why: 'served', servedBy: state.servedBy };
  return { build: true, why: state.built ? 'changed' : 'missing' };
}

/** Records, after a successful build, the hash of the inputs it was made from. */
export function recordInputs(distDir: string, hash: string): void {
  fs.writeFileSync(path.join(distDir, INPUTS_FILE), `${hash}\n`);
}

/** The live servers, other than this process, that marked the build as theirs. */
export function servingPids(distDir: string): number[] {
  let names: string[];
  try {
    names = fs.readdirSync(path.join(distDir, SERVING_DIR));
  } catch {
    return [];
  }
  return names.map(Number).filter((pid) => Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid));
}

/**
 * Marks the build as served by this process until the returned function is called. Several servers
 * may serve one build; a mark left by a process that died is ignored (its pid is not alive).
 */
export function markServing(distDir: string): () => void {
  const dir = path.join(distDir, SERVING_DIR);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, String(process.pid));
  fs.writeFileSync(file, '');
  return () => fs.rmSync(file, { force: true });
}
