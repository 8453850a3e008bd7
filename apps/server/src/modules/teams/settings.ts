import { sql } from 'kysely';
import {
  DEFAULT_ACCOUNTING_READINGS,
  DEFAULT_LEAD_DAYS,
  DEFAULT_WINDOW_DAYS,
  todayIn,
  validationMessage,
  type BreakpointProration,
  type DayCount,
  type LeaseYearStart,
  type HolidayCalendar,
  type LeaseMonthConvention,
  type PaymentTiming,
  type RateConvention,
  type RoundingMode,
  type RoundingPrecision,
  type TeamSettings,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { type Executor, writeTransaction } from '../../platform/db';
import { nowIso } from '../../platform/clock';

/** The job kind that recomputes a team's option dates (registered by the leases module). */
export const RECOMPUTE_CRITICAL_DATES = 'recompute-critical-dates';
import { invalid, notFound } from '../../platform/errors';
import { bumpTeamWriteVersion, cachedForTeam, teamTimeZone } from '../../platform/team-cache';
import { teamDefaultsChanged } from '../../platform/team-defaults';
import { authorize, hasRole, type Actor } from '../../platform/policy';
import { recordActivity } from '../activities/index';

export async function getSettings(deps: Deps, actor: Actor, teamId: number): Promise<TeamSettings> {
  if (teamId !== actor.teamId) throw notFound('Team');
  return teamSettings(deps.db, teamId);
}

/** When no setting says otherwise: a store whose agreement and lease end further apart than this is flagged. */
const DEFAULT_ALIGNMENT_DAYS = 90;

/**
 * The team's settings, defaults filled in. Every lease page, agreements page, dashboard and critical-date
 * computation reads them; they change only in updateSettings, which bumps the team's write version, so they are
 * kept at that version. Frozen: every request shares the copy.
 */
export function teamSettings(db: Executor, teamId: number): Promise<TeamSettings> {
  return cachedForTeam(db, teamId, 'settings', async () => {
    const settings = await readSettingsRows(db, teamId);
    Object.freeze(settings.lead_days);
    for (const holiday of settings.holidays) Object.freeze(holiday);
    Object.freeze(settings.holidays);
    return Object.freeze(settings);
  });
}

async function readSettingsRows(db: Executor, teamId: number): Promise<TeamSettings> {
  const [row, holidays] = await Promise.all([
    db.selectFrom('team_settings').selectAll().where('team_id', '=', teamId).executeTakeFirst(),
    db
      .selectFrom('team_holidays')
      .select(['date', 'name'])
      .where('team_id', '=', teamId)
      .orderBy('date')
      .execute(),
  ]);
  return {
    lead_days: row ? row.lead_days.split(',').map(Number) : [...DEFAULT_LEAD_DAYS],
    window_days: row?.window_days ?? DEFAULT_WINDOW_DAYS,
    alignment_days: row?.alignment_days ?? DEFAULT_ALIGNMENT_DAYS,
    time_zone: row?.time_zone ?? 'UTC',
    digest_hour: row?.digest_hour ?? 7,
    expired_lease_status: (row?.expired_lease_status ?? 'holdover') as TeamSettings['expired_lease_status'],
    holiday_calendar: (row?.holiday_calendar ?? 'us_federal') as TeamSettings['holiday_calendar'],
    holidays: holidays.map((h) => ({ date: String(h.date), name: h.name })),
    lease_months: (row?.lease_months ?? 'anniversary') as LeaseMonthConvention,
    day_count: (row?.day_count ?? 'exclusive') as DayCount,
    percentage_year_start: (row?.percentage_year_start ?? 'rent_commencement') as LeaseYearStart,
    percentage_year_month: row?.percentage_year_month == null ? null : Number(row.percentage_year_month),
    percentage_proration: (row?.percentage_proration ?? 'days') as BreakpointProration,
    accounting_rate_convention: (row?.accounting_rate_convention ??
      DEFAULT_ACCOUNTING_READINGS.rate_convention) as RateConvention,
    accounting_payment_timing: (row?.accounting_payment_timing ??
      DEFAULT_ACCOUNTING_READINGS.payment_timing) as PaymentTiming,
    accounting_rounding: (row?.accounting_rounding ?? DEFAULT_ACCOUNTING_READINGS.rounding) as RoundingMode,
    accounting_precision: (row?.accounting_precision ??
      DEFAULT_ACCOUNTING_READINGS.precision) as RoundingPrecision,
  };
}

/** Lease accounting's readings for a profile that leaves one to the team. */
export type AccountingReadings = {
  rate_convention: RateConvention;
  payment_timing: PaymentTiming;
  rounding: RoundingMode;
  precision: RoundingPrecision;
};

/** A team's clock and calendar: what "today" is for it and which days are not business days. */
export type TeamCalendar = {
  timeZone: string;
  today: string;
  digestHour: number;
  expiredLeaseStatus: 'holdover' | 'expired';
  holidays: HolidayCalendar;
  leaseMonths: LeaseMonthConvention;
  dayCount: DayCount;
  /** Percentage rent's readings for a lease whose terms leave them to the team. */
  percentage: {
    lease_year_start: LeaseYearStart;
    lease_year_month: number | null;
    proration: BreakpointProration;
  };
  /** Lease accounting's readings for a profile that leaves them to the team. */
  accounting: AccountingReadings;
};

export async function teamCalendar(
  db: Executor,
  teamId: number,
  now: Date = new Date(),
): Promise<TeamCalendar> {
  const settings = await teamSettings(db, teamId);
  return {
    timeZone: settings.time_zone,
    today: todayIn(settings.time_zone, now),
    digestHour: settings.digest_hour,
    expiredLeaseStatus: settings.expired_lease_status,
    holidays: { base: settings.holiday_calendar, added: settings.holidays, removed: [] },
    leaseMonths: settings.lease_months,
    dayCount: settings.day_count,
    percentage: {
      lease_year_start: settings.percentage_year_start,
      lease_year_month: settings.percentage_year_month,
      proration: settings.percentage_proration,
    },
    accounting: {
      rate_convention: settings.accounting_rate_convention,
      payment_timing: settings.accounting_payment_timing,
      rounding: settings.accounting_rounding,
      precision: settings.accounting_precision,
    },
  };
}

/** The team's date today (its time zone), for the many places that only need that. */
export async function teamToday(db: Executor, teamId: number, now: Date = new Date()): Promise<string> {
  return todayIn(await teamTimeZone(db, teamId), now);
}

/** Admins set lead times and windows; reminders move into view by the new longest lead time at once. */
export async function updateSettings(deps: Deps, actor: Actor, teamId: number, patch: Partial<TeamSettings>) {
  const current = await getSettings(deps, actor, teamId);
  authorize(hasRole(actor, 'admin'));
  const next: TeamSettings = {
    ...current,
    ...patch,
    lead_days: [...new Set(patch.lead_days ?? current.lead_days)].sort((a, b) => b - a),
  };
  // The first month means something only for years that start on one; checked on the whole, as a PATCH may send either.
  if (next.percentage_year_start !== 'month') next.percentage_year_month = null;
  else if (next.percentage_year_month === null)
    throw invalid('percentage_year_month', validationMessage('required', 'first month'));
  await writeTransaction(deps.db, async (trx) => {
    const values = {
      lead_days: next.lead_days.join(','),
      window_days: next.window_days,
      alignment_days: next.alignment_days,
      time_zone: next.time_zone,
      digest_hour: next.digest_hour,
      expired_lease_status: next.expired_lease_status,
      holiday_calendar: next.holiday_calendar,
      lease_months: next.lease_months,
      day_count: next.day_count,
      percentage_year_start: next.percentage_year_start,
      percentage_year_month: next.percentage_year_month,
      percentage_proration: next.percentage_proration,
      accounting_rate_convention: next.accounting_rate_convention,
      accounting_payment_timing: next.accounting_payment_timing,
      accounting_rounding: next.accounting_rounding,
      accounting_precision: next.accounting_precision,
    };
    await trx
      .insertInto('team_settings')
      .values({ team_id: teamId, ...values })
      .onConflict((oc) => oc.column('team_id').doUpdateSet(values))
      .execute();
    if (patch.holidays) {
      await trx.deleteFrom('team_holidays').where('team_id', '=', teamId).execute();
      if (patch.holidays.length)
        await trx
          .insertInto('team_holidays')
          .values(patch.holidays.map((h) => ({ team_id: teamId, date: h.date, name: h.name })))
          .execute();
    }
    // Computed option dates follow the calendar and the counting rules: recompute them in the background.
    const calendarChanged =
      (['holiday_calendar', 'lease_months', 'day_count'] as const).some(
        (key) => next[key] !== current[key],
      ) || JSON.stringify(next.holidays) !== JSON.stringify(current.holidays);
    if (calendarChanged) {
      const now = nowIso();
      await trx
        .insertInto('jobs')
        .values({
          kind: RECOMPUTE_CRITICAL_DATES,
          team_id: teamId,
          payload: JSON.stringify({ teamId }),
          available_at: now,
          created_at: now,
        })
        .execute();
    }
    // Figures kept from the team's default readings (stored accounting schedules) follow them in this commit.
    await teamDefaultsChanged(
      trx,
      teamId,
      (Object.keys(next) as Array<keyof TeamSettings>).filter(
        (key) => key.startsWith('accounting_') && next[key] !== current[key],
      ),
    );
    const lead = next.lead_days[0]!;
    const visibleFrom =
      deps.dialect === 'postgres'
        ? sql<string>`(due_date - ${lead}::int)`
        : sql<string>`date(due_date, ${`-${lead} days`})`;
    await trx
      .updateTable('reminders')
      .set({ visible_from: visibleFrom })
      .where('team_id', '=', teamId)
      .where('source', '!=', 'manual')
      .execute();
    // Which reminders are in view changed: cached unread counts and totals must not survive it.
    await bumpTeamWriteVersion(trx, teamId);
    await recordActivity(trx, {
      teamId,
      userId: actor.user.id,
      subjectType: 'team',
      subjectId: teamId,
      action: 'settings_updated',
      changes: { before: current, after: next },
      ip: actor.ip,
    });
  });
  // What the commit queued (recomputed dates, refreshed schedules) starts now rather than at the next poll.
  deps.jobs.kick();
  return next;
}
