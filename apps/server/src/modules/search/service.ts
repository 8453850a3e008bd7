import { SEARCH_TYPES, type SearchGroup, type SearchType } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { recordsInScope, whereInScope } from '../../platform/db/scope';
import type { TeamScope } from '../../platform/policy';
import { cachedSearchResult, searchTokens, searchTypes, type SearchWithin } from '../../platform/search';
import { teamWriteVersion } from '../../platform/team-cache';
import { documentIdsInScope, documentSnippets } from '../documents/index';

/**
 * The global search's groups in a fixed order, only the non-empty ones, at most five ranked items each
 * (spec §3, §7). A repeated search (the same words, however typed) is answered from the team's search cache
 * until the team writes: every keystroke of a search box asks again. A member limited to companies finds only
 * what their own pages show them (decision 0030), and their answers are cached under their companies.
 */
export async function globalSearch(deps: Deps, scope: TeamScope, query: string): Promise<SearchGroup[]> {
  const tokens = searchTokens(query);
  if (!tokens.length) return [];
  // Read before searching, so the answer is at least as new as the version it is cached under.
  const version = await teamWriteVersion(deps.db, scope.teamId);
  // The whole team's answer must never be served to a narrowed scope, nor one franchisee's to another.
  const scopeKey = scope.companyIds === null ? 'team' : [...scope.companyIds].sort((a, b) => a - b).join(',');
  return cachedSearchResult(
    deps.db,
    scope.teamId,
    version,
    `global\u0000${scopeKey}\u0000${tokens.join(' ')}`,
    () => searchAll(deps, scope, query),
    // UTF-16 strings: two bytes a character, about what the groups' strings and objects take.
    (groups) => JSON.stringify(groups).length * 2,
  );
}

/**
 * What each record type's search reads for `scope`: everything (null) for the whole team. A franchisee's
 * member reads what their routes open (decision 0023): their companies, the stores those operate and the
 * documents shared with them (the documents list's own rule). Brands and contacts are left out, as their lists
 * and pages are refused them.
 */
function searchedTypes(deps: Deps, scope: TeamScope): Array<readonly [SearchType, SearchWithin]> {
  const { companyIds } = scope;
  if (companyIds === null) return SEARCH_TYPES.map((type) => [type, null] as const);
  const limited = { ...scope, companyIds };
  const within: Partial<Record<SearchType, SearchWithin>> = {
    companies: deps.db
      .selectFrom('companies')
      .select('companies.id')
      .where((eb) => whereInScope(eb, limited, 'companies', { companyColumn: 'id' })),
    stores: recordsInScope(deps.db, limited).stores,
    documents: documentIdsInScope(deps.db, limited),
  };
  return SEARCH_TYPES.flatMap((type) => (within[type] ? [[type, within[type]] as const] : []));
}

async function searchAll(deps: Deps, scope: TeamScope, query: string): Promise<SearchGroup[]> {
  const groups: SearchGroup[] = [];
  const found = await searchTypes(deps.db, deps.dialect, scope.teamId, searchedTypes(deps, scope), query, 5);
  for (const [type, data] of found) {
    if (!data.length) continue;
    if (type === 'documents') {
      // A document's subtitle is the passage of its text that matched, when the text matched.
      const snippets = await documentSnippets(
        deps,
        scope.teamId,
        data.map((d) => d.id),
        query,
      );
      for (const item of data) item.subtitle = snippets.get(item.id) ?? item.subtitle;
    }
    groups.push({ type, data });
  }
  return groups;
}
