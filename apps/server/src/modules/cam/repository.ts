import type { Selectable } from 'kysely';
import type { Executor } from '../../platform/db';
import type { CamStatementsTable, CamTermsTable } from '../../platform/db/schema';

export type CamTermsRow = Selectable<CamTermsTable>;
export type CamStatementRow = Selectable<CamStatementsTable>;

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
