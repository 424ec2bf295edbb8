/**
 * Operations whose credentials are not issued yet. They exist from the start so callers discover
 * what they need: the `credential(scope)` kind answers 401 credential_required naming the scope
 * (or 401 invalid_credential for any Authorization presented) before the resolver could run. Each
 * router of its resource replaces its stub with the real procedure in the issue that brings it.
 */
import { z } from 'zod';
import type { OpenApiMethod } from 'trpc-to-openapi';
import { idempotent } from '../trpc/idempotency';
import type { Scope } from '../trpc/meta';
import { credential, credentialRequired } from '../trpc/procedures';

const anyBody = z.object({}).passthrough();

export function credentialOnly(method: OpenApiMethod, path: `/${string}`, scope: Scope, summary: string, tags: string[]) {
  const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const input = z.object(Object.fromEntries(params.map((p) => [p, z.string().max(100)])));
  const declared = credential(scope).meta({ openapi: { method, path, summary, tags, protect: true } }).input(input);
  const unreachable = (): never => {
    throw credentialRequired(scope);
  };
  if (method === 'GET') return declared.output(anyBody).query(unreachable);
  if (path.startsWith('/api/agent/')) return declared.concat(idempotent).output(anyBody).mutation(unreachable);
  return declared.output(anyBody).mutation(unreachable);
}
