/**
 * `npm run bench:wrk -- --db sqlite|postgres`: throughput per core, measured the way the issue asks. Self-contained:
 * generates a data set of its own (`--size` stores in the big team, everything else scaled with it), builds and
 * starts the production server (apps/server/dist/main.js, plain node) and a bare Fastify route the same way, pins
 * them to core 0 and wrk (Debian's, -t1) to core 1, measures every endpoint at 10 and 50 connections with its ratio
 * to the bare route of the same run, then (unless --no-background) the latency of an open-loop load while a
 * `--size`-row import and a full export run, and the daily reminder scan. Writes bench/results/wrk-<db>.md and
 * removes the data set (unless --keep).
 *
 * Options: --db sqlite|postgres, --size 100000, --documents (default = --size), --duration 5 (seconds per wrk
 * run), --workers 1,2 (a table per WORKERS value), --rate 200 (open-loop req/s), --only <regex> (endpoint
 * names), --keep (keep and reuse the data set), --no-background. PostgreSQL: BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres) names the server; the data goes into storekeep_bench_wrk.
 * BENCH_CPU_PROF=<dir>: a V8 CPU profile of each server started, written there when it stops.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import * as prettier from 'prettier';
import { API_BASE, CSRF_COOKIE, CSRF_HEADER } from '@storekeep/contracts';
import { openDatabase } from '../apps/server/src/platform/db';
import { migrateToLatest } from '../apps/server/src/platform/db/migrate';
import {
  CONTRACT_COUNTS,
  fillContracts,
  markQueuedMailDelivered,
  measureScan,
  type ScanResult,
} from './contracts';
import {
  FRANCHISEE_EMAIL,
  GENERATOR_VERSION,
  OWNER_EMAIL,
  PASSWORD,
  fillScaled,
  finishPostgresLoad,
  withDatabase,
} from './generate';
import { gitCommit } from './config';
import { openLoopLoad, percentile } from './open-loop';
import {
  buildServer,
  cpuProfileArgs,
  root,
  serverCpus,
  signInAs,
  sleep,
  startApp,
  startBare,
  type BenchProcess,
} from './processes';

const { values: options } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    size: { type: 'string', default: '100000' },
    documents: { type: 'string' },
    duration: { type: 'string', default: '5' },
    workers: { type: 'string', default: '1,2' },
    rate: { type: 'string', default: '200' },
    only: { type: 'string' },
    keep: { type: 'boolean', default: false },
    'no-background': { type: 'boolean', default: false },
  },
});
const DB = options.db;
if (DB !== 'sqlite' && DB !== 'postgres') throw new Error('--db must be sqlite or postgres');
const SIZE = Number(options.size);
const SCALE = SIZE / 100_000;
const DOCUMENTS = Number(options.documents ?? SIZE);
const DURATION = Number(options.duration);
/** Seconds of load at 10 connections before each row is measured. */
const WARM_UP_SECONDS = 2;
const WORKER_COUNTS = options.workers.split(',').map(Number);
const RATE = Number(options.rate);
const ONLY = options.only ? new RegExp(options.only) : null;
if (![SIZE, DOCUMENTS, DURATION, RATE, ...WORKER_COUNTS].every((n) => Number.isInteger(n) && n > 0))
  throw new Error('--size, --documents, --duration, --rate and --workers take positive whole numbers');

const workDir = path.join(root, '.tmp', 'bench', 'wrk');
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_DATABASE = 'storekeep_bench_wrk';
const CPUS = os.cpus().length;
/** Core 0 serves, the last core loads; more workers than spare cores share the load generator's core. */
const WRK_CPU = String(CPUS - 1);
const log = (line: string) => console.log(line);
/** `wrk --version` prints its banner and exits 1; an absent wrk fails the run here, before any work. */
const WRK_VERSION = (() => {
  const answer = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  if (answer.error) throw new Error('wrk is not installed (apt-get install wrk)');
  return answer.stdout
    .split('\n')[0]!
    .replace(/ Copyright.*/, '')
    .trim();
})();
const started = Date.now();

// ---------- the data set ----------

const marker = `storekeep-bench-wrk v${GENERATOR_VERSION} size ${SIZE} documents ${DOCUMENTS}`;

async function ensureData(): Promise<string> {
  const counts = {
    leases: Math.round(CONTRACT_COUNTS.leases * SCALE),
    agreements: Math.round(CONTRACT_COUNTS.agreements * SCALE),
    reminders: Math.round(CONTRACT_COUNTS.reminders * SCALE),
  };
  let url: string;
  if (DB === 'sqlite') {
    const file = path.join(workDir, `bench-wrk-${SIZE}-${DOCUMENTS}-v${GENERATOR_VERSION}.sqlite`);
    url = `sqlite:${file}`;
    if (fs.existsSync(file)) return url;
    fs.mkdirSync(workDir, { recursive: true });
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}.partial${suffix}`, { force: true });
    await generate(`sqlite:${file}.partial`, counts);
    for (const suffix of ['-wal', '-shm']) fs.rmSync(`${file}.partial${suffix}`, { force: true });
    fs.renameSync(`${file}.partial`, file);
    return url;
  }
  url = withDatabase(PG_SERVER, PG_DATABASE);
  const admin = new pg.Client({ connectionString: PG_SERVER });
  await admin.connect();
  try {
    const found = await admin.query<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
      [PG_DATABASE],
    );
    if (found.rows[0]?.comment === marker) return url;
    await admin.query(`drop database if exists ${PG_DATABASE} with (force)`);
    await admin.query(`create database ${PG_DATABASE}`);
  } finally {
    await admin.end();
  }
  await generate(url, counts);
  const handle = openDatabase(url, { poolSize: 1 });
  await sql.raw(`comment on database ${PG_DATABASE} is '${marker}'`).execute(handle.db);
  await handle.close();
  return url;
}

async function generate(url: string, counts: typeof CONTRACT_COUNTS) {
  const at = performance.now();
  log(
    `Generating: ${SIZE.toLocaleString('en')} stores (scale ${SCALE}), ${DOCUMENTS.toLocaleString('en')} documents…`,
  );
  const handle = openDatabase(url, { poolSize: 2 });
  try {
    if (handle.dialect === 'sqlite') await sql`pragma synchronous = off`.execute(handle.db);
    await migrateToLatest(handle);
    await fillScaled(handle, SCALE, DOCUMENTS, log);
    await fillContracts(handle, OWNER_EMAIL, log, counts);
    if (handle.dialect === 'postgres') await finishPostgresLoad(handle);
    else await sql`pragma wal_checkpoint(truncate)`.execute(handle.db);
  } finally {
    await handle.close();
  }
  log(`Generated in ${((performance.now() - at) / 1000).toFixed(0)} s`);
}

async function removeData(url: string) {
  if (DB === 'sqlite') {
    const file = url.slice('sqlite:'.length);
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
    return;
  }
  const admin = new pg.Client({ connectionString: PG_SERVER });
  await admin.connect();
  await admin.query(`drop database if exists ${PG_DATABASE} with (force)`);
  await admin.end();
}

// ---------- processes ----------

const startServer = (databaseUrl: string, workers: number) =>
  startApp({
    databaseUrl,
    dataDir: path.join(workDir, 'data'),
    cpus: serverCpus(workers),
    workers,
    nodeArgs: cpuProfileArgs(),
  });

// ---------- signing in ----------

const signIn = (url: string, email = OWNER_EMAIL) => signInAs(url, email, PASSWORD);

// ---------- wrk ----------

/** `franchisee`: asked as the big team's franchisee member (limited to its companies) instead of the owner. */
type Endpoint = { name: string; path: string; as?: 'franchisee' };
type WrkResult = { rps: number; p50: number; p99: number; requests: number; bad: number };
type Row = Endpoint & { bytes: number; answer: string; at: Record<number, WrkResult> };

const CONNECTIONS = [10, 50];
const LISTS: Array<[string, string]> = [
  ['stores', 'stores'],
  ['contacts', 'contacts'],
  ['companies', 'companies'],
  ['brands', 'brands'],
  ['leases', 'leases'],
  ['agreements', 'agreements'],
  ['documents', 'documents'],
  ['reminders', 'reminders?filters[status]=incomplete'],
];

/** Milliseconds of a wrk latency figure ("812.00us", "1.20ms", "2.01s"). */
function ms(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) return NaN;
  const factor = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2] as 'us' | 'ms' | 's' | 'm'];
  return Number(match[1]) * factor;
}

function wrk(url: string, connections: number, seconds: number, cookie: string | null): WrkResult {
  const args = [
    '-c',
    WRK_CPU,
    'wrk',
    '-t1',
    `-c${connections}`,
    `-d${seconds}s`,
    '--timeout',
    '10s',
    '--latency',
    '-H',
    'accept: application/json',
  ];
  if (cookie) args.push('-H', `cookie: ${cookie}`);
  const output = execFileSync('taskset', [...args, url], { encoding: 'utf8' });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]);
  const p50 = ms(/^\s+50%\s+(\S+)/m.exec(output)?.[1] ?? '');
  const p99 = ms(/^\s+99%\s+(\S+)/m.exec(output)?.[1] ?? '');
  const requests = Number(/(\d+) requests in/.exec(output)?.[1]);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const bad = non2xx + (socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0);
  if (!Number.isFinite(rps)) throw new Error(`could not read wrk's output:\n${output}`);
  return { rps, p50, p99, requests, bad };
}

/** One request first: must answer 200; gives the body size and what a list saw. */
async function probe(
  url: string,
  cookie: string | null,
): Promise<{ bytes: number; answer: string; total?: number }> {
  const response = await fetch(url, {
    headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) },
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${text.slice(0, 300)}`);
  const body = JSON.parse(text) as { meta?: { total?: number } };
  const total = body.meta?.total;
  return { bytes: Buffer.byteLength(text), answer: total === undefined ? '200' : `total ${total}`, total };
}

async function endpoints(appUrl: string, cookie: string): Promise<Endpoint[]> {
  const list: Endpoint[] = [
    { name: 'GET /healthz', path: '/healthz' },
    { name: 'GET users/auth', path: `${API_BASE}/users/auth` },
  ];
  for (const [name, route] of LISTS) {
    const first = `${API_BASE}/${route}`;
    const { total = 0 } = await probe(appUrl + first, cookie);
    const deep = Math.max(1, Math.floor(Math.ceil(total / 25) / 2));
    list.push({ name: `${name} page 1`, path: first });
    list.push({
      name: `${name} page ${deep}`,
      path: `${first}${first.includes('?') ? '&' : '?'}page=${deep}`,
    });
  }
  list.push({ name: 'stores search=chicago', path: `${API_BASE}/stores?search=chicago` });
  list.push({ name: 'stores page 1 (franchisee)', path: `${API_BASE}/stores`, as: 'franchisee' });
  return list.filter((e) => !ONLY || ONLY.test(e.name));
}

async function measureTable(databaseUrl: string, bare: BenchProcess, workers: number) {
  const app = await startServer(databaseUrl, workers);
  try {
    const delivered = await markQueuedMailDelivered(databaseUrl);
    const session = await signIn(app.url);
    const franchisee = await signIn(app.url, FRANCHISEE_EMAIL);
    // Every row is warmed up first (JIT and caches, not counted): the first authenticated route measured after
    // a start otherwise carries the rest of the process's warm-up (users/auth right after the stores warm-up:
    // p99 103 ms, then 3.5–5.1 ms in the next three runs of the same 5 s).
    const warmUp = (url: string, cookie: string | null) => wrk(url, 10, WARM_UP_SECONDS, cookie);
    // The bare route before and after the endpoints; ratios are to their mean, so a machine whose load changes
    // during the table shows in the two bare rows instead of skewing the ratios of one end of the table.
    const measureBare = async (when: string): Promise<Row> => {
      const row: Row = { name: `bare Fastify route (${when})`, path: '/bare', bytes: 0, answer: '', at: {} };
      Object.assign(row, await probe(`${bare.url}/bare`, null));
      warmUp(`${bare.url}/bare`, null);
      for (const c of CONNECTIONS) row.at[c] = wrk(`${bare.url}/bare`, c, DURATION, null);
      return row;
    };
    const rows: Row[] = [await measureBare('before')];
    for (const endpoint of await endpoints(app.url, session.cookie)) {
      const cookie =
        endpoint.path === '/healthz'
          ? null
          : endpoint.as === 'franchisee'
            ? franchisee.cookie
            : session.cookie;
      const checked = await probe(app.url + endpoint.path, cookie);
      const row: Row = { ...endpoint, bytes: checked.bytes, answer: checked.answer, at: {} };
      warmUp(app.url + endpoint.path, cookie);
      for (const c of CONNECTIONS) row.at[c] = wrk(app.url + endpoint.path, c, DURATION, cookie);
      rows.push(row);
      const a = row.at[50]!;
      log(
        `  ${endpoint.name.padEnd(28)} c50 ${a.rps.toFixed(0).padStart(6)} req/s p50 ${a.p50.toFixed(2)} p99 ${a.p99.toFixed(2)} ms ratio ${(a.rps / rows[0]!.at[50]!.rps).toFixed(3)} (to the bare route before)${a.bad ? ` (${a.bad} bad)` : ''}`,
      );
    }
    rows.push(await measureBare('after'));
    const ceiling = Object.fromEntries(
      CONNECTIONS.map((c) => [c, (rows[0]!.at[c]!.rps + rows.at(-1)!.at[c]!.rps) / 2]),
    );
    return { rows, ceiling, load: loadAverage(), delivered };
  } finally {
    await app.stop();
  }
}

// ---------- background work, open loop ----------

type Background = {
  name: string;
  seconds: number;
  detail: string;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  load: string;
};

async function withOpenLoop(
  name: string,
  url: string,
  cookie: string,
  work: () => Promise<string>,
): Promise<Background> {
  const load = openLoopLoad(url, { cookie, accept: 'application/json' }, RATE);
  const at = performance.now();
  // A failed step is reported in its row; the rest of the run goes on.
  const detail = await work().catch((error: unknown) => `**failed**: ${String(error).slice(0, 200)}`);
  const seconds = (performance.now() - at) / 1000;
  const { times, errors } = await load.stop();
  times.sort((a, b) => a - b);
  return {
    name,
    seconds,
    detail,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    requests: times.length,
    errors,
    load: loadAverage(),
  };
}

function storesCsv(rows: number): string {
  const cities = ['Austin', 'Denver', 'Boston', 'Reno', 'Tampa', 'Omaha', 'Fresno', 'Salem'];
  const lines = ['Store number,Store name,Status,Opened,City,State,Zip,Square feet'];
  for (let i = 1; i <= rows; i += 1)
    lines.push(
      `W${i},"Store ${i}, ${cities[i % cities.length]}",${i % 3 ? 'Open' : 'Planned'},2019-${String((i % 12) + 1).padStart(2, '0')}-15,${cities[i % cities.length]},TX,7${String(i % 10000).padStart(4, '0')},${1000 + (i % 3000)}`,
    );
  return `${lines.join('\n')}\n`;
}

const IMPORT_EMAIL_PREFIX = 'import-';

/**
 * The teams the background phase's imports registered, with their 100,000 stores each, go: with --keep every run
 * would otherwise import into a bigger database than the last (removed before the phase, for a data set kept by
 * an older run, and after it).
 */
async function removeImportTeams(databaseUrl: string) {
  const handle = openDatabase(databaseUrl, { poolSize: 1 });
  try {
    const owners = handle.db
      .selectFrom('users')
      .select('id')
      .where('email', 'like', `${IMPORT_EMAIL_PREFIX}%@bench.storekeep.test`);
    await handle.db.deleteFrom('teams').where('owner_id', 'in', owners).execute();
    await handle.db.deleteFrom('users').where('id', 'in', owners).execute();
    // Without autovacuum (this machine's PostgreSQL runs without it) their rows would stay in every index the
    // next import writes to.
    if (handle.dialect === 'postgres') await sql`vacuum analyze`.execute(handle.db);
  } finally {
    await handle.close();
  }
}

/** A new team (registered through the API) imports `SIZE` stores; polls until the import is done. */
async function importStores(appUrl: string): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      jar.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
  };
  keep(await fetch(`${appUrl}/app/sanctum/csrf-cookie`));
  const call = async (method: string, route: string, body?: unknown) => {
    const response = await fetch(appUrl + route, {
      method,
      headers: {
        accept: 'application/json',
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        [CSRF_HEADER]: decodeURIComponent(jar.get(CSRF_COOKIE) ?? ''),
        ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    keep(response);
    const text = await response.text();
    if (response.status >= 300)
      throw new Error(`${method} ${route}: ${response.status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : { data: {} }) as { data: Record<string, unknown> };
  };
  const password = 'a long enough password';
  await call('POST', '/app/register', {
    name: 'Import Bench',
    email: `${IMPORT_EMAIL_PREFIX}${Date.now()}@bench.storekeep.test`,
    password,
    password_confirmation: password,
  });
  const form = new FormData();
  form.append('type', 'stores');
  form.append('file', new Blob([storesCsv(SIZE)], { type: 'text/csv' }), 'stores.csv');
  const uploaded = (await call('POST', `${API_BASE}/imports`, form)).data as { id: number; mapping: unknown };
  await call('POST', `${API_BASE}/imports/${uploaded.id}/run`, { mapping: uploaded.mapping });
  for (;;) {
    await sleep(250);
    const dto = (await call('GET', `${API_BASE}/imports/${uploaded.id}`)).data as {
      status: string;
      created_count: number;
      message: string | null;
    };
    if (dto.status === 'failed' || dto.status === 'cancelled')
      throw new Error(`import ${dto.status}: ${dto.message}`);
    if (dto.status === 'completed') return `${dto.created_count.toLocaleString('en')} stores created`;
  }
}

async function exportStores(appUrl: string, cookie: string): Promise<string> {
  const response = await fetch(`${appUrl}${API_BASE}/stores/export?format=csv`, {
    headers: { cookie },
    signal: AbortSignal.timeout(300_000),
  });
  if (response.status !== 200 || !response.body) throw new Error(`export: ${response.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body) {
    bytes += chunk.length;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
  }
  return `${(lines - 1).toLocaleString('en')} rows, ${(bytes / 1e6).toFixed(1)} MB CSV`;
}

async function measureBackground(
  databaseUrl: string,
): Promise<{ runs: Background[]; scan: ScanResult | null }> {
  await removeImportTeams(databaseUrl);
  const app = await startServer(databaseUrl, 1);
  const runs: Background[] = [];
  try {
    const session = await signIn(app.url);
    const listUrl = `${app.url}${API_BASE}/stores`;
    runs.push(
      await withOpenLoop('nothing else (baseline)', listUrl, session.cookie, async () => {
        await sleep(5000);
        return '5 s';
      }),
    );
    runs.push(
      await withOpenLoop(`export of all stores (CSV)`, listUrl, session.cookie, () =>
        exportStores(app.url, session.cookie),
      ),
    );
    runs.push(
      await withOpenLoop(`import of ${SIZE.toLocaleString('en')} stores`, listUrl, session.cookie, () =>
        importStores(app.url),
      ),
    );
    for (const run of runs)
      log(
        `  ${run.name.padEnd(30)} ${run.seconds.toFixed(1)} s (${run.detail}); list at ${RATE} req/s: p50 ${run.p50.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms, ${run.errors} errors; load ${run.load}`,
      );
  } finally {
    await app.stop();
  }
  // The daily reminder scan, timed in this process through the app's own function (as `npm run bench`).
  const scan = await measureScan(databaseUrl, path.join(workDir, 'scan-data'));
  log(
    `  reminder scan: ${scan.seconds.toFixed(1)} s (${scan.claimed} notices, ${scan.escalated} escalations); load ${loadAverage()}`,
  );
  // And once more at the end, so a kept data set is left as generated for the next benchmark run on it. Left in,
  // the imported team's 100,000 stores had no occupancy figure, and the next server to start (bench:search's,
  // say) spent its first seconds computing them all: its first round's p95 was 43.6 ms against 38.2 ms
  // when it ran again.
  await removeImportTeams(databaseUrl);
  return { runs, scan };
}

// ---------- report ----------

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const commit = () => gitCommit(root);

function render(
  tables: Array<{
    workers: number;
    rows: Row[];
    ceiling: Record<number, number>;
    load: string;
    delivered: number;
  }>,
  background: { runs: Background[]; scan: ScanResult | null } | null,
  loadBefore: string,
): string {
  const cpus = os.cpus();
  const command = `npm run bench:wrk -- ${process.argv.slice(2).join(' ')}`.trim();
  const lines = [
    `# wrk — ${DB === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`,
    '',
    `Written by \`${command}\` (bench/wrk.ts) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC at commit ${commit()}.`,
    '',
    `Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB RAM, Node ${process.version}, ${WRK_VERSION}. ` +
      `Load average (1, 5, 15 min) before: ${loadBefore}. Data: ${SIZE.toLocaleString('en')} stores in the big team (contacts, companies, brands, leases, agreements, reminders scaled with it), ${DOCUMENTS.toLocaleString('en')} documents, 20 noise teams.`,
    '',
    `Server: apps/server/dist/main.js (production, LOG_LEVEL=warn) and the bare route (bench/bare.mjs), each on core 0; wrk -t1 on core ${WRK_CPU}, ${DURATION} s per run, no compression asked. ` +
      'ratio = req/s ÷ the mean of the bare route’s req/s before and after the endpoints, at the same connections in the same table; bytes = the response body.',
  ];
  for (const table of tables) {
    lines.push(
      '',
      `## WORKERS=${table.workers} (server on cores ${serverCpus(table.workers)}${table.workers >= CPUS ? `, sharing core ${WRK_CPU} with wrk` : ''}; load after: ${table.load}; queued outbox rows marked delivered before: ${table.delivered.toLocaleString('en')})`,
      '',
      '| Endpoint | bytes | c10 req/s | p50 ms | p99 ms | ratio | c50 req/s | p50 ms | p99 ms | ratio | answer |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
      ...table.rows.map((row) => {
        const cells = CONNECTIONS.flatMap((c) => {
          const r = row.at[c]!;
          return [
            `${r.rps.toFixed(0)}${r.bad ? ` (${r.bad} bad)` : ''}`,
            r.p50.toFixed(2),
            r.p99.toFixed(2),
            (r.rps / table.ceiling[c]!).toFixed(3),
          ];
        });
        return `| ${row.name} | ${row.bytes} | ${cells.join(' | ')} | ${row.answer} |`;
      }),
    );
  }
  if (background) {
    lines.push(
      '',
      `## Latency under background work (open loop: the stores list page 1 at ${RATE} req/s, each request timed from when it fell due; WORKERS=1)`,
      '',
      '| While | took | what | list p50 ms | list p99 ms | requests | errors | load after |',
      '|---|---:|---|---:|---:|---:|---:|---|',
      ...background.runs.map(
        (r) =>
          `| ${r.name} | ${r.seconds.toFixed(1)} s | ${r.detail} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.requests} | ${r.errors} | ${r.load} |`,
      ),
    );
    if (background.scan)
      lines.push(
        '',
        `Daily reminder scan (deliverReminderNotices over the whole database, in the benchmark's process): **${background.scan.seconds.toFixed(1)} s** for ` +
          `${background.scan.claimed.toLocaleString('en')} notices, ${background.scan.escalated.toLocaleString('en')} escalations, ${background.scan.transitions.toLocaleString('en')} status changes.`,
      );
  }
  lines.push(
    '',
    `Whole run: ${((Date.now() - started) / 60_000).toFixed(1)} minutes including data generation.`,
  );
  return `${lines.join('\n')}\n`;
}

// ---------- main ----------

async function main() {
  // The load generators (this process's open loop, and wrk) stay off the server's core.
  spawnSync('taskset', ['-cp', WRK_CPU, String(process.pid)]);
  const loadBefore = loadAverage();
  log(`bench:wrk — ${DB}, ${SIZE.toLocaleString('en')} stores, ${CPUS} cores, load ${loadBefore}`);
  buildServer();
  const databaseUrl = await ensureData();
  const bare = await startBare('0');
  const tables: Parameters<typeof render>[0] = [];
  let background: Awaited<ReturnType<typeof measureBackground>> | null = null;
  try {
    for (const workers of WORKER_COUNTS) {
      log(`WORKERS=${workers}`);
      tables.push({ workers, ...(await measureTable(databaseUrl, bare, workers)) });
    }
    if (!options['no-background']) {
      log('Background work, open loop:');
      background = await measureBackground(databaseUrl);
    }
  } catch (error) {
    log(`Failed: the data set stays for the next run (${databaseUrl.replace(/\/\/[^@/]*@/, '//')})`);
    throw error;
  } finally {
    await bare.stop();
  }
  if (!options.keep) await removeData(databaseUrl);
  const file = path.join(root, 'bench', 'results', `wrk-${DB}.md`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Formatted as the repository formats Markdown, so a rerun's diff shows only the figures.
  const style = (await prettier.resolveConfig(file)) ?? {};
  fs.writeFileSync(
    file,
    await prettier.format(render(tables, background, loadBefore), { ...style, filepath: file }),
  );
  log(
    `Written to ${path.relative(process.cwd(), file)} in ${((Date.now() - started) / 60_000).toFixed(1)} minutes`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
