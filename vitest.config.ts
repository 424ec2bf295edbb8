import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each file opens its own database; two workers fit the 2-core machines this runs on.
    maxWorkers: 2,
    env: { NODE_ENV: 'test' },
  },
});
