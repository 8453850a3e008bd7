import { sql } from 'kysely';
import { DEFAULT_LEAD_DAYS, DEFAULT_WINDOW_DAYS, type TeamSettings } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { bumpTeamWriteVersion } from '../../platform/team-cache';
import { authorize, hasRole, type Actor } from '../../platform/policy';
import { recordActivity } from '../activities/service';
import { writeTransaction } from '../../platform/db';

export async function getSettings(deps: Deps, actor: Actor, teamId: number): Promise<TeamSettings> {
  if (teamId !== actor.teamId) throw notFound('Team');
  const row = await deps.db.selectFrom('team_settings').selectAll().where('team_id', '=', teamId).executeTakeFirst();
  return {
    lead_days: row ? row.lead_days.split(',').map(Number) : [...DEFAULT_LEAD_DAYS],
    window_days: row?.window_days ?? DEFAULT_WINDOW_DAYS,
    alignment_days: row?.alignment_days ?? 90,
  };
}

/** Admins set lead times and windows; reminders move into view by the new longest lead time at once. */
export async function updateSettings(deps: Deps, actor: Actor, teamId: number, patch: Partial<TeamSettings>) {
  const current = await getSettings(deps, actor, teamId);
  authorize(hasRole(actor, 'admin'));
  const next = { ...current, ...patch, lead_days: [...new Set(patch.lead_days ?? current.lead_days)].sort((a, b) => b - a) };
  await writeTransaction(deps.db, async (trx) => {
    const values = { lead_days: next.lead_days.join(','), window_days: next.window_days, alignment_days: next.alignment_days };
    await trx.insertInto('team_settings').values({ team_id: teamId, ...values }).onConflict((oc) => oc.column('team_id').doUpdateSet(values)).execute();
    const lead = next.lead_days[0]!;
    const visibleFrom = deps.dialect === 'postgres' ? sql<string>`(due_date - ${lead}::int)` : sql<string>`date(due_date, ${`-${lead} days`})`;
    await trx.updateTable('reminders').set({ visible_from: visibleFrom }).where('team_id', '=', teamId).where('source', '!=', 'manual').execute();
    // Which reminders are in view changed: cached unread counts and totals must not survive it.
    await bumpTeamWriteVersion(trx, teamId);
    await recordActivity(trx, { teamId, userId: actor.user.id, subjectType: 'team', subjectId: teamId, action: 'settings_updated', changes: { before: current, after: next }, ip: actor.ip });
  });
  return next;
}
