import { z } from 'zod';
import { REMINDER_SOURCES, REMINDER_SUBJECTS } from './reminders';

export const dashboardStatsSchema = z.object({
  expenditure: z.number(),
  locations: z.number().int(),
  near_expiration: z.number().int(),
  near_renewal_notice: z.number().int(),
  /** Open deadlines whose date has passed (the team's today). */
  overdue: z.number().int().default(0),
  /** Open option notices whose computed dates nobody has verified yet. */
  unverified: z.number().int().default(0),
});

export const dashboardStoreSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
});

/** Critical-date sources the timeline shows (rent steps and manual reminders stay in the inbox). */
export const TIMELINE_SOURCES = [
  'lease_expiration',
  'option_notice',
  'agreement_expiration',
  'agreement_renewal_notice',
  'document_expiration',
] as const satisfies readonly (typeof REMINDER_SOURCES)[number][];
export const TIMELINE_LIMIT = 100;
export const OVERDUE_LIMIT = 10;

export const dashboardTimelineItemSchema = z.object({
  id: z.number().int(),
  source: z.enum(REMINDER_SOURCES),
  title: z.string(),
  due_date: z.string(),
  subject: z.object({ type: z.enum(REMINDER_SUBJECTS), id: z.number().int() }).nullable(),
});
export type DashboardTimelineItem = z.infer<typeof dashboardTimelineItemSchema>;

export const dashboardMapStoreSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** The store's nearest open lease or agreement deadline within 12 months, if any. */
  next_deadline: z.string().nullable(),
});
export type DashboardMapStore = z.infer<typeof dashboardMapStoreSchema>;

/** PRODUCT-SPEC §3 Dashboard: stores and stats, every stat starting at 0. */
export const dashboardSchema = z.object({
  stores: z.array(dashboardStoreSchema),
  stats: dashboardStatsSchema,
  /** Stores whose franchise agreement and lease end further apart than the team's alignment window. */
  alignment_warnings: z
    .array(
      z.object({
        store: z.object({ id: z.number().int(), name: z.string() }),
        agreement_id: z.number().int(),
        days_apart: z.number().int(),
      }),
    )
    .default([]),
  /** Missed deadlines still open, oldest first (at most OVERDUE_LIMIT). */
  overdue: z.array(dashboardTimelineItemSchema).default([]),
  /** Open critical dates of the next 12 months, soonest first (at most TIMELINE_LIMIT). */
  timeline: z.array(dashboardTimelineItemSchema).default([]),
  /** Live active and holdover leases expiring per year, this year and the next nine (years without any included as 0). */
  lease_expirations: z.array(z.object({ year: z.number().int(), count: z.number().int() })).default([]),
  /** Stores with coordinates for the map, those with the nearest open deadline first. */
  map_stores: z.array(dashboardMapStoreSchema).default([]),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const SEARCH_TYPES = ['companies', 'brands', 'stores', 'contacts', 'documents'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const searchQuerySchema = z.object({ query: z.string().trim().max(200).default('') });

export const searchGroupSchema = z.object({
  type: z.enum(SEARCH_TYPES),
  data: z.array(z.object({ id: z.number().int(), title: z.string(), subtitle: z.string().nullable() })),
});
export type SearchGroup = z.infer<typeof searchGroupSchema>;

/** `GET /search?query=` → `{ data: [ { type, data: [ { id, title, subtitle } ] } ] }`. */
export const searchResponseSchema = z.object({ data: z.array(searchGroupSchema) });
