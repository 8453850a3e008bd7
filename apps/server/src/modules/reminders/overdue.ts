import { sql } from 'kysely';
import type { Deps } from '../../platform/deps';
import type { Executor } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { deliverNotices, noticePerPerson } from './channels';
import { noticeTargets } from './recipients';
import { CLAIM_SLICE, claimInSlices } from './scan';

/**
 * Reminders whose date is a deadline someone must act on. A rent escalation or a window opening is an
 * event: once it passed there is nothing left to do, so it never escalates.
 */
export const ESCALATING_SOURCES = [
  'option_notice',
  'renewal_rent',
  'lease_expiration',
  'guaranty_end',
  'cam_audit',
  'agreement_expiration',
  'agreement_renewal_notice',
  'document_expiration',
  'attribute_date',
  'sales_report',
  'invoice_payment',
  'manual',
] as const;

/** Days from an ISO date to `today` in SQL, for either dialect. */
function daysSince(dialect: Deps['dialect'], column: string, today: string) {
  return dialect === 'postgres'
    ? sql<number>`(${today}::date - ${sql.ref(column)})`
    : sql<number>`cast(julianday(${today}) - julianday(${sql.ref(column)}) as integer)`;
}

/**
 * Overdue escalation: a deadline that passed unanswered is escalated the day after it and then weekly
 * (step 1 on day 1, step 2 on day 8, …) to its assignees — or the managers — and the team's admins and
 * owner. The claim is an INSERT … SELECT per slice of the team's reminders whose key (reminder, due date, step)
 * makes a second instance's identical claim a no-op, so each step is sent exactly once; a step missed while no
 * instance ran is not sent late, the current one is. Each person gets one message per slice listing their items:
 * one a run, unless more than a slice of deadlines were missed at once.
 */
export async function escalateOverdue(
  deps: Deps,
  teamId: number,
  today: string,
  sliceSize = CLAIM_SLICE,
): Promise<number> {
  const now = nowIso();
  const days = daysSince(deps.dialect, 'r.due_date', today);
  return claimInSlices(
    deps.db,
    teamId,
    sql<boolean>`r.due_date < ${today}`,
    async (trx, slice) => {
      const claimed = (
        await sql<{
          reminder_id: number;
        }>`insert into reminder_escalations (reminder_id, due_date, step, sent_at)
        select r.id, r.due_date, (${days} - 1) / 7 + 1, ${now} from reminders r
        where ${slice}
          and r.source in (${sql.join([...ESCALATING_SOURCES])})
          and (r.snoozed_until is null or r.snoozed_until <= ${today})
        on conflict do nothing
        returning reminder_id`.execute(trx)
      ).rows.map((row) => Number(row.reminder_id));
      await deliverEscalations(trx, deps, teamId, claimed, today);
      return claimed.length;
    },
    sliceSize,
  );
}

async function deliverEscalations(
  trx: Executor,
  deps: Deps,
  teamId: number,
  reminderIds: number[],
  today: string,
) {
  if (!reminderIds.length) return;
  const team = await trx
    .selectFrom('teams')
    .select('name')
    .where('id', '=', teamId)
    .executeTakeFirstOrThrow();
  const targets = await noticeTargets(trx, teamId, reminderIds, today, { overdue: true });
  await deliverNotices(trx, noticePerPerson('overdue', team.name, targets), deps.config.APP_URL);
}
