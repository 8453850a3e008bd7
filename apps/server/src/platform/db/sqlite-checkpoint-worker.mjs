// Copies the SQLite write-ahead log into the database file on a connection of its own, off the main thread
// (platform/db/sqlite-driver.ts). PASSIVE never waits for readers or the writer: it copies what it can now.
import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';

const db = new DatabaseSync(workerData.file);
db.exec('PRAGMA busy_timeout = 1000');
const timer = setInterval(() => {
  try {
    db.exec('PRAGMA wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or the file went away (a restore, the end of a test): the next tick or the main thread's fallback checkpoint catches up.
  }
}, workerData.intervalMs);

parentPort.on('message', (message) => {
  if (message !== 'close') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
