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
  const segments = path.split('/');
  // Each path parameter names the resource of the segment before it: /cart/{id} → a cart id.
  const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], resource: segments[segments.indexOf(m[0]) - 1].replace(/s$/, '') }));
  const input = z.object(Object.fromEntries(params.map((p) => [p.name, z.string().max(100).describe(`The ${p.resource.replace(/-/g, ' ')} id.`)])));
  const description = `Needs a credential with ${scope}. Such credentials are not issued yet, so today every call answers 401: credential_required (details.required names ${scope}), or invalid_credential when an Authorization header is sent.`;
  const example = { summary: 'Called without a credential', input: Object.fromEntries(params.map((p) => [p.name, `${p.resource.replace(/-/g, '_')}_01kt2j28pzwq817ysfzgf1gjtv`])) };
  const declared = credential(scope)
    .meta({ openapi: { method, path, summary, description, tags, protect: true }, examples: { 'without-credential': example } })
    .input(input);
  const unreachable = (): never => {
    throw credentialRequired(scope);
  };
  if (method === 'GET') return declared.output(anyBody).query(unreachable);
  if (path.startsWith('/api/agent/')) return declared.concat(idempotent).output(anyBody).mutation(unreachable);
  return declared.output(anyBody).mutation(unreachable);
}
