import { sql, type SqlBool } from 'kysely';
import { AGREEMENT_NUMBERS, containingMatchSet } from '../../platform/substring-search';
import {
  AGREEMENT_STATUSES,
  AGREEMENT_TYPES,
  agreementInputSchema,
  agreementListItem,
  type Agreement,
  type Attribute,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import type { Executor } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { SortColumn } from '../../platform/list';
import { bumpTeamWriteVersion } from '../../platform/team-cache';
import { authorize, teamScope, type Actor, type TeamScope } from '../../platform/policy';
import { whereInScope } from '../../platform/db/scope';
import { attributeValuesShownTo, listQueryWithAttributes, syncAttributeReminders } from '../attributes/index';
import {
  checkRef,
  FieldErrors,
  recordPolicy,
  restoreFromTrash,
  softDelete,
  systemViewer,
  viewerOf,
  type Lifecycle,
  type Viewer,
} from '../records/index';
import {
  checkClauseDocuments,
  contractLifecycle,
  createContract,
  findLiveContract,
  getContract,
  hideImportedContract,
  insertContract,
  listContracts,
  noticeDeadline,
  patchContract,
  ref,
  removeImported,
  revealImportedContracts,
  toCents,
  toDollars,
  updateContract,
  writeClauses,
  type ContractDefinition,
  type PatchOptions,
} from '../leases/index';
import { syncReminders, type CriticalDate } from '../reminders/index';
import { teamSettings } from '../teams/index';

type Values = ReturnType<typeof agreementInputSchema.parse>;

async function load(db: Executor, teamId: number, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('franchise_agreements as a')
    .innerJoin('brands', 'brands.id', 'a.brand_id')
    .leftJoin('companies', 'companies.id', 'a.franchisee_id')
    .selectAll('a')
    .select(['brands.name as brand_name', 'companies.name as franchisee_name'])
    .where('a.id', 'in', ids)
    .where((eb) => whereInScope(eb, teamScope(teamId), 'a', { byId: true }))
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The alignment check: a store whose agreement and lease end more than the team's window
 * (default 90 days) apart risks being stranded, so both records and the dashboard flag it. The lease
 * join names the team so it can use `leases_store_id_live_index` (team_id, store_id): without it SQLite
 * compared every agreement with every lease (60k × 120k in the benchmark: minutes; now 0.5 s).
 */
export async function misalignments(db: Executor, teamId: number, agreementIds?: number[]) {
  const window = (await teamSettings(db, teamId)).alignment_days;
  let query = db
    .selectFrom('agreement_stores as s')
    .innerJoin('franchise_agreements as a', 'a.id', 's.agreement_id')
    .innerJoin('stores', 'stores.id', 's.store_id')
    .innerJoin('leases as l', (join) =>
      join
        .onRef('l.team_id', '=', 's.team_id')
        .onRef('l.store_id', '=', 's.store_id')
        .on('l.deleted_at', 'is', null)
        .on('l.status', 'in', ['active', 'holdover', 'draft']),
    )
    .select([
      's.agreement_id',
      's.team_id',
      'stores.id as store_id',
      'stores.name as store_name',
      'a.expiration_date as agreement_expiration',
      'l.expiration_date as lease_expiration',
      'l.id as lease_id',
    ])
    .where('a.deleted_at', 'is', null)
    .where('stores.deleted_at', 'is', null)
    .where('a.expiration_date', 'is not', null)
    .where('l.expiration_date', 'is not', null);
  // A page of agreements is read by primary key: a plain `s.team_id = ?` makes SQLite walk the team's whole
  // (team_id, store_id) index (60k rows) for 25 agreements.
  query = agreementIds
    ? query
        .where('s.agreement_id', 'in', agreementIds.length ? agreementIds : [-1])
        .where((eb) => whereInScope(eb, teamScope(teamId), 's', { byId: true }))
    : query.where('s.team_id', '=', teamId);
  const rows = await query.execute();
  return rows
    .map((r) => ({
      ...r,
      days_apart: Math.round(
        Math.abs(Date.parse(r.agreement_expiration!) - Date.parse(r.lease_expiration!)) / 86_400_000,
      ),
    }))
    .filter((r) => r.days_apart > window);
}

async function present(
  db: Executor,
  viewer: Viewer,
  ids: number[],
  definitions?: readonly Attribute[],
): Promise<Agreement[]> {
  const [rows, stores, clauses, misaligned, attributes] = await Promise.all([
    load(db, viewer.teamId, ids),
    ids.length
      ? db
          .selectFrom('agreement_stores')
          .innerJoin('stores', 'stores.id', 'agreement_stores.store_id')
          .select(['agreement_stores.agreement_id', 'stores.id', 'stores.name'])
          .where('agreement_stores.agreement_id', 'in', ids)
          // By the agreement's key: with a plain `team_id = ?` SQLite walked the team's (team_id, store_id)
          // index over all its agreements' stores for every page.
          .where((eb) => whereInScope(eb, teamScope(viewer.teamId), 'agreement_stores', { byId: true }))
          // A franchisee's member sees the stores of their companies listed on it, never another's (a store the
          // franchisor listed on their agreement by mistake).
          .$if(viewer.scope.companyIds !== null, (q) =>
            q.where((eb) =>
              whereInScope(eb, viewer.scope, 'stores', { companyColumn: 'company_id', byId: true }),
            ),
          )
          .orderBy('stores.name')
          .execute()
      : [],
    ids.length
      ? db
          .selectFrom('clauses')
          .selectAll()
          .where((eb) => whereInScope(eb, teamScope(viewer.teamId), 'clauses', { byId: true }))
          .where('subject_type', '=', 'agreement')
          .where('subject_id', 'in', ids)
          .orderBy('position')
          .execute()
      : [],
    misalignments(db, viewer.teamId, ids),
    attributeValuesShownTo(db, viewer.scope, 'agreements', ids, definitions),
  ]);
  // The stores the viewer may see on these agreements: the misalignments name only those too.
  const visibleStores = new Set(stores.map((s) => s.id));
  return rows.map((r) => ({
    id: r.id,
    brand: ref(r.brand_id, r.brand_name),
    franchisee: ref(r.franchisee_id, r.franchisee_name),
    stores: stores.filter((s) => s.agreement_id === r.id).map((s) => ({ id: s.id, name: s.name })),
    agreement_number: r.agreement_number,
    type: r.type as Agreement['type'],
    status: r.status as Agreement['status'],
    signed_date: r.signed_date,
    effective_date: r.effective_date,
    opening_date: r.opening_date,
    expiration_date: r.expiration_date,
    initial_term_months: r.initial_term_months,
    renewal_count: r.renewal_count,
    renewal_length_months: r.renewal_length_months,
    renewal_notice_days: r.renewal_notice_days,
    renewal_notice_deadline:
      r.renewal_notice_days === null ? null : noticeDeadline(r.expiration_date, r.renewal_notice_days),
    renewal_fee: toDollars(r.renewal_fee_cents),
    initial_fee: toDollars(r.initial_fee_cents),
    royalty_percent: r.royalty_percent,
    royalty_minimum: toDollars(r.royalty_minimum_cents),
    royalty_tiers: r.royalty_tiers ? (JSON.parse(r.royalty_tiers) as Agreement['royalty_tiers']) : [],
    marketing_percent: r.marketing_percent,
    technology_fee: toDollars(r.technology_fee_cents),
    transfer_fee: toDollars(r.transfer_fee_cents),
    reporting_frequency: r.reporting_frequency as Agreement['reporting_frequency'],
    territory_description: r.territory_description,
    territory_exclusive: Boolean(r.territory_exclusive),
    territory_radius_miles: r.territory_radius_miles,
    clauses: clauses
      .filter((c) => c.subject_id === r.id)
      .map((c) => ({ kind: c.kind, text: c.text, date: c.date, document_id: c.document_id, page: c.page })),
    misaligned_stores: misaligned
      .filter((m) => m.agreement_id === r.id && visibleStores.has(m.store_id))
      .map((m) => ({
        id: m.store_id,
        name: m.store_name,
        lease_expiration: m.lease_expiration!,
        days_apart: m.days_apart,
      })),
    created_at: r.created_at,
    updated_at: r.updated_at,
    deleted_at: r.deleted_at,
    abilities: viewer.abilities,
    attributes: attributes.get(r.id) ?? {},
  }));
}

const SORTS: Record<string, SortColumn[]> = {
  expiration_date: ['expiration_date'],
  agreement_number: ['agreement_number'],
  status: ['status', 'expiration_date'],
  created_at: ['created_at'],
  updated_at: ['updated_at'],
};

/** The agreements list's parsed query and its SQL conditions (filters and search), after the view check. */
export async function agreementListQuery(deps: Deps, actor: Actor, raw: Record<string, string | string[]>) {
  authorize(recordPolicy.view(actor));
  const { query, orderBy, conditions, definitions } = await listQueryWithAttributes(
    deps.db,
    actor.teamId,
    raw,
    {
      subject: 'agreements',
      table: 'franchise_agreements',
      sorts: SORTS,
      defaultSort: 'expiration_date',
      filters: {
        status: { type: 'enum', values: AGREEMENT_STATUSES },
        type: { type: 'enum', values: AGREEMENT_TYPES },
        brand_id: { type: 'ids' },
        franchisee_id: { type: 'ids' },
        store_id: { type: 'ids' },
        company_id: { type: 'ids' },
      },
    },
  );
  const f = query.filters;
  if (actor.scope.companyIds !== null)
    conditions.push(sql<SqlBool>`id in (${agreementsInScope(deps.db, actor.scope)})`);
  for (const column of ['status', 'type', 'brand_id', 'franchisee_id'] as const)
    if (f[column]) conditions.push(sql<SqlBool>`${sql.ref(column)} in (${sql.join(f[column]!)})`);
  if (f.store_id)
    conditions.push(
      sql<SqlBool>`id in (select agreement_id from agreement_stores where team_id = ${actor.teamId} and store_id in (${sql.join(f.store_id)}))`,
    );
  // A company's agreements: as the franchisee, or as the franchisor owning the brand.
  if (f.company_id)
    conditions.push(
      sql<SqlBool>`(franchisee_id in (${sql.join(f.company_id)}) or brand_id in (select id from brands where team_id = ${actor.teamId} and company_id in (${sql.join(f.company_id)})))`,
    );
  // The number anywhere in it, in any case, through its trigram index (decision 0041); as a match set, few
  // matches are read directly and a search's matches kept in order until the team writes.
  const search = query.search
    ? containingMatchSet(deps.dialect, actor.teamId, AGREEMENT_NUMBERS, query.search)
    : null;
  if (search) conditions.push(search.condition);
  return { query, orderBy, conditions, search, definitions };
}

/** Agreements by id as the list and detail show them to `actor` (exports read them in batches). */
export const agreementsFor = (deps: Deps, actor: Actor, ids: number[]): Promise<Agreement[]> =>
  present(deps.db, viewerOf(actor), ids);

async function validate(db: Executor, teamId: number, values: Values) {
  const errors = new FieldErrors();
  await checkRef(db, errors, 'brands', teamId, values.brand_id, 'brand_id', 'brand');
  await checkRef(db, errors, 'companies', teamId, values.franchisee_id, 'franchisee_id', 'franchisee');
  for (const [index, storeId] of values.store_ids.entries())
    await checkRef(db, errors, 'stores', teamId, storeId, `store_ids.${index}`, 'store');
  await checkClauseDocuments(db, teamId, values.clauses, (field, message) => errors.add(field, message));
  errors.throwIfAny();
}

function columns(v: Values) {
  return {
    brand_id: v.brand_id,
    franchisee_id: v.franchisee_id,
    agreement_number: v.agreement_number,
    type: v.type,
    status: v.status,
    signed_date: v.signed_date,
    effective_date: v.effective_date,
    opening_date: v.opening_date,
    expiration_date: v.expiration_date,
    initial_term_months: v.initial_term_months,
    renewal_count: v.renewal_count,
    renewal_length_months: v.renewal_length_months,
    renewal_notice_days: v.renewal_notice_days,
    renewal_fee_cents: toCents(v.renewal_fee),
    initial_fee_cents: toCents(v.initial_fee),
    royalty_percent: v.royalty_percent,
    royalty_minimum_cents: toCents(v.royalty_minimum),
    royalty_tiers: v.royalty_tiers.length ? JSON.stringify(v.royalty_tiers) : null,
    marketing_percent: v.marketing_percent,
    technology_fee_cents: toCents(v.technology_fee),
    transfer_fee_cents: toCents(v.transfer_fee),
    reporting_frequency: v.reporting_frequency,
    territory_description: v.territory_description,
    territory_exclusive: v.territory_exclusive ? 1 : 0,
    territory_radius_miles: v.territory_radius_miles,
  };
}

function criticalDates(id: number, brand: string, v: Values): CriticalDate[] {
  if (v.status === 'terminated' || v.status === 'expired' || !v.expiration_date) return [];
  const dates: CriticalDate[] = [
    {
      key: `agreement:${id}:expiration`,
      source: 'agreement_expiration',
      title: `Franchise agreement expires: ${brand}${v.agreement_number ? ` ${v.agreement_number}` : ''}`,
      due_date: v.expiration_date,
    },
  ];
  const notice =
    v.renewal_notice_days === null ? null : noticeDeadline(v.expiration_date, v.renewal_notice_days);
  if (notice)
    dates.push({
      key: `agreement:${id}:renewal_notice`,
      source: 'agreement_renewal_notice',
      title: `Franchise renewal notice due: ${brand}${v.agreement_number ? ` ${v.agreement_number}` : ''}`,
      due_date: notice,
    });
  return dates;
}

async function write(trx: Executor, teamId: number, id: number, v: Values) {
  await trx
    .deleteFrom('agreement_stores')
    .where('team_id', '=', teamId)
    .where('agreement_id', '=', id)
    .execute();
  const storeIds = [...new Set(v.store_ids)];
  if (storeIds.length)
    await trx
      .insertInto('agreement_stores')
      .values(storeIds.map((store_id) => ({ agreement_id: id, store_id, team_id: teamId })))
      .execute();
  await writeClauses(trx, teamId, { type: 'agreement', id }, v.clauses);
  const brand = await trx
    .selectFrom('brands')
    .select('name')
    .where('team_id', '=', teamId)
    .where('id', '=', v.brand_id)
    .executeTakeFirst();
  await syncReminders(trx, teamId, { type: 'agreement', id }, criticalDates(id, brand?.name ?? 'brand', v));
  await syncAttributeReminders(trx, teamId, 'agreements', id);
  // Cached list totals of the team are stale from here on (list.ts).
  await bumpTeamWriteVersion(trx, teamId);
}

/** Agreements as input values (what a PATCH merges into), in the order of `ids`. */
export async function agreementValuesOfMany(db: Executor, teamId: number, ids: number[]) {
  const omit = new Set([
    'id',
    'brand',
    'franchisee',
    'stores',
    'renewal_notice_deadline',
    'misaligned_stores',
    'created_at',
    'updated_at',
    'deleted_at',
    'abilities',
    'attributes',
  ]);
  return (await present(db, systemViewer(teamId), ids)).map((a) => ({
    ...Object.fromEntries(Object.entries(a).filter(([k]) => !omit.has(k))),
    brand_id: a.brand?.id,
    franchisee_id: a.franchisee?.id ?? null,
    store_ids: a.stores.map((s) => s.id),
  }));
}

/** A live agreement's values as the form sends them (what a PATCH merges into), for an import's update. */
export async function agreementValuesOf(db: Executor, teamId: number, id: number) {
  return (await agreementValuesOfMany(db, teamId, [id]))[0]!;
}

/** What franchise agreements add to the contract kit: their stores, renewal dates and the alignment check. */
const agreementDefinition: ContractDefinition<Values, Agreement, PatchOptions> = {
  type: 'agreements',
  table: 'franchise_agreements',
  subject: 'agreement',
  label: 'Franchise agreement',
  trashTitle:
    "coalesce((select name from brands where brands.team_id = franchise_agreements.team_id and brands.id = franchise_agreements.brand_id), '') || coalesce(' ' || agreement_number, '')",
  schema: agreementInputSchema,
  listQuery: agreementListQuery,
  present,
  valuesOf: agreementValuesOfMany,
  validate,
  columns,
  writeRows: write,
  resync: write,
  createdChanges: (values) => ({
    brand_id: [null, values.brand_id],
    expiration_date: [null, values.expiration_date],
  }),
  listFields: [],
};

let lifecycle: Lifecycle | undefined;
/** Franchise agreements in the lifecycle kit, built on first use: the kit's module may still be loading when this one is. */
export function agreementLifecycle(): Lifecycle {
  return (lifecycle ??= contractLifecycle(agreementDefinition));
}

export async function listAgreements(deps: Deps, actor: Actor, raw: Record<string, string | string[]>) {
  const page = await listContracts(deps, agreementDefinition, actor, raw);
  return { ...page, data: page.data.map(agreementListItem) };
}
/**
 * A member limited to companies sees the agreements whose franchisee is one of their companies: the agreement's
 * own company column, not its stores (a store listed on another franchisee's agreement does not open it).
 */
function agreementsInScope(db: Executor, scope: TeamScope) {
  return db
    .selectFrom('franchise_agreements')
    .select('franchise_agreements.id')
    .where((eb) => whereInScope(eb, scope, 'franchise_agreements', { companyColumn: 'franchisee_id' }));
}

export async function getAgreement(deps: Deps, actor: Actor, id: number) {
  await findLiveContract(deps.db, agreementDefinition, actor.teamId, id);
  if (actor.scope.companyIds !== null) {
    const visible = await agreementsInScope(deps.db, actor.scope)
      .where('franchise_agreements.id', '=', id)
      .executeTakeFirst();
    // Another franchisee's agreement does not exist for them, exactly like another team's.
    if (!visible) throw notFound(agreementDefinition.label);
  }
  return getContract(deps, agreementDefinition, actor, id);
}
export function createAgreement(deps: Deps, actor: Actor, input: unknown) {
  return createContract(deps, agreementDefinition, actor, input);
}
/** Inserts a whole agreement with its stores, clauses and reminders (the API's create and the demo seed). */
export function insertAgreement(
  trx: Executor,
  teamId: number,
  input: unknown,
  by: { userId: number; ip: string | null },
) {
  return insertContract(trx, agreementDefinition, teamId, input, by);
}
export function updateAgreement(deps: Deps, actor: Actor, id: number, patch: Record<string, unknown>) {
  return updateContract(deps, agreementDefinition, actor, id, patch);
}
export function patchAgreement(
  trx: Executor,
  teamId: number,
  id: number,
  patch: Record<string, unknown>,
  by: { userId: number | null; ip: string | null },
  options: PatchOptions = {},
) {
  return patchContract(trx, agreementDefinition, teamId, id, patch, by, options);
}
export function deleteAgreement(deps: Deps, actor: Actor, id: number) {
  return softDelete(deps, agreementLifecycle(), actor, id);
}
export async function restoreAgreement(deps: Deps, actor: Actor, id: number) {
  await restoreFromTrash(deps, agreementLifecycle(), actor, id);
  return getAgreement(deps, actor, id);
}
export function hideImportedAgreement(trx: Executor, teamId: number, id: number) {
  return hideImportedContract(trx, agreementDefinition, teamId, id);
}
export function revealImportedAgreements(trx: Executor, teamId: number, ids: number[]) {
  return revealImportedContracts(trx, agreementDefinition, teamId, ids);
}
export function removeImportedAgreements(
  trx: Executor,
  teamId: number,
  ids: number[],
  how: 'purge' | 'trash',
) {
  return removeImported(trx, agreementDefinition, teamId, ids, how);
}
