import { buffer } from 'node:stream/consumers';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  IMPORT_BATCH_SIZE,
  IMPORT_MAX_ROWS,
  IMPORT_PREVIEW_ROWS,
  IMPORT_TYPES,
  fieldErrors,
  importOptionsSchema,
  type ImportDto,
  type ImportMapping,
  type ImportMode,
  type ImportPreview,
  type ImportType,
  type PaginationMeta,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { type Executor, writeTransaction } from '../../platform/db';
import type { ImportsTable } from '../../platform/db/schema';
import type { QueuedRow } from '../../platform/queue';
import { nowIso } from '../../platform/clock';
import { randomToken } from '../../platform/crypto';
import { AppError, invalid, notFound } from '../../platform/errors';
import { paginationMeta } from '../../platform/list';
import { authorize, hasRole, type Actor } from '../../platform/policy';
import { recordActivity } from '../activities/service';
import { adoptBlob, reserveBlob } from '../../platform/blobs';
import { describeFields, suggestMapping, type FieldSpec } from './fields';
import { detectFormat, openTable, UnreadableFile, type ImportFormat, type SheetRow } from './parse';
import type { CellError, Operation } from './prepare';
import { targetOf, type ImportTarget } from './targets';

export const RUN_IMPORT = 'import.run';
const MAX_FILE_BYTES = 50 * 1024 * 1024;


type ImportRow = Omit<ImportsTable, 'id' | 'skip_invalid' | 'total_rows' | 'processed_rows' | 'created_count' | 'updated_count' | 'skipped_count' | 'error_count' | 'sheets' | 'headers'> & {
  id: number;
  skip_invalid: number;
  total_rows: number;
  processed_rows: number;
  created_count: number;
  updated_count: number;
  skipped_count: number;
  error_count: number;
  sheets: string;
  headers: string;
};

/** Import is an admin's and a manager's tool (ARCHITECTURE §3); observers only read. */
const canImport = (actor: Actor) => hasRole(actor, 'manager');

async function findImport(db: Executor, teamId: number, id: number): Promise<ImportRow> {
  const row = await db.selectFrom('imports').selectAll().where('id', '=', id).where('team_id', '=', teamId).executeTakeFirst();
  if (!row) throw notFound('Import');
  return row as ImportRow;
}

async function present(db: Executor, row: ImportRow): Promise<ImportDto> {
  return (await presentImports(db, [row]))[0]!;
}

/** Imports as the API shows them: their users read in one query and each type's fields once (a history page). */
async function presentImports(db: Executor, rows: ImportRow[]): Promise<ImportDto[]> {
  const userIds = [...new Set(rows.map((row) => row.user_id).filter((id): id is number => id !== null))];
  const users = new Map((userIds.length ? await db.selectFrom('users').select(['id', 'name']).where('id', 'in', userIds).execute() : []).map((u) => [u.id, u]));
  const fieldsOf = new Map<string, ImportDto['fields']>();
  for (const row of rows) if (!fieldsOf.has(row.type)) fieldsOf.set(row.type, describeFields(await targetOf(row.type as ImportType).fields(db, row.team_id)));
  return rows.map((row) => presentImport(row, row.user_id ? users.get(row.user_id) : undefined, fieldsOf.get(row.type)!));
}

function presentImport(row: ImportRow, user: { id: number; name: string } | undefined, fields: ImportDto['fields']): ImportDto {
  const type = row.type as ImportType;
  return {
    id: row.id,
    type,
    status: row.status as ImportDto['status'],
    file_name: row.file_name,
    format: row.format as ImportFormat,
    sheet: row.sheet,
    sheets: JSON.parse(row.sheets) as string[],
    headers: JSON.parse(row.headers) as string[],
    fields,
    modes: [...targetOf(type).modes],
    mapping: row.mapping ? (JSON.parse(row.mapping) as ImportMapping) : {},
    mode: row.mode as ImportMode | null,
    match_key: row.match_key,
    skip_invalid: !!row.skip_invalid,
    total_rows: row.total_rows,
    processed_rows: row.processed_rows,
    created_count: row.created_count,
    updated_count: row.updated_count,
    skipped_count: row.skipped_count,
    error_count: row.error_count,
    message: row.message,
    user: user ? { id: user.id, name: user.name } : null,
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
    undone_at: row.undone_at,
    can_undo: row.status === 'completed' && row.created_count + row.updated_count > 0,
  };
}

async function tableOf(deps: Deps, row: ImportRow, sheet = row.sheet) {
  try {
    return await openTable(await buffer(await deps.storage.read(row.file_key)), row.format as ImportFormat, sheet);
  } catch (error) {
    if (error instanceof UnreadableFile) throw invalid('file', error.message);
    throw error;
  }
}

function publish(deps: Deps, row: Pick<ImportRow, 'id' | 'user_id' | 'team_id'>, data: Partial<ImportDto>) {
  if (row.user_id) deps.realtime.publish(`user.${row.user_id}`, { type: 'import', data: { id: row.id, ...data } });
}

// ---------- upload, mapping, preview ----------

/** Stores the uploaded file and reads its sheets and header; the mapping offered is last time's or guessed. */
export async function uploadImport(deps: Deps, actor: Actor, request: FastifyRequest): Promise<ImportDto> {
  authorize(canImport(actor), 'Only managers and admins can import.');
  if (!request.isMultipart()) throw invalid('file', 'The file field is required.');
  const fields: Record<string, string> = {};
  let file: { name: string; bytes: Buffer } | null = null;
  for await (const part of request.parts({ limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10 } })) {
    if (part.type === 'field') fields[part.fieldname] = String(part.value);
    else if (part.fieldname === 'file') {
      const bytes = await part.toBuffer().catch((error: unknown) => {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('too_large', 'The file may not be larger than 50 MB.');
        throw error;
      });
      file = { name: part.filename || 'import.csv', bytes };
    } else part.file.resume();
  }
  const type = fields.type as ImportType;
  if (!IMPORT_TYPES.includes(type)) throw invalid('type', 'The selected type is invalid.');
  if (!file || !file.bytes.length) throw invalid('file', 'The file field is required.');
  if (!/\.(csv|tsv|txt|xlsx)$/i.test(file.name) && detectFormat(file.name, file.bytes) !== 'xlsx') throw invalid('file', 'The file must be a CSV or XLSX file.');
  const format = detectFormat(file.name, file.bytes);
  let table;
  try {
    table = await openTable(file.bytes, format, fields.sheet || null);
  } catch (error) {
    if (error instanceof UnreadableFile) throw invalid('file', error.message);
    throw error;
  }
  if (!table.headers.length) throw invalid('file', 'The file has no header row.');
  const saved = await deps.db.selectFrom('import_mappings').select('mapping').where('team_id', '=', actor.teamId).where('type', '=', type).executeTakeFirst();
  const mapping = suggestMapping(await targetOf(type).fields(deps.db, actor.teamId), table.headers, saved ? (JSON.parse(saved.mapping) as Record<string, string>) : null);
  const key = `import-${randomToken(18)}`;
  await reserveBlob(deps.db, key);
  await deps.storage.put(key, file.bytes);
  const inserted = await writeTransaction(deps.db, async (trx) => {
    await adoptBlob(trx, key);
    return trx
      .insertInto('imports')
      .values({
        team_id: actor.teamId,
        user_id: actor.user.id,
        type,
        status: 'uploaded',
        file_key: key,
        file_name: file.name.slice(0, 255),
        format,
        sheet: table.sheet,
        sheets: JSON.stringify(table.sheets),
        headers: JSON.stringify(table.headers),
        mapping: JSON.stringify(mapping),
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  });
  return present(deps.db, await findImport(deps.db, actor.teamId, Number(inserted.id)));
}

export async function getImport(deps: Deps, actor: Actor, id: number): Promise<ImportDto> {
  return present(deps.db, await findImport(deps.db, actor.teamId, id));
}

export async function listImports(deps: Deps, actor: Actor, page: number, perPage: number): Promise<{ data: ImportDto[]; meta: PaginationMeta }> {
  const base = deps.db.selectFrom('imports').where('team_id', '=', actor.teamId).where('status', '!=', 'uploaded');
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = (await base.selectAll().orderBy('id', 'desc').limit(perPage).offset((page - 1) * perPage).execute()) as ImportRow[];
  return { data: await presentImports(deps.db, rows), meta: paginationMeta(page, perPage, Number(total)) };
}

type CheckedOptions = { mapping: ImportMapping; sheet: string | null; mode: ImportMode; matchKey: string | null; skipInvalid: boolean; headers: string[]; fields: FieldSpec[] };

/** The options against the file: mapped headers exist, required fields are mapped, a match key is chosen when needed. */
async function checkOptions(deps: Deps, row: ImportRow, raw: unknown): Promise<CheckedOptions> {
  const parsed = importOptionsSchema.safeParse(raw);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    throw new AppError('validation', Object.values(errors)[0]![0]!, errors);
  }
  const options = parsed.data;
  const sheet = options.sheet ?? row.sheet;
  const headers = sheet !== row.sheet ? (await tableOf(deps, row, sheet)).headers : (JSON.parse(row.headers) as string[]);
  const fields = await targetOf(row.type as ImportType).fields(deps.db, row.team_id);
  const errors: Record<string, string[]> = {};
  const mapping = Object.fromEntries(Object.entries(options.mapping).filter(([, header]) => header !== ''));
  for (const [field, header] of Object.entries(mapping)) {
    if (!fields.some((f) => f.key === field)) errors[`mapping.${field}`] = [`There is no field “${field}” to import into.`];
    else if (!headers.includes(header)) errors[`mapping.${field}`] = [`The file has no column “${header}”.`];
  }
  if (options.mode !== 'update') {
    for (const field of fields) if (field.required && !mapping[field.key]) errors[`mapping.${field.key}`] = [`Choose the column that holds the ${field.label.toLowerCase()}.`];
  }
  const target = targetOf(row.type as ImportType);
  if (!target.modes.includes(options.mode)) {
    errors.mode = [target.modes.includes('create') ? `${target.label}s can only be created by an import; rows naming existing ones are skipped.` : `${target.label}s can only be updated by an import.`];
  }
  const matchKey = options.match_key || null;
  // Types with an identity of their own (a store's sales period) match without a chosen key.
  // Create-only types skip what exists by their own reference; the others find existing records by a chosen key.
  const matchable = fields.some((f) => f.matchKey) && target.modes.some((m) => m !== 'create');
  if (matchable && (options.mode !== 'create' || matchKey)) {
    if (!matchKey) errors.match_key = ['Choose the column that finds existing records.'];
    else if (!fields.some((f) => f.key === matchKey && f.matchKey)) errors.match_key = ['The selected match key is invalid.'];
    else if (!mapping[matchKey]) errors.match_key = ['Map a column to the match key first.'];
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError('validation', first, errors);
  return { mapping, sheet, mode: options.mode, matchKey, skipInvalid: options.skip_invalid, headers, fields };
}

/** The first rows as they would be imported, with every cell's error, from the same checks as the run. */
export async function previewImport(deps: Deps, actor: Actor, id: number, raw: unknown): Promise<ImportPreview> {
  const row = await findImport(deps.db, actor.teamId, id);
  authorize(canImport(actor), 'Only managers and admins can import.');
  const options = await checkOptions(deps, row, raw);
  const table = await tableOf(deps, row, options.sheet);
  const preparer = await targetOf(row.type as ImportType).preparer(deps.db, actor.teamId, { type: row.type as ImportType, ...options });
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
  if (row.status !== 'uploaded') throw new AppError('conflict', 'This import has already run; upload the file again to run it again.');
  const options = await checkOptions(deps, row, raw);
  await writeTransaction(deps.db, async (trx) => {
    const now = nowIso();
    const claimed = await trx
      .updateTable('imports')
      .set({ status: 'queued', sheet: options.sheet, mapping: JSON.stringify(options.mapping), mode: options.mode, match_key: options.matchKey, skip_invalid: options.skipInvalid ? 1 : 0 })
      .where('id', '=', id)
      .where('status', '=', 'uploaded')
      .executeTakeFirst();
    if (!Number(claimed.numUpdatedRows)) throw new AppError('conflict', 'This import has already run.');
    const saved = JSON.stringify(options.mapping);
    await trx
      .insertInto('import_mappings')
      .values({ team_id: actor.teamId, type: row.type, mapping: saved, updated_at: now })
      .onConflict((oc) => oc.columns(['team_id', 'type']).doUpdateSet({ mapping: saved, updated_at: now }))
      .execute();
    await trx.insertInto('jobs').values({ kind: RUN_IMPORT, team_id: actor.teamId, payload: JSON.stringify({ importId: id }), available_at: now, created_at: now }).execute();
  });
  deps.jobs.kick();
  return getImport(deps, actor, id);
}

export async function cancelImport(deps: Deps, actor: Actor, id: number): Promise<ImportDto> {
  const row = await findImport(deps.db, actor.teamId, id);
  authorize(canImport(actor), 'Only managers and admins can import.');
  if (!['queued', 'running'].includes(row.status)) throw new AppError('conflict', 'Only a queued or running import can be cancelled.');
  await deps.db.updateTable('imports').set({ cancel_requested_at: nowIso() }).where('id', '=', id).execute();
  return getImport(deps, actor, id);
}

// ---------- the run ----------

export type RunHooks = { batchSize?: number; afterBatch?: (committed: number) => Promise<void> };

class Cancelled extends Error {}

/**
 * The background run. Rows are checked first (nothing written); with any invalid row and no "skip invalid
 * rows", the run stops there. Then rows are written in batches of IMPORT_BATCH_SIZE, each in one transaction
 * that also logs what it did (import_changes). Cancel, an error, or a worker that died half way (its job is
 * claimed again and finds the import still "running") all roll the logged batches back, so the database
 * ends as before the run.
 */
export async function runImport(deps: Deps, importId: number, jobId: number | null, hooks: RunHooks = {}): Promise<void> {
  const found = await deps.db.selectFrom('imports').selectAll().where('id', '=', importId).executeTakeFirst();
  if (!found) return;
  let row = found as ImportRow;
  const target = targetOf(row.type as ImportType);
  if (row.status === 'running') {
    await rollBack(deps, row, target);
    await finish(deps, row, 'failed', 'The import was interrupted before it finished; nothing from it was kept. Run it again.');
    return;
  }
  if (row.status !== 'queued') return;
  if (row.cancel_requested_at) return finish(deps, row, 'cancelled', 'Cancelled before it started.');
  await deps.db.updateTable('imports').set({ status: 'running', started_at: nowIso() }).where('id', '=', importId).execute();
  row = { ...row, status: 'running' };
  publish(deps, row, { status: 'running', processed_rows: 0 });

  try {
    const operations = await checkRows(deps, row, target);
    if (!operations) return;
    await writeRows(deps, row, target, operations, jobId, hooks);
    await writeTransaction(deps.db, async (trx) => {
      const counts = await trx.selectFrom('imports').select(['created_count', 'updated_count', 'skipped_count', 'error_count']).where('id', '=', importId).executeTakeFirstOrThrow();
      await recordActivity(trx, { teamId: row.team_id, userId: row.user_id, subjectType: 'import', subjectId: importId, action: 'imported', changes: { type: row.type, file: row.file_name, ...counts } });
      await trx.updateTable('imports').set({ status: 'completed', finished_at: nowIso() }).where('id', '=', importId).execute();
    });
    publish(deps, row, await present(deps.db, await findImport(deps.db, row.team_id, importId)));
  } catch (error) {
    // Rolling back may itself fail (the database went away): then the job fails, is claimed again later,
    // finds the import "running" and rolls back from the log then.
    await rollBack(deps, row, target);
    if (error instanceof Cancelled) await finish(deps, row, 'cancelled', 'Cancelled; nothing from this import was kept.');
    else {
      deps.log.error({ err: error, importId }, 'import failed');
      await finish(deps, row, 'failed', 'The import failed unexpectedly; nothing from it was kept.');
    }
  }
}

async function finish(deps: Deps, row: ImportRow, status: 'failed' | 'cancelled', message: string) {
  await deps.db.updateTable('imports').set({ status, message, finished_at: nowIso() }).where('id', '=', row.id).execute();
  publish(deps, row, await present(deps.db, await findImport(deps.db, row.team_id, row.id)));
}

async function throwIfCancelled(deps: Deps, id: number) {
  const row = await deps.db.selectFrom('imports').select('cancel_requested_at').where('id', '=', id).executeTakeFirst();
  if (row?.cancel_requested_at) throw new Cancelled();
}

/** Reads and checks every row; returns the operations, or null when invalid rows stop the run. */
async function checkRows(deps: Deps, row: ImportRow, target: ImportTarget): Promise<Operation[] | null> {
  const table = await tableOf(deps, row);
  const options = {
    type: row.type as ImportType,
    fields: await target.fields(deps.db, row.team_id),
    mapping: JSON.parse(row.mapping ?? '{}') as ImportMapping,
    mode: (row.mode ?? 'create') as ImportMode,
    matchKey: row.match_key,
    headers: table.headers,
  };
  const preparer = await target.preparer(deps.db, row.team_id, options);
  const operations: Operation[] = [];
  const errors: CellError[] = [];
  let chunk: SheetRow[] = [];
  let total = 0;
  let skipped = 0;
  let invalidRows = 0;
  const flush = async () => {
    for (const outcome of await preparer.prepare(chunk)) {
      if (outcome.kind === 'operation') operations.push(outcome.operation);
      else if (outcome.kind === 'skip') skipped += 1;
      else {
        invalidRows += 1;
        errors.push(...outcome.errors);
      }
    }
    chunk = [];
  };
  for await (const sheetRow of table.rows()) {
    total += 1;
    if (total > IMPORT_MAX_ROWS) throw invalid('file', `A file may hold at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows.`);
    chunk.push(sheetRow);
    if (chunk.length >= IMPORT_BATCH_SIZE) {
      await flush();
      if (total % (IMPORT_BATCH_SIZE * 10) === 0) await throwIfCancelled(deps, row.id);
    }
  }
  await flush();
  const skipInvalid = !!row.skip_invalid;
  await writeTransaction(deps.db, async (trx) => {
    for (let at = 0; at < errors.length; at += 200) {
      await trx
        .insertInto('import_errors')
        .values(errors.slice(at, at + 200).map((e) => ({ import_id: row.id, row_number: e.rowNumber, column_name: e.column.slice(0, 255), value: e.value?.slice(0, 1000) ?? null, message: e.message.slice(0, 1000) })))
        .execute();
    }
    await trx
      .updateTable('imports')
      .set({ total_rows: total, error_count: invalidRows, skipped_count: skipped + (skipInvalid ? invalidRows : 0) })
      .where('id', '=', row.id)
      .execute();
  });
  publish(deps, row, { status: 'running', total_rows: total, error_count: invalidRows });
  if (invalidRows && !skipInvalid) {
    await finish(deps, row, 'failed', `${invalidRows} ${invalidRows === 1 ? 'row has' : 'rows have'} errors, so nothing was imported. Download the error report, fix the file or the mapping, or choose to skip invalid rows.`);
    return null;
  }
  if (!total) {
    await finish(deps, row, 'failed', 'The file has no rows of data.');
    return null;
  }
  return operations;
}

async function writeRows(deps: Deps, row: ImportRow, target: ImportTarget, operations: Operation[], jobId: number | null, hooks: RunHooks) {
  const size = hooks.batchSize ?? IMPORT_BATCH_SIZE;
  let done = 0;
  for (let at = 0; at < operations.length; at += size) {
    await throwIfCancelled(deps, row.id);
    const batch = operations.slice(at, at + size);
    await writeTransaction(deps.db, async (trx) => {
      // A batch and its log rows commit together, so a batch lost to a database crash before its WAL reached
      // disk is lost whole, log included: the import is still consistent, and commits need not wait for fsync.
      if (deps.dialect === 'postgres') await sql`set local synchronous_commit = off`.execute(trx);
      const now = nowIso();
      const logged = await target.write(trx, row.team_id, batch, now, { userId: row.user_id ?? 0, ip: null });
      for (let i = 0; i < logged.length; i += 100) {
        await trx
          .insertInto('import_changes')
          .values(logged.slice(i, i + 100).map((change) => ({ import_id: row.id, ...change })))
          .execute();
      }
      const created = logged.filter((c) => c.action === 'create').length;
      await trx
        .updateTable('imports')
        .set((eb) => ({
          processed_rows: eb('processed_rows', '+', batch.length),
          created_count: eb('created_count', '+', created),
          updated_count: eb('updated_count', '+', logged.length - created),
          skipped_count: eb('skipped_count', '+', batch.length - logged.length),
        }))
        .where('id', '=', row.id)
        .execute();
      // The job's claim stays fresh while batches commit, so no other worker takes a live import for a dead one.
      if (jobId !== null) await trx.updateTable('jobs').set({ claimed_at: now }).where('id', '=', jobId).execute();
    });
    done += batch.length;
    publish(deps, row, { status: 'running', processed_rows: done, total_rows: operations.length });
    await hooks.afterBatch?.(done);
  }
}

/**
 * Reverses what the log says a run committed, newest batch first, a batch per transaction; each batch's log
 * rows go with it, so a rollback that stops half way continues where it stopped.
 */
async function rollBack(deps: Deps, row: ImportRow, target: ImportTarget) {
  for (;;) {
    const changes = await deps.db.selectFrom('import_changes').selectAll().where('import_id', '=', row.id).orderBy('subject_id', 'desc').limit(IMPORT_BATCH_SIZE).execute();
    if (!changes.length) break;
    await writeTransaction(deps.db, async (trx) => {
      await target.rollBack(trx, row.team_id, changes);
      await trx.deleteFrom('import_changes').where('import_id', '=', row.id).where('subject_id', 'in', changes.map((c) => c.subject_id)).execute();
    });
  }
  await deps.db.updateTable('imports').set({ processed_rows: 0, created_count: 0, updated_count: 0 }).where('id', '=', row.id).execute();
}

export async function runImportJob(deps: Deps, job: QueuedRow) {
  const { importId } = JSON.parse(job.payload) as { importId: number };
  await runImport(deps, importId, job.id);
}

// ---------- after the run ----------

/**
 * Soft-deletes what the import created and puts back what it updated — unless someone edited one of those
 * records since (its updated_at moved on): then nothing is undone and the answer names the record.
 */
export async function undoImport(deps: Deps, actor: Actor, id: number): Promise<ImportDto> {
  const row = await findImport(deps.db, actor.teamId, id);
  authorize(canImport(actor), 'Only managers and admins can import.');
  if (row.status !== 'completed') throw new AppError('conflict', row.status === 'undone' ? 'This import was undone already.' : 'Only a completed import can be undone.');
  const target = targetOf(row.type as ImportType);
  await writeTransaction(deps.db, async (trx) => {
    const claimed = await trx.updateTable('imports').set({ status: 'undone', undone_at: nowIso() }).where('id', '=', id).where('status', '=', 'completed').executeTakeFirst();
    if (!Number(claimed.numUpdatedRows)) throw new AppError('conflict', 'This import was undone already.');
    const now = nowIso();
    for (let offset = 0; ; offset += IMPORT_BATCH_SIZE) {
      const changes = await trx.selectFrom('import_changes').selectAll().where('import_id', '=', id).orderBy('subject_id').limit(IMPORT_BATCH_SIZE).offset(offset).execute();
      if (!changes.length) break;
      const current = await target.current(trx, actor.teamId, changes.map((c) => c.subject_id));
      const edited = changes.find((c) => {
        const state = current.get(c.subject_id);
        return !state || state.updated_at !== c.after_updated_at || (c.action === 'create' && state.deleted_at);
      });
      if (edited) {
        const name = current.get(edited.subject_id)?.name;
        throw new AppError('conflict', `This import cannot be undone: ${target.label.toLowerCase()} ${name ? `“${name}”` : `#${edited.subject_id}`} was changed after the import. Undoing would overwrite that change.`);
      }
      await target.undo(trx, actor.teamId, changes, now);
    }
    await recordActivity(trx, { teamId: actor.teamId, userId: actor.user.id, subjectType: 'import', subjectId: id, action: 'undone', changes: { type: row.type, file: row.file_name }, ip: actor.ip });
  });
  return getImport(deps, actor, id);
}

/** The error report rows (row, column, value, message), in file order. */
export async function* importErrors(deps: Deps, actor: Actor, id: number): AsyncGenerator<[number, string, string, string]> {
  await findImport(deps.db, actor.teamId, id);
  for (let offset = 0; ; offset += 1000) {
    const rows = await deps.db.selectFrom('import_errors').selectAll().where('import_id', '=', id).orderBy('row_number').limit(1000).offset(offset).execute();
    if (!rows.length) return;
    for (const e of rows) yield [e.row_number, e.column_name, e.value ?? '', e.message];
  }
}
