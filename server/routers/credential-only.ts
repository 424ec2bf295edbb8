/**
 * Operations whose behaviour comes in a later issue. They exist from the start so callers discover
 * what they need: the `credential(scope)` kind answers a caller without the credential 401
 * credential_required (or 403 insufficient_scope) naming it before the resolver could run, and
 * one holding it 501 not_implemented. Each router of its resource replaces its stub with the real
 * procedure in the issue that brings it.
 */
import { z } from 'zod';
import type { OpenApiMethod } from 'trpc-to-openapi';
import { idempotent } from '../trpc/idempotency';
import type { Scope } from '../trpc/meta';
import { ApiError } from '../errors/catalogue';
import { credential } from '../trpc/procedures';

const anyBody = z.object({}).passthrough();

export function credentialOnly(method: OpenApiMethod, path: `/${string}`, scope: Scope, summary: string, tags: string[]) {
  const segments = path.split('/');
  // Each path parameter names the resource of the segment before it: /cart/{id} → a cart id.
  const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], resource: segments[segments.indexOf(m[0]) - 1].replace(/s$/, '') }));
  const input = z.object(Object.fromEntries(params.map((p) => [p.name, z.string().max(100).describe(`The ${p.resource.replace(/-/g, ' ')} id.`)])));
  const holder = scope === 'buyer_token' ? 'a buyer token' : `a credential with ${scope}`;
  const description = `Needs ${holder}. Without one it answers 401 credential_required (details.required names ${scope}); an unknown key 401 invalid_credential; a key without it 403 insufficient_scope. The operation itself is not available yet: a caller holding ${scope} is answered 501 not_implemented.`;
  const example = { summary: 'Called without a credential', input: Object.fromEntries(params.map((p) => [p.name, `${p.resource.replace(/-/g, '_')}_01kt2j28pzwq817ysfzgf1gjtv`])) };
  const declared = credential(scope)
    .meta({ op: { notImplemented: true, errors: ['not_implemented'] }, openapi: { method, path, summary, description, tags, protect: true }, examples: { 'without-credential': example } })
    .input(input);
  const notYet = (): never => {
    throw new ApiError('not_implemented', { message: `${summary} is not available yet; your credential carries ${scope}, which it will need.` });
  };
  if (method === 'GET') return declared.output(anyBody).query(notYet);
  if (path.startsWith('/api/agent/')) return declared.concat(idempotent).output(anyBody).mutation(notYet);
  return declared.output(anyBody).mutation(notYet);
}
