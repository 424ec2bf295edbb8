/**
 * The request views of UCP's schemas (overview.md § Schema Composition › request views): a
 * response schema annotates each field with `ucp_request` — "omit" (a platform never sends it),
 * "optional", "required", or one of those per operation ({create, update, complete}). A view of an
 * operation is every schema of the release rewritten for it: an omitted field may not be sent
 * (its schema `false`), a required one joins `required`, an optional one leaves it. The tests hold
 * every request they send to the view of its operation, so a request a real platform could not
 * send never passes for one.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { jsonFiles, UCP_SCHEMAS_MISSING } from './ucp-schemas';

export type RequestOperation = 'create' | 'update' | 'complete';

type Json = Record<string, any>;

/** The annotation's word for `operation`: a plain word holds for every operation. */
function modeOf(annotation: unknown, operation: RequestOperation): string | undefined {
  if (typeof annotation === 'string') return annotation;
  if (annotation && typeof annotation === 'object') return (annotation as Record<string, string>)[operation];
  return undefined;
}

/** `schema` rewritten for `operation`, wherever an object schema lists properties. */
function view(schema: unknown, operation: RequestOperation): unknown {
  if (Array.isArray(schema)) return schema.map((s) => view(s, operation));
  if (!schema || typeof schema !== 'object') return schema;
  const out: Json = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, k === 'properties' ? v : view(v, operation)]));
  if (!out.properties) return out;
  const required = new Set<string>(out.required ?? []);
  const properties: Json = {};
  for (const [name, property] of Object.entries(out.properties as Json)) {
    const mode = modeOf((property as Json)?.ucp_request, operation);
    if (mode === 'omit') {
      properties[name] = false;
      required.delete(name);
      continue;
    }
    if (mode === 'required') required.add(name);
    if (mode === 'optional') required.delete(name);
    properties[name] = view(property, operation);
  }
  return { ...out, properties, required: [...required] };
}

const validators = new Map<string, ValidateFunction>();

/**
 * The validator of `schemaId`'s request view for `operation` (e.g.
 * `https://ucp.dev/schemas/shopping/checkout.json`, 'update'). Throws without UCP_SCHEMAS_DIR:
 * check UCP_SCHEMAS_MISSING first.
 */
export function requestView(schemaId: string, operation: RequestOperation): ValidateFunction {
  const key = `${operation} ${schemaId}`;
  const known = validators.get(key);
  if (known) return known;
  if (UCP_SCHEMAS_MISSING) throw new Error(UCP_SCHEMAS_MISSING);
  const dir = path.resolve(process.env.UCP_SCHEMAS_DIR!);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  for (const file of jsonFiles(dir)) {
    const schema = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (typeof schema.$id === 'string') ajv.addSchema(view(schema, operation) as Json);
  }
  const validate = ajv.getSchema(schemaId);
  if (!validate) throw new Error(`No schema ${schemaId} in ${dir}`);
  validators.set(key, validate);
  return validate;
}

/** Whether `body` is a request a platform may send for `operation` of `schemaId` (always, without the schemas). */
export function requestProblems(schemaId: string, operation: RequestOperation, body: unknown): string | undefined {
  if (UCP_SCHEMAS_MISSING) return undefined;
  const validate = requestView(schemaId, operation);
  return validate(body) ? undefined : JSON.stringify(validate.errors, null, 2);
}
