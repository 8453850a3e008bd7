import { sql } from 'kysely';
import { LIST_FILTERS, brandInputSchema, brandSchema, type Brand } from '@storekeep/contracts';
import type { Executor } from '../../platform/db';
import type { BrandRow } from '../../platform/db/schema';
import type { RecordDefinition } from '../records/definition';
import { inOrder, presentMeta, ref } from '../records/presenter';
import { checkRef, FieldErrors } from '../records/validation';

type Row = BrandRow & { company_name: string | null; store_count?: number };

async function load(db: Executor, teamId: number, ids: number[]): Promise<Row[]> {
  if (!ids.length) return [];
  const rows: Row[] = await db
    .selectFrom('brands')
    .leftJoin('companies', 'companies.id', 'brands.company_id')
    .selectAll('brands')
    .select('companies.name as company_name')
    .where('brands.team_id', '=', teamId)
    .where('brands.id', 'in', ids)
    .execute();
  if (rows.length === 1) {
    const count = await db
      .selectFrom('stores')
      .select(sql<number>`count(*)`.as('n'))
      .where('team_id', '=', teamId)
      .where('brand_id', '=', rows[0]!.id)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    rows[0]!.store_count = Number(count.n);
  }
  return inOrder(ids, rows);
}

export const brands: RecordDefinition<Row, Brand> = {
  type: 'brands',
  subject: 'brand',
  label: 'Brand',
  table: 'brands',
  inputSchema: brandInputSchema,
  dtoSchema: brandSchema,
  sorts: { name: ['name'], created_at: ['created_at'], updated_at: ['updated_at'] },
  defaultSort: 'name',
  filters: LIST_FILTERS.brands,
  load,
  present: (row, actor, urls) => ({
    ...presentMeta(row, actor, urls),
    name: row.name,
    company: ref(row.company_id, row.company_name),
    description: row.description,
    website: row.website,
    ...(row.store_count === undefined ? {} : { counts: { stores: row.store_count } }),
  }),
  searchEntry: (row) => ({ title: row.name, subtitle: row.company_name }),
  validate: async (db, teamId, values) => {
    const errors = new FieldErrors();
    await checkRef(db, errors, 'companies', teamId, values.company_id, 'company_id', 'company');
    errors.throwIfAny();
  },
  exportColumns: [
    ['ID', (b) => b.id],
    ['Name', (b) => b.name],
    ['Company', (b) => b.company?.name],
    ['Website', (b) => b.website],
    ['Description', (b) => b.description],
    ['Created', (b) => b.created_at],
  ],
};
