import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Executor } from '../../platform/db';
import type { AttributeDefinitionsTable, AttributeValuesTable } from '../../platform/db/schema';

export type AttributeDefinitionRow = Selectable<AttributeDefinitionsTable>;
export type AttributeValueRow = Selectable<AttributeValuesTable>;
export type NewAttributeValue = Insertable<AttributeValuesTable>;

export function definitionsOf(
  db: Executor,
  teamId: number,
  subjectType: string | null,
  options: { archived?: boolean } = {},
) {
  let query = db.selectFrom('attribute_definitions').selectAll().where('team_id', '=', teamId);
  if (subjectType) query = query.where('subject_type', '=', subjectType);
  if (!options.archived) query = query.where('archived_at', 'is', null);
  return query.orderBy('subject_type').orderBy('position').orderBy('id').execute();
}

export function findDefinition(db: Executor, teamId: number, id: number) {
  return db
    .selectFrom('attribute_definitions')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findDefinitionByKey(db: Executor, teamId: number, subjectType: string, key: string) {
  return db
    .selectFrom('attribute_definitions')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('subject_type', '=', subjectType)
    .where('key', '=', key)
    .executeTakeFirst();
}

export async function countDefinitions(db: Executor, teamId: number, subjectType: string): Promise<number> {
  const row = await db
    .selectFrom('attribute_definitions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('team_id', '=', teamId)
    .where('subject_type', '=', subjectType)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function maxPosition(db: Executor, teamId: number, subjectType: string): Promise<number> {
  const row = await db
    .selectFrom('attribute_definitions')
    .select((eb) => eb.fn.max('position').as('p'))
    .where('team_id', '=', teamId)
    .where('subject_type', '=', subjectType)
    .executeTakeFirst();
  return Number(row?.p ?? 0);
}

export async function insertDefinition(
  db: Executor,
  values: Insertable<AttributeDefinitionsTable>,
): Promise<number> {
  const row = await db
    .insertInto('attribute_definitions')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export function updateDefinition(
  db: Executor,
  teamId: number,
  id: number,
  values: Updateable<AttributeDefinitionsTable>,
) {
  return db
    .updateTable('attribute_definitions')
    .set(values)
    .where('team_id', '=', teamId)
    .where('id', '=', id)
    .execute();
}

/** Values of several records of one type (any attribute, archived ones included). */
export function valuesOf(db: Executor, teamId: number, subjectType: string, subjectIds: number[]) {
  if (!subjectIds.length) return Promise.resolve([] as AttributeValueRow[]);
  return db
    .selectFrom('attribute_values')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('subject_type', '=', subjectType)
    .where('subject_id', 'in', subjectIds)
    .orderBy('id')
    .execute();
}

export function deleteValues(
  db: Executor,
  teamId: number,
  subjectType: string,
  subjectId: number,
  attributeIds: number[],
) {
  if (!attributeIds.length) return Promise.resolve();
  return db
    .deleteFrom('attribute_values')
    .where('team_id', '=', teamId)
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .where('attribute_id', 'in', attributeIds)
    .execute()
    .then(() => undefined);
}

export async function insertValues(db: Executor, rows: NewAttributeValue[]) {
  if (rows.length) await db.insertInto('attribute_values').values(rows).execute();
}

/** Values of records removed for good (the trash purge); across teams, like the purge itself. */
export async function deleteValuesOfSubjects(
  db: Executor,
  teamId: number,
  subjectType: string,
  subjectIds: number[],
) {
  if (subjectIds.length)
    await db
      .deleteFrom('attribute_values')
      .where('team_id', '=', teamId)
      .where('subject_type', '=', subjectType)
      .where('subject_id', 'in', subjectIds)
      .execute();
}

/** Ids of live records (not in the trash) that hold a value of the attribute. */
export async function liveSubjectsWithValues(
  db: Executor,
  teamId: number,
  attributeId: number,
  table: 'companies' | 'brands' | 'stores' | 'contacts' | 'leases' | 'franchise_agreements' | 'documents',
): Promise<number[]> {
  const rows = await sql<{
    subject_id: number;
  }>`select distinct av.subject_id from attribute_values av join ${sql.table(table)} r on r.id = av.subject_id and r.team_id = av.team_id
    where av.team_id = ${teamId} and av.attribute_id = ${attributeId} and r.deleted_at is null order by av.subject_id`.execute(
    db,
  );
  return rows.rows.map((r) => Number(r.subject_id));
}
