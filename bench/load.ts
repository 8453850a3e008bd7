/**
 * `npm run bench:load`: two app instances (bench/server.ts, forked) on one PostgreSQL database and one
 * Redis, sharing APP_KEY and the data directory, driven round-robin by a fixed number of concurrent
 * clients with a mixed workload — 70% lists and searches, 20% detail reads, 10% writes (with CSRF) — for
 * LOAD_SECONDS. Reports throughput, p50/p95/p99 per class and overall, every non-2xx, and each instance's
 * RSS over time (before and after, after a GC, and the slope of the second half).
 *
 * Environment: LOAD_SECONDS (default 300), LOAD_CONCURRENCY (default 16), LOAD_SCALE (share of the full
 * data set's records, default 0.2 → 20,000 stores), BENCH_DATABASE_URL (PostgreSQL server, default
 * postgres://postgres@127.0.0.1:5432/postgres), BENCH_REDIS_URL (default redis://127.0.0.1:6379),
 * LOAD_REGENERATE=1 (ignore the cached database).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { API_BASE, CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@storekeep/contracts';
import { openDatabase } from '../apps/server/src/platform/db';
import {
  GENERATOR_VERSION,
  OWNER_EMAIL,
  PASSWORD,
  fillRecords,
  finishPostgresLoad,
  mulberry32,
  withDatabase,
} from './generate';
import { percentile } from './open-loop';
import { CITIES, FIRST_NAMES, LAST_NAMES } from './words';
import type { FromServer, ToServer } from './server';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 300);
const CONCURRENCY = Number(process.env.LOAD_CONCURRENCY ?? 16);
const SCALE = Number(process.env.LOAD_SCALE ?? 0.2);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DATABASE = 'storekeep_load';
/** Not measured: JIT, caches and pools warm up first. */
const WARMUP_SECONDS = Math.min(10, Math.max(1, Math.round(SECONDS / 10)));
const here = import.meta.dirname;
const live = {
  companies: Math.round(20_000 * SCALE),
  contacts: Math.round(100_000 * SCALE),
  stores: Math.round(100_000 * SCALE),
};

type Kind = 'list' | 'detail' | 'write';
type Call = { kind: Kind; name: string; method: 'GET' | 'POST' | 'PATCH'; path: string; body?: unknown };
type Instance = { child: ChildProcess; url: string; rss: Array<[number, number]> };

const log = (line: string) => console.log(line);

async function ensureLoadDatabase(): Promise<{ url: string; seconds: number | null }> {
  const marker = `storekeep-load v${GENERATOR_VERSION} scale ${SCALE} complete`;
  const url = withDatabase(SERVER_URL, DATABASE);
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    const found = await admin.query<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
      [DATABASE],
    );
    if (found.rows[0]?.comment === marker && process.env.LOAD_REGENERATE !== '1')
      return { url, seconds: null };
    await admin.query(`drop database if exists ${DATABASE} with (force)`);
    await admin.query(`create database ${DATABASE}`);
  } finally {
    await admin.end();
  }
  const started = performance.now();
  log(
    `Generating the data set (scale ${SCALE}: ${live.stores} stores, ${live.contacts} contacts, ${live.companies} companies)…`,
  );
  const handle = openDatabase(url, { poolSize: 2 });
  try {
    await fillRecords(handle, SCALE, log);
    await finishPostgresLoad(handle);
    await sql.raw(`comment on database ${DATABASE} is '${marker}'`).execute(handle.db);
  } finally {
    await handle.close();
  }
  return { url, seconds: (performance.now() - started) / 1000 };
}

function startInstance(databaseUrl: string, dataDir: string, appKey: string): Promise<Instance> {
  const child = fork(path.join(here, 'server.ts'), [], {
    execArgv: ['--import', 'tsx', '--expose-gc', '--no-warnings'],
    env: {
      ...process.env,
      BENCH_APP_DATABASE_URL: databaseUrl,
      BENCH_DATA_DIR: dataDir,
      BENCH_APP_KEY: appKey,
      BENCH_REDIS_URL: REDIS_URL,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`instance exited early (${code})`)));
    child.on('message', (message: FromServer) => {
      if (message.type === 'ready') resolve({ child, url: `http://127.0.0.1:${message.appPort}`, rss: [] });
    });
  });
}

/** RSS after a full GC (server.ts answers rss-start with a GC'd sample; rss-stop ends that sampler). */
function gcRss(instance: Instance): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (message: FromServer) => {
      if (message.type === 'rss') {
        instance.child.off('message', onMessage);
        resolve(message.after);
      }
    };
    instance.child.on('message', onMessage);
    instance.child.send({ type: 'rss-start' } satisfies ToServer);
    instance.child.send({ type: 'rss-stop' } satisfies ToServer);
  });
}

function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

async function signIn(url: string): Promise<{ cookie: string; csrf: string }> {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      jar.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  keep(await fetch(`${url}/app/sanctum/csrf-cookie`));
  const csrf = decodeURIComponent(jar.get(CSRF_COOKIE) ?? '');
  const login = await fetch(`${url}/app/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      cookie: cookie(),
      [CSRF_HEADER]: csrf,
    },
    body: JSON.stringify({ email: OWNER_EMAIL, password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  keep(login);
  if (!jar.has(SESSION_COOKIE)) throw new Error('no session cookie after login');
  return { cookie: cookie(), csrf: decodeURIComponent(jar.get(CSRF_COOKIE)!) };
}

/** The next request of the mix: 70% lists and searches, 20% detail reads, 10% writes. */
function nextCall(rng: () => number): Call {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
  const id = (n: number) => 1 + Math.floor(rng() * n);
  const roll = rng();
  if (roll < 0.7) {
    const city = encodeURIComponent(pick(CITIES).city.split(' ')[0]!.toLowerCase());
    return pick<Call>([
      { kind: 'list', name: 'stores', method: 'GET', path: '/stores' },
      {
        kind: 'list',
        name: 'stores sorted',
        method: 'GET',
        path: `/stores?sort=${pick(['name', 'city', 'status', 'opening_date', 'updated_at'])}&direction=${pick(['asc', 'desc'])}`,
      },
      {
        kind: 'list',
        name: 'stores filtered',
        method: 'GET',
        path: `/stores?filters[status]=${pick(['open', 'closed', 'planned'])}&page=${id(20)}`,
      },
      { kind: 'list', name: 'stores search', method: 'GET', path: `/stores?search=${city}` },
      {
        kind: 'list',
        name: 'companies',
        method: 'GET',
        path: `/companies?sort=${pick(['name', 'kind', 'city'])}&page=${id(10)}`,
      },
      {
        kind: 'list',
        name: 'companies search',
        method: 'GET',
        path: `/companies?search=${encodeURIComponent(pick(LAST_NAMES).toLowerCase())}`,
      },
      {
        kind: 'list',
        name: 'contacts',
        method: 'GET',
        path: `/contacts?sort=${pick(['last_name', 'first_name', 'created_at'])}&direction=${pick(['asc', 'desc'])}`,
      },
      {
        kind: 'list',
        name: 'contacts search',
        method: 'GET',
        path: `/contacts?search=${encodeURIComponent(pick(FIRST_NAMES).toLowerCase())}`,
      },
      {
        kind: 'list',
        name: 'global search',
        method: 'GET',
        path: `/search?query=${pick([city, encodeURIComponent(pick(LAST_NAMES).toLowerCase())])}`,
      },
    ]);
  }
  if (roll < 0.9) {
    return pick<Call>([
      { kind: 'detail', name: 'store', method: 'GET', path: `/stores/${id(live.stores)}` },
      { kind: 'detail', name: 'company', method: 'GET', path: `/companies/${id(live.companies)}` },
      { kind: 'detail', name: 'contact', method: 'GET', path: `/contacts/${id(live.contacts)}` },
    ]);
  }
  const writes: Call[] = [
    {
      kind: 'write',
      name: 'store note',
      method: 'POST',
      path: `/stores/${id(live.stores)}/notes`,
      body: { body: `Load test note ${rng().toString(36).slice(2)}` },
    },
    {
      kind: 'write',
      name: 'contact create',
      method: 'POST',
      path: '/contacts',
      body: { first_name: pick(FIRST_NAMES), last_name: pick(LAST_NAMES) },
    },
    {
      kind: 'write',
      name: 'contact update',
      method: 'PATCH',
      path: `/contacts/${id(live.contacts)}`,
      body: { job_title: `Load ${Math.floor(rng() * 1000)}` },
    },
  ];
  return pick(writes);
}

const mb = (bytes: number) => (bytes / 1048576).toFixed(0);

/** Least-squares slope of (ms, bytes) samples in MB per minute. */
function slopeMbPerMinute(samples: Array<[number, number]>): number {
  if (samples.length < 2) return 0;
  const n = samples.length;
  const mx = samples.reduce((s, [x]) => s + x, 0) / n;
  const my = samples.reduce((s, [, y]) => s + y, 0) / n;
  const num = samples.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = samples.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return den ? ((num / den) * 60_000) / 1048576 : 0;
}

async function main() {
  const runStarted = new Date();
  const dataset = await ensureLoadDatabase();
  log(
    dataset.seconds === null
      ? 'Reusing the data set.'
      : `Data set generated in ${dataset.seconds.toFixed(1)} s.`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-load-'));
  const appKey = randomBytes(32).toString('hex');
  // Both start (and migrate) at once, as a rolling deploy might.
  const instances = await Promise.all([
    startInstance(dataset.url, dataDir, appKey),
    startInstance(dataset.url, dataDir, appKey),
  ]);
  const watchdog = setTimeout(
    () => {
      console.error('load benchmark overran; stopping');
      for (const instance of instances) instance.child.kill('SIGKILL');
      process.exit(2);
    },
    (SECONDS + 300) * 1000,
  );
  watchdog.unref();

  try {
    // One session, made on the first instance and used on both: sessions live in the database.
    const session = await signIn(instances[0]!.url);
    const latencies: Record<Kind, number[]> = { list: [], detail: [], write: [] };
    const failures = new Map<string, number>();
    let networkErrors = 0;
    let turn = 0;
    let measuring = false;
    const rng = mulberry32(7);
    const stopAt = performance.now() + (WARMUP_SECONDS + SECONDS) * 1000;

    const worker = async () => {
      while (performance.now() < stopAt) {
        const call = nextCall(rng);
        const instance = instances[turn++ % instances.length]!;
        const started = performance.now();
        try {
          const response = await fetch(`${instance.url}${API_BASE}${call.path}`, {
            method: call.method,
            headers: {
              accept: 'application/json',
              cookie: session.cookie,
              ...(call.body ? { 'content-type': 'application/json', [CSRF_HEADER]: session.csrf } : {}),
            },
            body: call.body ? JSON.stringify(call.body) : undefined,
          });
          await response.arrayBuffer();
          if (!measuring) continue;
          latencies[call.kind].push(performance.now() - started);
          if (response.status >= 300) {
            const key = `${response.status} ${call.method} ${call.name}`;
            failures.set(key, (failures.get(key) ?? 0) + 1);
          }
        } catch (error) {
          if (measuring) networkErrors += 1;
          if (networkErrors <= 3) console.error(error);
        }
      }
    };

    log(
      `Two instances: ${instances.map((i) => i.url).join(', ')}; ${CONCURRENCY} clients; warm-up ${WARMUP_SECONDS} s, then ${SECONDS} s measured.`,
    );
    const workers = Array.from({ length: CONCURRENCY }, worker);
    await new Promise((resolve) => setTimeout(resolve, WARMUP_SECONDS * 1000));
    const before = await Promise.all(instances.map(gcRss));
    measuring = true;
    const measureStarted = performance.now();
    const sampler = setInterval(() => {
      for (const instance of instances)
        instance.rss.push([performance.now() - measureStarted, rssOf(instance.child.pid!)]);
    }, 2000);
    await Promise.all(workers);
    clearInterval(sampler);
    const elapsed = (performance.now() - measureStarted) / 1000;
    const after = await Promise.all(instances.map(gcRss));

    const all = Object.values(latencies)
      .flat()
      .sort((a, b) => a - b);
    const total = all.length;
    const non2xx = [...failures.values()].reduce((a, b) => a + b, 0);
    const row = (name: string, times: number[]) => {
      const sorted = [...times].sort((a, b) => a - b);
      return `| ${name} | ${sorted.length.toLocaleString('en')} | ${(sorted.length / elapsed).toFixed(1)} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 95).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} |`;
    };
    const memory = instances.map((instance, i) => {
      const half = instance.rss.filter(([t]) => t >= (elapsed * 1000) / 2);
      const peak = Math.max(...instance.rss.map(([, r]) => r));
      return `| instance ${i + 1} | ${mb(before[i]!)} | ${mb(after[i]!)} | ${mb(peak)} | ${slopeMbPerMinute(half).toFixed(2)} | ${instance.rss
        .filter((_, k) => k % Math.max(1, Math.floor(instance.rss.length / 8)) === 0)
        .map(([, r]) => mb(r))
        .join(' → ')} |`;
    });
    const report = [
      `## Load: two instances, PostgreSQL + Redis (${runStarted.toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
      '',
      `Data: scale ${SCALE} of the benchmark set (big team: ${live.stores.toLocaleString('en')} stores, ${live.contacts.toLocaleString('en')} contacts, ${live.companies.toLocaleString('en')} companies; 20 noise teams). ` +
        `${CONCURRENCY} concurrent clients round-robin over 2 instances for ${elapsed.toFixed(0)} s (after ${WARMUP_SECONDS} s warm-up); Node ${process.version}, ${os.cpus().length} vCPU (shared).`,
      '',
      '| class | requests | req/s | p50 ms | p95 ms | p99 ms |',
      '|---|---:|---:|---:|---:|---:|',
      row('list/search (70%)', latencies.list),
      row('detail (20%)', latencies.detail),
      row('write (10%)', latencies.write),
      row('**all**', all),
      '',
      `Errors: **${non2xx + networkErrors}** (${non2xx} non-2xx, ${networkErrors} network) of ${total.toLocaleString('en')} requests${failures.size ? ': ' + [...failures].map(([k, v]) => `${k} ×${v}`).join(', ') : ''}.`,
      '',
      "RSS per instance (MB): before and after are sampled right after a full GC; the trend is the least-squares slope of the second half's samples (every 2 s); samples shown at eighths of the run.",
      '',
      '| instance | before | after | peak | slope, 2nd half (MB/min) | over time |',
      '|---|---:|---:|---:|---:|---|',
      ...memory,
      '',
    ].join('\n');
    log(`\n${report}`);
    const file = path.join(here, 'results', 'load-latest.md');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `# bench:load — latest run\n\n${report}`);
    log(`Written to ${path.relative(process.cwd(), file)}`);
    if (non2xx + networkErrors > 0) process.exitCode = 1;
  } finally {
    for (const instance of instances) {
      instance.child.removeAllListeners('exit');
      instance.child.disconnect();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
