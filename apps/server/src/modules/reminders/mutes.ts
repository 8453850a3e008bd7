import type { Mute, REMINDER_SUBJECTS } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { type Executor, writeTransaction } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { notFound } from '../../platform/errors';
import { bumpTeamWriteVersion } from '../../platform/team-cache';
import type { Actor } from '../../platform/policy';

/** The table of each record type a reminder can be about (also what the reminders service checks subjects in). */
export const SUBJECT_TABLES = {
  lease: 'leases',
  agreement: 'franchise_agreements',
  document: 'documents',
  company: 'companies',
  brand: 'brands',
  store: 'stores',
  contact: 'contacts',
} as const satisfies Record<(typeof REMINDER_SUBJECTS)[number], string>;

const tables = { ...SUBJECT_TABLES, reminder: 'reminders' } as const satisfies Record<
  Mute['subject_type'],
  string
>;

/** Muting is personal, so any member may mute; the record must be one of the team's (else 404). */
async function assertSubject(db: Executor, teamId: number, mute: Mute) {
  const found = await db
    .selectFrom(tables[mute.subject_type])
    .select('id')
    .where('team_id', '=', teamId)
    .where('id', '=', mute.subject_id)
    .executeTakeFirst();
  if (!found) throw notFound('Record');
}

export async function listMutes(deps: Deps, actor: Actor): Promise<Mute[]> {
  const rows = await deps.db
    .selectFrom('notification_mutes')
    .select(['subject_type', 'subject_id'])
    .where('team_id', '=', actor.teamId)
    .where('user_id', '=', actor.user.id)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({
    subject_type: r.subject_type as Mute['subject_type'],
    subject_id: r.subject_id,
  }));
}

export async function muteSubject(deps: Deps, actor: Actor, mute: Mute): Promise<Mute> {
  await assertSubject(deps.db, actor.teamId, mute);
  await writeTransaction(deps.db, async (trx) => {
    await trx
      .insertInto('notification_mutes')
      .values({
        user_id: actor.user.id,
        team_id: actor.teamId,
        subject_type: mute.subject_type,
        subject_id: mute.subject_id,
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    // Reminder pages show `muted` and are cached per team write version.
    await bumpTeamWriteVersion(trx, actor.teamId);
  });
  return mute;
}

export async function unmuteSubject(deps: Deps, actor: Actor, mute: Mute): Promise<void> {
  await assertSubject(deps.db, actor.teamId, mute);
  await writeTransaction(deps.db, async (trx) => {
    await trx
      .deleteFrom('notification_mutes')
      .where('team_id', '=', actor.teamId)
      .where('user_id', '=', actor.user.id)
      .where('subject_type', '=', mute.subject_type)
      .where('subject_id', '=', mute.subject_id)
      .execute();
    await bumpTeamWriteVersion(trx, actor.teamId);
  });
}

/** `type:id` keys of what the user muted in the team, for presenting reminders. */
export async function mutedKeys(db: Executor, actor: Actor): Promise<Set<string>> {
  const rows = await db
    .selectFrom('notification_mutes')
    .select(['subject_type', 'subject_id'])
    .where('team_id', '=', actor.teamId)
    .where('user_id', '=', actor.user.id)
    .execute();
  return new Set(rows.map((r) => `${r.subject_type}:${r.subject_id}`));
}
