import type { Trx } from '../platform/db';
import { upsertSales } from '../modules/sales/index';
import { createRandom } from './portfolio';

const MONTHS = 24;
// Retail's shape: a slow January, a summer bump, a strong December.
const SEASON = [0.82, 0.86, 0.95, 0.98, 1.02, 1.08, 1.12, 1.1, 0.98, 0.97, 1.04, 1.28];

/**
 * Two years of monthly sales for every open store of the demo team, so /sales, the year-over-year report
 * and the royalties due are not empty. ~2,800 rows through the same path as the grid and the importer.
 */
export async function seedSales(trx: Trx, teamId: number, today: string) {
  const random = createRandom(20_260_601);
  const stores = await trx
    .selectFrom('stores')
    .select(['id', 'opening_date'])
    .where('team_id', '=', teamId)
    .where('status', '=', 'open')
    .orderBy('id')
    .execute();
  const [year, month] = today.split('-').map(Number) as [number, number];
  const rows: Array<{ store_id: number; period: 'month'; period_start: string; gross: number; net: number }> =
    [];
  for (const store of stores) {
    const base = random.int(35, 95) * 1000;
    const growth = 1 + random.int(-3, 9) / 100;
    for (let back = MONTHS; back >= 1; back -= 1) {
      const index = year * 12 + (month - 1) - back;
      const start = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
      if (store.opening_date && start < store.opening_date) continue;
      const yearsAgo = back / 12;
      const gross = Math.round(
        base * SEASON[index % 12]! * growth ** (2 - yearsAgo) * (0.94 + random.next() * 0.12),
      );
      rows.push({
        store_id: store.id,
        period: 'month',
        period_start: start,
        gross,
        net: Math.round(gross * 0.93),
      });
    }
  }
  await upsertSales(trx, teamId, rows, 'merge');
}
