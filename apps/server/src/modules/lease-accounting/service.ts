import {
  DEFAULT_ACCOUNTING_READINGS,
  DEFAULT_GL_ACCOUNTS,
  fieldErrors,
  leaseAccountingInputSchema,
  leaseAccountingSettingsInputSchema,
  toCents,
  type AccountingReading,
  type BorrowingRateBand,
  type ClassificationAnswers,
  type GlAccounts,
  type Lease,
  type LeaseAccounting,
  type LeaseAccountingSettings,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { writeTransaction } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { authorize, hasRole, type Actor } from '../../platform/policy';
import { bumpTeamWriteVersion } from '../../platform/team-cache';
import { recordActivity } from '../activities/index';
import { getLease } from '../leases/index';
import { teamCalendar, type AccountingReadings } from '../teams/index';
import { presentProfile } from './presenter';
import * as repo from './repository';
import { readingsOf, resolveProfile, unsavedProfile, type OwnReadings, type Profile } from './terms';
import { queueScheduleRefresh } from './refresh-job';
import { refreshSchedules } from './stored';

/** The accounting follows the lease: members read it, managers and up change it; admins set team rates. */
const canUpdate = (actor: Actor) => hasRole(actor, 'manager');
const canManageSettings = (actor: Actor) => hasRole(actor, 'admin');

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    // Only this module writes these columns, always JSON; a damaged value reads as empty.
    return fallback;
  }
}

/** A saved reading is the lease's own only when its source says so; otherwise the team's applies. */
const ownReading = <T>(value: string, source: string) => (source === 'lease' ? (value as T) : null);

function profileFrom(row: repo.ProfileRow | undefined, team: AccountingReadings): Profile {
  if (!row) return unsavedProfile(team);
  return {
    saved: true,
    standard: row.standard as Profile['standard'],
    classification_answers: parseJson<ClassificationAnswers>(row.classification_answers, {}),
    classification_override: row.classification_override as Profile['classification_override'],
    classification_reason: row.classification_reason,
    exemption: row.exemption as Profile['exemption'],
    commencement_date: row.commencement_date === null ? null : String(row.commencement_date),
    discount_rate: row.discount_rate === null ? null : Number(row.discount_rate),
    ...readingsOf(
      {
        rate_convention: ownReading(row.rate_convention, row.rate_convention_source),
        payment_timing: ownReading(row.payment_timing, row.payment_timing_source),
        rounding: ownReading(row.rounding, row.rounding_source),
        precision: ownReading(row.precision, row.precision_source),
      },
      team,
    ),
    reasonably_certain_options: parseJson<number[]>(row.reasonably_certain_options, []),
    renewal_increase_percent: Number(row.renewal_increase_percent),
    initial_direct_costs_cents: Number(row.initial_direct_costs_cents),
    incentives_cents: Number(row.incentives_cents),
    prepaid_rent_cents: Number(row.prepaid_rent_cents),
  };
}

async function bandsOf(deps: Deps, teamId: number): Promise<BorrowingRateBand[]> {
  const row = await repo.settingsOf(deps.db, teamId);
  return row ? parseJson<BorrowingRateBand[]>(row.borrowing_rates, []) : [];
}

/** The team's GL accounts, each role's default name where it set none. */
export async function glAccountsOf(deps: Deps, teamId: number): Promise<GlAccounts> {
  const row = await repo.settingsOf(deps.db, teamId);
  const saved = row ? parseJson<Partial<GlAccounts>>(row.gl_accounts, {}) : {};
  return { ...DEFAULT_GL_ACCOUNTS, ...saved };
}

/** The team's default readings, for the profiles that leave one to it. */
const teamReadingsOf = async (deps: Deps, teamId: number) => (await teamCalendar(deps.db, teamId)).accounting;

export async function load(deps: Deps, actor: Actor, leaseId: number) {
  // The lease module answers 404 for another team's lease before anything here runs.
  const lease = await getLease(deps, actor, leaseId);
  const team = await teamReadingsOf(deps, actor.teamId);
  const profile = profileFrom(await repo.profileOf(deps.db, actor.teamId, leaseId), team);
  const resolved = resolveProfile(lease, profile, await bandsOf(deps, actor.teamId));
  return { lease, profile, resolved, team };
}

/**
 * `load` for several leases already read (by a member through `getLeases`, or by the server for the whole
 * team): their profiles and the team's rates read once.
 */
export async function resolveLeases(deps: Deps, teamId: number, leases: Lease[]) {
  const [profiles, bands, team] = await Promise.all([
    repo.profilesOf(
      deps.db,
      teamId,
      leases.map((lease) => lease.id),
    ),
    bandsOf(deps, teamId),
    teamReadingsOf(deps, teamId),
  ]);
  const profileRows = new Map(profiles.map((row) => [Number(row.lease_id), row]));
  return leases.map((lease) => {
    const profile = profileFrom(profileRows.get(lease.id), team);
    return { lease, profile, resolved: resolveProfile(lease, profile, bands) };
  });
}

export async function accountingOf(deps: Deps, actor: Actor, leaseId: number): Promise<LeaseAccounting> {
  const { profile, resolved } = await load(deps, actor, leaseId);
  return presentProfile(leaseId, profile, resolved, canUpdate(actor));
}

export function validationError(errors: Record<string, string[]>): AppError {
  return new AppError('validation', Object.values(errors)[0]![0]!, errors);
}

/** Option positions that are not renewals with a length (the rest of the lease is checked on the schedule). */
function optionErrors(lease: Lease, positions: number[]): Record<string, string[]> {
  const bad = positions.find((p) => {
    const option = lease.options[p];
    return !option || option.kind !== 'renewal' || !option.length_months;
  });
  return bad === undefined
    ? {}
    : { reasonably_certain_options: [`Option ${bad + 1} is not a renewal option with a length.`] };
}

export async function saveAccounting(
  deps: Deps,
  actor: Actor,
  leaseId: number,
  body: unknown,
): Promise<LeaseAccounting> {
  const { lease, profile: before, team } = await load(deps, actor, leaseId);
  authorize(canUpdate(actor));
  const parsed = leaseAccountingInputSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(fieldErrors(parsed.error));
  const input = parsed.data;
  const errors = optionErrors(lease, input.reasonably_certain_options);
  if (input.commencement_date && Number.isNaN(Date.parse(input.commencement_date)))
    errors.commencement_date = ['The commencement date is not a valid date.'];
  if (Object.keys(errors).length > 0) throw validationError(errors);

  const next: Profile = {
    saved: true,
    standard: input.standard,
    classification_answers: input.classification_answers,
    classification_override: input.classification_override,
    classification_reason: input.classification_override ? input.classification_reason : null,
    exemption: input.exemption,
    commencement_date: input.commencement_date,
    discount_rate: input.discount_rate,
    ...readingsOf(input, team),
    reasonably_certain_options: [...new Set(input.reasonably_certain_options)].sort((a, b) => a - b),
    renewal_increase_percent: input.renewal_increase_percent,
    initial_direct_costs_cents: toCents(input.initial_direct_costs),
    incentives_cents: toCents(input.incentives),
    prepaid_rent_cents: toCents(input.prepaid_rent),
  };
  // An exemption the term does not allow is refused here; what the lease itself lacks stays a problem to show.
  const resolved = resolveProfile(lease, next, await bandsOf(deps, actor.teamId));
  if (resolved.problems.exemption) throw validationError({ exemption: [resolved.problems.exemption] });

  await writeTransaction(deps.db, async (trx) => {
    await repo.saveProfile(trx, actor.teamId, leaseId, {
      standard: next.standard,
      classification_answers: JSON.stringify(next.classification_answers),
      classification_override: next.classification_override,
      classification_reason: next.classification_reason,
      exemption: next.exemption,
      commencement_date: next.commencement_date,
      discount_rate: next.discount_rate === null ? null : String(next.discount_rate),
      ...storedReadings(input),
      reasonably_certain_options: JSON.stringify(next.reasonably_certain_options),
      renewal_increase_percent: String(next.renewal_increase_percent),
      initial_direct_costs_cents: next.initial_direct_costs_cents,
      incentives_cents: next.incentives_cents,
      prepaid_rent_cents: next.prepaid_rent_cents,
      updated_at: nowIso(),
    });
    await repo.touchSchedule(trx, actor.teamId, leaseId);
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'lease',
      subjectId: leaseId,
      action: 'updated',
      changes: { accounting_profile: [before.saved ? before : null, next] },
      ip: actor.ip,
    });
    await bumpTeamWriteVersion(trx, actor.teamId);
  });
  // Stored now rather than by the background refresh: one lease is quick.
  await refreshSchedules(deps, actor.teamId, { leaseIds: [leaseId] });
  return presentProfile(leaseId, next, resolved, canUpdate(actor));
}

/**
 * A profile's readings as saved: a reading left to the team keeps its column filled with the common value (the
 * column is required) but is not read, as its source says.
 */
function storedReadings(own: OwnReadings) {
  const value = <R extends AccountingReading>(reading: R) =>
    own[reading] ?? DEFAULT_ACCOUNTING_READINGS[reading];
  const source = (reading: AccountingReading) => (own[reading] === null ? 'team' : 'lease');
  return {
    rate_convention: value('rate_convention'),
    payment_timing: value('payment_timing'),
    rounding: value('rounding'),
    precision: value('precision'),
    rate_convention_source: source('rate_convention'),
    payment_timing_source: source('payment_timing'),
    rounding_source: source('rounding'),
    precision_source: source('precision'),
  };
}

export async function settingsOf(deps: Deps, actor: Actor): Promise<LeaseAccountingSettings> {
  const bands = await bandsOf(deps, actor.teamId);
  return {
    borrowing_rates: [...bands].sort((a, b) => a.up_to_months - b.up_to_months),
    gl_accounts: await glAccountsOf(deps, actor.teamId),
    abilities: { update: canManageSettings(actor) },
  };
}

export async function saveSettings(
  deps: Deps,
  actor: Actor,
  body: unknown,
): Promise<LeaseAccountingSettings> {
  authorize(canManageSettings(actor));
  const parsed = leaseAccountingSettingsInputSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(fieldErrors(parsed.error));
  const bands = [...parsed.data.borrowing_rates].sort((a, b) => a.up_to_months - b.up_to_months);
  const terms = bands.map((band) => band.up_to_months);
  if (new Set(terms).size !== terms.length)
    throw validationError({ borrowing_rates: ['Each term may have one rate.'] });
  const before = await settingsOf(deps, actor);
  const accounts = Object.fromEntries(
    Object.entries(parsed.data.gl_accounts).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  await writeTransaction(deps.db, async (trx) => {
    await repo.saveSettings(trx, actor.teamId, {
      borrowing_rates: JSON.stringify(bands),
      gl_accounts: JSON.stringify(accounts),
      updated_at: nowIso(),
    });
    // A lease without its own rate takes one from the table: those schedules are recomputed, in the background.
    if ((await repo.invalidateTableRated(trx, actor.teamId)) > 0)
      await queueScheduleRefresh(trx, actor.teamId);
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'team',
      subjectId: actor.teamId,
      action: 'updated',
      changes: {
        lease_accounting_borrowing_rates: [before.borrowing_rates, bands],
        lease_accounting_gl_accounts: [before.gl_accounts, { ...DEFAULT_GL_ACCOUNTS, ...accounts }],
      },
      ip: actor.ip,
    });
    await bumpTeamWriteVersion(trx, actor.teamId);
  });
  deps.jobs.kick();
  return settingsOf(deps, actor);
}
