import { DOCUMENT_CATEGORIES, documentFieldsSchema, fieldErrors } from '@storekeep/contracts';
import type { Executor } from '../../platform/db';
import { liveAttributes } from '../attributes/index';
import type { SheetRow } from './parse';
import {
  checkedAttributes,
  coerce,
  dedupe,
  layoutOf,
  type Preparer,
  type PrepareOptions,
  type RowOutcome,
  key,
} from './prepare';

/**
 * Document metadata rows: the document by its id, its current file's name or its title (one match, or an
 * error), then title, category (by name or key), description, tags (; or , separated) and dates, checked by
 * the form's rules. Documents themselves are uploaded, not imported: rows matching none are skipped.
 */
export async function createDocumentPreparer(
  db: Executor,
  teamId: number,
  options: PrepareOptions,
): Promise<Preparer> {
  const layout = await layoutOf(db, teamId, options);
  // The match columns (id, file name) name the document; the others are what a row sets.
  const fields = layout.fields.filter((f) => f.column);
  const { byColumn, read } = layout;
  const matchKey = options.matchKey ?? 'id';
  const documents = await db
    .selectFrom('documents')
    .leftJoin('document_versions as v', 'v.id', 'documents.current_version_id')
    .select(['documents.id', 'documents.title', 'v.file_name'])
    .where('documents.team_id', '=', teamId)
    .where('documents.deleted_at', 'is', null)
    .execute();
  const matches = new Map<string, number[]>();
  for (const d of documents) {
    const word = matchKey === 'id' ? String(d.id) : matchKey === 'file_name' ? d.file_name : d.title;
    if (word) matches.set(key(word), [...(matches.get(key(word)) ?? []), d.id]);
  }
  const team = await db
    .selectFrom('document_categories')
    .select(['slug', 'name'])
    .where('team_id', '=', teamId)
    .execute();
  const categories = new Map<string, string>();
  for (const [slug, name] of [
    ...Object.entries(DOCUMENT_CATEGORIES),
    ...team.map((c) => [c.slug, c.name] as const),
  ]) {
    categories.set(key(slug), slug);
    categories.set(key(name), slug);
  }
  const seen = new Set<number>();
  const schema = documentFieldsSchema.partial();
  const attributeFields = layout.fields.filter((f) => f.attribute);
  const definitions = attributeFields.length ? await liveAttributes(db, teamId, 'documents') : [];

  async function prepare(rows: SheetRow[]): Promise<RowOutcome[]> {
    return rows.map((row): RowOutcome => {
      const { mapped, errors, err } = read(row);
      const value = mapped[matchKey] ?? '';
      const ids = value ? (matches.get(key(value)) ?? []) : [];
      if (!ids.length) return { rowNumber: row.rowNumber, kind: 'skip', mapped };
      if (ids.length > 1)
        err(matchKey, `“${value}” matches ${ids.length} documents; match on the document ID instead.`);
      if (ids.length === 1 && seen.has(ids[0]!))
        err(matchKey, `Another row of the file already updates the document matching “${value}”.`);
      const values: Record<string, unknown> = {};
      for (const field of fields) {
        const text = mapped[field.key] ?? '';
        if (field.kind === 'list')
          values[field.column] = text
            .split(/[;,]/)
            .map((part) => part.trim())
            .filter(Boolean);
        else if (field.key === 'category') {
          if (text && !categories.has(key(text)))
            err('category', `“${text}” is not a document category of this team.`);
          else if (text) values.category = categories.get(key(text));
        } else values[field.column] = text ? coerce(field, text) : null;
      }
      const parsed = schema.safeParse(values);
      if (!parsed.success)
        for (const [column, messages] of Object.entries(fieldErrors(parsed.error)))
          err(byColumn.get(column.split('.')[0]!) ?? column, messages[0]!);
      const attributes = attributeFields.length
        ? checkedAttributes(attributeFields, definitions, mapped, true, err)
        : undefined;
      if (errors.length || !parsed.success)
        return { rowNumber: row.rowNumber, kind: 'invalid', errors: dedupe(errors), mapped };
      seen.add(ids[0]!);
      const patch: Record<string, unknown> = Object.fromEntries(
        Object.entries(parsed.data).filter(([column]) => column in values),
      );
      if (attributes) patch.attributes = attributes;
      return {
        rowNumber: row.rowNumber,
        kind: 'operation',
        mapped,
        operation: {
          rowNumber: row.rowNumber,
          action: 'update',
          id: ids[0]!,
          values: patch,
          before: null,
          externalId: null,
        },
      };
    });
  }
  return { prepare };
}
