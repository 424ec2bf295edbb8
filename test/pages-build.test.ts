/**
 * What `npm start` decides before it serves (scripts/ensure-build.ts): build the pages only when the
 * content of their sources changed, never from a file's time (`npm install` rewrites
 * package-lock.json unchanged), and never into the folder a live server serves.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildState, decideBuild, inputsHash, markServing, recordInputs, servingPids } from '../server/lib/pages-build';

let root: string;
let distDir: string;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'acapi-pages-build-'));
  fs.mkdirSync(path.join(root, 'app', 'signin'), { recursive: true });
  fs.writeFileSync(path.join(root, 'app', 'page.tsx'), 'export default function Home() {}\n');
  fs.writeFileSync(path.join(root, 'app', 'signin', 'page.tsx'), 'export default function SignIn() {}\n');
  fs.writeFileSync(path.join(root, 'next.config.mjs'), 'export default {};\n');
  fs.writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}\n');
  distDir = path.join(root, '.next');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** A finished build of the sources as they are now, as ensure-build leaves it. */
function build(): void {
  fs.mkdirSync(distDir, { recursive: true });
  fs.writeFileSync(path.join(distDir, 'BUILD_ID'), 'b1');
  recordInputs(distDir, inputsHash(root));
}

/** A process that is alive until killed: another server's pid. */
async function otherProcess(): Promise<{ pid: number; kill: () => Promise<void> }> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('spawn', resolve));
  return { pid: child.pid!, kill: () => new Promise((resolve) => child.once('exit', resolve).kill('SIGKILL')) };
}

describe('the inputs hash', () => {
  it('follows content, not modification times: package-lock.json rewritten unchanged is the same build', () => {
    const before = inputsHash(root);
    const lock = path.join(root, 'package-lock.json');
    const later = new Date(Date.now() + 60_000);
    fs.writeFileSync(lock, fs.readFileSync(lock));
    fs.utimesSync(lock, later, later);
    fs.utimesSync(path.join(root, 'app'), later, later);
    expect(inputsHash(root)).toBe(before);
  });

  it('changes with a page, a new file, a renamed file, the Next config or the lock file', () => {
    const seen = new Set([inputsHash(root)]);
    const change = (what: () => void) => {
      what();
      const hash = inputsHash(root);
      expect(seen.has(hash)).toBe(false);
      seen.add(hash);
    };
    change(() => fs.appendFileSync(path.join(root, 'app', 'signin', 'page.tsx'), '// edited\n'));
    change(() => fs.writeFileSync(path.join(root, 'app', 'globals.css'), 'body {}\n'));
    change(() => fs.renameSync(path.join(root, 'app', 'globals.css'), path.join(root, 'app', 'site.css')));
    change(() => fs.writeFileSync(path.join(root, 'next.config.mjs'), 'export default { poweredByHeader: false };\n'));
    change(() => fs.writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3,"packages":{}}\n'));
  });
});

describe('the decision', () => {
  it('builds when there is no build, or the build records no inputs or other ones; keeps a current one', () => {
    expect(decideBuild(buildState(root, distDir))).toEqual({ build: true, why: 'missing' });
    build();
    expect(decideBuild(buildState(root, distDir))).toEqual({ build: false, why: 'current' });
    fs.rmSync(path.join(distDir, 'BUILD_INPUTS'));
    expect(decideBuild(buildState(root, distDir))).toEqual({ build: true, why: 'changed' });
    build();
    fs.appendFileSync(path.join(root, 'app', 'page.tsx'), '// edited\n');
    expect(decideBuild(buildState(root, distDir))).toEqual({ build: true, why: 'changed' });
    expect(decideBuild(buildState(root, distDir), { force: true })).toEqual({ build: true, why: 'changed' });
  });

  it('never builds into a folder a live server serves, even forced; a mark left by a process gone is ignored', async () => {
    build();
    fs.appendFileSync(path.join(root, 'app', 'page.tsx'), '// edited\n');
    const server = await otherProcess();
    try {
      fs.mkdirSync(path.join(distDir, 'serving'));
      fs.writeFileSync(path.join(distDir, 'serving', String(server.pid)), '');
      expect(decideBuild(buildState(root, distDir))).toEqual({ build: false, why: 'served', servedBy: [server.pid] });
      expect(decideBuild(buildState(root, distDir), { force: true })).toEqual({ build: false, why: 'served', servedBy: [server.pid] });
    } finally {
      await server.kill();
    }
    expect(decideBuild(buildState(root, distDir))).toEqual({ build: true, why: 'changed' });
  });

  it('marks the build as served by this process until released, a mark other processes see and this one does not', () => {
    build();
    const release = markServing(distDir);
    // Its own mark is not in the way of itself; another process sees this pid.
    expect(servingPids(distDir)).toEqual([]);
    expect(fs.readdirSync(path.join(distDir, 'serving'))).toEqual([String(process.pid)]);
    release();
    expect(fs.readdirSync(path.join(distDir, 'serving'))).toEqual([]);
  });
});
