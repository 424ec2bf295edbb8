import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each file opens its own database; two workers fit the 2-core machines this runs on.
    maxWorkers: 2,
    // A worker imports the service once for all its files instead of once per file (~1.7 s each:
    // oidc-provider, Stripe, the MCP SDK…): the suite ran 283 s isolated, 182 s so, quiet machine.
    // It holds because no test replaces a module (no vi.mock) or leaves global state behind: each
    // file builds its own app, database and clock, and restores real timers after faking them.
    isolate: false,
    env: { NODE_ENV: 'test' },
    globalSetup: ['test/support/postgres-template.ts'],
  },
});
