import type { AttributeSubject, LinkableType, RecordType } from '@storekeep/contracts';

type Params = Record<string, unknown>;

/**
 * One factory for every TanStack Query key, so invalidation never guesses at a key's shape. Every key starts
 * with its resource: `all(resource)` is the prefix that marks everything cached about it stale after a write.
 */
export const queryKeys = {
  authUser: ['auth-user'] as const,
  appConfig: ['app-config'] as const,
  dashboard: ['dashboard'] as const,
  /** Under the dashboard's key, so whatever refreshes the team's dashboard refreshes a franchisee's too. */
  franchiseeDashboard: ['dashboard', 'franchisee'] as const,
  gettingStarted: (teamId: number) => ['getting-started', teamId] as const,
  search: (query: string) => ['search', query] as const,
  team: (id: number) => ['teams', id] as const,
  teamSettings: (teamId: number) => ['teams', teamId, 'settings'] as const,
  billing: (teamId: number) => ['teams', teamId, 'billing'] as const,
  invitation: (token: string) => ['team-invitations', token] as const,
  all: (resource: string) => [resource] as const,
  /** Every list page of a resource, whatever its parameters (a prefix). */
  lists: (resource: string) => [resource, 'list'] as const,
  list: (resource: string, params: Params = {}) => [resource, 'list', params] as const,
  detail: (resource: string, id: number | string) => [resource, 'detail', id] as const,
  listPreferences: (teamId: number | null) => ['list-preferences', teamId] as const,
  /** A record's notes, every page (a prefix), and one page of them. */
  notes: (type: RecordType, id: number) => [type, 'notes', id] as const,
  notesPage: (type: RecordType, id: number, page: number) => [type, 'notes', id, page] as const,
  /** A record's history, every page (a prefix), and one page of it. */
  recordActivities: (type: RecordType, id: number) => [type, 'activities', id] as const,
  recordActivitiesPage: (type: RecordType, id: number, page: number) =>
    [type, 'activities', id, page] as const,
  /** The audit log and the trash, one filtered page each. */
  activities: (query: Params) => ['activities', query] as const,
  trash: (query: Params) => ['trash', query] as const,
  attributes: (subject: AttributeSubject, archived: boolean) =>
    ['attributes', subject, archived ? 'all' : 'live'] as const,
  recordDocuments: (type: LinkableType, id: number, params: Params) =>
    ['documents', 'record', type, id, params] as const,
  documentVersions: (id: number) => ['documents', 'versions', id] as const,
  documentCategories: ['document-categories'] as const,
  /** A lease's amendment history, and the lease as it was at one of its versions. */
  leaseHistory: (id: number) => ['leases', id, 'history'] as const,
  leaseVersion: (id: number, version: number | null) => ['leases', id, 'history', version] as const,
  /** A lease's accounting profile, and the schedule built from it (under the lease, so lease writes refresh both). */
  leaseAccounting: (id: number) => ['leases', id, 'accounting'] as const,
  leaseAccountingSchedule: (id: number) => ['leases', id, 'accounting', 'schedule'] as const,
  /** The team's lease-accounting settings, month closes and the disclosures at the end of a month. */
  leaseAccountingSettings: ['lease-accounting', 'settings'] as const,
  leaseAccountingCloses: ['lease-accounting', 'closes'] as const,
  leaseAccountingDisclosures: (asOf: string) => ['lease-accounting', 'disclosures', asOf] as const,
  /** A lease's percentage-rent terms and figures per lease year (under the lease: lease writes refresh it). */
  leasePercentageRent: (id: number) => ['leases', id, 'percentage-rent'] as const,
  /** A lease's CAM terms and reconciliation per lease year. */
  leaseCam: (id: number) => ['leases', id, 'cam'] as const,
  /** A lease's payment terms: how its rent payables are billed and fall due. */
  leasePaymentTerms: (id: number) => ['leases', id, 'payment-terms'] as const,
  /** An agreement's transfers and its territory with overlaps (under the agreement: its writes refresh them). */
  agreementTransfers: (id: number) => ['agreements', id, 'transfers'] as const,
  agreementTerritory: (id: number) => ['agreements', id, 'territory'] as const,
  /** An area development agreement's schedule of units (under the agreement: its writes refresh it). */
  agreementDevelopment: (id: number) => ['agreements', id, 'development'] as const,
  /** The franchisor's disclosure calendar: `settings`, `registrations` or the computed `entries`. */
  franchiseCalendar: (part: 'settings' | 'registrations' | 'entries') =>
    ['franchise-calendar', part] as const,
  /** A store's operating companies over time. */
  storeOwnership: (id: number) => ['stores', id, 'ownership'] as const,
  reminderCounts: ['reminders', 'counts'] as const,
  reminderComments: (id: number) => ['reminders', 'comments', id] as const,
  /** One of the sales views (`grid`, `summary`, `royalties`, `percentage-rent`) for its parameters. */
  sales: (view: string, params: Params) => ['sales', view, params] as const,
  /** A page of one month's rent payables (`YYYY-MM`). */
  payables: (period: string, page: number) => ['payables', period, page] as const,
  /** A store's occupancy cost, and the dashboard's ranking (lease and sales writes refresh `occupancy`). */
  storeOccupancy: (storeId: number) => ['occupancy', 'store', storeId] as const,
  occupancyRanking: ['occupancy', 'ranking'] as const,
  apiTokens: ['api-tokens'] as const,
  calendarFeed: ['calendar-feed'] as const,
};
