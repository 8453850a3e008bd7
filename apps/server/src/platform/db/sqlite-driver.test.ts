import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
