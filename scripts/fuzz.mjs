#!/usr/bin/env node
// `npm run fuzz`: the long run of the schema-driven fuzzer (apps/server/src/security/fuzz.test.ts) — every
// operation of the OpenAPI document, FUZZ_RUNS requests each (default 500), on SQLite, or on PostgreSQL with
// `--postgres` (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test). Prints the summary
// (requests, by status class, failing operations with their counterexamples). FUZZ_SEED picks the seed
// (printed on every run; the same seed replays the same requests), FUZZ_ONLY a substring of "METHOD /path".
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const postgres = process.argv.includes('--postgres') || process.env.FUZZ_DB === 'postgres';
const runs = process.env.FUZZ_RUNS ?? '500';
const env = {
  ...process.env,
  TEST_DB: postgres ? 'postgres' : 'sqlite',
  FUZZ_RUNS: runs,
  FUZZ_SEED: process.env.FUZZ_SEED ?? String(Date.now() % 2 ** 31),
  // About 2–8 ms a request: give the run room (hours at most).
  FUZZ_TIMEOUT_MS: process.env.FUZZ_TIMEOUT_MS ?? String(4 * 60 * 60 * 1000),
  ...(postgres
    ? { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' }
    : {}),
};
console.log(`fuzz: ${env.TEST_DB}, ${runs} requests per operation, FUZZ_SEED=${env.FUZZ_SEED}`);
const result = spawnSync(
  path.join(root, 'node_modules/.bin/vitest'),
  ['run', 'apps/server/src/security/fuzz.test.ts'],
  { cwd: root, stdio: 'inherit', env },
);
process.exit(result.status ?? 1);
