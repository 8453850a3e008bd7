import { sql } from 'kysely';
import type { Dashboard } from '@storekeep/contracts';
import type { Executor } from '../../platform/db';
import { addDaysIso } from '../leases/index';
import { trailingRoyaltiesCents } from '../sales/index';
import { ESCALATING_SOURCES } from '../reminders/index';

/**
 * PRODUCT-SPEC §3 dashboard stats: expenditure (annualised current rent and charges of active and
 * holdover leases, plus the franchise fees of open agreements and the royalties due over the last 12 months, USD), locations (live stores), leases expiring and option notices due within the
 * team's window. Rent and charges read every active lease of the portfolio; the dashboard caches its
 * whole answer (service.ts).
 */
export function portfolioStats(
  db: Executor,
  teamId: number,
  today: string,
  windowDays: number,
): Promise<Dashboard['stats']> {
  return computeStats(db, teamId, today, addDaysIso(today, windowDays));
}

async function computeStats(
  db: Executor,
  team: number,
  today: string,
  until: string,
): Promise<Dashboard['stats']> {
  const activeLeases = sql`select id from leases where team_id = ${team} and deleted_at is null and status in ('active', 'holdover')`;
  const [rent, charges, locations, nearExpiration, nearNotice, fees, royalties, overdue, unverified] =
    await Promise.all([
      // Rent in force today as the lease presents it (rentInForce): nothing in free-rent months, the row covering
      // today (a yearly rate per square foot × the area ÷ 12), and after the expiration the last row at the
      // holdover rate, each rounded half up to the cent per lease.
      sql<{ total: number | null }>`select sum(cents) as total from (
        select coalesce(r.monthly_cents, round(r.per_sqft_cents * l.rentable_sqft / 12.0), 0) as cents
        from lease_rent_rows r join leases l on l.id = r.lease_id
        where r.team_id = ${team} and l.team_id = ${team} and l.deleted_at is null and l.status in ('active', 'holdover')
          and r.start_date <= ${today} and r.end_date >= ${today} and (l.free_rent_until is null or l.free_rent_until < ${today})
        union all
        select round(coalesce(r.monthly_cents, round(r.per_sqft_cents * l.rentable_sqft / 12.0), 0) * coalesce(l.holdover_rate, 100) / 100.0) as cents
        from leases l join lease_rent_rows r on r.lease_id = l.id
          and r.start_date = (select max(x.start_date) from lease_rent_rows x where x.lease_id = l.id)
        where l.team_id = ${team} and l.deleted_at is null and l.status in ('active', 'holdover')
          and l.expiration_date < ${today} and r.end_date < ${today}
      ) rents`.execute(db),
      sql<{
        total: number | null;
      }>`select sum(monthly_cents) as total from lease_charges where team_id = ${team} and lease_id in (${activeLeases})`.execute(
        db,
      ),
      db
        .selectFrom('stores')
        .select(sql<number>`count(*)`.as('n'))
        .where('team_id', '=', team)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('leases')
        .select(sql<number>`count(*)`.as('n'))
        .where('team_id', '=', team)
        .where('deleted_at', 'is', null)
        .where('status', 'in', ['active', 'holdover'])
        .where('expiration_date', '>=', today)
        .where('expiration_date', '<=', until)
        .executeTakeFirstOrThrow(),
      // A join, not "lease_id in (every live lease)": the deadline index finds the few options in the window.
      sql<{ n: number }>`select count(*) as n from lease_options o join leases l on l.id = o.lease_id
      where o.team_id = ${team} and o.status = 'open' and o.deadline >= ${today} and o.deadline <= ${until} and l.team_id = ${team} and l.deleted_at is null`.execute(
        db,
      ),
      // The monthly technology fee of open agreements, due whatever the sales.
      sql<{ technology: number | null }>`select sum(technology_fee_cents) as technology
      from franchise_agreements where team_id = ${team} and deleted_at is null and status = 'open'`.execute(
        db,
      ),
      // Royalties, minimum top-ups and marketing fund over the last 12 whole months of recorded sales (the
      // royalty report's rules): with no sales recorded that is each open agreement's minimum per period.
      trailingRoyaltiesCents(db, team, today),
      // The open-reminders index (team_id, due_date, id) where read_at is null: a range up to today.
      db
        .selectFrom('reminders')
        .select(sql<number>`count(*)`.as('n'))
        .where('team_id', '=', team)
        .where('read_at', 'is', null)
        .where('due_date', '<', today)
        .where('source', 'in', [...ESCALATING_SOURCES])
        .executeTakeFirstOrThrow(),
      sql<{ n: number }>`select count(*) as n from lease_options o join leases l on l.id = o.lease_id
      where o.team_id = ${team} and o.status = 'open' and o.deadline is not null and o.verified_at is null and l.team_id = ${team} and l.deleted_at is null`.execute(
        db,
      ),
    ]);
  const feeCents = Number(fees.rows[0]?.technology ?? 0) * 12 + royalties;
  const annualCents =
    (Number(rent.rows[0]?.total ?? 0) + Number(charges.rows[0]?.total ?? 0)) * 12 + feeCents;
  return {
    expenditure: annualCents / 100,
    locations: Number(locations.n),
    near_expiration: Number(nearExpiration.n),
    near_renewal_notice: Number(nearNotice.rows[0]?.n ?? 0),
    overdue: Number(overdue.n),
    unverified: Number(unverified.rows[0]?.n ?? 0),
  };
}
