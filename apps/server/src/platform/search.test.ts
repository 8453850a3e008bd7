import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../test/context';
import { buildUser, signIn } from '../../test/factories';
import { testDialect } from '../../test/global-setup';
import { writeTransaction } from './db';
import {
  indexRecord,
  indexRecords,
  normalizeText,
  searchIndexRow,
  searchType,
  searchTypes,
  unindexRecord,
} from './search';

const ctx = useTestApp();

describe('normalized text', () => {
  it('is the same through the ASCII shortcut as through Unicode decomposition, and folds accents', () => {
    const unicode = (text: string) =>
      text
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim();
    const ascii = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)).join('');
    for (const text of [ascii, ' Hill & Sons, LLC — No.7 ', 'O’Brien-Smith\t42', 'MARKET st.'])
      expect(normalizeText(text)).toBe(unicode(text));
    expect(normalizeText('Café Zürich ½ Ⅻ')).toBe('cafe zurich 1 2 xii');
  });
});

/**
 * Document search rows written straight into the index (the benchmark's way), more than the sampling
 * threshold of PostgreSQL's search_sample (1,000 per word), so the sampled path is the one exercised.
 */
describe('document search over many rows', () => {
  it('finds a rare word exactly and a word in most rows quickly, only in the team', async () => {
    const { team } = await buildUser(ctx);
    const { team: other } = await buildUser(ctx);
    const rows = [];
    for (let id = 1; id <= 3_000; id++) {
      const words = [`common${id % 4 === 0 ? '' : 'x'}`, 'everywhere', id === 1234 ? 'needle' : 'hay'];
      rows.push(
        searchIndexRow({
          teamId: team.id,
          type: 'documents',
          id,
          title: `Doc ${id}`,
          subtitle: 'Lease',
          extra: words,
        }),
      );
    }
    rows.push(
      searchIndexRow({
        teamId: other.id,
        type: 'documents',
        id: 9_999,
        title: 'Other needle',
        subtitle: null,
        extra: ['needle everywhere'],
      }),
    );
    for (let i = 0; i < rows.length; i += 500)
      await ctx.db
        .insertInto('search_index')
        .values(rows.slice(i, i + 500))
        .execute();
    const { dialect } = ctx.app.deps;

    expect(await searchType(ctx.db, dialect, team.id, 'documents', 'needle')).toEqual([
      { id: 1234, title: 'Doc 1234', subtitle: 'Lease' },
    ]);
    const everywhere = await searchType(ctx.db, dialect, team.id, 'documents', 'everywhere');
    expect(everywhere).toHaveLength(5);
    expect(everywhere.every((hit) => hit.id <= 3_000)).toBe(true);
    // Two words, one in a quarter of the rows: still answers, and only rows that hold both.
    const both = await searchType(ctx.db, dialect, team.id, 'documents', 'everywhere common');
    expect(both).toHaveLength(5);
    expect(both.every((hit) => hit.id % 4 === 0)).toBe(true);
    expect(await searchType(ctx.db, dialect, team.id, 'documents', 'needle everywhere')).toHaveLength(1);
  });

  it('ranks whole-word matches first when more records than it ranks share the prefix, only in the team', async () => {
    const { team } = await buildUser(ctx);
    const { team: other } = await buildUser(ctx);
    // Ids of their own: the index's rows are keyed by record id across teams.
    const entry = (teamId: number, n: number, word: string) =>
      searchIndexRow({ teamId, type: 'documents', id: 50_000 + n, title: `${word} ${n}`, subtitle: null });
    // 120 records whose words only start with the query, written before the three that hold it whole.
    const rows = [
      ...Array.from({ length: 120 }, (_, i) => entry(team.id, i + 1, i % 2 ? 'broker' : 'brown')),
      ...[201, 202, 203].map((id) => entry(team.id, id, 'bro')),
      entry(other.id, 300, 'bro'),
    ];
    await ctx.db.insertInto('search_index').values(rows).execute();
    const { dialect } = ctx.app.deps;
    const hits = await searchType(ctx.db, dialect, team.id, 'documents', 'bro');
    expect(hits.map((hit) => hit.id - 50_000).slice(0, 3)).toEqual([201, 202, 203]);
    expect(hits).toHaveLength(5);
    expect(hits.every((hit) => hit.id <= 50_203)).toBe(true);
    // A prefix alone still finds records, and a removed record is no longer among them.
    await unindexRecord(ctx.db, 'documents', 50_201);
    const after = await searchType(ctx.db, dialect, team.id, 'documents', 'bro');
    expect(after.map((hit) => hit.id)).not.toContain(50_201);
    expect((await searchType(ctx.db, dialect, team.id, 'documents', 'brok', 200)).length).toBe(50);
  });

  it('answers several types at once as it answers each alone: whole words first in each, only in the team', async () => {
    const { team } = await buildUser(ctx);
    const { team: other } = await buildUser(ctx);
    const types = ['companies', 'stores', 'contacts', 'documents'] as const;
    // Per type, 60 records whose words only start with the query (more than are ranked), then two that hold it
    // whole; the other team holds it whole in every type.
    const entries = (teamId: number, type: (typeof types)[number], t: number) => [
      ...Array.from({ length: 60 }, (_, i) => ({
        teamId,
        type,
        id: 80_000 + t * 1000 + i,
        title: `${i % 2 ? 'Walrusby' : 'Walruses'} ${i}`,
        subtitle: null,
      })),
      ...[998, 999].map((i) => ({
        teamId,
        type,
        id: 80_000 + t * 1000 + i,
        title: `Walrus ${i}`,
        subtitle: null,
      })),
    ];
    await writeTransaction(ctx.db, async (trx) => {
      await indexRecords(
        trx,
        team.id,
        types.flatMap((type, t) => entries(team.id, type, t)),
      );
      await indexRecords(
        trx,
        other.id,
        types.flatMap((type, t) => entries(other.id, type, t + 10).slice(60)),
      );
    });
    const { dialect } = ctx.app.deps;
    const wholeTypes = types.map((type) => [type, null] as const);
    for (const query of ['walrus', 'walr', 'Walrus 99']) {
      const together = await searchTypes(ctx.db, dialect, team.id, wholeTypes, query);
      expect([...together.keys()]).toEqual(types);
      for (const [t, type] of types.entries()) {
        const alone = await searchType(ctx.db, dialect, team.id, type, query);
        expect(together.get(type)).toEqual(alone);
        expect(alone.every((hit) => hit.id >= 80_000 + t * 1000 && hit.id < 80_000 + (t + 1) * 1000)).toBe(
          true,
        );
      }
    }
    const whole = await searchTypes(ctx.db, dialect, team.id, wholeTypes, 'walrus');
    for (const [t, type] of types.entries())
      expect(
        whole
          .get(type)!
          .map((hit) => hit.id - 80_000 - t * 1000)
          .slice(0, 2),
      ).toEqual([998, 999]);
  });

  it.runIf(testDialect() === 'postgres')(
    'plans the global search once per connection on PostgreSQL and still finds what each word names',
    async () => {
      const { team } = await buildUser(ctx);
      const words = ['amber', 'birch', 'cedar', 'delta', 'ember', 'fjord', 'grove', 'harbor'];
      const entries = words.flatMap((word, w) =>
        Array.from({ length: 30 }, (_, i) => ({
          teamId: team.id,
          type: 'stores' as const,
          id: 70_000 + w * 100 + i,
          title: `${word} ${i % 2 ? 'plaza' : 'market'} ${i}`,
          subtitle: null,
        })),
      );
      await writeTransaction(ctx.db, (trx) => indexRecords(trx, team.id, entries));
      const types = (['companies', 'brands', 'stores', 'contacts'] as const).map(
        (type) => [type, null] as const,
      );
      await ctx.db.connection().execute(async (connection) => {
        for (const word of words) {
          const found = await searchTypes(connection, 'postgres', team.id, types, word.slice(0, 4));
          expect(found.get('stores')!.map((hit) => hit.title.split(' ')[0])).toEqual(Array(5).fill(word));
        }
        // PostgreSQL's own count of the plans it made for the statement on this connection: a generic plan
        // reused, not a custom plan made for each search. The statement of these four types is the one with
        // eight arms (whole words and prefixes of each); other tests' searches on the connection have others.
        const { rows } = await sql<{ generic: number; custom: number }>`
          select generic_plans as generic, custom_plans as custom from pg_prepared_statements
          where (length(statement) - length(replace(statement, 'as arrival', ''))) / length('as arrival') = ${types.length * 2}
          and statement not like '%pg_prepared_statements%'`.execute(connection);
        expect(rows).toHaveLength(1);
        expect(Number(rows[0]!.generic)).toBeGreaterThanOrEqual(words.length - 5);
      });
    },
  );

  it('keeps a document out of the PostgreSQL word btree and still finds and forgets it', async () => {
    const { team } = await buildUser(ctx);
    await indexRecord(ctx.db, {
      teamId: team.id,
      type: 'documents',
      id: 77,
      title: 'Quitclaim deed',
      subtitle: null,
      extra: ['walrus'],
    });
    if (ctx.app.deps.dialect === 'postgres') {
      const terms = await ctx.db
        .selectFrom('search_terms')
        .select('term')
        .where('rowid', '=', 77 * 8 + 5)
        .execute();
      expect(terms).toEqual([]);
    }
    expect(await searchType(ctx.db, ctx.app.deps.dialect, team.id, 'documents', 'walr')).toEqual([
      { id: 77, title: 'Quitclaim deed', subtitle: null },
    ]);
    await unindexRecord(ctx.db, 'documents', 77);
    expect(await searchType(ctx.db, ctx.app.deps.dialect, team.id, 'documents', 'walrus')).toEqual([]);
  });
});

describe('two writes reindexing one record at once', () => {
  it('both commit, and the later one is what search finds', async () => {
    const { team } = await buildUser(ctx);
    const { dialect } = ctx.app.deps;
    const named = (title: string) => ({
      teamId: team.id,
      type: 'stores' as const,
      id: 4242,
      title,
      subtitle: null,
    });
    await indexRecord(ctx.db, named('Old Mill'));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reindexed!: () => void;
    const firstReindexed = new Promise<void>((resolve) => (reindexed = resolve));
    const first = writeTransaction(ctx.db, async (trx) => {
      await indexRecord(trx, named('Harbor Grill'));
      reindexed();
      await held;
    });
    await firstReindexed;
    const second = writeTransaction(ctx.db, (trx) => indexRecord(trx, named('Lighthouse Cafe')));
    // On PostgreSQL the second write is inside the database, waiting for the first's lock; SQLite runs one
    // write transaction at a time and queues it before it starts.
    if (dialect === 'postgres')
      await vi.waitFor(
        async () => {
          const { rows } = await sql<{ waiting: string }>`select count(*) as waiting from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`.execute(ctx.db);
          expect(Number(rows[0]!.waiting)).toBe(1);
        },
        { timeout: 5_000, interval: 20 },
      );
    release();
    await Promise.all([first, second]);

    const found = (words: string) => searchType(ctx.db, dialect, team.id, 'stores', words);
    expect(await found('lighthouse')).toEqual([{ id: 4242, title: 'Lighthouse Cafe', subtitle: null }]);
    expect(await found('harbor')).toEqual([]);
    expect(await found('mill')).toEqual([]);
  });
});

/**
 * A list search box takes one of two paths (platform/list.ts): up to 2,000 matches (500 on SQLite) are
 * read and paged directly, more are found by walking the sort index. Both must give the same exact pages
 * and totals.
 */
describe('list search on both sides of the few-matches threshold', () => {
  it('pages and counts exactly, sorted, filtered and within the team', async () => {
    const { user, team } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    const now = '2025-01-01T00:00:00.000Z';
    const documents: Array<{
      id: number;
      team_id: number;
      title: string;
      category: string;
      created_at: string;
      updated_at: string;
      deleted_at: string | null;
      text_status: 'done';
    }> = [];
    const search = [];
    // Over the threshold: 2,000 matches on PostgreSQL, 20,000 on SQLite (see FEW_MATCHES in list.ts).
    const denseCount = testDialect() === 'sqlite' ? 24_000 : 2_400;
    for (let id = 100_001; id <= 100_200 + denseCount; id++) {
      const n = id - 100_000;
      // "dense" in denseCount documents (over the threshold), "sparse" in 30 or so; every 7th one deleted.
      const words = [n <= denseCount ? 'dense' : 'other', n % 80 === 0 ? 'sparse' : 'plain'];
      const deleted = n % 7 === 0;
      const title = `Doc ${String((n * 7_919) % 10_007).padStart(5, '0')}`;
      documents.push({
        id,
        team_id: team.id,
        title,
        category: n % 2 ? 'lease' : 'other',
        created_at: now,
        updated_at: now,
        deleted_at: deleted ? now : null,
        text_status: 'done' as const,
      });
      if (!deleted)
        search.push(
          searchIndexRow({ teamId: team.id, type: 'documents', id, title, subtitle: null, extra: words }),
        );
    }
    for (let i = 0; i < documents.length; i += 200)
      await ctx.db
        .insertInto('documents')
        .values(documents.slice(i, i + 200))
        .execute();
    for (let i = 0; i < search.length; i += 200)
      await ctx.db
        .insertInto('search_index')
        .values(search.slice(i, i + 200))
        .execute();

    const expected = (word: 'dense' | 'sparse', category?: string) =>
      documents
        .filter(
          (d) =>
            !d.deleted_at &&
            (word === 'dense' ? d.id - 100_000 <= denseCount : (d.id - 100_000) % 80 === 0) &&
            (!category || d.category === category),
        )
        .sort((a, b) => a.title.localeCompare(b.title) || a.id - b.id)
        .map((d) => d.id);
    for (const word of ['dense', 'sparse'] as const) {
      for (const category of [undefined, 'lease']) {
        const all = expected(word, category);
        for (const page of [1, 40]) {
          const response = await client.get(
            `/app/api/v1/documents?search=${word}&sort=title&per_page=25&page=${page}${category ? `&filters[category]=${category}` : ''}`,
          );
          expect(response.status).toBe(200);
          expect(response.body.meta.total).toBe(all.length);
          expect(response.body.data.map((d: { id: number }) => d.id)).toEqual(
            all.slice((page - 1) * 25, page * 25),
          );
        }
      }
    }

    // SQLite now keeps the list's order (read for the dense search) and picks any search's matches out of it;
    // a delete must not leave the removed document in that order, nor the next one out of it.
    const [gone, next] = expected('sparse');
    expect((await client.delete(`/app/api/v1/documents/${gone}`)).status).toBe(204);
    documents.find((d) => d.id === gone)!.deleted_at = now;
    for (const word of ['sparse', 'dense'] as const) {
      const response = await client.get(`/app/api/v1/documents?search=${word}&sort=title&per_page=25`);
      expect(response.body.meta.total).toBe(expected(word).length);
      expect(response.body.data.map((d: { id: number }) => d.id)).toEqual(expected(word).slice(0, 25));
    }
    expect(expected('sparse')[0]).toBe(next);
  }, 60_000);
});
