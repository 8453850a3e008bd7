import {
  DEFAULT_PERCENTAGE_RENT_TERMS,
  percentageRentTermsInputSchema,
  toCents,
  type BreakpointKind,
  type BreakpointProration,
  type Lease,
  type LeaseYearStart,
  type PercentageRent,
  type ReadingSource,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { parseServiceBody } from '../../platform/service-body';
import { writeTransaction, type Executor } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { authorize, hasRole, type Actor } from '../../platform/policy';
import { bumpTeamWriteVersion } from '../../platform/team-cache';
import { storesChanged } from '../../platform/store-changes';
import { recordActivity } from '../activities/index';
import { getLease } from '../leases/index';
import { storeSalesByDay } from '../sales/index';
import { teamCalendar, type TeamCalendar } from '../teams/index';
import { leaseYearsOf, type PercentageLease, type TermsCents } from './calculations';
import * as repo from './repository';
import { percentageRentYear } from './years';

/** Percentage rent follows the lease: members read it, managers and up change its terms. */
const canUpdate = (actor: Actor) => hasRole(actor, 'manager');

const dollars = (cents: number) => cents / 100;

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    // Only this module writes these columns, always JSON; a damaged value reads as empty.
    return fallback;
  }
}

export type ResolvedTerms = TermsCents & {
  saved: boolean;
  lease_year_start_source: ReadingSource;
  proration_source: ReadingSource;
};

/**
 * The lease's terms, each reading its own or, where it leaves one to the team (or was never saved), the
 * team's default of today: a changed default moves those leases' figures and no other.
 */
export function termsFrom(row: repo.TermsRow | undefined, team: TeamCalendar['percentage']): ResolvedTerms {
  const yearStart =
    row && row.year_start_source === 'lease'
      ? {
          lease_year_start: row.lease_year_start as LeaseYearStart,
          lease_year_month: row.lease_year_month === null ? null : Number(row.lease_year_month),
          lease_year_start_source: 'lease' as const,
        }
      : {
          lease_year_start: team.lease_year_start,
          lease_year_month: team.lease_year_month,
          lease_year_start_source: 'team' as const,
        };
  const proration =
    row && row.proration_source === 'lease'
      ? { proration: row.proration as BreakpointProration, proration_source: 'lease' as const }
      : { proration: team.proration, proration_source: 'team' as const };
  if (!row)
    return {
      saved: false,
      breakpoint_kind: DEFAULT_PERCENTAGE_RENT_TERMS.breakpoint_kind,
      ...yearStart,
      ...proration,
      tiers: [],
      schedule: new Map(),
    };
  const schedule = parseJson<Array<{ lease_year: number; breakpoint_cents: number }>>(
    row.breakpoint_schedule,
    [],
  );
  return {
    saved: true,
    breakpoint_kind: row.breakpoint_kind as BreakpointKind,
    ...yearStart,
    ...proration,
    tiers: parseJson<TermsCents['tiers']>(row.tiers, []),
    schedule: new Map(schedule.map((s) => [s.lease_year, s.breakpoint_cents])),
  };
}

function leaseInput(lease: Lease): PercentageLease {
  return {
    commencement_date: lease.commencement_date,
    rent_commencement_date: lease.rent_commencement_date,
    expiration_date: lease.expiration_date,
    rentable_sqft: lease.rentable_sqft,
    rate: lease.percentage_rent_rate,
    breakpoint_cents: toCents(lease.percentage_rent_breakpoint),
    rent: lease.rent_schedule.map((r) => ({
      start_date: r.start_date,
      end_date: r.end_date,
      monthly_cents: toCents(r.monthly_amount),
      per_sqft_cents: toCents(r.amount_per_sqft),
    })),
  };
}

/** The lease's terms and every lease year's figure, each with the readings that made it. */
export async function percentageRentOf(deps: Deps, actor: Actor, leaseId: number): Promise<PercentageRent> {
  // The lease module answers 404 for another team's lease before anything here runs.
  const lease = await getLease(deps, actor, leaseId);
  const { today, percentage } = await teamCalendar(deps.db, actor.teamId);
  const terms = termsFrom(await repo.termsOf(deps.db, actor.teamId, leaseId), percentage);
  const input = leaseInput(lease);
  const years = leaseYearsOf(input, terms, today);
  const sales =
    years.length && lease.store
      ? await storeSalesByDay(deps.db, actor.teamId, lease.store.id, years[0]!.start, years.at(-1)!.end)
      : [];
  const figures = sales.map((s) => ({ period_start: s.day, gross_cents: s.gross }));
  return {
    lease: { id: lease.id, reference: lease.reference },
    store: { id: lease.store?.id ?? 0, name: lease.store?.name ?? '' },
    rate: lease.percentage_rent_rate,
    terms: {
      saved: terms.saved,
      breakpoint_kind: terms.breakpoint_kind,
      lease_year_start: terms.lease_year_start,
      lease_year_month: terms.lease_year_month,
      proration: terms.proration,
      lease_year_start_source: terms.lease_year_start_source,
      proration_source: terms.proration_source,
      tiers: terms.tiers.map((t) => ({ from_sales: dollars(t.from_cents), rate: t.rate })),
      breakpoint_schedule: [...terms.schedule].map(([year, cents]) => ({
        lease_year: year,
        breakpoint: dollars(cents),
      })),
    },
    excluded_categories_supported: false,
    years: years.map((year) => percentageRentYear(input, terms, year, figures, today)),
    abilities: { update: canUpdate(actor) },
  };
}

export async function saveTerms(
  deps: Deps,
  actor: Actor,
  leaseId: number,
  body: unknown,
): Promise<PercentageRent> {
  const before = await percentageRentOf(deps, actor, leaseId);
  authorize(canUpdate(actor));
  const terms = parseServiceBody(percentageRentTermsInputSchema, body);
  await writeTransaction(deps.db, async (trx) => {
    await repo.saveTerms(trx, actor.teamId, leaseId, {
      breakpoint_kind: terms.breakpoint_kind,
      // A reading left to the team keeps the column filled (it is required) but is not read: the source says so.
      lease_year_start: terms.lease_year_start ?? DEFAULT_PERCENTAGE_RENT_TERMS.lease_year_start,
      lease_year_month: terms.lease_year_start === 'month' ? terms.lease_year_month : null,
      proration: terms.proration ?? DEFAULT_PERCENTAGE_RENT_TERMS.proration,
      year_start_source: terms.lease_year_start === null ? 'team' : 'lease',
      proration_source: terms.proration === null ? 'team' : 'lease',
      tiers: JSON.stringify(
        [...terms.tiers]
          .sort((a, b) => a.from_sales - b.from_sales)
          .map((t) => ({ from_cents: toCents(t.from_sales), rate: t.rate })),
      ),
      breakpoint_schedule: JSON.stringify(
        [...terms.breakpoint_schedule]
          .sort((a, b) => a.lease_year - b.lease_year)
          .map((s) => ({ lease_year: s.lease_year, breakpoint_cents: toCents(s.breakpoint) })),
      ),
      updated_at: nowIso(),
    });
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'lease',
      subjectId: leaseId,
      action: 'updated',
      changes: { percentage_rent_terms: [before.terms, { ...terms, saved: true }] },
      ip: actor.ip,
    });
    await storesChanged(trx, actor.teamId, [before.store.id]);
    await bumpTeamWriteVersion(trx, actor.teamId);
  });
  return percentageRentOf(deps, actor, leaseId);
}

/**
 * The lease's own stated breakpoint applies to every lease year instead of the natural one, the other readings
 * left to the team: for leases written outside a request whose contract states a figure (the demo portfolio).
 */
export async function useStatedBreakpoint(db: Executor, teamId: number, leaseId: number) {
  await repo.saveTerms(db, teamId, leaseId, {
    breakpoint_kind: 'artificial',
    lease_year_start: DEFAULT_PERCENTAGE_RENT_TERMS.lease_year_start,
    lease_year_month: null,
    proration: DEFAULT_PERCENTAGE_RENT_TERMS.proration,
    year_start_source: 'team',
    proration_source: 'team',
    tiers: '[]',
    breakpoint_schedule: '[]',
    updated_at: nowIso(),
  });
}
