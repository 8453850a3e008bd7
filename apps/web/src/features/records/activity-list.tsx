import { ArrowRight, History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Activity, RecordActivity } from '@storekeep/contracts';
import { Avatar, EmptyState, RelativeTime, Skeleton } from '../../components/ui';

/** `store` → `stores`: audit subjects that have a page of their own. */
const SUBJECT_TYPES: Record<string, string> = {
  company: 'companies',
  brand: 'brands',
  store: 'stores',
  contact: 'contacts',
};

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') {
    const named = value as { name?: unknown };
    return typeof named.name === 'string' ? named.name : JSON.stringify(value);
  }
  return String(value);
}

/** `changes` is `{ field: [old, new] }` for updates; other actions may log plain `{ field: value }`. */
export function ChangeList({ changes }: { changes: Activity['changes'] }) {
  const { t } = useTranslation();
  const entries = Object.entries(changes ?? {});
  if (!entries.length) return null;
  return (
    <dl className="mt-2 grid gap-1 text-sm">
      {entries.map(([field, value]) => (
        <div key={field} className="flex flex-wrap items-baseline gap-x-2">
          <dt className="font-medium text-gray-700 dark:text-gray-300">
            {t(`records.fields.${field}`, { defaultValue: field.replaceAll('_', ' ') })}:
          </dt>
          <dd className="flex min-w-0 flex-wrap items-center gap-1.5 text-gray-600 dark:text-gray-400">
            {Array.isArray(value) && value.length === 2 ? (
              <>
                <span className="break-all line-through decoration-gray-400">{show(value[0])}</span>
                <ArrowRight className="size-3.5 shrink-0" aria-label={t('activity.changedTo')} />
                <span className="break-all text-gray-900 dark:text-gray-100">{show(value[1])}</span>
              </>
            ) : (
              <span className="break-all">{show(value)}</span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** An audit log entry (with the member's IP) or an entry of one record's history (without). */
export function ActivityItem({
  activity,
  showSubject,
}: {
  activity: RecordActivity & Partial<Pick<Activity, 'ip'>>;
  showSubject?: boolean;
}) {
  const { t } = useTranslation();
  const who = activity.user?.name ?? t('activity.system');
  const subjectType = SUBJECT_TYPES[activity.subject_type];
  const subjectLabel = t(`activity.subjects.${activity.subject_type}`, {
    defaultValue: activity.subject_type.replaceAll('_', ' '),
  });
  return (
    <li className="flex gap-3 py-4">
      <Avatar name={who} />
      <div className="min-w-0 flex-1">
        <p className="text-sm text-gray-900 dark:text-white">
          <span className="font-semibold">{who}</span>{' '}
          {t(`activity.actions.${activity.action}`, { defaultValue: activity.action.replaceAll('_', ' ') })}
          {showSubject &&
            !(activity.subject_type === 'user' && activity.subject_id === String(activity.user?.id)) && (
              <>
                {' '}
                {subjectType && activity.subject_id && activity.action !== 'deleted' ? (
                  <Link
                    to={`/${subjectType}/${activity.subject_id}`}
                    className="font-medium text-blue-700 hover:underline dark:text-blue-400"
                  >
                    {subjectLabel} #{activity.subject_id}
                  </Link>
                ) : (
                  <span className="font-medium">
                    {subjectLabel}
                    {activity.subject_id ? ` #${activity.subject_id}` : ''}
                  </span>
                )}
              </>
            )}
        </p>
        <p className="text-xs text-gray-500 dark:text-gray-400">
          <RelativeTime value={activity.created_at} />
          {activity.ip && <span> · {activity.ip}</span>}
        </p>
        <ChangeList changes={activity.changes} />
      </div>
    </li>
  );
}

export function ActivityList({
  activities,
  loading,
  showSubject,
}: {
  activities: Array<RecordActivity & Partial<Pick<Activity, 'ip'>>>;
  loading: boolean;
  showSubject?: boolean;
}) {
  const { t } = useTranslation();
  if (loading)
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-14 w-full" />
        ))}
      </div>
    );
  if (!activities.length)
    return <EmptyState icon={<History aria-hidden="true" />} title={t('activity.empty')} />;
  return (
    <ul className="divide-y divide-gray-100 dark:divide-gray-800">
      {activities.map((activity) => (
        <ActivityItem key={activity.id} activity={activity} showSubject={showSubject} />
      ))}
    </ul>
  );
}
