import { sql } from 'kysely';
import type { Dialect, Executor } from '../../platform/db';

/** The chart covers this year and the next nine: far enough to plan renewals, short enough to read. */
const YEARS = 10;

type YearCount = { year: number; count: number };

/**
 * Live active and holdover leases expiring per year; every year of the range is present (0 when none
 * ends in it) so the chart's axis never skips a year. Counting a big portfolio reads most of its leases
 * (≈95k of 120k, which no index avoids); the dashboard caches its whole answer (service.ts).
 */
export async function leaseExpirationsByYear(
  db: Executor,
  dialect: Dialect,
  teamId: number,
  today: string,
): Promise<YearCount[]> {
  const first = Number(today.slice(0, 4));
  // PostgreSQL stores dates as `date`; SQLite as ISO text.
  const year =
    dialect === 'postgres'
      ? sql<number>`cast(extract(year from expiration_date) as integer)`
      : sql<number>`cast(substr(expiration_date, 1, 4) as integer)`;
  const rows = await db
    .selectFrom('leases')
    .select([year.as('year'), sql<number>`count(*)`.as('n')])
    .where('team_id', '=', teamId)
    .where('status', 'in', ['active', 'holdover'])
    .where('deleted_at', 'is', null)
    .where('expiration_date', '>=', `${first}-01-01`)
    .where('expiration_date', '<=', `${first + YEARS - 1}-12-31`)
    .groupBy(year)
    .execute();
  const counts = new Map(rows.map((r) => [Number(r.year), Number(r.n)]));
  return Array.from({ length: YEARS }, (_, i) => ({ year: first + i, count: counts.get(first + i) ?? 0 }));
}
