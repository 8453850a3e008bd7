import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../platform/db';

/** The audit's reference fields (`{ field: [old id, new id] }` in `changes`) and the table each names a row of. */
const REFERENCE_FIELDS = {
  company_id: 'companies',
  landlord_id: 'companies',
  tenant_id: 'companies',
  guarantor_id: 'companies',
  franchisee_id: 'companies',
  brand_id: 'brands',
  store_id: 'stores',
  manager_id: 'contacts',
  broker_id: 'contacts',
  property_manager_id: 'contacts',
  lease_id: 'leases',
  agreement_id: 'franchise_agreements',
  document_id: 'documents',
  source_document_id: 'documents',
} as const;
type ReferenceTable = (typeof REFERENCE_FIELDS)[keyof typeof REFERENCE_FIELDS];

/** What a row is called where the app shows it: a contact by full name, a lease or agreement by its number. */
const NAME_SQL: Record<ReferenceTable, RawBuilder<string | null>> = {
  companies: sql`name`,
  brands: sql`name`,
  stores: sql`name`,
  contacts: sql`coalesce(nullif(trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')), ''), email)`,
  leases: sql`reference`,
  franchise_agreements: sql`agreement_number`,
  documents: sql`title`,
};

export type Reference = { id: number; name: string };

const referenceTable = (field: string): ReferenceTable | undefined =>
  Object.hasOwn(REFERENCE_FIELDS, field)
    ? REFERENCE_FIELDS[field as keyof typeof REFERENCE_FIELDS]
    : undefined;

const asId = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

/**
 * Audit entries name the records their reference fields point to, not their ids ("Brand: — → Harbor
 * Grill"): every id of a reference field becomes `{ id, name }`, read with one query per table and only
 * within the team. A record in the trash keeps its name with "(deleted)"; one deleted for good (or never of
 * this team) is "#id (deleted)".
 */
export async function nameReferences<T extends { changes: Record<string, unknown> | null }>(
  db: Executor,
  teamId: number,
  entries: T[],
): Promise<T[]> {
  const wanted = new Map<ReferenceTable, Set<number>>();
  const visit = (changes: Record<string, unknown>, each: (table: ReferenceTable, id: number) => void) => {
    for (const [field, value] of Object.entries(changes)) {
      const table = referenceTable(field);
      if (!table) continue;
      for (const item of Array.isArray(value) ? value : [value]) {
        const id = asId(item);
        if (id !== null) each(table, id);
      }
    }
  };
  for (const entry of entries)
    if (entry.changes)
      visit(entry.changes, (table, id) =>
        (wanted.get(table) ?? wanted.set(table, new Set()).get(table)!).add(id),
      );
  if (!wanted.size) return entries;

  const names = new Map<string, string>();
  for (const [table, ids] of wanted) {
    const rows = (await db
      // The table is one of REFERENCE_FIELDS' literals; the row's name column differs per table.
      .selectFrom(table as 'companies')
      .select(['id', NAME_SQL[table].as('label'), 'deleted_at'])
      .where('team_id', '=', teamId)
      .where('id', 'in', [...ids])
      .execute()) as Array<{ id: number; label: string | null; deleted_at: string | Date | null }>;
    for (const row of rows) {
      const label = row.label?.trim() || `#${row.id}`;
      names.set(`${table}:${row.id}`, row.deleted_at ? `${label} (deleted)` : label);
    }
  }
  const present = (table: ReferenceTable, value: unknown): unknown => {
    const id = asId(value);
    return id === null
      ? value
      : ({ id, name: names.get(`${table}:${id}`) ?? `#${id} (deleted)` } satisfies Reference);
  };
  return entries.map((entry) => {
    if (!entry.changes) return entry;
    const changes: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(entry.changes)) {
      const table = referenceTable(field);
      changes[field] = !table
        ? value
        : Array.isArray(value)
          ? value.map((item) => present(table, item))
          : present(table, value);
    }
    return { ...entry, changes };
  });
}
