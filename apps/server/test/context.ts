import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import { crossTeam, openDatabase, type DatabaseHandle, type OpenOptions } from '../src/platform/db';
import type { Storage } from '../src/platform/storage';
import type { HostResolver } from '../src/platform/outbound';
import { withDatabase } from './global-setup';
import { TestClient } from './client';

export type TestContext = {
  app: FastifyInstance;
  db: DatabaseHandle['db'];
  dataDir: string;
  /** The file's database and config, for a second app instance on the same data (scale-out tests). */
  databaseUrl: string;
  config: ReturnType<typeof loadConfig>;
  client(): TestClient;
};

/**
 * One app and one private database per test file (copied from the migrated template), so files run
 * in parallel and never see each other's rows. Tests inside a file make their own teams.
 */
export function useTestApp(
  env: Record<string, string> = {},
  options: {
    storage?: () => Storage;
    logStream?: { write(line: string): void };
    resolveHost?: HostResolver;
  } = {},
): TestContext {
  const ctx = {} as TestContext;
  let handle: DatabaseHandle;
  let dropDatabase: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    const testDb = inject('testDb');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-file-'));
    let databaseUrl: string;
    if (testDb.dialect === 'sqlite') {
      const file = path.join(dataDir, 'db.sqlite');
      fs.copyFileSync(testDb.templateFile, file);
      databaseUrl = `sqlite:${file}`;
    } else {
      const name = `storekeep_t_${randomBytes(6).toString('hex')}`;
      await adminQuery(testDb.adminUrl, `create database ${name} template ${testDb.template}`);
      // A commit need not wait for the disk here: a test's database never outlives a crash of the database
      // server, and waiting for each commit's flush was a third of a PostgreSQL test file's time.
      databaseUrl = `${withDatabase(testDb.adminUrl, name)}?options=-c%20synchronous_commit%3Doff`;
      dropDatabase = () => adminQuery(testDb.adminUrl, `drop database if exists ${name} with (force)`);
    }
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      APP_URL: 'http://localhost:3000',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'true',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      ...env,
    });
    // The app runs with the tenancy guard enforcing; the test's own reads and fixtures may look at any team.
    // Statements prepared as the server prepares them (DATABASE_PREPARED_STATEMENTS, on unless a test says not).
    handle = openDatabase(databaseUrl, {
      poolSize: 4,
      preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
      tenancyGuard: tenancyGuardOption(),
    });
    ctx.app = await buildApp({
      config,
      database: handle,
      storage: options.storage?.(),
      logStream: options.logStream,
      resolveHost: options.resolveHost,
    });
    ctx.db = crossTeam(handle.db, 'tests: fixtures and assertions read every team');
    ctx.dataDir = dataDir;
    ctx.databaseUrl = databaseUrl;
    ctx.config = config;
    ctx.client = () => new TestClient(ctx.app);
  });

  afterAll(async () => {
    await ctx.app?.close();
    await handle?.close();
    await dropDatabase();
    if (ctx.dataDir) fs.rmSync(ctx.dataDir, { recursive: true, force: true });
  });

  return ctx;
}

/**
 * Enforcing, unless TENANCY_GUARD_REPORT names a file: then each violation is appended to it as a JSON line
 * and the statement runs (to survey the suite).
 */
function tenancyGuardOption(): OpenOptions['tenancyGuard'] {
  const file = process.env.TENANCY_GUARD_REPORT;
  if (!file) return { mode: 'enforce' };
  return { mode: 'report', report: (violation) => fs.appendFileSync(file, `${JSON.stringify(violation)}\n`) };
}

/** One statement on a PostgreSQL admin connection (create or drop a test database). */
export async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
