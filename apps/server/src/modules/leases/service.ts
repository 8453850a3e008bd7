import type { Kysely } from 'kysely';
import { sql, type SqlBool } from 'kysely';
import { containsPattern } from '../../platform/text';
import { leaseInputSchema, LEASE_STATUSES, LEASE_CLAUSE_KINDS, type Lease, type PaginationMeta } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { type Executor, writeTransaction } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { AppError, notFound } from '../../platform/errors';
import { pageOfIds, paginationMeta, parseListQuery, type SortColumn } from '../../platform/list';
import { bumpTeamWriteVersion } from '../../platform/team-cache';
import { authorize, type Actor } from '../../platform/policy';
import { diff, recordActivity } from '../activities/service';
import { attributeErrors, attributeValuesFor, listQueryWithAttributes, splitAttributes, syncAttributeReminders, withAttributeErrors, writeAttributeValues } from '../attributes/service';
import { recordPolicy, systemViewer, viewerOf, type Abilities, type Viewer } from '../records/policy';
import { TRASH_DAYS } from '../records/service';
import { checkRef, FieldErrors } from '../records/validation';
import { removeSubjectReminders, syncReminders, type CriticalDate } from '../reminders/sync';
import { noticeDeadline, termMonths, todayIso } from './dates';
import { loadChildren, loadLeases, type LoadedLease } from './repository';
import { checkClauseDocuments, parseWhole as parseContract, ref, removeImportedContracts, toCents, toDollars, writeClauses } from './contracts-shared';


type Children = Awaited<ReturnType<typeof loadChildren>>;

function present(row: LoadedLease, children: Children, abilities: Abilities): Lease {
  const rent = children.rent.filter((r) => r.lease_id === row.id);
  const charges = children.charges.filter((c) => c.lease_id === row.id);
  const base = (from: string) => (from === 'commencement' ? row.commencement_date : row.expiration_date);
  const today = todayIso();
  const current = rent.find((r) => r.start_date <= today && today <= r.end_date) ?? rent[0];
  const perSqft = current?.per_sqft_cents && row.rentable_sqft ? (Number(current.per_sqft_cents) * row.rentable_sqft) / 12 : 0;
  const monthlyRent = current?.monthly_cents ? Number(current.monthly_cents) : perSqft;
  const monthlyCharges = charges.reduce((sum, c) => sum + Number(c.monthly_cents), 0);
  return {
    id: row.id,
    store: ref(row.store_id, row.store_name),
    reference: row.reference,
    status: row.status as Lease['status'],
    type: row.type as Lease['type'],
    landlord: ref(row.landlord_id, row.landlord_name),
    tenant: ref(row.tenant_id, row.tenant_name),
    guarantor: ref(row.guarantor_id, row.guarantor_name),
    guaranty_end_date: row.guaranty_end_date,
    broker: ref(row.broker_id, row.broker_name),
    property_manager: ref(row.property_manager_id, row.property_manager_name),
    suite: row.suite,
    rentable_sqft: row.rentable_sqft,
    usable_sqft: row.usable_sqft,
    permitted_use: row.permitted_use,
    signed_date: row.signed_date,
    possession_date: row.possession_date,
    commencement_date: row.commencement_date,
    rent_commencement_date: row.rent_commencement_date,
    expiration_date: row.expiration_date,
    term_months: termMonths(row.commencement_date, row.expiration_date),
    holdover_rate: row.holdover_rate,
    free_rent_months: row.free_rent_months,
    percentage_rent_breakpoint: toDollars(row.percentage_rent_breakpoint_cents),
    percentage_rent_rate: row.percentage_rent_rate,
    security_deposit: toDollars(row.security_deposit_cents),
    letter_of_credit: toDollars(row.letter_of_credit_cents),
    rent_schedule: rent.map((r) => ({ start_date: r.start_date, end_date: r.end_date, monthly_amount: toDollars(r.monthly_cents), amount_per_sqft: toDollars(r.per_sqft_cents) })),
    charges: charges.map((c) => ({ kind: c.kind as Lease['charges'][number]['kind'], monthly_amount: Number(c.monthly_cents) / 100, estimated: Boolean(c.estimated) })),
    options: children.options
      .filter((o) => o.lease_id === row.id)
      .map((o) => ({
        kind: o.kind as Lease['options'][number]['kind'],
        count: o.count,
        length_months: o.length_months,
        notice_days: o.notice_days,
        notice_from: o.notice_from as 'expiration' | 'commencement',
        deadline: noticeDeadline(base(o.notice_from), o.notice_days),
        delivery_method: o.delivery_method,
        status: o.status as Lease['options'][number]['status'],
      })),
    clauses: children.clauses.filter((c) => c.subject_id === row.id).map((c) => ({ kind: c.kind, text: c.text, date: c.date, document_id: c.document_id, page: c.page })),
    annual_rent: Math.round((monthlyRent + monthlyCharges) * 12) / 100,
    created_at: row.created_at,
    updated_at: row.updated_at,
    deleted_at: row.deleted_at,
    abilities,
  };
}

async function presentLeases(db: Executor, viewer: Viewer, ids: number[]) {
  const [rows, children, attributes] = await Promise.all([loadLeases(db, viewer.teamId, ids), loadChildren(db, ids), attributeValuesFor(db, viewer.teamId, 'leases', ids)]);
  return rows.map((row) => ({ ...present(row, children, viewer.abilities), attributes: attributes.get(row.id) ?? {} }));
}


const SORTS: Record<string, SortColumn[]> = {
  expiration_date: ['expiration_date'],
  commencement_date: ['commencement_date'],
  reference: ['reference'],
  status: ['status', 'expiration_date'],
  created_at: ['created_at'],
  updated_at: ['updated_at'],
};

/** The leases list's parsed query and its SQL conditions (filters and search), after the view check. */
export async function leaseListQuery(deps: Deps, actor: Actor, raw: Record<string, string | string[]>) {
  authorize(recordPolicy.view(actor));
  const { query, orderBy, conditions } = await listQueryWithAttributes(deps.db, actor.teamId, raw, {
    subject: 'leases',
    table: 'leases',
    sorts: SORTS,
    defaultSort: 'expiration_date',
    filters: {
      status: { type: 'enum', values: LEASE_STATUSES },
      store_id: { type: 'ids' },
      landlord_id: { type: 'ids' },
      tenant_id: { type: 'ids' },
      clause: { type: 'enum', values: LEASE_CLAUSE_KINDS },
      expiring_before: { type: 'text' },
    },
  });
  const f = query.filters;
  for (const column of ['status', 'store_id', 'landlord_id', 'tenant_id'] as const) {
    if (f[column]) conditions.push(sql<SqlBool>`${sql.ref(column)} in (${sql.join(f[column]!)})`);
  }
  if (f.clause) conditions.push(sql<SqlBool>`id in (select subject_id from clauses where team_id = ${actor.teamId} and subject_type = 'lease' and kind in (${sql.join(f.clause)}))`);
  const before = f.expiring_before?.[0];
  if (before !== undefined) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(String(before))) throw new AppError('validation', 'The expiring before filter must be a date.', { 'filters.expiring_before': ['The expiring before filter must be a date.'] });
    conditions.push(sql<SqlBool>`expiration_date is not null and expiration_date <= ${String(before)}`);
  }
  if (query.search) {
    const like = containsPattern(query.search);
    conditions.push(sql<SqlBool>`(reference like ${like} escape '\\' or store_id in (select id from stores where team_id = ${actor.teamId} and name like ${like} escape '\\'))`);
  }
  return { query, orderBy, conditions };
}

export async function listLeases(deps: Deps, actor: Actor, raw: Record<string, string | string[]>): Promise<{ data: Lease[]; meta: PaginationMeta }> {
  const { query, orderBy, conditions } = await leaseListQuery(deps, actor, raw);
  const { ids, total } = await pageOfIds(deps.db, { table: 'leases', teamId: actor.teamId, conditions, orderBy, direction: query.direction, page: query.page, perPage: query.perPage });
  return { data: await presentLeases(deps.db, viewerOf(actor), ids), meta: paginationMeta(query.page, query.perPage, total) };
}

/** Leases by id as the list and detail show them to `actor` (exports read them in batches). */
export const leasesFor = (deps: Deps, actor: Actor, ids: number[]): Promise<Lease[]> => presentLeases(deps.db, viewerOf(actor), ids);

async function findLiveLease(db: Executor, teamId: number, id: number) {
  const lease = await db.selectFrom('leases').selectAll().where('team_id', '=', teamId).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!lease) throw notFound('Lease');
  return lease;
}

export async function getLease(deps: Deps, actor: Actor, id: number): Promise<Lease> {
  await findLiveLease(deps.db, actor.teamId, id);
  return (await presentLeases(deps.db, viewerOf(actor), [id]))[0]!;
}

type LeaseValues = ReturnType<typeof leaseInputSchema.parse>;

async function validate(db: Executor, teamId: number, values: LeaseValues) {
  const errors = new FieldErrors();
  await checkRef(db, errors, 'stores', teamId, values.store_id, 'store_id', 'store');
  for (const field of ['landlord_id', 'tenant_id', 'guarantor_id'] as const) await checkRef(db, errors, 'companies', teamId, values[field], field, field.replace('_id', ''));
  for (const field of ['broker_id', 'property_manager_id'] as const) await checkRef(db, errors, 'contacts', teamId, values[field], field, field.replace('_id', '').replace('_', ' '));
  await checkClauseDocuments(db, teamId, values.clauses, (field, message) => errors.add(field, message));
  errors.throwIfAny();
}

function columns(values: LeaseValues) {
  return {
    store_id: values.store_id,
    reference: values.reference,
    status: values.status,
    type: values.type,
    landlord_id: values.landlord_id,
    tenant_id: values.tenant_id,
    guarantor_id: values.guarantor_id,
    broker_id: values.broker_id,
    property_manager_id: values.property_manager_id,
    guaranty_end_date: values.guaranty_end_date,
    suite: values.suite,
    rentable_sqft: values.rentable_sqft,
    usable_sqft: values.usable_sqft,
    permitted_use: values.permitted_use,
    signed_date: values.signed_date,
    possession_date: values.possession_date,
    commencement_date: values.commencement_date,
    rent_commencement_date: values.rent_commencement_date,
    expiration_date: values.expiration_date,
    holdover_rate: values.holdover_rate,
    free_rent_months: values.free_rent_months,
    percentage_rent_breakpoint_cents: toCents(values.percentage_rent_breakpoint),
    percentage_rent_rate: values.percentage_rent_rate,
    security_deposit_cents: toCents(values.security_deposit),
    letter_of_credit_cents: toCents(values.letter_of_credit),
  };
}

async function writeChildren(trx: Executor, teamId: number, leaseId: number, values: LeaseValues) {
  await trx.deleteFrom('lease_rent_rows').where('lease_id', '=', leaseId).execute();
  await trx.deleteFrom('lease_charges').where('lease_id', '=', leaseId).execute();
  await trx.deleteFrom('lease_options').where('lease_id', '=', leaseId).execute();
  if (values.rent_schedule.length) {
    await trx.insertInto('lease_rent_rows').values(values.rent_schedule.map((r) => ({ lease_id: leaseId, team_id: teamId, start_date: r.start_date, end_date: r.end_date, monthly_cents: toCents(r.monthly_amount), per_sqft_cents: toCents(r.amount_per_sqft) }))).execute();
  }
  if (values.charges.length) {
    await trx.insertInto('lease_charges').values(values.charges.map((c) => ({ lease_id: leaseId, team_id: teamId, kind: c.kind, monthly_cents: toCents(c.monthly_amount)!, estimated: c.estimated ? 1 : 0 }))).execute();
  }
  const base = (from: string) => (from === 'commencement' ? values.commencement_date : values.expiration_date);
  if (values.options.length) {
    await trx
      .insertInto('lease_options')
      .values(values.options.map((o, position) => ({ lease_id: leaseId, team_id: teamId, position, kind: o.kind, count: o.count, length_months: o.length_months, notice_days: o.notice_days, notice_from: o.notice_from, deadline: noticeDeadline(base(o.notice_from), o.notice_days), delivery_method: o.delivery_method, status: o.status })))
      .execute();
  }
  await writeClauses(trx, teamId, { type: 'lease', id: leaseId }, values.clauses);
}

const OPTION_TITLES: Record<string, string> = { renewal: 'Renewal', termination: 'Termination', expansion: 'Expansion', contraction: 'Contraction', purchase: 'Purchase' };

/** The lease's critical dates, as reminders: expiration, open option deadlines, escalations, guaranty end. */
export function leaseCriticalDates(leaseId: number, storeName: string, values: LeaseValues): CriticalDate[] {
  if (values.status === 'expired' || values.status === 'terminated') return [];
  const dates: CriticalDate[] = [];
  const key = (suffix: string) => `lease:${leaseId}:${suffix}`;
  if (values.expiration_date) dates.push({ key: key('expiration'), source: 'lease_expiration', title: `Lease expires: ${storeName}`, due_date: values.expiration_date });
  values.options.forEach((o, position) => {
    const deadline = noticeDeadline(o.notice_from === 'commencement' ? values.commencement_date : values.expiration_date, o.notice_days);
    if (deadline && o.status === 'open') dates.push({ key: key(`option:${position}`), source: 'option_notice', title: `${OPTION_TITLES[o.kind]} option notice deadline: ${storeName}`, due_date: deadline });
  });
  values.rent_schedule.slice(1).forEach((row) => dates.push({ key: key(`escalation:${row.start_date}`), source: 'rent_escalation', title: `Rent escalation: ${storeName}`, due_date: row.start_date }));
  if (values.guaranty_end_date) dates.push({ key: key('guaranty'), source: 'guaranty_end', title: `Lease guaranty ends: ${storeName}`, due_date: values.guaranty_end_date });
  return dates;
}

async function syncLeaseReminders(trx: Executor, teamId: number, leaseId: number, values: LeaseValues) {
  const store = await trx.selectFrom('stores').select('name').where('id', '=', values.store_id).executeTakeFirst();
  await syncReminders(trx, teamId, { type: 'lease', id: leaseId }, leaseCriticalDates(leaseId, store?.name ?? 'store', values));
  await syncAttributeReminders(trx, teamId, 'leases', leaseId);
}

const parseWhole = (input: unknown): LeaseValues => parseContract(leaseInputSchema, input);

export async function createLease(deps: Deps, actor: Actor, input: unknown): Promise<Lease> {
  authorize(recordPolicy.create(actor));
  const { attributes, rest } = splitAttributes(input);
  const values = withAttributeErrors(await attributeErrors(deps.db, actor.teamId, 'leases', attributes), () => parseWhole(rest));
  const id = await writeTransaction(deps.db, async (trx) => {
    const leaseId = await insertLease(trx, actor.teamId, values, { userId: actor.user.id, ip: actor.ip });
    const changes = await writeAttributeValues(trx, actor.teamId, 'leases', leaseId, attributes);
    await syncAttributeReminders(trx, actor.teamId, 'leases', leaseId);
    if (Object.keys(changes).length) await recordActivity(trx, { teamId: actor.teamId, userId: actor.user.id, subjectType: 'lease', subjectId: leaseId, action: 'updated', changes, ip: actor.ip });
    return leaseId;
  });
  return getLease(deps, actor, id);
}

/** Validates and writes a whole lease with its rows and reminders, inside the caller's transaction. */
export async function insertLease(trx: Executor, teamId: number, input: unknown, by: { userId: number; ip: string | null }): Promise<number> {
  const values = parseWhole(input);
  await validate(trx, teamId, values);
  const now = nowIso();
  const lease = await trx.insertInto('leases').values({ ...columns(values), team_id: teamId, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  await writeChildren(trx, teamId, lease.id, values);
  await syncLeaseReminders(trx, teamId, lease.id, values);
  await bumpTeamWriteVersion(trx, teamId);
  await recordActivity(trx, { teamId, userId: by.userId, subjectType: 'lease', subjectId: lease.id, action: 'created', changes: { store_id: [null, values.store_id], expiration_date: [null, values.expiration_date] }, ip: by.ip });
  return lease.id;
}

/** The lease as input values, so a PATCH can be applied to it and the whole re-validated. */
async function currentValues(db: Executor, teamId: number, id: number) {
  const lease = (await presentLeases(db, systemViewer(teamId), [id]))[0]!;
  return {
    ...Object.fromEntries(Object.entries(lease).filter(([k]) => !['id', 'store', 'landlord', 'tenant', 'guarantor', 'broker', 'property_manager', 'term_months', 'annual_rent', 'created_at', 'updated_at', 'deleted_at', 'abilities', 'attributes'].includes(k))),
    store_id: lease.store?.id,
    landlord_id: lease.landlord?.id ?? null,
    tenant_id: lease.tenant?.id ?? null,
    guarantor_id: lease.guarantor?.id ?? null,
    broker_id: lease.broker?.id ?? null,
    property_manager_id: lease.property_manager?.id ?? null,
    options: lease.options.map(({ deadline: _deadline, ...o }) => o),
  };
}

export async function updateLease(deps: Deps, actor: Actor, id: number, patch: Record<string, unknown>): Promise<Lease> {
  await findLiveLease(deps.db, actor.teamId, id);
  authorize(recordPolicy.update(actor));
  await writeTransaction(deps.db, (trx) => patchLease(trx, actor.teamId, id, patch, { userId: actor.user.id, ip: actor.ip }));
  return getLease(deps, actor, id);
}

/**
 * Merges `patch` (a PATCH body's fields, `attributes` too) into a live lease inside the caller's transaction:
 * the whole lease is re-validated, its rows and reminders rewritten, the change audited. Returns the lease's
 * values before (with its attributes and `updated_at`), which, patched back with `keepUpdatedAt`, undo it.
 */
export async function patchLease(trx: Executor, teamId: number, id: number, patch: Record<string, unknown>, by: { userId: number | null; ip: string | null }, options: { keepUpdatedAt?: string } = {}) {
  const { attributes, rest, sent } = splitAttributes(patch);
  const before = await currentValues(trx, teamId, id);
  const values = withAttributeErrors(await attributeErrors(trx, teamId, 'leases', attributes, { partial: true }), () => parseWhole({ ...before, ...rest }));
  await validate(trx, teamId, values);
  const changes: Record<string, unknown> = diff(before as Record<string, unknown>, Object.fromEntries(Object.entries(rest).filter(([, v]) => typeof v !== 'object' || v === null)));
  const attributesBefore = (await attributeValuesFor(trx, teamId, 'leases', [id])).get(id) ?? {};
  if (sent) Object.assign(changes, await writeAttributeValues(trx, teamId, 'leases', id, attributes, { partial: true }));
  for (const list of ['rent_schedule', 'charges', 'options', 'clauses']) if (list in rest && JSON.stringify(rest[list]) !== JSON.stringify(before[list as keyof typeof before])) changes[list] = ['…', 'changed'];
  const updatedAt = (await trx.selectFrom('leases').select('updated_at').where('id', '=', id).executeTakeFirstOrThrow()).updated_at;
  await trx.updateTable('leases').set({ ...columns(values), updated_at: options.keepUpdatedAt ?? nowIso() }).where('id', '=', id).where('team_id', '=', teamId).execute();
  await writeChildren(trx, teamId, id, values);
  await syncLeaseReminders(trx, teamId, id, values);
  await bumpTeamWriteVersion(trx, teamId);
  if (Object.keys(changes).length) await recordActivity(trx, { teamId, userId: by.userId, subjectType: 'lease', subjectId: id, action: 'updated', changes, ip: by.ip });
  return { ...before, attributes: attributesBefore, updated_at: updatedAt };
}

/** A live lease's values as the form sends them (what a PATCH merges into), for an import's update. */
export const leaseValuesOf = (db: Executor, teamId: number, id: number) => currentValues(db, teamId, id);

export async function deleteLease(deps: Deps, actor: Actor, id: number) {
  await findLiveLease(deps.db, actor.teamId, id);
  authorize(recordPolicy.delete(actor));
  await writeTransaction(deps.db, async (trx) => {
    await trx.updateTable('leases').set({ deleted_at: nowIso() }).where('id', '=', id).execute();
    await removeSubjectReminders(trx, actor.teamId, { type: 'lease', id });
    await bumpTeamWriteVersion(trx, actor.teamId);
    await recordActivity(trx, { teamId: actor.teamId, userId: actor.user.id, subjectType: 'lease', subjectId: id, action: 'deleted', ip: actor.ip });
  });
}

export async function restoreLease(deps: Deps, actor: Actor, id: number): Promise<Lease> {
  const lease = await deps.db.selectFrom('leases').selectAll().where('team_id', '=', actor.teamId).where('id', '=', id).executeTakeFirst();
  if (!lease) throw notFound('Lease');
  authorize(recordPolicy.restore(actor));
  if (!lease.deleted_at) throw new AppError('conflict', 'This lease is not deleted.');
  if (Date.now() - Date.parse(lease.deleted_at) > TRASH_DAYS * 86_400_000) throw notFound('Lease');
  await writeTransaction(deps.db, async (trx) => {
    await trx.updateTable('leases').set({ deleted_at: null, updated_at: nowIso() }).where('id', '=', id).execute();
    await syncLeaseReminders(trx, actor.teamId, id, parseWhole(await currentValues(trx, actor.teamId, id)));
    await bumpTeamWriteVersion(trx, actor.teamId);
    await recordActivity(trx, { teamId: actor.teamId, userId: actor.user.id, subjectType: 'lease', subjectId: id, action: 'restored', ip: actor.ip });
  });
  return getLease(deps, actor, id);
}

/** Portfolio-wide clause search: every lease clause of a kind, or whose text contains words. */
export async function searchClauses(deps: Deps, actor: Actor, raw: Record<string, string | string[]>) {
  const query = parseListQuery(raw, { sorts: ['kind'], defaultSort: 'kind', filters: { kind: { type: 'enum', values: LEASE_CLAUSE_KINDS } } });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a join the typed builder cannot name twice
  let base = (deps.db as unknown as Kysely<any>)
    .selectFrom('clauses')
    .innerJoin('leases', 'leases.id', 'clauses.subject_id')
    .innerJoin('stores', 'stores.id', 'leases.store_id')
    .where('clauses.team_id', '=', actor.teamId)
    .where('clauses.subject_type', '=', 'lease')
    .where('leases.deleted_at', 'is', null);
  if (query.filters.kind) base = base.where('clauses.kind', 'in', query.filters.kind);
  // escape '\': without it SQLite matched a typed % or _ as a literal backslash and a wildcard.
  if (query.search) base = base.where(sql<SqlBool>`clauses.text like ${containsPattern(query.search)} escape '\\'`);
  const [rows, count] = await Promise.all([
    base
      .select(['clauses.id', 'clauses.kind', 'clauses.text', 'clauses.date', 'clauses.page', 'clauses.document_id', 'leases.id as lease_id', 'leases.reference', 'stores.name as store_name'])
      .orderBy('clauses.kind')
      .orderBy('clauses.id')
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .execute(),
    base.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    data: rows.map((r: Record<string, unknown>) => ({
      id: Number(r.id),
      kind: String(r.kind),
      text: String(r.text),
      date: (r.date as string | null) ?? null,
      page: r.page === null ? null : Number(r.page),
      document_id: r.document_id === null ? null : Number(r.document_id),
      lease: { id: Number(r.lease_id), name: `${String(r.store_name)}${r.reference ? ` (${String(r.reference)})` : ''}` },
    })),
    meta: paginationMeta(query.page, query.perPage, Number(count.total)),
  };
}

/** Leases an import created, removed for good (a failed run) or to the trash (undo). */
export function removeImportedLeases(trx: Executor, teamId: number, ids: number[], how: 'purge' | 'trash') {
  return removeImportedContracts(trx, teamId, ids, how, { table: 'leases', subject: 'lease', attributes: 'leases' });
}
