import clsx from 'clsx';
import { Link } from 'react-router';

export function Logo({ to = '/', className }: { to?: string; className?: string }) {
  return (
    <Link
      to={to}
      className={clsx(
        'inline-flex min-h-11 items-center gap-2 rounded-md font-semibold text-gray-900 dark:text-white',
        className,
      )}
    >
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="7" className="fill-blue-600" />
        <path d="M8 13l8-5 8 5v11H8z" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinejoin="round" />
        <path d="M13 24v-6h6v6" fill="none" stroke="#fff" strokeWidth="2.5" />
      </svg>
      <span className="text-lg tracking-tight">Storekeep</span>
    </Link>
  );
}
