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
import { parse as parseYaml } from 'yaml';

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

/** Where the release's files are registered by path, as the OpenAPI documents refer to them. */
const SPEC_BASE = 'https://acp-spec.test/spec/';

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
    // The OpenAPI documents name the bundles by file (`../json-schema/schema.cart.json#/$defs/Cart`).
    ajv.addSchema({ ...schema, $id: `${SPEC_BASE}json-schema/${file}` });
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

/** The OpenAPI document of each REST surface, by the first segment of its paths. */
const OAS_BY_SEGMENT: Record<string, string> = { checkout_sessions: 'agentic_checkout', carts: 'cart', agentic_commerce: 'delegate_payment' };
const oasDocs = new Map<string, { id: string; doc: OasDocument }>();

interface OasDocument {
  paths: Record<string, Record<string, { responses?: Record<string, OasResponse> }>>;
  components?: { responses?: Record<string, OasResponse> };
}
type OasResponse = { $ref?: string; content?: Record<string, { schema?: unknown }> };

function oasDocument(name: string): { id: string; doc: OasDocument } {
  let loaded = oasDocs.get(name);
  if (!loaded) {
    const doc = parseYaml(fs.readFileSync(acpSpecFile(`openapi/openapi.${name}.yaml`), 'utf8')) as OasDocument;
    // Registered whole, so its `#/components/schemas/…` references resolve within it.
    const id = `${SPEC_BASE}openapi/openapi.${name}.yaml`;
    acpAjv().addSchema(doc as object, id);
    oasDocs.set(name, (loaded = { id, doc }));
  }
  return loaded;
}

const pointer = (...segments: string[]) => segments.map((s) => s.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/**
 * The validator of the response ACP's OpenAPI document gives `method` `path` (a request path under
 * /acp) answering `status` (or its `4XX`/`5XX` range), or undefined when the document lists none.
 *
 * Not complete's 200: the document gives it `CheckoutSessionWithOrder`, an allOf of
 * `CheckoutSessionBase` (additionalProperties: false, no `order`) and `{order}` required, which no
 * object satisfies; and a decline answers 200 without an order (the decision 3). The JSON
 * Schema bundle's own CheckoutSessionWithOrder and CheckoutSession are checked instead.
 */
export function acpResponseValidator(method: string, path: string, status: number): ValidateFunction | undefined {
  const relative = path.replace(/^\/acp/, '').split('?')[0];
  const name = OAS_BY_SEGMENT[relative.split('/')[1]];
  if (!name) return undefined;
  const { id, doc } = oasDocument(name);
  const template = Object.keys(doc.paths).find((t) => new RegExp(`^${t.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(relative));
  const responses = template ? doc.paths[template][method.toLowerCase()]?.responses : undefined;
  const key = [String(status), `${String(status)[0]}XX`].find((k) => responses?.[k]);
  if (!template || !key || (template.endsWith('/complete') && status === 200)) return undefined;
  const listed = responses![key];
  const location = listed.$ref
    ? [...listed.$ref.slice(2).split('/')]
    : ['paths', template, method.toLowerCase(), 'responses', key];
  const response = listed.$ref ? doc.components!.responses![listed.$ref.split('/').pop()!] : listed;
  if (!response.content?.['application/json']?.schema) return undefined;
  return acpAjv().getSchema(`${id}#/${pointer(...location, 'content', 'application/json', 'schema')}`);
}
