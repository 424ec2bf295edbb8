/**
 * The documentation the service serves at /api/agent/docs/{slug}, as JSON. The words are text
 * files (server/docs/text/, read once at start); what they state is filled in from the live
 * sources (route table, error catalogue, limits row, configuration) so it cannot drift.
 */
import type { Config } from '../config';
import type { PlatformLimits } from '../domain/limits';
import { SERVICE_VERSION } from '../domain/ucp-profile';
import type { Operation } from '../trpc/meta';
import { errorsPage } from './errors';
import { limitsPage } from './limits';
import { mcpPage } from './mcp';
import { overviewPage } from './overview';
import { restPage } from './rest';
import { ucpPage } from './ucp';
import { docValues } from './values';

export const DOC_SLUGS = ['overview', 'rest', 'mcp', 'errors', 'limits', 'ucp'] as const;
export type DocSlug = (typeof DOC_SLUGS)[number];

export interface DocSources {
  config: Config;
  operations: readonly Operation[];
  /** The OpenAPI document as served: each operation's body schema and recorded example answers. */
  openapi: () => Record<string, unknown>;
  limits: () => Promise<PlatformLimits>;
}

export async function renderDoc(slug: DocSlug, src: DocSources): Promise<Record<string, unknown>> {
  const values = docValues(src.config);
  const page = { slug, title: '', version: SERVICE_VERSION, url: `${values.base}/api/agent/docs/${slug}` };
  switch (slug) {
    case 'overview':
      return { ...page, title: 'Agent Commerce API: overview', ...overviewPage(src.config, src.operations, values, DOC_SLUGS) };
    case 'rest':
      return { ...page, title: 'REST surface', ...restPage(src, values) };
    case 'mcp':
      return { ...page, title: 'MCP tool server', ...mcpPage(src.operations, values) };
    case 'errors':
      return { ...page, title: 'Errors', ...errorsPage() };
    case 'limits':
      return { ...page, title: 'Limits', ...limitsPage(await src.limits(), src.config, values) };
    case 'ucp':
      return { ...page, title: 'UCP shopping binding', ...ucpPage(src.config, src.operations, values) };
  }
}
