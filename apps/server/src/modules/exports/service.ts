import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import archiver from 'archiver';
import { untyped } from '../../platform/db';
import type { Deps } from '../../platform/deps';
import { authorize, hasRole, type Actor } from '../../platform/policy';
import { csvStream, type Cell } from '../../platform/tabular';
import { safeFileName } from '../../platform/file-name';
import { recordActivity } from '../activities/index';

/**
 * Every table that holds a team's own data, with the columns that order it. A team export is these tables
 * as CSV (every column, as stored) plus the current file of every document: enough to keep a backup or to
 * take everything elsewhere. app.test's schema check fails when a new team table is neither here nor in
 * TEAM_TABLES_LEFT_OUT, so nothing new is forgotten silently.
 */
export const TEAM_EXPORT_TABLES: Record<string, string[]> = {
  companies: ['id'],
  brands: ['id'],
  stores: ['id'],
  contacts: ['id'],
  notes: ['id'],
  leases: ['id'],
  lease_rent_rows: ['id'],
  lease_charges: ['id'],
  lease_options: ['id'],
  lease_amendments: ['id'],
  clauses: ['id'],
  franchise_agreements: ['id'],
  agreement_stores: ['agreement_id', 'store_id'],
  sales: ['id'],
  documents: ['id'],
  document_versions: ['id'],
  document_tags: ['document_id', 'tag'],
  document_links: ['id'],
  document_categories: ['id'],
  reminders: ['id'],
  reminder_comments: ['id'],
  attribute_definitions: ['id'],
  attribute_values: ['id'],
  external_ids: ['subject_type', 'external_id'],
  team_settings: ['team_id'],
  team_holidays: ['id'],
  activities: ['id'],
  lease_accounting_profiles: ['id'],
  lease_accounting_settings: ['id'],
  lease_accounting_closes: ['id'],
  lease_accounting_closed_rows: ['id'],
  percentage_rent_terms: ['id'],
  cam_terms: ['id'],
  cam_statements: ['id'],
  cam_statement_lines: ['id'],
  payment_terms: ['id'],
  rent_payables: ['id'],
  invoicing_settings: ['team_id', 'brand_id'],
  royalty_invoices: ['id'],
  royalty_invoice_lines: ['id'],
  royalty_payments: ['id'],
  royalty_payment_allocations: ['id'],
  sales_locks: ['id'],
  development_units: ['id'],
  franchise_calendar_settings: ['id'],
  franchise_registrations: ['id'],
  agreement_transfers: ['id'],
  store_ownerships: ['id'],
  territories: ['id'],
};

/** Team tables that are not exported, and why. */
export const TEAM_TABLES_LEFT_OUT: Record<string, string> = {
  search_index: 'derived from the records',
  search_terms: 'derived from the records',
  sales_store_years: 'derived from the sales rows (a roll-up kept by triggers)',
  lease_accounting_schedules: 'which stored schedules are current; recomputed from the leases and profiles',
  lease_accounting_schedule_rows: 'derived from the leases, profiles and closed rows (recomputed when stale)',
  jobs: 'internal work queue',
  imports: 'the import runs themselves; what they wrote is in the record tables',
  import_mappings: 'column choices for the next import',
  calendar_feeds: 'secret feed tokens',
  team_invitations: 'secret invitation tokens',
  team_user: 'members are people, not team data',
  notification_mutes: 'each person’s own notification choices',
  list_preferences: 'each person’s own page sizes and columns',
  digest_runs: 'internal delivery log',
  team_write_versions: 'internal cache version',
  team_table_versions: 'internal cache versions',
  billing_events: 'Stripe event ids already handled (the subscription status itself is on the team)',
  personal_access_tokens: 'secrets',
  sessions: 'secrets',
  example_records: 'marks which records the example portfolio added; the records themselves are exported',
  invoice_sequences: 'the next invoice number; the numbers given are on the invoices',
};

const BATCH = 1000;

async function* tableRows(
  deps: Deps,
  teamId: number,
  table: string,
  order: string[],
): AsyncGenerator<Cell[]> {
  // Tables are named from the list above at run time.
  const db = untyped(deps.db);
  let header: string[] | null = null;
  let lastId = 0;
  for (let offset = 0; ; offset += BATCH) {
    let query = db.selectFrom(table).selectAll().where('team_id', '=', teamId);
    // Keyset paging where there is an id; the few tables without one are small and paged by offset.
    query =
      order[0] === 'id'
        ? query.where('id', '>', lastId).orderBy('id')
        : order.reduce((q, column) => q.orderBy(column), query).offset(offset);
    const rows = (await query.limit(BATCH).execute()) as Array<Record<string, unknown>>;
    if (!header) {
      header = rows[0] ? Object.keys(rows[0]) : [];
      yield header;
    }
    for (const row of rows) yield header.map((column) => row[column] as Cell);
    if (rows.length < BATCH) return;
    if (order[0] === 'id') lastId = Number(rows.at(-1)!.id);
  }
}

/** The whole team as a ZIP (streamed: tables a batch at a time, files one after another). Admins only. */
export async function exportTeam(deps: Deps, actor: Actor): Promise<{ stream: Readable; fileName: string }> {
  authorize(hasRole(actor, 'admin'), 'Only team admins can export the whole team.');
  const team = await deps.db
    .selectFrom('teams')
    .select(['id', 'name'])
    .where('id', '=', actor.teamId)
    .executeTakeFirstOrThrow();
  await recordActivity(deps.db, {
    teamId: actor.teamId,
    userId: actor.user.id,
    subjectType: 'team',
    subjectId: actor.teamId,
    action: 'exported',
    ip: actor.ip,
  });
  const zip = archiver('zip', { zlib: { level: 6 } });
  const out = new PassThrough();
  zip.pipe(out);
  zip.on('warning', (error) => deps.log.warn({ err: error }, 'team export warning'));
  zip.on('error', (error) => out.destroy(error));

  void (async () => {
    for (const [table, order] of Object.entries(TEAM_EXPORT_TABLES)) {
      zip.append(csvStream(tableRows(deps, actor.teamId, table, order)), { name: `${table}.csv` });
      await once(zip, 'entry');
    }
    let lastId = 0;
    for (;;) {
      const documents = await deps.db
        .selectFrom('documents')
        .innerJoin('document_versions', 'document_versions.id', 'documents.current_version_id')
        .select(['documents.id', 'document_versions.blob_key', 'document_versions.file_name'])
        .where('documents.team_id', '=', actor.teamId)
        .where('documents.deleted_at', 'is', null)
        .where('documents.id', '>', lastId)
        .orderBy('documents.id')
        .limit(100)
        .execute();
      for (const document of documents) {
        zip.append(await deps.storage.read(document.blob_key), {
          name: `files/${document.id}/${safeFileName(document.file_name)}`,
        });
        await once(zip, 'entry');
      }
      if (documents.length < 100) break;
      lastId = documents.at(-1)!.id;
    }
    await zip.finalize();
  })().catch((error: unknown) => {
    deps.log.error({ err: error }, 'team export failed');
    out.destroy(error as Error);
  });

  const slug =
    team.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'team';
  return { stream: out, fileName: `storekeep-${slug}-${new Date().toISOString().slice(0, 10)}.zip` };
}
