/**
 * Royalty invoicing benchmark (target: a month's invoices for 60,000 agreements in ≤ 60 s).
 *
 *   node --import tsx bench/invoicing.ts                  # SQLite, file cached under .tmp/bench/
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/invoicing.ts
 *
 * `BENCH_INVOICING_AGREEMENTS` (default 60,000) open agreements over one store each, grouped into franchisees of
 * `BENCH_INVOICING_PER_FRANCHISEE` agreements (default 1: one invoice per agreement, the most invoices), with 14
 * months of monthly sales per store up to March 2026 of which 3% of the March reports are missing (estimated
 * from earlier months). Terms mix: 70% flat 6%, 30% marginal tiers, half a monthly minimum, a technology fee.
 * Timed: drafting the month (reading agreements and sales, computing every line) and storing it (numbering and
 * inserting invoices and lines in one transaction), through the functions the POST /invoices route runs. Each
 * run voids nothing: it deletes the month's invoices and resets the sequence first.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/platform/db';
import { migrateToLatest } from '../apps/server/src/platform/db/migrate';
import { teamScope } from '../apps/server/src/platform/policy';
import { createPersonalTeam } from '../apps/server/src/modules/teams/service';
import { insertUser } from '../apps/server/src/modules/users/repository';
import { draftInvoices, storeInvoices } from '../apps/server/src/modules/invoices/index';
import { gitCommit } from './config';
import { insertAll, mulberry32, type Row } from './generate';

const AGREEMENTS = Number(process.env.BENCH_INVOICING_AGREEMENTS ?? 60_000);
const PER_FRANCHISEE = Math.max(1, Number(process.env.BENCH_INVOICING_PER_FRANCHISEE ?? 1));
const RUNS = Number(process.env.BENCH_INVOICING_RUNS ?? 3);
const GENERATOR_VERSION = 1;
const MONTHS = 14;
const OWNER_EMAIL = 'invoicing-owner@bench.storekeep.test';
const root = path.resolve(import.meta.dirname, '..');
const log = (line: string) => console.log(line);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Month `n` back from March 2026 (0 = 2026-03-01). */
const monthStart = (n: number) => {
  const index = 2026 * 12 + 2 - n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
};

async function generate(handle: DatabaseHandle): Promise<number> {
  const started = performance.now();
  const now = '2026-04-01T00:00:00.000Z';
  const rng = mulberry32(4504);
  const teamId = await handle.db.transaction().execute(async (trx) => {
    const user = await insertUser(trx, {
      name: 'Invoicing Bench Owner',
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
    const franchisees = Math.ceil(AGREEMENTS / PER_FRANCHISEE);
    await insertAll(
      trx,
      'companies',
      Array.from({ length: franchisees }, (_, i) => ({
        team_id: teamId,
        name: `Franchisee ${i + 1}`,
        kind: 'franchisee',
        created_at: now,
        updated_at: now,
      })),
    );
    const companyIds = (
      await trx.selectFrom('companies').select('id').where('team_id', '=', teamId).orderBy('id').execute()
    ).map((c) => c.id);
    await insertAll(
      trx,
      'stores',
      Array.from({ length: AGREEMENTS }, (_, i) => ({
        team_id: teamId,
        name: `Store ${i + 1}`,
        brand_id: brand.id,
        company_id: companyIds[Math.floor(i / PER_FRANCHISEE)]!,
        status: 'open',
        created_at: now,
        updated_at: now,
      })),
    );
    const storeIds = (
      await trx.selectFrom('stores').select('id').where('team_id', '=', teamId).orderBy('id').execute()
    ).map((s) => s.id);
    const agreements: Row[] = storeIds.map((_, i) => ({
      team_id: teamId,
      brand_id: brand.id,
      franchisee_id: companyIds[Math.floor(i / PER_FRANCHISEE)]!,
      agreement_number: `FA-${String(i + 1).padStart(6, '0')}`,
      type: 'single_unit',
      status: 'open',
      effective_date: '2015-01-01',
      expiration_date: '2035-12-31',
      royalty_percent: 6,
      royalty_tiers:
        rng() < 0.3
          ? JSON.stringify([
              { from_sales: 0, percent: 6 },
              { from_sales: 50_000, percent: 5 },
              { from_sales: 100_000, percent: 4 },
            ])
          : null,
      royalty_minimum_cents: rng() < 0.5 ? 150_000 : null,
      marketing_percent: 2,
      technology_fee_cents: 9_900,
      reporting_frequency: 'monthly',
      territory_exclusive: 0,
      created_at: now,
      updated_at: now,
    }));
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
    const sales: Row[] = [];
    for (const [i, storeId] of storeIds.entries())
      for (let n = 0; n < MONTHS; n += 1) {
        // 3% of the March reports are missing.
        if (n === 0 && i % 33 === 0) continue;
        sales.push({
          team_id: teamId,
          store_id: storeId,
          period: 'month',
          period_start: monthStart(n),
          gross_cents: 3_000_000 + ((storeId * 7919 + n * 104_729) % 6_000_000),
          created_at: now,
          updated_at: now,
        });
        if (sales.length >= 50_000) await insertAll(trx, 'sales', sales.splice(0));
      }
    await insertAll(trx, 'sales', sales);
  });
  if (handle.dialect === 'postgres') await sql`vacuum analyze`.execute(handle.db);
  else await sql`analyze`.execute(handle.db);
  log(`  generated in ${seconds(performance.now() - started)}`);
  return teamId;
}

async function open(): Promise<DatabaseHandle> {
  const tag = `v${GENERATOR_VERSION}-a${AGREEMENTS}-f${PER_FRANCHISEE}`;
  const pg = process.env.BENCH_DATABASE_URL;
  if (!pg) {
    const file = path.join(root, `.tmp/bench/storekeep-invoicing-${tag}.sqlite`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    return openDatabase(`sqlite:${file}`);
  }
  const admin = openDatabase(pg);
  const name = 'storekeep_bench_invoicing';
  const found = await sql<{
    comment: string | null;
  }>`select shobj_description(oid, 'pg_database') as comment from pg_database where datname = ${name}`.execute(
    admin.db,
  );
  if (found.rows[0]?.comment !== tag) {
    await sql`drop database if exists ${sql.raw(name)}`.execute(admin.db);
    await sql`create database ${sql.raw(name)}`.execute(admin.db);
    await sql`comment on database ${sql.raw(name)} is ${sql.lit(tag)}`.execute(admin.db);
  }
  await admin.close();
  const url = new URL(pg);
  url.pathname = `/${name}`;
  return openDatabase(url.toString());
}

async function main() {
  const handle = await open();
  await migrateToLatest(handle);
  log(
    `Royalty invoicing benchmark (${handle.dialect}): ${AGREEMENTS.toLocaleString('en-US')} agreements, ${PER_FRANCHISEE} per franchisee`,
  );
  let owner = await handle.db
    .selectFrom('users')
    .select('current_team_id')
    .where('email', '=', OWNER_EMAIL)
    .executeTakeFirst();
  if (!owner) {
    await generate(handle);
    owner = await handle.db
      .selectFrom('users')
      .select('current_team_id')
      .where('email', '=', OWNER_EMAIL)
      .executeTakeFirstOrThrow();
  } else log('  (cached data set)');
  const scope = teamScope(Number(owner.current_team_id));
  const results: Array<{ draft: number; store: number; invoices: number; lines: number }> = [];
  for (let run = 0; run < RUNS; run += 1) {
    await handle.db.deleteFrom('royalty_invoices').where('team_id', '=', scope.teamId).execute();
    await handle.db.deleteFrom('invoice_sequences').where('team_id', '=', scope.teamId).execute();
    const started = performance.now();
    const drafts = await draftInvoices(handle.db, scope, '2026-03-01', null, '2026-04-02');
    const drafted = performance.now();
    const { ids } = await storeInvoices(handle.db, scope, drafts, async () => undefined);
    const stored = performance.now();
    results.push({
      draft: drafted - started,
      store: stored - drafted,
      invoices: ids.length,
      lines: drafts.reduce((sum, d) => sum + d.lines.length, 0),
    });
    const r = results.at(-1)!;
    log(
      `  run ${run + 1}: ${r.invoices.toLocaleString('en-US')} invoices, ${r.lines.toLocaleString('en-US')} lines: draft ${seconds(r.draft)} + store ${seconds(r.store)} = ${seconds(r.draft + r.store)}`,
    );
  }
  const best = Math.min(...results.map((r) => r.draft + r.store));
  const worst = Math.max(...results.map((r) => r.draft + r.store));
  const line = `${handle.dialect}: ${AGREEMENTS.toLocaleString('en-US')} agreements → ${results[0]!.invoices.toLocaleString('en-US')} invoices; best ${seconds(best)}, worst ${seconds(worst)} (target ≤ 60 s; load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')})`;
  log(line);
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, `bench/results/invoicing-${handle.dialect}.md`),
    `# Royalty invoicing\n\n${line}\n\nMeasured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on commit ${gitCommit(root)}, ${os.cpus().length} CPUs; \`${process.env.BENCH_DATABASE_URL ? 'BENCH_DATABASE_URL=… ' : ''}npm run bench:invoicing\`.\n`,
  );
  await handle.close();
}

await main();
