import type { Dashboard } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { teamScope, type Actor } from '../../platform/policy';
import { cachedForTeam } from '../../platform/team-cache';
import { teamSettings, teamToday } from '../teams/index';
import { imageUrlsFor } from '../records/index';
import { misalignments } from '../agreements/index';
import { mapStores, overdueDeadlines, timelineOf, upcomingDeadlines } from './critical-dates';
import { leaseExpirationsByYear } from './lease-expirations';
import { nearestExpiringStores } from './nearest-stores';
import { portfolioStats } from './stats';

/**
 * GET /dashboard: the spec's stores and stats, alignment warnings, the critical-dates timeline, lease
 * expirations per year and the map's stores coloured by their nearest deadline.
 */
export async function dashboardFor(deps: Deps, actor: Actor): Promise<Dashboard> {
  const team = actor.teamId;
  const today = await teamToday(deps.db, team);
  const settings = await teamSettings(deps.db, team);
  // Every part is team-wide (nothing depends on the caller) and changes only with a team write, the day or
  // the settings, so the whole answer is kept per team write version (platform/team-cache.ts): rent and
  // alignment read the whole portfolio, and the page is opened far more often than leases change.
  const key = `dashboard:${today}:${settings.window_days}:${settings.alignment_days}`;
  const cached = await cachedForTeam(deps.db, team, key, () =>
    computeDashboard(deps, team, today, settings.window_days),
  );
  // Image links are made for each member (records/images.ts), so the cached answer holds the stores' image keys.
  const urls = imageUrlsFor(deps, actor, 'stores');
  return {
    ...cached,
    stores: cached.stores.map((s) => ({
      ...s,
      image: urls({ id: s.id, image_key: s.image })?.thumb_url ?? null,
    })),
  };
}

async function computeDashboard(
  deps: Deps,
  team: number,
  today: string,
  windowDays: number,
): Promise<Dashboard> {
  const [stats, stores, deadlines, expirations, misaligned, overdue] = await Promise.all([
    portfolioStats(deps.db, team, today, windowDays),
    nearestExpiringStores(deps.db, team, today),
    upcomingDeadlines(deps.db, teamScope(team), today),
    leaseExpirationsByYear(deps.db, deps.dialect, team, today),
    misalignments(deps.db, team),
    overdueDeadlines(deps.db, teamScope(team), today),
  ]);
  const located = await mapStores(deps.db, team, deadlines);
  return {
    // The image key; dashboardFor turns it into the caller's link.
    stores: stores.map((s) => ({ id: s.id, name: s.name, image: s.image_key })),
    stats,
    alignment_warnings: misaligned.slice(0, 20).map((m) => ({
      store: { id: m.store_id, name: m.store_name },
      agreement_id: m.agreement_id,
      days_apart: m.days_apart,
    })),
    timeline: timelineOf(deadlines),
    overdue: timelineOf(overdue),
    lease_expirations: expirations,
    map_stores: located,
  };
}
