/**
 * Online backup and restore of one Storekeep installation: the database (SQLite `VACUUM INTO`, or
 * PostgreSQL `pg_dump --format=custom` in an exported snapshot), the uploaded files of the local storage
 * driver (DATA_DIR/files) and the generated secrets (app-key, vapid.json), in one directory with a
 * manifest of row counts and SHA-256 checksums. `npm run backup` / `npm run restore` (ops/cli.ts).
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import type { Config } from '../platform/config';
import { PARTIAL_SUFFIX } from '../platform/storage';

export type BackupConfig = Pick<Config, 'DATA_DIR' | 'DATABASE_URL' | 'STORAGE_DRIVER'>;

type Checked = { path: string; bytes: number; sha256: string };
export type Manifest = {
  format: 'storekeep-backup';
  version: 1;
  created_at: string;
  dialect: 'sqlite' | 'postgres';
  storage: 'local' | 's3';
  database: Checked & { tables: Record<string, number> };
  files: Checked[];
  secrets: Checked[];
};

/** Generated into DATA_DIR when not set in the environment; a restore without them breaks signed links and push. */
const SECRETS = ['app-key', 'vapid.json'];

export class BackupError extends Error {}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Copies `from` to `to` (creating directories) and returns its size and SHA-256, in one read; null when
 * `from` was deleted meanwhile (the app deletes blobs while a backup runs: a purged or replaced file).
 */
async function copyChecked(from: string, to: string, relative: string): Promise<Checked | null> {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  const hash = createHash('sha256');
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  try {
    const { mode } = fs.statSync(from);
    await pipeline(
      fs.createReadStream(from),
      tap,
      fs.createWriteStream(to, { flags: 'wx', mode: mode & 0o777 }),
    );
  } catch (error) {
    if (!isMissing(error)) throw error;
    fs.rmSync(to, { force: true });
    return null;
  }
  return { path: relative, bytes, sha256: hash.digest('hex') };
}

async function checksum(file: string, relative: string): Promise<Checked> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { path: relative, bytes, sha256: hash.digest('hex') };
}

/** Committed blobs under `dir`: an upload in progress is a `.partial` file that becomes a blob by a rename. */
function* walk(dir: string, prefix = ''): Generator<string> {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for (const entry of entries) {
    const relative = path.posix.join(prefix, entry.name);
    if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), relative);
    else if (entry.isFile() && !entry.name.endsWith(PARTIAL_SUFFIX)) yield relative;
  }
}

const sqliteFile = (url: string) => path.resolve(url.slice('sqlite:'.length));
const dialectOf = (url: string): Manifest['dialect'] => (url.startsWith('sqlite:') ? 'sqlite' : 'postgres');

function sqliteCounts(file: string): Record<string, number> {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const tables = db
      .prepare(
        `select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`,
      )
      .all() as { name: string }[];
    return Object.fromEntries(
      tables.map(({ name }) => [
        name,
        Number((db.prepare(`select count(*) as n from "${name}"`).get() as { n: number }).n),
      ]),
    );
  } finally {
    db.close();
  }
}

async function postgresCounts(client: pg.Client): Promise<Record<string, number>> {
  const tables = await client.query<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows)
    counts[name] = Number(
      (await client.query<{ n: string }>(`select count(*) as n from "${name}"`)).rows[0]!.n,
    );
  return counts;
}

/** Runs pg_dump / pg_restore (tests pass their own to see what a command is given). */
export type CommandRunner = (command: string, args: string[], env: NodeJS.ProcessEnv) => Promise<void>;

export const runCommand: CommandRunner = (command, args, env) => {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'], env });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) =>
      reject(
        new BackupError(`${command} could not start (${error.message}); is the PostgreSQL client installed?`),
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed (${code}): ${stderr.trim()}`)),
    );
  });
};

/**
 * The connection for pg_dump / pg_restore: the URL without its password, which goes in PGPASSWORD instead,
 * so it is not on a command line that every user of the machine can read (`ps`, /proc).
 */
export function postgresCommandTarget(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = url.password ? decodeURIComponent(url.password) : url.searchParams.get('password');
  url.password = '';
  // The query is filtered as written: going through searchParams would write it back form-encoded (a space as
  // `+`), which libpq reads literally, so `options=-c%20statement_timeout%3D0` reached the server as `-c+…`.
  const query = url.search
    .slice(1)
    .split('&')
    .filter((part) => part && !part.startsWith('password='));
  url.search = query.length ? `?${query.join('&')}` : '';
  const env = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { dbname: url.toString(), env };
}

/**
 * Writes a backup of the running installation under `parent` and returns its directory. The database is
 * copied first and the files after it, so every file a backed-up row names is in the backup (uploads
 * made meanwhile are extra files no row names; blobs are only deleted by the 30-day trash purge).
 */
export async function createBackup(
  config: BackupConfig,
  parent: string,
  now = new Date(),
  run: CommandRunner = runCommand,
): Promise<{ dir: string; manifest: Manifest }> {
  const name = `storekeep-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}`;
  const dir = path.resolve(parent, name);
  if (fs.existsSync(dir)) throw new BackupError(`${dir} already exists`);
  // Written under a temporary name and renamed at the end: a directory named storekeep-<time> is complete,
  // and a failed backup removes what it wrote (a half backup of a big installation is hundreds of MB).
  const work = `${dir}.tmp-${randomBytes(4).toString('hex')}`;
  fs.mkdirSync(work, { recursive: true });
  try {
    const manifest = await writeBackup(config, work, now, run);
    fs.renameSync(work, dir);
    return { dir, manifest };
  } catch (error) {
    fs.rmSync(work, { recursive: true, force: true });
    throw error;
  }
}

async function writeBackup(
  config: BackupConfig,
  work: string,
  now: Date,
  run: CommandRunner,
): Promise<Manifest> {
  const dialect = dialectOf(config.DATABASE_URL);

  let database: Manifest['database'];
  if (dialect === 'sqlite') {
    const target = path.join(work, 'database.sqlite');
    // VACUUM INTO reads one consistent snapshot through SQLite's own locking (WAL included) while the
    // app keeps writing, and writes a compact copy.
    const file = sqliteFile(config.DATABASE_URL);
    // Opening a missing file would create an empty database and back that up.
    if (!fs.existsSync(file))
      throw new BackupError(`no SQLite database at ${file} (check DATA_DIR and DATABASE_URL)`);
    const source = new DatabaseSync(file);
    try {
      source.exec('PRAGMA busy_timeout = 10000');
      source.prepare('VACUUM INTO ?').run(target);
    } finally {
      source.close();
    }
    database = { ...(await checksum(target, 'database.sqlite')), tables: sqliteCounts(target) };
  } else {
    const target = path.join(work, 'database.pgdump');
    // pg_dump reads the snapshot this transaction exported, so the row counts match the dump exactly.
    const client = new pg.Client({ connectionString: config.DATABASE_URL });
    await client.connect();
    try {
      await client.query('begin isolation level repeatable read read only');
      const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
      const tables = await postgresCounts(client);
      const { dbname, env } = postgresCommandTarget(config.DATABASE_URL);
      await run(
        'pg_dump',
        [
          '--format=custom',
          '--no-owner',
          '--no-privileges',
          `--snapshot=${snapshot}`,
          `--file=${target}`,
          `--dbname=${dbname}`,
        ],
        env,
      );
      await client.query('commit');
      database = { ...(await checksum(target, 'database.pgdump')), tables };
    } finally {
      await client.end();
    }
  }

  const files: Checked[] = [];
  if (config.STORAGE_DRIVER === 'local') {
    const root = path.join(config.DATA_DIR, 'files');
    for (const relative of walk(root)) {
      const copied = await copyChecked(
        path.join(root, relative),
        path.join(work, 'files', relative),
        relative,
      );
      if (copied) files.push(copied);
    }
  }
  const secrets: Checked[] = [];
  for (const secret of SECRETS) {
    const copied = await copyChecked(
      path.join(config.DATA_DIR, secret),
      path.join(work, 'secrets', secret),
      secret,
    );
    if (copied) secrets.push(copied);
  }

  const manifest: Manifest = {
    format: 'storekeep-backup',
    version: 1,
    created_at: now.toISOString(),
    dialect,
    storage: config.STORAGE_DRIVER,
    database,
    files,
    secrets,
  };
  fs.writeFileSync(path.join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: 0o600,
  });
  return manifest;
}

async function verify(dir: string, entry: Checked, relative: string) {
  // The manifest names where files go on restore: nothing may point outside the backup or DATA_DIR.
  if (path.isAbsolute(entry.path) || entry.path.split(/[\\/]/).includes('..'))
    throw new BackupError(`${entry.path}: not a path inside the backup`);
  const found = await checksum(path.join(dir, relative), entry.path);
  if (found.sha256 !== entry.sha256 || found.bytes !== entry.bytes)
    throw new BackupError(`${relative} does not match the manifest: the backup is damaged`);
}

function isEmptyDir(dir: string) {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

/**
 * Restores a backup into an empty DATA_DIR (and, for PostgreSQL, an empty database at DATABASE_URL);
 * refuses anything else unless `force`. Every checksum is verified before anything is written, and the
 * restored database's row counts are compared with the manifest afterwards.
 */
export async function restoreBackup(
  config: BackupConfig,
  dir: string,
  options: { force?: boolean } = {},
): Promise<Manifest> {
  const manifestFile = path.join(dir, 'manifest.json');
  if (!fs.existsSync(manifestFile))
    throw new BackupError(`${dir} is not a Storekeep backup (no manifest.json)`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  if (manifest.format !== 'storekeep-backup' || manifest.version !== 1)
    throw new BackupError(`${dir}: unknown backup format`);
  const dialect = dialectOf(config.DATABASE_URL);
  if (dialect !== manifest.dialect)
    throw new BackupError(`the backup holds a ${manifest.dialect} database but DATABASE_URL is ${dialect}`);

  await verify(dir, manifest.database, manifest.database.path);
  for (const file of manifest.files) await verify(dir, file, path.join('files', file.path));
  for (const secret of manifest.secrets) await verify(dir, secret, path.join('secrets', secret.path));

  if (!isEmptyDir(config.DATA_DIR) && !options.force)
    throw new BackupError(`DATA_DIR ${config.DATA_DIR} is not empty (use --force to restore over it)`);
  fs.mkdirSync(config.DATA_DIR, { recursive: true });

  let tables: Record<string, number>;
  if (dialect === 'sqlite') {
    const target = sqliteFile(config.DATABASE_URL);
    if (fs.existsSync(target) && !options.force)
      throw new BackupError(`${target} exists (use --force to replace it)`);
    // A stale WAL beside the restored file would be replayed into it.
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(target + suffix, { force: true });
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(dir, manifest.database.path), target);
    tables = sqliteCounts(target);
  } else {
    const client = new pg.Client({ connectionString: config.DATABASE_URL });
    await client.connect();
    try {
      const existing = await client.query(
        `select 1 from information_schema.tables where table_schema = 'public' limit 1`,
      );
      if (existing.rowCount && !options.force)
        throw new BackupError(
          'the database at DATABASE_URL is not empty (use --force to replace its tables)',
        );
      const { dbname, env } = postgresCommandTarget(config.DATABASE_URL);
      await runCommand(
        'pg_restore',
        [
          '--no-owner',
          '--no-privileges',
          '--exit-on-error',
          '--single-transaction',
          ...(existing.rowCount ? ['--clean', '--if-exists'] : []),
          `--dbname=${dbname}`,
          path.join(dir, manifest.database.path),
        ],
        env,
      );
      tables = await postgresCounts(client);
    } finally {
      await client.end();
    }
  }
  for (const [table, count] of Object.entries(manifest.database.tables)) {
    if (tables[table] !== count)
      throw new BackupError(`restored ${table} has ${tables[table] ?? 'no'} rows, the backup ${count}`);
  }

  const filesDir = path.join(config.DATA_DIR, 'files');
  if (options.force) fs.rmSync(filesDir, { recursive: true, force: true });
  for (const file of manifest.files) {
    const target = path.join(filesDir, file.path);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(dir, 'files', file.path), target);
  }
  for (const secret of manifest.secrets) {
    const target = path.join(config.DATA_DIR, secret.path);
    fs.rmSync(target, { force: true });
    fs.copyFileSync(path.join(dir, 'secrets', secret.path), target);
    fs.chmodSync(target, 0o600);
  }
  return manifest;
}
