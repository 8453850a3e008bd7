import { sql } from 'kysely';
import type { AppMigration } from '../migration-helpers';

/**
 * An index leading with each foreign key column that had none. Deleting a parent row makes the database find
 * its children by that column alone (`where invoice_id = ?`, once per deleted row, to cascade or set null),
 * and neither SQLite nor PostgreSQL can answer that from the `(team_id, x, …)` indexes the lists use: so
 * every deleted invoice, store, agreement, company or team scanned each child table in full (60,000 invoices
 * re-drafted took minutes). `foreign-key-indexes.test.ts` keeps it so.
 *
 * New `(x)` indexes beside the team-led ones rather than reordering those to `(x, team_id, …)`: the team-led
 * ones also serve a team's reads that name no `x` (exports in id order, lists sorted by `x` within a team),
 * most are partial (live rows only, which a purge of trashed rows cannot use), and several are UNIQUE table
 * constraints that SQLite can only reorder by rebuilding the table, and dropping a table inside the
 * migration's transaction would cascade (see migrate.ts). A nullable key is indexed only where set: the
 * lookups never ask for null, and most of these (who approved, which document) stay empty on most rows.
 */
const KEYS: Record<string, { required?: string[]; optional?: string[] }> = {
  activities: { optional: ['user_id'] },
  agreement_stores: { required: ['store_id'] },
  agreement_transfers: {
    required: ['agreement_id'],
    optional: [
      'from_company_id',
      'to_company_id',
      'requested_by',
      'approved_by',
      'rejected_by',
      'completed_by',
    ],
  },
  billing_events: { optional: ['team_id'] },
  brands: { required: ['team_id'], optional: ['company_id'] },
  calendar_feeds: { required: ['team_id'] },
  cam_statements: { required: ['lease_id'], optional: ['document_id'] },
  cam_terms: { required: ['lease_id'] },
  clauses: { optional: ['document_id'] },
  companies: { required: ['team_id'] },
  contacts: { required: ['team_id'], optional: ['company_id'] },
  development_units: { required: ['agreement_id'], optional: ['store_id'] },
  document_versions: { optional: ['uploaded_by'] },
  documents: { required: ['team_id'], optional: ['uploaded_by'] },
  franchise_agreements: { required: ['team_id', 'brand_id'], optional: ['franchisee_id'] },
  imports: { optional: ['user_id'] },
  jobs: { optional: ['team_id'] },
  lease_accounting_closed_rows: { required: ['lease_id'] },
  lease_accounting_closes: { optional: ['closed_by'] },
  lease_accounting_profiles: { required: ['lease_id'] },
  lease_amendments: { required: ['lease_id'], optional: ['user_id'] },
  lease_options: { optional: ['source_document_id', 'verified_by'] },
  leases: {
    required: ['team_id', 'store_id'],
    optional: ['landlord_id', 'tenant_id', 'guarantor_id', 'broker_id', 'property_manager_id'],
  },
  notes: { optional: ['user_id'] },
  payment_terms: { required: ['lease_id'] },
  percentage_rent_terms: { required: ['lease_id'] },
  reminder_assignees: { required: ['user_id'] },
  reminder_comments: { optional: ['user_id'] },
  reminders: { optional: ['created_by'] },
  rent_payables: { required: ['lease_id'], optional: ['approved_by', 'paid_by', 'voided_by'] },
  royalty_invoice_lines: { required: ['invoice_id'], optional: ['agreement_id', 'store_id'] },
  royalty_invoices: { required: ['franchisee_id'] },
  royalty_payment_allocations: { required: ['invoice_id', 'payment_id'] },
  royalty_payments: { required: ['franchisee_id'] },
  sales: { required: ['store_id'] },
  sales_locks: { required: ['store_id'], optional: ['locked_by'] },
  sales_store_years: { required: ['store_id'] },
  store_ownerships: { required: ['store_id'], optional: ['company_id', 'transfer_id'] },
  stores: { required: ['team_id'], optional: ['brand_id', 'company_id', 'manager_id'] },
  team_invitations: { required: ['invited_by'] },
  territories: { required: ['agreement_id'] },
};

export const foreignKeyIndexes: AppMigration = {
  async up(db) {
    for (const [table, { required = [], optional = [] }] of Object.entries(KEYS)) {
      for (const column of required)
        await db.schema.createIndex(`${table}_${column}_fk_index`).on(table).column(column).execute();
      for (const column of optional)
        await db.schema
          .createIndex(`${table}_${column}_fk_index`)
          .on(table)
          .column(column)
          .where(sql<boolean>`${sql.ref(column)} is not null`)
          .execute();
    }
  },
};
