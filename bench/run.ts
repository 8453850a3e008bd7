/**
 * `npm run bench`: generates (or reuses) the data set, starts the built server (apps/server/dist/main.js, as
 * production runs it) and a bare Fastify route (bench/bare.mjs), signs in as the big team's owner through the real CSRF + login flow, then measures
 * each endpoint with autocannon on 127.0.0.1 and the CSV export with one request.
 *
 * Environment: BENCH_DATABASE_URL=postgres://… (PostgreSQL instead of SQLite), BENCH_DURATION (seconds
 * per endpoint, default 5), BENCH_CONNECTIONS (default 10), BENCH_REGENERATE=1 (ignore the cache),
 * BENCH_ONLY=<regex> (only the endpoints whose name matches, plus the bare route).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { API_BASE, CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@storekeep/contracts';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { ensureDataset, FRANCHISEE_EMAIL, GENERATOR_VERSION, type Dataset } from './generate';
import { DOC_COMMON_WORD, DOC_HALF_WORD, DOC_RARE_WORD } from './documents';
import { RARE_WORD } from './words';
import { CONTRACT_COUNTS, ensureContracts, measureScan, type ScanResult } from './contracts';
import { measureImport, type ImportResult } from './import';
import { percentile } from './open-loop';
import { buildServer, cpuProfileArgs, sampleRss, startApp, startBare, type BenchProcess } from './processes';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Everything after generation must end well inside this; a hung run is killed, not waited for. */
const RUN_LIMIT_MS = 8 * 60_000;
const HOST = '127.0.0.1';
const here = import.meta.dirname;

const TARGETS = {
  importSeconds: 30,
  importP95: 100,
  listP95: 25,
  searchP95: 50,
  documentListP95: 50,
  documentSearchP95: 60,
  dashboardP95: 50,
  scanSeconds: 30,
  exportSeconds: 5,
  ratio: 0.26,
};

type Kind = 'ceiling' | 'light' | 'list' | 'search' | 'document-list' | 'document-search' | 'dashboard';
/** `as: 'franchisee'`: asked as the big team's franchisee member (limited to its companies), not the owner. */
type Endpoint = { name: string; path: string; kind: Kind; server?: 'app' | 'bare'; as?: 'franchisee' };
type Measured = Endpoint & {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  errors: number;
  check: string;
};

const STORES = `${API_BASE}/stores`;
const DOCUMENTS = `${API_BASE}/documents`;
const ENDPOINTS: Endpoint[] = [
  { name: 'bare Fastify route (ceiling)', path: '/bare', kind: 'ceiling', server: 'bare' },
  { name: 'GET /healthz (no session)', path: '/healthz', kind: 'light' },
  { name: 'GET users/auth (session only)', path: `${API_BASE}/users/auth`, kind: 'light' },
  { name: 'stores (default: name asc)', path: STORES, kind: 'list' },
  { name: 'stores sort=name desc', path: `${STORES}?sort=name&direction=desc`, kind: 'list' },
  ...['store_number', 'status', 'city', 'opening_date', 'created_at', 'updated_at'].map((sort): Endpoint => ({
    name: `stores sort=${sort}`,
    path: `${STORES}?sort=${sort}`,
    kind: 'list',
  })),
  { name: 'stores filters[status]=open', path: `${STORES}?filters[status]=open`, kind: 'list' },
  {
    name: 'stores filters[region]=Texas sort=city (extra)',
    path: `${STORES}?filters[region]=Texas&sort=city`,
    kind: 'list',
  },
  { name: 'stores search=denver', path: `${STORES}?search=denver`, kind: 'list' },
  { name: 'stores search=market (half, extra)', path: `${STORES}?search=market`, kind: 'list' },
  {
    name: 'stores page=2000 per_page=25 sort=name',
    path: `${STORES}?page=2000&per_page=25&sort=name`,
    kind: 'list',
  },
  { name: 'stores as a franchisee (its ~50 stores)', path: STORES, kind: 'list', as: 'franchisee' },
  { name: 'contacts (default)', path: `${API_BASE}/contacts`, kind: 'list' },
  { name: 'companies (default)', path: `${API_BASE}/companies`, kind: 'list' },
  {
    name: `search query=${RARE_WORD.toLowerCase()} (few)`,
    path: `${API_BASE}/search?query=${RARE_WORD.toLowerCase()}`,
    kind: 'search',
  },
  { name: 'search query=market (half)', path: `${API_BASE}/search?query=market`, kind: 'search' },
  // The documents (BENCH_DOCUMENTS of them, ~2 KB of text each) in the big team.
  { name: 'documents (default: newest first)', path: DOCUMENTS, kind: 'document-list' },
  {
    name: `documents search=${DOC_RARE_WORD} (1 in 10,000)`,
    path: `${DOCUMENTS}?search=${DOC_RARE_WORD}`,
    kind: 'document-list',
  },
  {
    name: `documents search=${DOC_COMMON_WORD} (1 in 100)`,
    path: `${DOCUMENTS}?search=${DOC_COMMON_WORD}`,
    kind: 'document-list',
  },
  {
    name: `documents search=${DOC_HALF_WORD} (half, extra)`,
    path: `${DOCUMENTS}?search=${DOC_HALF_WORD}`,
    kind: 'document-list',
  },
  {
    name: `search query=${DOC_RARE_WORD} (documents, few)`,
    path: `${API_BASE}/search?query=${DOC_RARE_WORD}`,
    kind: 'document-search',
  },
  {
    name: `search query=${DOC_HALF_WORD} (half the documents)`,
    path: `${API_BASE}/search?query=${DOC_HALF_WORD}`,
    kind: 'document-search',
  },
  // Leases, agreements and reminders (bench/contracts.ts).
  { name: 'dashboard', path: `${API_BASE}/dashboard`, kind: 'dashboard' },
  // The occupancy ranking reads the stored ratios (decision 0027): the top ten and their brands' medians.
  { name: 'dashboard occupancy ranking', path: `${API_BASE}/dashboard/occupancy`, kind: 'dashboard' },
  {
    name: 'reminders incomplete (inbox)',
    path: `${API_BASE}/reminders?filters[status]=incomplete`,
    kind: 'list',
  },
  { name: 'reminders completed', path: `${API_BASE}/reminders?filters[status]=completed`, kind: 'list' },
  // The inbox's default order is the due date ascending, overdue first; the Overdue tab and the tab counts.
  {
    name: 'reminders overdue (tab)',
    path: `${API_BASE}/reminders?filters[status]=incomplete&filters[state]=overdue`,
    kind: 'list',
  },
  {
    name: 'reminders latest first',
    path: `${API_BASE}/reminders?filters[status]=incomplete&direction=desc`,
    kind: 'list',
  },
  { name: 'reminders counts', path: `${API_BASE}/reminders/counts`, kind: 'list' },
  {
    name: 'reminders of one lease',
    path: `${API_BASE}/reminders?filters[subject_type]=lease&filters[subject_id]=4242`,
    kind: 'list',
  },
  { name: 'leases (default)', path: `${API_BASE}/leases`, kind: 'list' },
  { name: 'agreements (default)', path: `${API_BASE}/agreements`, kind: 'list' },
];

const log = (line: string) => console.log(line);

async function main() {
  log(
    `Storekeep bench — generator v${GENERATOR_VERSION}, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`,
  );
  const dataset = await ensureDataset(log);
  await ensureContracts(dataset.databaseUrl, dataset.email, log);
  log(
    dataset.generatedNow
      ? `Generated the data set in ${dataset.seconds.toFixed(1)} s`
      : 'Reusing the cached data set',
  );

  const watchdog = setTimeout(() => {
    console.error(`bench: still running after ${RUN_LIMIT_MS / 60_000} minutes; stopping`);
    process.exit(2);
  }, RUN_LIMIT_MS);
  watchdog.unref();

  const server = await startServer(dataset);
  try {
    const appUrl = `http://${HOST}:${server.appPort}`;
    const bareUrl = `http://${HOST}:${server.barePort}`;
    const session = await signIn(appUrl, dataset);
    const cookie = session.cookie;
    const franchiseeCookie = (await signIn(appUrl, { ...dataset, email: FRANCHISEE_EMAIL })).cookie;
    const results: Measured[] = [];
    const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
    // The server process starts cold: V8 compiles the request path under the first seconds of load, which
    // would be charged to whichever endpoint comes first (stores default: p95 30 ms first, 15–19 ms later).
    // Three seconds of that list, not counted.
    await measure(
      appUrl + ENDPOINTS.find((e) => e.server !== 'bare')!.path,
      cookie,
      new Promise((resolve) => setTimeout(resolve, WARMUP_MS)),
    );
    for (const endpoint of ENDPOINTS.filter((e) => e.kind === 'ceiling' || !only || only.test(e.name))) {
      const base = endpoint.server === 'bare' ? bareUrl : appUrl;
      const as = endpoint.as === 'franchisee' ? franchiseeCookie : cookie;
      const check = await probe(base + endpoint.path, as);
      const measured = await measure(base + endpoint.path, as);
      results.push({ ...endpoint, ...measured, check });
      log(
        `  ${endpoint.name.padEnd(42)} ${measured.rps.toFixed(0).padStart(6)} req/s  p50 ${measured.p50.toFixed(1)} ms  p95 ${measured.p95.toFixed(1)} ms  (${check})`,
      );
    }
    // With BENCH_ONLY the export runs only when the pattern names it ("export").
    const exported: Export[] = [];
    if (!only || only.test('export')) {
      for (const format of ['csv', 'xlsx'] as const) {
        const measured = await measureExport(appUrl, cookie, server, format);
        exported.push(measured);
        log(
          `  ${format} export of all stores: ${measured.seconds.toFixed(2)} s, ${(measured.bytes / 1e6).toFixed(1)} MB, RSS +${mb(measured.peak - measured.before)} MB peak`,
        );
      }
    }

    const uploads = !only || only.test('upload') ? await measureUploads(appUrl, session, server) : null;
    if (uploads)
      log(
        `  ${UPLOAD_FILES} uploads of 1 MB: ${uploads.seconds.toFixed(2)} s (${(UPLOAD_FILES / uploads.seconds).toFixed(1)} files/s), RSS +${mb(uploads.peak - uploads.before)} MB peak`,
      );
    const extraction = !only || only.test('extraction') ? await measureExtraction(appUrl, session) : null;
    if (extraction)
      log(
        `  ${PDF_PAGES}-page PDF extracted in ${extraction.seconds.toFixed(1)} s; ${EXTRACTION_PROBE.name} p95 ${extraction.before.p95.toFixed(1)} ms before, ${extraction.during.p95.toFixed(1)} ms during`,
      );

    const scan =
      !only || only.test('scan')
        ? await measureScan(dataset.databaseUrl, path.join(here, '..', '.tmp', 'bench', 'scan-data'))
        : null;
    if (scan)
      log(
        `  daily job: ${scan.claimed} notices claimed, ${scan.escalated} escalations, ${scan.transitions} status transitions, ${scan.digests} digests in ${scan.seconds.toFixed(2)} s`,
      );

    const imported =
      !only || only.test('import')
        ? await measureImport(path.join(here, '..', '.tmp', 'bench', 'import'))
        : null;
    if (imported)
      log(
        `  import of ${imported.rows} stores: ${imported.seconds.toFixed(1)} s; list p95 ${imported.p95.toFixed(1)} ms meanwhile`,
      );

    const report =
      renderReport(dataset, results, exported, uploads, extraction) +
      scanReport(scan) +
      importReport(imported);
    console.log(`\n${report}`);
    if (only) log('\nBENCH_ONLY is set: bench/results/latest.md left as it was');
    else writeResults(dataset.dialect, report);
  } finally {
    await server.stop();
    clearTimeout(watchdog);
  }
}

// ---------- the server process ----------

type Server = { app: BenchProcess; appPort: number; barePort: number; stop(): Promise<void> };

async function startServer(dataset: Dataset): Promise<Server> {
  const dataDir = path.join(here, '..', '.tmp', 'bench', 'data');
  // Files uploaded by earlier runs (their documents were deleted again at the end of those runs).
  fs.rmSync(path.join(dataDir, 'files'), { recursive: true, force: true });
  buildServer();
  const bare = await startBare(null);
  const app = await startApp({
    databaseUrl: dataset.databaseUrl,
    dataDir,
    nodeArgs: cpuProfileArgs(),
  });
  return {
    app,
    appPort: app.port,
    barePort: bare.port,
    stop: async () => void (await Promise.all([app.stop(), bare.stop()])),
  };
}

// ---------- signing in like the SPA ----------

function cookiesOf(response: Response, jar: Map<string, string>) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const index = pair!.indexOf('=');
    jar.set(pair!.slice(0, index).trim(), pair!.slice(index + 1).trim());
  }
}

type Session = { cookie: string; csrf: string };

async function signIn(appUrl: string, dataset: Dataset): Promise<Session> {
  const jar = new Map<string, string>();
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const csrf = await fetch(`${appUrl}/app/sanctum/csrf-cookie`);
  cookiesOf(csrf, jar);
  const token = jar.get(CSRF_COOKIE);
  if (!token) throw new Error('no XSRF-TOKEN cookie from /app/sanctum/csrf-cookie');
  const login = await fetch(`${appUrl}/app/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      cookie: header(),
      [CSRF_HEADER]: decodeURIComponent(token),
    },
    body: JSON.stringify({ email: dataset.email, password: dataset.password }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  cookiesOf(login, jar);
  if (!jar.has(SESSION_COOKIE)) throw new Error('no session cookie after login');
  return { cookie: header(), csrf: decodeURIComponent(jar.get(CSRF_COOKIE)!) };
}

// ---------- measuring ----------

/** One request before the load: the endpoint must answer 200, and a list must see the big team. */
async function probe(url: string, cookie: string): Promise<string> {
  const response = await fetch(url, { headers: { cookie, accept: 'application/json' } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${text.slice(0, 300)}`);
  const body = JSON.parse(text) as { meta?: { total: number }; data?: unknown };
  if (body.meta) return `total ${body.meta.total}`;
  if (Array.isArray(body.data))
    return (
      (body.data as Array<{ type: string; data: unknown[] }>)
        .map((g) => `${g.type} ${g.data.length}`)
        .join(', ') || 'no hits'
    );
  return '200';
}

/** Load on one URL for DURATION seconds, or until `until` settles when it is given. */
const WARMUP_MS = 3_000;

async function measure(url: string, cookie: string, until?: Promise<unknown>) {
  const times: number[] = [];
  let errors = 0;
  const started = performance.now();
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    duration: until ? 300 : DURATION,
    timeout: 10,
    headers: { cookie, accept: 'application/json' },
  });
  void until?.finally(() => instance.stop());
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode === 200) times.push(responseTime);
    else errors++;
  });
  const result = await instance;
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  errors += result.errors + result.timeouts;
  if (errors) throw new Error(`${url}: ${errors} errors or non-200 answers under load`);
  return {
    rps: times.length / seconds,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    requests: times.length,
    errors,
  };
}

type Export = {
  format: 'csv' | 'xlsx';
  seconds: number;
  rows: number | null;
  bytes: number;
  before: number;
  peak: number;
  after: number;
};

/** One export request of every store, timed to its last byte, with the server's RSS sampled meanwhile. */
async function measureExport(
  appUrl: string,
  cookie: string,
  server: Server,
  format: 'csv' | 'xlsx',
): Promise<Export> {
  await new Promise((resolve) => setTimeout(resolve, 500));
  const sampler = sampleRss(server.app.child.pid!);
  const started = performance.now();
  const response = await fetch(`${appUrl}${STORES}/export?format=${format}`, {
    headers: { cookie },
    signal: AbortSignal.timeout(120_000),
  });
  if (response.status !== 200 || !response.body) throw new Error(`export: ${response.status}`);
  let bytes = 0;
  let newlines = 0;
  for await (const chunk of response.body) {
    bytes += chunk.length;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) newlines++;
  }
  const seconds = (performance.now() - started) / 1000;
  const memory = sampler.stop();
  // Header line excluded; CSV fields generated here contain no line breaks. An XLSX is a zip: not counted.
  return {
    format,
    seconds,
    rows: format === 'csv' ? newlines - 1 : null,
    bytes,
    before: memory.before,
    peak: memory.peak,
    after: memory.after,
  };
}

// ---------- documents: uploads and background extraction ----------

const UPLOAD_FILES = Number(process.env.BENCH_UPLOAD_FILES ?? 100);
const UPLOAD_CONCURRENCY = 4;
const PDF_PAGES = 200;
const EXTRACTION_PROBE = ENDPOINTS.find((e) => e.name.startsWith('stores (default'))!;

type Uploads = { seconds: number; before: number; peak: number; after: number };
type Extraction = {
  seconds: number;
  bytes: number;
  status: string;
  before: Awaited<ReturnType<typeof measure>>;
  during: Awaited<ReturnType<typeof measure>>;
};

async function upload(
  appUrl: string,
  session: Session,
  name: string,
  content: Uint8Array,
  type: string,
): Promise<number> {
  const form = new FormData();
  form.append('title', name);
  form.append('file', new Blob([content], { type }), name);
  const response = await fetch(`${appUrl}${DOCUMENTS}`, {
    method: 'POST',
    headers: { cookie: session.cookie, [CSRF_HEADER]: session.csrf, accept: 'application/json' },
    body: form,
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`upload ${name}: ${response.status} ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { data: { id: number } }).data.id;
}

/** Soft-deletes what the run uploaded, so the cached data set keeps its counts. */
async function removeDocuments(appUrl: string, session: Session, ids: number[]) {
  for (const id of ids) {
    const response = await fetch(`${appUrl}${DOCUMENTS}/${id}`, {
      method: 'DELETE',
      headers: { cookie: session.cookie, [CSRF_HEADER]: session.csrf, accept: 'application/json' },
    });
    await response.arrayBuffer();
  }
}

/** 100 files of 1 MB (random bytes: stored, hashed, not extracted), 4 at a time, with the server's RSS sampled. */
async function measureUploads(appUrl: string, session: Session, server: Server): Promise<Uploads> {
  const ids: number[] = [];
  const sampler = sampleRss(server.app.child.pid!);
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: UPLOAD_CONCURRENCY }, async () => {
      while (next < UPLOAD_FILES) {
        const n = next++;
        ids.push(
          await upload(
            appUrl,
            session,
            `bench-upload-${n}.bin`,
            randomBytes(1024 * 1024),
            'application/octet-stream',
          ),
        );
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const memory = sampler.stop();
  await removeDocuments(appUrl, session, ids);
  return { seconds, before: memory.before, peak: memory.peak, after: memory.after };
}

async function makePdf(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = pdf.addPage([612, 792]);
    for (let line = 0; line < 45; line++)
      page.drawText(
        `Page ${p + 1}, clause ${line + 1}: the tenant shall keep the premises in good repair and pay rent monthly.`,
        {
          x: 40,
          y: 760 - line * 16,
          size: 10,
          font,
        },
      );
  }
  return pdf.save();
}

/** A list endpoint under load just before, then while, a 200-page PDF's text is extracted in the background. */
async function measureExtraction(appUrl: string, session: Session): Promise<Extraction> {
  const pdf = await makePdf(PDF_PAGES);
  const url = appUrl + EXTRACTION_PROBE.path;
  const before = await measure(url, session.cookie);
  const started = performance.now();
  const id = await upload(appUrl, session, 'bench-200-pages.pdf', pdf, 'application/pdf');
  let status = 'pending';
  const done = (async () => {
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      const response = await fetch(`${appUrl}${DOCUMENTS}/${id}`, {
        headers: { cookie: session.cookie, accept: 'application/json' },
      });
      status = ((await response.json()) as { data: { text_status: string } }).data.text_status;
      if (status !== 'pending') return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const during = await measure(url, session.cookie, done);
  await done;
  const seconds = (performance.now() - started) / 1000;
  await removeDocuments(appUrl, session, [id]);
  return { seconds, bytes: pdf.length, status, before, during };
}

// ---------- reporting ----------

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

function verdict(m: Measured): string {
  const extra = m.name.includes('extra');
  const against = (target: number) =>
    extra
      ? `(extra; ${m.p95 <= target ? 'within' : 'over'} ${target} ms)`
      : m.p95 <= target
        ? `met (p95 ≤ ${target} ms)`
        : `**missed** (p95 > ${target} ms)`;
  if (m.kind === 'document-list') return against(TARGETS.documentListP95);
  if (m.kind === 'dashboard') return against(TARGETS.dashboardP95);
  if (m.kind === 'document-search') return against(TARGETS.documentSearchP95);
  if (m.kind === 'list') return m.p95 <= TARGETS.listP95 ? 'met (p95 ≤ 25 ms)' : '**missed** (p95 > 25 ms)';
  if (m.kind === 'search')
    return m.p95 <= TARGETS.searchP95 ? 'met (p95 ≤ 50 ms)' : '**missed** (p95 > 50 ms)';
  return '';
}

function renderReport(
  dataset: Dataset,
  results: Measured[],
  exported: Export[],
  uploads: Uploads | null,
  extraction: Extraction | null,
): string {
  const ceiling = results.find((r) => r.kind === 'ceiling')!.rps;
  const cpus = os.cpus();
  const lines = [
    `### ${dataset.dialect === 'sqlite' ? 'SQLite (node:sqlite)' : 'PostgreSQL'} — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB RAM, ${os.type()} ${os.release()}, Node ${process.version}; ` +
      `autocannon ${CONNECTIONS} connections × ${DURATION} s per endpoint on 127.0.0.1, server in its own process. ` +
      `Data: one team of ${dataset.counts.stores.toLocaleString('en')} stores, ${dataset.counts.contacts.toLocaleString('en')} contacts, ` +
      `${dataset.counts.companies.toLocaleString('en')} companies, ${dataset.counts.brands.toLocaleString('en')} brands (+1% deleted), ` +
      `${dataset.counts.documents.toLocaleString('en')} documents with ~2 KB of text each, and 20 noise teams (generator v${GENERATOR_VERSION}).`,
    '',
    'p50 and p95 are exact percentiles of every 200 response time of the run (not autocannon’s histogram buckets); ratio = req/s ÷ the bare route’s req/s in the same run.',
    '',
    '| Endpoint | req/s | p50 ms | p95 ms | p99 ms | ratio | answer | target |',
    '|---|---:|---:|---:|---:|---:|---|---|',
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${(r.rps / ceiling).toFixed(2)} | ${r.check} | ${verdict(r)} |`,
    ),
  ];
  for (const measured of exported)
    lines.push(
      '',
      `${measured.format.toUpperCase()} export of all ${measured.rows === null ? '' : `${measured.rows.toLocaleString('en')} `}stores (one request): **${measured.seconds.toFixed(2)} s**, ${(measured.bytes / 1e6).toFixed(1)} MB; ` +
        `server RSS ${mb(measured.before)} MB before, ${mb(measured.peak)} MB peak (+${mb(measured.peak - measured.before)} MB), ${mb(measured.after)} MB after — ` +
        `${measured.seconds <= TARGETS.exportSeconds ? 'met' : '**missed**'} (≤ 5 s with flat memory).`,
    );
  if (uploads)
    lines.push(
      '',
      `Upload of ${UPLOAD_FILES} files of 1 MB (${UPLOAD_CONCURRENCY} at a time, multipart, local storage): **${uploads.seconds.toFixed(2)} s**, ` +
        `${(UPLOAD_FILES / uploads.seconds).toFixed(1)} files/s (${(UPLOAD_FILES / uploads.seconds).toFixed(1)} MB/s); ` +
        `server RSS ${mb(uploads.before)} MB before, ${mb(uploads.peak)} MB peak (+${mb(uploads.peak - uploads.before)} MB), ${mb(uploads.after)} MB after.`,
    );
  if (extraction)
    lines.push(
      '',
      `Text extraction of a ${PDF_PAGES}-page PDF (${(extraction.bytes / 1e6).toFixed(1)} MB, generated with pdf-lib) in the background: done in **${extraction.seconds.toFixed(1)} s** ` +
        `(status ${extraction.status}); ${EXTRACTION_PROBE.name} meanwhile: p95 **${extraction.during.p95.toFixed(1)} ms** (p50 ${extraction.during.p50.toFixed(1)}, ${extraction.during.rps.toFixed(0)} req/s, ` +
        `${extraction.during.requests} requests) against p95 ${extraction.before.p95.toFixed(1)} ms just before, without extraction.`,
    );
  const lists = results.filter((r) => r.kind !== 'ceiling');
  const worstRatio = Math.min(...lists.map((r) => r.rps / ceiling));
  const light = results.filter((r) => r.kind === 'light');
  const lightRatio = Math.max(...light.map((r) => r.rps / ceiling));
  // A run limited by BENCH_ONLY may leave /healthz out: then there is no figure to hold to the target.
  const lightNote = light.length
    ? `the app without a session (/healthz) ${lightRatio.toFixed(2)} (${lightRatio > TARGETS.ratio ? 'met' : '**missed**'}); `
    : '';
  if (lists.length)
    lines.push(
      '',
      `Ratio target (> ${TARGETS.ratio} of the bare route): ${lightNote}lowest of all app routes ${worstRatio.toFixed(2)}.`,
    );
  return lines.join('\n');
}

function scanReport(scan: ScanResult | null): string {
  const counts = `${CONTRACT_COUNTS.leases.toLocaleString('en')} leases, ${CONTRACT_COUNTS.agreements.toLocaleString('en')} franchise agreements and ${CONTRACT_COUNTS.reminders.toLocaleString('en')} reminders in the big team (bench/contracts.ts)`;
  if (!scan) return `\n\nContracts: ${counts}.`;
  return (
    `\n\nContracts: ${counts}. The daily job over the whole database (claim every notice due, mail the last week's at once, ` +
    `escalate missed deadlines, move expired leases, agreements and lapsed options, send the day's digests; ${scan.openReminders.toLocaleString('en')} open reminders): **${scan.seconds.toFixed(2)} s** for ` +
    `${scan.claimed.toLocaleString('en')} notices, ${scan.escalated.toLocaleString('en')} escalations, ${scan.transitions.toLocaleString('en')} status changes and ${scan.digests} digest e-mails — ${scan.seconds <= TARGETS.scanSeconds ? 'met' : '**missed**'} (≤ ${TARGETS.scanSeconds} s).`
  );
}

function importReport(result: ImportResult | null): string {
  if (!result) return '';
  const met = (ok: boolean) => (ok ? 'met' : '**missed**');
  return (
    `\n\nImport (bench/import.ts, a fresh database of its own): ${result.rows.toLocaleString('en')}-row stores CSV end to end (upload, checks, ` +
    `batched writes with search index) **${result.seconds.toFixed(1)} s** — ${met(result.seconds <= TARGETS.importSeconds)} (≤ ${TARGETS.importSeconds} s); ` +
    `a stores list page of the same team at ${result.rate} req/s (open loop: sent when due, timed from then) meanwhile: p50 ${result.p50.toFixed(1)} ms, **p95 ${result.p95.toFixed(1)} ms** — ` +
    `${met(result.p95 <= TARGETS.importP95)} (≤ ${TARGETS.importP95} ms).`
  );
}

function writeResults(dialect: Dataset['dialect'], report: string) {
  const file = path.join(here, 'results', 'latest.md');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const start = `<!-- ${dialect}:start -->`;
  const end = `<!-- ${dialect}:end -->`;
  let text = fs.existsSync(file)
    ? fs.readFileSync(file, 'utf8')
    : '# Latest benchmark results\n\nWritten by `npm run bench` (bench/run.ts); each database’s section is replaced by its latest run.\n';
  const section = `${start}\n${report}\n${end}`;
  const pattern = new RegExp(`${start}[\\s\\S]*?${end}`);
  text = pattern.test(text) ? text.replace(pattern, section) : `${text.trimEnd()}\n\n${section}\n`;
  fs.writeFileSync(file, text);
  log(`\nWritten to ${path.relative(process.cwd(), file)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
