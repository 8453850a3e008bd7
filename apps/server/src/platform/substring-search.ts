import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from './db';
import type { MatchSet } from './search';
import { containsPattern } from './text';

/** A column searched for text anywhere in it, with its trigram index (migrations 0064 and 0065, decision 0041). */
export type SubstringIndexed = {
  table: 'leases' | 'franchise_agreements';
  column: 'reference' | 'agreement_number';
  /** SQLite's FTS5 trigram table over the column. */
  index: 'lease_references' | 'agreement_numbers';
};

export const LEASE_REFERENCES: SubstringIndexed = {
  table: 'leases',
  column: 'reference',
  index: 'lease_references',
};
export const AGREEMENT_NUMBERS: SubstringIndexed = {
  table: 'franchise_agreements',
  column: 'agreement_number',
  index: 'agreement_numbers',
};

/** One row's test: the column holds `search` anywhere, in any case, `%` and `_` as typed. */
export const containsText = (target: SubstringIndexed, search: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`lower(${sql.ref(target.column)}) like ${containsPattern(search.toLowerCase())} escape '\\'`;

/**
 * Whether a trigram index can find `search`: three characters or more, none of them LIKE's wildcards or its escape
 * (SQLite's trigram table answers only those; PostgreSQL's pg_trgm finds no trigram in `%a%`, and then scans).
 */
export const trigramSearchable = (search: string) => [...search].length >= 3 && !/[%_\\]/.test(search);

/**
 * The ids of the team's live rows whose column holds `search` anywhere, in any case. On SQLite a text of three
 * characters or more without LIKE's wildcards is looked up in the trigram index (case-blind as SQLite's LIKE is),
 * its matches driving: `+team_id` keeps the planner off the team's index, which would test every row of the team
 * against them. Shorter texts have no trigram to look up and are scanned. PostgreSQL's trigram index serves
 * `lower(column) like …` as written, when pg_trgm was there to make it.
 */
export function idsContaining(
  dialect: Dialect,
  teamId: number,
  target: SubstringIndexed,
  search: string,
): RawBuilder<{ id: number }> {
  const text = search.toLowerCase();
  const table = sql.table(target.table);
  if (dialect === 'sqlite' && trigramSearchable(text))
    return sql<{
      id: number;
    }>`select id from ${table} where id in (select rowid from ${sql.table(target.index)} where ${sql.ref(target.column)} like ${`%${text}%`}) and +team_id = ${teamId} and deleted_at is null`;
  return sql<{
    id: number;
  }>`select id from ${table} where team_id = ${teamId} and deleted_at is null and ${containsText(target, search)}`;
}

/** A list's search box over that one column, as a match set (platform/list.ts reads few matches directly). */
export function containingMatchSet(
  dialect: Dialect,
  teamId: number,
  target: SubstringIndexed,
  search: string,
): MatchSet {
  const ids = idsContaining(dialect, teamId, target, search);
  return { ids, condition: sql<SqlBool>`id in (${ids})`, matchesRow: () => containsText(target, search) };
}
