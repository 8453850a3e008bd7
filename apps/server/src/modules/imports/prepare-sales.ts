import { fieldErrors, salesRowInputSchema } from '@storekeep/contracts';
import type { Executor } from '../../platform/db';
import { existingSales } from '../sales/index';
import type { SheetRow } from './parse';
import {
  coerce,
  dedupe,
  layoutOf,
  resolve,
  type Preparer,
  type PrepareOptions,
  type RowOutcome,
} from './prepare';

/**
 * Sales rows: the store by store number (or name), the period (monthly unless a column says otherwise) and
 * its first day, gross and net, checked by the grid's own schema. A store's period is its identity: in
 * "create" mode periods that already have figures are skipped, in "update" mode periods without are.
 */
export async function createSalesPreparer(
  db: Executor,
  teamId: number,
  options: PrepareOptions,
): Promise<Preparer> {
  const { fields, byColumn, relations, read } = await layoutOf(db, teamId, options);
  const seen = new Map<string, number>();

  async function prepare(rows: SheetRow[]): Promise<RowOutcome[]> {
    const staged = rows.map((row) => {
      const { mapped, errors, err } = read(row);
      const values: Record<string, unknown> = {};
      for (const field of fields) {
        const text = mapped[field.key] ?? '';
        if (field.relation) values[field.column] = resolve(field, text, relations, err);
        else if (text) values[field.column] = coerce(field, text);
      }
      const parsed = salesRowInputSchema.safeParse(values);
      if (!parsed.success)
        for (const [column, messages] of Object.entries(fieldErrors(parsed.error)))
          if (column !== 'store_id' || !errors.length) err(byColumn.get(column) ?? column, messages[0]!);
      const data = parsed.success ? parsed.data : null;
      const identity = data ? `${data.store_id}|${data.period}|${data.period_start}` : null;
      if (identity && seen.has(identity))
        err(
          'period_start',
          `This store and period appear on an earlier row of the file (row ${seen.get(identity)}).`,
        );
      if (identity && !errors.length) seen.set(identity, row.rowNumber);
      return { row, mapped, errors, data };
    });
    const valid = staged.filter((s) => s.data && !s.errors.length).map((s) => s.data!);
    const existing = await existingSales(db, teamId, valid);
    return staged.map(({ row, mapped, errors, data }): RowOutcome => {
      if (errors.length || !data)
        return { rowNumber: row.rowNumber, kind: 'invalid', errors: dedupe(errors), mapped };
      const found = existing.get(`${data.store_id}|${data.period}|${data.period_start}`);
      if ((options.mode === 'create' && found) || (options.mode === 'update' && !found))
        return { rowNumber: row.rowNumber, kind: 'skip', mapped };
      return {
        rowNumber: row.rowNumber,
        kind: 'operation',
        mapped,
        operation: {
          rowNumber: row.rowNumber,
          action: found ? 'update' : 'create',
          id: found?.id ?? null,
          values: { ...data },
          before: null,
          externalId: null,
        },
      };
    });
  }
  return { prepare };
}
