// `npm start` runs this first: build the Next pages when there is no build, or when a page or the
// Next config changed since the last one, so a fresh checkout needs only `npm install && npm start`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const marker = path.join(root, '.next', 'BUILD_ID');

function newestMtime(p) {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(p).map((f) => newestMtime(path.join(p, f))));
}

const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
const sources = ['app', 'next.config.mjs', 'package-lock.json'].map((p) => path.join(root, p)).filter(fs.existsSync);
if (built < Math.max(...sources.map(newestMtime))) {
  console.log(built ? 'Pages changed since the last build: rebuilding.' : 'No production build yet: building the pages (once).');
  const result = spawnSync('npx', ['next', 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
