import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context';
import { buildUser } from '../../test/factories';
import { untyped } from './db';
import { slicedIds } from './list';

const ctx = useTestApp();

/**
 * A list's order read a few rows at a time must be the order one statement gives, row for row, whatever the NULLs
 * and ties in its sort columns and in either direction (the database's own NULL placement).
 */
describe('a list order read in slices', () => {
  it('is the order of one statement, with NULLs and ties in every sort column, in both directions', async () => {
    const { team } = await buildUser(ctx);
    const { team: other } = await buildUser(ctx);
    const now = new Date().toISOString();
    const lasts = [null, 'Adams', 'Baker', 'Baker', null, 'Cole'];
    const firsts = [null, 'Ann', 'Bob', null, 'Ann'];
    const rows = Array.from({ length: 53 }, (_, i) => ({
      team_id: team.id,
      last_name: lasts[i % lasts.length]!,
      first_name: firsts[i % firsts.length]!,
      created_at: now,
      updated_at: now,
    }));
    await ctx.db.insertInto('contacts').values(rows).execute();
    await ctx.db
      .insertInto('contacts')
      .values({ team_id: other.id, last_name: 'Adams', first_name: 'Ann', created_at: now, updated_at: now })
      .execute();
    const db = untyped(ctx.db);
    const rowOf = (id: number, names: string[]) =>
      db
        .selectFrom('contacts')
        .select(names)
        .where('team_id', '=', team.id)
        .where('id', '=', id)
        .executeTakeFirst() as Promise<Record<string, unknown> | undefined>;
    for (const columns of [['last_name', 'first_name', 'id'], ['first_name', 'id'], ['id']])
      for (const direction of ['asc', 'desc'] as const) {
        let query = db
          .selectFrom('contacts')
          .select('id')
          .where('team_id', '=', team.id)
          .where('deleted_at', 'is', null);
        for (const column of columns) query = query.orderBy(column, direction);
        const whole = (await query.execute()).map((row: { id: number }) => row.id);
        expect(whole).toHaveLength(53);
        for (const slice of [1, 4, 53, 100]) {
          const read = await slicedIds(ctx.db, { query, columns, direction, max: 1000, rowOf, slice });
          expect(read?.ids, `${columns.join(',')} ${direction} by ${slice}`).toEqual(whole);
        }
        // Stops past `max`, and says so by holding more than it.
        const capped = await slicedIds(ctx.db, { query, columns, direction, max: 10, rowOf, slice: 4 });
        expect(capped!.ids.length).toBeGreaterThan(10);
        expect(capped!.ids).toEqual(whole.slice(0, capped!.ids.length));
      }
  });

  it('gives up when the row a slice ended on is gone, for the caller to read it whole', async () => {
    const { team } = await buildUser(ctx);
    const now = new Date().toISOString();
    await ctx.db
      .insertInto('contacts')
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          team_id: team.id,
          last_name: `L${i}`,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const query = untyped(ctx.db)
      .selectFrom('contacts')
      .select('id')
      .where('team_id', '=', team.id)
      .orderBy('last_name')
      .orderBy('id');
    const read = await slicedIds(ctx.db, {
      query,
      columns: ['last_name', 'id'],
      direction: 'asc',
      max: 100,
      rowOf: async () => undefined,
      slice: 2,
    });
    expect(read).toBeNull();
  });
});
