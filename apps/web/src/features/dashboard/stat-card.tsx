import type { LucideIcon } from 'lucide-react';
import { Skeleton } from '../../components/ui';

type StatCardProps = { label: string; value: string; icon: LucideIcon; loading: boolean };

export function StatCard({ label, value, icon: Icon, loading }: StatCardProps) {
  return (
    <div className="flex items-center gap-4 rounded-lg bg-white p-4 sm:p-5 shadow-sm ring-1 ring-gray-900/5 dark:bg-gray-900 dark:ring-white/10">
      <span className="hidden size-11 shrink-0 items-center sm:inline-flex justify-center rounded-lg bg-blue-50 text-blue-600 dark:bg-blue-950 dark:text-blue-300">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-sm font-medium text-gray-500 dark:text-gray-400">{label}</p>
        {loading ? (
          <Skeleton className="mt-1 h-7 w-16" />
        ) : (
          <p className="mt-0.5 truncate text-xl sm:text-2xl font-semibold tracking-tight text-gray-900 dark:text-white">{value}</p>
        )}
      </div>
    </div>
  );
}
