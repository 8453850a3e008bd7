import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type LabelValues } from 'prom-client';
import { observeQueries, type DatabaseHandle } from './db';
import type { JobObserver } from './jobs';

export type Metrics = {
  registry: Registry;
  /** Handed to the job runner: counts and times every job by kind. */
  observeJob: JobObserver;
  /** Stops observing the database (the handle may outlive this app: tests, a second instance). */
  close(): void;
};

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const DB_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];
const JOB_BUCKETS = [0.01, 0.1, 0.5, 1, 5, 15, 60, 300, 900];
/** How many observations of one series wait before they are handed to the histogram. */
const BATCH = 256;

/**
 * A histogram whose observations are held per series and handed to prom-client in batches: when a series has
 * BATCH waiting, and before every read of the histogram (its `collect`, which a scrape runs), so what is
 * exported is exactly what was observed. prom-client builds, checks and hashes the labels of every call; in a
 * busy process that cost a small answer ~7% of its throughput (bench/README), against a Map lookup and a store
 * here. `key` names the series (one string per distinct set of labels); its labels are read the first time.
 */
export type BatchedHistogram<L extends string> = {
  observe(key: string, labels: LabelValues<L>, seconds: number): void;
};

export function batchedHistogram<L extends string>(
  options: ConstructorParameters<typeof Histogram<L>>[0],
): BatchedHistogram<L> & { histogram: Histogram<L> } {
  type Series = { labels: LabelValues<L>; values: Float64Array; size: number };
  const series = new Map<string, Series>();
  const handOver = (waiting: Series) => {
    for (let i = 0; i < waiting.size; i++) histogram.observe(waiting.labels, waiting.values[i]!);
    waiting.size = 0;
  };
  const histogram: Histogram<L> = new Histogram<L>({
    ...options,
    collect() {
      for (const waiting of series.values()) handOver(waiting);
    },
  });
  return {
    histogram,
    observe(key, labels, seconds) {
      let waiting = series.get(key);
      if (!waiting) series.set(key, (waiting = { labels, values: new Float64Array(BATCH), size: 0 }));
      waiting.values[waiting.size++] = seconds;
      if (waiting.size === BATCH) handOver(waiting);
    },
  };
}

const STATEMENTS = new Set(['select', 'insert', 'update', 'delete', 'with']);
const TRANSACTION = new Set(['begin', 'commit', 'rollback', 'savepoint', 'release']);

/** A statement's kind from its first word: a label with a handful of values, never the SQL itself. */
function operationOf(text: string): string {
  const word = /^\s*\(?\s*([a-z]+)/i.exec(text)?.[1]?.toLowerCase() ?? '';
  if (STATEMENTS.has(word)) return word === 'with' ? 'select' : word;
  if (TRANSACTION.has(word)) return 'transaction';
  return 'other';
}

/**
 * One Prometheus registry per app (tests build many apps in one process): process defaults, HTTP,
 * database, pool and job metrics. Queue depth and outbox backlog are read from the database when
 * scraped, so every instance reports the shared tables' state.
 */
export function createMetrics(handle: DatabaseHandle): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const queries = batchedHistogram({
    name: 'storekeep_db_query_duration_seconds',
    help: 'Database statements by kind (select, insert, update, delete, transaction, other) and outcome.',
    labelNames: ['operation', 'outcome'] as const,
    buckets: DB_BUCKETS,
    registers: [registry],
  });
  const stopObserving = observeQueries(handle.db, ({ sql, seconds, failed }) => {
    const operation = operationOf(sql);
    const outcome = failed ? 'error' : 'ok';
    queries.observe(`${operation} ${outcome}`, { operation, outcome }, seconds);
  });

  const poolStats = handle.poolStats;
  if (poolStats) {
    for (const [key, help] of [
      ['total', 'PostgreSQL pool connections open.'],
      ['idle', 'PostgreSQL pool connections idle.'],
      ['waiting', 'Queries waiting for a PostgreSQL pool connection.'],
    ] as const) {
      new Gauge({
        name: `storekeep_db_pool_${key}`,
        help,
        registers: [registry],
        collect() {
          this.set(poolStats()[key]);
        },
      });
    }
  }

  const jobDuration = new Histogram({
    name: 'storekeep_job_duration_seconds',
    help: 'Background jobs worked by this instance, by kind and outcome (succeeded or failed).',
    labelNames: ['kind', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  const jobsTotal = new Counter({
    name: 'storekeep_jobs_total',
    help: 'Background jobs worked by this instance, by kind and outcome.',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });

  const db = handle.db;
  backlogGauge(
    registry,
    'storekeep_jobs_queued',
    'Jobs waiting or running (not finished, not failed for good), by kind; shared by all instances.',
    () =>
      db
        .selectFrom('jobs')
        .select(['kind', (eb) => eb.fn.countAll<number>().as('count')])
        .where('finished_at', 'is', null)
        .where('failed_at', 'is', null)
        .groupBy('kind')
        .execute(),
  );
  backlogGauge(
    registry,
    'storekeep_outbox_pending',
    'Outbox messages (mail, push) not yet delivered and not failed for good, by kind; shared by all instances.',
    () =>
      db
        .selectFrom('outbox')
        .select(['kind', (eb) => eb.fn.countAll<number>().as('count')])
        .where('sent_at', 'is', null)
        .where('failed_at', 'is', null)
        .groupBy('kind')
        .execute(),
  );

  return {
    registry,
    observeJob(kind, outcome, seconds) {
      jobsTotal.inc({ kind, outcome });
      jobDuration.observe({ kind, outcome }, seconds);
    },
    close: stopObserving,
  };
}

/** A gauge per kind read from the database on each scrape; while the database is down it reports nothing rather than failing the scrape. */
function backlogGauge(
  registry: Registry,
  name: string,
  help: string,
  read: () => Promise<{ kind: string; count: number }[]>,
) {
  new Gauge({
    name,
    help,
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await read().catch(() => []);
      for (const row of rows) this.set({ kind: row.kind }, Number(row.count));
    },
  });
}

/** A response's status class as a label, made once rather than for every response. */
const STATUS_CLASSES = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx'];

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Whether this request may read /metrics. With METRICS_TOKEN set: only `Authorization: Bearer <token>`.
 * Without it: only a direct loopback connection (a sidecar or `curl` on the host). A request that came
 * through a proxy carries X-Forwarded-For / Forwarded and is refused, because a reverse proxy on the same
 * host would otherwise make every internet request look local.
 */
function mayScrape(request: FastifyRequest, token: string | undefined): 'yes' | 'unauthenticated' | 'hidden' {
  if (token) {
    const header = request.headers.authorization ?? '';
    const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7).trim() : '');
    const expected = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected) ? 'yes' : 'unauthenticated';
  }
  const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !proxied && LOOPBACK.has(request.socket.remoteAddress ?? '') ? 'yes' : 'hidden';
}

/**
 * Counts and times every response by method, route pattern (Fastify's route url, so `/stores/:id` is one
 * series whatever the id; unmatched paths share one label) and status class, and serves GET /metrics.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  const labels = ['method', 'route', 'status'] as const;
  const durationName = 'storekeep_http_request_duration_seconds';
  const { histogram: duration, ...durations } = batchedHistogram({
    name: durationName,
    help: 'Time to answer, by method, route pattern and status class.',
    labelNames: labels,
    buckets: HTTP_BUCKETS,
    registers: [metrics.registry],
  });
  const counted = `${durationName}_count`;
  new Counter({
    name: 'storekeep_http_requests_total',
    help: 'HTTP responses by method, route pattern and status class.',
    labelNames: labels,
    registers: [metrics.registry],
    // The histogram's count of each series, copied when scraped: each response is recorded once, not twice
    // (prom-client hashes the labels on every call, a few percent of a small answer's time).
    async collect() {
      this.reset();
      for (const { metricName, labels: series, value } of (await duration.get()).values)
        if (metricName === counted) this.inc(series, value);
    },
  });
  app.addHook('onResponse', (request, reply, done) => {
    const method = request.method;
    const route = request.routeOptions.url ?? '(unmatched)';
    const statusClass = Math.floor(reply.statusCode / 100);
    const status = STATUS_CLASSES[statusClass] ?? `${statusClass}xx`;
    durations.observe(`${method} ${status} ${route}`, { method, route, status }, reply.elapsedTime / 1000);
    done();
  });
  app.addHook('onClose', async () => metrics.close());

  // Public to the guard system (it is not an /app session route) with its own check above.
  app.get('/metrics', { config: { guard: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const access = mayScrape(request, token);
    if (access === 'unauthenticated')
      return reply.status(401).header('www-authenticate', 'Bearer').send({ message: 'Unauthenticated.' });
    if (access === 'hidden') return reply.status(404).send({ message: 'Not Found' });
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
