import { displayName } from '@storekeep/contracts';
import type { Executor } from '../../platform/db';

/** Display names of the records reminders are about, keyed `type:id`, read in one query per type. */
export async function subjectNames(db: Executor, teamId: number, rows: Array<{ subject_type: string | null; subject_id: number | null }>) {
  const names = new Map<string, string>();
  const idsOf = (type: string) => [...new Set(rows.filter((r) => r.subject_type === type && r.subject_id !== null).map((r) => r.subject_id!))];
  const leases = idsOf('lease');
  if (leases.length) {
    for (const r of await db.selectFrom('leases').innerJoin('stores', 'stores.id', 'leases.store_id').select(['leases.id', 'stores.name', 'leases.reference']).where('leases.team_id', '=', teamId).where('leases.id', 'in', leases).execute()) {
      names.set(`lease:${r.id}`, `${r.name}${r.reference ? ` (${r.reference})` : ''}`);
    }
  }
  const agreements = idsOf('agreement');
  if (agreements.length) {
    for (const r of await db.selectFrom('franchise_agreements').innerJoin('brands', 'brands.id', 'franchise_agreements.brand_id').select(['franchise_agreements.id', 'brands.name', 'franchise_agreements.agreement_number']).where('franchise_agreements.team_id', '=', teamId).where('franchise_agreements.id', 'in', agreements).execute()) {
      names.set(`agreement:${r.id}`, `${r.name}${r.agreement_number ? ` ${r.agreement_number}` : ''}`);
    }
  }
  const documents = idsOf('document');
  if (documents.length) for (const r of await db.selectFrom('documents').select(['id', 'title']).where('team_id', '=', teamId).where('id', 'in', documents).execute()) names.set(`document:${r.id}`, r.title);
  for (const [type, table] of [['company', 'companies'], ['brand', 'brands'], ['store', 'stores']] as const) {
    const ids = idsOf(type);
    if (ids.length) for (const r of await db.selectFrom(table).select(['id', 'name']).where('team_id', '=', teamId).where('id', 'in', ids).execute()) names.set(`${type}:${r.id}`, r.name);
  }
  const contacts = idsOf('contact');
  if (contacts.length) for (const r of await db.selectFrom('contacts').select(['id', 'first_name', 'last_name', 'email']).where('team_id', '=', teamId).where('id', 'in', contacts).execute()) names.set(`contact:${r.id}`, displayName(r));
  return names;
}
