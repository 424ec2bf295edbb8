/**
 * The OpenAPI document's schemas as strict JSON Schema 2020-12 validators (ajv, strict mode, all
 * errors): what a generated client or a schema-driven tool holds the service to. Component refs
 * (`#/components/schemas/X`) are rewritten to `$defs` so each schema compiles on its own.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

type Json = Record<string, any>;

export type OpenApiDocument = Json;

const REF_PREFIX = '#/components/schemas/';

function withDefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withDefs);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string' && inner.startsWith(REF_PREFIX) ? `#/$defs/${inner.slice(REF_PREFIX.length)}` : withDefs(inner),
    ]),
  );
}

export interface SchemaValidators {
  /** Errors of `body` against the schema declared for that answer, or a reason it has none. */
  check(path: string, method: string, status: number, contentType: string, body: unknown): string[];
  /** Resolves a `$ref` to its component, once. */
  deref(schema: Json | undefined): Json | undefined;
}

export function schemaValidators(doc: OpenApiDocument): SchemaValidators {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  // OpenAPI's own annotation keywords, which JSON Schema does not define.
  ajv.addKeyword('example');
  ajv.addKeyword('discriminator');
  const defs = withDefs(doc.components?.schemas ?? {});
  const compiled = new Map<string, ValidateFunction>();

  function validatorFor(key: string, schema: Json): ValidateFunction {
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile({ $defs: defs, ...(withDefs(schema) as Json) });
      compiled.set(key, validate);
    }
    return validate;
  }

  return {
    check(path, method, status, contentType, body) {
      const response = doc.paths?.[path]?.[method.toLowerCase()]?.responses?.[String(status)];
      if (!response) return [`status ${status} is not declared for ${method} ${path}`];
      const mediaType = contentType.split(';')[0].trim().toLowerCase();
      const media = response.content?.[mediaType];
      if (!media) return [`${mediaType} is not declared for ${status} of ${method} ${path}`];
      if (!media.schema) return [];
      const validate = validatorFor(`${method} ${path} ${status} ${mediaType}`, media.schema);
      if (validate(body)) return [];
      return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
    },
    deref(schema) {
      if (schema?.$ref?.startsWith(REF_PREFIX)) return doc.components.schemas[schema.$ref.slice(REF_PREFIX.length)];
      return schema;
    },
  };
}
