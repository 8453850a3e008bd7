import { isValid } from 'date-fns/isValid';
import { parse as parseDate } from 'date-fns/parse';
import {
  fieldErrors,
  storeRules,
  type Attribute,
  type ImportMode,
  type ImportType,
} from '@storekeep/contracts';
import { type Executor, untyped } from '../../platform/db';
import { liveAttributes, validateAttributeValues } from '../attributes/index';
import type { RecordDefinition } from '../records/index';
import type { FieldSpec, Relation } from './fields';
import type { SheetRow } from './parse';

export type CellError = { rowNumber: number; column: string; value: string | null; message: string };

/** What one valid row will do. `values` are the columns to write (for an update, only those that change). */
export type Operation = {
  rowNumber: number;
  action: 'create' | 'update';
  id: number | null;
  values: Record<string, unknown>;
  /** The changed columns' values before the import (updates). */
  before: Record<string, unknown> | null;
  externalId: string | null;
  /** Team-defined attribute values of the row, by key. */
  attributes?: Record<string, unknown>;
};

export type RowOutcome =
  | { rowNumber: number; kind: 'operation'; operation: Operation; mapped: Record<string, string> }
  | { rowNumber: number; kind: 'skip'; mapped: Record<string, string> }
  | { rowNumber: number; kind: 'invalid'; errors: CellError[]; mapped: Record<string, string> };

export type PrepareOptions = {
  type: ImportType;
  fields: FieldSpec[];
  mapping: Record<string, string>;
  mode: ImportMode;
  matchKey: string | null;
  headers: string[];
};

export const key = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/** Text → ISO day: ISO dates, US month/day/year, day.month.year, and Excel's day serials (days since 1899-12-30). */
export function toIsoDate(text: string): string {
  const value = text.trim();
  if (/^\d{4}-\d{2}-\d{2}(T.*)?$/.test(value)) return value.slice(0, 10);
  if (/^\d{4}-\d{2}$/.test(value)) return `${value}-01`; // a month: its first day
  if (/^\d{1,6}(\.\d+)?$/.test(value)) {
    const serial = Math.floor(Number(value));
    if (serial >= 1 && serial < 2_958_466)
      return new Date(Date.UTC(1899, 11, 30) + serial * 86_400_000).toISOString().slice(0, 10);
  }
  for (const format of [
    'M/d/yyyy',
    'M/d/yy',
    'd.M.yyyy',
    'yyyy/M/d',
    'MMM d, yyyy',
    'd MMM yyyy',
    'MMMM d, yyyy',
    'MMM yyyy',
    'MMMM yyyy',
    'M/yyyy',
  ]) {
    const parsed = parseDate(value, format, new Date(2000, 0, 1));
    if (isValid(parsed) && parsed.getFullYear() > 1000) {
      return `${parsed.getFullYear()}-${String(parsed.getMonth() + 1).padStart(2, '0')}-${String(parsed.getDate()).padStart(2, '0')}`;
    }
  }
  return value; // left for the schema to reject with its own message
}

export const toChoice = (text: string, choices: readonly string[]) => {
  const slug = text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
  return choices.includes(slug) ? slug : text.trim();
};

/** "1,250" and "$1,250.50" are numbers to people; the schema then checks ranges. */
export const toNumber = (text: string) =>
  text
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}\b)/g, '');

export function coerce(field: FieldSpec, text: string): string {
  if (text.trim() === '') return '';
  if (field.kind === 'date') return toIsoDate(text);
  if (field.kind === 'number') return toNumber(text);
  if (field.kind === 'choice' && field.choices) return toChoice(text, field.choices);
  return text.trim();
}

/** An attribute cell as its rule expects it: a multi select's options are separated by ; or , in one cell. */
export function attributeInput(field: FieldSpec, text: string): unknown {
  if (text.trim() === '') return null;
  if (field.kind === 'list')
    return text
      .split(/[;,]/)
      .map((part) => part.trim())
      .filter(Boolean);
  if (field.kind === 'boolean') {
    // Spreadsheets say yes/no, Y/N, TRUE/FALSE, 1/0 or x for a ticked box; anything else is left for the rule to refuse.
    const word = text.trim().toLowerCase();
    if (['yes', 'y', 'true', '1', 'x'].includes(word)) return true;
    if (['no', 'n', 'false', '0'].includes(word)) return false;
    return text.trim();
  }
  return coerce(field, text);
}

/** A row's attribute columns as API input, checked by the forms' rules (errors reported on their `attr.<key>` fields). */
export function checkedAttributes(
  fields: FieldSpec[],
  definitions: readonly Attribute[],
  mapped: Record<string, string>,
  partial: boolean,
  err: (fieldKey: string, message: string) => void,
) {
  const raw = Object.fromEntries(
    fields.map((f) => [f.attribute!.key, attributeInput(f, mapped[f.key] ?? '')]),
  );
  const checked = validateAttributeValues(definitions, raw, { partial });
  for (const [field, messages] of Object.entries(checked.errors))
    err(field.replace(/^attributes\./, 'attr.'), messages[0]!);
  return raw;
}

/** Every live record of a relation's table by the words that may name it (lower case). */
export async function loadRelation(
  db: Executor,
  teamId: number,
  relation: Relation,
): Promise<Map<string, number[]>> {
  const map = new Map<string, number[]>();
  const add = (word: string | null | undefined, id: number) => {
    if (!word) return;
    const k = key(word);
    const ids = map.get(k);
    if (!ids) map.set(k, [id]);
    else if (!ids.includes(id)) ids.push(id);
  };
  if (relation.table === 'stores') {
    const rows = await db
      .selectFrom('stores')
      .select(['id', 'name', 'store_number'])
      .where('team_id', '=', teamId)
      .where('deleted_at', 'is', null)
      .execute();
    // A store number names one store; names come second, so "12" finds store number 12 before a store called "12".
    for (const row of rows) add(row.store_number, row.id);
    for (const row of rows) if (!row.store_number || !map.has(key(row.name))) add(row.name, row.id);
  } else if (relation.table === 'contacts') {
    const rows = await db
      .selectFrom('contacts')
      .select(['id', 'email', 'first_name', 'last_name'])
      .where('team_id', '=', teamId)
      .where('deleted_at', 'is', null)
      .execute();
    for (const row of rows) {
      if (relation.by.includes('email')) add(row.email, row.id);
      if (relation.by.includes('full_name'))
        add([row.first_name, row.last_name].filter(Boolean).join(' '), row.id);
    }
  } else {
    const rows = await untyped(db)
      .selectFrom(relation.table)
      .select(['id', 'name'])
      .where('team_id', '=', teamId)
      .where('deleted_at', 'is', null)
      .execute();
    for (const row of rows as Array<{ id: number; name: string }>) add(row.name, row.id);
  }
  return map;
}

/** Existing records of the imported type by the chosen match key. */
export async function loadMatches(
  db: Executor,
  teamId: number,
  def: RecordDefinition,
  matchKey: string,
): Promise<Map<string, number[]>> {
  const map = new Map<string, number[]>();
  const add = (word: string | null | undefined, id: number) => {
    if (!word) return;
    const k = key(word);
    map.set(k, [...(map.get(k) ?? []), id]);
  };
  if (matchKey === 'external_id') {
    const rows = await db
      .selectFrom('external_ids')
      .select(['external_id', 'subject_id'])
      .where('team_id', '=', teamId)
      .where('subject_type', '=', def.type)
      .execute();
    // An external id may point at a record deleted since; only live ones match.
    const live = new Set(
      (
        await untyped(db)
          .selectFrom(def.table)
          .select('id')
          .where('team_id', '=', teamId)
          .where('deleted_at', 'is', null)
          .execute()
      ).map((r: { id: number }) => r.id),
    );
    for (const row of rows) if (live.has(row.subject_id)) add(row.external_id, row.subject_id);
    return map;
  }
  const columns =
    matchKey === 'name' && def.type === 'contacts' ? ['id', 'first_name', 'last_name'] : ['id', matchKey];
  const rows = (await untyped(db)
    .selectFrom(def.table)
    .select(columns)
    .where('team_id', '=', teamId)
    .where('deleted_at', 'is', null)
    .execute()) as Array<Record<string, string | number | null>>;
  for (const row of rows) {
    const word =
      def.type === 'contacts' && matchKey === 'name'
        ? [row.first_name, row.last_name].filter(Boolean).join(' ')
        : (row[matchKey] as string | null);
    add(word, Number(row.id));
  }
  return map;
}

export type Preparer = { prepare(rows: SheetRow[]): Promise<RowOutcome[]> };

/** The fields the mapping gives a column of the file. */
export const mappedFields = (options: PrepareOptions) =>
  options.fields.filter(
    (f) => options.mapping[f.key] !== undefined && options.headers.includes(options.mapping[f.key]!),
  );

/**
 * Where a file's mapped fields are, worked out once per run: each field's column position, the field behind
 * each schema column (to report an error under the file's header), the records relation columns may name,
 * and a reader that turns a row into those fields' text plus an error collector.
 */
export async function layoutOf(db: Executor, teamId: number, options: PrepareOptions) {
  const fields = mappedFields(options);
  const positions = fields.map((f) => options.headers.indexOf(options.mapping[f.key]!));
  const byColumn = new Map(fields.filter((f) => f.column).map((f) => [f.column, f.key]));
  const relations = new Map<string, Map<string, number[]>>();
  for (const field of fields)
    if (field.relation) relations.set(field.key, await loadRelation(db, teamId, field.relation));
  function read(row: SheetRow) {
    const mapped: Record<string, string> = {};
    fields.forEach((field, i) => (mapped[field.key] = (row.cells[positions[i]!] ?? '').trim()));
    const errors: CellError[] = [];
    const err = (fieldKey: string, message: string) =>
      errors.push({
        rowNumber: row.rowNumber,
        column: options.mapping[fieldKey] ?? fieldKey,
        value: mapped[fieldKey] ?? null,
        message,
      });
    return { mapped, errors, err };
  }
  return { fields, byColumn, relations, read };
}

/** A relation cell → the one record it names, or an error on the row. */
export function resolve(
  field: FieldSpec,
  text: string,
  relations: Map<string, Map<string, number[]>>,
  err: (fieldKey: string, message: string) => void,
): number | null {
  if (!text) return null;
  const ids = relations.get(field.key)!.get(key(text)) ?? [];
  if (!ids.length) err(field.key, `No ${field.relation!.label} named “${text}” was found.`);
  else if (ids.length > 1)
    err(
      field.key,
      `“${text}” names ${ids.length} records (${field.relation!.label}); make the name unique first.`,
    );
  return ids.length === 1 ? ids[0]! : null;
}

/**
 * Turns rows of text into checked operations: columns mapped to fields, values coerced the way people type
 * them, relations found by name, existing records matched, then the same Zod schema and cross-field rules as
 * the forms. Nothing is written. Rows are prepared in chunks so updates can read their records in one query.
 */
export async function createPreparer(
  db: Executor,
  teamId: number,
  def: RecordDefinition,
  options: PrepareOptions,
): Promise<Preparer> {
  const { fields, byColumn, relations, read } = await layoutOf(db, teamId, options);
  const attributeFields = fields.filter((f) => f.attribute);
  const definitions = attributeFields.length ? await liveAttributes(db, teamId, def.type) : [];
  const matchKey =
    options.matchKey && fields.some((f) => f.key === options.matchKey && f.matchKey)
      ? options.matchKey
      : null;
  const matches = matchKey ? await loadMatches(db, teamId, def, matchKey) : null;
  const inputColumns = Object.keys(def.inputSchema.shape);

  // Store numbers are unique per team: those taken by live stores, and those claimed by earlier rows of the file.
  const storeNumbers = new Map<string, number | 'file'>();
  if (options.type === 'stores') {
    const rows = await db
      .selectFrom('stores')
      .select(['id', 'store_number'])
      .where('team_id', '=', teamId)
      .where('deleted_at', 'is', null)
      .where('store_number', 'is not', null)
      .execute();
    for (const row of rows) storeNumbers.set(key(row.store_number!), row.id);
  }
  const seenMatches = new Set<number>();
  const seenExternalIds = new Set<string>();

  async function prepare(rows: SheetRow[]): Promise<RowOutcome[]> {
    const staged = rows.map((row) => {
      const { mapped, errors, err } = read(row);
      let matchedId: number | null = null;
      if (matchKey && matches) {
        const value = mapped[matchKey] ?? '';
        const ids = value ? (matches.get(key(value)) ?? []) : [];
        if (ids.length > 1)
          err(
            matchKey,
            `“${value}” matches ${ids.length} existing records; match on a unique column instead.`,
          );
        else matchedId = ids[0] ?? null;
        if (matchedId !== null && seenMatches.has(matchedId))
          err(matchKey, `Another row of the file already updates the record matching “${value}”.`);
      }
      return { row, mapped, errors, err, matchedId };
    });
    const updateIds =
      options.mode === 'create'
        ? []
        : staged.map((s) => s.matchedId).filter((id): id is number => id !== null);
    const current = new Map<number, Record<string, unknown>>();
    if (updateIds.length) {
      const found = (await untyped(db)
        .selectFrom(def.table)
        .selectAll()
        .where('team_id', '=', teamId)
        .where('id', 'in', updateIds)
        .execute()) as Array<Record<string, unknown>>;
      for (const row of found) current.set(Number(row.id), row);
    }

    return staged.map(({ row, mapped, errors, err, matchedId }): RowOutcome => {
      const willUpdate = matchedId !== null && options.mode !== 'create';
      if (
        !errors.length &&
        ((options.mode === 'create' && matchedId !== null) ||
          (options.mode === 'update' && matchedId === null))
      ) {
        return { rowNumber: row.rowNumber, kind: 'skip', mapped };
      }
      const values: Record<string, unknown> = {};
      for (const field of fields) {
        if (!field.column) continue;
        const text = mapped[field.key] ?? '';
        if (field.relation) {
          const id = resolve(field, text, relations, err);
          if (id !== null || !text) values[field.column] = id;
          continue;
        }
        values[field.column] = coerce(field, text);
      }
      const stored = willUpdate ? current.get(matchedId!) : undefined;
      const merged = stored
        ? { ...Object.fromEntries(inputColumns.map((c) => [c, stored[c]])), ...values }
        : values;
      const parsed = def.inputSchema.safeParse(merged);
      if (!parsed.success) {
        for (const [column, messages] of Object.entries(fieldErrors(parsed.error)))
          err(byColumn.get(column.split('.')[0]!) ?? column, messages[0]!);
      }
      if (parsed.success && options.type === 'stores') {
        const output = parsed.data as Record<string, unknown>;
        const rules = storeRules.safeParse({
          opening_date: output.opening_date ?? null,
          closing_date: output.closing_date ?? null,
        });
        if (!rules.success)
          for (const [column, messages] of Object.entries(fieldErrors(rules.error)))
            err(byColumn.get(column) ?? column, messages[0]!);
        const number = output.store_number as string | null;
        if (number) {
          const holder = storeNumbers.get(key(number));
          if (holder !== undefined && holder !== matchedId)
            err(
              'store_number',
              holder === 'file'
                ? 'The store number appears on an earlier row of the file.'
                : 'The store number has already been taken.',
            );
        }
      }
      const attributes = attributeFields.length
        ? checkedAttributes(attributeFields, definitions, mapped, willUpdate, err)
        : undefined;
      if (errors.length || !parsed.success)
        return { rowNumber: row.rowNumber, kind: 'invalid', errors: dedupe(errors), mapped };

      const externalId = mapped.external_id || null;
      if (externalId && seenExternalIds.has(key(externalId))) {
        err('external_id', 'The external ID appears on an earlier row of the file.');
        return { rowNumber: row.rowNumber, kind: 'invalid', errors, mapped };
      }
      if (externalId) seenExternalIds.add(key(externalId));
      const output = parsed.data as Record<string, unknown>;
      if (options.type === 'stores' && output.store_number)
        storeNumbers.set(key(String(output.store_number)), matchedId ?? 'file');
      if (willUpdate) {
        seenMatches.add(matchedId!);
        const changed = Object.keys(values).filter((column) => !same(stored![column], output[column]));
        return {
          rowNumber: row.rowNumber,
          kind: 'operation',
          mapped,
          operation: {
            rowNumber: row.rowNumber,
            action: 'update',
            id: matchedId,
            values: Object.fromEntries(changed.map((c) => [c, output[c]])),
            // updated_at too: undo returns the record exactly as it was, so an older import's undo still sees it untouched.
            before: {
              ...Object.fromEntries(changed.map((c) => [c, stored![c] ?? null])),
              updated_at: stored!.updated_at,
            },
            externalId,
            attributes,
          },
        };
      }
      const insert = Object.fromEntries(inputColumns.filter((c) => c in output).map((c) => [c, output[c]]));
      return {
        rowNumber: row.rowNumber,
        kind: 'operation',
        mapped,
        operation: {
          rowNumber: row.rowNumber,
          action: 'create',
          id: null,
          values: insert,
          before: null,
          externalId,
          attributes,
        },
      };
    });
  }
  return { prepare };
}

export const same = (a: unknown, b: unknown) =>
  (a ?? null) === (b ?? null) || (a !== null && b !== null && String(a) === String(b));

export function dedupe(errors: CellError[]): CellError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const k = `${e.column}\u0000${e.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
