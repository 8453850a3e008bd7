import { sql, type Insertable, type SqlBool } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import { testDialect } from '../../../test/global-setup';
import { buildLease, buildUser, signIn } from '../../../test/factories';
import { STORED_ROW_COLUMNS } from '../../modules/lease-accounting/repository';
import { insertMany, insertReturningIds, updateMany } from './insert-many';
import type { Database } from './schema';

const ctx = useTestApp();

// A table with every kind of column the helper sends: integers, cents beyond 32 bits, text, dates, nulls.
const COLUMNS = STORED_ROW_COLUMNS;

async function leaseOfNewTeam() {
  const { user, team } = await buildUser(ctx);
  const lease = await buildLease(await signIn(ctx, user.email));
  return { teamId: team.id, leaseId: lease.id };
}

const row = (teamId: number, leaseId: number, month: number, overrides: Record<string, unknown> = {}) => ({
  team_id: teamId,
  lease_id: leaseId,
  period: `p${String(month).padStart(5, '0')}`,
  month,
  period_start: '2026-03-01',
  payment_cents: month,
  interest_cents: 0,
  principal_cents: 0,
  liability_opening_cents: 0,
  liability_closing_cents: 0,
  rou_opening_cents: 0,
  rou_amortization_cents: 0,
  rou_closing_cents: 0,
  straight_line_cost_cents: null,
  total_expense_cents: 0,
  lead_lines: null,
  ...overrides,
});

const readBack = (teamId: number) =>
  ctx.db
    .selectFrom('lease_accounting_schedule_rows')
    .selectAll()
    .where('team_id', '=', teamId)
    .orderBy('month')
    .execute();

describe('inserting many rows at once', () => {
  it('keeps every value as given: text that array literals and JSON escape, nulls, cents beyond 32 bits, dates', async () => {
    const { teamId, leaseId } = await leaseOfNewTeam();
    const awkward = [
      '{"a":"b,c"}',
      'quote " and backslash \\ and {braces}',
      'NULL',
      '',
      'line\nbreak, tab\t, ünïcødé ✓',
    ];
    await insertMany(
      ctx.db,
      'lease_accounting_schedule_rows',
      COLUMNS,
      awkward.map((text, i) =>
        row(teamId, leaseId, i + 1, {
          lead_lines: text,
          payment_cents: 9_007_199_254_740_991 - i,
          straight_line_cost_cents: i % 2 ? -123_456_789_012 : null,
          period_start: `2026-0${i + 1}-15`,
        }),
      ),
    );
    const stored = await readBack(teamId);
    expect(stored.map((r) => r.lead_lines)).toEqual(awkward);
    expect(stored.map((r) => Number(r.payment_cents))).toEqual(
      awkward.map((_, i) => 9_007_199_254_740_991 - i),
    );
    expect(
      stored.map((r) => (r.straight_line_cost_cents === null ? null : Number(r.straight_line_cost_cents))),
    ).toEqual([null, -123_456_789_012, null, -123_456_789_012, null]);
    expect(stored.map((r) => String(r.period_start))).toEqual([
      '2026-01-15',
      '2026-02-15',
      '2026-03-15',
      '2026-04-15',
      '2026-05-15',
    ]);
  });

  it('writes more rows than one statement carries, each once', async () => {
    const { teamId, leaseId } = await leaseOfNewTeam();
    const rows = Array.from({ length: 12_345 }, (_, i) => row(teamId, leaseId, i + 1));
    await insertMany(ctx.db, 'lease_accounting_schedule_rows', COLUMNS, rows);
    const stored = await readBack(teamId);
    expect(stored).toHaveLength(12_345);
    expect(stored.map((r) => Number(r.month))).toEqual(rows.map((r) => r.month));
    expect(stored.at(-1)!.period).toBe('p12345');
  });

  it('writes nothing when one row fails, inside a transaction', async () => {
    const { teamId, leaseId } = await leaseOfNewTeam();
    const rows = [row(teamId, leaseId, 1), row(teamId, leaseId, 2), row(teamId, leaseId, 1)];
    await expect(
      ctx.db.transaction().execute((trx) => insertMany(trx, 'lease_accounting_schedule_rows', COLUMNS, rows)),
    ).rejects.toThrow();
    expect(await readBack(teamId)).toEqual([]);
  });
});

describe('updating many rows by id', () => {
  it('sets each row its own values, beyond one statement, and leaves rows the condition excludes alone', async () => {
    const mine = await leaseOfNewTeam();
    const theirs = await leaseOfNewTeam();
    const count = 6_000;
    await insertMany(
      ctx.db,
      'lease_accounting_schedule_rows',
      COLUMNS,
      Array.from({ length: count }, (_, i) => row(mine.teamId, mine.leaseId, i + 1)),
    );
    await insertMany(ctx.db, 'lease_accounting_schedule_rows', COLUMNS, [
      row(theirs.teamId, theirs.leaseId, 1),
    ]);
    const ids = (await readBack(mine.teamId)).map((r) => r.id);
    const [their] = await readBack(theirs.teamId);
    const awkward = 'quote " and backslash \\ and {braces}, ünïcødé';
    await updateMany(
      ctx.db,
      'lease_accounting_schedule_rows',
      { payment_cents: 'bigint', lead_lines: 'text', straight_line_cost_cents: 'bigint' },
      // Another team's row among the ids: the condition must keep it as it was.
      [...ids, their!.id].map((id, i) => ({
        id,
        payment_cents: 9_007_199_254_740_991 - i,
        lead_lines: i % 2 ? awkward : null,
        straight_line_cost_cents: i === 1 ? -123_456_789_012 : null,
      })),
      sql<SqlBool>`team_id = ${mine.teamId}`,
    );
    const stored = await readBack(mine.teamId);
    expect(stored.map((r) => Number(r.payment_cents))).toEqual(ids.map((_, i) => 9_007_199_254_740_991 - i));
    expect(stored.slice(0, 3).map((r) => r.lead_lines)).toEqual([null, awkward, null]);
    expect(
      stored
        .slice(0, 3)
        .map((r) => (r.straight_line_cost_cents === null ? null : Number(r.straight_line_cost_cents))),
    ).toEqual([null, -123_456_789_012, null]);
    // The columns not named keep their values.
    expect(stored.at(-1)!.month).toBe(count);
    expect(await readBack(theirs.teamId)).toEqual([their]);
  });
});

describe('inserting rows and learning their ids', () => {
  // Typed loosely on purpose: a row may leave out a column the schema requires, to get its default.
  const store = (
    teamId: number,
    name: string,
    extra: Record<string, unknown> = {},
  ): Insertable<Database['stores']> =>
    ({
      team_id: teamId,
      name,
      created_at: '2026-12-02T10:00:00.000Z',
      updated_at: '2026-12-02T10:00:00.000Z',
      ...extra,
    }) as Insertable<Database['stores']>;

  it('gives each row its own id in the order given, beyond one statement, with every value as sent', async () => {
    const { team } = await buildUser(ctx);
    const names = Array.from(
      { length: 2_345 },
      (_, i) => `Store ${i} “${i % 7 ? 'quoted' : '{braces}, "q"'}”`,
    );
    const ids = await insertReturningIds(
      ctx.db,
      'stores',
      names.map((name, i) => store(team.id, name, { square_feet: i + 0.5, opening_date: '2024-02-29' })),
    );
    expect(new Set(ids).size).toBe(names.length);
    const stored = await ctx.db
      .selectFrom('stores')
      .select(['id', 'name', 'square_feet', 'opening_date', 'status'])
      .where('team_id', '=', team.id)
      .execute();
    const byId = new Map(stored.map((s) => [Number(s.id), s]));
    ids.forEach((id, i) => {
      expect(byId.get(id)?.name).toBe(names[i]);
      expect(byId.get(id)?.square_feet).toBe(i + 0.5);
      expect(String(byId.get(id)?.opening_date)).toBe('2024-02-29');
    });
  });

  it('leaves a column a row does not name to its default, even beside rows that name it', async () => {
    const { team } = await buildUser(ctx);
    const [withStatus, without] = await insertReturningIds(ctx.db, 'stores', [
      store(team.id, 'Open one', { status: 'open' }),
      store(team.id, 'Default one'),
    ]);
    const stored = await ctx.db
      .selectFrom('stores')
      .select(['id', 'status'])
      .where('team_id', '=', team.id)
      .orderBy('id')
      .execute();
    expect(stored.find((s) => Number(s.id) === withStatus)?.status).toBe('open');
    expect(stored.find((s) => Number(s.id) === without)?.status).toBe('planned');
  });

  it('never cuts a value longer than its column: PostgreSQL refuses it, SQLite keeps it whole', async () => {
    const { team } = await buildUser(ctx);
    const long = 'x'.repeat(256);
    const stored = () => ctx.db.selectFrom('stores').select('name').where('team_id', '=', team.id).execute();
    if (testDialect() === 'postgres') {
      await expect(insertReturningIds(ctx.db, 'stores', [store(team.id, long)])).rejects.toThrow();
      expect(await stored()).toEqual([]);
    } else {
      await insertReturningIds(ctx.db, 'stores', [store(team.id, long)]);
      expect(await stored()).toEqual([{ name: long }]);
    }
  });
});
