/**
 * The operation catalogue: one description of each operation's policy (kind, scope, idempotency,
 * success status, error codes, REST path, MCP tool), read from the procedures themselves. The REST
 * gateway, the OpenAPI and OpenRPC documents, the docs pages and the MCP tools all read it; none
 * restates it. Built once per process, and refuses a router that breaks the pipeline's rules.
 */
import type { AnyProcedure, AnyRouter } from '@trpc/server';
import type { z } from 'zod';
import { IDEMPOTENCY_MIDDLEWARE } from './idempotency';
import type { Access, AppMeta, Operation } from './meta';
import { accessOf } from './procedures';

export function describeOperations(router: AnyRouter): Operation[] {
  return Object.entries(router._def.procedures as Record<string, AnyProcedure>).map(([name, procedure]) => {
    const def = procedure._def as unknown as {
      type: 'query' | 'mutation';
      meta?: AppMeta;
      middlewares: { _type?: string }[];
      inputs: z.ZodType[];
      output?: z.ZodType;
    };
    const meta = def.meta ?? {};
    const access = accessOf(def.middlewares);
    if (!access) throw new Error(`${name} is not declared through a procedure kind (open, discovery, credential, admin)`);
    const idempotent = meta.idempotent === true;
    const acceptsKey = meta.idempotent !== undefined;
    const enforcedAt = def.middlewares.indexOf(IDEMPOTENCY_MIDDLEWARE as never);
    const inputAt = def.middlewares.findIndex((m) => m._type === 'input');
    if (acceptsKey !== enforcedAt >= 0 || (acceptsKey && enforcedAt < inputAt)) {
      throw new Error(`${name}: declare idempotency with .concat(idempotent) or .concat(idempotentIfKeyed) after .input()`);
    }
    if (def.inputs.length !== 1 || !def.output) throw new Error(`${name} needs exactly one input and an output schema`);
    const rest = meta.openapi && { method: meta.openapi.method, path: meta.openapi.path, summary: meta.openapi.summary };
    if (rest && rest.method !== 'GET' && rest.path.startsWith('/api/agent/') && !idempotent) {
      throw new Error(`${name}: every POST, PATCH and DELETE under /api/agent/ is idempotent`);
    }
    const examples = meta.examples ?? {};
    return { name, type: def.type, access, idempotent, acceptsKey, policy: meta.op ?? {}, rest, tool: meta.tool, examples, input: def.inputs[0], output: def.output, meta };
  });
}

/**
 * An operation of a protocol's binding (UCP's, ACP's): that protocol's own documents describe it,
 * not /api/openapi.json nor the seed API's docs pages.
 */
export function ofProtocolBinding(access: Access): boolean {
  return access.kind === 'binding' || access.kind === 'acp';
}
