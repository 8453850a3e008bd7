import {
  REPORT_STATUSES,
  reportRangeSchema,
  salesLockInputSchema,
  type ExpectedReport,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { parseServiceBody } from '../../platform/service-body';
import { writeTransaction } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { invalid } from '../../platform/errors';
import { authorize, type Actor } from '../../platform/policy';
import { bumpTeamWriteVersion } from '../../platform/team-cache';
import { recordActivity } from '../activities/index';
import { deleteSalesLocks, insertSalesLocks, salesLocksOf } from '../sales/index';
import { teamToday } from '../teams/index';
import { reportDueDate } from './calculations';
import { agreementPeriods } from './periods';
import { invoicePolicy } from './policy';
import * as repo from './repository';
import { rulesByBrand } from './settings';

type Raw = Record<string, string | string[] | undefined>;
const single = (v: string | string[] | undefined) => (Array.isArray(v) ? v.at(-1) : v);

/**
 * The sales reports each open agreement expects for its stores, for periods ending in [from, to]: due on the
 * brand's due day, `received` once any figure of the store starts in the period, `missing` when the due date
 * has passed without one (in the team's time zone), `due` before that. Sorted missing first, then by due date.
 */
export async function expectedReports(deps: Deps, actor: Actor, raw: Raw): Promise<ExpectedReport[]> {
  authorize(invoicePolicy.view(actor));
  const { from, to } = parseServiceBody(reportRangeSchema, { from: single(raw.from), to: single(raw.to) });
  const status = single(raw.status);
  if (status !== undefined && !(REPORT_STATUSES as readonly string[]).includes(status))
    throw invalid('status', 'The selected status is invalid.');
  const franchisee = single(raw.franchisee_id);
  const franchiseeId = franchisee === undefined ? null : Number(franchisee);
  if (franchiseeId !== null && !(Number.isInteger(franchiseeId) && franchiseeId > 0))
    throw invalid('franchisee_id', 'The selected franchisee is invalid.');
  const [today, rules] = await Promise.all([
    teamToday(deps.db, actor.teamId),
    rulesByBrand(deps.db, actor.teamId),
  ]);
  const all = await agreementPeriods(
    deps.db,
    actor.scope,
    franchiseeId === null ? null : [franchiseeId],
    from,
    to,
  );
  const locks = await salesLocksOf(
    deps.db,
    actor.teamId,
    all.flatMap((a) => a.stores.map((s) => s.id)),
    from,
    to,
  );
  const out: ExpectedReport[] = [];
  for (const { agreement, billed, periods } of all) {
    const brand = rules(agreement.brand_id);
    for (const { period, stores } of periods)
      for (const store of stores) {
        const dueDate = reportDueDate(billed.frequency, period.end, brand);
        const reportStatus = store.basis === 'reported' ? 'received' : dueDate < today ? 'missing' : 'due';
        if (status && reportStatus !== status) continue;
        out.push({
          franchisee: { id: agreement.franchisee_id!, name: agreement.franchisee_name },
          store: { id: store.storeId, name: store.storeName },
          agreement: { id: agreement.id, agreement_number: agreement.agreement_number },
          frequency: billed.frequency,
          period_start: period.start,
          period_end: period.end,
          due_date: dueDate,
          status: reportStatus,
          locked: locks.some(
            (l) =>
              l.store_id === store.storeId && l.period_start <= period.start && period.end <= l.period_end,
          ),
        });
      }
  }
  const rank = { missing: 0, due: 1, received: 2 } as const;
  return out.sort(
    (a, b) =>
      rank[a.status] - rank[b.status] ||
      a.due_date.localeCompare(b.due_date) ||
      a.franchisee.name.localeCompare(b.franchisee.name) ||
      a.store.name.localeCompare(b.store.name),
  );
}

/**
 * Locks (or unlocks) a franchisee's reported periods ending in [from, to]: every store of its open agreements,
 * each period of the agreement's frequency that has figures. Figures starting in a locked period are refused
 * with a 409 until it is unlocked.
 */
export async function setSalesLock(deps: Deps, actor: Actor, body: unknown, lock: boolean) {
  authorize(invoicePolicy.change(actor));
  const input = parseServiceBody(salesLockInputSchema, body);
  if (!(await repo.findCompany(deps.db, actor.scope, input.franchisee_id)))
    throw invalid('franchisee_id', 'The selected franchisee is invalid.');
  const all = await agreementPeriods(deps.db, actor.scope, [input.franchisee_id], input.from, input.to);
  const storeIds = [...new Set(all.flatMap((a) => a.stores.map((s) => s.id)))];
  return writeTransaction(deps.db, async (trx) => {
    let count: number;
    if (lock) {
      const existing = await salesLocksOf(trx, actor.teamId, storeIds, input.from, input.to);
      const wanted = new Map<string, { store_id: number; period_start: string; period_end: string }>();
      for (const { periods } of all)
        for (const { period, stores } of periods)
          for (const store of stores) {
            if (store.basis !== 'reported') continue;
            const covered = existing.some(
              (l) =>
                l.store_id === store.storeId && l.period_start <= period.start && period.end <= l.period_end,
            );
            if (!covered)
              wanted.set(`${store.storeId}|${period.start}`, {
                store_id: store.storeId,
                period_start: period.start,
                period_end: period.end,
              });
          }
      await insertSalesLocks(trx, actor.teamId, [...wanted.values()], actor.user.id, nowIso());
      count = wanted.size;
    } else count = await deleteSalesLocks(trx, actor.teamId, storeIds, input.from, input.to);
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'sales',
      subjectId: null,
      action: lock ? 'locked' : 'unlocked',
      changes: { franchisee_id: input.franchisee_id, from: input.from, to: input.to, periods: count },
      ip: actor.ip,
    });
    await bumpTeamWriteVersion(trx, actor.teamId);
    return { locked: count };
  });
}
