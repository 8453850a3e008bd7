import type { Selectable } from 'kysely';
import type { Executor } from '../../platform/db';
import type { PercentageRentTermsTable } from '../../platform/db/schema';

export type TermsRow = Selectable<PercentageRentTermsTable>;

export async function termsOf(db: Executor, teamId: number, leaseId: number): Promise<TermsRow | undefined> {
  return db
    .selectFrom('percentage_rent_terms')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('lease_id', '=', leaseId)
    .executeTakeFirst();
}

/** The saved terms of several leases (those without a row read as the defaults). */
export async function termsOfLeases(db: Executor, teamId: number, leaseIds: number[]): Promise<TermsRow[]> {
  const rows: TermsRow[] = [];
  for (let i = 0; i < leaseIds.length; i += 500)
    rows.push(
      ...(await db
        .selectFrom('percentage_rent_terms')
        .selectAll()
        .where('team_id', '=', teamId)
        .where('lease_id', 'in', leaseIds.slice(i, i + 500))
        .execute()),
    );
  return rows;
}

export type TermsValues = Omit<TermsRow, 'id' | 'team_id' | 'lease_id'>;

/** One row per lease: replaced whole (the unique index on team and lease keeps it one). */
export async function saveTerms(db: Executor, teamId: number, leaseId: number, values: TermsValues) {
  const updated = await db
    .updateTable('percentage_rent_terms')
    .set(values)
    .where('team_id', '=', teamId)
    .where('lease_id', '=', leaseId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0)
    await db
      .insertInto('percentage_rent_terms')
      .values({ team_id: teamId, lease_id: leaseId, ...values })
      .execute();
}
