import { SEARCH_TYPES, type SearchGroup } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { cachedSearchResult, searchTokens, searchType } from '../../platform/search';
import { teamWriteVersion } from '../../platform/team-cache';
import { documentSnippets } from '../documents/index';

/**
 * The global search's groups in a fixed order, only the non-empty ones, at most five ranked items each
 * (spec §3, §7). A repeated search (the same words, however typed) is answered from the team's search cache
 * until the team writes: every keystroke of a search box asks again.
 */
export async function globalSearch(deps: Deps, teamId: number, query: string): Promise<SearchGroup[]> {
  const tokens = searchTokens(query);
  if (!tokens.length) return [];
  // Read before searching, so the answer is at least as new as the version it is cached under.
  const version = await teamWriteVersion(deps.db, teamId);
  return cachedSearchResult(
    deps.db,
    teamId,
    version,
    `global\u0000${tokens.join(' ')}`,
    () => searchAll(deps, teamId, query),
    // UTF-16 strings: two bytes a character, about what the groups' strings and objects take.
    (groups) => JSON.stringify(groups).length * 2,
  );
}

async function searchAll(deps: Deps, teamId: number, query: string): Promise<SearchGroup[]> {
  const groups: SearchGroup[] = [];
  for (const type of SEARCH_TYPES) {
    const data = await searchType(deps.db, deps.dialect, teamId, type, query, 5);
    if (!data.length) continue;
    if (type === 'documents') {
      // A document's subtitle is the passage of its text that matched, when the text matched.
      const snippets = await documentSnippets(
        deps,
        teamId,
        data.map((d) => d.id),
        query,
      );
      for (const item of data) item.subtitle = snippets.get(item.id) ?? item.subtitle;
    }
    groups.push({ type, data });
  }
  return groups;
}
