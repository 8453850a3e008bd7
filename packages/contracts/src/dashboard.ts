import { z } from 'zod';

export const dashboardStatsSchema = z.object({
  expenditure: z.number(),
  locations: z.number().int(),
  near_expiration: z.number().int(),
  near_renewal_notice: z.number().int(),
});

export const dashboardStoreSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
});

/** PRODUCT-SPEC §3 Dashboard: stores and stats, every stat starting at 0. */
export const dashboardSchema = z.object({
  stores: z.array(dashboardStoreSchema),
  stats: dashboardStatsSchema,
  /** Stores whose franchise agreement and lease end further apart than the team's alignment window. */
  alignment_warnings: z.array(z.object({ store: z.object({ id: z.number().int(), name: z.string() }), agreement_id: z.number().int(), days_apart: z.number().int() })).default([]),
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
