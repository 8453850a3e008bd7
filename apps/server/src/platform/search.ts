import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { SearchType } from '@storekeep/contracts';
import { dialectOf, type Dialect, type Executor } from './db';
import { insertMany } from './db/insert-many';
import type { SearchIndexTable } from './db/schema';
import { bumpTeamWriteVersion } from './team-cache';
import { cachedInTeamLru, teamLru, type TeamLruOptions } from './team-lru';

/**
 * Global search over SQLite FTS5 or PostgreSQL full text, behind one interface. Text is normalised in
 * JS (accents stripped, lower case) on both sides, so matching is diacritic-insensitive on either
 * database without extensions. Every indexed word carries its record's scope (`k<team>x<type>` + word),
 * so a prefix query for `k12x3mark*` touches only team 12's stores' words that start with "mark": a
 * word that half the database contains costs no more than the team's own matches.
 */

const TYPE_CODES: Record<SearchType, number> = {
  companies: 1,
  brands: 2,
  stores: 3,
  contacts: 4,
  documents: 5,
};
const CANDIDATES = 50;

/** Plain ASCII: no decomposition to undo, and letters and digits are a–z, 0–9 once lowercased. */
// eslint-disable-next-line no-control-regex -- control characters are ASCII too (and become spaces)
const ASCII = /^[\x00-\x7f]*$/;

/** `text` with its accents taken off (decomposed, combining marks dropped), as the search index folds them. */
export const withoutAccents = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '');

export function normalizeText(text: string): string {
  // Most names and titles: the same answer without NFKD and two Unicode regexes (ranking the global search's
  // candidates normalised ~50,000 titles over the search benchmark's first-time round).
  if (ASCII.test(text))
    return text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  return withoutAccents(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export const searchTokens = (query: string) => normalizeText(query).split(' ').filter(Boolean).slice(0, 8);

const scopeToken = (teamId: number, type: SearchType) => `k${teamId}x${TYPE_CODES[type]}`;
const rowidOf = (type: SearchType, id: number) => id * 8 + TYPE_CODES[type];

export type SearchEntry = {
  teamId: number;
  type: SearchType;
  id: number;
  title: string;
  subtitle: string | null;
  extra?: string[];
};

/** The `search_index` row of one record (bulk loaders such as the benchmark generator insert these directly). */
export function searchIndexRow(entry: SearchEntry): SearchIndexTable {
  const scope = scopeToken(entry.teamId, entry.type);
  const words = new Set(
    normalizeText([entry.title, entry.subtitle ?? '', ...(entry.extra ?? [])].join(' '))
      .split(' ')
      .filter(Boolean),
  );
  // The bare scope first (it names the team for unindexRecord), then every distinct word with its scope.
  const terms = [scope, ...[...words].map((word) => scope + word)].join(' ');
  return { rowid: rowidOf(entry.type, entry.id), terms, title: entry.title, subtitle: entry.subtitle };
}

/** The PostgreSQL word rows of one index row (see migration 0008). */
export const searchTermRows = (row: SearchIndexTable) =>
  [...new Set(row.terms.split(' '))].map((term) => ({ term, rowid: row.rowid }));

/**
 * Documents carry up to 100,000 characters of extracted text: a (word, row) btree of every one of their
 * words would be hundreds of rows per document (200 million for a million documents). On PostgreSQL they
 * are searched through the GIN index alone, sampled so that a common word costs no more than a rare one
 * (see documentCandidates and migration 0011).
 */
const usesTermRows = (type: SearchType) => type !== 'documents';

/** Called in the same transaction as every write of a searchable record. */
export async function indexRecord(db: Executor, entry: SearchEntry) {
  // Every create, update and restore passes here: indexRecords also marks the team's cached list totals stale.
  await indexRecords(db, entry.teamId, [entry]);
}

/**
 * The search rows of records of one team, a few statements per chunk of 500 (an import's batch costs what one
 * record's write does; on PostgreSQL that is seconds instead of minutes for 100,000 rows). `created`: the
 * records were made in this transaction, so they have no rows to replace — an import of 100,000 new stores
 * skips 200 deletes that cost 8 s on PostgreSQL (the planner, whose statistics lag a table growing that fast,
 * scanned `search_terms` instead of probing its rowid index).
 */
export async function indexRecords(
  db: Executor,
  teamId: number,
  entries: SearchEntry[],
  options: { created?: boolean } = {},
) {
  if (!entries.length) return;
  const postgres = dialectOf(db) === 'postgres';
  for (let at = 0; at < entries.length; at += 500) {
    const chunk = entries.slice(at, at + 500);
    const rows = chunk.map(searchIndexRow);
    const rowids = rows.map((r) => r.rowid);
    if (options.created) await insertMany(db, 'search_index', SEARCH_INDEX_COLUMNS, rows);
    else if (postgres) await upsertSearchRows(db, rows);
    else {
      await db.deleteFrom('search_index').where('rowid', 'in', rowids).execute();
      await db.insertInto('search_index').values(rows).execute();
    }
    if (postgres) {
      const withTerms = rows.filter((_, i) => usesTermRows(chunk[i]!.type));
      if (withTerms.length) {
        if (!options.created)
          await db
            .deleteFrom('search_terms')
            .where(
              'rowid',
              'in',
              withTerms.map((r) => r.rowid),
            )
            .execute();
        await insertMany(db, 'search_terms', SEARCH_TERM_COLUMNS, withTerms.flatMap(searchTermRows));
      }
    }
  }
  await bumpTeamWriteVersion(db, teamId);
}

const SEARCH_INDEX_COLUMNS = { rowid: 'bigint', terms: 'text', title: 'text', subtitle: 'text' } as const;
const SEARCH_TERM_COLUMNS = { term: 'text', rowid: 'bigint' } as const;

/**
 * PostgreSQL's replacement of index rows. A delete and an insert raced: two writes reindexing one record at
 * once (a document's edit and its text extraction) both deleted the old row, and the second insert then met
 * the first's committed row (a unique violation the user got as a 409). The upsert instead waits for the
 * other's row lock, and that lock, held to commit, makes the word rows replaced after it wait too, so the
 * second write sees and deletes the first's. In rowid order, so two bulk writes lock in the same order.
 */
async function upsertSearchRows(db: Executor, rows: SearchIndexTable[]) {
  const byRowid = new Map(rows.map((row) => [row.rowid, row]));
  const ordered = [...byRowid.values()].sort((a, b) => a.rowid - b.rowid);
  await db
    .insertInto('search_index')
    .values(ordered)
    .onConflict((oc) =>
      oc.column('rowid').doUpdateSet((eb) => ({
        terms: eb.ref('excluded.terms'),
        title: eb.ref('excluded.title'),
        subtitle: eb.ref('excluded.subtitle'),
      })),
    )
    .execute();
}

/** unindexRecord for many records of one team and type (an import rolled back or undone). */
export async function unindexRecords(db: Executor, teamId: number, type: SearchType, ids: number[]) {
  for (let at = 0; at < ids.length; at += 500) {
    const rowids = ids.slice(at, at + 500).map((id) => rowidOf(type, id));
    await db.deleteFrom('search_index').where('rowid', 'in', rowids).execute();
    if (dialectOf(db) === 'postgres' && usesTermRows(type))
      await db.deleteFrom('search_terms').where('rowid', 'in', rowids).execute();
  }
  if (ids.length) await bumpTeamWriteVersion(db, teamId);
}

/** Called in the same transaction as every delete of a searchable record. */
export async function unindexRecord(db: Executor, type: SearchType, id: number) {
  const rowid = rowidOf(type, id);
  // The scope token names the team (RETURNING does not work on FTS5 tables, so read it first).
  const row = await db
    .selectFrom('search_index')
    .select('terms')
    .where('rowid', '=', rowid)
    .executeTakeFirst();
  await db.deleteFrom('search_index').where('rowid', '=', rowid).execute();
  if (dialectOf(db) === 'postgres' && usesTermRows(type))
    await db.deleteFrom('search_terms').where('rowid', '=', rowid).execute();
  const teamId = Number(/^k(\d+)x/.exec(row?.terms ?? '')?.[1]);
  if (teamId) await bumpTeamWriteVersion(db, teamId);
}

function matchQuery(
  dialect: Dialect,
  teamId: number,
  type: SearchType,
  tokens: string[],
  prefix = true,
): string {
  const scope = scopeToken(teamId, type);
  const star = prefix ? (dialect === 'sqlite' ? '*' : ':*') : '';
  return dialect === 'sqlite'
    ? tokens.map((t) => `"${scope}${t}"${star}`).join(' AND ')
    : tokens.map((t) => `${scope}${t}${star}`).join(' & ');
}

function matchCondition(dialect: Dialect, query: string) {
  return dialect === 'sqlite'
    ? sql<SqlBool>`search_index match ${query}`
    : sql<SqlBool>`tsv @@ to_tsquery('simple', ${query})`;
}

/**
 * The ids of a list search box's matches: `ids` is a subquery (`select id …`), `condition` the same as
 * `id in (…)`. pageOfIds (platform/list.ts) reads a few matches first and, when there are few, pages
 * over exactly those ids instead of walking the sort index in search of them.
 */
export type MatchSet = {
  ids: RawBuilder<{ id: number }>;
  condition: Expression<SqlBool>;
  /** The same test for one row of `table`, correlated: a keyed look-up in the search index. */
  matchesRow(table: string): Expression<SqlBool>;
  /**
   * PostgreSQL, where `ids` can only be built by reading the list's own rows (the leases of the matching
   * stores): the same matches as a condition on those rows that their indexes answer in one pass (a bitmap
   * per part). The page order then comes from that pass, instead of a second look-up of every match by key.
   */
  rows?: Expression<SqlBool>;
  /**
   * Where `ids` are the list's own matches and the rows of matching parents (the leases of the matching stores):
   * the same matches in two parts, so that a kept list order (platform/list.ts) that holds each row's `column`
   * finds the second part from the parents' ids alone, without reading the rows.
   */
  parts?: { own: RawBuilder<{ id: number }>; column: string; parents: RawBuilder<{ id: number }> };
};

export function matchingIds(
  dialect: Dialect,
  teamId: number,
  type: SearchType,
  query: string,
): MatchSet | null {
  const tokens = searchTokens(query);
  if (!tokens.length) return null;
  const match = matchQuery(dialect, teamId, type, tokens);
  // PostgreSQL: the (term, rowid) btree answers a prefix with an index-only range scan, where the GIN index
  // finds the same rows but then visits search_index's heap for each (stores search=mark, 10,346 of 20,000:
  // 0.4 ms against 12 ms for the first 2,001, 45 against 130 ms for all of them in name order).
  const ids =
    dialect === 'postgres' && usesTermRows(type)
      ? sql<{
          id: number;
        }>`select (rowid - ${TYPE_CODES[type]}) / 8 as id from (${termRowids(scopeToken(teamId, type), tokens, true)}) as matches`
      : sql<{
          id: number;
        }>`select (rowid - ${TYPE_CODES[type]}) / 8 as id from search_index where ${matchCondition(dialect, match)}`;
  return {
    ids,
    condition: sql<SqlBool>`id in (${ids})`,
    // SQLite keeps `id in (…)`: FTS5 re-runs a prefix query for each correlated look-up (1.2 s for
    // "market" in 100k stores, against 10 ms for building the match set once).
    matchesRow: (table) =>
      dialect === 'sqlite'
        ? sql<SqlBool>`id in (${ids})`
        : sql<SqlBool>`exists (select 1 from search_index where search_index.rowid = ${sql.ref(`${table}.id`)} * 8 + ${TYPE_CODES[type]} and ${matchCondition(dialect, match)})`,
  };
}

/** `id in (…matching ids…)` for list pages' search box; null when the query has no words. */
export function matchingIdsCondition(
  dialect: Dialect,
  teamId: number,
  type: SearchType,
  query: string,
): Expression<SqlBool> | null {
  return matchingIds(dialect, teamId, type, query)?.condition ?? null;
}

/**
 * Search answers (a list search box's matches in page order, the global search's groups) per database, in a
 * per-team LRU by bytes (team-lru.ts): a search's ordered matches are at most 100,000 ids (≈ 800 KB), so a
 * team keeps at least 20 of its biggest and thousands of ordinary ones, and 64 MB holds four teams' worth. Lists'
 * orders are kept here too (list.ts LIST_ORDER_MAX: 100,000 stores in about 1.2 MB).
 */
export const SEARCH_RESULTS: TeamLruOptions = {
  name: 'search-results',
  maxBytes: 64 * 1024 * 1024,
  teamBytes: 16 * 1024 * 1024,
};

/** `read()`'s answer for the team's search `key`, kept until the team writes (see SEARCH_RESULTS). */
export function cachedSearchResult<T>(
  db: Executor,
  teamId: number,
  version: number,
  key: string,
  read: () => Promise<T>,
  sizeOf: (value: T) => number,
): Promise<T> {
  return cachedInTeamLru(db, SEARCH_RESULTS, teamId, version, key, read, sizeOf);
}

/** The team's answer for `key` when it is kept at `version` and not expired, without computing it. */
export function keptSearchResult<T>(
  db: Executor,
  teamId: number,
  version: number,
  key: string,
): T | undefined {
  if (db.isTransaction) return undefined;
  const hit = teamLru(db, SEARCH_RESULTS).get<T>(teamId, key, version);
  return hit && !hit.expired ? hit.value : undefined;
}

/** Bytes of an array of ids in V8 (8 per element at most, plus the array's header). */
export const idsBytes = (ids: readonly number[] | null) => 32 + 8 * (ids?.length ?? 0);

export type SearchHit = { id: number; title: string; subtitle: string | null };

/**
 * The records of one type a narrowed caller may find, as a subquery of their ids (`select id …`), or null for
 * the whole team. Written into the candidates' SQL rather than applied to them afterwards: the first
 * CANDIDATES of the team's matches may hold none of a franchisee's records when the word is common.
 */
export type SearchWithin = Expression<unknown> | null;

/** `rowid in (…)`: the index rows of the records `within` names. */
const rowidWithin = (type: SearchType, within: Expression<unknown>) =>
  sql<SqlBool>`rowid in (select id * 8 + ${sql.lit(TYPE_CODES[type])} from (${within}) as within_ids)`;

/**
 * The best `limit` matches of one type (of those `within` names, when given). Only the first CANDIDATES
 * matches are ranked: a term that matches half the team must not make the database score every row.
 */
export async function searchType(
  db: Executor,
  dialect: Dialect,
  teamId: number,
  type: SearchType,
  query: string,
  limit = 5,
  within: SearchWithin = null,
): Promise<SearchHit[]> {
  const tokens = searchTokens(query);
  if (!tokens.length) return [];
  if (dialect === 'postgres' && usesTermRows(type))
    return (await termRowHits(db, teamId, [[type, within]], tokens, limit)).get(type) ?? [];
  const restrict = within ? rowidWithin(type, within) : null;
  if (dialect === 'sqlite' && !restrict && tokens.length === 1 && PLAIN_WORD.test(tokens[0]!))
    return ranked(type, await wordRangeCandidates(db, scopeToken(teamId, type) + tokens[0]), tokens, limit);
  if (dialect === 'postgres' && !restrict && tokens.length === 1)
    return ranked(type, await sampledOneWord(db, teamId, type, tokens), tokens, limit);
  const candidates = (prefix: boolean) =>
    dialect === 'postgres'
      ? documentCandidates(db, matchQuery(dialect, teamId, type, tokens, prefix), restrict)
      : db
          .selectFrom('search_index')
          .select(['rowid', 'title', 'subtitle'])
          .where(matchCondition(dialect, matchQuery(dialect, teamId, type, tokens, prefix)))
          .$if(restrict !== null, (q) => q.where(restrict!))
          .limit(CANDIDATES)
          .execute();
  // Whole words first: an exact term's match list is read lazily and stops at the limit, while a prefix
  // must gather every word it covers. Prefixes fill in only when whole words found too few.
  const whole = await candidates(false);
  return ranked(
    type,
    whole.length < CANDIDATES ? wholeWordsFirst(whole, await candidates(true)) : whole,
    tokens,
    limit,
  );
}

/**
 * A word as both normalizeText and FTS5's tokenizer write it (they could disagree on the case of some other
 * letters): its stored words can be read by range.
 */
const PLAIN_WORD = /^[a-z0-9]+$/;

/**
 * SQLite, one word: the first CANDIDATES records holding a word that starts with it, walking the index's words in
 * order from the word itself (migration 0069), so whole-word matches come first and prefixes fill in, as
 * wholeWordsFirst orders them. MATCH with a prefix would merge every such word's list first, LIMIT or not.
 */
async function wordRangeCandidates(db: Executor, word: string): Promise<CandidateRow[]> {
  const { rows } =
    await sql<CandidateRow>`select rowid, title, subtitle from search_index where rowid in (select distinct doc from search_index_instances where term >= ${word} and term < ${word + '\u{10ffff}'} limit ${CANDIDATES})`.execute(
      db,
    );
  return rows;
}

/** The first CANDIDATES of whole-word matches, then of prefix matches not among them. */
function wholeWordsFirst<Row extends CandidateRow>(whole: Row[], prefixed: Row[]): Row[] {
  const seen = new Set(whole.map((r) => Number(r.rowid)));
  return [...whole, ...prefixed.filter((r) => !seen.has(Number(r.rowid)))].slice(0, CANDIDATES);
}

type CandidateRow = { rowid: number; title: string; subtitle: string | null };

/** The best `limit` of a type's candidates, by score, then the shorter title, then the title, then the id. */
function ranked(type: SearchType, rows: CandidateRow[], tokens: string[], limit: number): SearchHit[] {
  return rows
    .map((row) => ({
      id: (Number(row.rowid) - TYPE_CODES[type]) / 8,
      title: row.title,
      subtitle: row.subtitle,
      score: score(row.title, row.subtitle, tokens),
    }))
    .sort(
      (a, b) =>
        b.score - a.score || a.title.length - b.title.length || a.title.localeCompare(b.title) || a.id - b.id,
    )
    .slice(0, limit)
    .map(({ id, title, subtitle }) => ({ id, title, subtitle }));
}

/**
 * searchType for several types at once, in the order given. On PostgreSQL the types with term rows (all but
 * documents) are answered together by termRowHits: a global search made twelve round trips before, each with
 * its planning and the pool's turn, and at ten searches at once those were what it waited for.
 */
export async function searchTypes(
  db: Executor,
  dialect: Dialect,
  teamId: number,
  types: ReadonlyArray<readonly [SearchType, SearchWithin]>,
  query: string,
  limit = 5,
): Promise<Map<SearchType, SearchHit[]>> {
  const tokens = searchTokens(query);
  if (!tokens.length) return new Map();
  const batched = dialect === 'postgres' ? types.filter(([type]) => usesTermRows(type)) : [];
  const others = types.filter(([type]) => !batched.some(([b]) => b === type));
  // PostgreSQL: the documents' sample beside the term rows' ranges, on another connection of the pool (a round
  // trip less to wait for in turn).
  const [found, rest] = await Promise.all([
    batched.length ? termRowHits(db, teamId, batched, tokens, limit) : new Map<SearchType, SearchHit[]>(),
    Promise.all(others.map(([type, within]) => searchType(db, dialect, teamId, type, query, limit, within))),
  ]);
  others.forEach(([type], i) => found.set(type, rest[i]!));
  return new Map(types.map(([type]) => [type, found.get(type)!]));
}

/**
 * PostgreSQL's hits of types with term rows, through the (term, rowid) btree, in one statement whatever the
 * number of types: every type's whole words and prefixes as a `union all` of index ranges (each a range that
 * LIMIT can stop), the candidates chosen among them, and their titles. Per type, whole words come first, in the
 * order the index gives them, and prefixes fill in only when whole words found fewer than CANDIDATES, as
 * searchType's other candidates do. (The choice was made in JS between two statements: one round trip more for
 * every global search, a fifth of the benchmark's first-time requests.)
 */
async function termRowHits(
  db: Executor,
  teamId: number,
  types: ReadonlyArray<readonly [SearchType, SearchWithin]>,
  tokens: string[],
  limit: number,
): Promise<Map<SearchType, SearchHit[]>> {
  // No DISTINCT in an arm (a hashed DISTINCT reads the whole range first): a few spare rows, a record found by
  // several of its words or by both arms counted once below. `arrival` keeps each arm's index order.
  // The limits are written into the text, not bound: with a bound LIMIT PostgreSQL's generic plan assumes a
  // tenth of each range and never beats a custom plan, so every search planned its sixteen arms anew (1.6 of
  // its 4.9 ms over the search benchmark's first-time round). With them written in, the generic plan (the same
  // index ranges and nested loop) is chosen from the sixth execution on a connection.
  const perArm = sql.lit(CANDIDATES * 3);
  const arms = types.flatMap(([type, within]) => {
    const restrict = within ? rowidWithin(type, within) : null;
    return [false, true].map(
      (prefix) =>
        sql`(select ${sql.lit(prefix)} as prefix, rowid, row_number() over () as arrival from (select rowid from (${termRowids(scopeToken(teamId, type), tokens, prefix)}) as matches ${restrict ? sql`where ${restrict}` : sql``} limit ${perArm}) as arm)`,
    );
  });
  // A record is a whole-word match if either arm's whole words found it; among whole words, and then among
  // prefixes only, the first found come first. A rowid's type is its remainder by 8 (rowidOf).
  const { rows } = await sql<CandidateRow>`with matches as (${sql.join(arms, sql` union all `)}),
    records as (select rowid, bool_and(prefix) as prefix_only, min(arrival) filter (where not prefix) as whole_at, min(arrival) as found_at from matches group by rowid),
    chosen as (select rowid from (select rowid, row_number() over (partition by rowid % 8 order by prefix_only, coalesce(whole_at, found_at)) as rank from records) as ranked where rank <= ${sql.lit(CANDIDATES)})
    select search_index.rowid, title, subtitle from chosen join search_index on search_index.rowid = chosen.rowid`.execute(
    db,
  );
  return new Map(
    types.map(([type]) => [
      type,
      ranked(
        type,
        rows.filter((row) => Number(row.rowid) % 8 === TYPE_CODES[type]),
        tokens,
        limit,
      ),
    ]),
  );
}

/** Exact title beats a title that starts with the query, beats title words that start with it, beats subtitle words. */
function score(title: string, subtitle: string | null, tokens: string[]): number {
  const normalizedTitle = normalizeText(title);
  const phrase = tokens.join(' ');
  const titleWords = normalizedTitle.split(' ');
  const subtitleWords = normalizeText(subtitle ?? '').split(' ');
  let total = normalizedTitle === phrase ? 100 : normalizedTitle.startsWith(phrase) ? 50 : 0;
  for (const token of tokens) {
    if (titleWords.includes(token)) total += 6;
    else if (titleWords.some((word) => word.startsWith(token))) total += 4;
    else if (subtitleWords.some((word) => word.startsWith(token))) total += 1;
  }
  return total;
}

/** One word of a PostgreSQL term query: the index range of its terms in `search_terms`. */
function termRange(scope: string, token: string, prefix: boolean) {
  const from = scope + token;
  return prefix ? sql<SqlBool>`term >= ${from} and term < ${from + '\uffff'}` : sql<SqlBool>`term = ${from}`;
}

/**
 * The rowids of the records that hold every word, as a subquery. One word: its index range, which a LIMIT stops
 * early. Several: the ranges intersected (each an index-only scan, then one hashed set operation), not
 * `rowid in (…)` per word, for which the planner probes the first word's whole range once per row of the
 * other (contacts "san jose": 1,459 ms against 4.6 ms for the intersection).
 */
function termRowids(scope: string, tokens: string[], prefix: boolean) {
  const one = (token: string) =>
    sql<{ rowid: number }>`select rowid from search_terms where ${termRange(scope, token, prefix)}`;
  return tokens.length === 1
    ? one(tokens[0]!)
    : sql<{ rowid: number }>`${sql.join(tokens.map(one), sql` intersect `)}`;
}

/**
 * One word's document candidates for the whole team: whole words, then prefixes, both sampled (see
 * documentCandidates) in one round trip; a one-word search needs the prefixes most of the time anyway.
 */
async function sampledOneWord(db: Executor, teamId: number, type: SearchType, tokens: string[]) {
  const sample = (prefix: boolean) =>
    sql`(select ${sql.lit(prefix)} as prefix, rowid, title, subtitle from search_sample(to_tsquery('simple', ${matchQuery('postgres', teamId, type, tokens, prefix)}), ${CANDIDATES}))`;
  const { rows } = await sql<
    CandidateRow & { prefix: boolean }
  >`${sample(false)} union all ${sample(true)}`.execute(db);
  return wholeWordsFirst(
    rows.filter((r) => !r.prefix),
    rows.filter((r) => r.prefix),
  );
}

/**
 * PostgreSQL document candidates from the GIN index. A plain GIN scan builds a bitmap of every match
 * before LIMIT applies (a word in half of a million documents: 500,000 entries and heap visits). The
 * function `search_sample` (migration 0011) runs the same query with `gin_fuzzy_search_limit`, which
 * makes the GIN scan keep a random sample of about 1,000 of a word's entries when it has more: a common
 * word then costs about what a rare one does, and a rare word (fewer matches than that) is exact.
 * Sampling each word of an AND separately can leave too few rows for several common words together, so
 * a short answer is asked again without sampling: this reads a query of several words, or a caller's documents
 * (one word for the whole team goes through sampledOneWord).
 */
async function documentCandidates(db: Executor, query: string, restrict: RawBuilder<SqlBool> | null) {
  // A caller's few documents are read exactly: a sample of the team's matches could miss every one of them.
  if (restrict)
    return db
      .selectFrom('search_index')
      .select(['rowid', 'title', 'subtitle'])
      .where(matchCondition('postgres', query))
      .where(restrict)
      .limit(CANDIDATES)
      .execute();
  const sampled = await sql<{
    rowid: number;
    title: string;
    subtitle: string | null;
  }>`select rowid, title, subtitle from search_sample(to_tsquery('simple', ${query}), ${CANDIDATES})`.execute(
    db,
  );
  if (sampled.rows.length >= CANDIDATES) return sampled.rows;
  return db
    .selectFrom('search_index')
    .select(['rowid', 'title', 'subtitle'])
    .where(matchCondition('postgres', query))
    .limit(CANDIDATES)
    .execute();
}
