import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/platform/db';
import { migrateToLatest } from '../src/platform/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    testDb:
      | { dialect: 'sqlite'; templateFile: string }
      | { dialect: 'postgres'; adminUrl: string; template: string };
  }
}

export function testDialect(): 'sqlite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
}

export function adminDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
}

/** Migrates one template database; test files copy it instead of migrating again. */
export default async function setup(project: TestProject) {
  if (testDialect() === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-test-'));
    const templateFile = path.join(dir, 'template.sqlite');
    const handle = openDatabase(`sqlite:${templateFile}`);
    await migrateToLatest(handle);
    await handle.close();
    project.provide('testDb', { dialect: 'sqlite', templateFile });
    return () => fs.rmSync(dir, { recursive: true, force: true });
  }

  const adminUrl = adminDatabaseUrl();
  const template = `storekeep_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  await admin.end();
  const handle = openDatabase(withDatabase(adminUrl, template), { poolSize: 1 });
  await migrateToLatest(handle);
  await handle.close();
  project.provide('testDb', { dialect: 'postgres', adminUrl, template });
  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${template} with (force)`);
    await client.end();
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
