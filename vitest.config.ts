import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ['test/global-setup.ts'],
    // Records every error `code` a response carried; global teardown checks them against the error table.
    setupFiles: ['test/support/record-error-codes.ts'],
  },
});
