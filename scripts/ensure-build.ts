/**
 * `npm start` runs this first (prestart): builds the pages into Next's distDir (next.config.mjs:
 * `.next`, or NEXT_DIST_DIR) when there is no build or its sources' content changed, so a fresh
 * checkout needs only `npm install && npm start`. `npm run build` runs it with --force: a build
 * whatever the sources. Neither builds into a folder a live server is serving
 * (server/lib/pages-build.ts says why).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import nextConfig from '../next.config.mjs';
import { buildState, decideBuild, recordInputs } from '../server/lib/pages-build';

const root = path.resolve(import.meta.dirname, '..');
const folder = nextConfig.distDir ?? '.next';
const distDir = path.join(root, folder);
const force = process.argv.includes('--force');
const state = buildState(root, distDir);
const decision = decideBuild(state, { force });

if (decision.why === 'served') {
  const pids = decision.servedBy.join(', ');
  if (force) {
    console.error(`Not building: the server (pid ${pids}) is serving the build in ${folder}, and a build there would replace the files its pages load. Stop it first.`);
    process.exit(1);
  }
  console.warn(
    `The pages' sources changed since the build in ${folder}, which the server (pid ${pids}) is serving: it is left as it is ` +
      `(a build there would replace the files its pages load), and this start serves it too. Stop that server and start again to build the change.`,
  );
} else if (decision.build) {
  console.log(force ? `Building the pages into ${folder}.` : decision.why === 'missing' ? 'No production build yet: building the pages (once).' : `The pages' sources changed since the build in ${folder}: rebuilding.`);
  const result = spawnSync('npx', ['next', 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
  // The hash taken before the build: a source changed while it ran is built at the next start.
  recordInputs(distDir, state.current);
}
