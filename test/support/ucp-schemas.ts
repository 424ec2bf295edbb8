/**
 * The official UCP 2026-04-08 JSON Schemas, an outside reference like the Postgres server: tests
 * that check our manifests against them run when UCP_SCHEMAS_DIR names a copy of the release
 * (`.ci/run` sets it), and are reported as skipped, with the reason, when it is not set.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { z } from 'zod';
import { ucpProfile } from '../../server/domain/ucp-profile';

const UCP_SCHEMA_DIR = process.env.UCP_SCHEMAS_DIR ? path.resolve(process.env.UCP_SCHEMAS_DIR) : undefined;

/** Why the conformance checks are skipped, or undefined when they run. */
export const UCP_SCHEMAS_MISSING = UCP_SCHEMA_DIR
  ? undefined
  : 'UCP_SCHEMAS_DIR is not set: the conformance check against the official UCP 2026-04-08 schemas needs a copy of them (.ci/run sets it)';
export const BUSINESS_PROFILE_SCHEMA = 'https://ucp.dev/schemas/discovery/profile.json#/$defs/business_profile';

export function jsonFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? jsonFiles(full) : e.name.endsWith('.json') ? [full] : [];
  });
}

let shared: Ajv2020 | undefined;

/** Every schema of the release (files with an `$id`; the OpenAPI/OpenRPC documents have none). */
export function ucpAjv(): Ajv2020 {
  if (shared) return shared;
  if (!UCP_SCHEMA_DIR) throw new Error(UCP_SCHEMAS_MISSING);
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

/** The manifests' own schema, from their zod definition, in strict JSON Schema 2020-12: always checked. */
export function ownProfileValidator(): ValidateFunction {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  return ajv.compile(z.toJSONSchema(ucpProfile, { io: 'output' }));
}
