import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import clsx from 'clsx';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

type SlideOverProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  closeLabel: string;
  side?: 'left' | 'right';
  /** Keep the title for screen readers only (e.g. a navigation drawer with its own logo). */
  hideTitle?: boolean;
  /** Shown at the start of the header row (e.g. the logo). */
  headerContent?: ReactNode;
  children: ReactNode;
  /** `lg`: a wide panel (document drawer with a preview), the full width on phones. */
  size?: 'sm' | 'lg';
};

export function SlideOver({
  open,
  onClose,
  title,
  closeLabel,
  side = 'right',
  hideTitle,
  headerContent,
  children,
  size = 'sm',
}: SlideOverProps) {
  const left = side === 'left';
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-gray-900/60 transition-opacity duration-300 data-closed:opacity-0"
      />
      <div
        className={clsx(
          'fixed inset-0 flex pt-[env(safe-area-inset-top)] pb-[env(safe-area-inset-bottom)]',
          left ? 'justify-start' : 'justify-end',
        )}
      >
        <DialogPanel
          transition
          className={clsx(
            'relative flex w-full flex-col bg-white shadow-xl transition duration-300 ease-in-out dark:bg-gray-900',
            size === 'lg' ? 'max-w-full sm:max-w-xl lg:max-w-2xl' : 'max-w-xs sm:max-w-sm',
            left ? 'data-closed:-translate-x-full' : 'data-closed:translate-x-full',
          )}
        >
          <div className="flex items-center justify-between gap-4 border-b border-gray-200 px-4 py-3 dark:border-gray-800">
            {headerContent}
            <DialogTitle
              className={clsx(
                'min-w-0 truncate text-base font-semibold text-gray-900 dark:text-white',
                hideTitle && 'sr-only',
              )}
            >
              {title}
            </DialogTitle>
            <button
              type="button"
              onClick={onClose}
              className="-mr-2 ml-auto inline-flex size-11 items-center justify-center rounded-md text-gray-500 hover:bg-gray-100 hover:text-gray-700 dark:hover:bg-gray-800"
            >
              <span className="sr-only">{closeLabel}</span>
              <X className="size-5" aria-hidden="true" />
            </button>
          </div>
          <div className="flex-1 overflow-y-auto">{children}</div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
