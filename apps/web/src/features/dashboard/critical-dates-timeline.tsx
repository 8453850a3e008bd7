import { CalendarCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TIMELINE_LIMIT, type DashboardTimelineItem } from '@storekeep/contracts';
import { Badge, Card, EmptyState, Skeleton } from '../../components/ui';
import { DueDate, subjectPath } from '../reminders/display';
import { formatMonth } from '../../lib/format';

/** Items grouped by calendar month of their due date, in order. */
function byMonth(items: DashboardTimelineItem[]) {
  const groups: Array<{ month: string; items: DashboardTimelineItem[] }> = [];
  for (const item of items) {
    const month = item.due_date.slice(0, 7);
    const last = groups.at(-1);
    if (last?.month === month) last.items.push(item);
    else groups.push({ month, items: [item] });
  }
  return groups;
}

/** Items drawn in the first paint; the rest of the scrolling list follows right after it. */
const FIRST_PAINT_ITEMS = 8;

/**
 * The next 12 months of open critical dates, by month; each item opens its lease, agreement or document.
 * Until `painted` (the page's first paint is on screen) only the first few items are drawn.
 */
export function CriticalDatesTimeline({
  items,
  loading,
  painted,
}: {
  items: DashboardTimelineItem[];
  loading: boolean;
  painted: boolean;
}) {
  const { t } = useTranslation();
  const shown = painted ? items : items.slice(0, FIRST_PAINT_ITEMS);
  return (
    <Card
      title={
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span>{t('dashboardExtra.timeline')}</span>
          <Link
            to="/reminders"
            className="text-sm font-medium text-blue-700 hover:underline dark:text-blue-400"
          >
            {t('dashboardExtra.allReminders')}
          </Link>
        </span>
      }
      description={t('dashboardExtra.timelineText')}
    >
      {loading ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} className="h-12 w-full" />
          ))}
        </div>
      ) : items.length === 0 ? (
        <EmptyState icon={<CalendarCheck aria-hidden="true" />} title={t('dashboardExtra.timelineEmpty')} />
      ) : (
        <div className="max-h-[32rem] overflow-y-auto pr-1" data-testid="critical-dates">
          <ol className="flex flex-col gap-5">
            {byMonth(shown).map((group) => (
              <li key={group.month}>
                <h3 className="sticky top-0 z-10 bg-white py-1 text-xs font-semibold tracking-wide text-gray-500 uppercase dark:bg-gray-900 dark:text-gray-400">
                  {formatMonth(group.month)}
                </h3>
                <ul className="mt-2 ml-1.5 flex flex-col gap-3 border-l-2 border-gray-200 pl-4 dark:border-gray-700">
                  {group.items.map((item) => {
                    const path = item.subject ? subjectPath(item.subject) : null;
                    return (
                      <li key={item.id} className="relative">
                        <span
                          className="absolute top-1.5 -left-[1.375rem] size-2.5 rounded-full bg-blue-600 ring-2 ring-white dark:ring-gray-900"
                          aria-hidden="true"
                        />
                        <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-3">
                          {path ? (
                            <Link
                              to={path}
                              className="min-w-0 text-sm font-medium break-words text-gray-900 hover:text-blue-700 hover:underline dark:text-white"
                            >
                              {item.title}
                            </Link>
                          ) : (
                            <span className="min-w-0 text-sm font-medium break-words text-gray-900 dark:text-white">
                              {item.title}
                            </span>
                          )}
                          <Badge color="blue" className="self-start sm:shrink-0">
                            {t(`reminders.sources.${item.source}`)}
                          </Badge>
                        </div>
                        <p className="text-sm">
                          <DueDate day={item.due_date} />
                        </p>
                      </li>
                    );
                  })}
                </ul>
              </li>
            ))}
          </ol>
          {items.length >= TIMELINE_LIMIT && (
            <p className="mt-4 text-sm text-gray-600 dark:text-gray-400">
              {t('dashboardExtra.timelineMore', { count: TIMELINE_LIMIT })}
            </p>
          )}
        </div>
      )}
    </Card>
  );
}
