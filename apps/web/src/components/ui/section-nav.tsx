import clsx from 'clsx';
import { useEffect, useRef, useState } from 'react';
import { Select } from './select';

export type SectionLink = { id: string; label: string };

function jumpTo(id: string) {
  const section = document.getElementById(id);
  if (!section) return;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  // Keyboard and screen-reader users continue from the section they jumped to.
  section.focus({ preventScroll: true });
}

/**
 * "On this page" for a long form: a jump menu that stays under the top bar on a phone, and a sticky list of
 * links beside the form from 1280 px, marking the section in view. Put it first inside a `relative xl:pr-56`
 * container whose sections carry the ids (Card's `id` does both).
 */
export function SectionNav({ sections, label }: { sections: SectionLink[]; label: string }) {
  const [current, setCurrent] = useState(sections[0]?.id ?? '');
  // The effect follows the ids, not the array (a new one each render).
  const ids = sections.map((section) => section.id).join(' ');
  // A section picked from the menu stays marked until the user scrolls by hand: the last sections of a page
  // cannot reach its top, so the one in view there would otherwise be an earlier one.
  const pinned = useRef(false);
  const recompute = useRef<() => void>(() => {});

  useEffect(() => {
    const order = ids.split(' ');
    const visible = new Set<string>();
    recompute.current = () => {
      // The first section (in page order) that shows in the band under the top bar.
      const first = order.find((id) => visible.has(id));
      if (first && !pinned.current) setCurrent(first);
    };
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries)
          if (entry.isIntersecting) visible.add(entry.target.id);
          else visible.delete(entry.target.id);
        recompute.current();
      },
      { rootMargin: '-80px 0px -55% 0px' },
    );
    for (const id of order) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    const unpin = () => {
      if (!pinned.current) return;
      pinned.current = false;
      recompute.current();
    };
    const manual = ['wheel', 'touchmove', 'keydown'] as const;
    for (const type of manual) window.addEventListener(type, unpin, { passive: true });
    return () => {
      observer.disconnect();
      for (const type of manual) window.removeEventListener(type, unpin);
    };
  }, [ids]);

  const pick = (id: string) => {
    pinned.current = true;
    setCurrent(id);
    jumpTo(id);
  };

  return (
    <>
      <div className="sticky top-[calc(4rem+env(safe-area-inset-top))] z-20 -mx-4 bg-gray-50/95 px-4 py-2 backdrop-blur sm:-mx-6 sm:px-6 xl:hidden dark:bg-gray-950/95">
        <Select
          hideLabel
          label={label}
          value={current}
          onChange={(event) => {
            pick(event.currentTarget.value);
          }}
          options={sections.map((section) => ({ value: section.id, label: section.label }))}
        />
      </div>
      <nav aria-label={label} className="absolute inset-y-0 right-0 hidden w-48 xl:block">
        <ul className="sticky top-24 flex flex-col gap-1 border-l border-gray-200 dark:border-gray-800">
          {sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                aria-current={current === section.id ? 'location' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  pick(section.id);
                }}
                className={clsx(
                  '-ml-px block border-l-2 py-1.5 pl-4 text-sm focus-visible:outline-2 focus-visible:outline-blue-600',
                  current === section.id
                    ? 'border-blue-600 font-medium text-blue-600 dark:text-blue-400'
                    : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900 dark:text-gray-400 dark:hover:text-gray-200',
                )}
              >
                {section.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
