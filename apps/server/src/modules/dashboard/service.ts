import { DEFAULT_WINDOW_DAYS, type Dashboard } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import type { Actor } from '../../platform/policy';
import { cachedForTeam } from '../../platform/team-cache';
import { todayIso } from '../leases/dates';
import { imageUrlsFor } from '../records/images';
import { misalignments } from '../agreements/service';
import { mapStores, timelineOf, upcomingDeadlines } from './critical-dates';
import { leaseExpirationsByYear } from './lease-expirations';
import { nearestExpiringStores } from './nearest-stores';
import { portfolioStats } from './stats';

/**
 * GET /dashboard: the spec's stores and stats, alignment warnings, the critical-dates timeline, lease
 * expirations per year and the map's stores coloured by their nearest deadline.
 */
export async function dashboardFor(deps: Deps, actor: Actor): Promise<Dashboard> {
  const team = actor.teamId;
  const today = todayIso();
  const settings = await deps.db.selectFrom('team_settings').select(['window_days', 'alignment_days']).where('team_id', '=', team).executeTakeFirst();
  // Every part is team-wide (nothing depends on the caller) and changes only with a team write, the day or
  // the settings, so the whole answer is kept per team write version (platform/team-cache.ts): rent and
  // alignment read the whole portfolio, and the page is opened far more often than leases change.
  const key = `dashboard:${today}:${settings?.window_days ?? 'default'}:${settings?.alignment_days ?? 'default'}`;
  return cachedForTeam(deps.db, team, key, () => computeDashboard(deps, team, today, settings?.window_days ?? DEFAULT_WINDOW_DAYS));
}

async function computeDashboard(deps: Deps, team: number, today: string, windowDays: number): Promise<Dashboard> {
  const [stats, stores, deadlines, expirations, misaligned] = await Promise.all([
    portfolioStats(deps.db, team, today, windowDays),
    nearestExpiringStores(deps.db, team, today),
    upcomingDeadlines(deps.db, team, today),
    leaseExpirationsByYear(deps.db, deps.dialect, team, today),
    misalignments(deps.db, team),
  ]);
  const located = await mapStores(deps.db, team, deadlines);
  const urls = imageUrlsFor(deps);
  return {
    stores: stores.map((s) => ({ id: s.id, name: s.name, image: urls(s.image_key)?.thumb_url ?? null })),
    stats,
    alignment_warnings: misaligned.slice(0, 20).map((m) => ({ store: { id: m.store_id, name: m.store_name }, agreement_id: m.agreement_id, days_apart: m.days_apart })),
    timeline: timelineOf(deadlines),
    lease_expirations: expirations,
    map_stores: located,
  };
}
