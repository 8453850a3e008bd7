import type { Kysely } from 'kysely';
import type { ZodType } from 'zod';
import { isValid, parse as parseDate } from 'date-fns';
import {
  DOCUMENT_CATEGORIES,
  documentFieldsSchema,
  fieldErrors,
  salesRowInputSchema,
  storeRules,
  type Attribute,
  type ImportMode,
  type ImportType,
} from '@storekeep/contracts';
import type { Executor } from '../../platform/db';
import { liveAttributes, validateAttributeValues } from '../attributes/index';
import type { RecordDefinition } from '../records/index';
import { existingSales } from '../sales/index';
import type { FieldSpec, Relation } from './fields';
import type { SheetRow } from './parse';

// Tables are chosen from the four record types at run time.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const untyped = (db: Executor) => db as unknown as Kysely<any>;

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

const key = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

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

const toChoice = (text: string, choices: readonly string[]) => {
  const slug = text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
  return choices.includes(slug) ? slug : text.trim();
};

/** "1,250" and "$1,250.50" are numbers to people; the schema then checks ranges. */
const toNumber = (text: string) =>
  text
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}\b)/g, '');

function coerce(field: FieldSpec, text: string): string {
  if (text.trim() === '') return '';
  if (field.kind === 'date') return toIsoDate(text);
  if (field.kind === 'number') return toNumber(text);
  if (field.kind === 'choice' && field.choices) return toChoice(text, field.choices);
  return text.trim();
}

/** An attribute cell as its rule expects it: a multi select's options are separated by ; or , in one cell. */
function attributeInput(field: FieldSpec, text: string): unknown {
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
function checkedAttributes(
  fields: FieldSpec[],
  definitions: Attribute[],
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
async function loadRelation(
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
async function loadMatches(
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
const mappedFields = (options: PrepareOptions) =>
  options.fields.filter(
    (f) => options.mapping[f.key] !== undefined && options.headers.includes(options.mapping[f.key]!),
  );

/**
 * Where a file's mapped fields are, worked out once per run: each field's column position, the field behind
 * each schema column (to report an error under the file's header), the records relation columns may name,
 * and a reader that turns a row into those fields' text plus an error collector.
 */
async function layoutOf(db: Executor, teamId: number, options: PrepareOptions) {
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
function resolve(
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

const same = (a: unknown, b: unknown) =>
  (a ?? null) === (b ?? null) || (a !== null && b !== null && String(a) === String(b));

function dedupe(errors: CellError[]): CellError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const k = `${e.column}\u0000${e.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

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
