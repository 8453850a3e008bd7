import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import { testDialect } from '../../../test/global-setup';
import { openDatabase, type Executor } from './index';

const ctx = useTestApp();

/** The statements this connection has prepared (PostgreSQL's own list), by text. */
async function preparedOn(db: Executor) {
  const { rows } = await sql<{
    statement: string;
  }>`select statement from pg_prepared_statements`.execute(db);
  return rows.map((row) => row.statement);
}

describe.runIf(testDialect() === 'postgres')('prepared statements on PostgreSQL', () => {
  it('parses a statement once per connection and answers it the same each time', async () => {
    await ctx.db.connection().execute(async (connection) => {
      const read = (id: number) =>
        sql<{ n: number }>`select ${id}::int + 1 as n /* prepared once */`.execute(connection);
      expect((await read(1)).rows).toEqual([{ n: 2 }]);
      expect((await read(41)).rows).toEqual([{ n: 42 }]);
      const mine = (await preparedOn(connection)).filter((text) => text.includes('prepared once'));
      expect(mine).toHaveLength(1);
    });
  });

  it('prepares nothing inside a transaction, whose statements a failure would abort', async () => {
    await ctx.db.transaction().execute(async (trx) => {
      await sql`select 1 as one /* in a transaction */`.execute(trx);
      expect((await preparedOn(trx)).filter((text) => text.includes('in a transaction'))).toEqual([]);
    });
  });

  it('answers a `select *` prepared before a column was added with the new column (a rolling deploy)', async () => {
    await ctx.db.connection().execute(async (connection) => {
      await sql`create table prepared_probe (a integer)`.execute(connection);
      await sql`insert into prepared_probe (a) values (${1})`.execute(connection);
      const all = () => sql`select * from prepared_probe where a >= ${0}`.execute(connection);
      expect((await all()).rows).toEqual([{ a: 1 }]);
      // Another deployment's migration, on another connection.
      await sql`alter table prepared_probe add column b integer not null default 2`.execute(ctx.db);
      expect((await all()).rows).toEqual([{ a: 1, b: 2 }]);
      expect((await all()).rows).toEqual([{ a: 1, b: 2 }]);
      await sql`drop table prepared_probe`.execute(connection);
    });
  });

  it('prepares nothing when turned off (a transaction-mode pooler in front of the database)', async () => {
    const handle = openDatabase(ctx.databaseUrl, { poolSize: 1 });
    try {
      await sql`select 2 as two /* not prepared */`.execute(handle.db);
      expect((await preparedOn(handle.db)).filter((text) => text.includes('not prepared'))).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
