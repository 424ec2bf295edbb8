import { z } from 'zod';

/**
 * A number field of a JSON body that must arrive as a JSON number. trpc-to-openapi coerces the
 * plain number and boolean fields of every input schema in place (meant for query strings), which
 * would let `"30"` pass in a body; it leaves pipes alone, so piping keeps body fields strict.
 */
export function jsonNumber(schema: z.ZodNumber) {
  return schema.pipe(z.number());
}
