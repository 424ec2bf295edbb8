/**
 * `npm install` on the oldest Node that package.json admits (20.19, what CI runs) warns
 * EBADENGINE for every installed package whose `engines.node` leaves it out: npm reads those from
 * the lock file, so the lock file is checked here, every package of it.
 */
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));

describe('dependencies', () => {
  it('every locked package with an install script is allowed or denied in allowScripts: no install-scripts warning on npm install', () => {
    const reviewed = read('package.json').allowScripts as Record<string, boolean>;
    const lock = read('package-lock.json') as { packages: Record<string, { version?: string; hasInstallScript?: boolean }> };
    const unreviewed = Object.entries(lock.packages).flatMap(([where, pkg]) => {
      const name = where.replace(/^.*node_modules\//, '');
      return where && pkg.hasInstallScript && !(name in reviewed) ? [`${name}@${pkg.version}`] : [];
    });
    expect(unreviewed, 'install scripts allowScripts neither allows nor denies').toEqual([]);
  });

  it('every locked package runs on the oldest Node package.json admits: no EBADENGINE on npm install', () => {
    const oldest = semver.minVersion(read('package.json').engines.node)!.version;
    expect(semver.major(oldest)).toBe(20);
    const lock = read('package-lock.json') as { packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> };
    const refusing = Object.entries(lock.packages).flatMap(([where, pkg]) => {
      const wanted = !Array.isArray(pkg.engines) ? pkg.engines?.node : undefined;
      return where && wanted && !semver.satisfies(oldest, wanted) ? [`${where.replace(/^.*node_modules\//, '')}@${pkg.version}: node ${wanted}`] : [];
    });
    expect(refusing, `packages that want a newer Node than ${oldest}`).toEqual([]);
  });
});
