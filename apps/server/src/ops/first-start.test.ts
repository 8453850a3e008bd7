import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_EMAIL } from '@storekeep/contracts';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../platform/db';
import { adminQuery } from '../../test/context';
import { withDatabase } from '../../test/global-setup';
import { killServers, startServer } from '../../test/server-process';

/**
 * First start of a scaled-out installation: several instances start together on an empty database with the
 * demo seed on. Each migrates and seeds under a lock, so all of them serve and the demo team exists once.
 */
const cleanups: Array<() => Promise<unknown> | void> = [];
afterAll(async () => {
  killServers();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** An empty database (not even migrated) and a data directory per instance. */
async function emptyDatabase(): Promise<string> {
  const testDb = inject('testDb');
  if (testDb.dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-first-start-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    return `sqlite:${path.join(dir, 'storekeep.sqlite')}`;
  }
  const name = `storekeep_first_${randomBytes(6).toString('hex')}`;
  await adminQuery(testDb.adminUrl, `create database ${name}`);
  cleanups.push(() => adminQuery(testDb.adminUrl, `drop database if exists ${name} with (force)`));
  return withDatabase(testDb.adminUrl, name);
}

describe('first start', () => {
  it(
    'lets two instances start at once on an empty database with the demo seed: both serve, one demo user',
    { timeout: 120_000 },
    async () => {
      const databaseUrl = await emptyDatabase();
      const starts = [0, 1].map(() => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-instance-'));
        cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
        return startServer({
          entry: 'main.js',
          dataDir,
          env: { DATABASE_URL: databaseUrl, SEED_DEMO: 'true' },
        });
      });
      const servers = await Promise.all(starts);
      for (const server of servers) expect((await fetch(`${server.base}/readyz`)).status).toBe(200);

      const handle = openDatabase(databaseUrl, { poolSize: 1 });
      cleanups.push(() => handle.close());
      const demo = await handle.db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).execute();
      expect(demo).toHaveLength(1);
      const teams = await handle.db
        .selectFrom('teams')
        .select('id')
        .where('name', '=', 'Demo Franchise Group')
        .execute();
      expect(teams).toHaveLength(1);

      for (const server of servers) server.child.kill('SIGTERM');
      expect(await Promise.all(servers.map((server) => server.exited))).toEqual([0, 0]);
    },
  );
});
