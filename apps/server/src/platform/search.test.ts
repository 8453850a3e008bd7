import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context';
import { buildUser } from '../../test/factories';
import { indexRecord, searchIndexRow, searchType, unindexRecord } from './search';

const ctx = useTestApp();

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
      rows.push(searchIndexRow({ teamId: team.id, type: 'documents', id, title: `Doc ${id}`, subtitle: 'Lease', extra: words }));
    }
    rows.push(searchIndexRow({ teamId: other.id, type: 'documents', id: 9_999, title: 'Other needle', subtitle: null, extra: ['needle everywhere'] }));
    for (let i = 0; i < rows.length; i += 500) await ctx.db.insertInto('search_index').values(rows.slice(i, i + 500)).execute();
    const { dialect } = ctx.app.deps;

    expect(await searchType(ctx.db, dialect, team.id, 'documents', 'needle')).toEqual([{ id: 1234, title: 'Doc 1234', subtitle: 'Lease' }]);
    const everywhere = await searchType(ctx.db, dialect, team.id, 'documents', 'everywhere');
    expect(everywhere).toHaveLength(5);
    expect(everywhere.every((hit) => hit.id <= 3_000)).toBe(true);
    // Two words, one in a quarter of the rows: still answers, and only rows that hold both.
    const both = await searchType(ctx.db, dialect, team.id, 'documents', 'everywhere common');
    expect(both).toHaveLength(5);
    expect(both.every((hit) => hit.id % 4 === 0)).toBe(true);
    expect(await searchType(ctx.db, dialect, team.id, 'documents', 'needle everywhere')).toHaveLength(1);
  });

  it('keeps a document out of the PostgreSQL word btree and still finds and forgets it', async () => {
    const { team } = await buildUser(ctx);
    await indexRecord(ctx.db, { teamId: team.id, type: 'documents', id: 77, title: 'Quitclaim deed', subtitle: null, extra: ['walrus'] });
    if (ctx.app.deps.dialect === 'postgres') {
      const terms = await ctx.db.selectFrom('search_terms').select('term').where('rowid', '=', 77 * 8 + 5).execute();
      expect(terms).toEqual([]);
    }
    expect(await searchType(ctx.db, ctx.app.deps.dialect, team.id, 'documents', 'walr')).toEqual([{ id: 77, title: 'Quitclaim deed', subtitle: null }]);
    await unindexRecord(ctx.db, 'documents', 77);
    expect(await searchType(ctx.db, ctx.app.deps.dialect, team.id, 'documents', 'walrus')).toEqual([]);
  });
});
