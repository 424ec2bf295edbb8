/**
 * GET /api/agent/docs/overview: what every call shares (text/overview.yaml), with the credential
 * guide, the settlement section (text/x402.yaml) and the advisories of the catalogue in place.
 */
import type { Config } from '../config';
import { ADVISORY_CATALOGUE } from '../identity/advisories';
import type { Operation } from '../trpc/meta';
import { credentialGuide } from './credential-guide';
import { fill, readText } from './text';
import type { DocValues } from './values';
import { settlementSection } from './x402';

const TEXT = readText('overview');

export function overviewPage(config: Config, operations: readonly Operation[], values: DocValues, slugs: readonly string[]) {
  return fill(
    TEXT.page,
    {
      ...values,
      with_a_credential: credentialGuide(operations),
      docs: Object.fromEntries(slugs.map((s) => [s, `${values.base}/api/agent/docs/${s}`])),
      signature_advisories: Object.keys(ADVISORY_CATALOGUE)
        .filter((code) => code.startsWith('signature_') || code === 'profile_fetch_limited')
        .join(', '),
      settlement: settlementSection(config, values),
      advisory_codes: Object.entries(ADVISORY_CATALOGUE).map(([code, message]) => ({
        anchor: `advisory-${code}`,
        code,
        message,
        refused_from: code.endsWith('_profile_host') ? config.profileHostRefusedFrom : null,
      })),
    },
    'text/overview.yaml',
  );
}

/**
 * The trust tiers in the overview's words: docs/agents.md's table of tiers is generated from them
 * (`npm run docs:tables`), so the served page and the repository's doc say one thing.
 */
export function agentTrustTiers(): Record<string, string> {
  const page = TEXT.page as { agent_trust: { tiers: Record<string, string> } };
  return fill(page.agent_trust.tiers, {}, 'text/overview.yaml');
}
