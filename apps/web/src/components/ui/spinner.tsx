import clsx from 'clsx';

type SpinnerProps = { className?: string; label?: string };

export function Spinner({ className, label }: SpinnerProps) {
  return (
    <svg
      className={clsx('animate-spin', className ?? 'size-4')}
      viewBox="0 0 24 24"
      fill="none"
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <circle className="opacity-25" cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" />
      <path className="opacity-75" fill="currentColor" d="M4 12a8 8 0 0 1 8-8v4a4 4 0 0 0-4 4H4z" />
    </svg>
  );
}
