import type { ZodType } from 'zod';
import { fieldErrors } from '@storekeep/contracts';
import { type Executor, untyped } from '../../platform/db';
import { liveAttributes } from '../attributes/index';
import type { SheetRow } from './parse';
import {
  checkedAttributes,
  coerce,
  dedupe,
  layoutOf,
  resolve,
  type Preparer,
  type PrepareOptions,
  type RowOutcome,
  key,
} from './prepare';

/** What differs between leases and franchise agreements for the importer. */
export type ContractKind = {
  schema: ZodType;
  /** Table and column whose value names an existing contract (its reference or number). */
  table: 'leases' | 'franchise_agreements';
  /** Whose team-defined attributes the file may set. */
  subject: 'leases' | 'agreements';
  matchColumn: 'reference' | 'agreement_number';
  /** Columns that are not the schema's own, turned into its input (a monthly rent becomes a rent schedule). */
  build?(
    values: Record<string, unknown>,
    err: (fieldKey: string, message: string) => void,
  ): Record<string, unknown>;
  /** A live contract's values as the form sends them: what an update row is merged into. */
  valuesOf(db: Executor, teamId: number, id: number): Promise<Record<string, unknown>>;
};

/**
 * Lease and agreement rows: relations by name (a list column names several stores, separated by ; or ,), then
 * the whole-contract schema of the forms. A row whose reference (or number) names an existing contract is
 * skipped when creating, and updates it otherwise: the file's non-empty cells are merged into the contract
 * (its rent schedule, options and other rows stay unless the file sets them) and the merge is checked whole.
 */
export async function createContractPreparer(
  db: Executor,
  teamId: number,
  options: PrepareOptions,
  kind: ContractKind,
): Promise<Preparer> {
  const { fields, byColumn, relations, read } = await layoutOf(db, teamId, options);
  const attributeFields = fields.filter((f) => f.attribute);
  const definitions = attributeFields.length ? await liveAttributes(db, teamId, kind.subject) : [];
  const existing = new Map<string, number[]>();
  const rows = (await untyped(db)
    .selectFrom(kind.table)
    .select(['id', kind.matchColumn])
    .where('team_id', '=', teamId)
    .where('deleted_at', 'is', null)
    .where(kind.matchColumn, 'is not', null)
    .execute()) as Array<Record<string, string | number>>;
  for (const row of rows) {
    const word = key(String(row[kind.matchColumn]));
    existing.set(word, [...(existing.get(word) ?? []), Number(row.id)]);
  }
  const matchField = fields.find((f) => f.column === kind.matchColumn);
  const inFile = new Set<string>();

  async function prepare(sheetRows: SheetRow[]): Promise<RowOutcome[]> {
    const outcomes: RowOutcome[] = [];
    for (const row of sheetRows) {
      const { mapped, errors, err } = read(row);
      const match = matchField ? (mapped[matchField.key] ?? '') : '';
      const matched = match ? (existing.get(key(match)) ?? []) : [];
      const update = matched.length > 0 && options.mode !== 'create';
      if ((matched.length && options.mode === 'create') || (!matched.length && options.mode === 'update')) {
        outcomes.push({ rowNumber: row.rowNumber, kind: 'skip', mapped });
        continue;
      }
      if (matched.length > 1)
        err(
          matchField!.key,
          `“${match}” matches ${matched.length} existing contracts; give them unique values first.`,
        );
      const values: Record<string, unknown> = {};
      for (const field of fields) {
        if (field.attribute) continue;
        const text = mapped[field.key] ?? '';
        if (field.relation && field.kind === 'list') {
          if (text || !update)
            values[field.column] = text
              .split(/[;,]/)
              .map((part) => part.trim())
              .filter(Boolean)
              .map((part) => resolve(field, part, relations, err))
              .filter((id): id is number => id !== null);
        } else if (field.relation) {
          if (text || !update) values[field.column] = resolve(field, text, relations, err);
        } else if (text) values[field.column] = coerce(field, text);
      }
      if (match && inFile.has(key(match)))
        err(matchField!.key, `“${match}” appears on an earlier row of the file.`);
      const current = update && matched.length === 1 ? await kind.valuesOf(db, teamId, matched[0]!) : {};
      const merged = kind.build ? kind.build({ ...current, ...values }, err) : { ...current, ...values };
      const parsed = kind.schema.safeParse(merged);
      if (!parsed.success)
        for (const [column, messages] of Object.entries(fieldErrors(parsed.error)))
          err(byColumn.get(column.split('.')[0]!) ?? column, messages[0]!);
      const attributes = attributeFields.length
        ? checkedAttributes(attributeFields, definitions, mapped, update, err)
        : undefined;
      if (errors.length || !parsed.success) {
        outcomes.push({ rowNumber: row.rowNumber, kind: 'invalid', errors: dedupe(errors), mapped });
        continue;
      }
      if (match) inFile.add(key(match));
      if (!update) {
        outcomes.push({
          rowNumber: row.rowNumber,
          kind: 'operation',
          mapped,
          operation: {
            rowNumber: row.rowNumber,
            action: 'create',
            id: null,
            values: parsed.data as Record<string, unknown>,
            attributes,
            before: null,
            externalId: null,
          },
        });
        continue;
      }
      // What the file changes: its own cells, and what they make (a monthly rent's new schedule).
      const patch = Object.fromEntries(
        Object.entries(merged).filter(
          ([column, value]) => column in values || JSON.stringify(value) !== JSON.stringify(current[column]),
        ),
      );
      outcomes.push({
        rowNumber: row.rowNumber,
        kind: 'operation',
        mapped,
        operation: {
          rowNumber: row.rowNumber,
          action: 'update',
          id: matched[0]!,
          values: patch,
          attributes,
          before: null,
          externalId: null,
        },
      });
    }
    return outcomes;
  }
  return { prepare };
}
