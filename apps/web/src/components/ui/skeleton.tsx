import clsx from 'clsx';

/** A loading placeholder; it appears only after 200 ms (styles.css), so fast responses show no flash. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={clsx('animate-skeleton rounded-md bg-gray-200 dark:bg-gray-800', className ?? 'h-4 w-full')}
    />
  );
}
