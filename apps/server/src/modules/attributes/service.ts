import { sql, type Expression, type SqlBool } from 'kysely';
import type { FastifyReply } from 'fastify';
import {
  attributeValuesSchema,
  FILTERABLE_ATTRIBUTE_TYPES,
  fieldErrors,
  formatAttributeValue,
  isReservedAttributeKey,
  MAX_ATTRIBUTES_PER_TYPE,
  SORTABLE_ATTRIBUTE_TYPES,
  type Attribute,
  type AttributeSubject,
  type AttributeValue,
  type attributeCreateSchema,
  type attributeListQuerySchema,
  type attributeReorderSchema,
  type attributeUpdateSchema,
} from '@storekeep/contracts';
import type { z } from 'zod';
import type { Deps } from '../../platform/deps';
import { type Executor, writeTransaction } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { AppError, invalid, notFound } from '../../platform/errors';
import {
  filterConditions,
  idBatches,
  parseListQuery,
  type FilterSpec,
  type SortColumn,
} from '../../platform/list';
import { exportFormat, rowsOfBatches, sendTabular, type Column } from '../../platform/tabular';
import { authorize, type Actor } from '../../platform/policy';
import { RESOURCE_TABLES } from '../../platform/resource-tables';
import { bumpTeamWriteVersion, cachedForTeam } from '../../platform/team-cache';
import { diff, recordActivity } from '../activities/service';
import {
  ATTRIBUTE_REMINDER_PREFIX,
  isAttributeReminderKey,
  removeSubjectReminders,
  syncReminders,
} from '../reminders/sync';
import { attributePolicy } from './policy';
import { presentAttribute } from './presenter';
import * as repo from './repository';

// ---------- definitions (admin-managed) ----------

export async function listAttributes(
  deps: Deps,
  actor: Actor,
  query: z.infer<typeof attributeListQuerySchema>,
): Promise<Attribute[]> {
  authorize(attributePolicy.view(actor));
  const rows = await repo.definitionsOf(deps.db, actor.teamId, query.subject_type ?? null, {
    archived: query.archived === '1',
  });
  return rows.map(presentAttribute);
}

/**
 * A key from the label. A label is the business's own word, so one that spells a reserved key ("Constructor")
 * is kept and its key gets a suffix instead of being refused, as an explicit reserved key is.
 */
const keyFromLabel = (label: string) => {
  const key = (
    label
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .replace(/^(\d)/, 'f_$1') || 'field'
  ).slice(0, 50);
  return isReservedAttributeKey(key) ? `${key}_1` : key;
};

export async function createAttribute(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof attributeCreateSchema>,
): Promise<Attribute> {
  authorize(attributePolicy.manage(actor));
  const id = await writeTransaction(deps.db, async (trx) => {
    const key = input.key ?? keyFromLabel(input.label);
    if (await repo.findDefinitionByKey(trx, actor.teamId, input.subject_type, key)) {
      throw invalid(
        input.key ? 'key' : 'label',
        'An attribute with this key already exists for this record type.',
      );
    }
    if ((await repo.countDefinitions(trx, actor.teamId, input.subject_type)) >= MAX_ATTRIBUTES_PER_TYPE) {
      throw invalid('label', `A record type may have at most ${MAX_ATTRIBUTES_PER_TYPE} attributes.`);
    }
    const now = nowIso();
    const newId = await repo.insertDefinition(trx, {
      team_id: actor.teamId,
      subject_type: input.subject_type,
      key,
      label: input.label,
      type: input.type,
      required: input.required ? 1 : 0,
      options: JSON.stringify(input.options),
      position: (await repo.maxPosition(trx, actor.teamId, input.subject_type)) + 1,
      reminder: input.reminder ? 1 : 0,
      archived_at: null,
      created_at: now,
      updated_at: now,
    });
    await bumpTeamWriteVersion(trx, actor.teamId);
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'attribute',
      subjectId: newId,
      action: 'created',
      changes: { ...input, key },
      ip: actor.ip,
    });
    return newId;
  });
  return presentAttribute((await repo.findDefinition(deps.db, actor.teamId, id))!);
}

async function findOrFail(db: Executor, teamId: number, id: number) {
  const row = await repo.findDefinition(db, teamId, id);
  if (!row) throw notFound('Attribute');
  return row;
}

export async function updateAttribute(
  deps: Deps,
  actor: Actor,
  id: number,
  patch: z.output<typeof attributeUpdateSchema>,
): Promise<Attribute> {
  await findOrFail(deps.db, actor.teamId, id);
  authorize(attributePolicy.manage(actor));
  await writeTransaction(deps.db, async (trx) => {
    const current = presentAttribute(await findOrFail(trx, actor.teamId, id));
    if (patch.options && ['select', 'multi_select'].includes(current.type) && patch.options.length === 0)
      throw invalid('options', 'The options field is required for a select.');
    if (patch.reminder && current.type !== 'date')
      throw invalid('reminder', 'Only date attributes can create reminders.');
    const changes = diff(current as unknown as Record<string, unknown>, patch as Record<string, unknown>);
    if (patch.options && JSON.stringify(patch.options) === JSON.stringify(current.options))
      delete changes.options;
    if (!Object.keys(changes).length) return;
    await repo.updateDefinition(trx, actor.teamId, id, {
      ...(patch.label !== undefined ? { label: patch.label } : {}),
      ...(patch.required !== undefined ? { required: patch.required ? 1 : 0 } : {}),
      // Removing an option keeps the values already stored with it (never silently drop data).
      ...(patch.options !== undefined ? { options: JSON.stringify(patch.options) } : {}),
      ...(patch.reminder !== undefined ? { reminder: patch.reminder ? 1 : 0 } : {}),
      updated_at: nowIso(),
    });
    if ('reminder' in changes || 'label' in changes)
      await resyncDefinitionReminders(trx, actor.teamId, current);
    await bumpTeamWriteVersion(trx, actor.teamId);
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'attribute',
      subjectId: id,
      action: 'updated',
      changes,
      ip: actor.ip,
    });
  });
  return presentAttribute(await findOrFail(deps.db, actor.teamId, id));
}

/** Archive hides an attribute from forms, lists and exports; its values stay and return on unarchive. */
export async function setAttributeArchived(
  deps: Deps,
  actor: Actor,
  id: number,
  archived: boolean,
): Promise<Attribute> {
  await findOrFail(deps.db, actor.teamId, id);
  authorize(attributePolicy.manage(actor));
  await writeTransaction(deps.db, async (trx) => {
    const current = await findOrFail(trx, actor.teamId, id);
    if (Boolean(current.archived_at) === archived) return;
    const now = nowIso();
    await repo.updateDefinition(trx, actor.teamId, id, {
      archived_at: archived ? now : null,
      updated_at: now,
    });
    // An archived date stops reminding; unarchived, its reminders come back with its values.
    if (current.reminder) await resyncDefinitionReminders(trx, actor.teamId, presentAttribute(current));
    await bumpTeamWriteVersion(trx, actor.teamId);
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'attribute',
      subjectId: id,
      action: archived ? 'archived' : 'unarchived',
      ip: actor.ip,
    });
  });
  return presentAttribute(await findOrFail(deps.db, actor.teamId, id));
}

/** New order of one record type's attributes: `ids` first in that order, any others after them. */
export async function reorderAttributes(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof attributeReorderSchema>,
): Promise<Attribute[]> {
  authorize(attributePolicy.manage(actor));
  await writeTransaction(deps.db, async (trx) => {
    const rows = await repo.definitionsOf(trx, actor.teamId, input.subject_type, { archived: true });
    const known = new Set(rows.map((r) => r.id));
    if (input.ids.some((id) => !known.has(id))) throw invalid('ids', 'The selected ids are invalid.');
    const order = [...input.ids, ...rows.map((r) => r.id).filter((id) => !input.ids.includes(id))];
    const now = nowIso();
    for (const [index, id] of order.entries()) {
      if (rows.find((r) => r.id === id)!.position !== index + 1)
        await repo.updateDefinition(trx, actor.teamId, id, { position: index + 1, updated_at: now });
    }
    await bumpTeamWriteVersion(trx, actor.teamId);
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'attribute',
      subjectId: null,
      action: 'reordered',
      changes: { subject_type: input.subject_type, ids: order },
      ip: actor.ip,
    });
  });
  return (await repo.definitionsOf(deps.db, actor.teamId, input.subject_type, { archived: true })).map(
    presentAttribute,
  );
}

// ---------- values (used by records, leases, agreements, documents and imports) ----------

/** A team's live (not archived) attribute definitions of one record type, in form order. */
export async function liveAttributes(
  db: Executor,
  teamId: number,
  subjectType: AttributeSubject,
): Promise<Attribute[]> {
  return (await repo.definitionsOf(db, teamId, subjectType)).map(presentAttribute);
}

/**
 * Checks raw values against the definitions with the same Zod rules as the forms. Errors are keyed
 * `attributes.<key>`; unknown or archived keys are errors too. `partial` checks only the keys given
 * (a PATCH, an import updating some columns); otherwise required attributes must have a value.
 */
export function validateAttributeValues(
  definitions: Attribute[],
  raw: Record<string, unknown>,
  options: { partial?: boolean } = {},
): { values: Record<string, AttributeValue>; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const known = new Set(definitions.map((d) => d.key));
  for (const key of Object.keys(raw))
    if (!known.has(key)) errors[`attributes.${key}`] = ['The selected attribute is invalid.'];
  // A copy without a prototype: the schema reads each definition's key, and a missing `constructor` must read as absent.
  const result = attributeValuesSchema(definitions, options).safeParse(
    Object.assign(Object.create(null), raw),
  );
  if (!result.success)
    for (const [field, messages] of Object.entries(fieldErrors(result.error)))
      errors[`attributes.${field}`] = messages;
  // Keyed by the team's attribute keys: no inherited member may pass for a value (see RESERVED_ATTRIBUTE_KEYS).
  const values: Record<string, AttributeValue> = Object.create(null);
  if (result.success)
    for (const [key, value] of Object.entries(result.data))
      if (value !== undefined) values[key] = value as AttributeValue;
  return { values, errors };
}

function toRows(
  definition: Attribute,
  value: AttributeValue,
  base: Omit<repo.NewAttributeValue, 'attribute_id'>,
): repo.NewAttributeValue[] {
  const row = {
    ...base,
    attribute_id: definition.id,
    text_value: null,
    number_value: null,
    date_value: null,
    long_value: null,
  };
  if (value === null) return [];
  switch (definition.type) {
    case 'multi_select':
      return (value as string[]).map((option) => ({ ...row, text_value: option }));
    case 'long_text':
      return [{ ...row, long_value: String(value) }];
    case 'number':
      return [{ ...row, number_value: Number(value) }];
    case 'money':
      return [{ ...row, number_value: Math.round(Number(value) * 100) }];
    case 'boolean':
      return [{ ...row, number_value: value ? 1 : 0 }];
    case 'date':
      return [{ ...row, date_value: String(value) }];
    default:
      return [{ ...row, text_value: String(value) }];
  }
}

function fromRows(definition: Attribute, rows: repo.AttributeValueRow[]): AttributeValue {
  if (!rows.length) return definition.type === 'multi_select' ? [] : null;
  const row = rows[0]!;
  switch (definition.type) {
    case 'multi_select':
      return rows.map((r) => r.text_value ?? '');
    case 'long_text':
      return row.long_value;
    case 'number':
      return row.number_value === null ? null : Number(row.number_value);
    case 'money':
      return row.number_value === null ? null : Number(row.number_value) / 100;
    case 'boolean':
      return row.number_value === null ? null : Number(row.number_value) === 1;
    case 'date':
      return row.date_value;
    default:
      return row.text_value;
  }
}

/** Live attribute values of several records: id → { key: value } (every live key present). */
export async function attributeValuesFor(
  db: Executor,
  teamId: number,
  subjectType: AttributeSubject,
  ids: number[],
  definitions?: Attribute[],
) {
  const defs = definitions ?? (await liveAttributes(db, teamId, subjectType));
  const result = new Map<number, Record<string, AttributeValue>>();
  if (!ids.length) return result;
  const rows = defs.length ? await repo.valuesOf(db, teamId, subjectType, ids) : [];
  // Grouped once by record and attribute: a page (or an export batch of 1,000) is one pass over its rows.
  const grouped = new Map<string, repo.AttributeValueRow[]>();
  for (const row of rows) {
    const key = `${row.subject_id}:${row.attribute_id}`;
    const list = grouped.get(key);
    if (list) list.push(row);
    else grouped.set(key, [row]);
  }
  for (const id of ids) {
    result.set(
      id,
      Object.fromEntries(defs.map((d) => [d.key, fromRows(d, grouped.get(`${id}:${d.id}`) ?? [])])),
    );
  }
  return result;
}

/**
 * Validates and writes attribute values of one record inside the caller's transaction, and returns
 * the audit changes (`attributes.<key>: [old, new]`). Throws a 422 with `attributes.<key>` errors.
 * Keys not given are left as they are; `partial: false` (a create) also enforces required ones.
 */
export async function writeAttributeValues(
  trx: Executor,
  teamId: number,
  subjectType: AttributeSubject,
  subjectId: number,
  raw: Record<string, unknown>,
  options: { partial?: boolean } = {},
): Promise<Record<string, [AttributeValue, AttributeValue]>> {
  const definitions = await liveAttributes(trx, teamId, subjectType);
  if (!definitions.length && !Object.keys(raw).length) return {};
  const { values, errors } = validateAttributeValues(definitions, raw, options);
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError('validation', first, errors);
  const before =
    (await attributeValuesFor(trx, teamId, subjectType, [subjectId], definitions)).get(subjectId) ?? {};
  const changes: Record<string, [AttributeValue, AttributeValue]> = {};
  // "No value" of a multi select reads back as [], of anything else as null.
  const after = (d: Attribute) => values[d.key] ?? (d.type === 'multi_select' ? [] : null);
  const changed = definitions.filter(
    (d) => Object.hasOwn(values, d.key) && JSON.stringify(before[d.key] ?? null) !== JSON.stringify(after(d)),
  );
  if (!changed.length) return changes;
  await repo.deleteValues(
    trx,
    teamId,
    subjectType,
    subjectId,
    changed.map((d) => d.id),
  );
  const base = { team_id: teamId, subject_type: subjectType, subject_id: subjectId };
  await repo.insertValues(
    trx,
    changed.flatMap((d) => toRows(d, values[d.key]!, base)),
  );
  for (const d of changed) changes[`attributes.${d.key}`] = [before[d.key] ?? null, after(d)];
  await bumpTeamWriteVersion(trx, teamId);
  return changes;
}

/** Attribute validation errors of a whole record, to report together with the record's own field errors. */
export async function attributeErrors(
  db: Executor,
  teamId: number,
  subjectType: AttributeSubject,
  raw: Record<string, unknown>,
  options: { partial?: boolean } = {},
) {
  return validateAttributeValues(await liveAttributes(db, teamId, subjectType), raw, options).errors;
}

/** Text of a record's live text-like attributes, for its search entry. */
export async function attributeSearchText(
  db: Executor,
  teamId: number,
  subjectType: AttributeSubject,
  id: number,
): Promise<string[]> {
  const definitions = (await liveAttributes(db, teamId, subjectType)).filter((d) =>
    ['text', 'long_text', 'select', 'multi_select', 'url', 'email'].includes(d.type),
  );
  if (!definitions.length) return [];
  const values = (await attributeValuesFor(db, teamId, subjectType, [id], definitions)).get(id) ?? {};
  return definitions.map((d) => formatAttributeValue(values[d.key], d.type)).filter(Boolean);
}

/** A record's own checks (`check`, throwing a 422) and its attributes' errors, reported in one 422. */
export function withAttributeErrors<T>(errors: Record<string, string[]>, check: () => T): T {
  let result: T;
  try {
    result = check();
  } catch (error) {
    if (error instanceof AppError && error.code === 'validation')
      throw new AppError('validation', error.message, { ...error.fieldErrors, ...errors });
    throw error;
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError('validation', first, errors);
  return result;
}

/** `attributes` taken out of a whole-record body (leases, agreements), and whether it was sent. */
export const splitAttributes = (input: unknown) => {
  const { attributes, ...rest } = (input ?? {}) as Record<string, unknown>;
  return {
    attributes: (attributes && typeof attributes === 'object' && !Array.isArray(attributes)
      ? attributes
      : {}) as Record<string, unknown>,
    rest,
    sent: attributes !== undefined,
  };
};

/** The trash purge removes records for good: their attribute values go in the same transaction. */
export function purgeAttributeValues(trx: Executor, subjectType: AttributeSubject, subjectIds: number[]) {
  return repo.deleteValuesOfSubjects(trx, subjectType, subjectIds);
}

// ---------- reminders from date attributes ----------

/** Reminder subjects are singular (`store`); attribute subjects are the record types' URL names. */
const REMINDER_SUBJECT: Record<AttributeSubject, string> = {
  companies: 'company',
  brands: 'brand',
  stores: 'store',
  contacts: 'contact',
  leases: 'lease',
  agreements: 'agreement',
  documents: 'document',
};

/**
 * Keeps one reminder per live reminder-date attribute that has a value on this record (key
 * `attribute:<attribute id>:<record id>`), through the same keyed sync as leases' critical dates:
 * a moved date moves its reminder, a cleared one removes it. Runs in the record's transaction.
 */
export async function syncAttributeReminders(
  trx: Executor,
  teamId: number,
  subjectType: AttributeSubject,
  subjectId: number,
) {
  const definitions = (await liveAttributes(trx, teamId, subjectType)).filter(
    (d) => d.type === 'date' && d.reminder,
  );
  const values = definitions.length
    ? ((await attributeValuesFor(trx, teamId, subjectType, [subjectId], definitions)).get(subjectId) ?? {})
    : {};
  const dates = definitions
    .filter((d) => typeof values[d.key] === 'string')
    .map((d) => ({
      key: `${ATTRIBUTE_REMINDER_PREFIX}${d.id}:${subjectId}`,
      source: 'attribute_date',
      title: d.label,
      due_date: values[d.key] as string,
    }));
  await syncReminders(
    trx,
    teamId,
    { type: REMINDER_SUBJECT[subjectType], id: subjectId },
    dates,
    isAttributeReminderKey,
  );
}

/** A deleted record's attribute reminders go with it (a restore syncs them back). */
export async function removeAttributeReminders(
  trx: Executor,
  teamId: number,
  subjectType: AttributeSubject,
  subjectId: number,
) {
  await removeSubjectReminders(trx, teamId, { type: REMINDER_SUBJECT[subjectType], id: subjectId });
}

/** After archive, unarchive, a renamed label or the reminder switch: every live record with a value, again. */
async function resyncDefinitionReminders(trx: Executor, teamId: number, definition: Attribute) {
  const table = RESOURCE_TABLES[definition.subject_type];
  if (definition.type !== 'date') return;
  for (const id of await repo.liveSubjectsWithValues(trx, teamId, definition.id, table)) {
    await syncAttributeReminders(trx, teamId, definition.subject_type, id);
  }
}

// ---------- lists: sort and filter by attribute ----------

const valueColumn = (definition: Attribute) =>
  definition.type === 'date'
    ? 'date_value'
    : ['number', 'money', 'boolean'].includes(definition.type)
      ? 'number_value'
      : 'text_value';

function filterValue(definition: Attribute, value: string): string | number | null {
  switch (definition.type) {
    case 'number':
    case 'money': {
      const n = Number(value);
      if (value.trim() === '' || Number.isNaN(n)) return null;
      return definition.type === 'money' ? Math.round(n * 100) : n;
    }
    case 'boolean':
      return ['1', 'true', 'yes'].includes(value.toLowerCase())
        ? 1
        : ['0', 'false', 'no'].includes(value.toLowerCase())
          ? 0
          : null;
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
    case 'email':
      return value.toLowerCase();
    default:
      return value;
  }
}

/**
 * `sort=attr.<key>` and `filters[attr.<key>]=` of a record type's list. A filter is
 * `id in (subjects with that value)`, a range of (attribute_id, value, subject_id); a sort orders by
 * the record's value, a keyed look-up on the subject index per row.
 */
export async function attributeListSpecs(
  db: Executor,
  teamId: number,
  subjectType: AttributeSubject,
  table: string,
) {
  const definitions = await liveAttributes(db, teamId, subjectType);
  const sorts: Record<string, Array<Expression<unknown>>> = {};
  const filters: Record<string, FilterSpec> = {};
  for (const definition of definitions) {
    const column = sql.ref(`av.${valueColumn(definition)}`);
    if (SORTABLE_ATTRIBUTE_TYPES.includes(definition.type)) {
      sorts[`attr.${definition.key}`] = [
        sql`(select ${column} from attribute_values av where av.team_id = ${teamId} and av.subject_type = ${subjectType} and av.subject_id = ${sql.ref(`${table}.id`)} and av.attribute_id = ${definition.id})`,
      ];
    }
    if (FILTERABLE_ATTRIBUTE_TYPES.includes(definition.type)) {
      filters[`attr.${definition.key}`] = {
        type: 'text',
        condition: (raw) => {
          const values = raw
            .map((v) => filterValue(definition, String(v)))
            .filter((v): v is string | number => v !== null);
          if (!values.length) return sql<SqlBool>`1 = 0`;
          return sql<SqlBool>`${sql.ref(`${table}.id`)} in (select av.subject_id from attribute_values av where av.attribute_id = ${definition.id} and ${column} in (${sql.join(values)}))`;
        },
      };
    }
  }
  return { definitions, sorts, filters };
}

/**
 * One page of a list sorted by an attribute, read from the attribute's value index instead of sorting the
 * team: `(attribute_id, value, subject_id)` is walked in order and joined to the records, so LIMIT stops
 * early (100k stores on PostgreSQL: 410 ms as a correlated sort, see docs/ARCHITECTURE.md). Records with
 * no value come after those with one, in both directions (by id). `conditions` are the list's filters
 * and search, written against the record table alone. Totals are cached per team write version.
 */
export async function attributeSortedPage(
  db: Executor,
  options: {
    table: 'companies' | 'brands' | 'stores' | 'contacts';
    teamId: number;
    subjectType: AttributeSubject;
    key: string;
    conditions: Array<Expression<SqlBool>>;
    direction: 'asc' | 'desc';
    page: number;
    perPage: number;
  },
): Promise<{ ids: number[]; total: number } | null> {
  const definition = (await liveAttributes(db, options.teamId, options.subjectType)).find(
    (d) => `attr.${d.key}` === options.key,
  );
  if (!definition || !SORTABLE_ATTRIBUTE_TYPES.includes(definition.type)) return null;
  const table = sql.table(options.table);
  const value = sql.ref(`av.${valueColumn(definition)}`);
  const direction = sql.raw(options.direction);
  const where = options.conditions.length ? sql` and ${sql.join(options.conditions, sql` and `)}` : sql``;
  const matching = sql`select id from ${table} where team_id = ${options.teamId} and deleted_at is null${where}`;
  // Without filters the join's own team and trash checks are the whole scope (no set to build).
  const scope = options.conditions.length ? sql` and s.id in (${matching})` : sql``;
  const valued = sql`from attribute_values av join ${table} s on s.id = av.subject_id
    where av.attribute_id = ${definition.id} and ${value} is not null and s.team_id = ${options.teamId} and s.deleted_at is null${scope}`;
  const count = (query: ReturnType<typeof sql>) => async () =>
    Number(
      (await sql<{ n: number }>`select count(*) as n from (${query}) counted`.execute(db)).rows[0]?.n ?? 0,
    );
  const cacheKey = (what: string, query: ReturnType<typeof sql>) => {
    const compiled = query.compile(db);
    return `attr-sort\u0000${what}\u0000${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  };
  const valuedQuery = sql`select s.id ${valued}`;
  const [total, valuedTotal] = await Promise.all([
    cachedForTeam(db, options.teamId, cacheKey('total', matching), count(matching)),
    cachedForTeam(db, options.teamId, cacheKey('valued', valuedQuery), count(valuedQuery)),
  ]);
  const offset = (options.page - 1) * options.perPage;
  const ids: number[] = [];
  if (offset < valuedTotal) {
    const rows = await sql<{
      id: number;
    }>`select s.id as id ${valued} order by ${value} ${direction}, av.subject_id ${direction} limit ${options.perPage} offset ${offset}`.execute(
      db,
    );
    ids.push(...rows.rows.map((r) => Number(r.id)));
  }
  if (ids.length < options.perPage && total > valuedTotal) {
    const skip = Math.max(0, offset - valuedTotal);
    const rows = await sql<{
      id: number;
    }>`select id from ${table} where team_id = ${options.teamId} and deleted_at is null${where}
      and id not in (select subject_id from attribute_values where attribute_id = ${definition.id} and ${sql.ref(valueColumn(definition))} is not null)
      order by id ${direction} limit ${options.perPage - ids.length} offset ${skip}`.execute(db);
    ids.push(...rows.rows.map((r) => Number(r.id)));
  }
  return { ids, total };
}

/**
 * Export columns of a list's team-defined attributes, after its built-in ones and headed by their labels:
 * `shown` (`attributes=a,b` of the export query: the list's column picker) or every live one when absent.
 */
export function attributeExportColumns<T extends { attributes?: Record<string, AttributeValue> }>(
  definitions: Attribute[],
  shown: string | string[] | undefined,
): Array<Column<T>> {
  const wanted = shown === undefined ? null : new Set(String(shown).split(',').filter(Boolean));
  return definitions
    .filter((d) => !wanted || wanted.has(d.key))
    .map((d): Column<T> => [d.label, (row) => formatAttributeValue(row.attributes?.[d.key], d.type)]);
}

/**
 * The list query of a list that is not a record type's (leases, agreements): its own sorts and filters plus
 * the team's `attr.<key>` ones, and the SQL conditions of the attribute filters it was given.
 */
export async function listQueryWithAttributes(
  db: Executor,
  teamId: number,
  raw: Record<string, string | string[]>,
  list: {
    subject: AttributeSubject;
    table: string;
    sorts: Record<string, SortColumn[]>;
    defaultSort: string;
    filters: Record<string, FilterSpec>;
  },
) {
  const attributes = await attributeListSpecs(db, teamId, list.subject, list.table);
  const sorts = { ...list.sorts, ...attributes.sorts };
  const query = parseListQuery(raw, {
    sorts: Object.keys(sorts),
    defaultSort: list.defaultSort,
    filters: { ...list.filters, ...attributes.filters },
  });
  const given = Object.fromEntries(
    Object.entries(query.filters).filter(([field]) => field in attributes.filters),
  );
  let orderBy = sorts[query.sort]!;
  if (query.sort in attributes.sorts) {
    // Records without a value come last in both directions, as on the record lists (attributeSortedPage);
    // the databases disagree on where NULL sorts, so the order says it.
    const value = orderBy[0] as Expression<unknown>;
    const [valued, empty] = query.direction === 'asc' ? [0, 1] : [1, 0];
    orderBy = [sql`case when ${value} is null then ${sql.lit(empty)} else ${sql.lit(valued)} end`, value];
  }
  return {
    query,
    orderBy,
    conditions: filterConditions(given, attributes.filters),
    definitions: attributes.definitions,
  };
}

/**
 * Sends the export of a list outside the record types (leases, agreements, documents) as `<subject>-<day>.csv|xlsx`:
 * every row meeting the list's filters and search (`source.query`, a 422 for bad ones before the download
 * starts), in id order by keyset batches, presented as the list presents them (`source.load`); the list's
 * columns, then the team's attribute columns (`attributes=a,b` as the list's column picker shows them).
 */
export async function sendListExport<T extends { attributes?: Record<string, AttributeValue> }>(
  db: Executor,
  teamId: number,
  reply: FastifyReply,
  raw: Record<string, string | string[]>,
  source: {
    subject: 'documents' | 'leases' | 'agreements';
    query: (raw: Record<string, string | string[]>) => Promise<{ conditions: Array<Expression<SqlBool>> }>;
    load: (ids: number[]) => Promise<T[]>;
  },
  columns: Array<Column<T>>,
) {
  const { format, query } = exportFormat(raw);
  const { attributes: shown, ...listQuery } = query;
  const [definitions, { conditions }] = await Promise.all([
    liveAttributes(db, teamId, source.subject),
    source.query(listQuery),
  ]);
  const batches = idBatches(db, { table: RESOURCE_TABLES[source.subject], teamId, conditions });
  return sendTabular(
    reply,
    format,
    source.subject,
    rowsOfBatches(batches, source.load, [...columns, ...attributeExportColumns<T>(definitions, shown)]),
  );
}
