/**
 * Every union (anyOf/oneOf) among the OpenAPI document's component schemas says its members' type:
 * `{anyOf: [{type: 'integer', minimum: 0}, {type: 'null'}]}` becomes `{type: ['integer', 'null'],
 * minimum: 0}` (3.1's nullable form), an anyOf of two object components gains `type: 'object'`, one
 * of a component or null `type: ['object', 'null']`. The same values validate as before. Scalar's
 * API reference (1.46, /docs) needs it: it checks the document it renders and fails a schema
 * without `type` inside a component that is also reached through a `$ref` (it marks such schemas,
 * and the mark is lost through the reference), and the browser console shows "document validation
 * errors", one "Expected union value" per component. A schema saying no type at all (`{}`,
 * z.unknown()) fails the same way. Unions of several types, or of arrays, stay as they are (strict
 * ajv refuses the type list, Spectral would ask for `items`): keep them out of components reached
 * by reference. test/openapi.test.ts runs Scalar's own check.
 */
type Json = Record<string, any>;

const SCHEMA_REF = '#/components/schemas/';

/** Keywords whose value is one subschema, a list of them, or a map of names to them. */
const SUBSCHEMA = new Set(['items', 'additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else', 'contentSchema']);
const SUBSCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
const SUBSCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs']);

/** Adds its members' types to every union under the document's `components.schemas`, in place. */
export function typeUnions(components: Json): void {
  const visiting = new Set<Json>();
  const done = new Set<Json>();

  /** The types a schema says, following a component reference; undefined where it says none. */
  const typesOf = (schema: Json): string[] | undefined => {
    if (typeof schema.$ref === 'string' && schema.$ref.startsWith(SCHEMA_REF)) {
      const target: Json | undefined = components[schema.$ref.slice(SCHEMA_REF.length)];
      return target && !visiting.has(target) ? typesOf(visit(target)) : undefined;
    }
    return schema.type === undefined ? undefined : [schema.type].flat();
  };

  /** Types the unions below `schema`, then `schema` itself; answers it. */
  const visit = (schema: Json): Json => {
    if (!schema || typeof schema !== 'object' || visiting.has(schema) || done.has(schema)) return schema;
    visiting.add(schema);
    for (const [keyword, value] of Object.entries(schema)) {
      if (!value || typeof value !== 'object') continue;
      if (SUBSCHEMA.has(keyword)) visit(value);
      else if (SUBSCHEMA_LISTS.has(keyword)) (value as Json[]).forEach(visit);
      else if (SUBSCHEMA_MAPS.has(keyword)) Object.values(value as Record<string, Json>).forEach(visit);
    }
    const members: Json[] | undefined = schema.anyOf ?? schema.oneOf;
    const nullable = members?.length === 2 ? members.find((m) => m.type !== 'null') : undefined;
    if (schema.type === undefined && nullable && members!.some((m) => m.type === 'null' && Object.keys(m).length === 1) && plainlyTyped(nullable)) {
      // The usual form of a nullable value in OpenAPI 3.1, which typed clients read as `T | null`.
      delete schema.anyOf;
      delete schema.oneOf;
      Object.assign(schema, { ...nullable, ...schema, type: [nullable.type, 'null'] });
    } else if (schema.type === undefined && members) {
      const types = members.map(typesOf);
      const union = [...new Set(types.flat())];
      const named = union.filter((t) => t !== 'null');
      // Strict ajv takes a list of one type and null only; Spectral asks for `items` beside array.
      if (types.every((t) => t !== undefined) && named.length === 1 && named[0] !== 'array') schema.type = union.length === 1 ? named[0] : [named[0], 'null'];
    }
    visiting.delete(schema);
    done.add(schema);
    return schema;
  };

  for (const schema of Object.values(components)) visit(schema);
}

/** A schema of one type said in place: no reference, no union, no value list that would also have to admit null. */
const plainlyTyped = (schema: Json) =>
  typeof schema.type === 'string' && ['$ref', 'anyOf', 'oneOf', 'allOf', 'enum', 'const'].every((keyword) => !(keyword in schema));
