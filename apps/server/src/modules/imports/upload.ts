import { IMPORT_TYPES, type ImportDto, type ImportType, type PaginationMeta } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { writeTransaction } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { randomToken } from '../../platform/crypto';
import { invalid } from '../../platform/errors';
import { paginationMeta } from '../../platform/list';
import { authorize, type Actor } from '../../platform/policy';
import { adoptBlob, reserveBlob } from '../../platform/blobs';
import { suggestMapping } from './fields';
import { detectFormat, openTable } from './parse';
import { targetOf } from './targets';
import { findImport, fileError, canImport, present, presentImports, type ImportRow } from './state';

// Upload: the file is stored and its sheets and header read; the mapping offered is last time's or guessed.

/** The multipart form of an upload: `type`, optional `sheet`, and the file (its name made safe). */
export type ImportUpload = {
  fields: Record<string, string>;
  file: { name: string; bytes: Buffer } | null;
};

/**
 * Stores the uploaded file and reads its sheets and header; the mapping offered is last time's or guessed.
 * `read` takes the upload off the request, after the caller is known to be allowed to import.
 */
export async function uploadImport(
  deps: Deps,
  actor: Actor,
  read: () => Promise<ImportUpload>,
): Promise<ImportDto> {
  authorize(canImport(actor), 'Only managers and admins can import.');
  const { fields, file } = await read();
  const type = fields.type as ImportType;
  if (!IMPORT_TYPES.includes(type)) throw invalid('type', 'The selected type is invalid.');
  if (!file || !file.bytes.length) throw invalid('file', 'The file field is required.');
  if (!/\.(csv|tsv|txt|xlsx)$/i.test(file.name) && detectFormat(file.name, file.bytes) !== 'xlsx')
    throw invalid('file', 'The file must be a CSV or XLSX file.');
  const format = detectFormat(file.name, file.bytes);
  let table;
  try {
    table = await openTable(file.bytes, format, fields.sheet || null, { checkAll: true });
  } catch (error) {
    throw fileError(error);
  }
  if (!table.headers.length) throw invalid('file', 'The file has no header row.');
  const saved = await deps.db
    .selectFrom('import_mappings')
    .select('mapping')
    .where('team_id', '=', actor.teamId)
    .where('type', '=', type)
    .executeTakeFirst();
  const mapping = suggestMapping(
    await targetOf(type).fields(deps.db, actor.teamId),
    table.headers,
    saved ? (JSON.parse(saved.mapping) as Record<string, string>) : null,
  );
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
        file_name: file.name,
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

export async function listImports(
  deps: Deps,
  actor: Actor,
  page: number,
  perPage: number,
): Promise<{ data: ImportDto[]; meta: PaginationMeta }> {
  const base = deps.db
    .selectFrom('imports')
    .where('team_id', '=', actor.teamId)
    .where('status', '!=', 'uploaded');
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = (await base
    .selectAll()
    .orderBy('id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute()) as ImportRow[];
  return { data: await presentImports(deps.db, rows), meta: paginationMeta(page, perPage, Number(total)) };
}
