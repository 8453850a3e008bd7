import {
  addCalendarMonths,
  FRANCHISEE_DASHBOARD_LIMIT,
  type FranchiseeDashboard,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import type { Actor } from '../../platform/policy';
import { listDocuments } from '../documents/index';
import { aging, expectedReports, listInvoices } from '../invoices/index';
import { teamToday } from '../teams/index';
import { overdueDeadlines, timelineOf, upcomingDeadlines } from './critical-dates';

const LIMIT = FRANCHISEE_DASHBOARD_LIMIT;
const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * GET /dashboard/franchisee: what a franchisee's member opens the app for, each part read by the service of
 * the page it summarises, with the caller's scope: the dates of their Notifications page, the reports of the
 * franchisor's reporting list and the invoices of its billing pages (both narrowed by the agreements their
 * companies signed) and the newest documents of their Documents page. Nothing here reads a table itself, so
 * no figure can disagree with the page behind it or see past the scope those pages apply.
 */
export async function franchiseeDashboardFor(deps: Deps, actor: Actor): Promise<FranchiseeDashboard> {
  const today = await teamToday(deps.db, actor.teamId);
  // The reporting periods ended in the last twelve months (a year's reports, a quarter's among them): due,
  // or past their due day, missing; none from before an agreement's term began.
  const from = addCalendarMonths(`${today.slice(0, 7)}-01`, -12);
  const [upcoming, overdue, reports, invoices, balances, documents] = await Promise.all([
    upcomingDeadlines(deps.db, actor.scope, today),
    overdueDeadlines(deps.db, actor.scope, today),
    expectedReports(deps, actor, { from, to: today }),
    listInvoices(deps, actor, {
      'filters[status]': 'open',
      sort: 'due_date',
      direction: 'asc',
      per_page: String(LIMIT),
    }),
    aging(deps, actor, {}),
    listDocuments(deps, actor, { sort: 'created_at', direction: 'desc', per_page: String(LIMIT) }),
  ]);
  const outstanding = reports.filter((r) => r.status !== 'received');
  const total = balances.total;
  return {
    deadlines: timelineOf(upcoming),
    overdue: timelineOf(overdue),
    reports: {
      missing: outstanding.filter((r) => r.status === 'missing').length,
      due: outstanding.filter((r) => r.status === 'due').length,
      items: outstanding.slice(0, LIMIT),
    },
    invoices: {
      open: invoices.meta.total,
      balance_due: total.total,
      // In cents, so that the dollars' floating point does not leave a cent behind.
      past_due: (cents(total.total) - cents(total.current)) / 100,
      items: invoices.data.map((i) => ({
        id: i.id,
        number: i.number,
        period_start: i.period_start,
        period_end: i.period_end,
        due_date: i.due_date,
        total: i.total,
        balance: i.balance,
      })),
    },
    documents: documents.data.map((d) => ({
      id: d.id,
      title: d.title,
      category_name: d.category_name,
      created_at: d.created_at,
    })),
  };
}
