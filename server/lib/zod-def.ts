/**
 * Reading a zod schema's definition: the REST edge types query values by their field's kind, and
 * invalid_request suggests field names from an object's shape. Both look through the wrappers
 * (optional, default, nullable, pipe) to the schema that decides.
 */
import type { z } from 'zod';

export interface ZodDef {
  type: string;
  shape?: Record<string, { _zod: { def: ZodDef } }>;
  element?: { _zod: { def: ZodDef } };
  innerType?: { _zod: { def: ZodDef } };
  in?: { _zod: { def: ZodDef } };
}

/** The definition of `schema` under its optional, default, nullable and pipe wrappers. */
export function unwrappedDef(schema: z.ZodType | { _zod: { def: ZodDef } }): ZodDef {
  let def = (schema as unknown as { _zod: { def: ZodDef } })._zod.def;
  for (;;) {
    if (def.innerType) def = def.innerType._zod.def;
    else if (def.type === 'pipe' && def.in) def = def.in._zod.def;
    else return def;
  }
}
