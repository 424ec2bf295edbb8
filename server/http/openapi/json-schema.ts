/** JSON Schema of a zod schema as the OpenAPI document embeds it: inlined whole, no $defs. */
import { z } from 'zod';
import type { Json } from './components';

/** JSON Schema of a zod schema, self-contained (schemas with an id inlined), without $schema. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _, $defs = {}, ...root } = z.toJSONSchema(schema, { io, target: 'draft-2020-12', reused: 'inline' }) as Json;
  const inline = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(inline);
    if (!node || typeof node !== 'object') return node;
    const { $ref, ...rest } = node as Json;
    const out = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, inline(v)]));
    return typeof $ref === 'string' && $ref.startsWith('#/$defs/') ? { ...(inline($defs[$ref.slice(8)]) as Json), ...out } : out;
  };
  return inline(root) as Json;
}
