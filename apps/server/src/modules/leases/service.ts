import { sql, type SqlBool } from 'kysely';
import { containsPattern } from '../../platform/text';
import {
  containsText,
  idsContaining,
  LEASE_REFERENCES,
  trigramSearchable,
} from '../../platform/substring-search';
import { matchingIds, type MatchSet } from '../../platform/search';
import {
  freeRentUntil,
  leaseInputSchema,
  nextOptionDeadline,
  leaseTermMonths,
  LEASE_STATUSES,
  LEASE_CLAUSE_KINDS,
  rentInForce,
  type AnchorDates,
  type Attribute,
  type Lease,
  type LeaseListItem,
  type LeaseOptionOut,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { type Executor, untyped, writeTransaction } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { paginationMeta, parseListQuery, type SortColumn } from '../../platform/list';
import { bumpTeamWriteVersion } from '../../platform/team-cache';
import { storesChanged } from '../../platform/store-changes';
import { leasesChanged } from '../../platform/lease-changes';
import { authorize, teamScope, type Actor } from '../../platform/policy';
import { attributeValuesShownTo, listQueryWithAttributes, syncAttributeReminders } from '../attributes/index';
import {
  checkRef,
  FieldErrors,
  recordPolicy,
  restoreFromTrash,
  softDelete,
  systemViewer,
  viewerOf,
  type Abilities,
  type Lifecycle,
  type Viewer,
} from '../records/index';
import { syncReminders, type CriticalDate } from '../reminders/index';
import { teamCalendar, type TeamCalendar } from '../teams/index';
import {
  leaseInScope,
  loadChildren,
  loadLeases,
  storesInScope,
  visibleLeaseIds,
  type LoadedLease,
} from './repository';
import { currentWindow, optionWindows, presentOption, storedRule, verificationInputs } from './options';
import { openDeadlines, recordAmendment, type AmendmentNote } from './history';
import {
  checkClauseDocuments,
  isLiveDocument,
  parseWhole as parseContract,
  ref,
  toCents,
  toDollars,
  writeClauses,
} from './lease-agreement-rows';
import {
  contractLifecycle,
  createContract,
  findLiveContract,
  getContract,
  hideImportedContract,
  insertContract,
  pageOfContracts,
  patchContract,
  removeImported,
  revealImportedContracts,
  updateContract,
  type ContractDefinition,
  type PatchOptions,
} from './contract-kit';

type Children = Awaited<ReturnType<typeof loadChildren>>;

export const anchorsOf = (lease: {
  commencement_date: string | null;
  rent_commencement_date: string | null;
  expiration_date: string | null;
}): AnchorDates => ({
  commencement_date: lease.commencement_date,
  rent_commencement_date: lease.rent_commencement_date,
  expiration_date: lease.expiration_date,
});

/** The rent in force and the charges a lease's row and its rent and charge rows give on the team's today. */
function leaseFields(
  row: LoadedLease,
  rent: Children['rent'],
  charges: Children['charges'],
  abilities: Abilities,
  calendar: TeamCalendar,
) {
  const inForce = rentInForce(
    {
      rows: rent.map((r) => ({
        start_date: r.start_date,
        end_date: r.end_date,
        monthly_cents: r.monthly_cents === null ? null : Number(r.monthly_cents),
        per_sqft_cents: r.per_sqft_cents === null ? null : Number(r.per_sqft_cents),
      })),
      rentable_sqft: row.rentable_sqft,
      expiration_date: row.expiration_date,
      status: row.status,
      holdover_rate: row.holdover_rate,
      free_rent_until: row.free_rent_until,
    },
    calendar.today,
  );
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
    term_months: leaseTermMonths(row.commencement_date, row.expiration_date),
    holdover_rate: row.holdover_rate,
    free_rent_months: row.free_rent_months,
    percentage_rent_breakpoint: toDollars(row.percentage_rent_breakpoint_cents),
    percentage_rent_rate: row.percentage_rent_rate,
    security_deposit: toDollars(row.security_deposit_cents),
    letter_of_credit: toDollars(row.letter_of_credit_cents),
    monthly_rent: inForce.cents / 100,
    rent_basis: inForce.basis,
    annual_rent: ((inForce.cents + monthlyCharges) * 12) / 100,
    created_at: row.created_at,
    updated_at: row.updated_at,
    deleted_at: row.deleted_at,
    abilities,
  };
}

function present(
  row: LoadedLease,
  children: Children,
  abilities: Abilities,
  calendar: TeamCalendar,
  verifiers: Map<number, string>,
): Lease {
  const rent = children.rent.filter((r) => r.lease_id === row.id);
  const charges = children.charges.filter((c) => c.lease_id === row.id);
  return {
    ...leaseFields(row, rent, charges, abilities, calendar),
    rent_schedule: rent.map((r) => ({
      start_date: r.start_date,
      end_date: r.end_date,
      monthly_amount: toDollars(r.monthly_cents),
      amount_per_sqft: toDollars(r.per_sqft_cents),
    })),
    charges: charges.map((c) => ({
      kind: c.kind as Lease['charges'][number]['kind'],
      monthly_amount: Number(c.monthly_cents) / 100,
      estimated: Boolean(c.estimated),
    })),
    options: children.options
      .filter((o) => o.lease_id === row.id)
      .map((o) =>
        presentOption(
          { ...o, notice: storedRule(o), notice_from: o.notice_from as 'expiration' | 'commencement' },
          anchorsOf(row),
          calendar,
          o.verified_by && o.verified_at
            ? {
                by: verifiers.get(o.verified_by) ?? 'a former member',
                at: o.verified_at,
                inputs: o.verified_inputs,
              }
            : null,
        ),
      ),
    clauses: children.clauses
      .filter((c) => c.subject_id === row.id)
      .map((c) => ({ kind: c.kind, text: c.text, date: c.date, document_id: c.document_id, page: c.page })),
  };
}

async function presentLeases(
  db: Executor,
  viewer: Viewer,
  ids: number[],
  definitions?: readonly Attribute[],
) {
  const [rows, children, attributes, calendar] = await Promise.all([
    loadLeases(db, viewer.teamId, ids),
    loadChildren(db, viewer.teamId, ids),
    attributeValuesShownTo(db, viewer.scope, 'leases', ids, definitions),
    teamCalendar(db, viewer.teamId),
  ]);
  const verifierIds = [...new Set(children.options.flatMap((o) => (o.verified_by ? [o.verified_by] : [])))];
  const verifiers = new Map(
    verifierIds.length
      ? (await db.selectFrom('users').select(['id', 'name']).where('id', 'in', verifierIds).execute()).map(
          (u) => [u.id, u.name],
        )
      : [],
  );
  return rows.map((row) => ({
    ...present(row, children, viewer.abilities, calendar, verifiers),
    attributes: attributes.get(row.id) ?? {},
  }));
}

/**
 * Leases as the list shows them (decision 0029), built from their rows rather than cut from whole leases: no
 * clauses, no verifiers, and of each option only its current deadline, not every window with its explained
 * dates, which were most of a page's work.
 */
async function presentLeaseListItems(
  db: Executor,
  viewer: Viewer,
  ids: number[],
  definitions?: readonly Attribute[],
): Promise<LeaseListItem[]> {
  const [rows, children, attributes, calendar] = await Promise.all([
    loadLeases(db, viewer.teamId, ids),
    loadChildren(db, viewer.teamId, ids, { clauses: false }),
    attributeValuesShownTo(db, viewer.scope, 'leases', ids, definitions),
    teamCalendar(db, viewer.teamId),
  ]);
  return rows.map((row) => {
    const deadlines = children.options
      .filter((o) => o.lease_id === row.id)
      .map((o) => ({
        status: o.status as LeaseOptionOut['status'],
        // Only an open option has a current window: the others' renewal chains were computed and thrown away.
        deadline:
          o.status === 'open'
            ? (currentWindow(
                optionWindows(
                  {
                    ...o,
                    notice: storedRule(o),
                    notice_from: o.notice_from as 'expiration' | 'commencement',
                  },
                  anchorsOf(row),
                  calendar,
                  true,
                ),
                o.status,
              )?.window.latest.date ?? null)
            : null,
      }));
    return {
      ...leaseFields(
        row,
        children.rent.filter((r) => r.lease_id === row.id),
        children.charges.filter((c) => c.lease_id === row.id),
        viewer.abilities,
        calendar,
      ),
      next_deadline: nextOptionDeadline(deadlines),
      attributes: attributes.get(row.id) ?? {},
    };
  });
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
  const { query, orderBy, conditions, definitions } = await listQueryWithAttributes(
    deps.db,
    actor.teamId,
    raw,
    {
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
    },
  );
  const f = query.filters;
  if (actor.scope.companyIds !== null)
    conditions.push(sql<SqlBool>`store_id in (${storesInScope(deps.db, actor.scope)})`);
  for (const column of ['status', 'store_id', 'landlord_id', 'tenant_id'] as const) {
    if (f[column]) conditions.push(sql<SqlBool>`${sql.ref(column)} in (${sql.join(f[column]!)})`);
  }
  if (f.clause)
    conditions.push(
      sql<SqlBool>`id in (select subject_id from clauses where team_id = ${actor.teamId} and subject_type = 'lease' and kind in (${sql.join(f.clause)}))`,
    );
  const before = f.expiring_before?.[0];
  if (before !== undefined) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(String(before)))
      throw new AppError('validation', 'The expiring before filter must be a date.', {
        'filters.expiring_before': ['The expiring before filter must be a date.'],
      });
    conditions.push(sql<SqlBool>`expiration_date is not null and expiration_date <= ${String(before)}`);
  }
  let search: MatchSet | null = null;
  if (query.search) {
    // The reference as typed, anywhere in it and in any case (PostgreSQL's LIKE minds case, SQLite's does not),
    // or the store as the stores list's search box finds it: a key look-up in the search index instead of a
    // LIKE over every store name of the team (PostgreSQL, 24,000 leases: 57 ms a first-time search, p50).
    // Each part is read through its own index (the reference's trigrams, the stores' words) and the two are
    // put together: under one OR, both databases tested every lease of the team instead (17 ms a first-time
    // search on SQLite at 120,000 leases, whatever it matched). `union all`: the set is only ever used as
    // `id in (…)`, where a lease found both ways counts once, and a LIMIT can stop it early.
    const references = idsContaining(deps.dialect, actor.teamId, LEASE_REFERENCES, query.search);
    const stores = matchingIds(deps.dialect, actor.teamId, 'stores', query.search);
    const postgres = deps.dialect === 'postgres';
    // PostgreSQL: the matching stores as an array make its leases an index scan of exactly those stores, where
    // `in (…)` had it hash-join every lease of the team (hill, 5,010 stores: 27 ms → 11 ms for the match set).
    const ofStores = stores && (postgres ? sql`= any(array(${stores.ids}))` : sql`in (${stores.ids})`);
    const ids = stores
      ? sql<{
          id: number;
        }>`${references} union all select id from leases where team_id = ${actor.teamId} and deleted_at is null and store_id ${ofStores}`
      : references;
    // One lease at a time (PostgreSQL's walk of the sort index when matches are dense; the store set is hashed once).
    const reference = containsText(LEASE_REFERENCES, query.search);
    const matches = stores ? sql<SqlBool>`(${reference} or store_id in (${stores.ids}))` : reference;
    // PostgreSQL counts a dense search (its total) with the per-lease test over the team's leases: `id in (…)`
    // hashed all 63,201 of leases search=Mark first (186 ms → 45–57 ms). Few matches never count: their ids in
    // order are the total (platform/list.ts).
    search = {
      ids,
      condition: postgres ? matches : sql<SqlBool>`id in (${ids})`,
      matchesRow: () => matches,
      // Each part through its own index in one bitmap: the stores' leases by store (an array, as in `ids`). Beside
      // a reference the trigram index cannot look up (`a`, `ma`) there is no bitmap: PostgreSQL tests every lease,
      // and `= any(array)` walks the whole array for each (the first letter typed, ~43,000 stores' words: 14.5 s;
      // `ma` 8.2 s), so those take the per-lease test, whose `in (…)` hashes the stores once (80 ms).
      ...(postgres && {
        rows:
          stores && trigramSearchable(query.search)
            ? sql<SqlBool>`(${reference} or store_id ${ofStores})`
            : matches,
      }),
      ...(stores && { parts: { own: references, column: 'store_id', parents: stores.ids } }),
    };
    conditions.push(search.condition);
  }
  return { query, orderBy, conditions, search, definitions };
}

/** Leases by id as the list and detail show them to `actor` (exports read them in batches). */
export const leasesFor = (deps: Deps, actor: Actor, ids: number[]): Promise<Lease[]> =>
  presentLeases(deps.db, viewerOf(actor), ids);

export type LeaseValues = ReturnType<typeof leaseInputSchema.parse>;

async function validate(db: Executor, teamId: number, values: LeaseValues) {
  const errors = new FieldErrors();
  await checkRef(db, errors, 'stores', teamId, values.store_id, 'store_id', 'store');
  for (const field of ['landlord_id', 'tenant_id', 'guarantor_id'] as const)
    await checkRef(db, errors, 'companies', teamId, values[field], field, field.replace('_id', ''));
  for (const field of ['broker_id', 'property_manager_id'] as const)
    await checkRef(
      db,
      errors,
      'contacts',
      teamId,
      values[field],
      field,
      field.replace('_id', '').replace('_', ' '),
    );
  await checkClauseDocuments(db, teamId, values.clauses, (field, message) => errors.add(field, message));
  for (const [index, option] of values.options.entries()) {
    if (option.source_document_id !== null && !(await isLiveDocument(db, teamId, option.source_document_id)))
      errors.add(`options.${index}.source_document_id`, 'The selected document is invalid.');
  }
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
    free_rent_until: freeRentUntil(values),
    percentage_rent_breakpoint_cents: toCents(values.percentage_rent_breakpoint),
    percentage_rent_rate: values.percentage_rent_rate,
    security_deposit_cents: toCents(values.security_deposit),
    letter_of_credit_cents: toCents(values.letter_of_credit),
  };
}

async function writeChildren(
  trx: Executor,
  teamId: number,
  leaseId: number,
  values: LeaseValues,
  calendar: TeamCalendar,
) {
  // Kept across the rewrite: a verified stamp while what it covers is unchanged, and the term end before
  // the first exercised renewal.
  const previous = new Map(
    (
      await trx
        .selectFrom('lease_options')
        .select(['position', 'verified_by', 'verified_at', 'verified_inputs', 'first_term_end'])
        .where('team_id', '=', teamId)
        .where('lease_id', '=', leaseId)
        .execute()
    ).map((o) => [o.position, o]),
  );
  await trx
    .deleteFrom('lease_rent_rows')
    .where('team_id', '=', teamId)
    .where('lease_id', '=', leaseId)
    .execute();
  await trx
    .deleteFrom('lease_charges')
    .where('team_id', '=', teamId)
    .where('lease_id', '=', leaseId)
    .execute();
  await trx
    .deleteFrom('lease_options')
    .where('team_id', '=', teamId)
    .where('lease_id', '=', leaseId)
    .execute();
  if (values.rent_schedule.length) {
    await trx
      .insertInto('lease_rent_rows')
      .values(
        values.rent_schedule.map((r) => ({
          lease_id: leaseId,
          team_id: teamId,
          start_date: r.start_date,
          end_date: r.end_date,
          monthly_cents: toCents(r.monthly_amount),
          per_sqft_cents: toCents(r.amount_per_sqft),
        })),
      )
      .execute();
  }
  if (values.charges.length) {
    await trx
      .insertInto('lease_charges')
      .values(
        values.charges.map((c) => ({
          lease_id: leaseId,
          team_id: teamId,
          kind: c.kind,
          monthly_cents: toCents(c.monthly_amount)!,
          estimated: c.estimated ? 1 : 0,
        })),
      )
      .execute();
  }
  if (values.options.length) {
    const rows = values.options.map((o, position) => {
      const before = previous.get(position);
      const firstTermEnd = o.exercised_count > 0 ? (before?.first_term_end ?? null) : null;
      const windows = optionWindows({ ...o, first_term_end: firstTermEnd }, anchorsOf(values), calendar);
      const open = currentWindow(windows, o.status);
      const inputs = verificationInputs(windows);
      const keepStamp = before?.verified_at && before.verified_inputs === inputs;
      return {
        lease_id: leaseId,
        team_id: teamId,
        position,
        kind: o.kind,
        count: o.count,
        length_months: o.length_months,
        notice_rule: o.notice ? JSON.stringify(o.notice) : null,
        notice_days: o.notice_days ?? 0,
        notice_from: o.notice_from,
        deadline: open?.window.latest.date ?? null,
        earliest_date: open?.window.earliest?.date ?? null,
        delivery_method: o.delivery_method,
        status: o.status,
        exercised_count: o.exercised_count,
        first_term_end: firstTermEnd,
        source_document_id: o.source_document_id,
        source_page: o.source_page,
        verified_by: keepStamp ? before.verified_by : null,
        verified_at: keepStamp ? before.verified_at : null,
        verified_inputs: keepStamp ? before.verified_inputs : null,
      };
    });
    await trx.insertInto('lease_options').values(rows).execute();
  }
  await writeClauses(trx, teamId, { type: 'lease', id: leaseId }, values.clauses);
}

const OPTION_TITLES: Record<string, string> = {
  renewal: 'Renewal',
  termination: 'Termination',
  expansion: 'Expansion',
  contraction: 'Contraction',
  purchase: 'Purchase',
};

/** The lease's critical dates, as reminders: expiration, open option windows, escalations, guaranty end. */
export function leaseCriticalDates(
  leaseId: number,
  storeName: string,
  values: LeaseValues,
  calendar: TeamCalendar,
): CriticalDate[] {
  if (values.status === 'expired' || values.status === 'terminated') return [];
  const dates: CriticalDate[] = [];
  const key = (suffix: string) => `lease:${leaseId}:${suffix}`;
  if (values.expiration_date)
    dates.push({
      key: key('expiration'),
      source: 'lease_expiration',
      title: `Lease expires: ${storeName}`,
      due_date: values.expiration_date,
    });
  values.options.forEach((o, position) => {
    const windows = optionWindows(o, anchorsOf(values), calendar);
    // A renewal exercised at fair market value has no rent yet: agreeing it is a date of its own, until a rent
    // row covers the renewal's first day.
    for (const window of windows.filter((w) => w.state === 'exercised' && o.kind === 'renewal')) {
      const covered = values.rent_schedule.some(
        (row) => row.start_date <= window.renewal.start && window.renewal.start <= row.end_date,
      );
      if (!covered)
        dates.push({
          key: key(`option:${position}:${window.sequence}:rent`),
          source: 'renewal_rent',
          title: `Renewal rent to agree (fair market value): ${storeName}`,
          due_date: window.renewal.start,
        });
    }
    if (o.status !== 'open') return;
    const open = currentWindow(windows, o.status);
    if (!open) return;
    const which = o.kind === 'renewal' && o.count > 1 ? ` (${open.sequence} of ${o.count})` : '';
    const name = `${OPTION_TITLES[o.kind]} option${which}`;
    dates.push({
      key: key(`option:${position}:${open.sequence}`),
      source: 'option_notice',
      title: `${name} notice deadline: ${storeName}`,
      due_date: open.window.latest.date,
    });
    if (open.window.earliest)
      dates.push({
        key: key(`option:${position}:${open.sequence}:opens`),
        source: 'option_window',
        title: `${name} notice window opens: ${storeName}`,
        due_date: open.window.earliest.date,
      });
  });
  values.rent_schedule.slice(1).forEach((row) =>
    dates.push({
      key: key(`escalation:${row.start_date}`),
      source: 'rent_escalation',
      title: `Rent escalation: ${storeName}`,
      due_date: row.start_date,
    }),
  );
  if (values.guaranty_end_date)
    dates.push({
      key: key('guaranty'),
      source: 'guaranty_end',
      title: `Lease guaranty ends: ${storeName}`,
      due_date: values.guaranty_end_date,
    });
  return dates;
}

async function syncLeaseReminders(
  trx: Executor,
  teamId: number,
  leaseId: number,
  values: LeaseValues,
  calendar: TeamCalendar,
) {
  const store = await trx
    .selectFrom('stores')
    .select('name')
    .where('team_id', '=', teamId)
    .where('id', '=', values.store_id)
    .executeTakeFirst();
  await syncReminders(
    trx,
    teamId,
    { type: 'lease', id: leaseId },
    leaseCriticalDates(leaseId, store?.name ?? 'store', values, calendar),
    undefined,
    calendar.today,
  );
  await syncAttributeReminders(trx, teamId, 'leases', leaseId);
}

export const parseWhole = (input: unknown): LeaseValues => parseContract(leaseInputSchema, input);

/** Leases as input values (what a PATCH merges into), a batch of ids in a few queries. */
export async function leaseValuesOfMany(db: Executor, teamId: number, ids: number[]) {
  const leases = await presentLeases(db, systemViewer(teamId), ids);
  return leases.map((lease) => ({
    ...Object.fromEntries(
      Object.entries(lease).filter(
        ([k]) =>
          ![
            'id',
            'store',
            'landlord',
            'tenant',
            'guarantor',
            'broker',
            'property_manager',
            'term_months',
            'annual_rent',
            'monthly_rent',
            'rent_basis',
            'created_at',
            'updated_at',
            'deleted_at',
            'abilities',
            'attributes',
          ].includes(k),
      ),
    ),
    store_id: lease.store?.id,
    landlord_id: lease.landlord?.id ?? null,
    tenant_id: lease.tenant?.id ?? null,
    guarantor_id: lease.guarantor?.id ?? null,
    broker_id: lease.broker?.id ?? null,
    property_manager_id: lease.property_manager?.id ?? null,
    // Computed and stamped parts of an option are not input.
    options: lease.options.map(({ deadline: _deadline, windows: _windows, verified: _verified, ...o }) => o),
  }));
}

/** A live lease's values as the form sends them (what a PATCH merges into), for an import's update. */
export async function leaseValuesOf(db: Executor, teamId: number, id: number) {
  return (await leaseValuesOfMany(db, teamId, [id]))[0]!;
}

/**
 * A change to the team's calendar or counting conventions moves computed option dates nobody typed: every
 * live lease with options is saved again as it is (in batches, each its own transaction), so the stored
 * deadlines, the reminders and the verified stamps follow, and each lease whose dates moved says so in its
 * history.
 */
export async function recomputeCriticalDates(deps: Deps, teamId: number) {
  let after = 0;
  for (;;) {
    const ids = (
      await deps.db
        .selectFrom('leases')
        .select('id')
        .where('team_id', '=', teamId)
        .where('deleted_at', 'is', null)
        .where('id', '>', after)
        .where('id', 'in', (qb) =>
          qb.selectFrom('lease_options').select('lease_id').where('team_id', '=', teamId),
        )
        .orderBy('id')
        .limit(100)
        .execute()
    ).map((row) => row.id);
    if (!ids.length) return;
    await writeTransaction(deps.db, async (trx) => {
      for (const id of ids)
        await patchLease(
          trx,
          teamId,
          id,
          {},
          { userId: null, ip: null },
          { summary: 'Option dates recomputed: the team’s calendar or counting rules changed' },
        );
    });
    after = ids.at(-1)!;
  }
}

/** Leases in the lifecycle kit: their reminders and the team's cached totals follow them in and out. */
type LeasePatchOptions = PatchOptions & { amendment?: AmendmentNote; summary?: string };

/** What leases add to the contract kit: rent rows, charges and options, their critical dates, their history. */
const leaseDefinition: ContractDefinition<LeaseValues, Lease, LeasePatchOptions> = {
  type: 'leases',
  table: 'leases',
  subject: 'lease',
  label: 'Lease',
  trashTitle:
    "coalesce((select name from stores where stores.team_id = leases.team_id and stores.id = leases.store_id), '') || coalesce(' (' || reference || ')', '')",
  schema: leaseInputSchema,
  listQuery: leaseListQuery,
  present: presentLeases,
  valuesOf: leaseValuesOfMany,
  validate,
  columns,
  async writeRows(trx, teamId, id, values) {
    const calendar = await teamCalendar(trx, teamId);
    await writeChildren(trx, teamId, id, values, calendar);
    await syncLeaseReminders(trx, teamId, id, values, calendar);
    await storesChanged(trx, teamId, [values.store_id]);
    await leasesChanged(trx, teamId, [id]);
    await bumpTeamWriteVersion(trx, teamId);
  },
  async resync(trx, teamId, id, values) {
    await syncLeaseReminders(trx, teamId, id, values, await teamCalendar(trx, teamId));
    await storesChanged(trx, teamId, [values.store_id]);
    await leasesChanged(trx, teamId, [id]);
    await bumpTeamWriteVersion(trx, teamId);
  },
  createdChanges: (values) => ({
    store_id: [null, values.store_id],
    expiration_date: [null, values.expiration_date],
  }),
  listFields: ['rent_schedule', 'charges', 'options', 'clauses'],
  async track(trx, teamId, id, options) {
    const beforeDeadlines = await openDeadlines(trx, teamId, id);
    return async ({ before, values, by }) => {
      // A lease moved to another store leaves its old store's figures (writeRows did the new store's).
      if (before.store_id !== values.store_id) await storesChanged(trx, teamId, [before.store_id]);
      await recordAmendment(trx, teamId, id, {
        before: parseWhole(before),
        after: values,
        beforeDeadlines,
        afterDeadlines: await openDeadlines(trx, teamId, id),
        snapshot: before,
        by,
        note: options.amendment,
        summary: options.summary,
      });
    };
  },
};

let lifecycle: Lifecycle | undefined;
/** Leases in the lifecycle kit, built on first use: the kit's module may still be loading when this one is. */
export function leaseLifecycle(): Lifecycle {
  if (lifecycle) return lifecycle;
  const kit = contractLifecycle(leaseDefinition);
  return (lifecycle = {
    ...kit,
    async afterDelete(trx, teamId, id) {
      await kit.afterDelete(trx, teamId, id);
      const lease = await trx
        .selectFrom('leases')
        .select('store_id')
        .where('team_id', '=', teamId)
        .where('id', '=', id)
        .executeTakeFirst();
      await storesChanged(trx, teamId, [lease?.store_id ?? null]);
      await leasesChanged(trx, teamId, [id]);
    },
  });
}

export async function listLeases(deps: Deps, actor: Actor, raw: Record<string, string | string[]>) {
  const { ids, definitions, meta } = await pageOfContracts(deps, leaseDefinition, actor, raw);
  return { data: await presentLeaseListItems(deps.db, viewerOf(actor), ids, definitions), meta };
}
export function findLiveLease(db: Executor, teamId: number, id: number) {
  return findLiveContract(db, leaseDefinition, teamId, id);
}
/**
 * A live lease `actor` may see, or 404: another franchisee's lease does not exist for a member limited to
 * companies, exactly like another team's.
 */
export async function findVisibleLease(db: Executor, actor: Actor, id: number) {
  await findLiveLease(db, actor.teamId, id);
  if (!(await leaseInScope(db, actor.scope, id))) throw notFound(leaseDefinition.label);
}
export async function getLease(deps: Deps, actor: Actor, id: number) {
  await findVisibleLease(deps.db, actor, id);
  return getContract(deps, leaseDefinition, actor, id);
}
/**
 * The live leases among `ids` that `actor` may see, each presented as getLease presents it, read in one pass
 * (a whole portfolio's journal reads its leases a batch at a time); the others are left out, in id order.
 */
export async function getLeases(deps: Deps, actor: Actor, ids: number[]) {
  return presentLeases(deps.db, viewerOf(actor), await visibleLeaseIds(deps.db, actor.scope, ids));
}
/**
 * The live leases among `ids` as getLeases presents them, read by the server for the whole team (no member,
 * no abilities): for figures kept for every member, such as the stored accounting schedules a job refreshes.
 */
export async function getTeamLeases(deps: Deps, teamId: number, ids: number[]) {
  return presentLeases(deps.db, systemViewer(teamId), await visibleLeaseIds(deps.db, teamScope(teamId), ids));
}
export function createLease(deps: Deps, actor: Actor, input: unknown) {
  return createContract(deps, leaseDefinition, actor, input);
}
/** Validates and writes a whole lease with its rows and reminders, inside the caller's transaction. */
export function insertLease(
  trx: Executor,
  teamId: number,
  input: unknown,
  by: { userId: number; ip: string | null },
) {
  return insertContract(trx, leaseDefinition, teamId, input, by);
}
export function updateLease(deps: Deps, actor: Actor, id: number, patch: Record<string, unknown>) {
  return updateContract(deps, leaseDefinition, actor, id, patch);
}
/** patchContract for a lease; an amendment's note or a summary names the change in the lease's history. */
export function patchLease(
  trx: Executor,
  teamId: number,
  id: number,
  patch: Record<string, unknown>,
  by: { userId: number | null; ip: string | null },
  options: LeasePatchOptions = {},
) {
  return patchContract(trx, leaseDefinition, teamId, id, patch, by, options);
}
export function deleteLease(deps: Deps, actor: Actor, id: number) {
  return softDelete(deps, leaseLifecycle(), actor, id);
}
export async function restoreLease(deps: Deps, actor: Actor, id: number): Promise<Lease> {
  await restoreFromTrash(deps, leaseLifecycle(), actor, id);
  return getLease(deps, actor, id);
}
export function hideImportedLease(trx: Executor, teamId: number, id: number) {
  return hideImportedContract(trx, leaseDefinition, teamId, id);
}
export function revealImportedLeases(trx: Executor, teamId: number, ids: number[]) {
  return revealImportedContracts(trx, leaseDefinition, teamId, ids);
}
export function removeImportedLeases(trx: Executor, teamId: number, ids: number[], how: 'purge' | 'trash') {
  return removeImported(trx, leaseDefinition, teamId, ids, how);
}

/** Portfolio-wide clause search: every lease clause of a kind, or whose text contains words. */
export async function searchClauses(deps: Deps, actor: Actor, raw: Record<string, string | string[]>) {
  const query = parseListQuery(raw, {
    sorts: ['kind'],
    defaultSort: 'kind',
    filters: { kind: { type: 'enum', values: LEASE_CLAUSE_KINDS } },
  });
  // A join the typed builder cannot name twice.
  let base = untyped(deps.db)
    .selectFrom('clauses')
    .innerJoin('leases', 'leases.id', 'clauses.subject_id')
    .innerJoin('stores', 'stores.id', 'leases.store_id')
    .where('clauses.team_id', '=', actor.teamId)
    .where('leases.team_id', '=', actor.teamId)
    .where('clauses.subject_type', '=', 'lease')
    .where('leases.deleted_at', 'is', null);
  if (query.filters.kind) base = base.where('clauses.kind', 'in', query.filters.kind);
  // escape '\': without it SQLite matched a typed % or _ as a literal backslash and a wildcard.
  if (query.search)
    base = base.where(sql<SqlBool>`clauses.text like ${containsPattern(query.search)} escape '\\'`);
  const [rows, count] = await Promise.all([
    base
      .select([
        'clauses.id',
        'clauses.kind',
        'clauses.text',
        'clauses.date',
        'clauses.page',
        'clauses.document_id',
        'leases.id as lease_id',
        'leases.reference',
        'stores.name as store_name',
      ])
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
      lease: {
        id: Number(r.lease_id),
        name: `${String(r.store_name)}${r.reference ? ` (${String(r.reference)})` : ''}`,
      },
    })),
    meta: paginationMeta(query.page, query.perPage, Number(count.total)),
  };
}
