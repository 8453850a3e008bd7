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
};

export type TeamsTable = {
  id: Id;
  name: string;
  owner_id: number;
  subscription_status: ColumnType<SubscriptionStatus, SubscriptionStatus | undefined, SubscriptionStatus>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type TeamUserTable = {
  team_id: number;
  user_id: number;
  role: TeamRole;
  created_at: Timestamp;
};

export type TeamInvitationsTable = {
  id: string;
  team_id: number;
  email: string;
  role: TeamRole;
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

export type DocumentCategoriesTable = { id: Id; team_id: number; slug: string; name: string; created_at: Timestamp };

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

export type Database = {
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
