import { setTimeout as sleep } from 'node:timers/promises';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@storekeep/contracts';
import { sql } from 'kysely';
import type { Deps } from './platform/deps';
import { nowIso } from './platform/clock';
import { hashPassword } from './modules/auth/index';
import { createPersonalTeam, setTeamName } from './modules/teams/index';
import { findUserByEmail, insertUser } from './modules/users/index';
import { seedPortfolio } from './demo/seed-portfolio';
import { seedDemoDocuments } from './demo/seed-documents';
import { crossTeam, writeTransaction, type Trx } from './platform/db';
import { discardBlob, releaseBlobs } from './platform/blobs';
import { variantKeys } from './modules/records/index';
import type { UserRow } from './platform/db/schema';

/**
 * Instances starting together on an empty database would all find no demo user and all insert one (the
 * losers stopped on a unique violation): the check is repeated under a lock that the first seeder holds until
 * it commits. PostgreSQL: a transaction-scoped advisory lock. SQLite: the write lock, taken by a first
 * statement that writes nothing (a deferred transaction that read first could not upgrade to it).
 */
async function lockSeeding(trx: Trx, dialect: Deps['dialect']) {
  if (dialect === 'postgres')
    await sql`select pg_advisory_xact_lock(hashtext('storekeep:seed-demo'))`.execute(trx);
  else await sql`update users set id = id where 0 = 1`.execute(trx);
}

/** The demo team of ARCHITECTURE §6 with its portfolio: made once, in one transaction, on a database without the demo user. */
export async function seedDemo(deps: Deps): Promise<boolean> {
  if (!deps.config.SEED_DEMO || (await findUserByEmail(deps.db, DEMO_EMAIL))) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // SQLite: waiting for another process's seed ends in "database is locked" after the busy timeout (5 s),
  // which a demo seed on a slow machine can outlast: the attempt is repeated, as the migrations' lock is.
  for (const started = Date.now(); ;) {
    try {
      const seeded = await seedOnce(deps, passwordHash);
      // The lease PDFs go through storage, outside the portfolio's transaction, like an upload.
      if (seeded) await seedDemoDocuments(deps, seeded.teamId, seeded.userId);
      return seeded !== null;
    } catch (error) {
      if (
        deps.dialect !== 'sqlite' ||
        !/locked|busy/i.test(String(error)) ||
        Date.now() - started > SEED_LOCK_WAIT_MS
      )
        throw error;
      await sleep(100);
    }
  }
}

const SEED_LOCK_WAIT_MS = 5 * 60_000;

function seedOnce(deps: Deps, passwordHash: string): Promise<{ teamId: number; userId: number } | null> {
  return writeTransaction(deps.db, async (trx) => {
    await lockSeeding(trx, deps.dialect);
    if (await findUserByEmail(trx, DEMO_EMAIL)) return null;
    const now = nowIso();
    const user = await insertUser(trx, {
      name: 'Demo User',
      email: DEMO_EMAIL,
      passwordHash,
      now,
      verifiedAt: now,
    });
    // A team seeded today is today's reset: the first hourly tick does not throw it away again.
    await claimResetDay(trx, now);
    return seedTeam(trx, user, now);
  });
}

async function seedTeam(trx: Trx, user: UserRow, now: string): Promise<{ teamId: number; userId: number }> {
  const team = await createPersonalTeam(trx, user, now);
  await setTeamName(trx, team.id, 'Demo Franchise Group', now);
  await seedPortfolio(trx, team.id, user.id);
  return { teamId: team.id, userId: user.id };
}

/** Today's (UTC) row of demo_resets; false when another instance, or an earlier tick, already has it. */
async function claimResetDay(trx: Trx, now: string): Promise<boolean> {
  const claimed = await trx
    .insertInto('demo_resets')
    .values({ day: now.slice(0, 10), reset_at: now })
    .onConflict((oc) => oc.doNothing())
    .returning('day')
    .executeTakeFirst();
  return claimed !== undefined;
}

/**
 * Puts the shared demo account back to the seed, so no visitor sees what an earlier one typed: the teams
 * the demo user owns are deleted (every team table cascades from `teams`) and the seed is written again,
 * in one transaction; its memberships of other teams end and its current team is the new demo team. Other
 * teams' data is not touched. `daily`: only the first caller of the UTC day resets (the hourly tick on
 * every instance); the operator's `npm run demo:reset` always does. Returns the new demo team, or null when
 * nothing was reset (SEED_DEMO off, or today's reset already done).
 */
export async function resetDemo(
  deps: Deps,
  options: { daily?: boolean } = {},
): Promise<{ teamId: number; userId: number } | null> {
  if (!deps.config.SEED_DEMO) return null;
  if (!(await findUserByEmail(deps.db, DEMO_EMAIL))) {
    // Never seeded (or the user was removed by hand): the ordinary seed is the reset.
    if (options.daily) return null;
    await seedDemo(deps);
    const user = await findUserByEmail(deps.db, DEMO_EMAIL);
    return user?.current_team_id ? { teamId: user.current_team_id, userId: user.id } : null;
  }
  let released: string[] = [];
  const seeded = await writeTransaction(deps.db, async (trx) => {
    await lockSeeding(trx, deps.dialect);
    const now = nowIso();
    if (!(await claimResetDay(trx, now)) && options.daily) return null;
    const user = await findUserByEmail(trx, DEMO_EMAIL);
    if (!user) return null;
    const teamIds = (
      await trx.selectFrom('teams').select('id').where('owner_id', '=', user.id).execute()
    ).map((t) => t.id);
    const versionKeys: string[] = [];
    const imageKeys: string[] = [];
    if (teamIds.length) {
      for (const row of await trx
        .selectFrom('document_versions')
        .innerJoin('documents', 'documents.id', 'document_versions.document_id')
        .select('document_versions.blob_key')
        .where('documents.team_id', 'in', teamIds)
        .execute())
        versionKeys.push(row.blob_key);
      for (const table of ['companies', 'brands', 'stores', 'contacts'] as const) {
        for (const row of await trx
          .selectFrom(table)
          .select('image_key')
          .where('team_id', 'in', teamIds)
          .where('image_key', 'is not', null)
          .execute())
          if (row.image_key) imageKeys.push(...variantKeys(row.image_key));
      }
      await trx.deleteFrom('teams').where('id', 'in', teamIds).execute();
    }
    await trx.deleteFrom('team_user').where('user_id', '=', user.id).execute();
    // A blob another team's version still names (the same bytes uploaded twice) stays.
    const candidates = [...new Set(versionKeys)];
    const stillUsed = new Set<string>();
    for (let at = 0; at < candidates.length; at += 500) {
      for (const row of await crossTeam(trx, 'demo reset: a blob stays while any team still names it')
        .selectFrom('document_versions')
        .select('blob_key')
        .where('blob_key', 'in', candidates.slice(at, at + 500))
        .execute())
        stillUsed.add(row.blob_key);
    }
    released = [...candidates.filter((key) => !stillUsed.has(key)), ...imageKeys];
    await releaseBlobs(trx, released);
    return seedTeam(trx, user, now);
  });
  for (const key of released) await discardBlob(deps, key);
  if (seeded) await seedDemoDocuments(deps, seeded.teamId, seeded.userId);
  return seeded;
}
