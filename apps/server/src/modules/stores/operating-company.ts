import type { Executor } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { recordActivities } from '../activities/index';
import { reindex } from '../records/index';
import { stores } from './definition';

/**
 * Moves stores to another operating company inside the caller's transaction (a completed agreement transfer),
 * with the search entry and an audit row per store that changed.
 */
export async function setOperatingCompany(
  trx: Executor,
  teamId: number,
  storeIds: number[],
  companyId: number,
  by: { userId: number; ip: string | null },
) {
  if (!storeIds.length) return;
  const current = await trx
    .selectFrom('stores')
    .select(['id', 'company_id'])
    .where('team_id', '=', teamId)
    .where('id', 'in', storeIds)
    .execute();
  const moving = current.filter((s) => s.company_id !== companyId);
  if (!moving.length) return;
  await trx
    .updateTable('stores')
    .set({ company_id: companyId, updated_at: nowIso() })
    .where('team_id', '=', teamId)
    .where(
      'id',
      'in',
      moving.map((s) => s.id),
    )
    .execute();
  for (const store of moving) await reindex(trx, stores, teamId, store.id);
  await recordActivities(
    trx,
    moving.map((s) => ({
      teamId,
      userId: by.userId,
      subjectType: 'store',
      subjectId: s.id,
      action: 'updated',
      changes: { company_id: [s.company_id, companyId] },
      ip: by.ip,
    })),
  );
}
