import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db';
import { migrateToLatest } from '../platform/db/migrate';
import { TestClient } from '../../test/client';
import { useTestApp, type TestContext } from '../../test/context';
import { buildUser, createVia, multipartBody, signIn } from '../../test/factories';
import { withDatabase } from '../../test/global-setup';
import {
  BackupError,
  createBackup,
  postgresCommandTarget,
  restoreBackup,
  runCommand,
  type CommandRunner,
} from './backup';

const ctx = useTestApp();
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const tmpDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

async function adminQuery(text: string) {
  const testDb = inject('testDb');
  if (testDb.dialect !== 'postgres') throw new Error('PostgreSQL only');
  const client = new pg.Client({ connectionString: testDb.adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Where a restore goes: a fresh data directory and, on PostgreSQL, a new empty database. */
async function freshTarget() {
  const dataDir = tmpDir('storekeep-restore-');
  const testDb = inject('testDb');
  if (testDb.dialect === 'sqlite')
    return { DATA_DIR: dataDir, DATABASE_URL: `sqlite:${path.join(dataDir, 'storekeep.sqlite')}` };
  const name = `storekeep_restore_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  cleanups.push(() => adminQuery(`drop database if exists ${name} with (force)`));
  return { DATA_DIR: dataDir, DATABASE_URL: withDatabase(testDb.adminUrl, name) };
}

const configFor = (target: { DATA_DIR: string; DATABASE_URL: string }) =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    APP_URL: 'http://localhost:3000',
    WEB_DIST_DIR: path.join(target.DATA_DIR, 'no-web'),
    ...target,
  });

const postgresTools = ['pg_dump', 'pg_restore'].every((tool) => spawnSync(tool, ['--version']).status === 0);

describe('backup and restore', () => {
  it('backs up a running app and restores it into a fresh data dir where every record and file is found', async () => {
    if (ctx.app.deps.dialect === 'postgres' && !postgresTools) {
      console.warn('backup test not run on PostgreSQL: pg_dump/pg_restore are not on PATH');
      return;
    }
    const { user } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    const company = await createVia(client, 'companies', { name: 'Backup Holdings' });
    const store = await createVia(client, 'stores', { name: 'Backup Plaza', company_id: company.id });
    const contact = await createVia(client, 'contacts', {
      first_name: 'Ada',
      last_name: 'Restorewell',
      company_id: company.id,
    });
    expect(
      (await client.post(`/app/api/v1/stores/${store.id}/notes`, { body: 'Keys are with the landlord' }))
        .status,
    ).toBe(201);
    const content = Buffer.concat([
      Buffer.from('Lease of Backup Plaza, quinquennial rent review\n'),
      randomBytes(4096),
    ]);
    const upload = multipartBody({ category: 'lease' }, [
      { field: 'file', name: 'backup-lease.txt', content, type: 'text/plain' },
    ]);
    const document = await client.request(
      'POST',
      `/app/api/v1/stores/${store.id}/documents`,
      upload.body,
      upload.headers,
    );
    expect(document.status).toBe(201);

    // The app keeps answering and writing while the backup reads its snapshot.
    const parent = tmpDir('storekeep-backups-');
    const [{ dir, manifest }, during] = await Promise.all([
      createBackup(ctx.config, parent),
      client.post(`/app/api/v1/stores/${store.id}/notes`, { body: 'Written during the backup' }),
    ]);
    expect(during.status).toBe(201);
    expect(manifest.database.tables.stores).toBeGreaterThanOrEqual(1);
    expect(manifest.files.some((f) => f.bytes === content.length)).toBe(true);
    expect(manifest.secrets.map((s) => s.path)).toContain('app-key');
    expect(fs.readdirSync(parent)).toEqual([path.basename(dir)]);

    const target = await freshTarget();
    const config = configFor(target);
    await restoreBackup(config, dir);

    // Boot as main.ts does: migrate (nothing left to run), then build the app on the restored data.
    const handle = openDatabase(config.DATABASE_URL, { poolSize: 2 });
    cleanups.push(() => handle.close());
    expect(await migrateToLatest(handle)).toEqual([]);
    const app = await buildApp({ config, database: handle });
    cleanups.push(() => app.close());
    const restored = await signIn({ client: () => new TestClient(app) } as TestContext, user.email);
    expect((await restored.get(`/app/api/v1/companies/${company.id}`)).body.data.name).toBe(
      'Backup Holdings',
    );
    expect((await restored.get(`/app/api/v1/stores/${store.id}`)).body.data.name).toBe('Backup Plaza');
    expect((await restored.get(`/app/api/v1/contacts/${contact.id}`)).body.data.last_name).toBe(
      'Restorewell',
    );
    const notes = (await restored.get(`/app/api/v1/stores/${store.id}/notes`)).body.data.map(
      (n: { body: string }) => n.body,
    );
    expect(notes).toContain('Keys are with the landlord');
    const fetched = await restored.get(`/app/api/v1/documents/${document.body.data.id}`);
    expect(fetched.status).toBe(200);
    const file = await app.inject({ method: 'GET', url: fetched.body.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(content)).toBe(true);

    // A second restore over the now non-empty data dir is refused without --force.
    await expect(restoreBackup(config, dir)).rejects.toThrow(/not empty/);

    // A damaged backup is refused before anything is written.
    const blob = path.join(dir, 'files', manifest.files[0]!.path);
    fs.appendFileSync(blob, 'x');
    const other = await freshTarget();
    await expect(restoreBackup(configFor(other), dir)).rejects.toThrow(BackupError);
    expect(fs.readdirSync(other.DATA_DIR)).toEqual([]);
  });

  it('backs up only committed files while uploads come and go, and leaves only the finished backup', async () => {
    if (ctx.app.deps.dialect === 'postgres' && !postgresTools) return;
    const dataDir = tmpDir('storekeep-churn-');
    const files = path.join(dataDir, 'files', 'team-1');
    fs.mkdirSync(files, { recursive: true });
    const blob = randomBytes(64 * 1024);
    const kept = Array.from({ length: 20 }, (_, i) => `kept-${i}`);
    const doomed = Array.from({ length: 300 }, (_, i) => `doomed-${i}`);
    for (const name of [...kept, ...doomed]) fs.writeFileSync(path.join(files, name), blob);
    // Uploads in progress, as local storage writes them: `<key>.partial`, renamed to the key when complete.
    for (let i = 0; i < 20; i++) fs.writeFileSync(path.join(files, `upload-${i}.partial`), blob);

    // While the backup copies: uploads complete (their temporary file disappears) and blobs are deleted.
    let backingUp = true;
    const churn = (async () => {
      for (let i = 0; backingUp; i++) {
        if (i < 20) fs.renameSync(path.join(files, `upload-${i}.partial`), path.join(files, `upload-${i}`));
        if (i < doomed.length) fs.rmSync(path.join(files, doomed[i]!), { force: true });
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    })();
    const parent = tmpDir('storekeep-backups-');
    const config = { ...ctx.config, DATA_DIR: dataDir, STORAGE_DRIVER: 'local' as const };
    const { dir, manifest } = await createBackup(config, parent).finally(() => (backingUp = false));
    await churn;

    const names = manifest.files.map((file) => file.path);
    expect(names.filter((name) => name.endsWith('.partial'))).toEqual([]);
    for (const name of kept) expect(names).toContain(`team-1/${name}`);
    for (const name of names) expect(fs.existsSync(path.join(dir, 'files', name))).toBe(true);
    expect(fs.readdirSync(parent)).toEqual([path.basename(dir)]);
  });

  it('removes what a failed backup wrote', async () => {
    const parent = tmpDir('storekeep-backups-');
    const dataDir = tmpDir('storekeep-failing-');
    const testDb = inject('testDb');
    const DATABASE_URL =
      testDb.dialect === 'sqlite'
        ? `sqlite:${path.join(dataDir, 'missing.sqlite')}`
        : withDatabase(testDb.adminUrl, 'storekeep_no_such_database');
    await expect(
      createBackup({ DATA_DIR: dataDir, DATABASE_URL, STORAGE_DRIVER: 'local' }, parent),
    ).rejects.toThrow();
    expect(fs.readdirSync(parent)).toEqual([]);
  });

  it("keeps the PostgreSQL password off pg_dump's command line", async () => {
    // SQLite has no password and runs no command.
    if (ctx.app.deps.dialect !== 'postgres' || !postgresTools) return;
    const url = new URL(ctx.databaseUrl);
    url.password = 'hunter2-secret';
    const calls: Array<{ command: string; args: string[]; password: string | undefined }> = [];
    const recording: CommandRunner = (command, args, env) => {
      calls.push({ command, args, password: env.PGPASSWORD });
      return runCommand(command, args, env);
    };
    const parent = tmpDir('storekeep-backups-');
    await createBackup({ ...ctx.config, DATABASE_URL: url.toString() }, parent, new Date(), recording);
    expect(calls.map((call) => call.command)).toEqual(['pg_dump']);
    expect(calls[0]!.args.join(' ')).not.toContain('hunter2-secret');
    expect(calls[0]!.password).toBe('hunter2-secret');
  });
});

it("hands pg_dump the connection's other parameters exactly as written, without the password", () => {
  const { dbname, env } = postgresCommandTarget(
    'postgres://app:s%40cret@db:5432/storekeep?sslmode=require&password=other&options=-c%20statement_timeout%3D0',
  );
  expect(dbname).toBe('postgres://app@db:5432/storekeep?sslmode=require&options=-c%20statement_timeout%3D0');
  expect(env.PGPASSWORD).toBe('s@cret');
  expect(postgresCommandTarget('postgres://db/storekeep?password=only').dbname).toBe(
    'postgres://db/storekeep',
  );
});
