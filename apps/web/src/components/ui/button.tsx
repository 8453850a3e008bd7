import clsx from 'clsx';
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Spinner } from './spinner';

export type ButtonColor = 'blue' | 'red' | 'yellow' | 'green' | 'white' | 'gray' | 'transparent';
export type ButtonSize = 'sm' | 'md' | 'lg';

const colors: Record<ButtonColor, string> = {
  // Hover darkens: white text on the lighter 500 shades falls under WCAG's 4.5:1.
  blue: 'bg-blue-600 text-white shadow-sm hover:bg-blue-700 dark:bg-blue-600 dark:hover:bg-blue-700',
  red: 'bg-red-600 text-white shadow-sm hover:bg-red-700',
  yellow: 'bg-amber-400 text-amber-950 shadow-sm hover:bg-amber-300',
  green: 'bg-emerald-700 text-white shadow-sm hover:bg-emerald-800',
  white:
    'bg-white text-gray-900 shadow-sm ring-1 ring-inset ring-gray-300 hover:bg-gray-50 dark:bg-gray-800 dark:text-gray-100 dark:ring-gray-600 dark:hover:bg-gray-700',
  gray: 'bg-gray-100 text-gray-900 hover:bg-gray-200 dark:bg-gray-800 dark:text-gray-100 dark:hover:bg-gray-700',
  transparent: 'bg-transparent text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800',
};

// Mobile tap targets are at least 44px (min-h-11); from sm up the compact sizes apply.
const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-11 sm:min-h-8 px-3 text-sm gap-1.5',
  md: 'min-h-11 sm:min-h-10 px-4 text-sm gap-2',
  lg: 'min-h-12 px-6 text-base gap-2',
};

export function buttonClasses(
  color: ButtonColor = 'blue',
  size: ButtonSize = 'md',
  className?: string,
): string {
  return clsx(
    'inline-flex items-center justify-center rounded-md font-semibold transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
    'disabled:cursor-not-allowed disabled:opacity-50 aria-busy:cursor-wait aria-busy:opacity-60',
    colors[color],
    sizes[size],
    className,
  );
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  color?: ButtonColor;
  size?: ButtonSize;
  /** Shows a spinner, dims the button and blocks clicks while an action runs. */
  loading?: boolean;
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
};

export function Button({
  color = 'blue',
  size = 'md',
  loading = false,
  icon,
  className,
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses(color, size, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner className="size-4" /> : icon}
      {children}
    </button>
  );
}
