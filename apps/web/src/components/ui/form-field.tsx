import clsx from 'clsx';
import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

export type FieldA11y = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };

type FormFieldProps = {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  /** Extra content beside the label (e.g. a "Forgot your password?" link). */
  labelAside?: ReactNode;
  /** Marks the label with a red asterisk; the control itself carries `required` for screen readers. */
  required?: boolean;
  children: (a11y: FieldA11y) => ReactNode;
};

/** Label, control, hint and the red validation message under the field (spec §5). */
export function FormField({
  id,
  label,
  error,
  hint,
  className,
  labelAside,
  required,
  children,
}: FormFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = clsx(error && errorId, hint && hintId) || undefined;
  return (
    <div className={className}>
      <div className="flex items-center justify-between gap-2">
        {/* The asterisk sits beside the label, not in it: the field's name stays "Name", not "Name*". */}
        <span className="flex items-baseline">
          <label htmlFor={id} className="block text-sm font-medium text-gray-900 dark:text-gray-100">
            {label}
          </label>
          {required && (
            <span
              aria-hidden="true"
              className="ml-0.5 text-sm font-medium text-red-600 dark:text-red-400"
              data-testid="required-marker"
            >
              *
            </span>
          )}
        </span>
        {labelAside}
      </div>
      <div className="relative mt-1.5">
        {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      </div>
      {hint && !error && (
        <p id={hintId} className="mt-1.5 text-sm text-gray-500 dark:text-gray-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

export function ErrorIcon() {
  return (
    <span className="pointer-events-none absolute inset-y-0 right-0 flex items-center pr-3">
      <CircleAlert className="size-5 text-red-500" aria-hidden="true" />
    </span>
  );
}

export function controlClasses(hasError: boolean, className?: string): string {
  return clsx(
    'block w-full rounded-md border-0 bg-white px-3 py-2 text-base text-gray-900 shadow-sm ring-1 ring-inset sm:text-sm',
    'min-h-11 sm:min-h-10 placeholder:text-gray-400 focus:ring-2 focus:ring-inset focus:outline-none',
    'disabled:cursor-not-allowed disabled:bg-gray-50 disabled:text-gray-500',
    'dark:bg-gray-900 dark:text-gray-100 dark:disabled:bg-gray-800',
    hasError
      ? 'pr-10 ring-red-400 focus:ring-red-500 dark:ring-red-500'
      : 'ring-gray-300 focus:ring-blue-600 dark:ring-gray-700 dark:focus:ring-blue-500',
    className,
  );
}
