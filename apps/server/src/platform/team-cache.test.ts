import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context';
import { buildUser } from '../../test/factories';
import { testDialect } from '../../test/global-setup';
import { writeTransaction } from './db';
import { bumpTeamWriteVersion, teamWriteVersion } from './team-cache';

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
