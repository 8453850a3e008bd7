import {
  IMPORT_PREVIEW_ROWS,
  fieldErrors,
  importOptionsSchema,
  type ImportDto,
  type ImportMapping,
  type ImportMode,
  type ImportPreview,
  type ImportType,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { writeTransaction } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { authorize, type Actor } from '../../platform/policy';
import { type FieldSpec } from './fields';
import { type SheetRow } from './parse';
import type { CellError } from './prepare';
import { targetOf } from './targets';
import { findImport, tableOf, canImport, type ImportRow } from './state';
import { getImport } from './upload';
import { RUN_IMPORT } from './run';

// Mapping: the options are checked against the file, previewed on its first rows, then the run is queued.

type CheckedOptions = {
  mapping: ImportMapping;
  sheet: string | null;
  mode: ImportMode;
  matchKey: string | null;
  skipInvalid: boolean;
  headers: string[];
  fields: FieldSpec[];
};

/** The options against the file: mapped headers exist, required fields are mapped, a match key is chosen when needed. */
async function checkOptions(deps: Deps, row: ImportRow, raw: unknown): Promise<CheckedOptions> {
  const parsed = importOptionsSchema.safeParse(raw);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    throw new AppError('validation', Object.values(errors)[0]![0]!, errors);
  }
  const options = parsed.data;
  const sheet = options.sheet ?? row.sheet;
  // Another sheet than the upload checked is checked whole now, so the run never meets a sheet over the limits.
  const headers =
    sheet !== row.sheet
      ? (await tableOf(deps, row, sheet, { checkAll: true })).headers
      : (JSON.parse(row.headers) as string[]);
  const fields = await targetOf(row.type as ImportType).fields(deps.db, row.team_id);
  const errors: Record<string, string[]> = {};
  const mapping = Object.fromEntries(Object.entries(options.mapping).filter(([, header]) => header !== ''));
  for (const [field, header] of Object.entries(mapping)) {
    if (!fields.some((f) => f.key === field))
      errors[`mapping.${field}`] = [`There is no field “${field}” to import into.`];
    else if (!headers.includes(header)) errors[`mapping.${field}`] = [`The file has no column “${header}”.`];
  }
  if (options.mode !== 'update') {
    for (const field of fields)
      if (field.required && !mapping[field.key])
        errors[`mapping.${field.key}`] = [`Choose the column that holds the ${field.label.toLowerCase()}.`];
  }
  const target = targetOf(row.type as ImportType);
  if (!target.modes.includes(options.mode)) {
    errors.mode = [
      target.modes.includes('create')
        ? `${target.label}s can only be created by an import; rows naming existing ones are skipped.`
        : `${target.label}s can only be updated by an import.`,
    ];
  }
  const matchKey = options.match_key || null;
  // Types with an identity of their own (a store's sales period) match without a chosen key.
  // Create-only types skip what exists by their own reference; the others find existing records by a chosen key.
  const matchable = fields.some((f) => f.matchKey) && target.modes.some((m) => m !== 'create');
  if (matchable && (options.mode !== 'create' || matchKey)) {
    if (!matchKey) errors.match_key = ['Choose the column that finds existing records.'];
    else if (!fields.some((f) => f.key === matchKey && f.matchKey))
      errors.match_key = ['The selected match key is invalid.'];
    else if (!mapping[matchKey]) errors.match_key = ['Map a column to the match key first.'];
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError('validation', first, errors);
  return { mapping, sheet, mode: options.mode, matchKey, skipInvalid: options.skip_invalid, headers, fields };
}

/** The first rows as they would be imported, with every cell's error, from the same checks as the run. */
export async function previewImport(
  deps: Deps,
  actor: Actor,
  id: number,
  raw: unknown,
): Promise<ImportPreview> {
  const row = await findImport(deps.db, actor.teamId, id);
  authorize(canImport(actor), 'Only managers and admins can import.');
  const options = await checkOptions(deps, row, raw);
  const table = await tableOf(deps, row, options.sheet);
  const preparer = await targetOf(row.type as ImportType).preparer(deps.db, actor.teamId, {
    type: row.type as ImportType,
    ...options,
  });
  const sample: SheetRow[] = [];
  let total = 0;
  for await (const sheetRow of table.rows()) {
    total += 1;
    if (sample.length < IMPORT_PREVIEW_ROWS) sample.push(sheetRow);
  }
  const outcomes = await preparer.prepare(sample);
  return {
    total_rows: total,
    rows: outcomes.map((o) => ({
      row_number: o.rowNumber,
      values: o.mapped,
      action: o.kind === 'operation' ? o.operation.action : 'skip',
      errors: o.kind === 'invalid' ? groupErrors(o.errors, options.mapping) : {},
    })),
  };
}

/** Errors of a row by field key (the preview shows them under the cell of that field). */
function groupErrors(errors: CellError[], mapping: ImportMapping): Record<string, string[]> {
  const fieldOf = new Map(Object.entries(mapping).map(([field, header]) => [header, field]));
  const grouped: Record<string, string[]> = {};
  for (const e of errors) (grouped[fieldOf.get(e.column) ?? e.column] ??= []).push(e.message);
  return grouped;
}

/** Saves the mapping for next time and queues the run; progress arrives over the user's event stream. */
export async function startImport(deps: Deps, actor: Actor, id: number, raw: unknown): Promise<ImportDto> {
  const row = await findImport(deps.db, actor.teamId, id);
  authorize(canImport(actor), 'Only managers and admins can import.');
  if (row.status !== 'uploaded')
    throw new AppError('conflict', 'This import has already run; upload the file again to run it again.');
  const options = await checkOptions(deps, row, raw);
  await writeTransaction(deps.db, async (trx) => {
    const now = nowIso();
    const claimed = await trx
      .updateTable('imports')
      .set({
        status: 'queued',
        sheet: options.sheet,
        mapping: JSON.stringify(options.mapping),
        mode: options.mode,
        match_key: options.matchKey,
        skip_invalid: options.skipInvalid ? 1 : 0,
      })
      .where('id', '=', id)
      .where('team_id', '=', actor.teamId)
      .where('status', '=', 'uploaded')
      .executeTakeFirst();
    if (!Number(claimed.numUpdatedRows)) throw new AppError('conflict', 'This import has already run.');
    const saved = JSON.stringify(options.mapping);
    await trx
      .insertInto('import_mappings')
      .values({ team_id: actor.teamId, type: row.type, mapping: saved, updated_at: now })
      .onConflict((oc) => oc.columns(['team_id', 'type']).doUpdateSet({ mapping: saved, updated_at: now }))
      .execute();
    await trx
      .insertInto('jobs')
      .values({
        kind: RUN_IMPORT,
        team_id: actor.teamId,
        payload: JSON.stringify({ importId: id }),
        available_at: now,
        created_at: now,
      })
      .execute();
  });
  deps.jobs.kick();
  return getImport(deps, actor, id);
}

export async function cancelImport(deps: Deps, actor: Actor, id: number): Promise<ImportDto> {
  const row = await findImport(deps.db, actor.teamId, id);
  authorize(canImport(actor), 'Only managers and admins can import.');
  if (!['queued', 'running'].includes(row.status))
    throw new AppError('conflict', 'Only a queued or running import can be cancelled.');
  await deps.db
    .updateTable('imports')
    .set({ cancel_requested_at: nowIso() })
    .where('id', '=', id)
    .where('team_id', '=', actor.teamId)
    .execute();
  return getImport(deps, actor, id);
}
