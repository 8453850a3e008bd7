/**
 * The processes under benchmark, started as production starts them: the build (apps/server/dist/main.js, plain
 * node, no TypeScript loader) and the bare route (bare.mjs), optionally pinned to cores with taskset.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@storekeep/contracts';

export const root = path.resolve(import.meta.dirname, '..');
const HOST = '127.0.0.1';

export type BenchProcess = { child: ChildProcess; url: string; port: number; stop(): Promise<void> };

/** scripts/build-server.mjs: builds apps/server/dist unless it is newer than every source. */
export function buildServer() {
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], {
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('server build failed');
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address() as net.AddressInfo;
      server.close(() => resolve(address.port));
    });
  });

/** BENCH_CPU_PROF=<dir>: node's options for a V8 CPU profile of a server, written there when it exits. */
export const cpuProfileArgs = (): string[] =>
  process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function start(cpus: string | null, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  // Redis would put a network hop into every request's rate limiting: these benchmarks measure one machine.
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'REDIS_URL'));
  const [command, commandArgs] = cpus
    ? ['taskset', ['-c', cpus, process.execPath, ...args]]
    : [process.execPath, args];
  // taskset execs node in place: the child's pid is the server's.
  return spawn(command, commandArgs, {
    cwd: root,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

const stopper = (child: ChildProcess) => () =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** bench/bare.mjs: Fastify with one JSON route at /bare, the ceiling. */
export async function startBare(cpus: string | null): Promise<BenchProcess> {
  const child = start(cpus, [path.join(root, 'bench', 'bare.mjs')], {});
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
    child.stdout!.once('data', (chunk: Buffer) =>
      resolve((JSON.parse(String(chunk)) as { port: number }).port),
    );
  });
  return { child, port, url: `http://${HOST}:${port}`, stop: stopper(child) };
}

/** The cores a server of `workers` processes is pinned to: the first ones, as many as the machine has. */
export function serverCpus(workers: number): string {
  const cores = Math.min(workers, os.cpus().length);
  return cores <= 1 ? '0' : `0-${cores - 1}`;
}

/**
 * The built server in production mode on `databaseUrl`, ready (/readyz) and settled: its start runs the
 * hourly housekeeping once (reminder notices over the whole database), which would be charged to whatever
 * is measured first.
 */
export async function startApp(options: {
  databaseUrl: string;
  dataDir: string;
  cpus?: string | null;
  workers?: number;
  env?: NodeJS.ProcessEnv;
  /** Options for node itself (a CPU profile, say). */
  nodeArgs?: string[];
}): Promise<BenchProcess> {
  const port = await freePort();
  fs.mkdirSync(options.dataDir, { recursive: true });
  const child = start(
    options.cpus ?? null,
    [
      ...(options.nodeArgs ?? []),
      '--disable-warning=ExperimentalWarning',
      path.join(root, 'apps/server/dist/main.js'),
    ],
    {
      NODE_ENV: 'production',
      HOST,
      PORT: String(port),
      APP_URL: `http://${HOST}:${port}`,
      APP_KEY: crypto.randomBytes(32).toString('hex'),
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      WORKERS: String(options.workers ?? 1),
      WEB_DIST_DIR: path.join(options.dataDir, 'no-web'),
      ...options.env,
    },
  );
  child.stdout!.pipe(process.stdout);
  const url = `http://${HOST}:${port}`;
  // The first start on a big data set runs the reminder scan over a million reminders before it listens
  // (SQLite's reads are synchronous): minutes on a busy machine.
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    if (Date.now() > deadline) {
      await stopper(child)();
      throw new Error('server did not become ready in 10 minutes');
    }
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await sleep(250);
  }
  await settleWith(child.pid!, options.databaseUrl);
  return { child, port, url, stop: stopper(child) };
}

function childrenOf(pid: number): number[] {
  try {
    return fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** CPU ticks (user + system) used so far by `pid` alone. */
function ownTicks(pid: number): number {
  const stat = readProc(pid, 'stat');
  if (!stat) return 0;
  const fields = stat.split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** CPU ticks used so far by `pid` and its descendants (a WORKERS=N primary's workers). */
function treeTicks(pid: number): number {
  return ownTicks(pid) + childrenOf(pid).reduce((sum, child) => sum + treeTicks(child), 0);
}

/** A /proc file of a process, or null once the process is gone. */
function readProc(pid: number, file: string): string | null {
  try {
    return fs.readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return null;
  }
}

/**
 * The PostgreSQL server's processes on this machine. After a bulk load or a server's start-up work, its backends
 * and autovacuum keep running after the app has gone quiet (at the full size, the first rows of a table ran at
 * half the bare route's speed of the same table's last row): a measurement waits for them too.
 */
function postgresPids(): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && readProc(Number(entry), 'comm')?.trim() === 'postgres')
    .map(Number);
}

/**
 * Waits until the process tree, and `others()` (the database server's processes), use under 5% of a core over a
 * second (at most 5 minutes).
 */
export async function settle(pid: number, others: () => number[] = () => []) {
  const deadline = Date.now() + 5 * 60_000;
  const ticks = () => treeTicks(pid) + others().reduce((sum, other) => sum + ownTicks(other), 0);
  let before = ticks();
  // Two quiet seconds in a row: background work that pauses between batches (or waits on a lock) once gave
  // one quiet second in the middle of a 19 s occupancy refresh, which then ran through the measurement.
  let quiet = 0;
  while (Date.now() < deadline) {
    await sleep(1000);
    const now = ticks();
    quiet = now - before <= 5 ? quiet + 1 : 0;
    if (quiet === 2) return;
    before = now;
  }
  console.log('  (the server was still busy after 5 minutes; measuring anyway)');
}

/** settle() for a server on `databaseUrl`: PostgreSQL's processes count too. */
export const settleWith = (pid: number, databaseUrl: string) =>
  settle(pid, databaseUrl.startsWith('postgres') ? postgresPids : () => []);

/** Resident memory of a process tree, from /proc. */
export function treeRss(pid: number): number {
  const status = readProc(pid, 'status');
  if (!status) return 0;
  const rss = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  return rss + childrenOf(pid).reduce((sum, child) => sum + treeRss(child), 0);
}

/** Samples a process tree's RSS every 10 ms until stopped: before, peak and after. */
export function sampleRss(pid: number) {
  const before = treeRss(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, treeRss(pid))), 10);
  return {
    stop() {
      clearInterval(timer);
      const after = treeRss(pid);
      return { before, peak: Math.max(peak, after), after };
    },
  };
}

/** Signs in through the real CSRF and login flow: the cookie header and CSRF token of the session. */
export async function signInAs(
  url: string,
  email: string,
  password: string,
): Promise<{ cookie: string; csrf: string }> {
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
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  keep(login);
  if (!jar.has(SESSION_COOKIE)) throw new Error('no session cookie after login');
  return { cookie: cookie(), csrf };
}
