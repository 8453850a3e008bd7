/**
 * `npm run backup [-- <parent dir>]` (default BACKUP_DIR or ./backups) and
 * `npm run restore -- <backup dir> [--force]`, configured by the same environment as the server
 * (DATA_DIR, DATABASE_URL, STORAGE_DRIVER).
 */
import { loadConfig, ConfigError } from '../platform/config';
import { BackupError, createBackup, restoreBackup } from './backup';

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
    console.log(`Restored the backup of ${manifest.created_at} into ${config.DATA_DIR} (${manifest.files.length} files); every checksum and row count matched.`);
  } else {
    throw new BackupError('usage: cli.ts backup [parent dir] | restore <backup dir> [--force]');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
