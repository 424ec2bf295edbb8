/** GET /api/agent/docs/limits: every limit in words (text/limits.yaml), the live ones as read now. */
import type { Config } from '../config';
import type { PlatformLimits } from '../domain/limits';
import { fill, readText } from './text';
import type { DocValues } from './values';

const TEXT = readText('limits');
const RATES_ENABLED = TEXT.rates_enabled as { on: string; off: string };

export function limitsPage(live: PlatformLimits, config: Config, values: DocValues) {
  const rates_enabled = config.rateLimits.enabled ? RATES_ENABLED.on : RATES_ENABLED.off;
  return fill(TEXT.page, { ...values, live, rates_enabled }, 'text/limits.yaml');
}
