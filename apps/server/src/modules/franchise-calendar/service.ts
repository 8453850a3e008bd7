import {
  addCalendarDays,
  addCalendarMonths,
  DEFAULT_FDD_UPDATE_DAYS,
  DEFAULT_REGISTRATION_RULES,
  fddUpdateDates,
  FRANCHISE_CALENDAR_MONTHS,
  franchiseCalendarSettingsInputSchema,
  registrationDates,
  registrationInputSchema,
  type FranchiseCalendarEntry,
  type FranchiseCalendarSettings,
  type Registration,
  type RegistrationBasis,
} from '@storekeep/contracts';
import type { z } from 'zod';
import type { Deps } from '../../platform/deps';
import { parseServiceBody } from '../../platform/service-body';
import { type Executor, writeTransaction } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { authorize, hasRole, type Actor } from '../../platform/policy';
import { bumpTeamWriteVersion } from '../../platform/team-cache';
import { FRANCHISE_CALENDAR_REMINDER_PREFIX, syncReminders, type CriticalDate } from '../reminders/index';
import { teamCalendar } from '../teams/index';

/** The disclosure calendar is team configuration: members read it, admins change it. */
const canUpdate = (actor: Actor) => hasRole(actor, 'admin');

const settingsRow = (db: Executor, teamId: number) =>
  db
    .selectFrom('franchise_calendar_settings')
    .select(['fiscal_year_end', 'fdd_update_days'])
    .where('team_id', '=', teamId)
    .executeTakeFirst();

const registrationRows = (db: Executor, teamId: number) =>
  db
    .selectFrom('franchise_registrations')
    .select(['id', 'state', 'basis', 'days', 'fixed_date', 'last_effective_date'])
    .where('team_id', '=', teamId)
    .orderBy('state')
    .orderBy('id')
    .execute();
type RegistrationRow = Awaited<ReturnType<typeof registrationRows>>[number];

const ruleOf = (r: RegistrationRow) => ({
  basis: r.basis as RegistrationBasis,
  days: r.days === null ? null : Number(r.days),
  fixed_date: r.fixed_date,
  last_effective_date: r.last_effective_date,
});

/** Today and the end of the calendar's window, in the team's time zone. */
async function windowOf(db: Executor, teamId: number) {
  const { today } = await teamCalendar(db, teamId);
  return { today, until: addCalendarMonths(today, FRANCHISE_CALENDAR_MONTHS) };
}

/** The computed dates between `from` and `to`: FDD update deadlines and each rule's renewals, by date. */
async function entriesBetween(db: Executor, teamId: number, from: string, to: string) {
  const settings = await settingsRow(db, teamId);
  const fye = settings?.fiscal_year_end ?? null;
  const entries: FranchiseCalendarEntry[] = fddUpdateDates(
    fye,
    Number(settings?.fdd_update_days ?? DEFAULT_FDD_UPDATE_DAYS),
    from,
    to,
  ).map((due) => ({
    kind: 'fdd_update',
    registration_id: null,
    state: null,
    due_date: due,
    title: 'Annual FDD update due',
  }));
  for (const r of await registrationRows(db, teamId))
    for (const due of registrationDates(ruleOf(r), fye, from, to))
      entries.push({
        kind: 'registration_renewal',
        registration_id: r.id,
        state: r.state,
        due_date: due,
        title: `${r.state} franchise registration renewal due`,
      });
  return entries.sort((a, b) => a.due_date.localeCompare(b.due_date) || a.title.localeCompare(b.title));
}

/**
 * Reminders of the calendar's dates, from a year back (so a passed deadline stays as history) to the end of
 * the window; they belong to the team, not to a record.
 */
async function syncCalendarReminders(trx: Executor, teamId: number) {
  const { today, until } = await windowOf(trx, teamId);
  const dates: CriticalDate[] = (await entriesBetween(trx, teamId, addCalendarDays(today, -365), until)).map(
    (e) => ({
      key: `${FRANCHISE_CALENDAR_REMINDER_PREFIX}${e.registration_id === null ? 'fdd' : `registration:${e.registration_id}`}:${e.due_date}`,
      source: 'franchise_calendar',
      title: e.title,
      due_date: e.due_date,
    }),
  );
  await syncReminders(
    trx,
    teamId,
    null,
    dates,
    (key) => key.startsWith(FRANCHISE_CALENDAR_REMINDER_PREFIX),
    today,
  );
}

export async function settingsOf(deps: Deps, actor: Actor): Promise<FranchiseCalendarSettings> {
  const row = await settingsRow(deps.db, actor.teamId);
  return {
    fiscal_year_end: row?.fiscal_year_end ?? null,
    fdd_update_days: Number(row?.fdd_update_days ?? DEFAULT_FDD_UPDATE_DAYS),
    abilities: { update: canUpdate(actor) },
  };
}

export async function saveSettings(deps: Deps, actor: Actor, body: unknown) {
  authorize(canUpdate(actor));
  const input = parseServiceBody(franchiseCalendarSettingsInputSchema, body);
  await writeTransaction(deps.db, async (trx) => {
    const now = nowIso();
    const updated = await trx
      .updateTable('franchise_calendar_settings')
      .set({
        fiscal_year_end: input.fiscal_year_end,
        fdd_update_days: input.fdd_update_days,
        updated_at: now,
      })
      .where('team_id', '=', actor.teamId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0)
      await trx
        .insertInto('franchise_calendar_settings')
        .values({
          team_id: actor.teamId,
          fiscal_year_end: input.fiscal_year_end,
          fdd_update_days: input.fdd_update_days,
          updated_at: now,
        })
        .execute();
    if (input.add_default_registrations && !(await registrationRows(trx, actor.teamId)).length)
      await trx
        .insertInto('franchise_registrations')
        .values(
          DEFAULT_REGISTRATION_RULES.map((r) => ({
            team_id: actor.teamId,
            state: r.state,
            basis: r.basis,
            days: r.days,
            fixed_date: null,
            last_effective_date: null,
            updated_at: now,
          })),
        )
        .execute();
    await syncCalendarReminders(trx, actor.teamId);
    await bumpTeamWriteVersion(trx, actor.teamId);
  });
  return settingsOf(deps, actor);
}

export async function listRegistrations(deps: Deps, actor: Actor): Promise<Registration[]> {
  const { today } = await windowOf(deps.db, actor.teamId);
  const fye = (await settingsRow(deps.db, actor.teamId))?.fiscal_year_end ?? null;
  // Far enough ahead for any rule's next date: every rule recurs yearly.
  const horizon = addCalendarDays(today, 800);
  return (await registrationRows(deps.db, actor.teamId)).map((r) => ({
    ...ruleOf(r),
    id: r.id,
    state: r.state,
    next_due: registrationDates(ruleOf(r), fye, today, horizon)[0] ?? null,
  }));
}

async function registrationOf(deps: Deps, actor: Actor, id: number) {
  const found = (await listRegistrations(deps, actor)).find((r) => r.id === id);
  if (!found) throw new AppError('not_found', 'Registration not found.');
  return found;
}

const valuesOf = (input: z.output<typeof registrationInputSchema>) => ({
  state: input.state,
  basis: input.basis,
  days: input.basis === 'fixed_date' ? null : input.days,
  fixed_date: input.basis === 'fixed_date' ? input.fixed_date : null,
  last_effective_date: input.last_effective_date,
  updated_at: nowIso(),
});

export async function createRegistration(deps: Deps, actor: Actor, body: unknown) {
  authorize(canUpdate(actor));
  const input = parseServiceBody(registrationInputSchema, body);
  const id = await writeTransaction(deps.db, async (trx) => {
    const row = await trx
      .insertInto('franchise_registrations')
      .values({ team_id: actor.teamId, ...valuesOf(input) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await syncCalendarReminders(trx, actor.teamId);
    await bumpTeamWriteVersion(trx, actor.teamId);
    return Number(row.id);
  });
  return registrationOf(deps, actor, id);
}

export async function updateRegistration(deps: Deps, actor: Actor, id: number, body: unknown) {
  await registrationOf(deps, actor, id);
  authorize(canUpdate(actor));
  const input = parseServiceBody(registrationInputSchema, body);
  await writeTransaction(deps.db, async (trx) => {
    await trx
      .updateTable('franchise_registrations')
      .set(valuesOf(input))
      .where('team_id', '=', actor.teamId)
      .where('id', '=', id)
      .execute();
    await syncCalendarReminders(trx, actor.teamId);
    await bumpTeamWriteVersion(trx, actor.teamId);
  });
  return registrationOf(deps, actor, id);
}

export async function deleteRegistration(deps: Deps, actor: Actor, id: number) {
  await registrationOf(deps, actor, id);
  authorize(canUpdate(actor));
  await writeTransaction(deps.db, async (trx) => {
    await trx
      .deleteFrom('franchise_registrations')
      .where('team_id', '=', actor.teamId)
      .where('id', '=', id)
      .execute();
    await syncCalendarReminders(trx, actor.teamId);
    await bumpTeamWriteVersion(trx, actor.teamId);
  });
}

/** The computed dates of the next 18 months. */
export async function calendarOf(deps: Deps, actor: Actor): Promise<FranchiseCalendarEntry[]> {
  const { today, until } = await windowOf(deps.db, actor.teamId);
  return entriesBetween(deps.db, actor.teamId, today, until);
}
