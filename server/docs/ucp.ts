/**
 * The served page about UCP's own shopping binding (/api/agent/docs/ucp): where it is, how a
 * platform negotiates with it, and each choice this service made where UCP 2026-04-08 leaves one
 * open or contradicts itself. The binding's operations and shapes are UCP's documents'; this page
 * says only what a platform cannot read there: its words are text/ucp.yaml.
 */
import type { Config } from '../config';
import { CACHE_RULES } from '../profiles/cache';
import { FETCH_BUDGET } from '../profiles/budget';
import { MAX_DOCUMENT_BYTES } from '../profiles/fetch';
import { BINDING_CAPABILITIES, SHOPPING_SERVICE } from '../negotiation/capabilities';
import { PROFILE_FETCHES_PER_SECOND } from '../negotiation';
import { MAX_AGENT_PROFILES } from '../keys/agent-profiles';
import { LOOKUP_MAX_IDS } from '../catalog/lookup';
import type { Operation } from '../trpc/meta';
import { fill, readText } from './text';
import type { DocValues } from './values';

const TEXT = readText('ucp');

export function ucpPage(config: Config, operations: readonly Operation[], values: DocValues) {
  const ucp = {
    service: SHOPPING_SERVICE.name,
    schemas: SHOPPING_SERVICE.schemas,
    spec: SHOPPING_SERVICE.spec,
    namespace: config.ucpNamespace,
    profile_fetches_per_second: PROFILE_FETCHES_PER_SECOND,
    max_document_kib: MAX_DOCUMENT_BYTES / 1024,
    max_agent_profiles: MAX_AGENT_PROFILES,
    lookup_max_ids: LOOKUP_MAX_IDS,
    cache: {
      min_seconds: CACHE_RULES.minSeconds,
      max_hours: CACHE_RULES.maxSeconds / 3600,
      default_seconds: CACHE_RULES.defaultSeconds,
      failure_seconds: CACHE_RULES.failureSeconds,
      max_entry_kib: CACHE_RULES.maxEntryBytes / 1024,
    },
  };
  return fill(
    TEXT.page,
    {
      ...values,
      ucp,
      fetch_budget: { per_address: FETCH_BUDGET.perAddress, window_seconds: FETCH_BUDGET.windowSeconds },
      capabilities: Object.entries(BINDING_CAPABILITIES).map(([name, { version, spec, schema }]) => ({ name, version, spec, schema })),
      operations: operations.flatMap((o) => (o.meta.ucp ? [{ tool: o.meta.ucp.tool.name, rest: o.rest && `${o.rest.method} ${o.rest.path}`, capability: o.meta.ucp.capability }] : [])),
    },
    'text/ucp.yaml',
  );
}
