/**
 * The UCP 2026-04-08 JSON Schemas, loaded into one Ajv 2020 instance for validating our
 * manifests. The schemas live in `shared/` beside the repository (locally and in CI).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const UCP_SCHEMA_DIR = path.resolve(REPO_ROOT, '../shared/ucp-2026-04-08');
export const BUSINESS_PROFILE_SCHEMA = 'https://ucp.dev/schemas/discovery/profile.json#/$defs/business_profile';

function jsonFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? jsonFiles(full) : e.name.endsWith('.json') ? [full] : [];
  });
}

let shared: Ajv2020 | undefined;

/** Every schema of the release (files with an `$id`; the OpenAPI/OpenRPC documents have none). */
export function ucpAjv(): Ajv2020 {
  if (shared) return shared;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  for (const file of jsonFiles(UCP_SCHEMA_DIR)) {
    let text = fs.readFileSync(file, 'utf8');
    // The published profile schema's $id is .../schemas/discovery/profile.json, so its
    // "../schemas/ucp.json" would resolve to .../schemas/schemas/ucp.json: point it at the real one.
    if (path.relative(UCP_SCHEMA_DIR, file) === path.join('discovery', 'profile_schema.json')) text = text.replaceAll('"../schemas/', '"../');
    const schema = JSON.parse(text);
    if (typeof schema.$id === 'string') ajv.addSchema(schema);
  }
  return (shared = ajv);
}

export function businessProfileValidator(): ValidateFunction {
  const validate = ucpAjv().getSchema(BUSINESS_PROFILE_SCHEMA);
  if (!validate) throw new Error(`${BUSINESS_PROFILE_SCHEMA} is not among the schemas in ${UCP_SCHEMA_DIR}`);
  return validate;
}
