import { describe, expect, it } from 'vitest';
import {
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
  type KyselyPlugin,
} from 'kysely';
import { useTestApp } from '../../../test/context';
import type { Database } from './schema';
import { whereInScope } from './scope';
import {
  TEAM_KEYED_TABLES,
  TEAM_OWNED_TABLES,
  TenancyError,
  crossTeam,
  tenancyGuard,
  type TenancyViolation,
} from './tenancy-guard';

/** A database that compiles statements and answers every one with no rows, so only the guard can refuse. */
function guarded(plugin: KyselyPlugin = tenancyGuard('enforce')) {
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
    plugins: [plugin],
  });
}

const db = guarded();

describe('tenancy guard', () => {
  it('refuses a select, update or delete on a team-owned table without a team condition, naming table and kind', async () => {
    await expect(db.selectFrom('leases').selectAll().where('id', '=', 1).execute()).rejects.toThrow(
      /select on "leases" without a team_id condition/,
    );
    await expect(db.updateTable('stores').set({ name: 'x' }).where('id', '=', 1).execute()).rejects.toThrow(
      /update on "stores"/,
    );
    await expect(db.deleteFrom('notes').where('id', '=', 1).execute()).rejects.toBeInstanceOf(TenancyError);
  });

  it('accepts the same statements with the team in them', async () => {
    await db.selectFrom('leases').selectAll().where('team_id', '=', 7).where('id', '=', 1).execute();
    await db.updateTable('stores').set({ name: 'x' }).where('team_id', '=', 7).where('id', '=', 1).execute();
    await db.deleteFrom('notes').where('id', '=', 1).where('notes.team_id', 'in', [7, 8]).execute();
    await db.selectFrom('users').selectAll().where('id', '=', 1).execute();
  });

  it('does not count a team condition that only one branch of an OR makes', async () => {
    const query = db
      .selectFrom('leases')
      .selectAll()
      .where((eb) => eb.or([eb('team_id', '=', 7), eb('id', '=', 1)]));
    await expect(query.execute()).rejects.toThrow(/leases/);
  });

  it('checks every nested subquery on its own', async () => {
    const unscoped = db
      .selectFrom('leases')
      .selectAll()
      .where('team_id', '=', 7)
      .where('store_id', 'in', (eb) => eb.selectFrom('stores').select('id').where('name', '=', 'A'));
    await expect(unscoped.execute()).rejects.toThrow(/select on "stores"/);
    await db
      .selectFrom('leases')
      .selectAll()
      .where('team_id', '=', 7)
      .where('store_id', 'in', db.selectFrom('stores').select('id').where('team_id', '=', 7))
      .execute();
  });

  it('counts a join on the team, or on the owning foreign key of a scoped row, and nothing looser', async () => {
    await db
      .selectFrom('leases as l')
      .innerJoin('stores as s', 's.id', 'l.store_id')
      .leftJoin('lease_rent_rows as r', 'r.lease_id', 'l.id')
      .select(['l.id', 's.name'])
      .where('l.team_id', '=', 7)
      .execute();
    await db
      .selectFrom('leases as l')
      .innerJoin('stores as s', (join) =>
        join.onRef('s.team_id', '=', 'l.team_id').onRef('s.name', '=', 'l.type'),
      )
      .select('l.id')
      .where('l.team_id', '=', 7)
      .execute();
    const polymorphic = db
      .selectFrom('leases as l')
      .innerJoin('reminders as m', 'm.subject_id', 'l.id')
      .select('l.id')
      .where('l.team_id', '=', 7);
    await expect(polymorphic.execute()).rejects.toThrow(/select on "reminders"/);
    const fromUnscoped = db
      .selectFrom('leases as l')
      .innerJoin('stores as s', 's.id', 'l.store_id')
      .select('l.id')
      .where('s.name', '=', 'A');
    await expect(fromUnscoped.execute()).rejects.toThrow(/leases/);
  });

  it('follows a correlated subquery to the scoped row it belongs to', async () => {
    await db
      .selectFrom('leases')
      .select((eb) =>
        eb
          .selectFrom('lease_rent_rows')
          .select(eb.fn.countAll().as('n'))
          .whereRef('lease_rent_rows.lease_id', '=', 'leases.id')
          .as('rows'),
      )
      .where('leases.team_id', '=', 7)
      .execute();
  });

  it('does not read raw SQL: a raw fragment is no team condition', async () => {
    const query = db
      .selectFrom('leases')
      .selectAll()
      .where(sql<boolean>`team_id = ${7}`);
    await expect(query.execute()).rejects.toThrow(/leases/);
  });

  it('lets an allow-listed cross-team job through, and only through crossTeam', async () => {
    const job = crossTeam(db, 'test: a scan over every team');
    await job.selectFrom('reminders').selectAll().where('due_date', '<=', '2026-01-01').execute();
    await job.transaction().execute((trx) => trx.deleteFrom('notes').where('id', '=', 1).execute());
    await expect(db.selectFrom('reminders').selectAll().execute()).rejects.toThrow(/reminders/);
    expect(() => crossTeam(db, ' ')).toThrow(/reason/);
  });

  it('in report mode lets the statement run and says where it was built', async () => {
    const seen: TenancyViolation[] = [];
    await guarded(tenancyGuard('report', (violation) => seen.push(violation)))
      .selectFrom('documents')
      .selectAll()
      .execute();
    expect(seen).toEqual([
      { kind: 'select', table: 'documents', site: expect.stringContaining('tenancy-guard.test.ts') },
    ]);
  });
});

describe('whereInScope', () => {
  it('writes the team, by primary key in a form no index serves, and narrows to companies when the scope says so', async () => {
    const team = { teamId: 7, companyIds: null };
    const byId = db
      .selectFrom('leases')
      .select('id')
      .where((eb) => whereInScope(eb, team, 'leases', { byId: true }))
      .where('id', 'in', [1, 2]);
    expect(byId.compile().sql).toBe(
      'select "id" from "leases" where -"leases"."team_id" = ? and "id" in (?, ?)',
    );
    expect(byId.compile().parameters).toEqual([-7, 1, 2]);
    await byId.execute();
    const narrowed = db
      .selectFrom('stores')
      .select('id')
      .where((eb) =>
        whereInScope(eb, { teamId: 7, companyIds: [3] }, 'stores', { companyColumn: 'company_id' }),
      );
    // Narrowed, the companies' index finds the rows: the team's would walk all of the team's stores.
    expect(narrowed.compile().sql).toBe(
      'select "id" from "stores" where (-"stores"."team_id" = ? and "stores"."company_id" in (?))',
    );
    expect(narrowed.compile().parameters).toEqual([-7, 3]);
    expect(() =>
      db
        .selectFrom('notes')
        .where((eb) => whereInScope(eb, { teamId: 7, companyIds: [3] }, 'notes'))
        .compile(),
    ).toThrow(/narrowed to companies/);
  });
});

describe('tenancy guard tables', () => {
  const ctx = useTestApp();

  it('lists every table with a team_id column exactly once, as team-owned or team-keyed', async () => {
    const tables = await ctx.db.introspection.getTables();
    const withTeam = tables
      .filter((table) => table.columns.some((column) => column.name === 'team_id'))
      .map((table) => table.name)
      .sort();
    const listed = [...TEAM_OWNED_TABLES, ...Object.keys(TEAM_KEYED_TABLES)].sort();
    expect(listed).toEqual(withTeam);
  });

  it('guards the app of every API test', async () => {
    const appDb = ctx.app.deps.db;
    await expect(appDb.selectFrom('stores').selectAll().execute()).rejects.toThrow(TenancyError);
  });
});
