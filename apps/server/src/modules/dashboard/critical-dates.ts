import {
  OVERDUE_LIMIT,
  TIMELINE_LIMIT,
  TIMELINE_SOURCES,
  type DashboardMapStore,
  type DashboardTimelineItem,
} from '@storekeep/contracts';
import type { Executor } from '../../platform/db';
import { whereInScope } from '../../platform/db/scope';
import { teamScope, type TeamScope } from '../../platform/policy';
import { addDaysIso } from '../leases/index';
import { ESCALATING_SOURCES, reminderInScope } from '../reminders/index';

/** How many open deadlines are read to colour map markers: enough for a year of a normal portfolio. */
const DEADLINE_SCAN = 500;
/** Markers on the dashboard map. */
const MAP_STORES = 100;

type DeadlineRow = {
  id: number;
  source: string;
  title: string;
  due_date: string;
  subject_type: string | null;
  subject_id: number | null;
};

/**
 * Open critical dates from today to 12 months out, soonest first. Reads `reminders_list_index`
 * (team_id, read_at, due_date, id) as a range that LIMIT stops early, so a team with a million reminders
 * costs the same as a small one. A scope narrowed to companies keeps the reminders about their records
 * (`reminderInScope`, the rule of their Notifications page).
 */
export function upcomingDeadlines(db: Executor, scope: TeamScope, today: string): Promise<DeadlineRow[]> {
  return openDeadlines(db, scope, {
    from: today,
    to: addDaysIso(today, 365),
    sources: TIMELINE_SOURCES,
    limit: DEADLINE_SCAN,
  });
}

/** Missed deadlines still open: the dashboard's Overdue card, oldest first. */
export function overdueDeadlines(db: Executor, scope: TeamScope, today: string): Promise<DeadlineRow[]> {
  return openDeadlines(db, scope, { before: today, sources: ESCALATING_SOURCES, limit: OVERDUE_LIMIT });
}

/** Open reminders of some sources in a due-date range, oldest first (the open-reminders index is a range read). */
async function openDeadlines(
  db: Executor,
  scope: TeamScope,
  range: { from?: string; to?: string; before?: string; sources: readonly string[]; limit: number },
): Promise<DeadlineRow[]> {
  let query = db
    .selectFrom('reminders')
    .select(['id', 'source', 'title', 'due_date', 'subject_type', 'subject_id'])
    .where(reminderInScope(db, scope))
    .where('read_at', 'is', null)
    .where('source', 'in', [...range.sources]);
  if (range.from) query = query.where('due_date', '>=', range.from);
  if (range.to) query = query.where('due_date', '<=', range.to);
  if (range.before) query = query.where('due_date', '<', range.before);
  const rows = await query.orderBy('due_date').orderBy('id').limit(range.limit).execute();
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    subject_id: r.subject_id === null ? null : Number(r.subject_id),
  }));
}

export function timelineOf(rows: DeadlineRow[], limit = TIMELINE_LIMIT): DashboardTimelineItem[] {
  return rows.slice(0, limit).map((r) => ({
    id: r.id,
    source: r.source as DashboardTimelineItem['source'],
    title: r.title,
    due_date: r.due_date,
    subject:
      r.subject_type && r.subject_id !== null
        ? { type: r.subject_type as NonNullable<DashboardTimelineItem['subject']>['type'], id: r.subject_id }
        : null,
  }));
}

/** The nearest deadline per store: a lease's is its store's, an agreement's is each of its stores'. */
async function nearestByStore(
  db: Executor,
  teamId: number,
  rows: DeadlineRow[],
): Promise<Map<number, string>> {
  const idsOf = (type: string) => [
    ...new Set(
      rows.filter((r) => r.subject_type === type && r.subject_id !== null).map((r) => r.subject_id!),
    ),
  ];
  const leaseIds = idsOf('lease');
  const agreementIds = idsOf('agreement');
  const [leases, agreements] = await Promise.all([
    leaseIds.length
      ? db
          .selectFrom('leases')
          .select(['id', 'store_id'])
          .where('team_id', '=', teamId)
          .where('id', 'in', leaseIds)
          .execute()
      : [],
    // By the primary key (agreement_id, store_id), the team in its by-id form: with `team_id = ?` SQLite
    // walks the (team_id, store_id) index over all of a big team's agreements (60k, 20 ms).
    agreementIds.length
      ? db
          .selectFrom('agreement_stores')
          .select(['agreement_id', 'store_id'])
          .where((eb) => whereInScope(eb, teamScope(teamId), 'agreement_stores', { byId: true }))
          .where('agreement_id', 'in', agreementIds)
          .execute()
      : [],
  ]);
  const storesOf = new Map<string, number[]>();
  for (const l of leases) storesOf.set(`lease:${l.id}`, [Number(l.store_id)]);
  for (const a of agreements)
    storesOf.set(`agreement:${a.agreement_id}`, [
      ...(storesOf.get(`agreement:${a.agreement_id}`) ?? []),
      Number(a.store_id),
    ]);
  const nearest = new Map<number, string>();
  // Rows come soonest first, so the first date seen for a store is its nearest.
  for (const r of rows) {
    for (const storeId of storesOf.get(`${r.subject_type}:${r.subject_id}`) ?? [])
      if (!nearest.has(storeId)) nearest.set(storeId, r.due_date);
  }
  return nearest;
}

/**
 * Located stores for the map: those with the nearest deadlines first (the ones worth looking at), then
 * others by name. Stores outside the deadline scan have none within it, so they show as "later".
 */
export async function mapStores(
  db: Executor,
  teamId: number,
  rows: DeadlineRow[],
): Promise<DashboardMapStore[]> {
  const nearest = await nearestByStore(db, teamId, rows);
  const located = () =>
    db
      .selectFrom('stores')
      .select(['id', 'name', 'latitude', 'longitude'])
      .where('team_id', '=', teamId)
      .where('deleted_at', 'is', null)
      .where('latitude', 'is not', null)
      .where('longitude', 'is not', null);
  const urgentIds = [...nearest.keys()].slice(0, MAP_STORES);
  const urgent = urgentIds.length ? await located().where('id', 'in', urgentIds).execute() : [];
  const others =
    urgent.length < MAP_STORES
      ? await located().orderBy('name').orderBy('id').limit(MAP_STORES).execute()
      : [];
  const seen = new Set<number>();
  const result: DashboardMapStore[] = [];
  for (const s of [
    ...urgent.sort((a, b) => nearest.get(Number(a.id))!.localeCompare(nearest.get(Number(b.id))!)),
    ...others,
  ]) {
    const id = Number(s.id);
    if (seen.has(id) || result.length >= MAP_STORES) continue;
    seen.add(id);
    result.push({
      id,
      name: s.name,
      latitude: Number(s.latitude),
      longitude: Number(s.longitude),
      next_deadline: nearest.get(id) ?? null,
    });
  }
  return result;
}
