// Record types and the list whitelists, without Zod: the web app's first load needs these constants
// (list URLs, search, live updates) and must not pull the schema library in with them (first-load budget).

export const COMPANY_KINDS = ['franchisor', 'franchisee', 'landlord', 'vendor', 'other'] as const;
export type CompanyKind = (typeof COMPANY_KINDS)[number];

export const STORE_STATUSES = ['planned', 'in_development', 'open', 'temporarily_closed', 'closed'] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];

export const RECORD_TYPES = ['companies', 'brands', 'stores', 'contacts'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

// ---------- list whitelists (server validates; the web builds its pickers from them) ----------

export const LIST_SORTS = {
  companies: ['name', 'kind', 'city', 'created_at', 'updated_at'],
  brands: ['name', 'created_at', 'updated_at'],
  stores: [
    'name',
    'store_number',
    'status',
    'city',
    'opening_date',
    'occupancy_ratio',
    'created_at',
    'updated_at',
  ],
  contacts: ['last_name', 'first_name', 'email', 'created_at', 'updated_at'],
} as const satisfies Record<RecordType, readonly string[]>;

/** Filter fields: `ids` accept several record ids, `enum` several values of the field's set. */
export const LIST_FILTERS = {
  companies: { kind: { type: 'enum', values: COMPANY_KINDS } },
  brands: { company_id: { type: 'ids' } },
  stores: {
    status: { type: 'enum', values: STORE_STATUSES },
    brand_id: { type: 'ids' },
    company_id: { type: 'ids' },
    region: { type: 'text' },
  },
  contacts: { company_id: { type: 'ids' }, store_id: { type: 'ids' } },
} as const;

// ---------- remembered list preferences ----------

/** Page sizes a list offers (and a saved preference may hold); the API's own cap is MAX_PAGE_SIZE. */
export const PER_PAGE_OPTIONS = [10, 25, 50, 100] as const;

/** The lists whose per-page choice and columns are remembered per user and team. */
export const PREFERENCE_LISTS = [
  'companies',
  'brands',
  'stores',
  'contacts',
  'documents',
  'leases',
  'agreements',
  'reminders',
] as const;
export type PreferenceList = (typeof PREFERENCE_LISTS)[number];
