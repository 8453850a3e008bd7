import { sql } from 'kysely';
import { columnTypes, type AppMigration } from '../migration-helpers';

/**
 * Stored lease schedules are brought up to date by a background job and by the month's journal, possibly on
 * several instances at once: a lease being recomputed is claimed (`claimed_by`, a token per run, and
 * `claimed_at`, after which a claim whose holder died may be taken again), so no two runs compute it together.
 * The stale leases are the only ones either looks for: a partial index holds them, so finding that nothing is
 * stale costs nothing at any portfolio size.
 */
export const leaseScheduleClaims: AppMigration = {
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema.alterTable('lease_accounting_schedules').addColumn('claimed_by', 'varchar(40)').execute();
    await db.schema.alterTable('lease_accounting_schedules').addColumn('claimed_at', t.timestamp).execute();
    // The condition is written exactly as the repository's queries write it, so both planners prove they imply it.
    await sql`create index lease_accounting_schedules_stale on lease_accounting_schedules (team_id, lease_id) where (stored_version is null or stored_version <> version)`.execute(
      db,
    );
  },
};
