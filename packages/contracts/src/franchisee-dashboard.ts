import { z } from 'zod';
import { dashboardTimelineItemSchema } from './dashboard';
import { documentSchema } from './documents';
import { expectedReportSchema, invoiceSchema } from './invoices';

/** How many rows each card of a franchisee's dashboard lists (the counts cover them all). */
export const FRANCHISEE_DASHBOARD_LIMIT = 5;

/**
 * `GET /dashboard/franchisee`: a member's own home, every figure narrowed to their scope (a franchisee's
 * member: their companies' records; anyone else: the team's).
 */
export const franchiseeDashboardSchema = z.object({
  /**
   * Open lease and agreement dates (expiries, notice dates, renewal windows) of the next 12 months, soonest
   * first (at most TIMELINE_LIMIT), as the team dashboard's timeline.
   */
  deadlines: z.array(dashboardTimelineItemSchema),
  /** Missed dates still open, oldest first (at most OVERDUE_LIMIT). */
  overdue: z.array(dashboardTimelineItemSchema),
  /** Sales reports of periods ended in the last three months: missing ones (their due date passed) first, then due ones. */
  reports: z.object({
    missing: z.number().int(),
    due: z.number().int(),
    items: z.array(expectedReportSchema),
  }),
  /** Open royalty invoices, oldest due first, and what is owed on them (dollars). */
  invoices: z.object({
    open: z.number().int(),
    balance_due: z.number(),
    past_due: z.number(),
    items: z.array(
      invoiceSchema.pick({
        id: true,
        number: true,
        period_start: true,
        period_end: true,
        due_date: true,
        total: true,
        balance: true,
      }),
    ),
  }),
  /** Documents shared with them (for the whole team: the team's), newest first. */
  documents: z.array(documentSchema.pick({ id: true, title: true, category_name: true, created_at: true })),
});
export type FranchiseeDashboard = z.infer<typeof franchiseeDashboardSchema>;
