import { sql } from 'kysely';
import { DEFAULT_WINDOW_DAYS, type Dashboard } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import type { Actor } from '../../platform/policy';
import { addDaysIso, todayIso } from '../leases/dates';
import { imageUrlsFor } from '../records/images';
import { misalignments } from '../agreements/service';
import { mapStores, timelineOf, upcomingDeadlines } from './critical-dates';
import { leaseExpirationsByYear } from './lease-expirations';
import { nearestExpiringStores } from './nearest-stores';

/**
 * PRODUCT-SPEC §3 dashboard stats: expenditure (annualised current rent and charges of active and
 * holdover leases, USD), locations (live stores), leases expiring and option notices due within the
 * team's window (default 180 days); plus the critical-dates timeline, lease expirations per year and
 * the map's stores coloured by their nearest deadline.
 */
export async function dashboardFor(deps: Deps, actor: Actor): Promise<Dashboard> {
  const team = actor.teamId;
  const today = todayIso();
  const settings = await deps.db.selectFrom('team_settings').select('window_days').where('team_id', '=', team).executeTakeFirst();
  const until = addDaysIso(today, settings?.window_days ?? DEFAULT_WINDOW_DAYS);
  const activeLeases = sql`select id from leases where team_id = ${team} and deleted_at is null and status in ('active', 'holdover')`;
  const [rent, charges, locations, nearExpiration, nearNotice, stores, deadlines, expirations] = await Promise.all([
    sql<{ total: number | null }>`select sum(monthly_cents) as total from lease_rent_rows where team_id = ${team} and lease_id in (${activeLeases}) and start_date <= ${today} and end_date >= ${today}`.execute(deps.db),
    sql<{ total: number | null }>`select sum(monthly_cents) as total from lease_charges where team_id = ${team} and lease_id in (${activeLeases})`.execute(deps.db),
    deps.db.selectFrom('stores').select(sql<number>`count(*)`.as('n')).where('team_id', '=', team).where('deleted_at', 'is', null).executeTakeFirstOrThrow(),
    deps.db
      .selectFrom('leases')
      .select(sql<number>`count(*)`.as('n'))
      .where('team_id', '=', team)
      .where('deleted_at', 'is', null)
      .where('status', 'in', ['active', 'holdover'])
      .where('expiration_date', '>=', today)
      .where('expiration_date', '<=', until)
      .executeTakeFirstOrThrow(),
    sql<{ n: number }>`select count(*) as n from lease_options where team_id = ${team} and status = 'open' and deadline >= ${today} and deadline <= ${until} and lease_id in (select id from leases where team_id = ${team} and deleted_at is null)`.execute(deps.db),
    nearestExpiringStores(deps.db, team, today),
    upcomingDeadlines(deps.db, team, today),
    leaseExpirationsByYear(deps.db, deps.dialect, team, today),
  ]);
  const urls = imageUrlsFor(deps);
  const [misaligned, located] = await Promise.all([misalignments(deps.db, team), mapStores(deps.db, team, deadlines)]);
  const annualCents = (Number(rent.rows[0]?.total ?? 0) + Number(charges.rows[0]?.total ?? 0)) * 12;
  return {
    stores: stores.map((s) => ({ id: s.id, name: s.name, image: urls(s.image_key)?.thumb_url ?? null })),
    stats: {
      expenditure: annualCents / 100,
      locations: Number(locations.n),
      near_expiration: Number(nearExpiration.n),
      near_renewal_notice: Number(nearNotice.rows[0]?.n ?? 0),
    },
    alignment_warnings: misaligned.slice(0, 20).map((m) => ({ store: { id: m.store_id, name: m.store_name }, agreement_id: m.agreement_id, days_apart: m.days_apart })),
    timeline: timelineOf(deadlines),
    lease_expirations: expirations,
    map_stores: located,
  };
}
