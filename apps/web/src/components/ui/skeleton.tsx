import clsx from 'clsx';

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={clsx('animate-pulse rounded-md bg-gray-200 dark:bg-gray-800', className ?? 'h-4 w-full')} />;
}
