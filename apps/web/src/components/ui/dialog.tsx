import {
  Dialog as HeadlessDialog,
  DialogBackdrop,
  DialogPanel,
  DialogTitle,
  Description,
} from '@headlessui/react';
import clsx from 'clsx';
import type { ReactNode } from 'react';

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
};

const widths = { sm: 'sm:max-w-md', md: 'sm:max-w-lg', lg: 'sm:max-w-2xl' };

/** A modal dialog; Headless UI traps focus inside it and restores focus on close. */
export function Dialog({ open, onClose, title, description, children, footer, size = 'md' }: DialogProps) {
  return (
    <HeadlessDialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-gray-900/50 transition-opacity duration-200 data-closed:opacity-0"
      />
      <div className="fixed inset-0 flex w-screen items-end justify-center overflow-y-auto p-4 sm:items-center">
        <DialogPanel
          transition
          className={clsx(
            'w-full rounded-lg bg-white p-6 shadow-xl transition duration-200 data-closed:translate-y-4 data-closed:opacity-0 dark:bg-gray-900',
            widths[size],
          )}
        >
          <DialogTitle className="text-lg font-semibold text-gray-900 dark:text-white">{title}</DialogTitle>
          {description && (
            <Description className="mt-2 text-sm text-gray-600 dark:text-gray-400">{description}</Description>
          )}
          {children && <div className="mt-4">{children}</div>}
          {footer && (
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{footer}</div>
          )}
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}
