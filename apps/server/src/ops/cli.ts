/**
 * `npm run backup [-- <parent dir>]` (default BACKUP_DIR or ./backups) and
 * `npm run restore -- <backup dir> [--force]` and `npm run demo:reset`, configured by the same environment as
 * the server (DATA_DIR, DATABASE_URL, STORAGE_DRIVER, SEED_DEMO).
 */
import { loadConfig, ConfigError } from '../platform/config';
import { BackupError, createBackup, restoreBackup } from './backup';
import { buildApp } from '../app';
import { resetDemo } from '../seed';
import { openDatabase } from '../platform/db';
import { migrateToLatest } from '../platform/db/migrate';

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const force = rest.includes('--force');
  const [target] = rest.filter((arg) => arg !== '--force');
  const config = loadConfig();
  if (command === 'backup') {
    const { dir, manifest } = await createBackup(config, target ?? process.env.BACKUP_DIR ?? 'backups');
    const rows = Object.values(manifest.database.tables).reduce((a, b) => a + b, 0);
    console.log(
      `Backup written to ${dir}: ${manifest.dialect} database (${rows} rows in ${Object.keys(manifest.database.tables).length} tables), ` +
        `${manifest.files.length} files${manifest.storage === 's3' ? ' (S3 storage: files are not copied; use bucket versioning or replication)' : ''}, ` +
        `${manifest.secrets.length} secrets.`,
    );
  } else if (command === 'restore') {
    if (!target) throw new BackupError('usage: npm run restore -- <backup dir> [--force]');
    const manifest = await restoreBackup(config, target, { force });
    console.log(
      `Restored the backup of ${manifest.created_at} into ${config.DATA_DIR} (${manifest.files.length} files); every checksum and row count matched.`,
    );
  } else if (command === 'demo-reset') {
    if (!config.SEED_DEMO) throw new BackupError('SEED_DEMO is off: there is no demo account to reset.');
    // As a start would: the reset writes the current schema's seed.
    const migrator = openDatabase(config.DATABASE_URL, { poolSize: 1 });
    try {
      await migrateToLatest(migrator);
    } finally {
      await migrator.close();
    }
    const app = await buildApp({ config });
    try {
      const seeded = await resetDemo(app.deps);
      console.log(
        seeded
          ? `The demo team was reset to its seed (team ${seeded.teamId}).`
          : 'The demo team was not reset.',
      );
    } finally {
      await app.close();
    }
  } else {
    throw new BackupError('usage: cli.ts backup [parent dir] | restore <backup dir> [--force] | demo-reset');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
