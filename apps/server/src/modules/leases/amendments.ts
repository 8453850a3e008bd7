import {
  amendmentInputSchema,
  escalateCents,
  exerciseOptionInputSchema,
  leaseFieldsSchema,
  waiveOptionInputSchema,
  type Lease,
  type LeaseAmendment,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { type Executor, writeTransaction } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { AppError, notFound } from '../../platform/errors';
import { authorize, type Actor } from '../../platform/policy';
import { recordPolicy } from '../records/index';
import { retireReminderKeys } from '../reminders/index';
import { teamCalendar } from '../teams/index';
import { isLiveDocument, parseWhole as parseContract } from './lease-agreement-rows';
import { escalationRows } from './dates';
import { amendmentSnapshot, amendmentsOf } from './history';
import { openWindow, optionWindows, verificationInputs } from './options';
import {
  anchorsOf,
  findLiveLease,
  findVisibleLease,
  getLease,
  leaseValuesOf,
  parseWhole,
  patchLease,
  type LeaseValues,
} from './service';

const OPTION_NAMES: Record<string, string> = {
  renewal: 'Renewal',
  termination: 'Termination',
  expansion: 'Expansion',
  contraction: 'Contraction',
  purchase: 'Purchase',
};

async function checkDocument(db: Executor, teamId: number, documentId: number | null, field: string) {
  if (documentId !== null && !(await isLiveDocument(db, teamId, documentId))) {
    throw new AppError('validation', 'The selected document is invalid.', {
      [field]: ['The selected document is invalid.'],
    });
  }
}

/** The lease, the option at `position` and its windows, for a change that needs the option's open window. */
async function optionContext(db: Executor, actor: Actor, leaseId: number, position: number) {
  await findLiveLease(db, actor.teamId, leaseId);
  authorize(recordPolicy.update(actor));
  return optionOf(db, actor.teamId, leaseId, position);
}

async function optionOf(db: Executor, teamId: number, leaseId: number, position: number) {
  const values = parseWhole(await leaseValuesOf(db, teamId, leaseId));
  const option = values.options[position];
  if (!option) throw notFound('Option');
  const calendar = await teamCalendar(db, teamId);
  const stored = await db
    .selectFrom('lease_options')
    .select(['first_term_end'])
    .where('team_id', '=', teamId)
    .where('lease_id', '=', leaseId)
    .where('position', '=', position)
    .executeTakeFirst();
  const windows = optionWindows(
    { ...option, first_term_end: stored?.first_term_end ?? null },
    anchorsOf(values),
    calendar,
  );
  return { values, option, calendar, windows, open: openWindow(windows) };
}

const optionKeys = (leaseId: number, position: number, sequence: number) => [
  `lease:${leaseId}:option:${position}:${sequence}`,
  `lease:${leaseId}:option:${position}:${sequence}:opens`,
];

/** The renewal's rent rows from the option's terms: a fixed amount, a percent over the last rent, or none yet. */
function renewalRent(
  values: LeaseValues,
  renewal: { start: string; end: string },
  input: ReturnType<typeof exerciseOptionInputSchema.parse>,
) {
  if (input.rent_method === 'fair_market_value') return [];
  const last = [...values.rent_schedule].sort((a, b) => (a.start_date < b.start_date ? -1 : 1)).at(-1);
  let monthly: number | null;
  let perSqft: number | null = null;
  if (input.rent_method === 'fixed') monthly = input.monthly_amount;
  else {
    if (!last)
      throw new AppError(
        'validation',
        'The lease has no rent to increase: enter the renewal rent as a fixed amount.',
        { rent_method: ['The lease has no rent to increase: enter the renewal rent as a fixed amount.'] },
      );
    monthly =
      last.monthly_amount === null
        ? null
        : escalateCents(Math.round(last.monthly_amount * 100), input.percent ?? 0) / 100;
    perSqft =
      last.amount_per_sqft === null
        ? null
        : escalateCents(Math.round(last.amount_per_sqft * 100), input.percent ?? 0) / 100;
  }
  if (monthly !== null && input.annual_increase_percent) {
    return escalationRows({
      start_date: renewal.start,
      end_date: renewal.end,
      monthly_amount: monthly,
      method: 'percent',
      value: input.annual_increase_percent,
      every_months: 12,
    }).map((row) => ({ ...row, amount_per_sqft: null }));
  }
  return [
    { start_date: renewal.start, end_date: renewal.end, monthly_amount: monthly, amount_per_sqft: perSqft },
  ];
}

/**
 * Exercising the open renewal of an option: records the notice (date, method, proof), extends the
 * expiration to the end of the renewal term, appends the renewal's rent, closes that window's reminders
 * as exercised and opens the next window; the lease's history keeps the change with the document.
 */
export async function exerciseOption(
  deps: Deps,
  actor: Actor,
  leaseId: number,
  position: number,
  body: unknown,
): Promise<Lease> {
  await writeTransaction(deps.db, async (trx) => {
    await optionContext(trx, actor, leaseId, position);
    await exerciseOptionIn(
      trx,
      actor.teamId,
      { userId: actor.user.id, ip: actor.ip },
      leaseId,
      position,
      body,
    );
  });
  return getLease(deps, actor, leaseId);
}

/** The exercise itself, inside the caller's transaction (the API after its checks; the demo seed). */
export async function exerciseOptionIn(
  trx: Executor,
  teamId: number,
  by: { userId: number; ip: string | null },
  leaseId: number,
  position: number,
  body: unknown,
) {
  const { values, option, calendar, open } = await optionOf(trx, teamId, leaseId, position);
  const input = parseContract(exerciseOptionInputSchema, body ?? {});
  if (!open || option.status !== 'open')
    throw new AppError(
      'conflict',
      'This option has no open notice window: it was exercised, waived or has lapsed.',
    );
  const noticeOn = input.exercised_on ?? calendar.today;
  const { earliest, latest } = open.window;
  if (earliest && noticeOn < earliest.date)
    throw new AppError('validation', `The notice window opens on ${earliest.date}.`, {
      exercised_on: [`The notice window opens on ${earliest.date}.`],
    });
  if (noticeOn > latest.date)
    throw new AppError('validation', `The last day to give notice was ${latest.date}.`, {
      exercised_on: [`The last day to give notice was ${latest.date}.`],
    });
  await checkDocument(trx, teamId, input.document_id, 'document_id');

  const renewal = option.kind === 'renewal';
  const exercised = option.exercised_count + 1;
  const options = values.options.map((o, index) =>
    index === position
      ? {
          ...o,
          exercised_count: renewal ? exercised : o.exercised_count,
          status: !renewal || exercised >= o.count ? 'exercised' : 'open',
          delivery_method: input.delivery_method ?? o.delivery_method,
        }
      : o,
  );
  const patch: Record<string, unknown> = { options };
  if (renewal) {
    // The first exercise fixes the term end the chain is counted from.
    if (option.exercised_count === 0)
      await trx
        .updateTable('lease_options')
        .set({ first_term_end: values.expiration_date })
        .where('team_id', '=', teamId)
        .where('lease_id', '=', leaseId)
        .where('position', '=', position)
        .execute();
    patch.expiration_date = open.renewal.end;
    patch.rent_schedule = [...values.rent_schedule, ...renewalRent(values, open.renewal, input)];
    if (values.status === 'holdover' || values.status === 'expired') patch.status = 'active';
  }
  await retireReminderKeys(trx, teamId, optionKeys(leaseId, position, open.sequence), 'exercised');
  const which = renewal && option.count > 1 ? ` (${open.sequence} of ${option.count})` : '';
  const how = input.delivery_method ?? option.delivery_method;
  const summary = `${OPTION_NAMES[option.kind]} option${which} exercised: notice given ${noticeOn}${how ? ` by ${how}` : ''}${renewal ? `; term extended to ${open.renewal.end}` : ''}${renewal && input.rent_method === 'fair_market_value' ? '; fair market rent to be set' : ''}`;
  await patchLease(trx, teamId, leaseId, patch, by, {
    amendment: { kind: 'exercise', summary, documentId: input.document_id },
  });
}

/** Waiving an option closes its open window and every renewal after it; the reminders close as waived. */
export async function waiveOption(
  deps: Deps,
  actor: Actor,
  leaseId: number,
  position: number,
  body: unknown,
): Promise<Lease> {
  await writeTransaction(deps.db, async (trx) => {
    const { values, option, open } = await optionContext(trx, actor, leaseId, position);
    const input = parseContract(waiveOptionInputSchema, body ?? {});
    if (option.status !== 'open') throw new AppError('conflict', `This option is already ${option.status}.`);
    await checkDocument(trx, actor.teamId, input.document_id, 'document_id');
    if (open)
      await retireReminderKeys(trx, actor.teamId, optionKeys(leaseId, position, open.sequence), 'waived');
    const options = values.options.map((o, index) => (index === position ? { ...o, status: 'waived' } : o));
    const summary = `${OPTION_NAMES[option.kind]} option waived${input.reason ? `: ${input.reason}` : ''}`;
    await patchLease(
      trx,
      actor.teamId,
      leaseId,
      { options },
      { userId: actor.user.id, ip: actor.ip },
      { amendment: { kind: 'waive', summary, documentId: input.document_id } },
    );
  });
  return getLease(deps, actor, leaseId);
}

/** A manager or admin confirms the option's computed dates against the lease; any later change clears it. */
export async function verifyOption(
  deps: Deps,
  actor: Actor,
  leaseId: number,
  position: number,
): Promise<Lease> {
  await writeTransaction(deps.db, async (trx) => {
    const { windows } = await optionContext(trx, actor, leaseId, position);
    await trx
      .updateTable('lease_options')
      .set({
        verified_by: actor.user.id,
        verified_at: nowIso(),
        verified_inputs: verificationInputs(windows),
      })
      .where('team_id', '=', actor.teamId)
      .where('lease_id', '=', leaseId)
      .where('position', '=', position)
      .execute();
  });
  return getLease(deps, actor, leaseId);
}

/** An amendment document with the changes it makes, applied and kept in the history together. */
export async function amendLease(deps: Deps, actor: Actor, leaseId: number, body: unknown): Promise<Lease> {
  await findLiveLease(deps.db, actor.teamId, leaseId);
  authorize(recordPolicy.update(actor));
  const input = parseContract(amendmentInputSchema, body ?? {});
  const changes = Object.fromEntries(
    Object.entries(input.changes).filter(([key]) => Object.hasOwn(leaseFieldsSchema.shape, key)),
  );
  await writeTransaction(deps.db, async (trx) => {
    await checkDocument(trx, actor.teamId, input.document_id, 'document_id');
    await patchLease(
      trx,
      actor.teamId,
      leaseId,
      changes,
      { userId: actor.user.id, ip: actor.ip },
      { amendment: { kind: 'amendment', summary: input.summary, documentId: input.document_id } },
    );
  });
  return getLease(deps, actor, leaseId);
}

export async function leaseHistory(deps: Deps, actor: Actor, leaseId: number): Promise<LeaseAmendment[]> {
  await findVisibleLease(deps.db, actor, leaseId);
  authorize(recordPolicy.view(actor));
  return amendmentsOf(deps.db, actor.teamId, leaseId);
}

export async function leaseAsItWas(deps: Deps, actor: Actor, leaseId: number, amendmentId: number) {
  await findVisibleLease(deps.db, actor, leaseId);
  authorize(recordPolicy.view(actor));
  const snapshot = await amendmentSnapshot(deps.db, actor.teamId, leaseId, amendmentId);
  if (!snapshot) throw notFound('History entry');
  return snapshot;
}
