import { LIST_FILTERS, storeInputSchema, storeRules, storeSchema, type Store } from '@storekeep/contracts';
import type { Executor } from '../../platform/db';
import type { StoreRow } from '../../platform/db/schema';
import type { RecordDefinition } from '../records/definition';
import { inOrder, joinParts, presentAddress, presentMeta, ref } from '../records/presenter';
import { checkRef, FieldErrors } from '../records/validation';

type Row = StoreRow & {
  brand_name: string | null;
  company_name: string | null;
  manager_first_name: string | null;
  manager_last_name: string | null;
  manager_email: string | null;
};

async function load(db: Executor, teamId: number, ids: number[]): Promise<Row[]> {
  if (!ids.length) return [];
  // Names as scalar subqueries, not joins: PostgreSQL plans join orders at every page (see leases' loadLeases).
  const rows = await db
    .selectFrom('stores')
    .selectAll('stores')
    .select((eb) => {
      const manager = (column: 'first_name' | 'last_name' | 'email') =>
        eb.selectFrom('contacts').select(column).whereRef('contacts.id', '=', 'stores.manager_id');
      return [
        eb.selectFrom('brands').select('name').whereRef('brands.id', '=', 'stores.brand_id').as('brand_name'),
        eb
          .selectFrom('companies')
          .select('name')
          .whereRef('companies.id', '=', 'stores.company_id')
          .as('company_name'),
        manager('first_name').as('manager_first_name'),
        manager('last_name').as('manager_last_name'),
        manager('email').as('manager_email'),
      ];
    })
    .where('stores.team_id', '=', teamId)
    .where('stores.id', 'in', ids)
    .execute();
  return inOrder(ids, rows);
}

const managerName = (row: Row) =>
  [row.manager_first_name, row.manager_last_name].filter(Boolean).join(' ') || row.manager_email || '';

export const stores: RecordDefinition<Row, Store> = {
  type: 'stores',
  subject: 'store',
  label: 'Store',
  table: 'stores',
  inputSchema: storeInputSchema,
  dtoSchema: storeSchema,
  sorts: {
    name: ['name'],
    store_number: ['store_number'],
    status: ['status', 'name'],
    city: ['city'],
    opening_date: ['opening_date'],
    occupancy_ratio: ['occupancy_ratio'],
    created_at: ['created_at'],
    updated_at: ['updated_at'],
  },
  defaultSort: 'name',
  filters: LIST_FILTERS.stores,
  load,
  present: (row, actor, urls) => ({
    ...presentMeta(row, actor, urls),
    name: row.name,
    store_number: row.store_number,
    brand: ref(row.brand_id, row.brand_name),
    company: ref(row.company_id, row.company_name),
    status: row.status,
    opening_date: row.opening_date,
    closing_date: row.closing_date,
    ...presentAddress(row),
    latitude: row.latitude,
    longitude: row.longitude,
    phone: row.phone,
    email: row.email,
    square_feet: row.square_feet,
    manager: ref(row.manager_id, managerName(row)),
    occupancy_ratio: row.occupancy_ratio === null ? null : Number(row.occupancy_ratio),
    occupancy_incomplete: Number(row.occupancy_missing) > 0,
  }),
  searchEntry: (row) => ({
    title: row.name,
    subtitle: joinParts(
      row.store_number ? `#${row.store_number}` : null,
      [row.city, row.region].filter(Boolean).join(', '),
    ),
    extra: [row.brand_name ?? '', row.address_line1 ?? '', row.postal_code ?? ''],
  }),
  validate: async (db, teamId, values, id) => {
    const errors = new FieldErrors();
    errors.addZod(
      storeRules.safeParse({
        opening_date: values.opening_date ?? null,
        closing_date: values.closing_date ?? null,
      }),
    );
    await checkRef(db, errors, 'brands', teamId, values.brand_id, 'brand_id', 'brand');
    await checkRef(db, errors, 'companies', teamId, values.company_id, 'company_id', 'operating company');
    await checkRef(db, errors, 'contacts', teamId, values.manager_id, 'manager_id', 'manager');
    if (values.store_number) {
      let taken = db
        .selectFrom('stores')
        .select('id')
        .where('team_id', '=', teamId)
        .where('store_number', '=', String(values.store_number))
        .where('deleted_at', 'is', null);
      if (id !== null) taken = taken.where('id', '!=', id);
      if (await taken.executeTakeFirst())
        errors.add('store_number', 'The store number has already been taken.');
    }
    errors.throwIfAny();
  },
  exportColumns: [
    ['ID', (s) => s.id],
    ['Store number', (s) => s.store_number],
    ['Name', (s) => s.name],
    ['Brand', (s) => s.brand?.name],
    ['Operating company', (s) => s.company?.name],
    ['Status', (s) => s.status],
    ['Opening date', (s) => s.opening_date],
    ['Closing date', (s) => s.closing_date],
    ['Address line 1', (s) => s.address_line1],
    ['Address line 2', (s) => s.address_line2],
    ['City', (s) => s.city],
    ['Region', (s) => s.region],
    ['Postal code', (s) => s.postal_code],
    ['Country', (s) => s.country],
    ['Latitude', (s) => s.latitude],
    ['Longitude', (s) => s.longitude],
    ['Phone', (s) => s.phone],
    ['E-mail', (s) => s.email],
    ['Square feet', (s) => s.square_feet],
    ['Manager', (s) => s.manager?.name],
    ['Occupancy cost ratio', (s) => s.occupancy_ratio],
  ],
};
