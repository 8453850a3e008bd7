import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Skeleton } from '../../components/ui';

type StatCardProps = {
  label: string;
  value: string;
  icon: LucideIcon;
  loading: boolean;
  to?: string;
  title?: string;
};

/** A dashboard figure; with `to` the whole card links to the filtered list behind it. */
export function StatCard({ label, value, icon: Icon, loading, to, title }: StatCardProps) {
  const body = (
    <>
      <span className="hidden size-11 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-blue-600 sm:inline-flex dark:bg-blue-950 dark:text-blue-300">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-sm font-medium text-gray-500 dark:text-gray-400">{label}</p>
        {loading ? (
          <Skeleton className="mt-1 h-7 w-16" />
        ) : (
          <p
            className="mt-0.5 truncate text-xl font-semibold tracking-tight text-gray-900 sm:text-2xl dark:text-white"
            title={title}
          >
            {value}
          </p>
        )}
      </div>
    </>
  );
  const classes =
    'flex items-center gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-900/5 sm:p-5 dark:bg-gray-900 dark:ring-white/10';
  if (!to) return <div className={classes}>{body}</div>;
  return (
    <Link
      to={to}
      className={`${classes} transition hover:ring-blue-300 focus-visible:outline-2 focus-visible:outline-blue-600`}
    >
      {body}
    </Link>
  );
}
