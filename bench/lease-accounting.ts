/**
 * Lease accounting benchmark (targets: the schedules of 120,000 leases recomputed in ≤ 60 s; one month's journal
 * entries for the whole portfolio exported in ≤ 10 s with flat memory).
 *
 *   node --import tsx bench/lease-accounting.ts              # SQLite, file cached under .tmp/bench/
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/lease-accounting.ts
 *
 * `BENCH_LA_LEASES` (default 120,000) active leases over one store each, every one with an accounting profile:
 * 70% ASC 842, 30% IFRS 16, discount rates 4–8 %, a third with initial direct costs; terms of 5, 10 or 15
 * years starting between 2016 and 2025, three rent periods each 3 % above the last. Timed:
 *
 * 1. **Recompute**: every lease's schedule through `schedulesOf` (what GET /leases/:id/accounting/schedule
 *    answers for each: the lease read, its profile resolved, the schedule built and presented), in process,
 *    `BENCH_LA_BATCH` leases a read (default 100, as the journal export reads them).
 * 2. **Stored schedules**: on a fresh data set, every lease's rows written once into the empty table (`first
 *    store`); then every lease's stored schedule made stale and recomputed with its rows rewritten
 *    (`refreshSchedules`, what the background refresh job does after new team rates, in its batches), with
 *    the event loop's delay meanwhile (how long a request would wait behind a batch). On PostgreSQL the table
 *    is then vacuumed (timed), as autovacuum would do after a rewrite.
 * 3. **Journal export**: GET /lease-accounting/journal/export?period=`BENCH_LA_PERIOD` (default 2026-03) over
 *    HTTP from the built server (production mode), as CSV and XLSX (`BENCH_LA_FORMATS`), the body read as it
 *    streams; the server's RSS sampled every 10 ms from before the request to its end (growth = peak − before).
 *    Each format `BENCH_LA_EXPORT_RUNS` times (default 3), alternating, since one growth figure is a noisy sample.
 * 4. **Journal export with every schedule stale**, as right after new team rates: every schedule made stale and
 *    the server restarted, so that its background refresh rewrites them while the month is read again (the
 *    read computes the stale leases' month for the file). The stale state stays for the next run.
 *
 * Results go to the console and `bench/results/lease-accounting-<dialect>.md`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/platform/db';
import { migrateToLatest } from '../apps/server/src/platform/db/migrate';
import { teamScope, type Actor } from '../apps/server/src/platform/policy';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import { schedulesOf } from '../apps/server/src/modules/lease-accounting/schedule';
import { refreshSchedules } from '../apps/server/src/modules/lease-accounting/stored';
import { invalidateSchedules } from '../apps/server/src/modules/lease-accounting/repository';
import { createPersonalTeam } from '../apps/server/src/modules/teams/service';
import { insertUser } from '../apps/server/src/modules/users/repository';
import { benchAppConfig, gitCommit } from './config';
import { insertAll, mulberry32, PASSWORD, type Row } from './generate';
import { buildServer, sampleRss, signInAs, startApp } from './processes';

const LEASES = Number(process.env.BENCH_LA_LEASES ?? 120_000);
const PERIOD = process.env.BENCH_LA_PERIOD ?? '2026-03';
const FORMATS = (process.env.BENCH_LA_FORMATS ?? 'csv,xlsx').split(',').filter(Boolean);
const BATCH = Number(process.env.BENCH_LA_BATCH ?? 100);
// The growth of one export is one noisy sample (the heap's size before it varies): each format runs this often.
const EXPORT_RUNS = Math.max(1, Number(process.env.BENCH_LA_EXPORT_RUNS ?? 3));
// `export`: only the journal exports, over the stored rows a full run left, any stale ones stored first.
const GENERATOR_VERSION = 1;
const OWNER_EMAIL = 'lease-accounting-owner@bench.storekeep.test';
const root = path.resolve(import.meta.dirname, '..');
const log = (line: string) => console.log(line);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const iso = (date: Date) => date.toISOString().slice(0, 10);
function addMonths(date: string, months: number, days = 0): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d);
}

async function generate(handle: DatabaseHandle): Promise<void> {
  const started = performance.now();
  const now = '2026-04-01T00:00:00.000Z';
  const rng = mulberry32(842_16);
  const passwordHash = await hashPassword(PASSWORD);
  const teamId = await handle.db.transaction().execute(async (trx) => {
    const user = await insertUser(trx, {
      name: 'Lease Accounting Bench Owner',
      email: OWNER_EMAIL,
      passwordHash,
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
    await insertAll(
      trx,
      'stores',
      Array.from({ length: LEASES }, (_, i) => ({
        team_id: teamId,
        name: `Store ${i + 1}`,
        brand_id: brand.id,
        status: 'open',
        created_at: now,
        updated_at: now,
      })),
    );
    const storeIds = (
      await trx.selectFrom('stores').select('id').where('team_id', '=', teamId).orderBy('id').execute()
    ).map((s) => s.id);
    const terms = storeIds.map(() => {
      const years = [5, 10, 15][Math.floor(rng() * 3)]!;
      const commencement = addMonths('2016-01-01', Math.floor(rng() * 120));
      return { years, commencement, expiration: addMonths(commencement, years * 12, -1) };
    });
    await insertAll(
      trx,
      'leases',
      storeIds.map((storeId, i) => ({
        team_id: teamId,
        store_id: storeId,
        reference: `L-${String(i + 1).padStart(6, '0')}`,
        status: 'active',
        type: 'nnn',
        rentable_sqft: 1000 + Math.floor(rng() * 5000),
        commencement_date: terms[i]!.commencement,
        rent_commencement_date: terms[i]!.commencement,
        expiration_date: terms[i]!.expiration,
        created_at: now,
        updated_at: now,
      })),
    );
    const leaseIds = (
      await trx.selectFrom('leases').select('id').where('team_id', '=', teamId).orderBy('id').execute()
    ).map((l) => l.id);
    const rent: Row[] = [];
    const profiles: Row[] = [];
    for (const [i, leaseId] of leaseIds.entries()) {
      const { years, commencement, expiration } = terms[i]!;
      // Three rent periods, each 3 % above the last; the last runs to the expiration.
      const third = (years * 12) / 3;
      let monthly = 300_000 + Math.floor(rng() * 1_200_000);
      for (let p = 0; p < 3; p++) {
        rent.push({
          team_id: teamId,
          lease_id: leaseId,
          start_date: addMonths(commencement, p * third),
          end_date: p === 2 ? expiration : addMonths(commencement, (p + 1) * third, -1),
          monthly_cents: monthly,
          per_sqft_cents: null,
        });
        monthly = Math.round(monthly * 1.03);
      }
      profiles.push({
        team_id: teamId,
        lease_id: leaseId,
        standard: rng() < 0.7 ? 'asc842' : 'ifrs16',
        classification_answers: '{}',
        classification_override: null,
        classification_reason: null,
        exemption: 'none',
        commencement_date: null,
        discount_rate: (4 + Math.floor(rng() * 400) / 100).toFixed(2),
        rate_convention: 'nominal',
        payment_timing: rng() < 0.8 ? 'advance' : 'arrears',
        rounding: 'half_up',
        reasonably_certain_options: '[]',
        renewal_increase_percent: '0',
        initial_direct_costs_cents: rng() < 0.33 ? 500_000 : 0,
        incentives_cents: 0,
        prepaid_rent_cents: 0,
        updated_at: now,
      });
      if (rent.length >= 30_000) await insertAll(trx, 'lease_rent_rows', rent.splice(0));
      if (profiles.length >= 10_000) await insertAll(trx, 'lease_accounting_profiles', profiles.splice(0));
    }
    await insertAll(trx, 'lease_rent_rows', rent);
    await insertAll(trx, 'lease_accounting_profiles', profiles);
  });
  if (handle.dialect === 'postgres') await sql`vacuum analyze`.execute(handle.db);
  else await sql`analyze`.execute(handle.db);
  log(`  generated in ${seconds(performance.now() - started)}`);
}

/** The cached data set's URL: a SQLite file per size, or a PostgreSQL database whose comment names it. */
async function databaseUrl(): Promise<string> {
  const tag = `v${GENERATOR_VERSION}-l${LEASES}`;
  const pg = process.env.BENCH_DATABASE_URL;
  if (!pg) {
    const file = path.join(root, `.tmp/bench/storekeep-lease-accounting-${tag}.sqlite`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    return `sqlite:${file}`;
  }
  const admin = openDatabase(pg);
  const name = 'storekeep_bench_lease_accounting';
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
  return url.toString();
}

/** Every schedule through the service the schedule route calls; returns the time, the leases and the rows. */
async function recompute(handle: DatabaseHandle, dataDir: string, url: string) {
  const app = await buildApp({ config: benchAppConfig(url, dataDir), database: handle });
  const user = await handle.db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', OWNER_EMAIL)
    .executeTakeFirstOrThrow();
  const teamId = Number(user.current_team_id);
  const actor: Actor = {
    user,
    teamId,
    scope: teamScope(teamId),
    role: 'admin',
    isOwner: true,
    isDemo: false,
    ip: '127.0.0.1',
  };
  const ids = (
    await handle.db
      .selectFrom('lease_accounting_profiles')
      .select('lease_id')
      .where('team_id', '=', teamId)
      .orderBy('lease_id')
      .execute()
  ).map((r) => Number(r.lease_id));
  const started = performance.now();
  let rows = 0;
  let without = 0;
  for (let i = 0; i < ids.length; i += BATCH)
    for (const schedule of (await schedulesOf(app.deps, actor, ids.slice(i, i + BATCH))).values())
      if (schedule) rows += schedule.rows.length;
      else without += 1;
  const ms = performance.now() - started;
  if (without) throw new Error(`${without} leases made no schedule: the data set is wrong`);

  // A fresh data set has no stored rows yet: they are written once first (timed on its own), so that what
  // follows measures what new team rates cause, a rewrite of rows that exist.
  const firstStore = { ms: 0, stored: 0 };
  const anyStored = await handle.db
    .selectFrom('lease_accounting_schedule_rows')
    .select('id')
    .where('team_id', '=', teamId)
    .limit(1)
    .executeTakeFirst();
  if (!anyStored) {
    const firstStarted = performance.now();
    firstStore.stored = (await refreshSchedules(app.deps, teamId)).stored;
    firstStore.ms = performance.now() - firstStarted;
  }

  // Every stored schedule made stale (as new team rates do), then recomputed and written as a journal read
  // would before reading the month.
  // The event loop's delay is sampled meanwhile: the longest stretch a request would have waited behind it.
  await invalidateSchedules(handle.db, teamId, 'all');
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const storeStarted = performance.now();
  const { stored } = await refreshSchedules(app.deps, teamId);
  const storeMs = performance.now() - storeStarted;
  delay.disable();
  await app.close();
  const loopMs = { p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 };
  // A rewrite leaves every old row version dead on PostgreSQL. Production runs autovacuum, which would clean
  // them before long; this machine's PostgreSQL runs without it, so the bench does what autovacuum would, and
  // the exports read the table a production month-end would.
  let vacuumMs: number | null = null;
  if (handle.dialect === 'postgres') {
    const vacuumStarted = performance.now();
    await sql`vacuum (analyze) lease_accounting_schedule_rows, lease_accounting_schedules`.execute(handle.db);
    vacuumMs = performance.now() - vacuumStarted;
  }
  return { ms, leases: ids.length, rows, stored, storeMs, loopMs, firstStore, vacuumMs };
}

/** The bench team: its owner's current team. */
async function ownerTeamId(db: DatabaseHandle['db']): Promise<number> {
  const owner = await db
    .selectFrom('users')
    .select('current_team_id')
    .where('email', '=', OWNER_EMAIL)
    .executeTakeFirstOrThrow();
  return Number(owner.current_team_id);
}

/** Every stale schedule of the bench team stored, as the background refresh would. */
async function storeStale(handle: DatabaseHandle, dataDir: string, url: string) {
  const app = await buildApp({ config: benchAppConfig(url, dataDir), database: handle });
  const started = performance.now();
  const { stored } = await refreshSchedules(app.deps, await ownerTeamId(handle.db));
  await app.close();
  if (stored)
    log(
      `  (${stored.toLocaleString('en-US')} stale schedules stored first, ${seconds(performance.now() - started)})`,
    );
}

/** One journal export over HTTP, read as it streams, with the server's RSS sampled throughout. */
async function exportJournal(baseUrl: string, pid: number, session: { cookie: string }, format: string) {
  const sampler = sampleRss(pid);
  const started = performance.now();
  const response = await fetch(
    `${baseUrl}/app/api/v1/lease-accounting/journal/export?period=${PERIOD}&format=${format}`,
    { headers: { cookie: session.cookie } },
  );
  if (response.status !== 200)
    throw new Error(`export answered ${response.status}: ${await response.text()}`);
  let bytes = 0;
  let lines = 0;
  const first = { ms: 0 };
  for await (const chunk of response.body!) {
    if (!bytes) first.ms = performance.now() - started;
    bytes += chunk.length;
    if (format === 'csv') for (const byte of chunk as Uint8Array) if (byte === 10) lines += 1;
  }
  const ms = performance.now() - started;
  const rss = sampler.stop();
  return { ms, firstByteMs: first.ms, bytes, lines, rss };
}

async function main() {
  const url = await databaseUrl();
  const dataDir = path.join(root, '.tmp/bench/lease-accounting-data');
  const handle = openDatabase(url);
  await migrateToLatest(handle);
  log(
    `Lease accounting benchmark (${handle.dialect}): ${LEASES.toLocaleString('en-US')} leases with profiles; load ${load()}`,
  );
  const cached = await handle.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', OWNER_EMAIL)
    .executeTakeFirst();
  if (!cached) await generate(handle);
  else log('  (cached data set)');

  const exportOnly = process.env.BENCH_LA_ONLY === 'export';
  if (exportOnly) log('  (BENCH_LA_ONLY=export: the stored rows as the last run left them)');
  const schedules = exportOnly ? null : await recompute(handle, dataDir, url);
  // A full run leaves every schedule stale (its last step): the exports alone read stored rows, so they are
  // stored first.
  if (exportOnly) await storeStale(handle, dataDir, url);
  await handle.close();
  const lines: string[] = [];
  if (schedules) {
    const recomputeLine = `recompute: ${schedules.leases.toLocaleString('en-US')} schedules (${schedules.rows.toLocaleString('en-US')} monthly rows) in ${seconds(schedules.ms)}, ${(schedules.ms / schedules.leases).toFixed(2)} ms a lease (target ≤ 60 s for 120,000); load ${load()}`;
    log(`  ${recomputeLine}`);
    if (schedules.firstStore.stored) {
      const firstLine = `first store: ${schedules.firstStore.stored.toLocaleString('en-US')} schedules' rows written into an empty table in ${seconds(schedules.firstStore.ms)}, ${(schedules.firstStore.ms / schedules.firstStore.stored).toFixed(2)} ms a lease; load ${load()}`;
      log(`  ${firstLine}`);
      lines.push(firstLine);
    }
    const storeLine = `stored: ${schedules.stored.toLocaleString('en-US')} schedules made stale, recomputed and their rows rewritten in ${seconds(schedules.storeMs)}, ${(schedules.storeMs / Math.max(1, schedules.stored)).toFixed(2)} ms a lease; event loop delay meanwhile p99 ${schedules.loopMs.p99.toFixed(0)} ms, max ${schedules.loopMs.max.toFixed(0)} ms; load ${load()}`;
    log(`  ${storeLine}`);
    lines.push(recomputeLine, storeLine);
    if (schedules.vacuumMs !== null) {
      const vacuumLine = `vacuum (analyze) of the rewritten rows and schedules, as autovacuum would: ${seconds(schedules.vacuumMs)}`;
      log(`  ${vacuumLine}`);
      lines.push(vacuumLine);
    }
  }

  buildServer();
  let server = await startApp({ databaseUrl: url, dataDir });
  try {
    const session = await signInAs(server.url, OWNER_EMAIL, PASSWORD);
    for (let run = 1; run <= EXPORT_RUNS; run += 1)
      for (const format of FORMATS) {
        const result = await exportJournal(server.url, server.child.pid!, session, format);
        const line = `journal export ${PERIOD} (${format}, run ${run} of ${EXPORT_RUNS}): ${seconds(result.ms)} (first byte ${seconds(result.firstByteMs)}), ${mb(result.bytes)}${format === 'csv' ? `, ${(result.lines - 1).toLocaleString('en-US')} lines` : ''}; server RSS ${mb(result.rss.before)} before, peak ${mb(result.rss.peak)} (+${mb(result.rss.peak - result.rss.before)}) (target ≤ 10 s, growth < 100 MB); load ${load()}`;
        log(`  ${line}`);
        lines.push(line);
      }
    if (!exportOnly) {
      // As right after new team rates: every schedule stale, and the server's background refresh rewriting
      // them (its start queues it) while the month is read, which computes the stale leases' month for the
      // file instead of waiting for the refresh.
      await server.stop();
      const stale = openDatabase(url);
      await invalidateSchedules(stale.db, await ownerTeamId(stale.db), 'all');
      await stale.close();
      server = await startApp({ databaseUrl: url, dataDir });
      const again = await signInAs(server.url, OWNER_EMAIL, PASSWORD);
      for (const format of FORMATS) {
        const result = await exportJournal(server.url, server.child.pid!, again, format);
        const line = `journal export ${PERIOD} (${format}) with every schedule stale and the background refresh running, as right after new team rates: ${seconds(result.ms)} (first byte ${seconds(result.firstByteMs)})${format === 'csv' ? `, ${(result.lines - 1).toLocaleString('en-US')} lines` : ''}; server RSS +${mb(result.rss.peak - result.rss.before)}; load ${load()}`;
        log(`  ${line}`);
        lines.push(line);
      }
    }
  } finally {
    await server.stop();
  }
  const out = `# Lease accounting (${handle.dialect}, ${LEASES.toLocaleString('en-US')} leases, ${new Date().toISOString()}, commit ${gitCommit(root)})\n\n${lines.map((l) => `- ${l}`).join('\n')}\n`;
  // A part of a run leaves the whole run's results as they were.
  if (exportOnly) return;
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, `bench/results/lease-accounting-${handle.dialect}.md`), out);
  log(`\nWritten to bench/results/lease-accounting-${handle.dialect}.md`);
}

await main();
