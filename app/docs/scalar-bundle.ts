/**
 * Scalar's standalone browser bundle, served by the project itself (no CDN): one self-contained
 * script of ~4 MB (it loads no chunks at run time; `dist/browser/chunks` belongs to the ESM
 * build). Pinned to 1.46, the last release whose packages declare Node ≥ 20 (later ones ask for 22,
 * and `npm install` on Node 20 warned EBADENGINE for each of their packages).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const PACKAGE_DIR = path.join(process.cwd(), 'node_modules', '@scalar', 'api-reference');

export const SCALAR_BUNDLE_FILE = path.join(PACKAGE_DIR, 'dist', 'browser', 'standalone.js');

let version: string | undefined;

/** The installed version: it names the bundle's URL, so the URL can be cached forever. */
export function scalarVersion(): string {
  version ??= (JSON.parse(readFileSync(path.join(PACKAGE_DIR, 'package.json'), 'utf8')) as { version: string }).version;
  return version;
}

export const scalarBundleUrl = () => `/docs/api-reference.js?v=${scalarVersion()}`;
