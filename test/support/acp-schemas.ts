/**
 * The official ACP 2026-04-17 JSON Schemas (spec/2026-04-17/json-schema in the protocol's
 * repository), an outside reference like UCP's (./ucp-schemas.ts): tests that check our answers
 * against them run when ACP_SCHEMAS_DIR names a copy of the repository (`.ci/run` sets it), and are
 * reported as skipped, with the reason, when it is not set.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';

const ACP_DIR = process.env.ACP_SCHEMAS_DIR ? path.resolve(process.env.ACP_SCHEMAS_DIR) : undefined;
const VERSION = '2026-04-17';

/** Why the conformance checks are skipped, or undefined when they run. */
export const ACP_SCHEMAS_MISSING = ACP_DIR
  ? undefined
  : 'ACP_SCHEMAS_DIR is not set: the conformance check against the official ACP 2026-04-17 schemas needs a copy of the protocol repository (.ci/run sets it)';

/** The schema files of the release, by the name between `schema.` and `.json`. */
export type AcpBundle = 'agentic_checkout' | 'cart' | 'delegate_payment' | 'delegate_authentication' | 'discount' | 'extension' | 'feed';

/** A file of the release: `json-schema/…` or `openapi/…` under spec/2026-04-17. */
export function acpSpecFile(relative: string): string {
  if (!ACP_DIR) throw new Error(ACP_SCHEMAS_MISSING);
  return path.join(ACP_DIR, 'spec', VERSION, relative);
}

function bundleId(bundle: AcpBundle): string {
  return JSON.parse(fs.readFileSync(acpSpecFile(`json-schema/schema.${bundle}.json`), 'utf8')).$id as string;
}

let shared: Ajv2020 | undefined;

/**
 * Every bundle of the release under its `$id`. The bundles name each other by file
 * (`schema.agentic_checkout.json#/$defs/Item`), which resolves against the referring bundle's `$id`
 * (…/schemas/cart/schema.agentic_checkout.json, …/schemas/schema.agentic_checkout.json): the
 * checkout bundle is registered under those URIs too.
 */
export function acpAjv(): Ajv2020 {
  if (shared) return shared;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const dir = acpSpecFile('json-schema');
  const checkoutFile = 'schema.agentic_checkout.json';
  const checkout = JSON.parse(fs.readFileSync(path.join(dir, checkoutFile), 'utf8'));
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const schema = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    ajv.addSchema(schema);
    const alias = new URL(checkoutFile, schema.$id as string).href;
    if (file !== checkoutFile && !ajv.getSchema(alias)) ajv.addSchema({ ...checkout, $id: alias });
  }
  return (shared = ajv);
}

/** The validator of one definition of a bundle, e.g. `acpValidator('agentic_checkout', 'CheckoutSession')`. */
export function acpValidator(bundle: AcpBundle, definition: string): ValidateFunction {
  const ref = `${bundleId(bundle)}#/$defs/${definition}`;
  const validate = acpAjv().getSchema(ref);
  if (!validate) throw new Error(`${ref} is not among the schemas in ${acpSpecFile('json-schema')}`);
  return validate;
}
