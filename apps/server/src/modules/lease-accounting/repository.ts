import type { Selectable } from 'kysely';
import type { Executor } from '../../platform/db';
import type { LeaseAccountingProfilesTable, LeaseAccountingSettingsTable } from '../../platform/db/schema';

export type ProfileRow = Selectable<LeaseAccountingProfilesTable>;
export type ProfileValues = Omit<ProfileRow, 'id' | 'team_id' | 'lease_id'>;
export type SettingsRow = Selectable<LeaseAccountingSettingsTable>;
export type SettingsValues = Omit<SettingsRow, 'id' | 'team_id'>;

export async function profileOf(
  db: Executor,
  teamId: number,
  leaseId: number,
): Promise<ProfileRow | undefined> {
  return db
    .selectFrom('lease_accounting_profiles')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('lease_id', '=', leaseId)
    .executeTakeFirst();
}

/** The saved profiles of several leases (a lease without one has none here). */
export async function profilesOf(db: Executor, teamId: number, leaseIds: number[]): Promise<ProfileRow[]> {
  if (!leaseIds.length) return [];
  return db
    .selectFrom('lease_accounting_profiles')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('lease_id', 'in', leaseIds)
    .execute();
}

/** One profile per lease, replaced whole (the unique index on team and lease keeps it one). */
export async function saveProfile(db: Executor, teamId: number, leaseId: number, values: ProfileValues) {
  const updated = await db
    .updateTable('lease_accounting_profiles')
    .set(values)
    .where('team_id', '=', teamId)
    .where('lease_id', '=', leaseId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0)
    await db
      .insertInto('lease_accounting_profiles')
      .values({ team_id: teamId, lease_id: leaseId, ...values })
      .execute();
}

export async function settingsOf(db: Executor, teamId: number): Promise<SettingsRow | undefined> {
  return db
    .selectFrom('lease_accounting_settings')
    .selectAll()
    .where('team_id', '=', teamId)
    .executeTakeFirst();
}

export async function saveSettings(db: Executor, teamId: number, values: SettingsValues) {
  const updated = await db
    .updateTable('lease_accounting_settings')
    .set(values)
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0)
    await db
      .insertInto('lease_accounting_settings')
      .values({ team_id: teamId, ...values })
      .execute();
}

/** Leases of the team with a saved profile, in id order (the portfolio journal walks them). */
export async function profiledLeaseIds(db: Executor, teamId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('lease_accounting_profiles')
    .select('lease_id')
    .where('team_id', '=', teamId)
    .orderBy('lease_id')
    .execute();
  return rows.map((row) => Number(row.lease_id));
}

export async function closedRowsOf(db: Executor, teamId: number, leaseId: number) {
  return db
    .selectFrom('lease_accounting_closed_rows')
    .select(['month', 'row'])
    .where('team_id', '=', teamId)
    .where('lease_id', '=', leaseId)
    .orderBy('month')
    .execute();
}

/** The closed rows of several leases, each lease's in month order. */
export async function closedRowsOfLeases(db: Executor, teamId: number, leaseIds: number[]) {
  if (!leaseIds.length) return [];
  return db
    .selectFrom('lease_accounting_closed_rows')
    .select(['lease_id', 'month', 'row'])
    .where('team_id', '=', teamId)
    .where('lease_id', 'in', leaseIds)
    .orderBy('lease_id')
    .orderBy('month')
    .execute();
}

export async function insertClosedRows(
  db: Executor,
  teamId: number,
  leaseId: number,
  rows: Array<{ month: number; period: string; row: string }>,
) {
  if (rows.length === 0) return;
  await db
    .insertInto('lease_accounting_closed_rows')
    .values(rows.map((row) => ({ team_id: teamId, lease_id: leaseId, ...row })))
    .execute();
}

export async function closesOf(db: Executor, teamId: number) {
  return db
    .selectFrom('lease_accounting_closes')
    .select(['period', 'closed_by', 'closed_at'])
    .where('team_id', '=', teamId)
    .orderBy('period', 'desc')
    .execute();
}

export async function insertClose(db: Executor, teamId: number, period: string, userId: number, at: string) {
  await db
    .insertInto('lease_accounting_closes')
    .values({ team_id: teamId, period, closed_by: userId, closed_at: at })
    .execute();
}
