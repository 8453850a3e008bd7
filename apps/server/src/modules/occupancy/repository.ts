import { sql } from 'kysely';
import type { Executor } from '../../platform/db';

/** Every team, for the monthly refresh (teams is not a team-owned table). */
export async function teamIds(db: Executor): Promise<number[]> {
  return (await db.selectFrom('teams').select('id').orderBy('id').execute()).map((row) => row.id);
}

/** Live stores with a ratio for `period`, highest first: a backward walk of stores_occupancy_live_index. */
export function highestRatios(db: Executor, teamId: number, period: string, limit: number) {
  return db
    .selectFrom('stores')
    .leftJoin('brands', (join) =>
      join.onRef('brands.id', '=', 'stores.brand_id').on('brands.team_id', '=', teamId),
    )
    .select([
      'stores.id',
      'stores.name',
      'stores.brand_id',
      'brands.name as brand_name',
      'stores.occupancy_ratio',
    ])
    .where('stores.team_id', '=', teamId)
    .where('stores.deleted_at', 'is', null)
    .where('stores.occupancy_ratio', 'is not', null)
    .where('stores.occupancy_period', '=', period)
    .orderBy('stores.occupancy_ratio', 'desc')
    .orderBy('stores.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The median ratio of a brand's live stores that have one (the mean of the middle two for an even count):
 * a count and one short offset into stores_brand_occupancy_live_index, never the brand's rows sorted in memory.
 */
export async function brandMedian(db: Executor, teamId: number, brandId: number, period: string) {
  const base = db
    .selectFrom('stores')
    .where('team_id', '=', teamId)
    .where('brand_id', '=', brandId)
    .where('deleted_at', 'is', null)
    .where('occupancy_ratio', 'is not', null);
  const { count } = await base
    .where('occupancy_period', '=', period)
    .select(sql<number>`count(*)`.as('count'))
    .executeTakeFirstOrThrow();
  const n = Number(count);
  if (n === 0) return null;
  const middle = await base
    .where('occupancy_period', '=', period)
    .select('occupancy_ratio')
    .orderBy('occupancy_ratio')
    .orderBy('id')
    .offset(Math.floor((n - 1) / 2))
    .limit(n % 2 === 1 ? 1 : 2)
    .execute();
  return middle.reduce((sum, row) => sum + Number(row.occupancy_ratio), 0) / middle.length;
}

/** Live stores without a ratio: a month of the window has no sales (or they sold nothing). */
export async function incompleteCount(db: Executor, teamId: number) {
  const { count } = await db
    .selectFrom('stores')
    .where('team_id', '=', teamId)
    .where('deleted_at', 'is', null)
    .where('occupancy_ratio', 'is', null)
    .select(sql<number>`count(*)`.as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}
