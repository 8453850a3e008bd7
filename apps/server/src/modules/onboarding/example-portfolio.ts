import { sql } from 'kysely';
import {
  EXAMPLE_RECORD_TYPES,
  type ExampleLoaded,
  type ExampleRecordRef,
  type ExampleRecordType,
  type ExampleRemoved,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { type Executor, untyped, writeTransaction } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { AppError, forbidden } from '../../platform/errors';
import { authorize, type Actor } from '../../platform/policy';
import { bumpTeamWriteVersion } from '../../platform/team-cache';
import { moveToTrash, recordDefinitions, recordLifecycle, type Lifecycle } from '../records/index';
import { leaseLifecycle } from '../leases/index';
import { agreementLifecycle } from '../agreements/index';
import { restoreSales } from '../sales/index';
import { teamToday } from '../teams/index';
import { writeExamplePortfolio } from './example-data';
import { onboardingPolicy } from './policy';
import * as repo from './repository';

const TABLES: Record<ExampleRecordType, string> = {
  companies: 'companies',
  brands: 'brands',
  contacts: 'contacts',
  stores: 'stores',
  leases: 'leases',
  agreements: 'franchise_agreements',
  sales: 'sales',
};

/** The singular name notes, reminders and audit rows give a type (none for sales figures). */
const SUBJECTS: Partial<Record<ExampleRecordType, string>> = {
  companies: 'company',
  brands: 'brand',
  contacts: 'contact',
  stores: 'store',
  leases: 'lease',
  agreements: 'agreement',
};

/** How a type's records are named in the removal's answer: a SQL expression over its table. */
const NAMES: Record<ExampleRecordType, string> = {
  companies: 'name',
  brands: 'name',
  contacts: "trim(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))",
  stores: 'name',
  leases: "coalesce(reference, '')",
  agreements: "coalesce(agreement_number, '')",
  sales: "'Sales of ' || period_start",
};

/**
 * A row that refers to a record: `table.column` holds its id. `owner` names the example type the referring
 * row is itself (with the column of its id), so a reference between two example records does not count;
 * a row of no example type (a note, a document link, a manual reminder) always does.
 */
type Reference = {
  table: string;
  column: string;
  owner?: { type: ExampleRecordType; column: string };
  where?: Array<[column: string, value: string]>;
};
const own = (type: ExampleRecordType, column = 'id') => ({ type, column });

const REFERENCES: Record<ExampleRecordType, Reference[]> = {
  companies: [
    { table: 'stores', column: 'company_id', owner: own('stores') },
    { table: 'contacts', column: 'company_id', owner: own('contacts') },
    { table: 'brands', column: 'company_id', owner: own('brands') },
    { table: 'leases', column: 'landlord_id', owner: own('leases') },
    { table: 'leases', column: 'tenant_id', owner: own('leases') },
    { table: 'leases', column: 'guarantor_id', owner: own('leases') },
    { table: 'franchise_agreements', column: 'franchisee_id', owner: own('agreements') },
  ],
  brands: [
    { table: 'stores', column: 'brand_id', owner: own('stores') },
    { table: 'franchise_agreements', column: 'brand_id', owner: own('agreements') },
  ],
  contacts: [
    { table: 'stores', column: 'manager_id', owner: own('stores') },
    { table: 'leases', column: 'broker_id', owner: own('leases') },
    { table: 'leases', column: 'property_manager_id', owner: own('leases') },
  ],
  stores: [
    { table: 'leases', column: 'store_id', owner: own('leases') },
    { table: 'agreement_stores', column: 'store_id', owner: own('agreements', 'agreement_id') },
    { table: 'sales', column: 'store_id', owner: own('sales') },
  ],
  leases: [],
  agreements: [],
  sales: [],
};

/** What the team's own work hangs on any record: notes, document links and manual reminders about it. */
function attachments(type: ExampleRecordType): Reference[] {
  const subject = SUBJECTS[type];
  if (!subject) return [];
  return [
    { table: 'notes', column: 'subject_id', where: [['subject_type', subject]] },
    { table: 'document_links', column: 'linkable_id', where: [['linkable_type', type]] },
    {
      table: 'reminders',
      column: 'subject_id',
      where: [
        ['subject_type', subject],
        ['source', 'manual'],
      ],
    },
  ];
}

const LIFECYCLES: Record<Exclude<ExampleRecordType, 'sales'>, () => Lifecycle> = {
  companies: () => recordLifecycle(recordDefinitions.companies),
  brands: () => recordLifecycle(recordDefinitions.brands),
  contacts: () => recordLifecycle(recordDefinitions.contacts),
  stores: () => recordLifecycle(recordDefinitions.stores),
  leases: leaseLifecycle,
  agreements: agreementLifecycle,
};

/** Contracts first, then what they name: each record leaves after what refers to it. */
const REMOVAL_ORDER: ExampleRecordType[] = [
  'sales',
  'agreements',
  'leases',
  'stores',
  'contacts',
  'brands',
  'companies',
];

function checkAllowed(actor: Actor) {
  // The shared demo team is reset to its seed every day; it is a finished portfolio, not a team to set up.
  if (actor.isDemo) throw forbidden('The demo team cannot load or remove the example portfolio.');
  authorize(onboardingPolicy.examplePortfolio(actor));
}

const by = (actor: Actor) => ({ userId: actor.user.id, ip: actor.ip });

/** Loads the example portfolio into the caller's team: every record or none (409 when it is already there). */
export async function loadExamplePortfolio(deps: Deps, actor: Actor): Promise<ExampleLoaded> {
  checkAllowed(actor);
  return writeTransaction(deps.db, async (trx) => {
    if (await repo.portfolioLoaded(trx, actor.teamId))
      throw new AppError('conflict', 'The example portfolio is already loaded.');
    // First: a second load sent at the same moment waits on this row's key, then fails on it.
    await repo.insertPortfolioMarker(trx, actor.teamId, nowIso());
    const today = await teamToday(trx, actor.teamId);
    const created = await writeExamplePortfolio(trx, actor.teamId, by(actor), today);
    // Taken after the writes: a record whose updated_at is later has been edited since.
    await repo.tagExampleRecords(trx, actor.teamId, created, nowIso());
    await bumpTeamWriteVersion(trx, actor.teamId);
    const counts = Object.fromEntries(EXAMPLE_RECORD_TYPES.map((type) => [type, 0])) as Record<
      ExampleRecordType,
      number
    >;
    for (const record of created) counts[record.type] += 1;
    return { created: counts };
  });
}

/**
 * Removes the team's example records: to the trash (sales figures, which have none, are deleted). One the
 * team has built on — a record, note, document link or manual reminder of its own refers to it, even one in
 * the trash — stays, and so does every example record that one refers to: it is the team's record now. The
 * answer names those kept, and those removed although the team had edited them. 404 when none is loaded.
 */
export async function removeExamplePortfolio(deps: Deps, actor: Actor): Promise<ExampleRemoved> {
  checkAllowed(actor);
  return writeTransaction(deps.db, async (trx) => {
    const teamId = actor.teamId;
    if (!(await repo.portfolioLoaded(trx, teamId)))
      throw new AppError('not_found', 'No example portfolio is loaded.');
    const tagged = await repo.exampleRecordsOf(trx, teamId);
    const removing = new Map<ExampleRecordType, Map<number, string>>(
      EXAMPLE_RECORD_TYPES.map((type) => [type, new Map()]),
    );
    for (const row of tagged) removing.get(row.type)?.set(row.id, row.created_at);

    const kept: Array<{ type: ExampleRecordType; id: number }> = [];
    // A record kept keeps what it refers to: repeat until nothing more is kept.
    for (let changed = true; changed;) {
      changed = false;
      for (const type of EXAMPLE_RECORD_TYPES) {
        const ids = [...removing.get(type)!.keys()];
        if (!ids.length) continue;
        for (const id of await builtOn(trx, teamId, type, ids, removing)) {
          removing.get(type)!.delete(id);
          kept.push({ type, id });
          changed = true;
        }
      }
    }

    const edited: Array<{ type: ExampleRecordType; id: number }> = [];
    let removed = 0;
    for (const type of REMOVAL_ORDER) {
      const tags = removing.get(type)!;
      if (!tags.size) continue;
      const rows = (await untyped(trx)
        .selectFrom(TABLES[type])
        .select(['id', 'updated_at', ...(type === 'sales' ? [] : ['deleted_at'])])
        .where('team_id', '=', teamId)
        .where('id', 'in', [...tags.keys()])
        .execute()) as Array<{ id: number; updated_at: unknown; deleted_at?: unknown }>;
      for (const row of rows)
        if (time(row.updated_at) > time(tags.get(Number(row.id)))) edited.push({ type, id: Number(row.id) });
      if (type === 'sales') {
        await restoreSales(
          trx,
          teamId,
          rows.map((row) => ({ subject_id: Number(row.id), action: 'create', before: null })),
        );
        removed += rows.length;
        continue;
      }
      const lifecycle = LIFECYCLES[type]();
      // One the team deleted already is in the trash: it stays there as it is.
      for (const row of rows.filter((r) => r.deleted_at === null)) {
        await moveToTrash(trx, lifecycle, teamId, Number(row.id), by(actor));
        removed += 1;
      }
    }
    // Named before the marks go: the names of those in the trash are still there to read.
    const [editedRefs, keptRefs] = [await named(trx, teamId, edited), await named(trx, teamId, kept)];
    await repo.untagAll(trx, teamId);
    await bumpTeamWriteVersion(trx, teamId);
    return { removed, edited: editedRefs, kept: keptRefs };
  });
}

const time = (value: unknown) => (value instanceof Date ? value.getTime() : Date.parse(String(value)));

/** Those of `ids` (example records of `type`) a row outside the records being removed refers to. */
async function builtOn(
  trx: Executor,
  teamId: number,
  type: ExampleRecordType,
  ids: number[],
  removing: Map<ExampleRecordType, Map<number, string>>,
): Promise<Set<number>> {
  const found = new Set<number>();
  for (const reference of [...REFERENCES[type], ...attachments(type)]) {
    let query = untyped(trx)
      .selectFrom(reference.table)
      .select([
        `${reference.column} as target`,
        ...(reference.owner ? [`${reference.owner.column} as owner`] : []),
      ])
      .where('team_id', '=', teamId)
      .where(reference.column, 'in', ids);
    for (const [column, value] of reference.where ?? []) query = query.where(column, '=', value);
    const rows = (await query.execute()) as Array<{ target: number; owner?: number }>;
    for (const row of rows) {
      const owner = reference.owner;
      if (!owner || !removing.get(owner.type)!.has(Number(row.owner))) found.add(Number(row.target));
    }
  }
  return found;
}

async function named(
  trx: Executor,
  teamId: number,
  records: Array<{ type: ExampleRecordType; id: number }>,
): Promise<ExampleRecordRef[]> {
  const refs: ExampleRecordRef[] = [];
  for (const type of EXAMPLE_RECORD_TYPES) {
    const ids = records.filter((r) => r.type === type).map((r) => r.id);
    if (!ids.length) continue;
    const rows = (await untyped(trx)
      .selectFrom(TABLES[type])
      .select(['id', sql<string>`${sql.raw(NAMES[type])}`.as('name')])
      .where('team_id', '=', teamId)
      .where('id', 'in', ids)
      .orderBy('id')
      .execute()) as Array<{ id: number; name: string }>;
    for (const row of rows) refs.push({ type, id: Number(row.id), name: String(row.name) });
  }
  return refs;
}
