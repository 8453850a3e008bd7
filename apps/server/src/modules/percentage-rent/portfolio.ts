import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Readable } from 'node:stream';
import type { PercentageRentDue } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import type { Actor } from '../../platform/policy';
import { csvStream, Fixed, type Cell } from '../../platform/tabular';
import { cachedForTeam } from '../../platform/team-cache';
import { payableLeases, type PayableLeaseRow } from '../leases/index';
import { reportRange, storesSalesByDay } from '../sales/index';
import { teamCalendar } from '../teams/index';
import { leaseYearsOf, type LeaseYear, type PercentageLease, type SalesFigure } from './calculations';
import { percentageTermsOfLeases } from './terms';
import { percentageRentYear, yearStatus } from './years';

type Raw = Record<string, string | string[]>;

/** Stores whose sales one read brings in: the portfolio is worked through in slices, never held whole. */
const STORES_PER_READ = 500;

type Wanted = { lease: PayableLeaseRow; input: PercentageLease; years: LeaseYear[] };

/**
 * Percentage rent of every lease year overlapping [from, to], each year counted whole and computed by the
 * lease's own terms through the function its statement uses (`percentageRentYear`): breakpoint basis, missing
 * months and provisional years as the lease tab shows them. Reads are batched: the leases with their rent rows
 * and terms in one pass, then the sales of `STORES_PER_READ` stores at a time.
 */
export async function percentageRentPortfolio(
  deps: Deps,
  actor: Actor,
  raw: Raw,
): Promise<PercentageRentDue[]> {
  const { from, to } = reportRange(raw);
  const { db } = deps;
  const teamId = actor.teamId;
  const { today } = await teamCalendar(db, teamId);
  return cachedForTeam(db, teamId, `percentage-rent:portfolio:${from}:${to}:${today}`, async () => {
    const leases = await payableLeases(db, teamId, undefined, { percentageRentOnly: true });
    const termsOf = await percentageTermsOfLeases(
      db,
      teamId,
      leases.map((l) => l.id),
    );
    const wanted: Wanted[] = [];
    for (const lease of leases) {
      const input: PercentageLease = {
        ...lease,
        rate: lease.percentage_rent_rate,
        breakpoint_cents: lease.percentage_rent_breakpoint_cents,
      };
      const years = leaseYearsOf(input, termsOf(lease.id), today).filter(
        (y) => y.end >= from && y.start <= to,
      );
      if (years.length) wanted.push({ lease, input, years });
    }
    wanted.sort(
      (a, b) => a.lease.store_name.localeCompare(b.lease.store_name, 'en') || a.lease.id - b.lease.id,
    );
    const rows: PercentageRentDue[] = [];
    for (let i = 0; i < wanted.length;) {
      const stores = new Set<number>();
      let j = i;
      while (j < wanted.length && (stores.size < STORES_PER_READ || stores.has(wanted[j]!.lease.store_id)))
        stores.add(wanted[j++]!.lease.store_id);
      const slice = wanted.slice(i, j);
      i = j;
      const years = slice.flatMap((w) => w.years);
      const start = years.reduce((min, y) => (y.start < min ? y.start : min), years[0]!.start);
      const end = years.reduce((max, y) => (y.end > max ? y.end : max), years[0]!.end);
      const salesOf = new Map<number, SalesFigure[]>();
      for (const s of await storesSalesByDay(db, teamId, [...stores], start, end))
        (salesOf.get(s.store_id) ?? salesOf.set(s.store_id, []).get(s.store_id)!).push({
          period_start: s.day,
          gross_cents: s.gross,
        });
      for (const { lease, input, years: leaseYears } of slice)
        for (const ly of leaseYears) {
          const year = percentageRentYear(
            input,
            termsOf(lease.id),
            ly,
            salesOf.get(lease.store_id) ?? [],
            today,
          );
          rows.push({
            lease: { id: lease.id, reference: lease.reference },
            store: { id: lease.store_id, name: lease.store_name },
            lease_year: year.lease_year,
            year_start: year.start,
            year_end: year.end,
            partial: year.partial,
            ended: year.ended,
            year_complete: year.complete,
            missing_months: year.missing_months,
            sales: year.sales_reported,
            breakpoint: year.breakpoint,
            breakpoint_basis: year.breakpoint_basis,
            rate: lease.percentage_rent_rate!,
            rent_due: year.rent_due,
          });
        }
      // A whole portfolio is many slices: requests waiting behind this one get their turn between them.
      await nextTurn();
    }
    return rows;
  });
}

/** The portfolio report as CSV through the one CSV writer, with each year's basis and status spelled out. */
export async function percentageRentPortfolioCsv(
  deps: Deps,
  actor: Actor,
  raw: Raw,
): Promise<{ stream: Readable; fileName: string }> {
  const { from, to } = reportRange(raw);
  const rows = await percentageRentPortfolio(deps, actor, raw);
  const money = (dollars: number) => new Fixed(dollars);
  const stream = csvStream(
    (async function* (): AsyncGenerator<Cell[]> {
      yield [
        'Lease',
        'Store',
        'Lease year',
        'Lease year start',
        'Lease year end',
        'Partial year',
        'Sales reported',
        'Breakpoint',
        'Breakpoint basis',
        'Rate %',
        'Percentage rent due',
        'Months not reported',
        'Status',
      ];
      for (const r of rows)
        yield [
          r.lease.reference ?? `#${r.lease.id}`,
          r.store.name,
          r.lease_year,
          r.year_start,
          r.year_end,
          r.partial ? 'yes' : 'no',
          money(r.sales),
          r.breakpoint === null ? 'none' : money(r.breakpoint),
          r.breakpoint_basis,
          r.rate,
          money(r.rent_due),
          r.missing_months.join(' '),
          yearStatus(r),
        ];
    })(),
  );
  return { stream, fileName: `percentage-rent-${from}-${to}.csv` };
}
