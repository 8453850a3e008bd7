import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../test/context';
import { buildUser } from '../../test/factories';
import { testDialect } from '../../test/global-setup';
import { observeQueries, rereadOtherConnections, writeTransaction } from './db';
import { bumpTeamWriteVersion, keepsTeamVersions, teamVersionAndToday, teamWriteVersion } from './team-cache';

const ctx = useTestApp();

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe("a team's write version", () => {
  it('moves once per committed write transaction, however often it is bumped inside, and not on a rollback', async () => {
    const { team } = await buildUser(ctx);
    const before = await teamWriteVersion(ctx.db, team.id);
    await writeTransaction(ctx.db, async (trx) => {
      await bumpTeamWriteVersion(trx, team.id);
      await bumpTeamWriteVersion(trx, team.id);
      // Taken at the end of the transaction, so not yet here.
      expect(await teamWriteVersion(trx, team.id)).toBe(before);
    });
    expect(await teamWriteVersion(ctx.db, team.id)).toBe(before + 1);

    await expect(
      writeTransaction(ctx.db, async (trx) => {
        await bumpTeamWriteVersion(trx, team.id);
        throw new Error('the write failed half way');
      }),
    ).rejects.toThrow('the write failed half way');
    expect(await teamWriteVersion(ctx.db, team.id)).toBe(before + 1);

    await bumpTeamWriteVersion(ctx.db, team.id);
    expect(await teamWriteVersion(ctx.db, team.id)).toBe(before + 2);
  });

  it.runIf(testDialect() === 'postgres')(
    "is kept by the app while it hears every bump: no statement to read it again, its own bump seen at once, another instance's on notification",
    async () => {
      const { team } = await buildUser(ctx);
      const db = ctx.app.deps.db;
      await vi.waitFor(() => expect(keepsTeamVersions(db)).toBe(true));
      const first = await teamVersionAndToday(db, team.id);
      const statements: string[] = [];
      const stop = observeQueries(db, (query) => statements.push(query.sql));
      try {
        expect(await teamVersionAndToday(db, team.id)).toEqual(first);
        expect(await teamWriteVersion(db, team.id)).toBe(first.version);
        expect(statements).toEqual([]);
        // This process's own write: its next read does not wait for the notification.
        await writeTransaction(ctx.db, (trx) => bumpTeamWriteVersion(trx, team.id));
        expect((await teamVersionAndToday(db, team.id)).version).toBe(first.version + 1);
      } finally {
        stop();
      }
      // Another instance's write (a connection of its own): the notification arrives when it commits.
      const other = new pg.Client({ connectionString: ctx.databaseUrl });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('update team_write_versions set version = version + 1 where team_id = $1', [
          team.id,
        ]);
        await other.query(`select pg_notify('storekeep_team_version', $1)`, [String(team.id)]);
        expect((await teamVersionAndToday(db, team.id)).version).toBe(first.version + 1);
        await other.query('commit');
      } finally {
        await other.end();
      }
      await vi.waitFor(async () =>
        expect((await teamVersionAndToday(db, team.id)).version).toBe(first.version + 2),
      );
    },
  );

  it.runIf(testDialect() === 'sqlite')(
    'is read again only once something was written: by this process at once, by another process sharing the file for the next request or turn after its commit',
    async () => {
      const { team } = await buildUser(ctx);
      const db = ctx.app.deps.db;
      const first = await teamVersionAndToday(db, team.id);
      const statements: string[] = [];
      const stop = observeQueries(db, (query) => statements.push(query.sql));
      const other = new DatabaseSync(ctx.databaseUrl.slice('sqlite:'.length));
      try {
        expect(await teamVersionAndToday(db, team.id)).toEqual(first);
        expect(await teamWriteVersion(db, team.id)).toBe(first.version);
        expect(statements).toEqual([]);
        // A write of this process, to any table: the next read asks the database.
        await writeTransaction(ctx.db, (trx) => bumpTeamWriteVersion(trx, team.id));
        expect((await teamVersionAndToday(db, team.id)).version).toBe(first.version + 1);
        // Another process's transaction: not seen while open (nothing committed), read once it commits.
        other.exec('PRAGMA busy_timeout = 5000');
        other.exec('begin immediate');
        other.prepare('update team_write_versions set version = version + 1 where team_id = ?').run(team.id);
        expect((await teamVersionAndToday(db, team.id)).version).toBe(first.version + 1);
        other.exec('commit');
        // Read again for the next request (each arrival rereads what other connections committed)…
        rereadOtherConnections(db);
        expect((await teamVersionAndToday(db, team.id)).version).toBe(first.version + 2);
        // …or, for background work, in the next turn of the event loop.
        const bump = other.prepare('update team_write_versions set version = version + 1 where team_id = ?');
        bump.run(team.id);
        await new Promise((resolve) => setImmediate(resolve));
        expect((await teamVersionAndToday(db, team.id)).version).toBe(first.version + 3);
        // Requests that arrive in one batch (one poll of the event loop) share one read; the next batch reads again.
        const read = statements.length;
        rereadOtherConnections(db);
        expect((await teamVersionAndToday(db, team.id)).version).toBe(first.version + 3);
        bump.run(team.id);
        rereadOtherConnections(db);
        expect((await teamVersionAndToday(db, team.id)).version).toBe(first.version + 3);
        await new Promise((resolve) => setImmediate(resolve));
        rereadOtherConnections(db);
        expect((await teamVersionAndToday(db, team.id)).version).toBe(first.version + 4);
        expect(statements.length - read).toBe(1);
      } finally {
        other.close();
        stop();
      }
    },
  );

  // Two connections writing at once: PostgreSQL only (SQLite has one writer, so no lock order to get wrong).
  if (testDialect() === 'postgres')
    it('lets two writes that touch a record and the version in opposite orders both commit (no deadlock)', async () => {
      const { team } = await buildUser(ctx);
      const before = await teamWriteVersion(ctx.db, team.id);
      const rename = (name: string) => (trx: Parameters<Parameters<typeof writeTransaction>[1]>[0]) =>
        trx.updateTable('teams').set({ name }).where('id', '=', team.id).execute();
      const secondHoldsTeamRow = deferred();
      // The first bumps the version and then edits the team's row; the second edits the row and then bumps.
      // Were the version's row locked where the bump is called, the first would hold it before the second
      // starts, the second's bump would wait for it, and the first's edit for the second's row: a deadlock
      // whatever the order of the two later statements, so the test need not wait for either to block.
      const first = writeTransaction(ctx.db, async (trx) => {
        await bumpTeamWriteVersion(trx, team.id);
        await secondHoldsTeamRow.promise;
        await rename('First')(trx);
      });
      const second = writeTransaction(ctx.db, async (trx) => {
        await rename('Second')(trx);
        secondHoldsTeamRow.resolve();
        await bumpTeamWriteVersion(trx, team.id);
      });
      await expect(Promise.all([first, second])).resolves.toBeDefined();
      expect(await teamWriteVersion(ctx.db, team.id)).toBe(before + 2);
      expect(
        (await ctx.db.selectFrom('teams').select('name').where('id', '=', team.id).executeTakeFirstOrThrow())
          .name,
      ).toBe('First');
    });
});
