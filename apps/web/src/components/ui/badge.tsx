import clsx from 'clsx';
import type { ReactNode } from 'react';

export type BadgeColor = 'gray' | 'blue' | 'red' | 'yellow' | 'green';

const colors: Record<BadgeColor, string> = {
  gray: 'bg-gray-100 text-gray-700 ring-gray-500/20 dark:bg-gray-800 dark:text-gray-300',
  blue: 'bg-blue-50 text-blue-700 ring-blue-600/20 dark:bg-blue-950 dark:text-blue-300',
  red: 'bg-red-600 text-white ring-red-600',
  yellow: 'bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-950 dark:text-amber-300',
  green: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-300',
};

export function Badge({
  color = 'gray',
  children,
  className,
  label,
}: {
  color?: BadgeColor;
  children: ReactNode;
  className?: string;
  label?: string;
}) {
  return (
    <span
      aria-label={label}
      className={clsx(
        'inline-flex items-center rounded-full px-2 whitespace-nowrap py-0.5 text-xs font-medium ring-1 ring-inset',
        colors[color],
        className,
      )}
    >
      {children}
    </span>
  );
}
