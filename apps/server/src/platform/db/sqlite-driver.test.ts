import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, it } from 'vitest';
import { openSqlite } from './sqlite-driver';

it('copies the write-ahead log into the database file from a worker, not in the committing call', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-wal-'));
  const file = path.join(dir, 'db.sqlite');
  const db = openSqlite(file);
  try {
    db.raw.exec('create table t (id integer primary key, body text)');
    const insert = db.raw.prepare('insert into t (body) values (?)');
    db.raw.exec('begin');
    for (let i = 0; i < 2_000; i += 1) insert.run('x'.repeat(1_000));
    db.raw.exec('commit');
    // ~2 MB of log is far below the main thread's fallback checkpoint: the commit left it all in the log.
    const walBytes = fs.statSync(`${file}-wal`).size;
    expect(walBytes).toBeGreaterThan(1_000_000);
    const before = fs.statSync(file).size;
    expect(before).toBeLessThan(100_000);
    await expect
      .poll(() => fs.statSync(file).size, { timeout: 15_000, interval: 100 })
      .toBeGreaterThan(1_000_000);
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

it('takes the write lock when a transaction begins, so a later write never fails on a moved log', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-begin-'));
  const file = path.join(dir, 'db.sqlite');
  const db = openSqlite(file);
  const other = new DatabaseSync(file);
  try {
    db.raw.exec('create table t (id integer primary key)');
    other.exec('PRAGMA busy_timeout = 0');
    // Kysely begins with a plain `begin`; through the adapter it holds the write lock from there on, so another
    // connection cannot write between this transaction's read and its write (which SQLite would answer with
    // "database is locked" without waiting).
    db.prepare('begin').run([]);
    db.prepare('select count(*) from t').all([]);
    expect(() => other.exec('insert into t default values')).toThrow(/database is locked/);
    db.prepare('insert into t default values').run([]);
    db.prepare('commit').run([]);
    other.exec('insert into t default values');
    expect(db.prepare('select count(*) as n from t').all([])).toEqual([{ n: 2 }]);
  } finally {
    other.close();
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
