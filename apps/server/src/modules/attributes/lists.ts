import { sql, type Expression, type SqlBool } from 'kysely';
import {
  FILTERABLE_ATTRIBUTE_TYPES,
  formatAttributeValue,
  SORTABLE_ATTRIBUTE_TYPES,
  toCents,
  type Attribute,
  type AttributeSubject,
  type AttributeValue,
} from '@storekeep/contracts';
import type { Executor } from '../../platform/db';
import type { TeamScope } from '../../platform/policy';
import { idBatches, parseListQueryWith, type FilterSpec, type SortColumn } from '../../platform/list';
import { exportFormat, recordBatches, type Column, type TabularFile } from '../../platform/tabular';
import { RESOURCE_TABLES } from '../../platform/resource-tables';
import { cachedForTeam } from '../../platform/team-cache';
import { liveAttributes } from './values';

// Lists of every record type sort, filter and export by the team's attributes.

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
      return definition.type === 'money' ? toCents(n) : n;
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
 * early (100k stores on PostgreSQL: 410 ms as a correlated sort, see docs/decisions/0006). Records with
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
  definitions: readonly Attribute[],
  shown: string | string[] | undefined,
): Array<Column<T>> {
  const wanted = shown === undefined ? null : new Set(String(shown).split(',').filter(Boolean));
  return definitions
    .filter((d) => !wanted || wanted.has(d.key))
    .map((d): Column<T> => [d.label, (row) => formatAttributeValue(row.attributes?.[d.key], d.type)]);
}

/**
 * The list query of a list that is not a record type's (leases, agreements, documents): its own sorts and
 * filters plus the team's `attr.<key>` ones; records without the sorted attribute's value come last, as on the
 * record lists (attributeSortedPage).
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
  return { ...parseListQueryWith(raw, list, attributes), definitions: attributes.definitions };
}

/**
 * Whether an export carries the team's attribute columns: they are the franchisor's own fields, which a member
 * limited to franchisee companies never sees on a page (the definitions are refused them), so their exports
 * leave them out too (decision 0023).
 */
export const exportsAttributes = (scope: TeamScope) => scope.companyIds === null;

/**
 * The export of a list outside the record types (leases, agreements, documents), named `<subject>`:
 * every row meeting the list's filters and search (`source.query`, a 422 for bad ones before the download
 * starts, and narrowed to the caller's scope), in id order by keyset batches, presented as the list presents
 * them (`source.load`); the list's columns, then the team's attribute columns (`attributes=a,b` as the list's
 * column picker shows them; none for a member limited to companies).
 */
export async function listExport<T extends { attributes?: Record<string, AttributeValue> }>(
  db: Executor,
  scope: TeamScope,
  raw: Record<string, string | string[]>,
  source: {
    subject: 'documents' | 'leases' | 'agreements';
    query: (raw: Record<string, string | string[]>) => Promise<{ conditions: Array<Expression<SqlBool>> }>;
    load: (ids: number[]) => Promise<T[]>;
  },
  columns: Array<Column<T>>,
): Promise<TabularFile> {
  const { format, query } = exportFormat(raw);
  const { attributes: shown, ...listQuery } = query;
  const [definitions, { conditions }] = await Promise.all([
    exportsAttributes(scope) ? liveAttributes(db, scope.teamId, source.subject) : [],
    source.query(listQuery),
  ]);
  const batches = idBatches(db, { table: RESOURCE_TABLES[source.subject], teamId: scope.teamId, conditions });
  return {
    format,
    name: source.subject,
    batches: recordBatches(batches, source.load, [
      ...columns,
      ...attributeExportColumns<T>(definitions, shown),
    ]),
  };
}
