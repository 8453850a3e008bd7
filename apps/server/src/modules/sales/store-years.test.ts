import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import type { TestClient } from '../../../test/client';
import { createVia, teamWithRoles, uploadImport } from '../../../test/factories';
import { bumpTeamWriteVersion } from '../../platform/team-cache';
import { purgeTrash } from '../trash/service';
import { computeRoyalties } from './reports';

const ctx = useTestApp();
const api = '/app/api/v1/sales';
const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
const COLUMNS = ['gross', 'net', 'rows'].flatMap((kind) => MONTHS.map((m) => `${kind}_${m}`));
// Ranges with partial months at both edges, a whole-year range and one inside a single month.
const RANGES = [
  ['2025-01-15', '2026-02-20'],
  ['2025-01-01', '2025-12-31'],
  ['2026-03-04', '2026-03-15'],
] as const;

type Figure = { store_id: number; period_start: string; gross_cents: number; net_cents: number | null };

async function figuresOf(teamId: number): Promise<Figure[]> {
  const rows = await ctx.db
    .selectFrom('sales')
    .select(['store_id', 'period_start', 'gross_cents', 'net_cents'])
    .where('team_id', '=', teamId)
    .execute();
  return rows.map((r) => ({
    store_id: r.store_id,
    period_start: r.period_start,
    gross_cents: Number(r.gross_cents),
    net_cents: r.net_cents === null ? null : Number(r.net_cents),
  }));
}

/** Monday on or before / Sunday on or after a day (weekly reporting periods). */
const shiftDays = (day: string, by: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + by * 86_400_000).toISOString().slice(0, 10);
const weekday = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
const monthEnd = (day: string) =>
  new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).toISOString().slice(0, 10);

/**
 * The roll-up equals a grouping of the sales rows, and every report agrees with sums taken straight from
 * the rows: the summary per store and per month over ranges with partial edge months, and the royalty
 * report's sales for a monthly and a weekly agreement.
 */
async function expectExact(
  client: TestClient,
  teamId: number,
  agreements: { monthly: number; weekly: number },
  stores: { monthly: number; weekly: number },
) {
  const figures = await figuresOf(teamId);
  const expected: Record<string, Record<string, number>> = {};
  for (const f of figures) {
    const key = `${f.store_id}|${f.period_start.slice(0, 4)}`;
    const row = (expected[key] ??= Object.fromEntries(COLUMNS.map((c) => [c, 0])));
    const m = f.period_start.slice(5, 7);
    row[`gross_${m}`]! += f.gross_cents;
    row[`net_${m}`]! += f.net_cents ?? f.gross_cents;
    row[`rows_${m}`]! += 1;
  }
  const kept = await sql<
    Record<string, number>
  >`select * from sales_store_years where team_id = ${teamId}`.execute(ctx.db);
  const actual = Object.fromEntries(
    kept.rows.map((r) => [
      `${r.store_id}|${r.year}`,
      Object.fromEntries(COLUMNS.map((c) => [c, Number(r[c])])),
    ]),
  );
  expect(actual).toEqual(expected);

  const sum = (rows: Figure[]) => Math.round(rows.reduce((s, f) => s + f.gross_cents, 0)) / 100;
  for (const [from, to] of RANGES) {
    const inRange = figures.filter((f) => f.period_start >= from && f.period_start <= to);
    const byStore = (await client.get(`${api}/reports/summary?from=${from}&to=${to}&group_by=store`)).body
      .data;
    const storeSums: Record<string, number> = {};
    for (const f of inRange) storeSums[f.store_id] = (storeSums[f.store_id] ?? 0) + f.gross_cents;
    for (const key of Object.keys(storeSums)) storeSums[key]! /= 100;
    // Rows that only last year's figures made (the "beside last year" column) show 0 this year.
    const current = (rows: Array<{ key: string; gross: number }>, sums: Record<string, number>) =>
      Object.fromEntries(rows.filter((r) => r.key in sums || r.gross !== 0).map((r) => [r.key, r.gross]));
    expect(current(byStore.rows, storeSums)).toEqual(storeSums);
    const byMonth = (
      await client.get(`${api}/reports/summary?from=${from}&to=${to}&group_by=period&granularity=month`)
    ).body.data;
    const monthSums: Record<string, number> = {};
    for (const f of inRange)
      monthSums[f.period_start.slice(0, 7)] = (monthSums[f.period_start.slice(0, 7)] ?? 0) + f.gross_cents;
    for (const key of Object.keys(monthSums)) monthSums[key]! /= 100;
    expect(current(byMonth.rows, monthSums)).toEqual(monthSums);
    // The summary beside last year reads the same roll-up for the earlier range.
    const previous = figures.filter(
      (f) =>
        f.period_start >= `${Number(from.slice(0, 4)) - 1}${from.slice(4)}` &&
        f.period_start <= `${Number(to.slice(0, 4)) - 1}${to.slice(4)}`,
    );
    expect(byStore.total.previous_gross).toBe(sum(previous));

    // Read as on a day before every figure: in the agreements' terms, yet no period has ended, so none
    // expects a report and none is estimated, and the report's sales are exactly the rows' sums.
    const royalties = await computeRoyalties(ctx.db, teamId, from, to, '2020-01-01');
    const salesOf = (id: number) => royalties.find((r) => r.agreement.id === id)!.sales;
    // Monthly periods count whole months; weekly ones whole Monday–Sunday weeks.
    const [monthFrom, monthTo] = [`${from.slice(0, 7)}-01`, monthEnd(to)];
    expect(salesOf(agreements.monthly)).toBe(
      sum(
        figures.filter(
          (f) => f.store_id === stores.monthly && f.period_start >= monthFrom && f.period_start <= monthTo,
        ),
      ),
    );
    const [weekFrom, weekTo] = [shiftDays(from, -weekday(from)), shiftDays(to, 6 - weekday(to))];
    expect(salesOf(agreements.weekly)).toBe(
      sum(
        figures.filter(
          (f) => f.store_id === stores.weekly && f.period_start >= weekFrom && f.period_start <= weekTo,
        ),
      ),
    );
  }
}

async function importSales(client: TestClient, csv: string, options: Record<string, unknown>) {
  const uploaded = await uploadImport(client, 'sales', { name: 'sales.csv', content: csv });
  expect(uploaded.status).toBe(201);
  expect(
    (
      await client.post(`/app/api/v1/imports/${uploaded.body.data.id}/run`, {
        mapping: uploaded.body.data.mapping,
        ...options,
      })
    ).status,
  ).toBe(202);
  await ctx.app.deps.jobs.drain();
  return (await client.get(`/app/api/v1/imports/${uploaded.body.data.id}`)).body.data as {
    id: number;
    status: string;
    created_count: number;
    updated_count: number;
  };
}

describe('sales_store_years (the per-store, per-year roll-up the reports read)', () => {
  it('stays exactly the sum of the sales rows after every write path, and the reports agree with the rows', async () => {
    const { admin, team } = await teamWithRoles(ctx);
    const brand = await createVia(admin, 'brands', { name: 'Sunrise' });
    const dallas = await createVia(admin, 'stores', {
      name: 'Dallas',
      store_number: '1',
      brand_id: brand.id,
    });
    const austin = await createVia(admin, 'stores', {
      name: 'Austin',
      store_number: '2',
      brand_id: brand.id,
    });
    const waco = await createVia(admin, 'stores', { name: 'Waco', store_number: '3', brand_id: brand.id });
    const monthly = await admin.post('/app/api/v1/agreements', {
      brand_id: brand.id,
      store_ids: [dallas.id],
      agreement_number: 'M-1',
      status: 'open',
      effective_date: '2000-01-01',
      royalty_percent: 6,
      reporting_frequency: 'monthly',
    });
    const weekly = await admin.post('/app/api/v1/agreements', {
      brand_id: brand.id,
      store_ids: [austin.id],
      agreement_number: 'W-1',
      status: 'open',
      effective_date: '2000-01-01',
      royalty_percent: 6,
      reporting_frequency: 'weekly',
    });
    const agreements = { monthly: monthly.body.data.id as number, weekly: weekly.body.data.id as number };
    const stores = { monthly: dallas.id as number, weekly: austin.id as number };
    const check = () => expectExact(admin, team.id, agreements, stores);

    // API create, with month, week and day figures across two years and the range edges.
    const created: number[] = [];
    for (const [store, period, start, gross, net] of [
      [dallas.id, 'month', '2025-01-01', 1000.25, 900],
      [dallas.id, 'month', '2025-12-01', 2000, null],
      [dallas.id, 'month', '2026-02-01', 3000, 2500],
      [austin.id, 'week', '2025-01-13', 400, null],
      [austin.id, 'week', '2026-02-16', 500, 450],
      [austin.id, 'day', '2026-03-04', 60, null],
      [waco.id, 'day', '2024-01-20', 70.5, null],
      [waco.id, 'month', '2025-06-01', 0, null],
    ] as const) {
      const response = await admin.post(api, { store_id: store, period, period_start: start, gross, net });
      expect(response.status).toBe(201);
      created.push(response.body.data.id);
    }
    await check();

    // Update and delete.
    expect((await admin.patch(`${api}/${created[0]}`, { gross: 1100, net: null })).status).toBe(200);
    expect((await admin.delete(`${api}/${created[1]}`)).status).toBe(204);
    await check();

    // The grid's batch save: new figures, then a merge that overwrites some and adds others.
    expect(
      (
        await admin.post(`${api}/batch`, {
          rows: [
            { store_id: waco.id, period: 'month', period_start: '2026-01-01', gross: 800 },
            { store_id: dallas.id, period: 'month', period_start: '2026-03-01', gross: 900 },
          ],
        })
      ).status,
    ).toBe(200);
    const merged = await admin.post(`${api}/batch`, {
      on_duplicate: 'merge',
      rows: [
        { store_id: waco.id, period: 'month', period_start: '2026-01-01', gross: 850, net: 800 },
        { store_id: dallas.id, period: 'month', period_start: '2025-05-01', gross: 123.45 },
      ],
    });
    expect(merged.body.data).toEqual({ created: 1, updated: 1 });
    await check();

    // An import that creates and merges, and its undo.
    const imported = await importSales(
      admin,
      'Store #,Month,Gross,Net\n1,2026-02,3500,3000\n3,2025-02,640,\n2,2025-07,75,\n',
      { mode: 'create_update' },
    );
    expect(imported).toMatchObject({ status: 'completed', created_count: 2, updated_count: 1 });
    await check();
    expect((await admin.post(`/app/api/v1/imports/${imported.id}/undo`)).status).toBe(200);
    await check();

    // A store in the trash keeps its figures (the reports count them as before); restore changes nothing;
    // the purge removes the store and, by cascade, its figures — and their sums with them.
    expect((await admin.delete(`/app/api/v1/stores/${waco.id}`)).status).toBe(204);
    await check();
    expect((await admin.post(`/app/api/v1/stores/${waco.id}/restore`)).status).toBe(200);
    await check();
    expect((await admin.delete(`/app/api/v1/stores/${waco.id}`)).status).toBe(204);
    await ctx.db
      .updateTable('stores')
      .set({ deleted_at: new Date(Date.now() - 31 * 86_400_000).toISOString() })
      .where('id', '=', waco.id)
      .execute();
    expect(await purgeTrash(ctx.app.deps)).toBeGreaterThanOrEqual(1);
    expect(
      (
        await sql<{
          n: number;
        }>`select count(*) as n from sales_store_years where store_id = ${waco.id}`.execute(ctx.db)
      ).rows[0]!.n,
    ).toEqual(0);
    await check();

    // Manual SQL is covered too (the triggers are the database's, not the app's).
    await ctx.db
      .updateTable('sales')
      .set({ period_start: '2024-12-01' })
      .where('id', '=', created[2]!)
      .execute();
    await ctx.db.deleteFrom('sales').where('id', '=', created[3]!).execute();
    await bumpTeamWriteVersion(ctx.db, team.id); // manual SQL would not tell the report cache
    await check();
  });
  it('stays exact when several saves of the same stores and years run at once', async () => {
    const { admin, team } = await teamWithRoles(ctx);
    const stores = await Promise.all(['A', 'B', 'C'].map((name) => createVia(admin, 'stores', { name })));
    // Each save writes every store's year 2025 (one roll-up row per store), in a different store order.
    const saves = Array.from({ length: 6 }, (_, k) => {
      const ordered = k % 2 ? [...stores].reverse() : stores;
      return admin.post(`${api}/batch`, {
        rows: ordered.map((store, i) => ({
          store_id: store.id,
          period: 'month',
          period_start: `2025-${String(((k + i) % 12) + 1).padStart(2, '0')}-01`,
          gross: 100 + k,
          net: null,
        })),
        on_duplicate: 'merge',
      });
    });
    for (const response of await Promise.all(saves)) expect(response.status).toBe(200);
    const kept = await sql<{
      n: number;
      gross: number;
    }>`select sum(${sql.raw(MONTHS.map((m) => `rows_${m}`).join(' + '))}) as n, sum(${sql.raw(MONTHS.map((m) => `gross_${m}`).join(' + '))}) as gross from sales_store_years where team_id = ${team.id}`.execute(
      ctx.db,
    );
    const rows = await figuresOf(team.id);
    expect({ n: Number(kept.rows[0]!.n), gross: Number(kept.rows[0]!.gross) }).toEqual({
      n: rows.length,
      gross: rows.reduce((sum, f) => sum + f.gross_cents, 0),
    });
  });
});
