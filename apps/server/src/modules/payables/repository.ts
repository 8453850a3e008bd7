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

/** A period's lines in due-date order, voided lines left out (the accounts-payable file). */
export async function payablesToExport(db: Executor, teamId: number, period: string): Promise<PayableRow[]> {
  return db
    .selectFrom('rent_payables')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('period', '=', period)
    .where('status', '!=', 'void')
    .orderBy('due_date')
    .orderBy('lease_id')
    .orderBy('id')
    .execute();
}

/** One page of a period's lines, voided ones included, by due date (then lease and line). */
export async function pageOfPeriod(
  db: Executor,
  teamId: number,
  period: string,
  page: { page: number; perPage: number; direction: 'asc' | 'desc' },
): Promise<{ rows: PayableRow[]; total: number }> {
  const [count] = await db
    .selectFrom('rent_payables')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('team_id', '=', teamId)
    .where('period', '=', period)
    .execute();
  const rows = await db
    .selectFrom('rent_payables')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('period', '=', period)
    .orderBy('due_date', page.direction)
    .orderBy('lease_id')
    .orderBy('id')
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage)
    .execute();
  return { rows, total: Number(count?.n ?? 0) };
}

/** A period's sums in cents, voided lines left out: scheduled, to pay (the invoice where there is one), paid. */
export async function periodTotals(db: Executor, teamId: number, period: string) {
  const [row] = await db
    .selectFrom('rent_payables')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number | string>('scheduled_cents'), eb.lit(0)).as('scheduled'),
      eb.fn
        .coalesce(eb.fn.sum<number | string>(eb.fn.coalesce('invoice_cents', 'scheduled_cents')), eb.lit(0))
        .as('to_pay'),
      eb.fn
        .coalesce(
          eb.fn.sum<number | string>(
            eb
              .case()
              .when('status', '=', 'paid')
              .then(eb.fn.coalesce('invoice_cents', 'scheduled_cents'))
              .else(eb.lit(0))
              .end(),
          ),
          eb.lit(0),
        )
        .as('paid'),
    ])
    .where('team_id', '=', teamId)
    .where('period', '=', period)
    .where('status', '!=', 'void')
    .execute();
  return {
    scheduled: Number(row?.scheduled ?? 0),
    toPay: Number(row?.to_pay ?? 0),
    paid: Number(row?.paid ?? 0),
  };
}

/**
 * What a generation may meet again: the period's lines, and lines of the given leases starting on one of
 * `starts` that an earlier reading of the terms put in another period.
 */
export async function payablesForGeneration(
  db: Executor,
  teamId: number,
  period: string,
  leaseIds: number[],
  starts: string[],
) {
  const rows = await db
    .selectFrom('rent_payables')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('period', '=', period)
    .execute();
  if (!starts.length) return rows;
  for (let i = 0; i < leaseIds.length; i += 500)
    rows.push(
      ...(await db
        .selectFrom('rent_payables')
        .selectAll()
        .where('team_id', '=', teamId)
        .where('lease_id', 'in', leaseIds.slice(i, i + 500))
        .where('service_start', 'in', starts)
        .where('period', '!=', period)
        .execute()),
    );
  return rows;
}

/** Removes lines that are still scheduled without an invoice; any other line is left as it is. */
export async function deleteScheduledPayables(db: Executor, teamId: number, ids: number[]) {
  let deleted = 0;
  for (let i = 0; i < ids.length; i += 500)
    deleted += Number(
      (
        await db
          .deleteFrom('rent_payables')
          .where('team_id', '=', teamId)
          .where('id', 'in', ids.slice(i, i + 500))
          .where('status', '=', 'scheduled')
          .where('invoice_cents', 'is', null)
          .executeTakeFirst()
      ).numDeletedRows,
    );
  return deleted;
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
  onlyStatus?: string | string[],
) {
  let query = db.updateTable('rent_payables').set(values).where('team_id', '=', teamId).where('id', '=', id);
  if (onlyStatus) query = query.where('status', 'in', [onlyStatus].flat());
  return Number((await query.executeTakeFirst()).numUpdatedRows);
}
