import {
  toCents,
  toDollars,
  TRANSFER_STEPS,
  transferActionInputSchema,
  transferInputSchema,
  type AgreementTransfers,
  type Transfer,
  type TransferAction,
  type TransferStatus,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { type Executor, writeTransaction } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { AppError, invalid, notFound } from '../../platform/errors';
import { authorize, hasRole, type Actor } from '../../platform/policy';
import { bumpTeamWriteVersion } from '../../platform/team-cache';
import { recordActivity } from '../activities/index';
import { getAgreement, patchAgreement } from '../agreements/index';
import { checkRef, FieldErrors } from '../records/index';
import { setOperatingCompany } from '../stores/index';
import { teamToday } from '../teams/index';
import { parseServiceBody } from '../../platform/service-body';
import { recordOwnershipChange } from './ownership';

/**
 * Managers request a transfer; approving, rejecting and completing it changes who holds the agreement, so
 * those steps are the admins'.
 */
const canRequest = (actor: Actor) => hasRole(actor, 'manager');
const canDecide = (actor: Actor) => hasRole(actor, 'admin');

function transferRows(db: Executor, teamId: number, agreementId: number, transferId?: number) {
  let query = db
    .selectFrom('agreement_transfers as t')
    .leftJoin('companies as fc', (j) =>
      j.onRef('fc.id', '=', 't.from_company_id').on('fc.team_id', '=', teamId),
    )
    .leftJoin('companies as tc', (j) =>
      j.onRef('tc.id', '=', 't.to_company_id').on('tc.team_id', '=', teamId),
    )
    .leftJoin('users as rq', 'rq.id', 't.requested_by')
    .leftJoin('users as ap', 'ap.id', 't.approved_by')
    .leftJoin('users as rj', 'rj.id', 't.rejected_by')
    .leftJoin('users as cp', 'cp.id', 't.completed_by')
    .selectAll('t')
    .select([
      'fc.name as from_name',
      'tc.name as to_name',
      'rq.name as requested_name',
      'ap.name as approved_name',
      'rj.name as rejected_name',
      'cp.name as completed_name',
    ])
    .where('t.team_id', '=', teamId)
    .where('t.agreement_id', '=', agreementId);
  if (transferId !== undefined) query = query.where('t.id', '=', transferId);
  return query.orderBy('t.id', 'desc').execute();
}
type Row = Awaited<ReturnType<typeof transferRows>>[number];

function present(row: Row, actor: Actor): Transfer {
  const person = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });
  const step = (status: TransferStatus, at: string | null, by: number | null, name: string | null) =>
    at === null ? [] : [{ status, at, by: person(by, name) }];
  const status = row.status as TransferStatus;
  const may = (action: TransferAction) => canDecide(actor) && TRANSFER_STEPS[action].from.includes(status);
  return {
    id: row.id,
    agreement_id: row.agreement_id,
    from_company:
      row.from_company_id === null ? null : { id: row.from_company_id, name: row.from_name ?? '' },
    to_company: row.to_company_id === null ? null : { id: row.to_company_id, name: row.to_name ?? '' },
    fee: toDollars(row.fee_cents),
    effective_date: row.effective_date,
    status,
    note: row.note,
    steps: [
      ...step('requested', row.requested_at, row.requested_by, row.requested_name),
      ...step('approved', row.approved_at, row.approved_by, row.approved_name),
      ...step('rejected', row.rejected_at, row.rejected_by, row.rejected_name),
      ...step('completed', row.completed_at, row.completed_by, row.completed_name),
    ],
    abilities: { approve: may('approve'), reject: may('reject'), complete: may('complete') },
  };
}

export async function transfersOf(
  deps: Deps,
  actor: Actor,
  agreementId: number,
): Promise<AgreementTransfers> {
  // The agreements module answers 404 for another team's agreement before anything here runs.
  await getAgreement(deps, actor, agreementId);
  const rows = await transferRows(deps.db, actor.teamId, agreementId);
  return {
    agreement_id: agreementId,
    transfers: rows.map((row) => present(row, actor)),
    abilities: { request: canRequest(actor) },
  };
}

async function oneTransfer(db: Executor, actor: Actor, agreementId: number, transferId: number) {
  const [row] = await transferRows(db, actor.teamId, agreementId, transferId);
  if (!row) throw notFound('Transfer');
  return row;
}

export async function requestTransfer(deps: Deps, actor: Actor, agreementId: number, body: unknown) {
  const agreement = await getAgreement(deps, actor, agreementId);
  authorize(canRequest(actor));
  const input = parseServiceBody(transferInputSchema, body);
  const errors = new FieldErrors();
  await checkRef(
    deps.db,
    errors,
    'companies',
    actor.teamId,
    input.to_company_id,
    'to_company_id',
    'new franchisee',
  );
  if (agreement.franchisee?.id === input.to_company_id)
    errors.add('to_company_id', 'The new franchisee must differ from the current one.');
  errors.throwIfAny();
  const id = await writeTransaction(deps.db, async (trx) => {
    const open = await trx
      .selectFrom('agreement_transfers')
      .select('id')
      .where('team_id', '=', actor.teamId)
      .where('agreement_id', '=', agreementId)
      .where('status', 'in', ['requested', 'approved'])
      .executeTakeFirst();
    // One transfer at a time: a second would be decided against a franchisee the first may already change.
    if (open) throw new AppError('conflict', 'This agreement already has a transfer in progress.');
    const inserted = await trx
      .insertInto('agreement_transfers')
      .values({
        team_id: actor.teamId,
        agreement_id: agreementId,
        from_company_id: agreement.franchisee?.id ?? null,
        to_company_id: input.to_company_id,
        fee_cents: toCents(input.fee),
        effective_date: input.effective_date,
        status: 'requested',
        note: input.note,
        requested_by: actor.user.id,
        requested_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'agreement',
      subjectId: agreementId,
      action: 'transfer_requested',
      changes: {
        transfer_id: inserted.id,
        franchisee_id: [agreement.franchisee?.id ?? null, input.to_company_id],
        fee_cents: toCents(input.fee),
        effective_date: input.effective_date,
      },
      ip: actor.ip,
    });
    await bumpTeamWriteVersion(trx, actor.teamId);
    return inserted.id;
  });
  return present(await oneTransfer(deps.db, actor, agreementId, id), actor);
}

/** Approve, reject or complete; completing hands the agreement and its stores to the new franchisee. */
export async function decideTransfer(
  deps: Deps,
  actor: Actor,
  agreementId: number,
  transferId: number,
  action: TransferAction,
  body: unknown,
) {
  const agreement = await getAgreement(deps, actor, agreementId);
  const transfer = await oneTransfer(deps.db, actor, agreementId, transferId);
  authorize(canDecide(actor), 'Only team admins can approve, reject or complete a transfer.');
  const { note } = parseServiceBody(transferActionInputSchema, body ?? {});
  const step = TRANSFER_STEPS[action];
  if (!step.from.includes(transfer.status as TransferStatus))
    throw new AppError('conflict', `A ${transfer.status} transfer cannot be ${step.to}.`);
  if (action === 'complete') {
    const today = await teamToday(deps.db, actor.teamId);
    if (transfer.effective_date > today)
      throw invalid(
        'effective_date',
        `The transfer can be completed from its effective date, ${transfer.effective_date}.`,
      );
    const errors = new FieldErrors();
    await checkRef(
      deps.db,
      errors,
      'companies',
      actor.teamId,
      transfer.to_company_id,
      'to_company_id',
      'new franchisee',
    );
    if (transfer.to_company_id === null) errors.add('to_company_id', 'The new franchisee no longer exists.');
    errors.throwIfAny();
  }
  const by = { userId: actor.user.id, ip: actor.ip };
  await writeTransaction(deps.db, async (trx) => {
    const now = nowIso();
    const stamp =
      action === 'approve'
        ? { approved_by: actor.user.id, approved_at: now }
        : action === 'reject'
          ? { rejected_by: actor.user.id, rejected_at: now }
          : { completed_by: actor.user.id, completed_at: now };
    const updated = await trx
      .updateTable('agreement_transfers')
      .set({ status: step.to, ...stamp, ...(note ? { note } : {}) })
      .where('team_id', '=', actor.teamId)
      .where('id', '=', transferId)
      // Two admins deciding at once: only the first step from the state both saw is taken.
      .where('status', '=', transfer.status)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1)
      throw new AppError('conflict', 'The transfer was changed meanwhile; reload it.');
    if (action === 'complete') {
      const toCompany = transfer.to_company_id!;
      await patchAgreement(trx, actor.teamId, agreementId, { franchisee_id: toCompany }, by);
      const storeIds = agreement.stores.map((s) => s.id);
      await recordOwnershipChange(trx, actor.teamId, storeIds, {
        companyId: toCompany,
        from: transfer.effective_date,
        transferId,
      });
      await setOperatingCompany(trx, actor.teamId, storeIds, toCompany, by);
    }
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'agreement',
      subjectId: agreementId,
      action: `transfer_${step.to}`,
      changes: { transfer_id: transferId, status: [transfer.status, step.to] },
      ip: actor.ip,
    });
    await bumpTeamWriteVersion(trx, actor.teamId);
  });
  return present(await oneTransfer(deps.db, actor, agreementId, transferId), actor);
}
