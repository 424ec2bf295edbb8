// npm run lint:openapi — lints the document the service serves (GET /api/openapi.json, answered by
// a service on a fresh database through the test harness) with Redocly CLI (recommended ruleset,
// .redocly.yaml) and Spectral (spectral:oas, .spectral.yaml). Fails on any error or warning.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testApp } from '../test/support/app';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

const t = await testApp();
const res = await t.call('GET', '/api/openapi.json');
const document = await res.text();
await t.close();
if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}: ${document.slice(0, 500)}`);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-lint-'));
const file = path.join(dir, 'openapi.json');
fs.writeFileSync(file, document);

interface Finding {
  severity: string;
  rule: string;
  message: string;
  where: string;
}

function run(command: string, args: string[]): string {
  const out = spawnSync(command, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (out.error) throw out.error;
  if (!out.stdout.trim()) throw new Error(`${path.basename(command)} printed nothing (exit ${out.status}):\n${out.stderr}`);
  return out.stdout;
}

function redocly(): Finding[] {
  const report = JSON.parse(run(bin('redocly'), ['lint', file, '--config', path.join(root, '.redocly.yaml'), '--format', 'json']));
  return report.problems.map((p: any) => ({ severity: p.severity, rule: p.ruleId, message: p.message, where: p.location?.[0]?.pointer ?? '' }));
}

function spectral(): Finding[] {
  const severities = ['error', 'warning', 'info', 'hint'];
  const results = JSON.parse(run(bin('spectral'), ['lint', file, '--ruleset', path.join(root, '.spectral.yaml'), '--format', 'json', '--quiet']));
  return results.map((r: any) => ({ severity: severities[r.severity], rule: r.code, message: r.message, where: `#/${r.path.join('/')}` }));
}

let failed = false;
for (const [name, lint] of [['redocly', redocly], ['spectral', spectral]] as const) {
  const findings = lint();
  const count = (severity: string) => findings.filter((f) => f.severity === severity).length;
  console.log(`${name}: ${count('error')} errors, ${count('warning') + count('warn')} warnings`);
  for (const f of findings) console.log(`  ${f.severity} ${f.rule}: ${f.message} (${f.where})`);
  if (findings.some((f) => f.severity === 'error' || f.severity === 'warning' || f.severity === 'warn')) failed = true;
}
fs.rmSync(dir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
