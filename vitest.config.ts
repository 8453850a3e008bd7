import { defineConfig } from 'vitest/config';

/**
 * Files that replace a module with `vi.mock` (to count argon2 calls or worker threads) get fresh modules of
 * their own; every other file shares its worker's loaded modules with the files before it. Loading the app
 * again for each of ~130 files was 40% of the suite's time; the app keeps its state per instance (WeakMaps
 * keyed by the app or database handle) and each file builds its own app on its own database, so nothing
 * carries over from one file to the next.
 */
const MOCKING_FILES = [
  'apps/server/src/security/rate-limits.test.ts',
  'apps/server/src/modules/documents/extraction-limits.test.ts',
  'apps/server/src/modules/imports/parse-limits.test.ts',
];

/**
 * Unit and API tests. API tests run on the dialect named by TEST_DB (sqlite by default; postgres uses
 * TEST_DATABASE_URL): global setup migrates a template once, each test file gets its own copy.
 */
export default defineConfig({
  test: {
    globalSetup: ['apps/server/test/global-setup.ts'],
    // A test that reaches the network fails; fakes listen on loopback.
    setupFiles: ['apps/server/test/network-guard.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared modules',
          include: ['packages/**/*.test.ts', 'apps/server/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
          exclude: [...MOCKING_FILES, '**/node_modules/**'],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'own modules', include: MOCKING_FILES } },
    ],
  },
});
