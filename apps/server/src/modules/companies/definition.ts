import { sql } from 'kysely';
import type { COMPANY_KINDS } from '@storekeep/contracts';
import { LIST_FILTERS, companyInputSchema, companySchema, type Company } from '@storekeep/contracts';
import type { Executor } from '../../platform/db';
import type { CompanyRow } from '../../platform/db/schema';
import type { RecordDefinition } from '../records/definition';
import { inOrder, joinParts, presentAddress, presentMeta } from '../records/presenter';
import { FieldErrors } from '../records/validation';

type Row = CompanyRow & { counts?: { brands: number; stores: number; contacts: number } };

const KIND_LABELS: Record<(typeof COMPANY_KINDS)[number], string> = {
  franchisor: 'Franchisor',
  franchisee: 'Franchisee',
  landlord: 'Landlord',
  vendor: 'Vendor',
  other: 'Other',
};

async function load(db: Executor, teamId: number, ids: number[]): Promise<Row[]> {
  if (!ids.length) return [];
  const rows: Row[] = await db
    .selectFrom('companies')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('id', 'in', ids)
    .execute();
  // A single record is a detail page: it shows how many brands, stores and contacts hang off it.
  if (rows.length === 1) {
    const row = rows[0]!;
    const count = (table: 'brands' | 'stores' | 'contacts') =>
      db
        .selectFrom(table)
        .select(sql<number>`count(*)`.as('n'))
        .where('team_id', '=', teamId)
        .where('company_id', '=', row.id)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    const [brands, stores, contacts] = await Promise.all([
      count('brands'),
      count('stores'),
      count('contacts'),
    ]);
    row.counts = { brands, stores, contacts };
  }
  return inOrder(ids, rows);
}

export const companies: RecordDefinition<Row, Company> = {
  type: 'companies',
  subject: 'company',
  label: 'Company',
  table: 'companies',
  inputSchema: companyInputSchema,
  dtoSchema: companySchema,
  sorts: {
    name: ['name'],
    kind: ['kind', 'name'],
    city: ['city'],
    created_at: ['created_at'],
    updated_at: ['updated_at'],
  },
  defaultSort: 'name',
  filters: LIST_FILTERS.companies,
  load,
  present: (row, actor, urls) => ({
    ...presentMeta(row, actor, urls),
    name: row.name,
    legal_name: row.legal_name,
    kind: row.kind,
    tax_id: row.tax_id,
    email: row.email,
    phone: row.phone,
    website: row.website,
    ...presentAddress(row),
    description: row.description,
    ...(row.counts ? { counts: row.counts } : {}),
  }),
  searchEntry: (row) => ({
    title: row.name,
    subtitle: joinParts(KIND_LABELS[row.kind], joinParts(row.city, row.region)?.replace(' · ', ', ')),
    extra: [row.legal_name ?? '', row.tax_id ?? '', row.email ?? ''],
  }),
  validate: async () => {
    new FieldErrors().throwIfAny();
  },
  exportColumns: [
    ['ID', (c) => c.id],
    ['Name', (c) => c.name],
    ['Legal name', (c) => c.legal_name],
    ['Kind', (c) => c.kind],
    ['Tax ID', (c) => c.tax_id],
    ['E-mail', (c) => c.email],
    ['Phone', (c) => c.phone],
    ['Website', (c) => c.website],
    ['Address line 1', (c) => c.address_line1],
    ['Address line 2', (c) => c.address_line2],
    ['City', (c) => c.city],
    ['Region', (c) => c.region],
    ['Postal code', (c) => c.postal_code],
    ['Country', (c) => c.country],
    ['Created', (c) => c.created_at],
  ],
};
