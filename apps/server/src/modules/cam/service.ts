import {
  camStatementInputSchema,
  camTermsInputSchema,
  toCents,
  camCategoryLabel,
  type CamCapMethod,
  type DayCount,
  type CamReconciliation,
  type Lease,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { parseServiceBody } from '../../platform/service-body';
import { type Executor, writeTransaction } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { authorize, hasRole, type Actor } from '../../platform/policy';
import { bumpTeamWriteVersion } from '../../platform/team-cache';
import { recordActivity } from '../activities/index';
import { liveDocumentTitles } from '../documents/index';
import { getLease } from '../leases/index';
import { CAM_AUDIT_REMINDER_PREFIX, syncReminders, type CriticalDate } from '../reminders/index';
import { teamCalendar, type TeamCalendar } from '../teams/index';
import { auditDeadline, camLeaseYears, capLimit, estimatesOver, reconcile } from './calculations';
import * as repo from './repository';

/** CAM follows the lease: members read it, managers and up enter terms and statements. */
export const canUpdate = (actor: Actor) => hasRole(actor, 'manager');

type Terms = CamReconciliation['terms'];

/** The lease's CAM terms; the audit window counts days as the lease says, else as the team's default does. */
const termsFrom = (row: repo.CamTermsRow | undefined, teamDayCount: DayCount): Terms => {
  const own = (row?.audit_day_count ?? null) as DayCount | null;
  const counting = {
    audit_day_count: own ?? teamDayCount,
    audit_day_count_source: own === null ? 'team' : 'lease',
  } as const;
  return row
    ? {
        saved: true,
        cap_percent: row.cap_percent === null ? null : Number(row.cap_percent),
        cap_method: row.cap_method as CamCapMethod,
        base_year: Number(row.base_year),
        audit_days: row.audit_days === null ? null : Number(row.audit_days),
        ...counting,
      }
    : {
        saved: false,
        cap_percent: null,
        cap_method: 'compounding',
        base_year: 1,
        audit_days: null,
        ...counting,
      };
};

/** A statement about to be saved (an import's preview), read as if it were stored. */
export type PendingStatement = Omit<repo.CamStatementRow, 'id' | 'team_id' | 'lease_id' | 'updated_at'>;

const camMonthlyCents = (lease: Lease) =>
  lease.charges.filter((c) => c.kind === 'cam').reduce((sum, c) => sum + toCents(c.monthly_amount), 0);

/** Each lease year begun so far, with its estimates, statement, cap check, variance and audit deadline. */
export async function camOf(deps: Deps, actor: Actor, leaseId: number): Promise<CamReconciliation> {
  // The lease module answers 404 for another team's lease before anything here runs.
  return reconciliationOf(deps, actor, await getLease(deps, actor, leaseId));
}

/** The reconciliation of `lease`, with `pending` in place of its year's stored statement when given. */
export async function reconciliationOf(
  deps: Deps,
  actor: Actor,
  lease: Lease,
  pending?: PendingStatement,
): Promise<CamReconciliation> {
  const leaseId = lease.id;
  const { today, dayCount } = await teamCalendar(deps.db, actor.teamId);
  const terms = termsFrom(await repo.termsOf(deps.db, actor.teamId, leaseId), dayCount);
  const stored: Array<PendingStatement> = await repo.statementsOf(deps.db, actor.teamId, leaseId);
  const statements = new Map(stored.map((s) => [Number(s.lease_year), s]));
  if (pending) statements.set(pending.lease_year, pending);
  const lines = await repo.linesOf(deps.db, actor.teamId, leaseId);
  const titles = await liveDocumentTitles(
    deps.db,
    actor.teamId,
    [...statements.values()].flatMap((s) => (s.document_id === null ? [] : [s.document_id])),
  );
  const monthly = camMonthlyCents(lease);
  const base = statements.get(terms.base_year);
  const baseControllable =
    base?.controllable_cents === null || !base ? null : Number(base.controllable_cents);
  const cents = (v: number | string | null) => (v === null ? null : Number(v));
  return {
    terms,
    years: camLeaseYears(lease, today).map((year) => {
      const statement = statements.get(year.number);
      const entered = cents(statement?.estimates_cents ?? null);
      const estimates = entered ?? estimatesOver(monthly, year.start, year.end);
      const limit =
        terms.cap_percent === null || baseControllable === null
          ? null
          : capLimit(baseControllable, terms.cap_percent, terms.cap_method, terms.base_year, year.number);
      const result = statement
        ? reconcile({
            actualCents: Number(statement.actual_cents),
            controllableCents: cents(statement.controllable_cents),
            estimatesCents: estimates,
            limitCents: limit,
          })
        : null;
      return {
        lease_year: year.number,
        start: year.start,
        end: year.end,
        estimates_paid: estimates / 100,
        estimates_basis: entered === null ? 'charges' : 'entered',
        statement: statement
          ? {
              actual: Number(statement.actual_cents) / 100,
              controllable:
                statement.controllable_cents === null ? null : Number(statement.controllable_cents) / 100,
              received_on: statement.received_on,
              document:
                statement.document_id !== null && titles.has(statement.document_id)
                  ? { id: statement.document_id, title: titles.get(statement.document_id)! }
                  : null,
              lines: (lines.get(year.number) ?? []).map((line) => ({
                category: line.category,
                label: camCategoryLabel(line.category),
                amount: Number(line.amount_cents) / 100,
                controllable: Boolean(line.controllable),
              })),
            }
          : null,
        cap_limit: limit === null ? null : limit / 100,
        over_cap: (result?.overCapCents ?? 0) / 100,
        billable: result ? result.billableCents / 100 : null,
        variance: result ? result.varianceCents / 100 : null,
        audit_deadline:
          statement && terms.audit_days !== null
            ? auditDeadline(statement.received_on, terms.audit_days, terms.audit_day_count)
            : null,
      };
    }),
    abilities: { update: canUpdate(actor) },
  };
}

/** The audit windows as critical dates of the lease: one reminder per statement while the clause gives days. */
export async function syncAuditReminders(trx: Executor, actor: Actor, lease: Lease) {
  await syncAuditRemindersOf(
    trx,
    actor.teamId,
    { id: lease.id, storeName: lease.store?.name ?? null },
    await teamCalendar(trx, actor.teamId),
  );
}

async function syncAuditRemindersOf(
  trx: Executor,
  teamId: number,
  lease: { id: number; storeName: string | null },
  { today, dayCount }: TeamCalendar,
) {
  const terms = termsFrom(await repo.termsOf(trx, teamId, lease.id), dayCount);
  const statements = await repo.statementsOf(trx, teamId, lease.id);
  const store = lease.storeName ?? 'store';
  const dates: CriticalDate[] =
    terms.audit_days === null
      ? []
      : statements.map((s) => ({
          key: `${CAM_AUDIT_REMINDER_PREFIX}${lease.id}:${s.lease_year}`,
          source: 'cam_audit',
          title: `CAM audit window closes: ${store}, lease year ${s.lease_year}`,
          due_date: auditDeadline(s.received_on, terms.audit_days!, terms.audit_day_count),
        }));
  await syncReminders(
    trx,
    teamId,
    { type: 'lease', id: lease.id },
    dates,
    (key) => key.startsWith(`${CAM_AUDIT_REMINDER_PREFIX}${lease.id}:`),
    today,
  );
}

/**
 * After the team's day count changed (the settings' recompute job): the audit reminders of every lease whose
 * CAM terms leave the count to the team move with it, a hundred leases a transaction.
 */
export async function recomputeAuditReminders(deps: Deps, teamId: number) {
  let after = 0;
  for (;;) {
    const leases = await repo.leasesFollowingTeamDayCount(deps.db, teamId, after, 100);
    if (!leases.length) return;
    await writeTransaction(deps.db, async (trx) => {
      const calendar = await teamCalendar(trx, teamId);
      for (const lease of leases) await syncAuditRemindersOf(trx, teamId, lease, calendar);
      await bumpTeamWriteVersion(trx, teamId);
    });
    after = leases.at(-1)!.id;
  }
}

export async function saveCamTerms(deps: Deps, actor: Actor, leaseId: number, body: unknown) {
  const lease = await getLease(deps, actor, leaseId);
  authorize(canUpdate(actor));
  const input = parseServiceBody(camTermsInputSchema, body);
  const before = (await camOf(deps, actor, leaseId)).terms;
  await writeTransaction(deps.db, async (trx) => {
    await repo.saveTerms(trx, actor.teamId, leaseId, {
      cap_percent: input.cap_percent,
      cap_method: input.cap_method,
      base_year: input.base_year ?? 1,
      audit_days: input.audit_days,
      audit_day_count: input.audit_day_count,
      updated_at: nowIso(),
    });
    await syncAuditReminders(trx, actor, lease);
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'lease',
      subjectId: leaseId,
      action: 'updated',
      changes: { cam_terms: [before, input] },
      ip: actor.ip,
    });
    await bumpTeamWriteVersion(trx, actor.teamId);
  });
  return camOf(deps, actor, leaseId);
}

/** What is wrong with a statement as a whole, by field: typed in or imported, the same rules. */
export async function statementErrors(
  deps: Deps,
  actor: Actor,
  lease: Lease,
  input: {
    lease_year: number | null;
    document_id: number | null;
    actual: number | null;
    controllable: number | null;
  },
): Promise<Record<string, string[]>> {
  const { today } = await teamCalendar(deps.db, actor.teamId);
  const years = camLeaseYears(lease, today);
  const errors: Record<string, string[]> = {};
  if (input.lease_year !== null && !years.some((y) => y.number === input.lease_year))
    errors.lease_year = [
      years.length ? `The lease has lease years 1 to ${years.length} so far.` : 'The lease has not begun.',
    ];
  if (
    input.document_id !== null &&
    !(await liveDocumentTitles(deps.db, actor.teamId, [input.document_id])).size
  )
    errors.document_id = ['The selected document is invalid.'];
  if (input.controllable !== null && input.actual !== null && input.controllable > input.actual)
    errors.controllable = ['The controllable amount cannot exceed the actual amount.'];
  return errors;
}

/** The landlord's statement for one lease year that has begun; a second one for the year replaces it. */
export async function saveCamStatement(deps: Deps, actor: Actor, leaseId: number, body: unknown) {
  const lease = await getLease(deps, actor, leaseId);
  authorize(canUpdate(actor));
  const input = parseServiceBody(camStatementInputSchema, body);
  const errors = await statementErrors(deps, actor, lease, {
    lease_year: input.lease_year,
    document_id: input.document_id,
    actual: input.actual,
    controllable: input.controllable,
  });
  if (Object.keys(errors).length) throw new AppError('validation', Object.values(errors)[0]![0]!, errors);
  await writeStatement(
    deps,
    actor,
    lease,
    {
      lease_year: input.lease_year,
      actual_cents: toCents(input.actual!),
      controllable_cents: toCents(input.controllable),
      estimates_cents: toCents(input.estimates_paid),
      received_on: input.received_on,
      document_id: input.document_id,
    },
    // Typed-in totals replace an imported statement whole: its lines no longer add up to them.
    [],
    { cam_statement: input },
  );
  return camOf(deps, actor, leaseId);
}

/** One statement saved in one commit: its totals, its lines, the audit reminder, the audit row. */
export async function writeStatement(
  deps: Deps,
  actor: Actor,
  lease: Lease,
  statement: PendingStatement,
  lines: Array<{ category: string; amount_cents: number; controllable: boolean }>,
  changes: Record<string, unknown>,
) {
  await writeTransaction(deps.db, async (trx) => {
    await repo.saveStatement(trx, actor.teamId, lease.id, { ...statement, updated_at: nowIso() });
    await repo.replaceLines(trx, actor.teamId, lease.id, statement.lease_year, lines);
    await syncAuditReminders(trx, actor, lease);
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'lease',
      subjectId: lease.id,
      action: 'updated',
      changes,
      ip: actor.ip,
    });
    await bumpTeamWriteVersion(trx, actor.teamId);
  });
}
