import { Bell, Menu } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AuthUser } from '@storekeep/contracts';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint';
import { can } from '../auth/permissions';
import { GlobalSearch } from '../search/global-search';
import { UserMenuPlaceholder } from './user-menu-button';

// Headless UI's menu is not part of the first load (its budget): the menu arrives right after it.
const UserMenu = lazy(() => import('./user-menu'));

type TopBarProps = { user: AuthUser; onOpenSidebar: () => void };

export function TopBar({ user, onOpenSidebar }: TopBarProps) {
  const { t } = useTranslation();
  const unread = user.notifications > 0;
  const painted = useAfterFirstPaint();
  return (
    <div className="sticky top-0 z-30 flex h-[calc(4rem+env(safe-area-inset-top))] shrink-0 pt-[env(safe-area-inset-top)] items-center gap-2 border-b border-gray-200 bg-white/95 px-3 backdrop-blur sm:gap-4 sm:px-6 lg:px-8 dark:border-gray-800 dark:bg-gray-950/95">
      <button
        type="button"
        onClick={onOpenSidebar}
        className="-ml-1 inline-flex size-11 items-center justify-center rounded-md text-gray-700 hover:bg-gray-100 lg:hidden dark:text-gray-300 dark:hover:bg-gray-800"
      >
        <span className="sr-only">{t('nav.openSidebar')}</span>
        <Menu className="size-6" aria-hidden="true" />
      </button>
      <div className="h-6 w-px bg-gray-200 lg:hidden dark:bg-gray-800" aria-hidden="true" />
      {/* The API narrows the search to a franchisee's own records; the bell's page is the team's. */}
      <GlobalSearch user={user} />
      <div className="flex items-center gap-1 sm:gap-3">
        {can(user, 'team.browse') && (
          <Link
            to="/reminders"
            className="relative inline-flex size-11 items-center justify-center rounded-full text-gray-500 hover:bg-gray-100 hover:text-gray-700 dark:text-gray-400 dark:hover:bg-gray-800"
          >
            <span className="sr-only">
              {unread
                ? `${t('nav.notifications')} (${t('nav.unread', { count: user.notifications })})`
                : t('nav.notifications')}
            </span>
            <Bell className="size-6" aria-hidden="true" />
            {unread && (
              <span
                data-testid="bell-dot"
                className="absolute top-2.5 right-2.5 block size-2.5 rounded-full bg-red-500 ring-2 ring-white dark:ring-gray-950"
                aria-hidden="true"
              />
            )}
          </Link>
        )}
        {/* The menu's chunk (Headless UI's menu, portal and focus code) waits for the first paint. */}
        {painted ? (
          <Suspense fallback={<UserMenuPlaceholder user={user} />}>
            <UserMenu user={user} />
          </Suspense>
        ) : (
          <UserMenuPlaceholder user={user} />
        )}
      </div>
    </div>
  );
}
