import { displayName } from '@storekeep/contracts';
import type { Executor } from '../../platform/db';
import { whereInScope } from '../../platform/db/scope';
import type { TeamScope } from '../../platform/policy';

type SubjectRef = { subject_type: string | null; subject_id: number | null };

/**
 * Display names of the records reminders are about, keyed `type:id`, one query per type. Rows are read by
 * primary key with the scope in its by-id form: with a plain `team_id = ? and id in (…)` SQLite walks the
 * team's index over every row (120k leases) instead of looking up the few ids.
 */
export async function subjectNames(scope: TeamScope, db: Executor, rows: SubjectRef[]) {
  const names = new Map<string, string>();
  const idsOf = (type: string) => [
    ...new Set(
      rows.filter((r) => r.subject_type === type && r.subject_id !== null).map((r) => r.subject_id!),
    ),
  ];
  const leases = idsOf('lease');
  if (leases.length) {
    const found = await db
      .selectFrom('leases')
      .innerJoin('stores', 'stores.id', 'leases.store_id')
      .select(['leases.id', 'stores.name', 'leases.reference'])
      .where((eb) => whereInScope(eb, scope, 'leases', { byId: true }))
      .where('leases.id', 'in', leases)
      .execute();
    for (const r of found) names.set(`lease:${r.id}`, `${r.name}${r.reference ? ` (${r.reference})` : ''}`);
  }
  const agreements = idsOf('agreement');
  if (agreements.length) {
    const found = await db
      .selectFrom('franchise_agreements')
      .innerJoin('brands', 'brands.id', 'franchise_agreements.brand_id')
      .select(['franchise_agreements.id', 'brands.name', 'franchise_agreements.agreement_number'])
      .where((eb) => whereInScope(eb, scope, 'franchise_agreements', { byId: true }))
      .where('franchise_agreements.id', 'in', agreements)
      .execute();
    for (const r of found)
      names.set(`agreement:${r.id}`, `${r.name}${r.agreement_number ? ` ${r.agreement_number}` : ''}`);
  }
  const documents = idsOf('document');
  if (documents.length)
    for (const r of await db
      .selectFrom('documents')
      .select(['id', 'title'])
      .where((eb) => whereInScope(eb, scope, 'documents', { byId: true }))
      .where('id', 'in', documents)
      .execute())
      names.set(`document:${r.id}`, r.title);
  for (const [type, table] of [
    ['company', 'companies'],
    ['brand', 'brands'],
    ['store', 'stores'],
  ] as const) {
    const ids = idsOf(type);
    if (ids.length)
      for (const r of await db
        .selectFrom(table)
        .select(['id', 'name'])
        .where((eb) => whereInScope(eb, scope, table, { byId: true }))
        .where('id', 'in', ids)
        .execute())
        names.set(`${type}:${r.id}`, r.name);
  }
  const contacts = idsOf('contact');
  if (contacts.length)
    for (const r of await db
      .selectFrom('contacts')
      .select(['id', 'first_name', 'last_name', 'email'])
      .where((eb) => whereInScope(eb, scope, 'contacts', { byId: true }))
      .where('id', 'in', contacts)
      .execute())
      names.set(`contact:${r.id}`, displayName(r));
  return names;
}
