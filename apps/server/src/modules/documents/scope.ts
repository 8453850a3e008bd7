import { sql, type SqlBool } from 'kysely';
import { SCOPED_LINK_TYPES, type LinkableType } from '@storekeep/contracts';
import type { Executor } from '../../platform/db';
import { recordsInScope } from '../../platform/db/scope';
import type { TeamScope } from '../../platform/policy';

/** A scope narrowed to companies (a franchisee's member); null for the whole team. */
export const limitedScope = (scope: TeamScope) => {
  const { companyIds } = scope;
  return companyIds === null ? null : { ...scope, companyIds };
};
type LimitedScope = NonNullable<ReturnType<typeof limitedScope>>;

type ScopedLinkType = (typeof SCOPED_LINK_TYPES)[number];
export const isScopedLinkType = (type: LinkableType): type is ScopedLinkType =>
  (SCOPED_LINK_TYPES as readonly string[]).includes(type);

/**
 * The links of the team that point at one of the scope's records (`recordsInScope`, the reminders' rules):
 * through `document_links`' (team, type, id) index, one range per type.
 */
function linksInScope(db: Executor, scope: LimitedScope) {
  const records = recordsInScope(db, scope);
  return db
    .selectFrom('document_links')
    .select('document_links.document_id')
    .where('document_links.team_id', '=', scope.teamId)
    .where((eb) => {
      const type = (name: ScopedLinkType) => eb('document_links.linkable_type', '=', name);
      const id = 'document_links.linkable_id' as const;
      return eb.or([
        eb.and([type('stores'), eb(id, 'in', records.stores)]),
        eb.and([type('leases'), eb(id, 'in', records.leases)]),
        eb.and([type('agreements'), eb(id, 'in', records.agreements)]),
        ...(scope.companyIds.length
          ? [eb.and([type('companies'), eb(id, 'in', [...scope.companyIds])])]
          : []),
      ]);
    });
}

/**
 * The documents a franchisee's member sees, as a condition on `documents` (unqualified, as the list writes its
 * conditions): shared by the franchisor, and linked to one of their records. A document linked to their store
 * and to another franchisee's is shared with both; one linked only to a contact or a brand with neither.
 */
export function sharedInScope(db: Executor, scope: LimitedScope) {
  return sql<SqlBool>`shared = 1 and id in (${linksInScope(db, scope)})`;
}

/** The ids of the team's documents that `scope` sees, by the list's rule (`sharedInScope`): for the global search. */
export function documentIdsInScope(db: Executor, scope: LimitedScope) {
  return db
    .selectFrom('documents')
    .select('documents.id')
    .where('documents.team_id', '=', scope.teamId)
    .where(sharedInScope(db, scope));
}

/** Whether live document `id` of the team is one `scope` sees (always, for the whole team). */
export async function documentInScope(db: Executor, scope: TeamScope, id: number) {
  const limited = limitedScope(scope);
  if (!limited) return true;
  const row = await db
    .selectFrom('documents')
    .select('documents.id')
    .where('documents.team_id', '=', scope.teamId)
    .where('documents.id', '=', id)
    .where('documents.shared', '=', 1)
    .where('documents.id', 'in', linksInScope(db, limited))
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether live record `id` of `type` is one of the scope's (its Documents tab opens for them). */
export async function linkTargetInScope(db: Executor, scope: LimitedScope, type: LinkableType, id: number) {
  if (!isScopedLinkType(type)) return false;
  if (type === 'companies') return scope.companyIds.includes(id);
  const records = recordsInScope(db, scope);
  const row = await db
    .selectFrom(records[type].as('scoped'))
    .select('scoped.id')
    .where('scoped.id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Of a document's links, those a limited member may be named: their own records'. */
export async function visibleLinkIds(
  db: Executor,
  scope: LimitedScope,
  links: ReadonlyArray<{ linkable_type: string; linkable_id: number }>,
) {
  const visible = new Set<string>();
  const records = recordsInScope(db, scope);
  for (const type of ['stores', 'leases', 'agreements'] as const) {
    const wanted = links.filter((l) => l.linkable_type === type).map((l) => l.linkable_id);
    if (!wanted.length) continue;
    const rows = await db
      .selectFrom(records[type].as('scoped'))
      .select('scoped.id')
      .where('scoped.id', 'in', wanted)
      .execute();
    for (const row of rows) visible.add(`${type}:${row.id}`);
  }
  for (const link of links)
    if (link.linkable_type === 'companies' && scope.companyIds.includes(link.linkable_id))
      visible.add(`companies:${link.linkable_id}`);
  return visible;
}
