import { defineConfig } from 'vitest/config';

/**
 * Unit and API tests. API tests run on the dialect named by TEST_DB (sqlite by default; postgres uses
 * TEST_DATABASE_URL): global setup migrates a template once, each test file gets its own copy.
 */
export default defineConfig({
  test: {
    include: ['packages/**/*.test.ts', 'apps/server/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    // A test that reaches the network fails; fakes listen on loopback.
    setupFiles: ['apps/server/test/network-guard.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
