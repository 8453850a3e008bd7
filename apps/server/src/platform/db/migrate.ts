import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Database } from './schema';
import type { DatabaseHandle } from './index';
import type { AppMigration } from './migration-helpers';
import { foundation } from './migrations/0001-foundation';
import { records } from './migrations/0002-records';
import { documents } from './migrations/0003-documents';
import { listPerformance } from './migrations/0004-list-performance';
import { leases } from './migrations/0005-leases';
import { agreements } from './migrations/0006-agreements';
import { calendar } from './migrations/0007-calendar';
import { searchTerms } from './migrations/0008-search-terms';
import { notifications } from './migrations/0009-notifications';
import { authCache } from './migrations/0010-auth-cache';
import { documentSearch } from './migrations/0011-document-search';
import { dashboard } from './migrations/0012-dashboard';
import { reminderOrder } from './migrations/0013-reminder-order';
import { reminderSubjectOrder } from './migrations/0014-reminder-subject-order';
import { imports } from './migrations/0015-imports';
import { sales } from './migrations/0016-sales';
import { attributes } from './migrations/0017-attributes';
import { salesStoreOrder } from './migrations/0018-sales-store-order';
import { billing } from './migrations/0019-billing';
import { devices } from './migrations/0020-devices';
import { tokenAbilities } from './migrations/0021-token-abilities';
import { exportOrder } from './migrations/0028-export-order';
import { pendingBlobs } from './migrations/0024-pending-blobs';
import { extractionError } from './migrations/0027-extraction-error';
import { listPreferences } from './migrations/0029-list-preferences';
import { salesStoreYears } from './migrations/0030-sales-store-years';
import { storesRegionCity } from './migrations/0031-stores-region-city';
import { criticalDates } from './migrations/0038-critical-dates';
import { freeRentUntilColumn } from './migrations/0039-free-rent-until';
import { demoResets } from './migrations/0040-demo-resets';
import { exampleRecords } from './migrations/0041-example-records';
import { leaseAccounting } from './migrations/0042-lease-accounting';
import { leaseMoney } from './migrations/0043-lease-money';
import { rentPayables } from './migrations/0043-rent-payables';
import { camReconciliation } from './migrations/0043-cam-reconciliation';
import { memberCompanies } from './migrations/0044-member-companies';
import { developmentSchedules } from './migrations/0046-development-schedules';
import { franchiseCalendar } from './migrations/0046-franchise-calendar';
import { payableVoids } from './migrations/0047-payable-voids';
import { paymentTermPeriods } from './migrations/0047-payment-term-periods';
import { sharedDocuments } from './migrations/0053-shared-documents';
import { transfersAndTerritories } from './migrations/0050-transfers-and-territories';
import { accountingPrecision } from './migrations/0051-accounting-precision';
import { tierYears } from './migrations/0054-tier-years';
import { leaseScheduleRows } from './migrations/0058-lease-schedule-rows';
import { camStatementImport } from './migrations/0059-cam-statement-import';
import { importRunner } from './migrations/0032-import-runner';
import { pendingEmail } from './migrations/0033-pending-email';
import { reminderSubjects } from './migrations/0034-reminder-subjects';
import { royaltyInvoices } from './migrations/0045-royalty-invoices';
import { storeOccupancy } from './migrations/0048-store-occupancy';
import { foreignKeyIndexes } from './migrations/0061-foreign-key-indexes';
import { leaseScheduleClaims } from './migrations/0062-lease-schedule-claims';
import { accountingTeamReadings } from './migrations/0063-accounting-team-readings';
import { leaseReferenceTrigrams } from './migrations/0064-lease-reference-trigrams';
import { agreementNumberTrigrams } from './migrations/0065-agreement-number-trigrams';
import { oneOpenReminderIndex } from './migrations/0066-one-open-reminder-index';
import { queueDueIndexes } from './migrations/0067-queue-due-indexes';
import { queueRetentionIndexes } from './migrations/0068-queue-retention-indexes';
import { searchIndexInstances } from './migrations/0069-search-index-instances';
import { listTableVersions } from './migrations/0070-list-table-versions';

/** Versioned migrations in order; names are permanent once released (none has been yet). */
const migrations: Record<string, AppMigration> = {
  '0001-foundation': foundation,
  '0002-records': records,
  '0003-documents': documents,
  '0004-list-performance': listPerformance,
  '0005-leases': leases,
  '0006-agreements': agreements,
  '0007-calendar': calendar,
  '0008-search-terms': searchTerms,
  '0009-notifications': notifications,
  '0010-auth-cache': authCache,
  '0011-document-search': documentSearch,
  '0012-dashboard': dashboard,
  '0013-reminder-order': reminderOrder,
  '0014-reminder-subject-order': reminderSubjectOrder,
  '0015-imports': imports,
  '0016-sales': sales,
  '0017-attributes': attributes,
  '0018-sales-store-order': salesStoreOrder,
  '0019-billing': billing,
  '0020-devices': devices,
  '0021-token-abilities': tokenAbilities,
  '0024-pending-blobs': pendingBlobs,
  '0027-extraction-error': extractionError,
  '0028-export-order': exportOrder,
  '0029-list-preferences': listPreferences,
  '0030-sales-store-years': salesStoreYears,
  '0031-stores-region-city': storesRegionCity,
  '0038-critical-dates': criticalDates,
  '0039-free-rent-until': freeRentUntilColumn,
  '0040-demo-resets': demoResets,
  '0041-example-records': exampleRecords,
  '0042-lease-accounting': leaseAccounting,
  '0043-lease-money': leaseMoney,
  '0043-rent-payables': rentPayables,
  '0043-cam-reconciliation': camReconciliation,
  '0032-import-runner': importRunner,
  '0033-pending-email': pendingEmail,
  '0034-reminder-subjects': reminderSubjects,
  '0045-royalty-invoices': royaltyInvoices,
  '0044-member-companies': memberCompanies,
  '0046-development-schedules': developmentSchedules,
  '0046-franchise-calendar': franchiseCalendar,
  '0047-payable-voids': payableVoids,
  '0047-payment-term-periods': paymentTermPeriods,
  '0048-store-occupancy': storeOccupancy,
  '0050-transfers-and-territories': transfersAndTerritories,
  '0051-accounting-precision': accountingPrecision,
  '0054-tier-years': tierYears,
  '0053-shared-documents': sharedDocuments,
  '0058-lease-schedule-rows': leaseScheduleRows,
  '0061-foreign-key-indexes': foreignKeyIndexes,
  '0059-cam-statement-import': camStatementImport,
  '0062-lease-schedule-claims': leaseScheduleClaims,
  '0063-accounting-team-readings': accountingTeamReadings,
  '0064-lease-reference-trigrams': leaseReferenceTrigrams,
  '0065-agreement-number-trigrams': agreementNumberTrigrams,
  '0066-one-open-reminder-index': oneOpenReminderIndex,
  '0067-queue-due-indexes': queueDueIndexes,
  '0068-queue-retention-indexes': queueRetentionIndexes,
  '0069-search-index-instances': searchIndexInstances,
  '0070-list-table-versions': listTableVersions,
};

export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const provider: MigrationProvider = {
    getMigrations: async () =>
      Object.fromEntries(
        Object.entries(migrations).map(([name, migration]): [string, Migration] => [
          name,
          { up: (db) => migration.up(db, handle.dialect) },
        ]),
      ),
  };
  const migrate = async (db: Kysely<Database>) => {
    // Work lands from parallel branches: a database may have run 0021 before 0019 arrives; each runs once either way.
    const { error, results } = await new Migrator({
      db,
      provider,
      allowUnorderedMigrations: true,
    }).migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  };
  // PostgreSQL: Kysely's migrator holds an advisory lock (pg_advisory_lock) around the run and each
  // migration is transactional, so instances starting at once wait for each other.
  if (handle.dialect === 'postgres') return migrate(handle.db);
  // SQLite: Kysely takes no lock there (it assumes one connection), so two processes starting on one
  // file would both create the same tables. The whole run is one BEGIN IMMEDIATE transaction instead:
  // the write lock is the migration lock, and a failed migration leaves nothing half-applied. Inside a
  // transaction SQLite ignores `PRAGMA foreign_keys = off`: a migration that rebuilds a table referenced
  // by others must not rely on it (DROP TABLE would cascade).
  return handle.db.connection().execute(async (connection) => {
    await beginImmediate(connection);
    try {
      const names = await migrate(connection);
      await sql`commit`.execute(connection);
      return names;
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}

const LOCK_WAIT_MS = 10 * 60_000;

/**
 * Takes SQLite's write lock, polling: busy_timeout would block this (synchronous) thread, so a second
 * migrator in the same process could never let the first one finish.
 */
async function beginImmediate(connection: Kysely<Database>) {
  await sql`pragma busy_timeout = 0`.execute(connection);
  try {
    for (const started = Date.now(); ;) {
      try {
        await sql`begin immediate`.execute(connection);
        return;
      } catch (error) {
        if (!/locked|busy/i.test(String(error)) || Date.now() - started > LOCK_WAIT_MS) throw error;
        await sleep(100);
      }
    }
  } finally {
    await sql`pragma busy_timeout = 5000`.execute(connection);
  }
}
