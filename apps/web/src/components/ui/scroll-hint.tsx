import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

type Edges = { start: boolean; end: boolean };

/**
 * A row that scrolls sideways (tabs on a phone) with a fade and a chevron at each edge that hides more, so
 * nobody takes the visible tabs for all of them. The current item (aria-current or aria-selected) is scrolled
 * into view when the row first lays out, so a deep link to the last tab shows it.
 */
export function ScrollHint({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState<Edges>({ start: false, end: false });

  const measure = useCallback(() => {
    const row = ref.current;
    if (!row) return;
    // One pixel of slack: fractional widths leave scrollLeft a hair short of the end.
    const start = row.scrollLeft > 1;
    const end = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
    setHidden((was) => (was.start === start && was.end === end ? was : { start, end }));
  }, []);

  useLayoutEffect(() => {
    const row = ref.current;
    if (!row) return;
    const current = row.querySelector<HTMLElement>('[aria-current="page"], [aria-selected="true"]');
    if (current && current.offsetLeft + current.offsetWidth > row.clientWidth)
      row.scrollLeft = current.offsetLeft - row.clientWidth / 3;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(row);
    return () => observer.disconnect();
  }, [measure]);

  const fade =
    'pointer-events-none absolute top-0 bottom-px flex w-10 items-center text-gray-400 dark:text-gray-500';
  return (
    <div
      className="relative"
      data-more-start={hidden.start || undefined}
      data-more-end={hidden.end || undefined}
    >
      <div ref={ref} onScroll={measure} className={className}>
        {children}
      </div>
      {hidden.start && (
        <div aria-hidden="true" className={`${fade} left-0 bg-linear-to-r from-gray-50 dark:from-gray-950`}>
          <ChevronLeft className="size-4" />
        </div>
      )}
      {hidden.end && (
        <div
          aria-hidden="true"
          className={`${fade} right-0 justify-end bg-linear-to-l from-gray-50 dark:from-gray-950`}
        >
          <ChevronRight className="size-4" />
        </div>
      )}
    </div>
  );
}
