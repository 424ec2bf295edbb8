/**
 * The rate-limit environment every benchmark starts the service with: quotas of 10⁹ a minute, so a
 * load that comes from one agent profile (or one key) and one address is measured, not throttled at
 * 600 calls a minute. The limits stay on — counted, leased and answered in headers — as in production.
 */
export const BENCH_RATE_LIMITS = {
  RATE_LIMITS: 'on',
  RATE_LIMIT_OPEN: '1000000000/60',
  RATE_LIMIT_OPEN_ADDRESS: '1000000000/60',
  RATE_LIMIT_SIGNED: '1000000000/60',
  RATE_LIMIT_CREDENTIAL: '1000000000/60',
} as const;
