import { sql } from 'kysely';
import type { AppMigration } from '../migration-helpers';

/**
 * `sales_store_years`: one row per (team, store, calendar year) with that year's twelve monthly sums of the
 * store's sales (`gross_01…12`, `net_01…12` = sum of net or else gross, `rows_01…12` = how many figures), by
 * the month of `period_start` — the month a figure belongs to (docs/decisions/0008-sales-roll-up-and-royalty-rules.md).
 *
 * Why: the royalty report over a team's whole history read every sales row (5M in the benchmark: ~1.4 s
 * for the query alone) and the sales summary grouped them all per store and month twice (10–30 s). Figures
 * are usually monthly already, so a (store, month) roll-up would not shrink anything; a year per row reads
 * twelve times fewer rows (420k for 60k stores × 7 years).
 *
 * Kept by triggers on `sales`, not by application code, so every writer is covered in its own transaction
 * — grid save, API create/update/delete, import and its undo/rollback, store or team purge (FK cascade),
 * the demo seed, manual SQL. Decrements are plain UPDATEs (the row exists unless a cascade removed it
 * first, and then there is nothing to keep); a year whose figures are all gone is deleted, so "no row" still
 * means "no sales". SQLite: row triggers (cheap, in-process). PostgreSQL: statement triggers with transition
 * tables, one grouped upsert per statement, so a 500-row import batch is one statement, not 500 function
 * calls; `gross = gross + excluded.gross` under the row lock is right with concurrent writers too.
 */
const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
const COLUMNS = ['gross', 'net', 'rows'].flatMap((kind) => MONTHS.map((m) => `${kind}_${m}`));
const allRows = MONTHS.map((m) => `rows_${m}`).join(' + ');

/** SQLite: the 36 values one sales row (`new` or `old`) adds to its year row. */
function sqliteValues(row: 'new' | 'old') {
  const month = `substr(${row}.period_start, 6, 2)`;
  const amounts = {
    gross: `${row}.gross_cents`,
    net: `coalesce(${row}.net_cents, ${row}.gross_cents)`,
    rows: '1',
  };
  return COLUMNS.map((column) => {
    const [kind, m] = column.split('_') as [keyof typeof amounts, string];
    return `case ${month} when '${m}' then ${amounts[kind]} else 0 end`;
  });
}

function sqliteAdd() {
  return `insert into sales_store_years (team_id, store_id, year, ${COLUMNS.join(', ')})
    values (new.team_id, new.store_id, cast(substr(new.period_start, 1, 4) as integer), ${sqliteValues('new').join(', ')})
    on conflict (team_id, store_id, year) do update set ${COLUMNS.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')};`;
}

function sqliteRemove() {
  const key = `team_id = old.team_id and store_id = old.store_id and year = cast(substr(old.period_start, 1, 4) as integer)`;
  const values = sqliteValues('old');
  return `update sales_store_years set ${COLUMNS.map((c, i) => `${c} = ${c} - ${values[i]}`).join(', ')} where ${key};
    delete from sales_store_years where ${key} and ${allRows} = 0;`;
}

/** PostgreSQL: the year rows a transition table (`added` or `removed`) adds, grouped per key. */
function postgresSums(table: 'added' | 'removed') {
  const amounts = { gross: 'gross_cents', net: 'coalesce(net_cents, gross_cents)', rows: '1' };
  const sums = COLUMNS.map((column) => {
    const [kind, m] = column.split('_') as [keyof typeof amounts, string];
    return `sum(case when extract(month from period_start) = ${Number(m)} then ${amounts[kind]} else 0 end) as ${column}`;
  });
  return `select team_id, store_id, extract(year from period_start)::int as year, ${sums.join(', ')} from ${table} group by 1, 2, 3 order by 1, 2, 3`;
}

const postgresAdd = `insert into sales_store_years as y (team_id, store_id, year, ${COLUMNS.join(', ')})
    ${postgresSums('added')}
    on conflict (team_id, store_id, year) do update set ${COLUMNS.map((c) => `${c} = y.${c} + excluded.${c}`).join(', ')};`;
// Rows are locked in key order (the upsert inserts in that order too), so two statements touching the same
// stores' years wait for each other instead of deadlocking.
const postgresRemove = `perform 1 from sales_store_years y where (y.team_id, y.store_id, y.year) in (select team_id, store_id, extract(year from period_start)::int from removed)
    order by y.team_id, y.store_id, y.year for update;
    update sales_store_years y set ${COLUMNS.map((c) => `${c} = y.${c} - d.${c}`).join(', ')}
    from (${postgresSums('removed')}) d where y.team_id = d.team_id and y.store_id = d.store_id and y.year = d.year;
    delete from sales_store_years y using (select distinct team_id, store_id, extract(year from period_start)::int as year from removed) d
    where y.team_id = d.team_id and y.store_id = d.store_id and y.year = d.year and ${allRows.replace(/rows_/g, 'y.rows_')} = 0;`;

export const salesStoreYears: AppMigration = {
  async up(db, dialect) {
    const cents = dialect === 'postgres' ? 'bigint' : 'integer';
    let table = db.schema
      .createTable('sales_store_years')
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('year', 'integer', (c) => c.notNull());
    for (const column of COLUMNS)
      table = table.addColumn(column, column.startsWith('rows') ? 'integer' : cents, (c) =>
        c.notNull().defaultTo(0),
      );
    table = table.addPrimaryKeyConstraint('sales_store_years_pkey', ['team_id', 'store_id', 'year']);
    // SQLite: clustered by the key, so a team's years are read in store order without a look-up per row.
    await (dialect === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table).execute();

    const year =
      dialect === 'postgres'
        ? 'extract(year from period_start)::int'
        : 'cast(substr(period_start, 1, 4) as integer)';
    const month =
      dialect === 'postgres'
        ? 'extract(month from period_start)::int'
        : 'cast(substr(period_start, 6, 2) as integer)';
    const amounts = { gross: 'gross_cents', net: 'coalesce(net_cents, gross_cents)', rows: '1' };
    const sums = COLUMNS.map((column) => {
      const [kind, m] = column.split('_') as [keyof typeof amounts, string];
      return `sum(case when ${month} = ${Number(m)} then ${amounts[kind]} else 0 end)`;
    });
    await sql
      .raw(
        `insert into sales_store_years (team_id, store_id, year, ${COLUMNS.join(', ')}) select team_id, store_id, ${year}, ${sums.join(', ')} from sales group by team_id, store_id, ${year}`,
      )
      .execute(db);

    if (dialect === 'postgres') {
      await sql
        .raw(
          `create function sales_store_years_added() returns trigger language plpgsql as $$ begin ${postgresAdd} return null; end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create function sales_store_years_removed() returns trigger language plpgsql as $$ begin ${postgresRemove} return null; end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create function sales_store_years_changed() returns trigger language plpgsql as $$ begin ${postgresRemove} ${postgresAdd} return null; end $$`,
        )
        .execute(db);
      await sql
        .raw(
          'create trigger sales_store_years_insert after insert on sales referencing new table as added for each statement execute function sales_store_years_added()',
        )
        .execute(db);
      await sql
        .raw(
          'create trigger sales_store_years_delete after delete on sales referencing old table as removed for each statement execute function sales_store_years_removed()',
        )
        .execute(db);
      await sql
        .raw(
          'create trigger sales_store_years_update after update on sales referencing old table as removed new table as added for each statement execute function sales_store_years_changed()',
        )
        .execute(db);
      await sql`analyze sales_store_years`.execute(db);
      return;
    }
    await sql
      .raw(`create trigger sales_store_years_insert after insert on sales begin ${sqliteAdd()} end`)
      .execute(db);
    await sql
      .raw(`create trigger sales_store_years_delete after delete on sales begin ${sqliteRemove()} end`)
      .execute(db);
    await sql
      .raw(
        `create trigger sales_store_years_update after update of team_id, store_id, period_start, gross_cents, net_cents on sales begin ${sqliteRemove()} ${sqliteAdd()} end`,
      )
      .execute(db);
  },
};
