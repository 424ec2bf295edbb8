/**
 * The bridge to trpc-to-openapi, which runs a procedure for a REST method and path. The gateway
 * has already routed the request, decoded its body and typed its query, so the adapter is handed a
 * light stand-in for a `Request` (a real one costs ~6 µs to build, a tenth of a cheap call) that
 * carries the request context and takes back the failure, if any.
 *
 * trpc-to-openapi coerces the input schema of every procedure it serves in place (number and
 * boolean fields would accept strings from then on, on every transport). It is therefore given
 * stand-in schemas with the same field names, all text, which leave nothing to coerce: the
 * procedures still parse their input with their own strict schemas, and the REST edge types the
 * query itself (rest-input.ts).
 */
import type { AnyProcedure, AnyRouter } from '@trpc/server';
import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';
import { z } from 'zod';
import type { RequestContext } from '../trpc/context';

export type Outcome = { ok: true; body: string } | { ok: false; error: unknown };

export interface BridgeCall {
  ctx: RequestContext;
  method: string;
  /** Path and query, as on the request line. */
  pathAndQuery: string;
  /** The typed query, every value in an array (GET and DELETE, which take no body). */
  query?: Record<string, unknown[]>;
  /** The decoded JSON body (POST, PUT, PATCH). */
  body?: unknown;
}

interface AdapterRequest {
  context: RequestContext;
  failure?: unknown;
}

type NodeHandler = (req: object, res: object) => Promise<void>;

export function createOpenApiBridge(router: AnyRouter): (call: BridgeCall) => Promise<Outcome> {
  const handler = createOpenApiNodeHttpHandler({
    router: withStandInInputs(router),
    createContext: ({ req }: { req: AdapterRequest }) => req.context,
    onError: ({ error, req }: { error: unknown; req: AdapterRequest }) => {
      req.failure = error;
    },
  } as never) as unknown as NodeHandler;

  return (call) =>
    new Promise((resolve, reject) => {
      const req = adapterRequest(call);
      const res = {
        statusCode: 200,
        setHeader() {},
        end(body: string) {
          resolve(req.failure === undefined ? { ok: true, body } : { ok: false, error: req.failure });
        },
      };
      handler(req, res).catch(reject);
    });
}

function withStandInInputs(router: AnyRouter): AnyRouter {
  const procedures = Object.fromEntries(
    Object.entries(router._def.procedures as Record<string, AnyProcedure>).map(([name, procedure]) => {
      const shape = (procedure._def.inputs[0] as { _zod?: { def?: { shape?: object } } } | undefined)?._zod?.def?.shape ?? {};
      const standIn = z.object(Object.fromEntries(Object.keys(shape).map((field) => [field, z.string()])));
      return [name, { _def: { ...procedure._def, inputs: [standIn] } }];
    }),
  );
  // createCaller stays the real router's: procedures run with their own schemas and middlewares.
  return { ...router, _def: { ...router._def, procedures } } as AnyRouter;
}

const ADAPTER_HEADERS = new Headers({ 'content-type': 'application/json' });
const NEVER_ABORTED = new AbortController().signal;

/** Passes the adapter's `instanceof Request` checks at ~1 µs and carries only what it reads. */
function adapterRequest(call: BridgeCall): AdapterRequest {
  return Object.create(Request.prototype, {
    method: { value: call.method },
    url: { value: `http://gateway${call.pathAndQuery}` },
    headers: { value: ADAPTER_HEADERS },
    signal: { value: NEVER_ABORTED },
    body: { value: call.query ? null : (call.body ?? {}) },
    query: { value: call.query, writable: true },
    context: { value: call.ctx },
    failure: { value: undefined, writable: true },
  });
}
