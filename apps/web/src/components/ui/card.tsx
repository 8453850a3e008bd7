import clsx from 'clsx';
import type { ReactNode } from 'react';

/** Below the sticky top bar (4 rem) and, on a phone, a SectionNav's sticky jump menu: where a jumped-to section starts. */
export const SECTION_SCROLL_MARGIN = 'scroll-mt-36 xl:scroll-mt-20';

type CardProps = {
  /** A section a SectionNav jumps to: focusable from script, and clear of the sticky bars when scrolled to. */
  id?: string;
  title?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
};

/** A section panel: heading, description, body and an optional footer for form actions. */
export function Card({ id, title, description, children, footer, className }: CardProps) {
  return (
    <section
      id={id}
      tabIndex={id ? -1 : undefined}
      className={clsx(
        'rounded-lg bg-white shadow-sm ring-1 ring-gray-900/5 dark:bg-gray-900 dark:ring-white/10',
        id && `${SECTION_SCROLL_MARGIN} focus:outline-none`,
        className,
      )}
    >
      {(title || description) && (
        <header className="border-b border-gray-100 px-4 py-4 sm:px-6 dark:border-gray-800">
          {title && <h2 className="text-base font-semibold text-gray-900 dark:text-white">{title}</h2>}
          {description && <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{description}</p>}
        </header>
      )}
      <div className="px-4 py-5 sm:px-6">{children}</div>
      {footer && (
        <footer className="flex justify-end gap-3 rounded-b-lg bg-gray-50 px-4 py-3 sm:px-6 dark:bg-gray-900/60">
          {footer}
        </footer>
      )}
    </section>
  );
}
