import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { CompanyKind, StoreStatus, SubscriptionStatus, TeamRole } from '@storekeep/contracts';

/** Timestamps are ISO-8601 UTC strings on both dialects (see db/index.ts for the pg parsers). */
type Timestamp = string;
type Id = Generated<number>;

export type UsersTable = {
  id: Id;
  name: string;
  email: string;
  password_hash: string;
  email_verified_at: Timestamp | null;
  current_team_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** A requested new address, not in effect until confirmed from the link mailed to it (0033). */
  pending_email: string | null;
  pending_email_expires_at: Timestamp | null;
};

export type TeamsTable = {
  id: Id;
  name: string;
  owner_id: number;
  subscription_status: ColumnType<SubscriptionStatus, SubscriptionStatus | undefined, SubscriptionStatus>;
  /** Stripe's customer of the team, stored when Checkout is first created (0019); webhooks map back through it. */
  stripe_customer_id: ColumnType<string | null, string | null | undefined, string | null>;
  stripe_subscription_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type TeamUserTable = {
  team_id: number;
  user_id: number;
  role: TeamRole;
  /** JSON array of the company ids the member is limited to; null for the whole team (migration 0044). */
  company_ids: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
};

export type TeamInvitationsTable = {
  id: string;
  team_id: number;
  email: string;
  role: TeamRole;
  company_ids: ColumnType<string | null, string | null | undefined, string | null>;
  invited_by: number;
  created_at: Timestamp;
};

export type SessionsTable = {
  id: string;
  user_id: number;
  remember: number;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
};

export type PersonalAccessTokensTable = {
  id: Id;
  user_id: number;
  name: string;
  token_hash: string;
  last_used_at: Timestamp | null;
  abilities: Generated<string>;
  expires_at: Timestamp | null;
  created_at: Timestamp;
};

export type PasswordResetsTable = {
  email: string;
  token_hash: string;
  created_at: Timestamp;
};

export type ActivitiesTable = {
  id: Id;
  team_id: number | null;
  user_id: number | null;
  subject_type: string;
  subject_id: string | null;
  action: string;
  changes: string | null;
  ip: string | null;
  created_at: Timestamp;
};

/** A Web Push subscription of a user's browser (migration 0020). */
export type DevicesTable = {
  id: Id;
  user_id: number;
  token: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type OutboxTable = {
  id: Id;
  kind: string;
  payload: string;
  attempts: Generated<number>;
  available_at: Timestamp;
  claimed_at: Timestamp | null;
  sent_at: Timestamp | null;
  failed_at: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
};

type Address = {
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  region: string | null;
  postal_code: string | null;
  country: string | null;
};

type RecordColumns = {
  id: Id;
  team_id: number;
  image_key: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
};

export type CompaniesTable = RecordColumns &
  Address & {
    name: string;
    legal_name: string | null;
    kind: CompanyKind;
    tax_id: string | null;
    email: string | null;
    phone: string | null;
    website: string | null;
    description: string | null;
  };

export type BrandsTable = RecordColumns & {
  company_id: number | null;
  name: string;
  description: string | null;
  website: string | null;
};

export type StoresTable = RecordColumns &
  Address & {
    name: string;
    store_number: string | null;
    brand_id: number | null;
    company_id: number | null;
    status: StoreStatus;
    opening_date: string | null;
    closing_date: string | null;
    latitude: number | null;
    longitude: number | null;
    phone: string | null;
    email: string | null;
    square_feet: number | null;
    manager_id: number | null;
    /** Kept by modules/occupancy (0048): the trailing twelve months' ratio, its last month, months unreported. */
    occupancy_ratio: Generated<number | null>;
    occupancy_period: Generated<string | null>;
    occupancy_missing: Generated<number>;
  };

export type ContactsTable = RecordColumns &
  Address & {
    first_name: string | null;
    last_name: string | null;
    company_id: number | null;
    job_title: string | null;
    email: string | null;
    phone: string | null;
    mobile: string | null;
    notes: string | null;
  };

export type NotesTable = {
  id: Id;
  team_id: number;
  subject_type: string;
  subject_id: number;
  user_id: number | null;
  body: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type SearchIndexTable = {
  rowid: number;
  terms: string;
  title: string;
  subtitle: string | null;
};

export type DocumentsTable = {
  id: Id;
  team_id: number;
  title: string;
  category: string;
  description: string | null;
  effective_date: string | null;
  expiration_date: string | null;
  current_version_id: number | null;
  text_status: ColumnType<TextStatus, TextStatus | undefined, TextStatus>;
  uploaded_by: number | null;
  /** 1: shown to the franchisees whose records it is linked to (decision 0023). */
  shared: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
};

export type TextStatus = 'pending' | 'done' | 'failed' | 'none';

export type DocumentVersionsTable = {
  id: Id;
  team_id: number;
  document_id: number;
  version: number;
  blob_key: string;
  file_name: string;
  mime_type: string;
  size: number;
  checksum: string;
  text_status: ColumnType<TextStatus, TextStatus | undefined, TextStatus>;
  extracted_text: string | null;
  /** Why extraction failed (a limit, a timeout, an unreadable file), for people; null otherwise. */
  text_error: ColumnType<string | null, string | null | undefined, string | null>;
  uploaded_by: number | null;
  created_at: Timestamp;
};

export type DocumentTagsTable = { team_id: number; document_id: number; tag: string };

export type DocumentLinksTable = {
  id: Id;
  team_id: number;
  document_id: number;
  linkable_type: string;
  linkable_id: number;
  created_at: Timestamp;
};

export type DocumentCategoriesTable = {
  id: Id;
  team_id: number;
  slug: string;
  name: string;
  created_at: Timestamp;
};

export type JobsTable = {
  id: Id;
  kind: string;
  team_id: number | null;
  payload: string;
  attempts: Generated<number>;
  available_at: Timestamp;
  claimed_at: Timestamp | null;
  finished_at: Timestamp | null;
  failed_at: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
};

export type LeasesTable = {
  id: Id;
  team_id: number;
  store_id: number;
  reference: string | null;
  status: string;
  type: string;
  landlord_id: number | null;
  tenant_id: number | null;
  guarantor_id: number | null;
  broker_id: number | null;
  property_manager_id: number | null;
  guaranty_end_date: string | null;
  suite: string | null;
  rentable_sqft: number | null;
  usable_sqft: number | null;
  permitted_use: string | null;
  signed_date: string | null;
  possession_date: string | null;
  commencement_date: string | null;
  rent_commencement_date: string | null;
  expiration_date: string | null;
  holdover_rate: number | null;
  free_rent_months: number | null;
  /** The last free-rent day (migration 0039), derived from the months on every write. */
  free_rent_until: Generated<string | null>;
  percentage_rent_breakpoint_cents: number | null;
  percentage_rent_rate: number | null;
  security_deposit_cents: number | null;
  letter_of_credit_cents: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
};

export type LeaseRentRowsTable = {
  id: Id;
  lease_id: number;
  team_id: number;
  start_date: string;
  end_date: string;
  monthly_cents: number | null;
  per_sqft_cents: number | null;
};
export type LeaseChargesTable = {
  id: Id;
  lease_id: number;
  team_id: number;
  kind: string;
  monthly_cents: number;
  estimated: number;
};
/** A lease's accounting profile (0042, modules/lease-accounting); answers and options are JSON. */
export type LeaseAccountingProfilesTable = {
  id: Id;
  team_id: number;
  lease_id: number;
  standard: string;
  classification_answers: string;
  classification_override: string | null;
  classification_reason: string | null;
  exemption: string;
  commencement_date: string | null;
  discount_rate: string | null;
  rate_convention: string;
  payment_timing: string;
  rounding: string;
  /** `cent` or `unit` (0051). */
  precision: string;
  /** 0063: `lease` (the reading above is the lease's own) or `team` (the team's default applies). */
  rate_convention_source: Generated<string>;
  payment_timing_source: Generated<string>;
  rounding_source: Generated<string>;
  precision_source: Generated<string>;
  reasonably_certain_options: string;
  renewal_increase_percent: string;
  initial_direct_costs_cents: number;
  incentives_cents: number;
  prepaid_rent_cents: number;
  updated_at: Timestamp;
};
/** A team's lease accounting settings (0042): borrowing rates by term and GL accounts, as JSON. */
export type LeaseAccountingSettingsTable = {
  id: Id;
  team_id: number;
  borrowing_rates: string;
  gl_accounts: string;
  updated_at: Timestamp;
};
/** A month an admin closed for lease accounting (0042): its schedule rows are stored and never change. */
export type LeaseAccountingClosesTable = {
  id: Id;
  team_id: number;
  period: string;
  closed_by: number | null;
  closed_at: Timestamp;
};
/** A lease's schedule row of a closed period (0042), JSON in cents. */
export type LeaseAccountingClosedRowsTable = {
  id: Id;
  team_id: number;
  lease_id: number;
  month: number;
  period: string;
  row: string;
};
/** Whether a lease's stored schedule rows are current (0058): stale while `stored_version` ≠ `version`. */
export type LeaseAccountingSchedulesTable = {
  id: Id;
  team_id: number;
  lease_id: number;
  version: Generated<number>;
  stored_version: number | null;
  expense_model: string | null;
  lease_reference: string | null;
  store_id: number | null;
  store_name: string | null;
  /** 0062: the run recomputing the lease now, and since when (an older claim may be taken again). */
  claimed_by: string | null;
  claimed_at: Timestamp | null;
};
/** A lease's schedule row as last computed (0058), one per lease per month, in cents. */
export type LeaseAccountingScheduleRowsTable = {
  id: Id;
  team_id: number;
  lease_id: number;
  period: string;
  month: number;
  period_start: string;
  payment_cents: number;
  interest_cents: number;
  principal_cents: number;
  liability_opening_cents: number;
  liability_closing_cents: number;
  rou_opening_cents: number;
  rou_amortization_cents: number;
  rou_closing_cents: number;
  straight_line_cost_cents: number | null;
  total_expense_cents: number;
  lead_lines: string | null;
};
/** Percentage rent terms of a lease (0043, modules/percentage-rent); tiers and schedule are JSON in cents. */
export type PercentageRentTermsTable = {
  id: Id;
  team_id: number;
  lease_id: number;
  breakpoint_kind: string;
  lease_year_start: string;
  lease_year_month: number | null;
  proration: string;
  tiers: string;
  breakpoint_schedule: string;
  updated_at: Timestamp;
  /** 0059: `lease` (the columns above) or `team` (the team's default applies). */
  year_start_source: Generated<string>;
  proration_source: Generated<string>;
};
/** Payment terms of a lease (0043, modules/payables). */
export type PaymentTermsTable = {
  id: Id;
  team_id: number;
  lease_id: number;
  frequency: string;
  timing: string;
  due_day: number;
  periods: Generated<string>;
  remittance: string | null;
  updated_at: Timestamp;
};
/** Rent payment lines (0043, modules/payables): scheduled → approved → paid. */
export type RentPayablesTable = {
  id: Id;
  team_id: number;
  lease_id: number;
  source: string;
  kind: string;
  charge_kind: string | null;
  period: string;
  service_start: string;
  service_end: string;
  due_date: string;
  scheduled_cents: number;
  invoice_cents: number | null;
  invoice_number: string | null;
  note: string | null;
  status: string;
  approved_by: number | null;
  approved_at: string | null;
  variance_approved: Generated<number>;
  paid_by: number | null;
  paid_at: string | null;
  paid_reference: string | null;
  invoice_date: string | null;
  voided_by: number | null;
  voided_at: string | null;
  void_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};
/** CAM cap and audit terms of a lease (0043, modules/cam). */
export type CamTermsTable = {
  id: Id;
  team_id: number;
  lease_id: number;
  cap_percent: number | null;
  cap_method: string;
  base_year: number;
  audit_days: number | null;
  /** 0059: `exclusive` or `inclusive`; null follows the team's `day_count`. */
  audit_day_count: string | null;
  updated_at: Timestamp;
};
/** An imported statement's line by category (0059); the statement's totals stay on `cam_statements`. */
export type CamStatementLinesTable = {
  id: Id;
  team_id: number;
  lease_id: number;
  lease_year: number;
  position: number;
  category: string;
  amount_cents: number;
  controllable: number;
};
/** A landlord's CAM statement for one lease year (0043, modules/cam). */
export type CamStatementsTable = {
  id: Id;
  team_id: number;
  lease_id: number;
  lease_year: number;
  actual_cents: number;
  controllable_cents: number | null;
  estimates_cents: number | null;
  received_on: string;
  document_id: number | null;
  updated_at: Timestamp;
};
export type DevelopmentUnitsTable = {
  id: Id;
  team_id: number;
  agreement_id: number;
  unit_number: number;
  open_by: string;
  store_id: number | null;
  status: string;
  updated_at: Timestamp;
};
export type AgreementTransfersTable = {
  id: Id;
  team_id: number;
  agreement_id: number;
  from_company_id: number | null;
  to_company_id: number | null;
  fee_cents: number;
  effective_date: string;
  status: string;
  note: string | null;
  requested_by: number | null;
  requested_at: Timestamp;
  approved_by: ColumnType<number | null, number | null | undefined, number | null>;
  approved_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  rejected_by: ColumnType<number | null, number | null | undefined, number | null>;
  rejected_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  completed_by: ColumnType<number | null, number | null | undefined, number | null>;
  completed_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
};
export type StoreOwnershipsTable = {
  id: Id;
  team_id: number;
  store_id: number;
  company_id: number | null;
  from_date: string | null;
  to_date: string | null;
  transfer_id: number | null;
};
export type TerritoriesTable = {
  id: Id;
  team_id: number;
  agreement_id: number;
  kind: string;
  center_lat: number | null;
  center_lng: number | null;
  radius: number | null;
  radius_unit: string;
  points: string | null;
  updated_at: Timestamp;
};
export type FranchiseCalendarSettingsTable = {
  id: Id;
  team_id: number;
  fiscal_year_end: string;
  fdd_update_days: number;
  updated_at: Timestamp;
};
export type FranchiseRegistrationsTable = {
  id: Id;
  team_id: number;
  state: string;
  basis: string;
  days: number | null;
  fixed_date: string | null;
  last_effective_date: string | null;
  updated_at: Timestamp;
};
export type LeaseOptionsTable = {
  id: Id;
  lease_id: number;
  team_id: number;
  position: number;
  kind: string;
  count: number;
  length_months: number | null;
  notice_days: number;
  notice_from: string;
  deadline: string | null;
  delivery_method: string | null;
  status: string;
  /** JSON of the contracts' NoticeRule; null for an option written before windows (notice_days/notice_from). */
  notice_rule: string | null;
  exercised_count: Generated<number>;
  first_term_end: string | null;
  earliest_date: string | null;
  source_document_id: number | null;
  source_page: number | null;
  verified_by: number | null;
  verified_at: Timestamp | null;
  verified_inputs: string | null;
};
export type LeaseAmendmentsTable = {
  id: Id;
  team_id: number;
  lease_id: number;
  kind: string;
  summary: string;
  changes: string;
  snapshot: string;
  document_id: number | null;
  user_id: number | null;
  created_at: Timestamp;
};
export type TeamHolidaysTable = { id: Id; team_id: number; date: string; name: string };
export type ReminderEscalationsTable = {
  reminder_id: number;
  due_date: string;
  step: number;
  sent_at: Timestamp;
};
export type ClausesTable = {
  id: Id;
  team_id: number;
  subject_type: string;
  subject_id: number;
  position: number;
  kind: string;
  text: string;
  date: string | null;
  document_id: number | null;
  page: number | null;
};
export type RemindersTable = {
  id: Id;
  team_id: number;
  subject_type: string | null;
  subject_id: number | null;
  source: string;
  source_key: string | null;
  title: string;
  note: string | null;
  due_date: string;
  visible_from: string;
  read_at: Timestamp | null;
  snoozed_until: string | null;
  /** Why it was closed without a person completing it: past when entered, lapsed, exercised, waived. */
  closed_reason: string | null;
  comments_count: Generated<number>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};
export type ReminderAssigneesTable = { reminder_id: number; user_id: number };
export type ReminderCommentsTable = {
  id: Id;
  reminder_id: number;
  team_id: number;
  user_id: number | null;
  body: string;
  created_at: Timestamp;
};
export type ReminderNoticesTable = {
  reminder_id: number;
  lead_days: number;
  due_date: string;
  sent_at: Timestamp;
  digested_at: Timestamp | null;
};
export type NotificationMutesTable = {
  user_id: number;
  team_id: number;
  subject_type: string;
  subject_id: number;
  created_at: Timestamp;
};
/** `hidden_columns`: JSON array of column keys (migration 0029). */
export type ListPreferencesTable = {
  team_id: number;
  user_id: number;
  list: string;
  per_page: number | null;
  hidden_columns: Generated<string>;
  updated_at: Timestamp;
};
export type DigestRunsTable = { team_id: number; day: string; sent_at: Timestamp };
/** One row per UTC day the demo team was reset to its seed (migration 0040). */
export type DemoResetsTable = { day: string; reset_at: Timestamp };
/** A record a team's example portfolio created (migration 0041); `portfolio`/0 marks the portfolio itself. */
export type ExampleRecordsTable = {
  team_id: number;
  record_type: string;
  record_id: number;
  created_at: Timestamp;
};
export type TeamSettingsTable = {
  team_id: number;
  lead_days: Generated<string>;
  window_days: Generated<number>;
  alignment_days: Generated<number>;
  time_zone: Generated<string>;
  digest_hour: Generated<number>;
  expired_lease_status: Generated<string>;
  holiday_calendar: Generated<string>;
  lease_months: Generated<string>;
  day_count: Generated<string>;
  /** 0059: percentage rent's readings for a lease whose terms do not choose their own. */
  percentage_year_start: Generated<string>;
  percentage_year_month: number | null;
  percentage_proration: Generated<string>;
  /** 0063: lease accounting's readings for a profile that leaves them to the team. */
  accounting_rate_convention: Generated<string>;
  accounting_payment_timing: Generated<string>;
  accounting_rounding: Generated<string>;
  accounting_precision: Generated<string>;
};

export type FranchiseAgreementsTable = {
  id: Id;
  team_id: number;
  brand_id: number;
  franchisee_id: number | null;
  agreement_number: string | null;
  type: string;
  status: string;
  signed_date: string | null;
  effective_date: string | null;
  opening_date: string | null;
  expiration_date: string | null;
  initial_term_months: number | null;
  renewal_count: number | null;
  renewal_length_months: number | null;
  renewal_notice_days: number | null;
  royalty_percent: number | null;
  marketing_percent: number | null;
  territory_radius_miles: number | null;
  renewal_fee_cents: number | null;
  initial_fee_cents: number | null;
  royalty_minimum_cents: number | null;
  technology_fee_cents: number | null;
  transfer_fee_cents: number | null;
  royalty_tiers: string | null;
  reporting_frequency: string | null;
  territory_description: string | null;
  territory_exclusive: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
};
export type AgreementStoresTable = { agreement_id: number; store_id: number; team_id: number };

export type CalendarFeedsTable = {
  id: Id;
  user_id: number;
  team_id: number;
  token_hash: string;
  created_at: Timestamp;
};

export type SearchTermsTable = { term: string; rowid: number };

export type SalesTable = {
  id: Id;
  team_id: number;
  store_id: number;
  period: string;
  period_start: string;
  gross_cents: number;
  net_cents: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type AttributeDefinitionsTable = {
  id: Id;
  team_id: number;
  subject_type: string;
  key: string;
  label: string;
  type: string;
  required: number;
  /** JSON array of option labels. */
  options: string;
  position: number;
  /** 1: a date attribute keeps a reminder per record (source `attribute_date`). */
  reminder: number;
  archived_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type AttributeValuesTable = {
  id: Id;
  team_id: number;
  attribute_id: number;
  subject_type: string;
  subject_id: number;
  text_value: string | null;
  number_value: number | null;
  date_value: string | null;
  long_value: string | null;
};

export type ImportsTable = {
  id: Id;
  team_id: number;
  user_id: number | null;
  type: string;
  status: string;
  file_key: string;
  file_name: string;
  format: string;
  sheet: string | null;
  sheets: Generated<string>;
  headers: Generated<string>;
  mapping: string | null;
  mode: string | null;
  match_key: string | null;
  skip_invalid: Generated<number>;
  total_rows: Generated<number>;
  processed_rows: Generated<number>;
  created_count: Generated<number>;
  updated_count: Generated<number>;
  skipped_count: Generated<number>;
  error_count: Generated<number>;
  message: string | null;
  cancel_requested_at: Timestamp | null;
  created_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  undone_at: Timestamp | null;
  runner: string | null;
  heartbeat_at: Timestamp | null;
  committed_at: Timestamp | null;
};
export type ImportErrorsTable = {
  import_id: number;
  row_number: number;
  column_name: string;
  value: string | null;
  message: string;
};
export type ImportChangesTable = {
  import_id: number;
  subject_id: number;
  action: string;
  before: string | null;
  after_updated_at: Timestamp;
};
export type ImportMappingsTable = { team_id: number; type: string; mapping: string; updated_at: Timestamp };
export type ExternalIdsTable = {
  team_id: number;
  subject_type: string;
  external_id: string;
  subject_id: number;
};

/** Stripe events already applied (0019): each event id is handled once. */
export type BillingEventsTable = {
  id: string;
  type: string;
  team_id: number | null;
  processed_at: Timestamp;
};

/** Blobs stored whose row has not committed yet (0024); what a crash leaves here is swept. */
export type PendingBlobsTable = { key: string; created_at: Timestamp };

/** Royalty billing (0045, modules/invoices). brand_id 0 is the team default of a setting row. */
export type InvoicingSettingsTable = {
  team_id: number;
  brand_id: number;
  weekly_due_weekday: Generated<number>;
  monthly_due_day: Generated<number>;
  tier_basis: Generated<string>;
  /** 0054: `calendar` or `agreement`, the year `year_to_date` tiers reset on. */
  tier_year: Generated<string>;
  pooling: Generated<string>;
  cap_cents: number | null;
  cap_includes_marketing: Generated<number>;
  other_fees: Generated<string>;
  payment_terms_days: Generated<number>;
  updated_at: Timestamp;
};
export type InvoiceSequencesTable = { team_id: number; last_number: number };
export type RoyaltyInvoicesTable = {
  id: Id;
  team_id: number;
  franchisee_id: number;
  number: number;
  period_start: string;
  period_end: string;
  issue_date: string;
  due_date: string;
  status: string;
  royalty_cents: number;
  marketing_cents: number;
  fees_cents: number;
  total_cents: number;
  paid_cents: Generated<number>;
  estimated: Generated<number>;
  missing: Generated<number>;
  emailed_at: Timestamp | null;
  emailed_to: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};
export type RoyaltyInvoiceLinesTable = {
  id: Id;
  team_id: number;
  invoice_id: number;
  position: number;
  agreement_id: number | null;
  store_id: number | null;
  kind: string;
  description: string;
  period_start: string | null;
  period_end: string | null;
  sales_cents: number | null;
  basis: string | null;
  amount_cents: number;
};
export type RoyaltyPaymentsTable = {
  id: Id;
  team_id: number;
  franchisee_id: number;
  received_on: string;
  amount_cents: number;
  reference: string | null;
  source: string;
  import_key: string | null;
  created_at: Timestamp;
};
export type RoyaltyPaymentAllocationsTable = {
  id: Id;
  team_id: number;
  payment_id: number;
  invoice_id: number;
  amount_cents: number;
};
export type SalesLocksTable = {
  id: Id;
  team_id: number;
  store_id: number;
  period_start: string;
  period_end: string;
  locked_by: number | null;
  locked_at: Timestamp;
};

export type Database = {
  billing_events: BillingEventsTable;
  pending_blobs: PendingBlobsTable;
  imports: ImportsTable;
  import_errors: ImportErrorsTable;
  import_changes: ImportChangesTable;
  import_mappings: ImportMappingsTable;
  external_ids: ExternalIdsTable;
  attribute_definitions: AttributeDefinitionsTable;
  attribute_values: AttributeValuesTable;
  sales: SalesTable;
  sales_locks: SalesLocksTable;
  invoicing_settings: InvoicingSettingsTable;
  invoice_sequences: InvoiceSequencesTable;
  royalty_invoices: RoyaltyInvoicesTable;
  royalty_invoice_lines: RoyaltyInvoiceLinesTable;
  royalty_payments: RoyaltyPaymentsTable;
  royalty_payment_allocations: RoyaltyPaymentAllocationsTable;
  search_terms: SearchTermsTable;
  calendar_feeds: CalendarFeedsTable;
  franchise_agreements: FranchiseAgreementsTable;
  agreement_stores: AgreementStoresTable;
  leases: LeasesTable;
  lease_rent_rows: LeaseRentRowsTable;
  lease_charges: LeaseChargesTable;
  lease_accounting_profiles: LeaseAccountingProfilesTable;
  lease_accounting_settings: LeaseAccountingSettingsTable;
  lease_accounting_closes: LeaseAccountingClosesTable;
  lease_accounting_closed_rows: LeaseAccountingClosedRowsTable;
  lease_accounting_schedules: LeaseAccountingSchedulesTable;
  lease_accounting_schedule_rows: LeaseAccountingScheduleRowsTable;
  percentage_rent_terms: PercentageRentTermsTable;
  payment_terms: PaymentTermsTable;
  rent_payables: RentPayablesTable;
  cam_terms: CamTermsTable;
  cam_statements: CamStatementsTable;
  cam_statement_lines: CamStatementLinesTable;
  development_units: DevelopmentUnitsTable;
  agreement_transfers: AgreementTransfersTable;
  store_ownerships: StoreOwnershipsTable;
  territories: TerritoriesTable;
  franchise_calendar_settings: FranchiseCalendarSettingsTable;
  franchise_registrations: FranchiseRegistrationsTable;
  lease_options: LeaseOptionsTable;
  lease_amendments: LeaseAmendmentsTable;
  team_holidays: TeamHolidaysTable;
  reminder_escalations: ReminderEscalationsTable;
  clauses: ClausesTable;
  reminders: RemindersTable;
  reminder_assignees: ReminderAssigneesTable;
  reminder_comments: ReminderCommentsTable;
  reminder_notices: ReminderNoticesTable;
  notification_mutes: NotificationMutesTable;
  list_preferences: ListPreferencesTable;
  digest_runs: DigestRunsTable;
  demo_resets: DemoResetsTable;
  example_records: ExampleRecordsTable;
  team_settings: TeamSettingsTable;
  documents: DocumentsTable;
  document_versions: DocumentVersionsTable;
  document_tags: DocumentTagsTable;
  document_links: DocumentLinksTable;
  document_categories: DocumentCategoriesTable;
  jobs: JobsTable;
  companies: CompaniesTable;
  brands: BrandsTable;
  stores: StoresTable;
  contacts: ContactsTable;
  notes: NotesTable;
  search_index: SearchIndexTable;
  users: UsersTable;
  teams: TeamsTable;
  team_user: TeamUserTable;
  team_invitations: TeamInvitationsTable;
  sessions: SessionsTable;
  personal_access_tokens: PersonalAccessTokensTable;
  password_resets: PasswordResetsTable;
  activities: ActivitiesTable;
  outbox: OutboxTable;
  devices: DevicesTable;
};

export type UserRow = Selectable<UsersTable>;
export type TeamRow = Selectable<TeamsTable>;
export type NewActivity = Insertable<ActivitiesTable>;
export type CompanyRow = Selectable<CompaniesTable>;
export type BrandRow = Selectable<BrandsTable>;
export type StoreRow = Selectable<StoresTable>;
export type ContactRow = Selectable<ContactsTable>;
export type NoteRow = Selectable<NotesTable>;
export type DocumentRow = Selectable<DocumentsTable>;
export type DocumentVersionRow = Selectable<DocumentVersionsTable>;
export type LeaseRow = Selectable<LeasesTable>;
export type ReminderRow = Selectable<RemindersTable>;
