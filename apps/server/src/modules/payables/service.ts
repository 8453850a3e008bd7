import {
  DEFAULT_PAYMENT_TERMS,
  fieldErrors,
  payableBulkBodySchema,
  payableGenerateBodySchema,
  payableInvoiceBodySchema,
  paymentTermsInputSchema,
  toCents,
  type Payable,
  type PayableList,
  type PayableFrequency,
  type PaymentTerms,
  type PayableTiming,
} from '@storekeep/contracts';
import type { z } from 'zod';
import type { Deps } from '../../platform/deps';
import { writeTransaction } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { AppError, notFound } from '../../platform/errors';
import { authorize, hasRole, type Actor } from '../../platform/policy';
import { bumpTeamWriteVersion } from '../../platform/team-cache';
import { recordActivities, recordActivity } from '../activities/index';
import { getLease, payableLeases, type PayableLeaseRow } from '../leases/index';
import { findUserById } from '../users/index';
import * as repo from './repository';
import { linesDueIn, type PaymentTermsValues } from './schedule';

/** Observers read payables; managers and up generate, enter invoices, approve and pay. */
const canWrite = (actor: Actor) => hasRole(actor, 'manager');

function parse<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    throw new AppError('validation', Object.values(errors)[0]![0]!, errors);
  }
  return parsed.data;
}

const valuesOf = (
  row: repo.PaymentTermsRow | undefined,
): PaymentTermsValues & { remittance: string | null } =>
  row
    ? {
        frequency: row.frequency as PayableFrequency,
        timing: row.timing as PayableTiming,
        due_day: Number(row.due_day),
        remittance: row.remittance,
      }
    : { ...DEFAULT_PAYMENT_TERMS };

export async function paymentTermsOf(deps: Deps, actor: Actor, leaseId: number): Promise<PaymentTerms> {
  await getLease(deps, actor, leaseId);
  const [row] = await repo.termsOf(deps.db, actor.teamId, [leaseId]);
  return { saved: Boolean(row), ...valuesOf(row), abilities: { update: canWrite(actor) } };
}

export async function savePaymentTerms(deps: Deps, actor: Actor, leaseId: number, body: unknown) {
  const before = await paymentTermsOf(deps, actor, leaseId);
  authorize(canWrite(actor));
  const terms = parse(paymentTermsInputSchema, body);
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
 * row shows up), and an approved or paid line never changes.
 */
export async function generatePayables(deps: Deps, actor: Actor, body: unknown) {
  authorize(canWrite(actor));
  const { period } = parse(payableGenerateBodySchema, body);
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
  const now = nowIso();
  return writeTransaction(deps.db, async (trx) => {
    const existing = new Map(
      (
        await repo.payablesOfLeases(
          trx,
          actor.teamId,
          leases.map((l) => l.id),
          period,
        )
      ).map((row) => [`${row.lease_id}|${row.source}|${row.service_start}`, row]),
    );
    const inserts: Parameters<typeof repo.insertPayables>[1] = [];
    let updated = 0;
    let unchanged = 0;
    for (const lease of leases) {
      for (const line of linesDueIn(lease, terms.get(lease.id) ?? DEFAULT_PAYMENT_TERMS, period)) {
        const found = existing.get(`${lease.id}|${line.source}|${line.service_start}`);
        if (!found) {
          inserts.push({
            team_id: actor.teamId,
            lease_id: lease.id,
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
        const same =
          Number(found.scheduled_cents) === line.cents &&
          found.service_end === line.service_end &&
          found.due_date === line.due_date &&
          found.note === line.note;
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
            updated_at: now,
          },
          'scheduled',
        );
      }
    }
    await repo.insertPayables(trx, inserts);
    if (inserts.length || updated) {
      await recordActivity(trx, {
        teamId: actor.teamId,
        userId: actor.user.id,
        subjectType: 'payables',
        subjectId: null,
        action: 'generated',
        changes: { period, created: inserts.length, updated },
        ip: actor.ip,
      });
      await bumpTeamWriteVersion(trx, actor.teamId);
    }
    return { created: inserts.length, updated, unchanged };
  });
}

type Names = Map<number, string>;

async function userNames(deps: Deps, rows: repo.PayableRow[]): Promise<Names> {
  const ids = [
    ...new Set(rows.flatMap((r) => [r.approved_by, r.paid_by]).filter((id): id is number => id !== null)),
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
    abilities: { update: canWrite(actor) && row.status !== 'paid' },
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

export async function listPayables(deps: Deps, actor: Actor, period: string): Promise<PayableList> {
  const data = await presentAll(deps, actor, await repo.payablesOfPeriod(deps.db, actor.teamId, period));
  const sum = (values: number[]) => values.reduce((a, v) => a + Math.round(v * 100), 0) / 100;
  return {
    data,
    meta: {
      period,
      count: data.length,
      totals: {
        scheduled: sum(data.map((p) => p.scheduled_amount)),
        to_pay: sum(data.map((p) => p.amount_to_pay)),
        paid: sum(data.filter((p) => p.status === 'paid').map((p) => p.amount_to_pay)),
      },
      abilities: { generate: canWrite(actor), update: canWrite(actor) },
    },
  };
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
  const input = parse(payableInvoiceBodySchema, body);
  if (row.status !== 'scheduled')
    throw new AppError('conflict', 'An approved or paid payable keeps its invoice.');
  const invoiceCents = toCents(input.invoice_amount);
  await writeTransaction(deps.db, async (trx) => {
    const changed = await repo.updatePayable(
      trx,
      actor.teamId,
      id,
      { invoice_cents: invoiceCents, invoice_number: input.invoice_number, updated_at: nowIso() },
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
      },
      ip: actor.ip,
    });
    await bumpTeamWriteVersion(trx, actor.teamId);
  });
  const [presented] = await presentAll(deps, actor, await repo.payablesByIds(deps.db, actor.teamId, [id]));
  return presented!;
}

/**
 * Approves scheduled lines or pays approved ones, all or nothing. A line whose invoice differs from the
 * schedule is approved only with `accept_variance`, and the approval records that it covered a variance.
 */
export async function bulkAction(deps: Deps, actor: Actor, body: unknown) {
  const input = parse(payableBulkBodySchema, body);
  const ids = [...new Set(input.ids)];
  const rows = await repo.payablesByIds(deps.db, actor.teamId, ids);
  // Another team's line is as unknown as a line that does not exist.
  if (rows.length !== ids.length) throw notFound('Payable');
  authorize(canWrite(actor));
  const from = input.action === 'approve' ? 'scheduled' : 'approved';
  const wrongState = rows.filter((r) => r.status !== from);
  if (wrongState.length)
    throw new AppError(
      'validation',
      input.action === 'approve'
        ? 'Only scheduled payables can be approved.'
        : 'Only approved payables can be paid.',
      { ids: [`Not ${from}: ${wrongState.map((r) => `#${r.id}`).join(', ')}.`] },
    );
  const withVariance = rows.filter(
    (r) => r.invoice_cents !== null && Number(r.invoice_cents) !== Number(r.scheduled_cents),
  );
  if (input.action === 'approve' && withVariance.length && !input.accept_variance)
    throw new AppError(
      'validation',
      'Some invoices differ from the scheduled amount: approve the variance.',
      {
        accept_variance: [
          `The invoice differs from the schedule on ${withVariance.map((r) => `#${r.id}`).join(', ')}: approve the variance to go on.`,
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
        input.action === 'approve'
          ? {
              status: 'approved',
              approved_by: actor.user.id,
              approved_at: now,
              variance_approved: withVariance.includes(row) ? 1 : 0,
              updated_at: now,
            }
          : {
              status: 'paid',
              paid_by: actor.user.id,
              paid_at: now,
              paid_reference: input.paid_reference,
              updated_at: now,
            },
        from,
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
        action: input.action === 'approve' ? 'approved' : 'paid',
        changes: { status: [from, input.action === 'approve' ? 'approved' : 'paid'] },
        ip: actor.ip,
      })),
    );
    await bumpTeamWriteVersion(trx, actor.teamId);
  });
  return { updated: rows.length };
}
