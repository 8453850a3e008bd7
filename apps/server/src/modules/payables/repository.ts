import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../platform/db';
import type { PaymentTermsTable, RentPayablesTable } from '../../platform/db/schema';

export type PaymentTermsRow = Selectable<PaymentTermsTable>;
export type PayableRow = Selectable<RentPayablesTable>;

export async function termsOf(db: Executor, teamId: number, leaseIds: number[]): Promise<PaymentTermsRow[]> {
  const rows: PaymentTermsRow[] = [];
  for (let i = 0; i < leaseIds.length; i += 500)
    rows.push(
      ...(await db
        .selectFrom('payment_terms')
        .selectAll()
        .where('team_id', '=', teamId)
        .where('lease_id', 'in', leaseIds.slice(i, i + 500))
        .execute()),
    );
  return rows;
}

export async function saveTerms(
  db: Executor,
  teamId: number,
  leaseId: number,
  values: Omit<PaymentTermsRow, 'id' | 'team_id' | 'lease_id'>,
) {
  const updated = await db
    .updateTable('payment_terms')
    .set(values)
    .where('team_id', '=', teamId)
    .where('lease_id', '=', leaseId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0)
    await db
      .insertInto('payment_terms')
      .values({ team_id: teamId, lease_id: leaseId, ...values })
      .execute();
}

/** A period's lines in due-date order. */
export async function payablesOfPeriod(db: Executor, teamId: number, period: string): Promise<PayableRow[]> {
  return db
    .selectFrom('rent_payables')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('period', '=', period)
    .orderBy('due_date')
    .orderBy('lease_id')
    .orderBy('id')
    .execute();
}

/** Lines of the given leases whose service starts on one of `starts` (what a generation may meet again). */
export async function payablesOfLeases(db: Executor, teamId: number, leaseIds: number[], period: string) {
  const rows: PayableRow[] = [];
  for (let i = 0; i < leaseIds.length; i += 500)
    rows.push(
      ...(await db
        .selectFrom('rent_payables')
        .selectAll()
        .where('team_id', '=', teamId)
        .where('lease_id', 'in', leaseIds.slice(i, i + 500))
        .where('period', '=', period)
        .execute()),
    );
  return rows;
}

export async function payablesByIds(db: Executor, teamId: number, ids: number[]): Promise<PayableRow[]> {
  if (!ids.length) return [];
  return db
    .selectFrom('rent_payables')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('id', 'in', ids)
    .execute();
}

export async function insertPayables(db: Executor, rows: Array<Insertable<RentPayablesTable>>) {
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('rent_payables')
      .values(rows.slice(i, i + 200))
      .execute();
}

export async function updatePayable(
  db: Executor,
  teamId: number,
  id: number,
  values: Updateable<RentPayablesTable>,
  onlyStatus?: string,
) {
  let query = db.updateTable('rent_payables').set(values).where('team_id', '=', teamId).where('id', '=', id);
  if (onlyStatus) query = query.where('status', '=', onlyStatus);
  return Number((await query.executeTakeFirst()).numUpdatedRows);
}
