import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // A worker process serves file after file with its modules already loaded: a fresh process per file evaluated
    // the whole service (Fastify, the AI SDKs, PGlite's WebAssembly) again each time, about half of all test time.
    // Files stay independent: each starts its own service on its own fresh database and closes it.
    isolate: false,
    // Generous: no test asserts time, and CI may share the two cores (a whole-service test that takes 15 s on a quiet
    // machine took 54 s under load); a hang still fails, later.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    globalSetup: ['test/global-setup.ts'],
    // Records every error `code` a response carried; global teardown checks them against the error table.
    setupFiles: ['test/support/record-error-codes.ts'],
  },
});
