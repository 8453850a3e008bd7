import {
  DEFAULT_PAYMENT_TERMS,
  payableBulkBodySchema,
  payableGenerateBodySchema,
  payableInvoiceBodySchema,
  payablePeriodQuerySchema,
  paymentTermsInputSchema,
  toCents,
  type Payable,
  type PayableBulkBody,
  type PayableList,
  type PayableFrequency,
  type PayablePeriods,
  type PaymentTerms,
  type PayableTiming,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { parseServiceBody } from '../../platform/service-body';
import { writeTransaction } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { AppError, invalid, notFound } from '../../platform/errors';
import { paginationMeta, parseListQuery } from '../../platform/list';
import { authorize, hasRole, type Actor } from '../../platform/policy';
import { bumpTeamWriteVersion } from '../../platform/team-cache';
import { recordActivities, recordActivity } from '../activities/index';
import { getLease, payableLeases, type PayableLeaseRow } from '../leases/index';
import { teamCalendar } from '../teams/index';
import { findUserById } from '../users/index';
import * as repo from './repository';
import { linesDueIn, termsReading, type PaymentTermsValues } from './schedule';

/** Observers read payables; managers and up generate, enter invoices, approve and pay. */
const canWrite = (actor: Actor) => hasRole(actor, 'manager');

const valuesOf = (
  row: repo.PaymentTermsRow | undefined,
): Required<PaymentTermsValues> & { remittance: string | null } =>
  row
    ? {
        frequency: row.frequency as PayableFrequency,
        timing: row.timing as PayableTiming,
        due_day: Number(row.due_day),
        periods: row.periods as PayablePeriods,
        remittance: row.remittance,
      }
    : { ...DEFAULT_PAYMENT_TERMS };

export async function paymentTermsOf(deps: Deps, actor: Actor, leaseId: number): Promise<PaymentTerms> {
  const lease = await getLease(deps, actor, leaseId);
  const [row] = await repo.termsOf(deps.db, actor.teamId, [leaseId]);
  const values = valuesOf(row);
  return {
    saved: Boolean(row),
    ...values,
    reading: termsReading(lease, values),
    abilities: { update: canWrite(actor) },
  };
}

export async function savePaymentTerms(deps: Deps, actor: Actor, leaseId: number, body: unknown) {
  const before = await paymentTermsOf(deps, actor, leaseId);
  authorize(canWrite(actor));
  const terms = parseServiceBody(paymentTermsInputSchema, body);
  await writeTransaction(deps.db, async (trx) => {
    await repo.saveTerms(trx, actor.teamId, leaseId, { ...terms, updated_at: nowIso() });
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'lease',
      subjectId: leaseId,
      action: 'updated',
      changes: {
        payment_terms: [
          {
            frequency: before.frequency,
            timing: before.timing,
            due_day: before.due_day,
            periods: before.periods,
            remittance: before.remittance,
          },
          terms,
        ],
      },
      ip: actor.ip,
    });
    await bumpTeamWriteVersion(trx, actor.teamId);
  });
  return paymentTermsOf(deps, actor, leaseId);
}

/**
 * Makes the lines due in `period` for every live lease of the team. Lines already there keep their state; a
 * line still scheduled with no invoice takes the amount, dates and note the lease now gives (an edited rent
 * row shows up) and moves to the period its due date now falls in, and such a line whose source the lease no
 * longer gives (a removed charge, a moved start, a lease deleted or back to draft) is removed. An approved,
 * paid, voided or invoiced line never changes.
 */
export async function generatePayables(deps: Deps, actor: Actor, body: unknown) {
  authorize(canWrite(actor));
  const { period } = parseServiceBody(payableGenerateBodySchema, body);
  const leases = await payableLeases(deps.db, actor.teamId);
  const terms = new Map(
    (
      await repo.termsOf(
        deps.db,
        actor.teamId,
        leases.map((l) => l.id),
      )
    ).map((t) => [t.lease_id, valuesOf(t)]),
  );
  const wanted = leases.flatMap((lease) =>
    linesDueIn(lease, terms.get(lease.id) ?? DEFAULT_PAYMENT_TERMS, period).map((line) => ({
      leaseId: lease.id,
      line,
    })),
  );
  const key = (leaseId: number, source: string, serviceStart: string) =>
    `${leaseId}|${source}|${serviceStart}`;
  const now = nowIso();
  return writeTransaction(deps.db, async (trx) => {
    const rows = await repo.payablesForGeneration(
      trx,
      actor.teamId,
      period,
      leases.map((l) => l.id),
      [...new Set(wanted.map((w) => w.line.service_start))],
    );
    const existing = new Map(rows.map((row) => [key(row.lease_id, row.source, row.service_start), row]));
    const met = new Set<number>();
    const inserts: Parameters<typeof repo.insertPayables>[1] = [];
    let updated = 0;
    let unchanged = 0;
    for (const { leaseId, line } of wanted) {
      const found = existing.get(key(leaseId, line.source, line.service_start));
      if (!found) {
        inserts.push({
          team_id: actor.teamId,
          lease_id: leaseId,
          source: line.source,
          kind: line.kind,
          charge_kind: line.charge_kind,
          period,
          service_start: line.service_start,
          service_end: line.service_end,
          due_date: line.due_date,
          scheduled_cents: line.cents,
          note: line.note,
          status: 'scheduled',
          created_at: now,
          updated_at: now,
        });
        continue;
      }
      met.add(found.id);
      const same =
        Number(found.scheduled_cents) === line.cents &&
        found.service_end === line.service_end &&
        found.due_date === line.due_date &&
        found.note === line.note &&
        found.period === period;
      if (same || found.status !== 'scheduled' || found.invoice_cents !== null) {
        unchanged += 1;
        continue;
      }
      updated += await repo.updatePayable(
        trx,
        actor.teamId,
        found.id,
        {
          scheduled_cents: line.cents,
          service_end: line.service_end,
          due_date: line.due_date,
          note: line.note,
          period,
          updated_at: now,
        },
        'scheduled',
      );
    }
    const removed = await repo.deleteScheduledPayables(
      trx,
      actor.teamId,
      rows.filter((row) => row.period === period && !met.has(row.id)).map((row) => row.id),
    );
    await repo.insertPayables(trx, inserts);
    if (inserts.length || updated || removed) {
      await recordActivity(trx, {
        teamId: actor.teamId,
        userId: actor.user.id,
        subjectType: 'payables',
        subjectId: null,
        action: 'generated',
        changes: { period, created: inserts.length, updated, removed },
        ip: actor.ip,
      });
      await bumpTeamWriteVersion(trx, actor.teamId);
    }
    return { created: inserts.length, updated, removed, unchanged };
  });
}

type Names = Map<number, string>;

async function userNames(deps: Deps, rows: repo.PayableRow[]): Promise<Names> {
  const ids = [
    ...new Set(
      rows.flatMap((r) => [r.approved_by, r.paid_by, r.voided_by]).filter((id): id is number => id !== null),
    ),
  ];
  const names: Names = new Map();
  for (const id of ids) {
    const user = await findUserById(deps.db, id);
    if (user) names.set(id, user.name);
  }
  return names;
}

function present(
  row: repo.PayableRow,
  lease: PayableLeaseRow | undefined,
  remittance: string | null,
  names: Names,
  actor: Actor,
): Payable {
  const scheduled = Number(row.scheduled_cents);
  const invoice = row.invoice_cents === null ? null : Number(row.invoice_cents);
  const person = (id: number | null) => (id === null ? null : { id, name: names.get(id) ?? '' });
  return {
    id: row.id,
    lease: { id: row.lease_id, reference: lease?.reference ?? null },
    store: { id: lease?.store_id ?? 0, name: lease?.store_name ?? '' },
    payee: lease?.landlord_id ? { id: lease.landlord_id, name: lease.landlord_name ?? '' } : null,
    remittance,
    kind: row.kind as Payable['kind'],
    charge_kind: row.charge_kind,
    period: row.period,
    service_start: row.service_start,
    service_end: row.service_end,
    due_date: row.due_date,
    scheduled_amount: scheduled / 100,
    invoice_amount: invoice === null ? null : invoice / 100,
    invoice_number: row.invoice_number,
    invoice_date: row.invoice_date && String(row.invoice_date),
    variance: invoice === null ? null : (invoice - scheduled) / 100,
    amount_to_pay: (invoice ?? scheduled) / 100,
    note: row.note,
    status: row.status as Payable['status'],
    approved_by: person(row.approved_by),
    approved_at: row.approved_at,
    variance_approved: Boolean(Number(row.variance_approved)),
    paid_by: person(row.paid_by),
    paid_at: row.paid_at,
    paid_reference: row.paid_reference,
    voided_by: person(row.voided_by),
    voided_at: row.voided_at,
    void_reason: row.void_reason,
    abilities: {
      update: canWrite(actor) && row.status === 'scheduled',
      unapprove: canWrite(actor) && row.status === 'approved',
      void: canWrite(actor) && (row.status === 'scheduled' || row.status === 'approved'),
    },
  };
}

async function presentAll(deps: Deps, actor: Actor, rows: repo.PayableRow[]): Promise<Payable[]> {
  const leaseIds = [...new Set(rows.map((r) => r.lease_id))];
  const leases = new Map((await payableLeases(deps.db, actor.teamId, leaseIds)).map((l) => [l.id, l]));
  const remittance = new Map(
    (await repo.termsOf(deps.db, actor.teamId, leaseIds)).map((t) => [t.lease_id, t.remittance]),
  );
  const names = await userNames(deps, rows);
  return rows.map((row) =>
    present(row, leases.get(row.lease_id), remittance.get(row.lease_id) ?? null, names, actor),
  );
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.at(-1) : value);

/**
 * One page of a period's lines (voided ones too, so they stay visible) and the whole period's totals; without
 * `period`, the month it is in the team's time zone.
 */
export async function listPayables(
  deps: Deps,
  actor: Actor,
  raw: Record<string, string | string[]>,
): Promise<PayableList> {
  const query = parseListQuery(raw, { sorts: ['due_date'], defaultSort: 'due_date', filters: {} });
  const given = single(raw.period);
  const { period } = given
    ? parseServiceBody(payablePeriodQuerySchema, { period: given })
    : { period: (await teamCalendar(deps.db, actor.teamId)).today.slice(0, 7) };
  const { rows, total } = await repo.pageOfPeriod(deps.db, actor.teamId, period, query);
  const totals = await repo.periodTotals(deps.db, actor.teamId, period);
  return {
    data: await presentAll(deps, actor, rows),
    meta: {
      ...paginationMeta(query.page, query.perPage, total),
      period,
      totals: { scheduled: totals.scheduled / 100, to_pay: totals.toPay / 100, paid: totals.paid / 100 },
      abilities: { generate: canWrite(actor), update: canWrite(actor) },
    },
  };
}

/** Every line of a period that is to be paid or was, voided ones left out: the accounts-payable file. */
export async function payablesToExport(deps: Deps, actor: Actor, period: string): Promise<Payable[]> {
  return presentAll(deps, actor, await repo.payablesToExport(deps.db, actor.teamId, period));
}

async function findPayable(deps: Deps, actor: Actor, id: number) {
  const [row] = await repo.payablesByIds(deps.db, actor.teamId, [id]);
  if (!row) throw notFound('Payable');
  return row;
}

/** The landlord's invoice for a line still scheduled: a differing amount becomes a variance to approve. */
export async function enterInvoice(deps: Deps, actor: Actor, id: number, body: unknown): Promise<Payable> {
  const row = await findPayable(deps, actor, id);
  authorize(canWrite(actor));
  const input = parseServiceBody(payableInvoiceBodySchema, body);
  if (row.status !== 'scheduled')
    throw new AppError('conflict', 'An approved or paid payable keeps its invoice.');
  const invoiceCents = toCents(input.invoice_amount);
  await writeTransaction(deps.db, async (trx) => {
    const changed = await repo.updatePayable(
      trx,
      actor.teamId,
      id,
      {
        invoice_cents: invoiceCents,
        invoice_number: input.invoice_number,
        invoice_date: input.invoice_date,
        updated_at: nowIso(),
      },
      'scheduled',
    );
    if (!changed) throw new AppError('conflict', 'An approved or paid payable keeps its invoice.');
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'payables',
      subjectId: id,
      action: 'updated',
      changes: {
        invoice_amount: [
          row.invoice_cents === null ? null : Number(row.invoice_cents) / 100,
          input.invoice_amount,
        ],
        invoice_number: [row.invoice_number, input.invoice_number],
        invoice_date: [row.invoice_date && String(row.invoice_date), input.invoice_date],
      },
      ip: actor.ip,
    });
    await bumpTeamWriteVersion(trx, actor.teamId);
  });
  const [presented] = await presentAll(deps, actor, await repo.payablesByIds(deps.db, actor.teamId, [id]));
  return presented!;
}

type BulkAction = PayableBulkBody['action'];

/** The state each action moves lines from and to, and what it says when a line is elsewhere. */
const ACTIONS: Record<BulkAction, { from: string[]; to: string; done: string; refusal: string }> = {
  approve: {
    from: ['scheduled'],
    to: 'approved',
    done: 'approved',
    refusal: 'Only scheduled payables can be approved.',
  },
  pay: { from: ['approved'], to: 'paid', done: 'paid', refusal: 'Only approved payables can be paid.' },
  unapprove: {
    from: ['approved'],
    to: 'scheduled',
    done: 'unapproved',
    refusal: 'Only approved payables can be taken back to scheduled.',
  },
  void: {
    from: ['scheduled', 'approved'],
    to: 'void',
    done: 'voided',
    refusal: 'Only scheduled or approved payables can be voided.',
  },
};

function changesOf(
  action: BulkAction,
  actor: Actor,
  now: string,
  input: { paid_reference: string | null; reason: string | null },
  variance: boolean,
) {
  switch (action) {
    case 'approve':
      return {
        status: 'approved',
        approved_by: actor.user.id,
        approved_at: now,
        variance_approved: variance ? 1 : 0,
        updated_at: now,
      };
    case 'pay':
      return {
        status: 'paid',
        paid_by: actor.user.id,
        paid_at: now,
        paid_reference: input.paid_reference,
        updated_at: now,
      };
    case 'unapprove':
      return {
        status: 'scheduled',
        approved_by: null,
        approved_at: null,
        variance_approved: 0,
        updated_at: now,
      };
    case 'void':
      return {
        status: 'void',
        voided_by: actor.user.id,
        voided_at: now,
        void_reason: input.reason,
        updated_at: now,
      };
  }
}

/**
 * Moves lines between states, all or nothing: approves scheduled lines, pays approved ones, takes approved
 * lines back to scheduled (`unapprove`), or voids lines not yet paid (`void`, with a reason; a paid line is a
 * 409). A line whose invoice differs from the schedule is approved only with `accept_variance`, and the
 * approval records that it covered a variance. Each line's move is in the audit log with who and when.
 */
export async function bulkAction(deps: Deps, actor: Actor, body: unknown) {
  const input = parseServiceBody(payableBulkBodySchema, body);
  const ids = [...new Set(input.ids)];
  const rows = await repo.payablesByIds(deps.db, actor.teamId, ids);
  // Another team's line is as unknown as a line that does not exist.
  if (rows.length !== ids.length) throw notFound('Payable');
  authorize(canWrite(actor));
  const action = ACTIONS[input.action];
  if (input.action === 'void' && !input.reason)
    throw invalid('reason', 'Say why the payables are voided: the reason is kept on each line.');
  const list = (lines: repo.PayableRow[]) => lines.map((r) => `#${r.id}`).join(', ');
  const paid = rows.filter((r) => r.status === 'paid');
  if (input.action === 'void' && paid.length)
    throw new AppError(
      'conflict',
      `A paid payable cannot be voided: ${list(paid)} ${paid.length === 1 ? 'is' : 'are'} paid already.`,
    );
  const wrongState = rows.filter((r) => !action.from.includes(r.status));
  if (wrongState.length)
    throw new AppError('validation', action.refusal, {
      ids: [`Not ${action.from.join(' or ')}: ${list(wrongState)}.`],
    });
  const withVariance = rows.filter(
    (r) => r.invoice_cents !== null && Number(r.invoice_cents) !== Number(r.scheduled_cents),
  );
  if (input.action === 'approve' && withVariance.length && !input.accept_variance)
    throw new AppError(
      'validation',
      'Some invoices differ from the scheduled amount: approve the variance.',
      {
        accept_variance: [
          `The invoice differs from the schedule on ${list(withVariance)}: approve the variance to go on.`,
        ],
      },
    );
  const now = nowIso();
  await writeTransaction(deps.db, async (trx) => {
    for (const row of rows) {
      const changed = await repo.updatePayable(
        trx,
        actor.teamId,
        row.id,
        changesOf(input.action, actor, now, input, withVariance.includes(row)),
        action.from,
      );
      // Someone else moved the line between the read and this write.
      if (!changed) throw new AppError('conflict', 'A payable changed meanwhile: reload and try again.');
    }
    await recordActivities(
      trx,
      rows.map((row) => ({
        teamId: actor.teamId,
        userId: actor.user.id,
        subjectType: 'payables',
        subjectId: row.id,
        action: action.done,
        changes: {
          status: [row.status, action.to],
          ...(input.action === 'void' ? { void_reason: [null, input.reason] } : {}),
        },
        ip: actor.ip,
      })),
    );
    await bumpTeamWriteVersion(trx, actor.teamId);
  });
  return { updated: rows.length };
}
