/**
 * Search latency, first-time and repeated: 200 distinct terms (names, cities, brand words and typed
 * prefixes of the data set), each asked once of every search route at BENCH_SEARCH_CONNECTIONS connections
 * (the server has never seen the term: nothing is cached), then the same requests again (now cached). Prints
 * p50/p95/p99 per route and overall for both rounds.
 *
 *   BENCH_URL=http://127.0.0.1:3000 npm run bench:search          # a running server with the bench data set
 *   npm run bench:search                                          # starts bench/server.ts on the data set
 *
 * BENCH_SEARCH_ROUTES: a regex choosing routes by name (global search, stores, contacts, companies, leases).
 * BENCH_SEARCH_WORKERS=N: the built server (apps/server/dist/main.js, as production runs it) with N worker
 * processes, pinned to the first N cores, instead of the sources in one process. With
 * BENCH_APP_DATABASE_URL it serves that data set (the kept one of `npm run bench:wrk -- --keep`, say).
 * BENCH_SEARCH_WARM_PROCESS=1: before the measured round, a round of 198 other terms (first names and brand words
 * the measured terms do not hold), then a write by the owner that moves the team's write version: the measured
 * round is then first-time for every cache, as after any write, but in a process whose code is warm, as a server
 * is after its first minutes. Without it the round also carries the process's own warm-up.
 * BENCH_SEARCH_ROUNDS=N: after the first round (and its repeat), N - 1 more first-time rounds of the same terms, each
 * after a write by the owner (as BENCH_SEARCH_WARM_PROCESS's): every answer the server keeps is then gone again, but
 * the process and the machine's file cache are warm. Ends with each round's p95 and the median of the later ones: a
 * figure that moves less between reruns than one round's on a machine whose speed drifts.
 * BENCH_URL: a server already running on the benchmark data set (signs in as its owner, or BENCH_EMAIL /
 * BENCH_PASSWORD). Without it: the data set of `npm run bench` (generate.ts, BENCH_DATABASE_URL for
 * PostgreSQL, or BENCH_APP_DATABASE_URL for a database that already holds one) served by a forked server.ts.
 * The server caches answers per team for at most 60 s: against a running server, let a minute pass between
 * two runs, or the first round of the second is not first-time. A server started here begins with its queued
 * mail marked delivered (its first start's reminder scan queues ~50,000); against BENCH_URL, see to that first.
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { CITIES, BRAND_ADJECTIVES, BRAND_NOUNS, FIRST_NAMES, LAST_NAMES } from './words';
import { OWNER_EMAIL, PASSWORD, ensureDataset } from './generate';
import { ensureContracts, markQueuedMailDelivered } from './contracts';
import { cpuProfileArgs, serverCpus, settleWith, startApp } from './processes';
import { percentile } from './open-loop';
import type { FromServer } from './server';
import { API_BASE, CSRF_COOKIE, CSRF_HEADER } from '@storekeep/contracts';

const CONNECTIONS = Number(process.env.BENCH_SEARCH_CONNECTIONS ?? 10);
const TERMS = Number(process.env.BENCH_SEARCH_TERMS ?? 200);
const API = API_BASE;
/** How many of the slowest requests of a round to name (BENCH_SEARCH_SLOWEST). */
const SLOWEST = Number(process.env.BENCH_SEARCH_SLOWEST ?? 5);
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 1);
const ALL_ROUTES: Array<{ name: string; path: (term: string) => string }> = [
  { name: 'global search', path: (t) => `${API}/search?query=${encodeURIComponent(t)}` },
  { name: 'stores ?search=', path: (t) => `${API}/stores?search=${encodeURIComponent(t)}` },
  { name: 'contacts ?search=', path: (t) => `${API}/contacts?search=${encodeURIComponent(t)}` },
  { name: 'companies ?search=', path: (t) => `${API}/companies?search=${encodeURIComponent(t)}` },
  { name: 'leases ?search=', path: (t) => `${API}/leases?search=${encodeURIComponent(t)}` },
];
/** BENCH_SEARCH_ROUTES: a regex on the route names (`global|stores`); a slow route on SQLite holds the others up. */
const ROUTES = ALL_ROUTES.filter((r) => new RegExp(process.env.BENCH_SEARCH_ROUTES ?? '.').test(r.name));

/**
 * Distinct terms as people type them: whole last and first names, city names, brand words, and prefixes
 * (the search box asks on every keystroke). Deterministic, so runs compare.
 */
export function searchTerms(count: number): string[] {
  const words = [
    ...LAST_NAMES.slice(0, 70),
    ...FIRST_NAMES.slice(0, 40),
    ...CITIES.slice(0, 40).map((c) => c.city),
    ...BRAND_ADJECTIVES.slice(0, 15),
    ...BRAND_NOUNS.slice(0, 15),
  ];
  const prefixes = [...LAST_NAMES.slice(70), ...CITIES.slice(40).map((c) => c.city)].map((w) =>
    w.slice(0, 3 + (w.length % 3)).toLowerCase(),
  );
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const term of [...words, ...prefixes]) {
    const key = term.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    terms.push(term);
    if (terms.length === count) break;
  }
  if (terms.length < count) throw new Error(`only ${terms.length} distinct terms`);
  return terms;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

function get(base: URL, pathname: string, cookie: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: base.hostname,
        port: base.port,
        path: pathname,
        agent,
        headers: { cookie, accept: 'application/json' },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
        );
      },
    );
    request.on('error', reject);
  });
}

async function signIn(base: URL, email: string, password: string): Promise<string> {
  const jar = new Map<string, string>();
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  remember(await fetch(new URL('/app/sanctum/csrf-cookie', base)));
  const token = jar.get(CSRF_COOKIE);
  if (!token) throw new Error('no XSRF-TOKEN cookie');
  const login = await fetch(new URL('/app/login', base), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      cookie: header(),
      [CSRF_HEADER]: decodeURIComponent(token),
    },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  remember(login);
  return header();
}

/**
 * A write by the signed-in owner that changes nothing (their own name, sent again): every answer the server keeps
 * for the team (searches, list orders, totals, pages) is kept under the team's write version, which any write moves.
 */
async function touchTeam(base: URL, cookie: string) {
  const csrf = decodeURIComponent(new RegExp(`(?:^|; )${CSRF_COOKIE}=([^;]*)`).exec(cookie)?.[1] ?? '');
  const headers = {
    cookie,
    accept: 'application/json',
    'content-type': 'application/json',
    [CSRF_HEADER]: csrf,
  };
  const me = (await (await fetch(new URL(`${API}/users/auth`, base), { headers })).json()) as {
    data: { name: string; email: string };
  };
  const response = await fetch(new URL(`${API}/users/profile`, base), {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ name: me.data.name, email: me.data.email }),
  });
  if (response.status !== 200) throw new Error(`profile: ${response.status} ${await response.text()}`);
}

type Job = { route: string; path: string };
/** Each term asked of every route, term after term. */
const everyRoute = (terms: string[]): Job[] =>
  terms.flatMap((term) => ROUTES.map((r) => ({ route: r.name, path: r.path(term) })));
/** One request's time, its path and its place in the round's order of asking. */
type Timed = { ms: number; path: string; at: number };
/** A round's latencies, ascending. */
const ascending = (values: Timed[]) => values.map((v) => v.ms).sort((a, b) => a - b);

/** Every job once, `CONNECTIONS` at a time; the latencies by route. */
async function round(base: URL, cookie: string, jobs: Job[]) {
  const byRoute = new Map<string, Timed[]>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < jobs.length) {
        const at = next++;
        const job = jobs[at]!;
        const { status, ms } = await get(base, job.path, cookie);
        if (status !== 200) throw new Error(`${job.path}: ${status}`);
        let list = byRoute.get(job.route);
        if (!list) byRoute.set(job.route, (list = []));
        list.push({ ms, path: job.path, at });
      }
    }),
  );
  return { byRoute, seconds: (performance.now() - started) / 1000 };
}

/** Prints a round's latencies by route and overall; returns its overall p95. */
function report(title: string, result: Awaited<ReturnType<typeof round>>): number {
  const row = (name: string, values: Timed[]) => {
    const sorted = ascending(values);
    const f = (p: number) => percentile(sorted, p).toFixed(1).padStart(7);
    return `  ${name.padEnd(20)} ${String(values.length).padStart(5)}  ${f(50)} ${f(95)} ${f(99)}`;
  };
  const all = [...result.byRoute.values()].flat();
  console.log(
    `\n${title}: ${all.length} requests in ${result.seconds.toFixed(1)} s, ${CONNECTIONS} connections`,
  );
  console.log(
    `  ${'route'.padEnd(20)} ${'n'.padStart(5)}  ${'p50 ms'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)}`,
  );
  for (const [name, values] of result.byRoute) console.log(row(name, values));
  console.log(row('all', all));
  // Where in the round the slow requests were: a tail made at its start (caches and orders still cold) reads
  // differently from one spread over it (the machine's load).
  const fifths = Array.from({ length: 5 }, (_, i) =>
    all
      .filter((t) => Math.floor((t.at * 5) / all.length) === i)
      .map((t) => t.ms)
      .sort((a, b) => a - b),
  );
  console.log(
    `  p95 by fifth of the round, in the order asked: ${fifths.map((f) => percentile(f, 95).toFixed(1)).join(', ')} ms`,
  );
  const slowest = all.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST);
  if (slowest.length)
    console.log(`  slowest: ${slowest.map((t) => `${t.path} ${t.ms.toFixed(0)} ms`).join('; ')}`);
  return percentile(ascending(all), 95);
}

const WORKERS = process.env.BENCH_SEARCH_WORKERS ? Number(process.env.BENCH_SEARCH_WORKERS) : null;

type StartedServer = { url: string; stop: () => Promise<unknown> };

async function startServer(): Promise<StartedServer> {
  let databaseUrl = process.env.BENCH_APP_DATABASE_URL;
  if (!databaseUrl) {
    const dataset = await ensureDataset((line) => console.log(line));
    await ensureContracts(dataset.databaseUrl, dataset.email, (line) => console.log(line));
    databaseUrl = dataset.databaseUrl;
  }
  const server = await launchServer(databaseUrl);
  const delivered = await markQueuedMailDelivered(databaseUrl);
  if (delivered) console.log(`(${delivered.toLocaleString('en')} queued mails marked delivered first)`);
  return server;
}

/** The built server with BENCH_SEARCH_WORKERS, else bench/server.ts from the sources. */
async function launchServer(databaseUrl: string): Promise<StartedServer> {
  const here = import.meta.dirname;
  if (WORKERS !== null) {
    if (!Number.isInteger(WORKERS) || WORKERS < 1)
      throw new Error('BENCH_SEARCH_WORKERS takes a whole number');
    const cpus = serverCpus(WORKERS);
    const app = await startApp({
      databaseUrl,
      dataDir: path.join(here, '..', '.tmp', 'bench', 'search-data'),
      cpus,
      workers: WORKERS,
      nodeArgs: cpuProfileArgs(),
    });
    console.log(`(the built server, ${WORKERS} worker${WORKERS === 1 ? '' : 's'} on cores ${cpus})`);
    return { url: app.url, stop: app.stop };
  }
  const child = fork(path.join(here, 'server.ts'), [], {
    execArgv: ['--import', 'tsx', '--no-warnings', ...cpuProfileArgs()],
    env: {
      ...process.env,
      BENCH_APP_DATABASE_URL: databaseUrl,
      BENCH_DATA_DIR: path.join(here, '..', '.tmp', 'bench', 'search-data'),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<FromServer>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    child.once('message', resolve);
  });
  if (ready.type !== 'ready') throw new Error('unexpected message from the bench server');
  // Background work after the server listens (the occupancy refresh, the trash purge, PostgreSQL's own follow-ups)
  // could run into the measured round: it starts once the server and the database are quiet, as startApp's do.
  await settleWith(child.pid!, databaseUrl);
  return {
    url: `http://127.0.0.1:${ready.appPort}`,
    stop: async () => child.disconnect(),
  };
}

async function main() {
  if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error('BENCH_SEARCH_ROUNDS takes a whole number');
  const started = process.env.BENCH_URL ? null : await startServer();
  try {
    const base = new URL(process.env.BENCH_URL ?? started!.url);
    const cookie = await signIn(
      base,
      process.env.BENCH_EMAIL ?? OWNER_EMAIL,
      process.env.BENCH_PASSWORD ?? PASSWORD,
    );
    // Warm the request path (JIT, pools, and the response serializers, which compile the parts a row with data
    // takes on first use) with a term that finds nothing, each list unsearched, and a global search with hits on
    // a term outside the measured ones. No list is searched with hits: the first dense search of each list
    // still reads the list's order (SQLite, platform/list.ts) inside the measured round.
    const terms = searchTerms(TERMS + 1);
    const outside = terms.pop()!;
    const warm = ROUTES.flatMap((r) =>
      ['zzwarm', r.name === 'global search' ? outside : ''].flatMap((term) =>
        Array.from({ length: 20 }, () => ({ route: r.name, path: r.path(term) })),
      ),
    );
    await round(base, cookie, warm);
    if (process.env.BENCH_SEARCH_WARM_PROCESS) {
      const others = [...FIRST_NAMES.slice(40, 190), ...BRAND_ADJECTIVES.slice(15), ...BRAND_NOUNS.slice(15)];
      await round(base, cookie, everyRoute(others));
      await touchTeam(base, cookie);
    }
    // Term after term, every route for each: what a user typing into the global search and the lists does.
    const jobs = everyRoute(terms);
    const firstTime = [
      report(
        `First-time (${terms.length} distinct terms × ${ROUTES.length} routes)`,
        await round(base, cookie, jobs),
      ),
    ];
    report('Repeated (the same requests again)', await round(base, cookie, jobs));
    for (let n = 2; n <= ROUNDS; n++) {
      await touchTeam(base, cookie);
      firstTime.push(
        report(`First-time again after a write (round ${n} of ${ROUNDS})`, await round(base, cookie, jobs)),
      );
    }
    if (ROUNDS > 1) {
      const later = firstTime.slice(1).sort((a, b) => a - b);
      const middle = later.length / 2;
      const median =
        later.length % 2 ? later[Math.floor(middle)]! : (later[middle - 1]! + later[middle]!) / 2;
      console.log(
        `\nFirst-time p95 by round: ${firstTime.map((p) => p.toFixed(1)).join(', ')} ms; median of rounds 2–${ROUNDS}: ${median.toFixed(1)} ms`,
      );
    }
  } finally {
    agent.destroy();
    await started?.stop();
  }
}

if (import.meta.filename === process.argv[1])
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
