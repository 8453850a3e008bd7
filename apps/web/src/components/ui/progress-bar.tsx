import clsx from 'clsx';

type ProgressBarProps = {
  /** 0–100. */
  value: number;
  color?: 'blue' | 'red' | 'green';
  label?: string;
  className?: string;
  /** Duration of the width transition in ms. */
  durationMs?: number;
};

const colors = { blue: 'bg-blue-600 dark:bg-blue-400', red: 'bg-red-600', green: 'bg-emerald-600' };

export function ProgressBar({ value, color = 'blue', label, className, durationMs = 300 }: ProgressBarProps) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      className={clsx('h-1 w-full overflow-hidden bg-transparent', className)}
    >
      <div
        className={clsx('h-full transition-[width] ease-out', colors[color])}
        style={{ width: `${clamped}%`, transitionDuration: `${durationMs}ms` }}
      />
    </div>
  );
}
