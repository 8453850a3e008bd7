import {
  agreementInputSchema,
  IMPORT_MODES,
  leaseInputSchema,
  type AttributeSubject,
  type ImportMode,
  type ImportType,
  type RecordType,
} from '@storekeep/contracts';
import { type Executor, untyped } from '../../platform/db';
import { insertReturningIds } from '../../platform/db/insert-many';
import { indexRecords, unindexRecords } from '../../platform/search';
import {
  attributeSearchText,
  liveAttributes,
  purgeAttributeValues,
  removeAttributeReminders,
  syncAttributeReminders,
  writeAttributeValues,
} from '../attributes/index';
import { PENDING_IMPORT, type RecordDefinition, recordDefinitions } from '../records/index';
import {
  agreementValuesOf,
  hideImportedAgreement,
  insertAgreement,
  patchAgreement,
  removeImportedAgreements,
  revealImportedAgreements,
} from '../agreements/index';
import { writeDocumentFields, type DocumentPatch } from '../documents/index';
import {
  hideImportedLease,
  insertLease,
  leaseValuesOf,
  patchLease,
  removeImportedLeases,
  revealImportedLeases,
} from '../leases/index';
import { existingSales, restoreSales, SALES_LABEL, upsertSales } from '../sales/index';
import { attributeField, IMPORT_FIELDS, type FieldSpec } from './fields';
import { createPreparer, type Operation, type Preparer, type PrepareOptions } from './prepare';
import { createContractPreparer, type ContractKind } from './prepare-contracts';
import { createDocumentPreparer } from './prepare-documents';
import { createSalesPreparer } from './prepare-sales';

/** What one written row leaves in the import's log. */
export type LoggedChange = {
  subject_id: number;
  action: 'create' | 'update';
  before: string | null;
  after_updated_at: string;
};
export type ChangeRow = {
  subject_id: number;
  action: string;
  before: string | null;
  after_updated_at: string;
};
export type CurrentState = { name: string; updated_at: string; deleted_at: string | null };

/**
 * What the importer needs of a type: its columns, how rows are checked, written, revealed (types whose
 * records have a trash create them hidden, see PENDING_IMPORT), rolled back (a failed run: created rows go
 * for good) and undone (created rows go to the trash where the type has one).
 */
export type ImportTarget = {
  type: ImportType;
  label: string;
  fields(db: Executor, teamId: number): Promise<FieldSpec[]>;
  preparer(db: Executor, teamId: number, options: PrepareOptions): Promise<Preparer>;
  write(
    trx: Executor,
    teamId: number,
    batch: Operation[],
    now: string,
    by: { userId: number; ip: string | null },
  ): Promise<LoggedChange[]>;
  /** The modes this type offers (all three unless it says otherwise). */
  modes: readonly ImportMode[];
  /**
   * Makes records the run created (hidden until its commit) visible, with their search rows and reminders.
   * Returns those it could not: a unique value of theirs was taken by a record created since the commit point.
   */
  reveal(trx: Executor, teamId: number, ids: number[]): Promise<number[]>;
  /**
   * Why these records the run created could not be revealed (another request took one's unique value
   * meanwhile), or null. Checked before the commit point, for types with such values only.
   */
  conflict?(db: Executor, teamId: number, ids: number[]): Promise<string | null>;
  rollBack(trx: Executor, teamId: number, changes: ChangeRow[]): Promise<void>;
  current(trx: Executor, teamId: number, ids: number[]): Promise<Map<number, CurrentState>>;
  /** Those of these records another record, a note or a document link refers to: someone built on them. */
  builtOn(trx: Executor, teamId: number, ids: number[]): Promise<Set<number>>;
  undo(trx: Executor, teamId: number, changes: ChangeRow[], now: string): Promise<void>;
};

/**
 * What refers to a record of each type, by the column that holds its id: a record referred to was built on
 * by someone, so an undo or a rollback must not take it away.
 */
const REFERENCES: Record<string, Array<[table: string, column: string]>> = {
  stores: [
    ['leases', 'store_id'],
    ['agreement_stores', 'store_id'],
    ['sales', 'store_id'],
  ],
  companies: [
    ['stores', 'company_id'],
    ['contacts', 'company_id'],
    ['leases', 'landlord_id'],
    ['leases', 'tenant_id'],
    ['leases', 'guarantor_id'],
    ['franchise_agreements', 'franchisee_id'],
  ],
  brands: [
    ['stores', 'brand_id'],
    ['franchise_agreements', 'brand_id'],
  ],
  contacts: [
    ['stores', 'manager_id'],
    ['leases', 'broker_id'],
    ['leases', 'property_manager_id'],
  ],
};

/** Which of `ids` (records of `type`, audit name `subject`) notes, document links or the references above name. */
async function builtOn(
  trx: Executor,
  teamId: number,
  type: string,
  subject: string,
  ids: number[],
): Promise<Set<number>> {
  const found = new Set<number>();
  for (let at = 0; at < ids.length; at += 500) {
    const chunk = ids.slice(at, at + 500);
    const sources: Array<[table: string, column: string, kind?: [column: string, value: string]]> = [
      ['notes', 'subject_id', ['subject_type', subject]],
      ['document_links', 'linkable_id', ['linkable_type', type]],
      ...(REFERENCES[type] ?? []),
    ];
    for (const [table, column, kind] of sources) {
      let query = untyped(trx)
        .selectFrom(table)
        .select(column)
        .where('team_id', '=', teamId)
        .where(column, 'in', chunk);
      if (kind) query = query.where(kind[0], '=', kind[1]);
      for (const hit of (await query.distinct().execute()) as Array<Record<string, number>>)
        found.add(Number(hit[column]));
    }
  }
  return found;
}

/**
 * Those of these hidden stores whose store number a live store of the team holds (unique among live ones).
 * Two lookups rather than a self-join: with the statistics of a table that just grew by the import, PostgreSQL
 * planned the join as a nested loop over a scan of every store (seconds per batch).
 */
async function takenStoreNumbers(
  db: Executor,
  teamId: number,
  ids: number[],
): Promise<Array<{ id: number; number: string }>> {
  const hidden = await db
    .selectFrom('stores')
    .select(['id', 'store_number'])
    .where('team_id', '=', teamId)
    .where('id', 'in', ids)
    .where('deleted_at', '=', PENDING_IMPORT)
    .where('store_number', 'is not', null)
    .execute();
  const numbers = [...new Set(hidden.map((s) => s.store_number!))];
  if (!numbers.length) return [];
  const live = await db
    .selectFrom('stores')
    .select('store_number')
    .where('team_id', '=', teamId)
    .where('store_number', 'in', numbers)
    .where('store_number', 'is not', null)
    .where('deleted_at', 'is', null)
    .execute();
  const taken = new Set(live.map((s) => s.store_number));
  return hidden
    .filter((s) => taken.has(s.store_number))
    .map((s) => ({ id: Number(s.id), number: s.store_number! }));
}

/** Where an import's record lives for the team-defined attributes (the same names as the record types). */
const attributeSubject = (type: RecordType): AttributeSubject => type;

function recordTarget(def: RecordDefinition): ImportTarget {
  const subject = attributeSubject(def.type);

  /** Search entries of written records, with their text attributes when the team has any. */
  async function reindex(
    trx: Executor,
    teamId: number,
    ids: number[],
    withAttributes: boolean,
    created = false,
  ) {
    for (let i = 0; i < ids.length; i += 500) {
      const records = await def.load(trx, teamId, ids.slice(i, i + 500));
      const entries = [];
      for (const record of records) {
        const entry = def.searchEntry(record);
        const extra = withAttributes
          ? [...(entry.extra ?? []), ...(await attributeSearchText(trx, teamId, subject, record.id))]
          : entry.extra;
        entries.push({ teamId, type: def.type, id: record.id, ...entry, extra });
      }
      await indexRecords(trx, teamId, entries, { created });
    }
  }

  async function putBack(trx: Executor, teamId: number, change: ChangeRow) {
    const { attributes, ...columns } = JSON.parse(change.before ?? '{}') as Record<string, unknown> & {
      attributes?: Record<string, unknown>;
    };
    await untyped(trx)
      .updateTable(def.table)
      .set(columns)
      .where('id', '=', change.subject_id)
      .where('team_id', '=', teamId)
      .execute();
    if (attributes) {
      await writeAttributeValues(trx, teamId, subject, change.subject_id, attributes, { partial: true });
      await syncAttributeReminders(trx, teamId, subject, change.subject_id);
    }
  }

  return {
    type: def.type,
    label: def.label,
    modes: IMPORT_MODES,
    async fields(db, teamId) {
      return [...IMPORT_FIELDS[def.type], ...(await liveAttributes(db, teamId, subject)).map(attributeField)];
    },
    preparer: (db, teamId, options) => createPreparer(db, teamId, def, options),

    async write(trx, teamId, batch, now) {
      const creates = batch.filter((o) => o.action === 'create');
      const createdIds = await insertReturningIds(
        trx,
        def.table,
        creates.map((o) => ({
          ...o.values,
          team_id: teamId,
          created_at: now,
          updated_at: now,
          deleted_at: PENDING_IMPORT,
        })) as never,
      );
      creates.forEach((o, i) => (o.id = createdIds[i]!));
      const withAttributes = batch.some((o) => o.attributes && Object.keys(o.attributes).length);
      const updates = batch.filter(
        (o) =>
          o.action === 'update' &&
          (Object.keys(o.values).length || (o.attributes && Object.keys(o.attributes).length)),
      );
      for (const o of updates) {
        await untyped(trx)
          .updateTable(def.table)
          .set({ ...o.values, updated_at: now })
          .where('id', '=', o.id)
          .where('team_id', '=', teamId)
          .execute();
      }
      const written = [...creates, ...updates];
      if (withAttributes) {
        for (const o of written) {
          if (!o.attributes || !Object.keys(o.attributes).length) continue;
          const changes = await writeAttributeValues(trx, teamId, subject, o.id!, o.attributes, {
            partial: o.action === 'update',
          });
          // A hidden record's reminders come with its reveal.
          if (o.action === 'update') await syncAttributeReminders(trx, teamId, subject, o.id!);
          // Undo puts the attributes back too: their values before the import, by key.
          if (o.action === 'update' && Object.keys(changes).length) {
            o.before = {
              ...o.before,
              attributes: Object.fromEntries(
                Object.entries(changes).map(([k, [old]]) => [k.replace(/^attributes\./, ''), old]),
              ),
            };
          }
        }
      }
      const externals = batch.filter((o) => o.externalId && o.id);
      for (let i = 0; i < externals.length; i += 200) {
        await trx
          .insertInto('external_ids')
          .values(
            externals.slice(i, i + 200).map((o) => ({
              team_id: teamId,
              subject_type: def.type,
              external_id: o.externalId!.slice(0, 255),
              subject_id: o.id!,
            })),
          )
          .onConflict((oc) =>
            oc
              .columns(['team_id', 'subject_type', 'external_id'])
              .doUpdateSet((eb) => ({ subject_id: eb.ref('excluded.subject_id') })),
          )
          .execute();
      }
      await reindex(
        trx,
        teamId,
        updates.map((o) => o.id!),
        withAttributes,
      );
      return written.map((o) => ({
        subject_id: o.id!,
        action: o.action,
        before: o.before ? JSON.stringify(o.before) : null,
        after_updated_at: now,
      }));
    },

    async reveal(trx, teamId, ids) {
      const hidden = (
        await untyped(trx)
          .selectFrom(def.table)
          .select('id')
          .where('team_id', '=', teamId)
          .where('id', 'in', ids)
          .where('deleted_at', '=', PENDING_IMPORT)
          .execute()
      ).map((r: { id: number }) => Number(r.id));
      const taken = new Set(
        hidden.length && def.type === 'stores'
          ? (await takenStoreNumbers(trx, teamId, hidden)).map((s) => s.id)
          : [],
      );
      const pending = hidden.filter((id) => !taken.has(id));
      if (!pending.length) return [...taken];
      await untyped(trx)
        .updateTable(def.table)
        .set({ deleted_at: null })
        .where('team_id', '=', teamId)
        .where('id', 'in', pending)
        .execute();
      const definitions = await liveAttributes(trx, teamId, subject);
      await reindex(trx, teamId, pending, definitions.length > 0, true);
      if (definitions.some((d) => d.type === 'date' && d.reminder))
        for (const id of pending) await syncAttributeReminders(trx, teamId, subject, id);
      return [...taken];
    },

    // Store numbers are unique among live stores only (a partial index): one taken by a store someone created
    // while the import ran would make the reveal fail.
    conflict:
      def.type === 'stores'
        ? async (db, teamId, ids) => {
            const [taken] = await takenStoreNumbers(db, teamId, ids);
            return taken
              ? `store number “${taken.number}” was taken by a store created while the import ran`
              : null;
          }
        : undefined,

    builtOn: (trx, teamId, ids) => builtOn(trx, teamId, def.type, def.subject, ids),

    async rollBack(trx, teamId, changes) {
      const logged = changes.filter((c) => c.action === 'create').map((c) => c.subject_id);
      // Only what is still hidden: a revealed record belongs to everyone.
      const created = logged.length
        ? (
            await untyped(trx)
              .selectFrom(def.table)
              .select('id')
              .where('team_id', '=', teamId)
              .where('id', 'in', logged)
              .where('deleted_at', '=', PENDING_IMPORT)
              .execute()
          ).map((r: { id: number }) => Number(r.id))
        : [];
      if (created.length) {
        await unindexRecords(trx, teamId, def.type, created);
        for (const id of created) await removeAttributeReminders(trx, teamId, subject, id);
        // Records removed for good take every attribute value with them (archived attributes' too).
        await purgeAttributeValues(trx, teamId, subject, created);
        await trx
          .deleteFrom('external_ids')
          .where('team_id', '=', teamId)
          .where('subject_type', '=', def.type)
          .where('subject_id', 'in', created)
          .execute();
        await untyped(trx)
          .deleteFrom(def.table)
          .where('team_id', '=', teamId)
          .where('id', 'in', created)
          .execute();
      }
      const updated = changes.filter((c) => c.action === 'update');
      for (const change of updated) await putBack(trx, teamId, change);
      await reindex(
        trx,
        teamId,
        updated.map((c) => c.subject_id),
        true,
      );
    },

    async current(trx, teamId, ids) {
      const rows = (await def.load(trx, teamId, ids)) as Array<
        Record<string, unknown> & { id: number; deleted_at: string | null }
      >;
      return new Map(
        rows.map((r) => [
          r.id,
          {
            name: def.searchEntry(r as never).title,
            updated_at: String(r.updated_at),
            deleted_at: r.deleted_at,
          },
        ]),
      );
    },

    async undo(trx, teamId, changes, now) {
      const created = changes.filter((c) => c.action === 'create').map((c) => c.subject_id);
      if (created.length) {
        await untyped(trx)
          .updateTable(def.table)
          .set({ deleted_at: now })
          .where('team_id', '=', teamId)
          .where('id', 'in', created)
          .execute();
        await unindexRecords(trx, teamId, def.type, created);
        for (const id of created) await removeAttributeReminders(trx, teamId, subject, id);
      }
      const updated = changes.filter((c) => c.action === 'update');
      for (const change of updated) await putBack(trx, teamId, change);
      await reindex(
        trx,
        teamId,
        updated.map((c) => c.subject_id),
        true,
      );
    },
  };
}

/** Sales figures: a store's period is their identity, so re-importing a period updates it (or is skipped). */
const salesTarget: ImportTarget = {
  type: 'sales',
  label: SALES_LABEL,
  modes: IMPORT_MODES,
  fields: async () => IMPORT_FIELDS.sales,
  preparer: (db, teamId, options) => createSalesPreparer(db, teamId, options),

  async write(trx, teamId, batch) {
    // The sales preparer's values are rows of salesRowInputSchema (store_id, period, period_start, amounts).
    const rows = batch.map((o) => o.values as { store_id: number; period: string; period_start: string });
    const before = await existingSales(trx, teamId, rows);
    const result = await upsertSales(trx, teamId, rows, 'merge');
    const ids = [...result.created, ...result.updated.map((u) => u.id)];
    const stamps = await existingSales(trx, teamId, rows);
    const after = new Map([...stamps.values()].map((s) => [s.id, s.updated_at]));
    const previous = new Map([...before.values()].map((s) => [s.id, s]));
    return ids
      .filter((id) => !previous.has(id) || previous.get(id)!.updated_at !== after.get(id))
      .map((id) => {
        const old = previous.get(id);
        return {
          subject_id: id,
          action: old ? 'update' : 'create',
          before: old
            ? JSON.stringify({
                gross_cents: old.gross_cents,
                net_cents: old.net_cents,
                updated_at: old.updated_at,
              })
            : null,
          after_updated_at: after.get(id)!,
        };
      });
  },

  // Sales have no trash to hide figures in: they are written visible, and nothing refers to them.
  reveal: async () => [],
  builtOn: async () => new Set(),
  async rollBack(trx, teamId, changes) {
    await restoreSales(trx, teamId, changes);
  },
  async current(trx, teamId, ids) {
    const rows = await trx
      .selectFrom('sales')
      .select(['id', 'period_start', 'updated_at'])
      .where('team_id', '=', teamId)
      .where('id', 'in', ids)
      .execute();
    return new Map(
      rows.map((r) => [r.id, { name: `for ${r.period_start}`, updated_at: r.updated_at, deleted_at: null }]),
    );
  },
  // Sales have no trash: undo deletes the figures the import added and puts back those it changed.
  async undo(trx, teamId, changes) {
    await restoreSales(trx, teamId, changes);
  },
};

/**
 * Leases and franchise agreements are written whole by their own services (rent schedule, options, stores,
 * reminders, audit): created, or patched with the file's cells. Undo moves created ones to the trash and
 * patches updated ones back to their logged values; a failed run removes the created ones for good.
 */
function contractTarget(options: {
  type: 'leases' | 'agreements';
  label: string;
  kind: ContractKind;
  insert: (
    trx: Executor,
    teamId: number,
    values: unknown,
    by: { userId: number; ip: string | null },
  ) => Promise<number>;
  patch: (
    trx: Executor,
    teamId: number,
    id: number,
    patch: Record<string, unknown>,
    by: { userId: number | null; ip: string | null },
    options?: { keepUpdatedAt?: string },
  ) => Promise<Record<string, unknown>>;
  remove: (trx: Executor, teamId: number, ids: number[], how: 'purge' | 'trash') => Promise<void>;
  hide: (trx: Executor, teamId: number, id: number) => Promise<void>;
  reveal: (trx: Executor, teamId: number, ids: number[]) => Promise<number[]>;
}): ImportTarget {
  const created = (changes: ChangeRow[]) =>
    changes.filter((c) => c.action === 'create').map((c) => c.subject_id);
  async function putBack(trx: Executor, teamId: number, changes: ChangeRow[]) {
    for (const change of changes.filter((c) => c.action === 'update')) {
      const { updated_at, ...before } = JSON.parse(change.before ?? '{}') as Record<string, unknown> & {
        updated_at: string;
      };
      await options.patch(
        trx,
        teamId,
        change.subject_id,
        before,
        { userId: null, ip: null },
        { keepUpdatedAt: updated_at },
      );
    }
  }
  return {
    type: options.type,
    label: options.label,
    modes: IMPORT_MODES,
    fields: async (db, teamId) => [
      ...IMPORT_FIELDS[options.type],
      ...(await liveAttributes(db, teamId, options.type)).map(attributeField),
    ],
    preparer: (db, teamId, prepareOptions) =>
      createContractPreparer(db, teamId, prepareOptions, options.kind),
    async write(trx, teamId, batch, now, by) {
      const logged: LoggedChange[] = [];
      for (const o of batch) {
        if (o.action === 'update') {
          const before = await options.patch(
            trx,
            teamId,
            o.id!,
            { ...o.values, ...(o.attributes ? { attributes: o.attributes } : {}) },
            by,
          );
          logged.push({
            subject_id: o.id!,
            action: 'update',
            before: JSON.stringify(before),
            after_updated_at: now,
          });
          continue;
        }
        const id = await options.insert(trx, teamId, o.values, by);
        if (o.attributes && Object.keys(o.attributes).length)
          await writeAttributeValues(trx, teamId, options.type, id, o.attributes);
        // Hidden, without reminders, until the commit point (reveal): nobody sees or builds on it before.
        await options.hide(trx, teamId, id);
        logged.push({ subject_id: id, action: 'create', before: null, after_updated_at: now });
      }
      // The services stamp their own clock; the log keeps what they wrote, so undo sees later edits only.
      const stamps = await untyped(trx)
        .selectFrom(options.kind.table)
        .select(['id', 'updated_at'])
        .where('team_id', '=', teamId)
        .where(
          'id',
          'in',
          logged.map((l) => l.subject_id),
        )
        .execute();
      const byId = new Map(
        stamps.map((r: { id: number; updated_at: string }) => [Number(r.id), String(r.updated_at)]),
      );
      return logged.map((l) => ({ ...l, after_updated_at: byId.get(l.subject_id) ?? now }));
    },
    // Created contracts appear, with their reminders (attribute dates' too), when the import commits.
    reveal: options.reveal,
    builtOn: (trx, teamId, ids) =>
      builtOn(trx, teamId, options.type, options.kind.subject === 'leases' ? 'lease' : 'agreement', ids),
    async rollBack(trx, teamId, changes) {
      await putBack(trx, teamId, changes);
      await options.remove(trx, teamId, created(changes), 'purge');
    },
    async current(trx, teamId, ids) {
      const rows = (await untyped(trx)
        .selectFrom(options.kind.table)
        .select(['id', options.kind.matchColumn, 'updated_at', 'deleted_at'])
        .where('team_id', '=', teamId)
        .where('id', 'in', ids)
        .execute()) as Array<Record<string, string | number | null>>;
      return new Map(
        rows.map((r) => [
          Number(r.id),
          {
            name: String(r[options.kind.matchColumn] ?? `#${r.id}`),
            updated_at: String(r.updated_at),
            deleted_at: (r.deleted_at as string | null) ?? null,
          },
        ]),
      );
    },
    async undo(trx, teamId, changes) {
      await putBack(trx, teamId, changes);
      await options.remove(trx, teamId, created(changes), 'trash');
    },
  };
}

const leasesTarget = contractTarget({
  type: 'leases',
  label: 'Lease',
  insert: insertLease,
  patch: patchLease,
  remove: removeImportedLeases,
  hide: hideImportedLease,
  reveal: revealImportedLeases,
  kind: {
    schema: leaseInputSchema,
    table: 'leases',
    subject: 'leases',
    matchColumn: 'reference',
    valuesOf: leaseValuesOf,
    // A file has one rent figure per lease: it becomes a one-row schedule over the term.
    build({ monthly_rent, ...values }, err) {
      if (monthly_rent === undefined || monthly_rent === '') return values;
      if (!values.commencement_date || !values.expiration_date) {
        err('monthly_rent', 'A monthly rent needs the commencement and expiration dates of its lease.');
        return values;
      }
      return {
        ...values,
        rent_schedule: [
          {
            start_date: values.commencement_date,
            end_date: values.expiration_date,
            monthly_amount: monthly_rent,
          },
        ],
      };
    },
  },
});

const agreementsTarget = contractTarget({
  type: 'agreements',
  label: 'Franchise agreement',
  insert: insertAgreement,
  patch: patchAgreement,
  remove: removeImportedAgreements,
  hide: hideImportedAgreement,
  reveal: revealImportedAgreements,
  kind: {
    schema: agreementInputSchema,
    table: 'franchise_agreements',
    subject: 'agreements',
    matchColumn: 'agreement_number',
    valuesOf: agreementValuesOf,
  },
});

/** Metadata of uploaded documents: only updated, through the documents service (search row, reminder, audit). */
const documentsTarget: ImportTarget = {
  type: 'documents',
  label: 'Document',
  modes: ['update'],
  fields: async (db, teamId) => [
    ...IMPORT_FIELDS.documents,
    ...(await liveAttributes(db, teamId, 'documents')).map(attributeField),
  ],
  preparer: (db, teamId, options) => createDocumentPreparer(db, teamId, options),
  async write(trx, teamId, batch, now, by) {
    const logged: LoggedChange[] = [];
    for (const o of batch) {
      const { updated_at } = await trx
        .selectFrom('documents')
        .select('updated_at')
        .where('team_id', '=', teamId)
        .where('id', '=', o.id!)
        .executeTakeFirstOrThrow();
      const before = await writeDocumentFields(trx, teamId, o.id!, o.values as DocumentPatch, by, {
        keepUpdatedAt: now,
      });
      if (Object.keys(before).length)
        logged.push({
          subject_id: o.id!,
          action: 'update',
          before: JSON.stringify({ ...before, updated_at }),
          after_updated_at: now,
        });
    }
    return logged;
  },
  reveal: async () => [],
  builtOn: async () => new Set(),
  rollBack: (trx, teamId, changes) => putBackDocuments(trx, teamId, changes),
  async current(trx, teamId, ids) {
    const rows = await trx
      .selectFrom('documents')
      .select(['id', 'title', 'updated_at', 'deleted_at'])
      .where('team_id', '=', teamId)
      .where('id', 'in', ids)
      .execute();
    return new Map(
      rows.map((r) => [r.id, { name: r.title, updated_at: r.updated_at, deleted_at: r.deleted_at }]),
    );
  },
  undo: (trx, teamId, changes) => putBackDocuments(trx, teamId, changes),
};

async function putBackDocuments(trx: Executor, teamId: number, changes: ChangeRow[]) {
  for (const change of changes) {
    const { updated_at, ...before } = JSON.parse(change.before ?? '{}') as DocumentPatch & {
      updated_at: string;
    };
    await writeDocumentFields(
      trx,
      teamId,
      change.subject_id,
      before,
      { userId: null, ip: null },
      { keepUpdatedAt: updated_at },
    );
  }
}

export function targetOf(type: ImportType): ImportTarget {
  if (type === 'documents') return documentsTarget;
  if (type === 'sales') return salesTarget;
  if (type === 'leases') return leasesTarget;
  if (type === 'agreements') return agreementsTarget;
  return recordTarget(recordDefinitions[type]);
}
