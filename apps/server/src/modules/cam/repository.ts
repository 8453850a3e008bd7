import type { Selectable } from 'kysely';
import type { Executor } from '../../platform/db';
import type { CamStatementLinesTable, CamStatementsTable, CamTermsTable } from '../../platform/db/schema';

export type CamTermsRow = Selectable<CamTermsTable>;
export type CamStatementRow = Selectable<CamStatementsTable>;
export type CamLineRow = Selectable<CamStatementLinesTable>;

export function termsOf(db: Executor, teamId: number, leaseId: number) {
  return db
    .selectFrom('cam_terms')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('lease_id', '=', leaseId)
    .executeTakeFirst();
}

export async function saveTerms(
  db: Executor,
  teamId: number,
  leaseId: number,
  values: Omit<CamTermsRow, 'id' | 'team_id' | 'lease_id'>,
) {
  const updated = await db
    .updateTable('cam_terms')
    .set(values)
    .where('team_id', '=', teamId)
    .where('lease_id', '=', leaseId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0)
    await db
      .insertInto('cam_terms')
      .values({ team_id: teamId, lease_id: leaseId, ...values })
      .execute();
}

/** Live leases, after `after` in id order, whose audit clause counts its days as the team does. */
export function leasesFollowingTeamDayCount(db: Executor, teamId: number, after: number, limit: number) {
  return db
    .selectFrom('cam_terms')
    .innerJoin('leases', 'leases.id', 'cam_terms.lease_id')
    .leftJoin('stores', 'stores.id', 'leases.store_id')
    .select(['leases.id as id', 'stores.name as storeName'])
    .where('cam_terms.team_id', '=', teamId)
    .where('cam_terms.audit_days', 'is not', null)
    .where('cam_terms.audit_day_count', 'is', null)
    .where('leases.team_id', '=', teamId)
    .where('leases.deleted_at', 'is', null)
    .where('leases.id', '>', after)
    .orderBy('leases.id')
    .limit(limit)
    .execute();
}

export function statementsOf(db: Executor, teamId: number, leaseId: number) {
  return db
    .selectFrom('cam_statements')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('lease_id', '=', leaseId)
    .orderBy('lease_year')
    .execute();
}

/** One statement per lease year: a second one for the same year replaces the first. */
export async function saveStatement(
  db: Executor,
  teamId: number,
  leaseId: number,
  values: Omit<CamStatementRow, 'id' | 'team_id' | 'lease_id'>,
) {
  const updated = await db
    .updateTable('cam_statements')
    .set(values)
    .where('team_id', '=', teamId)
    .where('lease_id', '=', leaseId)
    .where('lease_year', '=', values.lease_year)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0)
    await db
      .insertInto('cam_statements')
      .values({ team_id: teamId, lease_id: leaseId, ...values })
      .execute();
}

/** Each lease year's imported lines, in the file's order. */
export async function linesOf(db: Executor, teamId: number, leaseId: number) {
  const rows = await db
    .selectFrom('cam_statement_lines')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('lease_id', '=', leaseId)
    .orderBy('lease_year')
    .orderBy('position')
    .execute();
  const byYear = new Map<number, CamLineRow[]>();
  for (const row of rows)
    byYear.set(Number(row.lease_year), [...(byYear.get(Number(row.lease_year)) ?? []), row]);
  return byYear;
}

/** The year's lines become `lines` (none: a statement typed in as totals). */
export async function replaceLines(
  db: Executor,
  teamId: number,
  leaseId: number,
  leaseYear: number,
  lines: Array<{ category: string; amount_cents: number; controllable: boolean }>,
) {
  await db
    .deleteFrom('cam_statement_lines')
    .where('team_id', '=', teamId)
    .where('lease_id', '=', leaseId)
    .where('lease_year', '=', leaseYear)
    .execute();
  if (lines.length)
    await db
      .insertInto('cam_statement_lines')
      .values(
        lines.map((line, position) => ({
          team_id: teamId,
          lease_id: leaseId,
          lease_year: leaseYear,
          position,
          category: line.category,
          amount_cents: line.amount_cents,
          controllable: line.controllable ? 1 : 0,
        })),
      )
      .execute();
}
