/**
 * The deletes the app runs in bulk, timed with and without the foreign key indexes (migration 0061) on the
 * invoicing benchmark's data set: the month's invoices (a re-draft), a purge batch of 1,000 agreements, stores
 * or companies, and the whole team (demo reset, team deletion). Each runs in a transaction that is rolled back,
 * so every one sees the same rows; for "without", the 0061 indexes are dropped inside that transaction.
 *
 *   BENCH_INVOICING_AGREEMENTS=5000 npm run bench:invoicing      # once: makes (and caches) the data set
 *   BENCH_INVOICING_AGREEMENTS=5000 node --import tsx bench/deletes.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test … (both, for PostgreSQL)
 *
 * BENCH_DELETES_DATABASE_URL: a database that holds the data set under another name.
 *
 * Prints wall time and this process's CPU time; on SQLite the delete runs in this process, so CPU time is the
 * figure a busy machine distorts least. On PostgreSQL the work is the server's: only wall time means anything.
 */
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type Executor } from '../apps/server/src/platform/db';
import { migrateToLatest } from '../apps/server/src/platform/db/migrate';

const AGREEMENTS = Number(process.env.BENCH_INVOICING_AGREEMENTS ?? 60_000);
const OWNER_EMAIL = 'invoicing-owner@bench.storekeep.test';
const BATCH = 1000;
const root = path.resolve(import.meta.dirname, '..');

function url(): string {
  if (process.env.BENCH_DELETES_DATABASE_URL) return process.env.BENCH_DELETES_DATABASE_URL;
  const pg = process.env.BENCH_DATABASE_URL;
  if (!pg) return `sqlite:${path.join(root, `.tmp/bench/storekeep-invoicing-v1-a${AGREEMENTS}-f1.sqlite`)}`;
  const parsed = new URL(pg);
  parsed.pathname = '/storekeep_bench_invoicing';
  return parsed.toString();
}

async function main() {
  const handle = openDatabase(url(), { poolSize: 1 });
  await migrateToLatest(handle);
  const db = handle.db;
  const owner = await db
    .selectFrom('users')
    .select('current_team_id')
    .where('email', '=', OWNER_EMAIL)
    .executeTakeFirst();
  if (!owner?.current_team_id) throw new Error('no invoicing data set: run npm run bench:invoicing first');
  const team = owner.current_team_id;
  const first = async (table: 'franchise_agreements' | 'stores' | 'companies') =>
    (
      await db.selectFrom(table).select('id').where('team_id', '=', team).orderBy('id').limit(BATCH).execute()
    ).map((r) => r.id);
  const [agreements, stores, companies] = [
    await first('franchise_agreements'),
    await first('stores'),
    await first('companies'),
  ];
  const paths: Array<[string, (x: Executor) => Promise<unknown>]> = [
    [
      'invoices of the team (a re-draft)',
      (x) => x.deleteFrom('royalty_invoices').where('team_id', '=', team).execute(),
    ],
    [
      `${BATCH} agreements (a purge batch)`,
      (x) =>
        x
          .deleteFrom('franchise_agreements')
          .where('team_id', '=', team)
          .where('id', 'in', agreements)
          .execute(),
    ],
    [
      `${BATCH} stores (a purge batch)`,
      (x) => x.deleteFrom('stores').where('team_id', '=', team).where('id', 'in', stores).execute(),
    ],
    [
      `${BATCH} companies (a purge batch)`,
      (x) => x.deleteFrom('companies').where('team_id', '=', team).where('id', 'in', companies).execute(),
    ],
    ['the team (demo reset)', (x) => x.deleteFrom('teams').where('id', '=', team).execute()],
  ];
  const indexes =
    handle.dialect === 'postgres'
      ? await sql<{ name: string }>`
          select indexname as name from pg_indexes
          where schemaname = current_schema() and indexname like '%\_fk\_index'`.execute(db)
      : await sql<{ name: string }>`
          select name from sqlite_schema where type = 'index' and name like '%\_fk\_index' escape '\\'`.execute(
          db,
        );
  const counts = await Promise.all(
    (['royalty_invoices', 'royalty_invoice_lines', 'franchise_agreements', 'stores', 'sales'] as const).map(
      async (table) =>
        `${table} ${Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ).toLocaleString('en-US')}`,
    ),
  );
  console.log(
    `Bulk deletes (${handle.dialect}): ${counts.join(', ')}; ${indexes.rows.length} foreign key indexes`,
  );
  for (const variant of ['without', 'with'] as const) {
    for (const [name, run] of paths) {
      await db.connection().execute(async (x) => {
        await sql`begin`.execute(x);
        try {
          if (variant === 'without')
            for (const { name } of indexes.rows) await sql`drop index ${sql.id(name)}`.execute(x);
          const cpu = process.cpuUsage();
          const started = performance.now();
          await run(x);
          const wall = (performance.now() - started) / 1000;
          const used = process.cpuUsage(cpu);
          console.log(
            `  ${variant.padEnd(7)} ${name.padEnd(36)} ${wall.toFixed(2)} s wall, ${((used.user + used.system) / 1e6).toFixed(2)} s cpu (load ${os.loadavg()[0]!.toFixed(2)})`,
          );
        } finally {
          await sql`rollback`.execute(x);
        }
      });
    }
  }
  await handle.close();
}

await main();
