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

/**
 * Passes the adapter's `instanceof Request` checks and carries only what it reads: its own getters
 * stand before Request.prototype's (which would throw on it). A class rather than `Object.create`
 * with property descriptors, which cost ~2 µs a call (profiled on POST feedback).
 */
class AdapterStandIn implements AdapterRequest {
  query: Record<string, unknown[]> | undefined;
  failure: unknown = undefined;
  readonly context: RequestContext;
  readonly #call: BridgeCall;
  readonly #body: unknown;

  constructor(call: BridgeCall) {
    this.#call = call;
    this.#body = call.query ? null : (call.body ?? {});
    this.context = call.ctx;
    this.query = call.query;
  }

  get method(): string {
    return this.#call.method;
  }

  get url(): string {
    return `http://gateway${this.#call.pathAndQuery}`;
  }

  get headers(): Headers {
    return ADAPTER_HEADERS;
  }

  get signal(): AbortSignal {
    return NEVER_ABORTED;
  }

  get body(): unknown {
    return this.#body;
  }
}
Object.setPrototypeOf(AdapterStandIn.prototype, Request.prototype);

function adapterRequest(call: BridgeCall): AdapterRequest {
  return new AdapterStandIn(call);
}
