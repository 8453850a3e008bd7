/**
 * The documents part of the benchmark data set: BENCH_DOCUMENTS (default 1,000,000) document
 * rows in the big team, each with a current version whose extracted text is about 2 KB, and their search
 * rows built by the app's own `searchIndexRow` exactly as `reindexDocument` would (title, category name,
 * file name, text). The text is drawn from a 4,000-word vocabulary with a Zipf distribution (a few words
 * in nearly every document, most rare), plus three marker words with known document frequencies:
 * DOC_HALF_WORD in every second document, DOC_COMMON_WORD in one in a hundred, DOC_RARE_WORD in one in
 * ten thousand. Deterministic (seeded PRNG); rows go in with prepared multi-row inserts, not the API.
 */
import { CompiledQuery, sql } from 'kysely';
import { DOCUMENT_CATEGORIES } from '@storekeep/contracts';
import type { DatabaseHandle, Executor } from '../apps/server/src/platform/db';
import { searchIndexRow } from '../apps/server/src/platform/search';
import { CITIES } from './words';

export const DOCUMENT_COUNT = Number(process.env.BENCH_DOCUMENTS ?? 1_000_000);
export const DOC_HALF_WORD = 'covenant';
export const DOC_COMMON_WORD = 'escrow';
export const DOC_RARE_WORD = 'zeppelin';
const TEXT_CHARS = 2_000;
const VOCABULARY = 4_000;
/** Documents per transaction. */
const CHUNK = 20_000;

type Rng = () => number;

/** Pronounceable, distinct, deterministic words: the common legal words first, then syllable words. */
function vocabulary(rng: Rng): string[] {
  const common = (
    'the of and to a in that is for shall be by this or any such as with tenant landlord lease premises rent ' +
    'agreement term on not may at party from all will under notice date which other its an are payment ' +
    'store franchise period days written provided than each upon year within without per insurance use'
  ).split(' ');
  const onsets = [
    'b',
    'c',
    'd',
    'f',
    'g',
    'h',
    'j',
    'k',
    'l',
    'm',
    'n',
    'p',
    'r',
    's',
    't',
    'v',
    'w',
    'br',
    'cl',
    'dr',
    'gr',
    'pl',
    'st',
    'tr',
  ];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'ou'];
  const codas = ['', 'n', 'r', 's', 'l', 'nt', 'st', 'rd', 'm'];
  const words = new Set(common);
  const reserved = new Set([DOC_HALF_WORD, DOC_COMMON_WORD, DOC_RARE_WORD]);
  while (words.size < VOCABULARY) {
    const syllables = 2 + Math.floor(rng() * 2);
    let word = '';
    for (let s = 0; s < syllables; s++)
      word += onsets[Math.floor(rng() * onsets.length)]! + vowels[Math.floor(rng() * vowels.length)]!;
    word += codas[Math.floor(rng() * codas.length)]!;
    if (!reserved.has(word)) words.add(word);
  }
  return [...words];
}

/** A table from 16-bit uniform numbers to Zipf ranks (s = 1): one array read per word. */
function zipfTable(size: number): Uint16Array {
  const weights = Array.from({ length: size }, (_, r) => 1 / (r + 1));
  const sum = weights.reduce((a, b) => a + b, 0);
  const table = new Uint16Array(65_536);
  let rank = 0;
  let cumulative = weights[0]! / sum;
  for (let i = 0; i < table.length; i++) {
    while ((i + 0.5) / table.length > cumulative && rank < size - 1) cumulative += weights[++rank]! / sum;
    table[i] = rank;
  }
  return table;
}

/** Adds the documents to the big team; `teamId` and `userId` are its team and owner. Returns the seconds taken. */
export async function fillDocuments(
  handle: DatabaseHandle,
  teamId: number,
  userId: number,
  rng: Rng,
  log: (line: string) => void,
  count = DOCUMENT_COUNT,
): Promise<number> {
  const started = performance.now();
  const words = vocabulary(rng);
  const zipf = zipfTable(words.length);
  const categories = Object.entries(DOCUMENT_CATEGORIES);
  const postgres = handle.dialect === 'postgres';
  const EPOCH = Date.parse('2025-06-01T00:00:00Z');

  // One GIN build after loading is far faster than a million incremental inserts into it.
  if (postgres) await sql`drop index if exists search_index_tsv_index`.execute(handle.db);

  const documentColumns = [
    'id',
    'team_id',
    'title',
    'category',
    'description',
    'current_version_id',
    'text_status',
    'uploaded_by',
    'created_at',
    'updated_at',
  ];
  const versionColumns = [
    'id',
    'team_id',
    'document_id',
    'version',
    'blob_key',
    'file_name',
    'mime_type',
    'size',
    'checksum',
    'text_status',
    'extracted_text',
    'uploaded_by',
    'created_at',
  ];
  const searchColumns = ['rowid', 'terms', 'title', 'subtitle'];
  const pgTypes: Record<string, string> = {
    id: 'int4',
    team_id: 'int4',
    document_id: 'int4',
    version: 'int4',
    current_version_id: 'int4',
    uploaded_by: 'int4',
    size: 'int8',
    rowid: 'int8',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  };

  let writing = 0;
  for (let from = 1; from <= count; from += CHUNK) {
    const to = Math.min(count, from + CHUNK - 1);
    const documents: unknown[][] = [];
    const versions: unknown[][] = [];
    const search: unknown[][] = [];
    for (let id = from; id <= to; id++) {
      const [category, categoryName] = categories[Math.floor(rng() * categories.length)]!;
      const place = CITIES[Math.floor(rng() * CITIES.length)]!;
      const year = 2005 + Math.floor(rng() * 21);
      const title = `${categoryName} ${place.city} ${year}-${String(id).padStart(7, '0')}`;
      const fileName = `${category.replaceAll('_', '-')}-${place.city.toLowerCase().replace(/[^a-z]+/g, '-')}-${year}.pdf`;
      let text = `${categoryName} for the premises in ${place.city}, ${place.region}.`;
      if (id % 2 === 0) text += ` ${DOC_HALF_WORD}`;
      if (id % 100 === 3) text += ` ${DOC_COMMON_WORD}`;
      if (id % 10_000 === 17) text += ` ${DOC_RARE_WORD}`;
      let sentence = 0;
      while (text.length < TEXT_CHARS) {
        const word = words[zipf[Math.floor(rng() * 65_536)]!]!;
        text += sentence === 0 ? ` ${word[0]!.toUpperCase()}${word.slice(1)}` : ` ${word}`;
        if (++sentence > 8 + Math.floor(rng() * 10)) {
          text += '.';
          sentence = 0;
        }
      }
      const created = new Date(EPOCH - Math.floor(rng() * 5 * 365 * 86_400_000) + id).toISOString();
      documents.push([id, teamId, title, category, null, id, 'done', userId, created, created]);
      versions.push([
        id,
        teamId,
        id,
        1,
        `bench${String(id).padStart(10, '0')}`,
        fileName,
        'application/pdf',
        40_000 + Math.floor(rng() * 2_000_000),
        id.toString(16).padStart(64, '0'),
        'done',
        text,
        userId,
        created,
      ]);
      const row = searchIndexRow({
        teamId,
        type: 'documents',
        id,
        title,
        subtitle: categoryName,
        extra: [fileName, text],
      });
      search.push([row.rowid, row.terms, row.title, row.subtitle]);
    }
    const writeStarted = performance.now();
    await handle.db.transaction().execute(async (trx) => {
      // lz4 compresses the long text values several times faster than the default pglz (bench data only).
      if (postgres) await sql`set local default_toast_compression = 'lz4'`.execute(trx);
      await insertRows(trx, postgres, 'documents', documentColumns, documents, pgTypes);
      await insertRows(trx, postgres, 'document_versions', versionColumns, versions, pgTypes);
      await insertRows(trx, postgres, 'search_index', searchColumns, search, pgTypes);
    });
    writing += performance.now() - writeStarted;
    if (to % 100_000 === 0 || to === count)
      log(
        `  documents ${to.toLocaleString('en')} / ${count.toLocaleString('en')} in ${((performance.now() - started) / 1000).toFixed(0)} s (${(writing / 1000).toFixed(0)} s of it writing)`,
      );
  }

  if (postgres) {
    for (const table of ['documents', 'document_versions']) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest(1, (select max(id) from ${sql.table(table)})))`.execute(
        handle.db,
      );
    }
    await handle.db.connection().execute(async (connection) => {
      await sql`set maintenance_work_mem = '1GB'`.execute(connection);
      await sql`create index search_index_tsv_index on search_index using gin (tsv)`.execute(connection);
      await sql`reset maintenance_work_mem`.execute(connection);
    });
    log(`  search index (GIN) rebuilt at ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  return (performance.now() - started) / 1000;
}

/**
 * Multi-row inserts without the query builder (a million rows through it cost more than the database):
 * SQLite gets one prepared `values (?, …), …` statement per batch size; PostgreSQL gets one
 * `select * from unnest($1::type[], …)` per batch, a handful of parameters however many rows.
 */
async function insertRows(
  db: Executor,
  postgres: boolean,
  table: string,
  columns: string[],
  rows: unknown[][],
  pgTypes: Record<string, string>,
) {
  const batch = postgres ? 2_000 : Math.floor(30_000 / columns.length);
  for (let i = 0; i < rows.length; i += batch) {
    const part = rows.slice(i, i + batch);
    let query: CompiledQuery;
    if (postgres) {
      const arrays = columns.map((_, c) => part.map((row) => row[c] ?? null));
      const unnest = columns.map((column, c) => `$${c + 1}::${pgTypes[column] ?? 'text'}[]`).join(', ');
      query = CompiledQuery.raw(
        `insert into ${table} (${columns.join(', ')}) select * from unnest(${unnest})`,
        arrays,
      );
    } else {
      const tuple = `(${columns.map(() => '?').join(', ')})`;
      query = CompiledQuery.raw(
        `insert into ${table} (${columns.join(', ')}) values ${part.map(() => tuple).join(', ')}`,
        part.flat(),
      );
    }
    await db.executeQuery(query);
  }
}
