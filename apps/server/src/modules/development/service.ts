import {
  developmentScheduleInputSchema,
  SETTLED_DEVELOPMENT_STATUSES,
  type Agreement,
  type DevelopmentSchedule,
  type DevelopmentUnitStatus,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { parseServiceBody } from '../../platform/service-body';
import { type Executor, writeTransaction } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { authorize, hasRole, type Actor } from '../../platform/policy';
import { bumpTeamWriteVersion } from '../../platform/team-cache';
import { recordActivity } from '../activities/index';
import { getAgreement } from '../agreements/index';
import { DEVELOPMENT_REMINDER_PREFIX, syncReminders, type CriticalDate } from '../reminders/index';
import { teamCalendar } from '../teams/index';

/** The schedule follows the agreement: members read it, managers and up change it. */
const canUpdate = (actor: Actor) => hasRole(actor, 'manager');

/**
 * A unit is behind schedule once its open-by date has passed and it is neither open nor terminated.
 * The open-by date itself is still in time (the unit may open that day).
 */
export const isBehindSchedule = (unit: { open_by: string; status: string }, today: string) =>
  unit.open_by < today && !SETTLED_DEVELOPMENT_STATUSES.includes(unit.status as DevelopmentUnitStatus);

async function unitsOf(db: Executor, teamId: number, agreementId: number) {
  return db
    .selectFrom('development_units as u')
    .leftJoin('stores', (join) =>
      join.onRef('stores.id', '=', 'u.store_id').on('stores.deleted_at', 'is', null),
    )
    .select(['u.unit_number', 'u.open_by', 'u.status', 'stores.id as store_id', 'stores.name as store_name'])
    .where('u.team_id', '=', teamId)
    .where('u.agreement_id', '=', agreementId)
    .orderBy('u.unit_number')
    .execute();
}

export async function developmentOf(
  deps: Deps,
  actor: Actor,
  agreementId: number,
): Promise<DevelopmentSchedule> {
  // The agreements module answers 404 for another team's agreement before anything here runs.
  await getAgreement(deps, actor, agreementId);
  const { today } = await teamCalendar(deps.db, actor.teamId);
  const units = (await unitsOf(deps.db, actor.teamId, agreementId)).map((u) => ({
    unit_number: Number(u.unit_number),
    open_by: u.open_by,
    store: u.store_id === null ? null : { id: u.store_id, name: u.store_name ?? '' },
    status: u.status as DevelopmentUnitStatus,
    behind_schedule: isBehindSchedule(u, today),
  }));
  return {
    agreement_id: agreementId,
    units,
    behind_schedule: units.filter((u) => u.behind_schedule).length,
    abilities: { update: canUpdate(actor) },
  };
}

/** One reminder per unit still to open, due on its open-by date; open and terminated units have none. */
async function syncDevelopmentReminders(trx: Executor, teamId: number, agreement: Agreement) {
  const units = await unitsOf(trx, teamId, agreement.id);
  const name = agreement.agreement_number
    ? `agreement ${agreement.agreement_number}`
    : `agreement #${agreement.id}`;
  const dates: CriticalDate[] = units
    .filter((u) => !SETTLED_DEVELOPMENT_STATUSES.includes(u.status as DevelopmentUnitStatus))
    .map((u) => ({
      key: `${DEVELOPMENT_REMINDER_PREFIX}${agreement.id}:${u.unit_number}`,
      source: 'development',
      title: `Unit ${u.unit_number} of ${name} is due to open`,
      due_date: u.open_by,
    }));
  await syncReminders(
    trx,
    teamId,
    { type: 'agreement', id: agreement.id },
    dates,
    (key) => key.startsWith(`${DEVELOPMENT_REMINDER_PREFIX}${agreement.id}:`),
    // A unit already past its open-by date and not open is exactly what the franchisor must chase, not
    // history: its reminder stays open however late the schedule is typed in.
    '0001-01-01',
  );
}

/** Saves the whole schedule: units not sent are removed, with their reminders. */
export async function saveDevelopment(deps: Deps, actor: Actor, agreementId: number, body: unknown) {
  const agreement = await getAgreement(deps, actor, agreementId);
  authorize(canUpdate(actor));
  const { units } = parseServiceBody(developmentScheduleInputSchema, body);
  const errors: Record<string, string[]> = {};
  if (units.length && agreement.type !== 'area_development')
    errors.units = ['Only area development agreements have a development schedule.'];
  const seen = new Set<number>();
  units.forEach((u, i) => {
    if (seen.has(u.unit_number)) errors[`units.${i}.unit_number`] = ['The unit number is already taken.'];
    seen.add(u.unit_number);
  });
  const storeIds = [...new Set(units.flatMap((u) => (u.store_id === null ? [] : [u.store_id])))];
  const liveStores = new Set(
    storeIds.length
      ? (
          await deps.db
            .selectFrom('stores')
            .select('id')
            .where('team_id', '=', actor.teamId)
            .where('id', 'in', storeIds)
            .where('deleted_at', 'is', null)
            .execute()
        ).map((s) => s.id)
      : [],
  );
  units.forEach((u, i) => {
    if (u.store_id !== null && !liveStores.has(u.store_id))
      errors[`units.${i}.store_id`] = ['The selected store is invalid.'];
  });
  if (Object.keys(errors).length) throw new AppError('validation', Object.values(errors)[0]![0]!, errors);
  const before = await unitsOf(deps.db, actor.teamId, agreementId);
  await writeTransaction(deps.db, async (trx) => {
    await trx
      .deleteFrom('development_units')
      .where('team_id', '=', actor.teamId)
      .where('agreement_id', '=', agreementId)
      .execute();
    const now = nowIso();
    if (units.length)
      await trx
        .insertInto('development_units')
        .values(
          units.map((u) => ({
            team_id: actor.teamId,
            agreement_id: agreementId,
            unit_number: u.unit_number,
            open_by: u.open_by,
            store_id: u.store_id,
            status: u.status,
            updated_at: now,
          })),
        )
        .execute();
    await syncDevelopmentReminders(trx, actor.teamId, agreement);
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'agreement',
      subjectId: agreementId,
      action: 'updated',
      changes: { development_units: [before.length, units.length] },
      ip: actor.ip,
    });
    await bumpTeamWriteVersion(trx, actor.teamId);
  });
  return developmentOf(deps, actor, agreementId);
}
