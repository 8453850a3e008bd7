import { DEMO_EMAIL, DEMO_PASSWORD } from '@storekeep/contracts';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './platform/config';
import { openDatabase } from './platform/db';
import { migrateToLatest } from './platform/db/migrate';
import { seedDemo } from './seed';
import { purgeTrash } from './modules/trash/service';
import { deliverReminderNotices } from './modules/reminders/digest';
import { sweepOrphanBlobs } from './platform/blobs';

async function main() {
  const config = loadConfig();
  // Migrations on a connection of their own, without the app's statement timeout: an index build on a big
  // table, or waiting for another instance's migration lock, may take minutes.
  const migrator = openDatabase(config.DATABASE_URL, { poolSize: 1 });
  try {
    await migrateToLatest(migrator);
  } finally {
    await migrator.close();
  }
  // The app opens (and on close, closes) its own pool, with the statement timeout.
  const app = await buildApp({ config });
  await seedDemo(app.deps);
  app.deps.mail.start();
  app.deps.push.start();
  app.deps.jobs.start(2000);
  // Hourly housekeeping: purge the trash, delete blobs a crash left without their row, send reminder notices
  // that came due (each exactly once) and the daily digests.
  const purge = () =>
    Promise.all([
      purgeTrash(app.deps).catch((error: unknown) => app.log.error({ err: error }, 'trash purge failed')),
      sweepOrphanBlobs(app.deps).catch((error: unknown) => app.log.error({ err: error }, 'orphan blob sweep failed')),
      deliverReminderNotices(app.deps).catch((error: unknown) => app.log.error({ err: error }, 'reminder notices failed')),
    ]);
  const purgeTimer = setInterval(() => void purge(), 60 * 60 * 1000);
  purgeTimer.unref();
  void purge();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(purgeTimer);
    app.log.info({ signal }, 'shutting down');
    // close() stops accepting connections and waits for in-flight requests before onClose hooks run.
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const demo = config.SEED_DEMO ? ` (demo login: ${DEMO_EMAIL} / ${DEMO_PASSWORD})` : '';
  app.log.info(`Storekeep is running at ${config.APP_URL}${demo}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
