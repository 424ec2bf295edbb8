/**
 * The served docs' words are text files with placeholders (server/docs/text.ts): a placeholder
 * alone in a string keeps its value's type, one inside text is written as text, and one without a
 * value fails, naming the file, instead of serving the braces. The snapshots
 * (served-docs-snapshot.test.ts) render each page of the test deployment; the alternatives a page
 * chooses by configuration are rendered here, so a placeholder in the other branch is filled too.
 */
import { describe, expect, it } from 'vitest';
import { limitsPage } from '../server/docs/limits';
import { fill } from '../server/docs/text';
import { docValues } from '../server/docs/values';
import { settlementSection } from '../server/docs/x402';
import type { PlatformLimits } from '../server/domain/limits';
import { testConfig } from './support/app';

describe('fill', () => {
  it('puts a value alone in a string in its place, whatever its type, and writes one in text as text', () => {
    const filled = fill({ n: '{{a.n}}', list: '{{list}}', text: 'at most {{a.n}} per {id}', kept: 3 }, { a: { n: 5 }, list: ['x'] }, 'here');
    expect(filled).toEqual({ n: 5, list: ['x'], text: 'at most 5 per {id}', kept: 3 });
  });

  it('refuses a placeholder without a value, naming the file', () => {
    expect(() => fill(['{{missing.value}}'], {}, 'text/example.yaml')).toThrow('text/example.yaml: no value for the placeholder {{missing.value}}');
  });
});

describe('the words a deployment chooses', () => {
  it('names a remote facilitator when X402_FACILITATOR_URL is set, the local ledger otherwise', () => {
    const remote = testConfig({ X402_FACILITATOR_URL: 'https://facilitator.test', X402_FACILITATOR_TOKEN: 'token' });
    const local = testConfig();
    const deployment = (config: typeof local) => (settlementSection(config, docValues(config)).facilitator as { this_deployment: string }).this_deployment;
    expect(deployment(remote)).toMatch(/^A remote facilitator \(X402_FACILITATOR_URL\) verifies and settles, on chain \(base-sepolia\)\.$/);
    expect(deployment(local)).toMatch(/^The local ledger: .* stands for base-sepolia\.$/);
  });

  it('says when rate limits are off', () => {
    const config = testConfig({ RATE_LIMITS: 'off' });
    const live = { max_item_quantity: 10, max_cart_total_cents: 250_000 } as PlatformLimits;
    const page = limitsPage(live, config, docValues(config)) as { request_rate: { enabled: string } };
    expect(page.request_rate.enabled).toMatch(/^off on this deployment \(RATE_LIMITS=off\)/);
  });
});
