import { buffer } from 'node:stream/consumers';
import { type ImportDto, type ImportMapping, type ImportMode, type ImportType } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { type Executor } from '../../platform/db';
import type { ImportsTable } from '../../platform/db/schema';
import { AppError, invalid, notFound } from '../../platform/errors';
import { hasRole, type Actor } from '../../platform/policy';
import { describeFields } from './fields';
import { openTable, UnreadableFile, type ImportFormat } from './parse';
import { targetOf } from './targets';

// An import's stored row as every stage reads it, and as the API shows it.

export type ImportRow = Omit<
  ImportsTable,
  | 'id'
  | 'skip_invalid'
  | 'total_rows'
  | 'processed_rows'
  | 'created_count'
  | 'updated_count'
  | 'skipped_count'
  | 'error_count'
  | 'sheets'
  | 'headers'
> & {
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
export const canImport = (actor: Actor) => hasRole(actor, 'manager');

export async function findImport(db: Executor, teamId: number, id: number): Promise<ImportRow> {
  const row = await db
    .selectFrom('imports')
    .selectAll()
    .where('id', '=', id)
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  if (!row) throw notFound('Import');
  return row as ImportRow;
}

export async function present(db: Executor, row: ImportRow): Promise<ImportDto> {
  return (await presentImports(db, [row]))[0]!;
}

/** Imports as the API shows them: their users read in one query and each type's fields once (a history page). */
export async function presentImports(db: Executor, rows: ImportRow[]): Promise<ImportDto[]> {
  const userIds = [...new Set(rows.map((row) => row.user_id).filter((id): id is number => id !== null))];
  const users = new Map(
    (userIds.length
      ? await db.selectFrom('users').select(['id', 'name']).where('id', 'in', userIds).execute()
      : []
    ).map((u) => [u.id, u]),
  );
  const fieldsOf = new Map<string, ImportDto['fields']>();
  for (const row of rows)
    if (!fieldsOf.has(row.type))
      fieldsOf.set(row.type, describeFields(await targetOf(row.type as ImportType).fields(db, row.team_id)));
  return rows.map((row) =>
    presentImport(row, row.user_id ? users.get(row.user_id) : undefined, fieldsOf.get(row.type)!),
  );
}

function presentImport(
  row: ImportRow,
  user: { id: number; name: string } | undefined,
  fields: ImportDto['fields'],
): ImportDto {
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

/** A file over a size limit is a 413, one that cannot be read or is over a sheet limit a 422; both name `file`. */
export function fileError(error: unknown): unknown {
  if (!(error instanceof UnreadableFile)) return error;
  return error.tooLarge
    ? new AppError('too_large', error.message, { file: [error.message] })
    : invalid('file', error.message);
}

export async function tableOf(
  deps: Deps,
  row: ImportRow,
  sheet = row.sheet,
  options: { checkAll?: boolean } = {},
) {
  try {
    return await openTable(
      await buffer(await deps.storage.read(row.file_key)),
      row.format as ImportFormat,
      sheet,
      options,
    );
  } catch (error) {
    throw fileError(error);
  }
}

export function publish(
  deps: Deps,
  row: Pick<ImportRow, 'id' | 'user_id' | 'team_id'>,
  data: Partial<ImportDto>,
) {
  if (row.user_id)
    deps.realtime.publish(`user.${row.user_id}`, { type: 'import', data: { id: row.id, ...data } });
}
