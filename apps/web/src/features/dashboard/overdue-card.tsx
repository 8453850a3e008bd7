import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardTimelineItem } from '@storekeep/contracts';
import { Card } from '../../components/ui';
import { DueDate, subjectPath } from '../reminders/display';

/**
 * Missed deadlines still open, oldest first, above everything else on the dashboard: a deadline that
 * passed must not go quiet. Shown only when there is one; the count links to the overdue inbox.
 */
export function OverdueCard({
  items,
  count,
  unverified,
}: {
  items: DashboardTimelineItem[];
  count: number;
  unverified: number;
}) {
  const { t } = useTranslation();
  if (count === 0 && unverified === 0) return null;
  return (
    <Card
      className="mt-6 ring-red-200 dark:ring-red-900"
      title={
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span className="flex items-center gap-2 text-red-700 dark:text-red-400">
            <AlertTriangle className="size-5" aria-hidden="true" />
            {t('dashboardExtra.overdue', { count })}
          </span>
          {count > 0 && (
            <Link
              to="/reminders?filters[status]=overdue"
              className="text-sm font-medium text-blue-700 hover:underline dark:text-blue-400"
            >
              {t('dashboardExtra.allOverdue')}
            </Link>
          )}
        </span>
      }
    >
      <div data-testid="overdue-card">
        {items.length > 0 && (
          <ul className="divide-y divide-gray-100 dark:divide-gray-800">
            {items.map((item) => {
              const path = item.subject ? subjectPath(item.subject) : null;
              return (
                <li
                  key={item.id}
                  className="flex flex-col gap-0.5 py-2 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-3"
                >
                  <Link
                    to={path ?? `/reminders/${item.id}/comments`}
                    className="font-medium text-gray-900 hover:underline dark:text-white"
                  >
                    {item.title}
                  </Link>
                  <span className="text-sm">
                    <DueDate day={item.due_date} />
                  </span>
                </li>
              );
            })}
          </ul>
        )}
        {unverified > 0 && (
          <p className="mt-3 text-sm text-gray-600 dark:text-gray-400">
            <Link to="/leases" className="font-medium text-blue-700 hover:underline dark:text-blue-400">
              {t('dashboardExtra.unverified', { count: unverified })}
            </Link>
          </p>
        )}
      </div>
    </Card>
  );
}
