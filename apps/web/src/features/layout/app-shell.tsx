import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Spinner } from '../../components/ui';
import { can } from '../auth/permissions';
import { useAuthUser } from '../auth/use-auth-user';
import { useLiveEvents } from '../realtime/use-live-events';
import { Logo } from './logo';
import { MobileBackLink } from './mobile-back-link';
import { SidebarNav } from './sidebar-nav';
import { TopBar } from './top-bar';
import { VerificationBanner } from './verification-banner';

const MobileNav = lazy(() => import('./mobile-nav'));

/** The default layout of every signed-in screen (PRODUCT-SPEC §2). */
export function AppShell() {
  const { t } = useTranslation();
  const { data: user } = useAuthUser();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  // The drawer's chunk loads on the first open and then stays mounted so it can animate closed.
  const [sidebarUsed, setSidebarUsed] = useState(false);
  useLiveEvents(Boolean(user));

  // The guard loader ensured a user; it is only missing for the moment a 401 logs the session out.
  if (!user)
    return (
      <div className="flex min-h-screen items-center justify-center">
        <Spinner className="size-6 text-blue-600" label={t('app.loading')} />
      </div>
    );

  return (
    <div className="min-h-full">
      {sidebarUsed && (
        <Suspense fallback={null}>
          <MobileNav
            open={sidebarOpen}
            onClose={() => setSidebarOpen(false)}
            notifications={user.notifications}
            wholeTeam={can(user, 'team.browse')}
          />
        </Suspense>
      )}

      <aside className="hidden lg:fixed lg:inset-y-0 lg:z-40 lg:flex lg:w-64 lg:flex-col">
        <div className="flex grow flex-col gap-y-5 overflow-y-auto border-r border-gray-200 bg-white px-5 pb-4 dark:border-gray-800 dark:bg-gray-900">
          <div className="flex h-16 shrink-0 items-center">
            <Logo to="/dashboard" />
          </div>
          <SidebarNav notifications={user.notifications} wholeTeam={can(user, 'team.browse')} />
        </div>
      </aside>

      <div className="lg:pl-64">
        <TopBar
          user={user}
          onOpenSidebar={() => {
            setSidebarUsed(true);
            setSidebarOpen(true);
          }}
        />
        <main className="px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <div className="mx-auto max-w-7xl">
            {user.email_verified_at === null && (
              <div className="mb-6">
                <VerificationBanner />
              </div>
            )}
            <MobileBackLink />
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}
