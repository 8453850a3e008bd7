/**
 * Royalty report benchmark (target: 60,000 agreements and 5,000,000 sales rows in ≤ 2 s).
 *
 *   node --import tsx bench/sales.ts                      # SQLite, file cached under .tmp/bench/
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/sales.ts
 *
 * `BENCH_SALES_AGREEMENTS` (default 60,000) agreements over one store each, and `BENCH_SALES_ROWS`
 * (default 5,000,000) monthly sales rows spread evenly over those stores, going back from May 2026.
 * Terms mix: 70% a flat royalty, 30% marginal tiers, half with a monthly minimum; reporting 80% monthly,
 * 15% quarterly, 5% weekly (so the day-level query runs too). The report is timed through the same
 * service the route calls, JSON-serialised as the route would, with the team's cache invalidated before
 * every run (a cold report). Then the sales summary over the whole history, by store and by month
 * (`BENCH_SALES_SUMMARY_GROUPS`, default `store,period`; `BENCH_SALES_SUMMARY_RUNS` cold runs, default
 * `BENCH_SALES_RUNS`). Results go to the console and `bench/results/sales-<dialect>.md`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/platform/db';
import { migrateToLatest } from '../apps/server/src/platform/db/migrate';
import { bumpTeamWriteVersion } from '../apps/server/src/platform/team-cache';
import { createPersonalTeam } from '../apps/server/src/modules/teams/service';
import { insertUser } from '../apps/server/src/modules/users/repository';
import { royaltiesCsv, royaltiesReport, salesSummary } from '../apps/server/src/modules/sales/reports';
import { teamScope, type Actor } from '../apps/server/src/platform/policy';
import { benchAppConfig } from './config';
import { insertAll, mulberry32, type Row } from './generate';

const AGREEMENTS = Number(process.env.BENCH_SALES_AGREEMENTS ?? 60_000);
const ROWS = Number(process.env.BENCH_SALES_ROWS ?? 5_000_000);
const RUNS = Number(process.env.BENCH_SALES_RUNS ?? 5);
const SUMMARY_RUNS = Number(process.env.BENCH_SALES_SUMMARY_RUNS ?? RUNS);
const GENERATOR_VERSION = 1;
const OWNER_EMAIL = 'sales-owner@bench.storekeep.test';
const root = path.resolve(import.meta.dirname, '..');
const log = (line: string) => console.log(line);

const months = Math.max(1, Math.ceil(ROWS / AGREEMENTS));
/** Month `n` back from May 2026 (0 = 2026-05-01). */
const monthStart = (n: number) => {
  const index = 2026 * 12 + 4 - n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
};

async function generate(handle: DatabaseHandle): Promise<number> {
  const started = performance.now();
  const now = '2026-06-01T00:00:00.000Z';
  const rng = mulberry32(6006);
  const teamId = await handle.db.transaction().execute(async (trx) => {
    const user = await insertUser(trx, {
      name: 'Sales Bench Owner',
      email: OWNER_EMAIL,
      passwordHash: 'x',
      now,
      verifiedAt: now,
    });
    return (await createPersonalTeam(trx, user, now)).id;
  });
  await handle.db.transaction().execute(async (trx) => {
    const brand = await trx
      .insertInto('brands')
      .values({ team_id: teamId, name: 'Bench Brand', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const stores: Row[] = Array.from({ length: AGREEMENTS }, (_, i) => ({
      team_id: teamId,
      name: `Store ${i + 1}`,
      store_number: `S${String(i + 1).padStart(6, '0')}`,
      brand_id: brand.id,
      status: 'open',
      created_at: now,
      updated_at: now,
    }));
    await insertAll(trx, 'stores', stores);
    const storeIds = (
      await trx.selectFrom('stores').select('id').where('team_id', '=', teamId).orderBy('id').execute()
    ).map((s) => s.id);
    const agreements: Row[] = storeIds.map((_, i) => {
      const tiered = rng() < 0.3;
      const roll = rng();
      return {
        team_id: teamId,
        brand_id: brand.id,
        agreement_number: `FA-${String(i + 1).padStart(6, '0')}`,
        type: 'single_unit',
        status: 'open',
        effective_date: '2015-01-01',
        expiration_date: '2035-12-31',
        royalty_percent: 6,
        royalty_tiers: tiered
          ? JSON.stringify([
              { from_sales: 0, percent: 6 },
              { from_sales: 50_000, percent: 5 },
              { from_sales: 100_000, percent: 4 },
            ])
          : null,
        royalty_minimum_cents: rng() < 0.5 ? 150_000 : null,
        marketing_percent: 2,
        reporting_frequency: roll < 0.8 ? 'monthly' : roll < 0.95 ? 'quarterly' : 'weekly',
        territory_exclusive: 0,
        created_at: now,
        updated_at: now,
      };
    });
    await insertAll(trx, 'franchise_agreements', agreements);
    const agreementIds = (
      await trx
        .selectFrom('franchise_agreements')
        .select('id')
        .where('team_id', '=', teamId)
        .orderBy('id')
        .execute()
    ).map((a) => a.id);
    await insertAll(
      trx,
      'agreement_stores',
      agreementIds.map((id, i) => ({ agreement_id: id, store_id: storeIds[i]!, team_id: teamId })),
    );
    log(
      `  ${AGREEMENTS.toLocaleString('en-US')} stores and agreements in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    // Sales are made by the database itself (stores × months), the fastest load on both dialects.
    await sql`create table bench_months (n integer primary key, start ${sql.raw(handle.dialect === 'postgres' ? 'date' : 'text')})`.execute(
      trx,
    );
    for (let n = 0; n < months; n += 500)
      await insertAll(
        trx,
        'bench_months',
        Array.from({ length: Math.min(500, months - n) }, (_, k) => ({ n: n + k, start: monthStart(n + k) })),
      );
    const limit = ROWS;
    await sql`insert into sales (team_id, store_id, period, period_start, gross_cents, net_cents, created_at, updated_at)
      select ${teamId}, s.id, 'month', m.start, 3000000 + ((s.id * 7919 + m.n * 104729) % 6000000), null, ${now}, ${now}
      from stores s cross join bench_months m
      where s.team_id = ${teamId} and (s.id - ${storeIds[0]!}) * ${months} + m.n < ${limit}`.execute(trx);
    await sql`drop table bench_months`.execute(trx);
  });
  if (handle.dialect === 'postgres') await sql`vacuum analyze`.execute(handle.db);
  else await sql`analyze`.execute(handle.db);
  log(
    `  ${ROWS.toLocaleString('en-US')} sales rows generated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return teamId;
}

async function prepare(): Promise<{ url: string; dataDir: string }> {
  const dataDir = path.join(root, '.tmp/bench-sales');
  fs.mkdirSync(dataDir, { recursive: true });
  const pg = process.env.BENCH_DATABASE_URL;
  const tag = `v${GENERATOR_VERSION}-a${AGREEMENTS}-r${ROWS}`;
  if (!pg) return { url: `sqlite:${path.join(root, `.tmp/bench/storekeep-sales-${tag}.sqlite`)}`, dataDir };
  const admin = openDatabase(pg);
  const name = 'storekeep_bench_sales';
  const found = await sql<{
    comment: string | null;
  }>`select shobj_description(oid, 'pg_database') as comment from pg_database where datname = ${name}`.execute(
    admin.db,
  );
  if (found.rows[0]?.comment !== tag) {
    await sql`drop database if exists ${sql.raw(name)}`.execute(admin.db);
    await sql`create database ${sql.raw(name)}`.execute(admin.db);
  }
  await admin.close();
  const url = new URL(pg);
  url.pathname = `/${name}`;
  return { url: url.toString(), dataDir };
}

async function main() {
  const { url, dataDir } = await prepare();
  if (url.startsWith('sqlite:')) fs.mkdirSync(path.dirname(url.slice('sqlite:'.length)), { recursive: true });
  const handle = openDatabase(url);
  await migrateToLatest(handle);
  let owner = await handle.db
    .selectFrom('users')
    .select(['id', 'current_team_id'])
    .where('email', '=', OWNER_EMAIL)
    .executeTakeFirst();
  log(
    `Royalty report benchmark (${handle.dialect}): ${AGREEMENTS.toLocaleString('en-US')} agreements, ${ROWS.toLocaleString('en-US')} sales rows`,
  );
  if (!owner) {
    await generate(handle);
    if (handle.dialect === 'postgres')
      await sql`comment on database storekeep_bench_sales is ${sql.lit(`v${GENERATOR_VERSION}-a${AGREEMENTS}-r${ROWS}`)}`.execute(
        handle.db,
      );
    owner = await handle.db
      .selectFrom('users')
      .select(['id', 'current_team_id'])
      .where('email', '=', OWNER_EMAIL)
      .executeTakeFirstOrThrow();
  } else log('  (cached data set)');
  const teamId = Number(owner.current_team_id);
  const count = Number(
    (await sql<{ n: number }>`select count(*) as n from sales where team_id = ${teamId}`.execute(handle.db))
      .rows[0]!.n,
  );

  const app = await buildApp({ config: benchAppConfig(url, dataDir), database: handle });
  const user = await handle.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', owner.id)
    .executeTakeFirstOrThrow();
  const actor: Actor = {
    user,
    teamId,
    scope: teamScope(teamId),
    role: 'admin',
    isOwner: true,
    isDemo: false,
    ip: '127.0.0.1',
  };
  const ranges = [
    { label: 'one month (2025-03)', from: '2025-03-01', to: '2025-03-31' },
    { label: 'one quarter (2025 Q1)', from: '2025-01-01', to: '2025-03-31' },
    { label: 'one year (2025)', from: '2025-01-01', to: '2025-12-31' },
    {
      label: `every month (${monthStart(months - 1).slice(0, 7)} – 2026-05)`,
      from: monthStart(months - 1),
      to: '2026-05-31',
    },
  ];
  const lines: string[] = [];
  for (const range of ranges) {
    const times: number[] = [];
    let answer = { rows: 0, due: 0, bytes: 0 };
    for (let run = 0; run < RUNS; run++) {
      await bumpTeamWriteVersion(handle.db, teamId); // a cold report every time
      const started = performance.now();
      const rows = await royaltiesReport(app.deps, actor, range);
      const body = JSON.stringify({ data: rows });
      times.push(performance.now() - started);
      answer = { rows: rows.length, due: rows.reduce((sum, r) => sum + r.total_due, 0), bytes: body.length };
    }
    await bumpTeamWriteVersion(handle.db, teamId);
    const csvStarted = performance.now();
    let csvBytes = 0;
    for await (const chunk of (await royaltiesCsv(app.deps, actor, range)).stream)
      csvBytes += (chunk as Buffer).length;
    const csvMs = performance.now() - csvStarted;
    const sorted = [...times].sort((a, b) => a - b);
    const line = `| ${range.label} | ${answer.rows.toLocaleString('en-US')} | $${Math.round(answer.due).toLocaleString('en-US')} | ${(sorted[Math.floor(sorted.length / 2)]! / 1000).toFixed(2)} s | ${(sorted.at(-1)! / 1000).toFixed(2)} s | ${(answer.bytes / 1e6).toFixed(1)} MB | ${(csvMs / 1000).toFixed(2)} s (${(csvBytes / 1e6).toFixed(1)} MB) |`;
    log(line);
    lines.push(line);
  }
  // The sales summary over the same whole history, by store and by month (each beside the year before).
  const all = ranges.at(-1)!;
  const summaryLines: string[] = [];
  for (const groupBy of (process.env.BENCH_SALES_SUMMARY_GROUPS ?? 'store,period').split(',') as Array<
    'store' | 'period'
  >) {
    const times: number[] = [];
    let answer = { rows: 0, gross: 0 };
    for (let run = 0; run < SUMMARY_RUNS; run++) {
      await bumpTeamWriteVersion(handle.db, teamId);
      const started = performance.now();
      const summary = await salesSummary(app.deps, actor, {
        from: all.from,
        to: all.to,
        group_by: groupBy,
        granularity: 'month',
      });
      JSON.stringify({ data: summary });
      times.push(performance.now() - started);
      answer = { rows: summary.rows.length, gross: summary.total.gross };
    }
    const sorted = [...times].sort((a, b) => a - b);
    const line = `| summary by ${groupBy}, ${all.label} | ${answer.rows.toLocaleString('en-US')} | $${Math.round(answer.gross).toLocaleString('en-US')} gross | ${(sorted[Math.floor(sorted.length / 2)]! / 1000).toFixed(2)} s | ${(sorted.at(-1)! / 1000).toFixed(2)} s |`;
    log(line);
    summaryLines.push(line);
  }
  await app.close();
  const out = [
    `## Royalty report, ${handle.dialect} (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
    '',
    `${AGREEMENTS.toLocaleString('en-US')} agreements (one store each), ${count.toLocaleString('en-US')} sales rows (${months} months per store); ${RUNS} cold runs per range (team cache invalidated before each).`,
    '',
    '| range | agreements reported | total due | median | slowest | JSON | CSV export |',
    '|---|---|---|---|---|---|---|',
    ...lines,
    '',
    '| sales summary | rows | total | median | slowest |',
    '|---|---|---|---|---|',
    ...summaryLines,
    '',
  ].join('\n');
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, `bench/results/sales-${handle.dialect}.md`), out);
  log(`\nWritten to bench/results/sales-${handle.dialect}.md`);
}

await main();
