import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/platform/config';

/**
 * The app's configuration under benchmark: production mode, silent, no demo, a throwaway key — or the
 * key and Redis the parent hands over (BENCH_APP_KEY, BENCH_REDIS_URL), as several instances share them.
 */
export function benchAppConfig(databaseUrl: string, dataDir: string) {
  return loadConfig({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    APP_KEY: process.env.BENCH_APP_KEY ?? crypto.randomBytes(32).toString('hex'),
    REDIS_URL: process.env.BENCH_REDIS_URL,
    APP_URL: 'http://127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  });
}

/**
 * The checkout a figure was measured on, so that rerunning it elsewhere compares like with like (results
 * written by an earlier bench of the same sitting do not count as changes).
 */
export function gitCommit(cwd: string): string {
  const result = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd, encoding: 'utf8' });
  const dirty = spawnSync(
    'git',
    ['status', '--porcelain', '--untracked-files=no', '--', '.', ':!bench/results'],
    {
      cwd,
      encoding: 'utf8',
    },
  );
  // Named, so that a reader can tell an edit that changes the figures from one that cannot (this README, say).
  const changed = dirty.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(3));
  const named = changed.length <= 3 ? changed.join(', ') : `${changed.length} files`;
  return `${result.stdout.trim()}${changed.length ? ` (with uncommitted changes to ${named})` : ''}`;
}
