import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { adminQuery } from '../../../test/context';
import { withDatabase } from '../../../test/global-setup';
import { openDatabase } from './index';
import { migrateToLatest } from './migrate';

describe('migrations on deploy', () => {
  it('lets several instances start at once: each migration runs exactly once and no migrator fails', async () => {
    const testDb = inject('testDb');
    let url: string;
    let cleanup: () => Promise<void>;
    if (testDb.dialect === 'postgres') {
      // Kysely's migrator holds a PostgreSQL advisory lock (pg_advisory_lock) around the whole run:
      // the second instance waits, then finds nothing left to do.
      const name = `storekeep_migrate_${randomBytes(6).toString('hex')}`;
      await adminQuery(testDb.adminUrl, `create database ${name}`);
      url = withDatabase(testDb.adminUrl, name);
      cleanup = () => adminQuery(testDb.adminUrl, `drop database if exists ${name} with (force)`);
    } else {
      // SQLite: one connection per handle, and SQLite's own write lock (busy_timeout) serialises them.
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-migrate-'));
      url = `sqlite:${path.join(dir, 'db.sqlite')}`;
      cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
    }
    const handles = [
      openDatabase(url, { poolSize: 2 }),
      openDatabase(url, { poolSize: 2 }),
      openDatabase(url, { poolSize: 2 }),
    ];
    try {
      const ran = await Promise.all(handles.map((handle) => migrateToLatest(handle)));
      const all = ran.flat();
      expect(all.length).toBeGreaterThan(10);
      expect(new Set(all).size).toBe(all.length);
      const recorded = await handles[0]!.db
        .selectFrom('kysely_migration' as never)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(recorded.n)).toBe(all.length);
      // A later start finds nothing to do.
      expect(await migrateToLatest(handles[1]!)).toEqual([]);
    } finally {
      for (const handle of handles) await handle.close();
      await cleanup();
    }
  });
});
