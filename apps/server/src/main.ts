import cluster from 'node:cluster';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@storekeep/contracts';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './platform/config';
import { openDatabase } from './platform/db';
import { migrateToLatest } from './platform/db/migrate';
import { resetDemo, seedDemo } from './seed';
import { purgeTrash } from './modules/trash/index';
import { deliverReminderNotices } from './modules/reminders/index';
import { sweepOrphanBlobs } from './platform/blobs';
import { purgeDoneQueueRows } from './platform/queue';
import { recoverImports } from './modules/imports/index';
import { refreshOccupancy } from './modules/occupancy/index';
import { queueStaleScheduleRefreshes } from './modules/lease-accounting/index';
import { drain } from './platform/shutdown';
import { runPrimary, runsSchedulers, workerRole } from './platform/cluster';

async function main() {
  const config = loadConfig();
  // Migrations on a connection of their own, without the app's statement timeout: an index build on a big
  // table, or waiting for another instance's migration lock, may take minutes. With WORKERS=N the primary
  // migrates once, before any worker starts.
  if (cluster.isPrimary) {
    const migrator = openDatabase(config.DATABASE_URL, { poolSize: 1 });
    try {
      await migrateToLatest(migrator);
    } catch (error) {
      throw unreachableDatabase(error, config.DATABASE_URL) ?? error;
    } finally {
      await migrator.close();
    }
  }
  if (cluster.isPrimary && config.WORKERS > 1) {
    const quiet = config.LOG_LEVEL === 'silent';
    const line = (level: number, msg: string) =>
      JSON.stringify({ level, time: Date.now(), pid: process.pid, msg });
    const code = await runPrimary(config.WORKERS, {
      info: (msg) =>
        void (!quiet && ['info', 'debug', 'trace'].includes(config.LOG_LEVEL) && console.log(line(30, msg))),
      error: (msg) => void (!quiet && console.error(line(50, msg))),
    });
    process.exit(code);
  }
  // The app opens (and on close, closes) its own pool, with the statement timeout.
  const app = await buildApp({ config });
  // The background timers below run in one process of a WORKERS=N cluster (platform/cluster.ts); the
  // others only serve requests.
  const schedulers = runsSchedulers();
  if (schedulers) {
    await seedDemo(app.deps);
    app.deps.mail.start();
    app.deps.push.start();
    app.deps.jobs.start(2000);
  }
  // Imports this instance was running when it stopped are recovered now, not when their job's claim
  // expires; another instance's, once their heartbeat stops.
  const recover = (startup: boolean) =>
    recoverImports(app.deps, { startup }).catch((error: unknown) =>
      app.log.error({ err: error }, 'import recovery failed'),
    );
  const timers: NodeJS.Timeout[] = [];
  if (schedulers) {
    void recover(true);
    timers.push(setInterval(() => void recover(false), 30_000).unref());
  }
  // Hourly housekeeping: purge the trash and the queues' rows done a month ago, delete blobs a crash left without
  // their row, send reminder notices that came due (each exactly once) and the daily digests, recompute occupancy
  // costs whose month rolled over, queue the background refresh of teams with stale stored lease schedules (at
  // start: every team after the migration that added them), and put the shared demo team back to its seed once a
  // day (the first tick of the UTC day on any instance).
  const purge = () =>
    app.deps.background.run((signal) =>
      Promise.all([
        resetDemo(app.deps, { daily: true }).catch((error: unknown) =>
          app.log.error({ err: error }, 'demo reset failed'),
        ),
        purgeTrash(app.deps).catch((error: unknown) => app.log.error({ err: error }, 'trash purge failed')),
        purgeDoneQueueRows(app.deps.db).catch((error: unknown) =>
          app.log.error({ err: error }, 'queue retention purge failed'),
        ),
        sweepOrphanBlobs(app.deps).catch((error: unknown) =>
          app.log.error({ err: error }, 'orphan blob sweep failed'),
        ),
        deliverReminderNotices(app.deps).catch((error: unknown) =>
          app.log.error({ err: error }, 'reminder notices failed'),
        ),
        refreshOccupancy(app.deps, { signal }).catch((error: unknown) =>
          app.log.error({ err: error }, 'occupancy refresh failed'),
        ),
        queueStaleScheduleRefreshes(app.deps).catch((error: unknown) =>
          app.log.error({ err: error }, 'queueing the lease schedule refresh failed'),
        ),
      ]),
    );
  if (schedulers) {
    timers.push(setInterval(() => void purge(), 60 * 60 * 1000).unref());
    void purge();
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    for (const timer of timers) clearInterval(timer);
    app.log.info(
      { signal, graceSeconds: config.SHUTDOWN_GRACE_SECONDS },
      'shutting down: finishing in-flight requests and jobs',
    );
    const drained = await drain(app, config.SHUTDOWN_GRACE_SECONDS * 1000);
    if (!drained)
      app.log.error(
        { graceSeconds: config.SHUTDOWN_GRACE_SECONDS },
        'shutdown grace period over: exiting with work unfinished',
      );
    process.exit(drained ? 0 : 1);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const demo = config.SEED_DEMO ? ` (demo login: ${DEMO_EMAIL} / ${DEMO_PASSWORD})` : '';
  const role = workerRole();
  if (role === 'single' || role === 'scheduler')
    app.log.info(
      `Storekeep is running at ${config.APP_URL}${demo}${role === 'single' ? '' : ` (${config.WORKERS} workers)`}`,
    );
}

/** Error codes of a database that cannot be reached or entered: the operator's DATABASE_URL, not a bug. */
const CONNECTION_FAILURES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  '28P01',
  '28000',
  '3D000',
  'ERR_SQLITE_ERROR',
]);

/** A start that fails on the database connection says so and names the variable, without a stack or the password. */
function unreachableDatabase(error: unknown, databaseUrl: string): ConfigError | null {
  const code = (error as { code?: string }).code;
  if (
    !code ||
    !CONNECTION_FAILURES.has(code) ||
    (code === 'ERR_SQLITE_ERROR' && !/unable to open/i.test(String(error)))
  )
    return null;
  const target = databaseUrl.startsWith('sqlite:') ? databaseUrl : databaseUrl.replace(/\/\/[^@/]*@/, '//');
  return new ConfigError(
    `Invalid configuration:\n  DATABASE_URL: cannot use the database at ${target}: ${(error as Error).message}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
