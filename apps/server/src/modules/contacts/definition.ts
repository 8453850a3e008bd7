import { sql, type SqlBool } from 'kysely';
import {
  contactInputSchema,
  contactRules,
  contactSchema,
  displayName,
  type Contact,
} from '@storekeep/contracts';
import type { Executor } from '../../platform/db';
import type { ContactRow } from '../../platform/db/schema';
import type { RecordDefinition } from '../records/definition';
import { inOrder, joinParts, presentAddress, presentMeta, ref } from '../records/presenter';
import { checkRef, FieldErrors } from '../records/validation';

type Row = ContactRow & { company_name: string | null };

async function load(db: Executor, teamId: number, ids: number[]): Promise<Row[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('contacts')
    .leftJoin('companies', 'companies.id', 'contacts.company_id')
    .selectAll('contacts')
    .select('companies.name as company_name')
    .where('contacts.team_id', '=', teamId)
    .where('contacts.id', 'in', ids)
    .execute();
  return inOrder(ids, rows);
}

const nameOf = (row: Row) =>
  displayName({
    first_name: row.first_name,
    last_name: row.last_name,
    company: row.company_name,
    email: row.email,
  });

export const contacts: RecordDefinition<Row, Contact> = {
  type: 'contacts',
  subject: 'contact',
  label: 'Contact',
  table: 'contacts',
  inputSchema: contactInputSchema,
  dtoSchema: contactSchema,
  sorts: {
    last_name: ['last_name', 'first_name'],
    first_name: ['first_name'],
    email: ['email'],
    created_at: ['created_at'],
    updated_at: ['updated_at'],
  },
  defaultSort: 'last_name',
  filters: {
    company_id: { type: 'ids' },
    // A store's people: its manager and everyone at its operating company.
    store_id: {
      type: 'ids',
      condition: (ids) =>
        sql<SqlBool>`(id in (select manager_id from stores where id in (${sql.join(ids)}) and manager_id is not null)
          or company_id in (select company_id from stores where id in (${sql.join(ids)}) and company_id is not null))`,
    },
  },
  load,
  present: (row, actor, urls) => ({
    ...presentMeta(row, actor, urls),
    first_name: row.first_name,
    last_name: row.last_name,
    display_name: nameOf(row),
    company: ref(row.company_id, row.company_name),
    job_title: row.job_title,
    email: row.email,
    phone: row.phone,
    mobile: row.mobile,
    ...presentAddress(row),
    notes: row.notes,
  }),
  searchEntry: (row) => ({
    title: nameOf(row),
    subtitle: joinParts(row.job_title, row.company_name),
    extra: [row.email ?? '', row.phone ?? '', row.mobile ?? ''],
  }),
  validate: async (db, teamId, values) => {
    const errors = new FieldErrors();
    errors.addZod(
      contactRules.safeParse({
        first_name: values.first_name ?? null,
        last_name: values.last_name ?? null,
        email: values.email ?? null,
      }),
    );
    await checkRef(db, errors, 'companies', teamId, values.company_id, 'company_id', 'company');
    errors.throwIfAny();
  },
  exportColumns: [
    ['ID', (c) => c.id],
    ['First name', (c) => c.first_name],
    ['Last name', (c) => c.last_name],
    ['Company', (c) => c.company?.name],
    ['Job title', (c) => c.job_title],
    ['E-mail', (c) => c.email],
    ['Phone', (c) => c.phone],
    ['Mobile', (c) => c.mobile],
    ['Address line 1', (c) => c.address_line1],
    ['City', (c) => c.city],
    ['Region', (c) => c.region],
    ['Postal code', (c) => c.postal_code],
    ['Country', (c) => c.country],
  ],
};
