import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ScrollHint } from './scroll-hint';

export type TabLink = { key: string; label: ReactNode; to: string };

/** Tabs whose selection lives in the URL: a nav of links, the current one marked aria-current. */
export function TabNav({ tabs, current, label }: { tabs: TabLink[]; current: string; label: string }) {
  return (
    <nav aria-label={label} className="-mb-px border-b border-gray-200 dark:border-gray-800">
      <ScrollHint className="overflow-x-auto">
        <ul className="flex gap-6">
          {tabs.map((tab) => {
            const active = tab.key === current;
            return (
              <li key={tab.key}>
                <Link
                  to={tab.to}
                  replace
                  preventScrollReset
                  aria-current={active ? 'page' : undefined}
                  className={clsx(
                    'inline-flex min-h-11 items-center border-b-2 px-1 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-blue-600',
                    active
                      ? 'border-blue-600 text-blue-600 dark:text-blue-400'
                      : 'border-transparent text-gray-500 hover:border-gray-300 hover:text-gray-700 dark:text-gray-400 dark:hover:text-gray-200',
                  )}
                >
                  {tab.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </ScrollHint>
    </nav>
  );
}
